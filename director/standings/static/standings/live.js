// Public standings: poll the JSON every few seconds and redraw the tables when the results
// marker moves. No library, nothing fetched but our own JSON.
(function () {
  "use strict";
  var box = document.getElementById("live-standings");
  if (!box || !window.fetch) return;
  var url = box.getAttribute("data-url");
  var marker = box.getAttribute("data-marker");
  var every = Math.max(1, parseFloat(box.getAttribute("data-interval") || "3")) * 1000;
  var cards = box.getAttribute("data-cards");
  var lists = box.querySelector(".lists");
  var status = box.querySelector(".live-status");

  function cell(tag, text, cls) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    el.textContent = text == null ? "" : String(text);
    return el;
  }

  function head(data) {
    var thead = document.createElement("thead");
    var row = document.createElement("tr");
    row.appendChild(cell("th", "Rank", "num"));
    row.appendChild(cell("th", lists.getAttribute("data-who") || "Partnership"));
    data.games.forEach(function (g) { row.appendChild(cell("th", "G" + g, "num game-col")); });
    row.appendChild(cell("th", data.percentages ? "MPs" : "Total", "num"));
    if (data.percentages) row.appendChild(cell("th", "%", "num"));
    thead.appendChild(row);
    return thead;
  }

  function body(data, rows, before) {
    var fresh = document.createElement("tbody");
    fresh.className = "rows";
    if (!rows.length) {
      var empty = document.createElement("tr");
      empty.className = "empty";
      var td = cell("td", "No results yet: this page fills in as they arrive.", "muted");
      td.colSpan = data.games.length + 4;
      empty.appendChild(td);
      fresh.appendChild(empty);
    }
    rows.forEach(function (r) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-key", r.key);
      tr.setAttribute("data-number", r.number == null ? "" : r.number);
      tr.appendChild(cell("td", r.rank || "–", "num rank"));
      var who = cell("td", "", "who");
      var holder = who;
      if (cards) {
        holder = document.createElement("a");
        holder.href = cards + r.key + "/";
        who.appendChild(holder);
      }
      if (r.number != null) {
        holder.appendChild(cell("b", r.number));
        holder.appendChild(document.createTextNode(" "));
      }
      holder.appendChild(document.createTextNode(r.names));
      tr.appendChild(who);
      r.games.forEach(function (v) { tr.appendChild(cell("td", v, "num game-col")); });
      tr.appendChild(cell("td", r.total, "num total"));
      if (data.percentages) tr.appendChild(cell("td", r.percentage, "num pct"));
      var key = String(r.key);
      if (key in before && before[key] !== tr.textContent) tr.className = "changed";
      fresh.appendChild(tr);
    });
    return fresh;
  }

  // Every list (one, or a pairs event's ♠♥ and ♦♣ lists, each with its heading) is drawn afresh;
  // a row whose figures moved is marked.
  function drawLists(data) {
    var before = {};
    Array.prototype.forEach.call(lists.querySelectorAll("tbody.rows tr[data-key]"), function (tr) {
      before[tr.getAttribute("data-key")] = tr.textContent;
    });
    var fresh = document.createDocumentFragment();
    data.lists.forEach(function (list) {
      if (list.heading) {
        var h = cell("h2", list.heading, "standings-list");
        h.setAttribute("data-direction", list.direction);
        fresh.appendChild(h);
      }
      var scroll = document.createElement("div");
      scroll.className = "scroll";
      var table = document.createElement("table");
      table.className = "standings public";
      table.setAttribute("data-direction", list.direction);
      table.appendChild(head(data));
      table.appendChild(body(data, list.rows, before));
      scroll.appendChild(table);
      fresh.appendChild(scroll);
    });
    while (lists.firstChild) lists.removeChild(lists.firstChild);
    lists.appendChild(fresh);
  }

  function drawTeams(data) {
    var body = box.querySelector("tbody.team-rows");
    if (!body || !data.teams) return;
    while (body.firstChild) body.removeChild(body.firstChild);
    data.teams.forEach(function (t) {
      var tr = document.createElement("tr");
      tr.appendChild(cell("td", t.rank, "num rank"));
      tr.appendChild(cell("td", t.team));
      tr.appendChild(cell("td", t.points, "num"));
      tr.appendChild(cell("td", t.aggregate, "num"));
      body.appendChild(tr);
    });
  }

  function draw(data) {
    drawLists(data);
    drawTeams(data);
    var progress = box.querySelector(".progress-text");
    if (progress) {
      progress.textContent = data.progress
        ? "Game " + data.progress.game + ": " + data.progress["in"] + " of " + data.progress.of + " results in"
        : "Final";
    }
  }

  // A request the venue's wifi loses may never be answered: give it up after a while, so that the
  // next poll is made (the chain below waits for this one).
  var patience = Math.max(3 * every, 10000);

  function poll() {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? window.setTimeout(function () { controller.abort(); }, patience) : null;
    fetch(url, {
      cache: "no-store",
      headers: { Accept: "application/json" },
      signal: controller ? controller.signal : undefined
    })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.json();
      })
      .then(function (data) {
        status.classList.remove("stale");
        var updated = box.querySelector(".updated");
        if (updated) updated.textContent = data.updated;
        if (data.marker !== marker) {
          marker = data.marker;
          box.setAttribute("data-marker", marker);
          draw(data);
        }
      })
      .catch(function () { status.classList.add("stale"); })
      .then(function () {
        if (timer) window.clearTimeout(timer);
        window.setTimeout(poll, every);
      });
  }

  window.setTimeout(poll, every);
})();
