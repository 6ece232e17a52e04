// The venue projector: a round clock ticking every second from the server's start time (with the
// server/browser clock offset taken out), prompts at each quarter, results awaited and standings
// polled every few seconds. Mirrors director/standings/clock.py.
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) return;
  var PROMPTS = [
    "Game on: first deal",
    "You should be finishing the first deal",
    "You should be finishing the second deal",
    "Last deal",
    "Time"
  ];
  var data = JSON.parse(document.getElementById("projector-initial").textContent);
  var offset = 0; // server time minus browser time, in ms
  var clockEl = root.querySelector(".clock");
  var remainingEl = root.querySelector(".remaining");
  var promptEl = root.querySelector(".prompt");
  var quarters = root.querySelectorAll(".quarters span");

  function sync(payload) {
    data = payload;
    offset = Date.parse(payload.now) - Date.now();
  }

  function mmss(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  var finished = !!data.finished;
  function tick() {
    // Finished (or re-opened) since the page was drawn: draw it again, with or without the clock.
    if (!!data.finished !== finished) { window.location.reload(); return; }
    if (finished) return;  // the final standings: no clock
    var length = data.length_minutes * 60;
    if (!data.started_at) {
      remainingEl.textContent = mmss(length);
      clockEl.classList.add("idle");
      clockEl.classList.remove("time-up");
      promptEl.textContent = data.round ? "The clock has not started" : "";
      setQuarters(-1);
      return;
    }
    clockEl.classList.remove("idle");
    var now = Date.now() + offset;
    var elapsed = Math.max(0, Math.floor((now - Date.parse(data.started_at)) / 1000));
    var quarter = Math.min(4, Math.floor((elapsed * 4) / length));
    remainingEl.textContent = mmss(Math.max(0, length - elapsed));
    promptEl.textContent = PROMPTS[quarter];
    clockEl.classList.toggle("time-up", quarter >= 4);
    document.body.classList.toggle("playing", quarter < 4);
    setQuarters(quarter);
  }

  function setQuarters(q) {
    Array.prototype.forEach.call(quarters, function (el, i) { el.classList.toggle("done", i < q); });
  }

  function text(tag, value, cls) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    el.textContent = value == null ? "" : String(value);
    return el;
  }

  function draw() {
    var label = root.querySelector(".round-label");
    label.textContent = data.finished ? "Final standings"
      : data.round ? "Game " + data.round + " of " + data.rounds : "All games played";
    var list = root.querySelector(".awaited");
    while (list && list.firstChild) list.removeChild(list.firstChild);
    if (list && !data.awaited.length) list.appendChild(text("li", "All in", "none"));
    if (list) data.awaited.forEach(function (a) { list.appendChild(text("li", "Table " + a.table, a.status)); });
    var body = root.querySelector(".standings tbody");
    while (body.firstChild) body.removeChild(body.firstChild);
    var heading = "";
    data.standings.forEach(function (r) {
      if (r.heading && r.heading !== heading) {  // a Mitchell: the ♠♥ list, then the ♦♣ list
        var row = document.createElement("tr");
        row.className = "list-heading";
        var th = text("th", r.heading);
        th.colSpan = 3;
        row.appendChild(th);
        body.appendChild(row);
      }
      heading = r.heading || "";
      var tr = document.createElement("tr");
      tr.appendChild(text("td", r.rank, "rank"));
      var who = text("td", "", "who");
      if (r.number != null) { who.appendChild(text("b", r.number)); who.appendChild(document.createTextNode(" ")); }
      who.appendChild(document.createTextNode(r.names));
      tr.appendChild(who);
      // formatted on the server: +120 (tally), 1,250 (an own score), 54.17 (percentage)
      tr.appendChild(text("td", r.text, "value"));
      body.appendChild(tr);
    });
    fit();
  }

  // Every row readable: shrink the standings' type until the table fits its panel (names wrap
  // rather than being cut), never below a floor; grow back when there is room again.
  var panel = root.querySelector(".standings-panel"), table = root.querySelector("table.standings");
  function fit() {
    if (!panel || !table) return;
    var size = 3, floor = 1.2, heading = panel.querySelector("h2");
    var room = function () { return panel.clientHeight - (heading ? heading.offsetHeight : 0); };
    table.style.fontSize = size + "vh";
    while (size > floor && table.offsetHeight > room()) {
      size = Math.round((size - 0.1) * 10) / 10;
      table.style.fontSize = size + "vh";
    }
  }
  window.addEventListener("resize", fit);

  function poll() {
    // An unanswered request (a lost packet on the venue's wifi) is given up, so polling goes on.
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, 15000) : null;
    fetch(root.getAttribute("data-url"), {
      cache: "no-store",
      headers: { Accept: "application/json" },
      signal: controller ? controller.signal : undefined
    })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (payload) { sync(payload); draw(); tick(); })
      .catch(function () {})
      .then(function () {
        if (timer) window.clearTimeout(timer);
        window.setTimeout(poll, 5000);
      });
  }

  Array.prototype.forEach.call(root.querySelectorAll("button[data-action]"), function (button) {
    button.addEventListener("click", function () {
      var form = new FormData();
      form.append("round", data.round);
      form.append("action", button.getAttribute("data-action"));
      fetch(root.getAttribute("data-clock-url"), {
        method: "POST", body: form, credentials: "same-origin",
        headers: { "X-CSRFToken": root.getAttribute("data-csrf"), Accept: "application/json" }
      }).then(function (r) { return r.json(); })
        .then(function (payload) { if (payload.clock) { sync(payload); draw(); tick(); } });
    });
  });
  var full = root.querySelector("button.fullscreen");
  if (full) full.addEventListener("click", function () {
    if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  });

  sync(data);
  draw();
  tick();
  window.setInterval(tick, 1000);
  window.setTimeout(poll, 5000);
})();
