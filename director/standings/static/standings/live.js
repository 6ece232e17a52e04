// Public standings: poll the JSON every few seconds and redraw the table when the results
// marker moves. No library, nothing fetched but our own JSON.
(function () {
  "use strict";
  var box = document.getElementById("live-standings");
  if (!box || !window.fetch) return;
  var url = box.getAttribute("data-url");
  var marker = box.getAttribute("data-marker");
  var every = Math.max(1, parseFloat(box.getAttribute("data-interval") || "3")) * 1000;
  var cards = box.getAttribute("data-cards");
  var table = box.querySelector("table.standings.public");
  var status = box.querySelector(".live-status");

  function cell(tag, text, cls) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    el.textContent = text == null ? "" : String(text);
    return el;
  }

  function drawHead(data) {
    var row = table.tHead.rows[0];
    while (row.firstChild) row.removeChild(row.firstChild);
    row.appendChild(cell("th", "Rank", "num"));
    row.appendChild(cell("th", table.tHead.getAttribute("data-who") || "Partnership"));
    data.games.forEach(function (g) { row.appendChild(cell("th", "G" + g, "num game-col")); });
    row.appendChild(cell("th", data.percentages ? "MPs" : "Total", "num"));
    if (data.percentages) row.appendChild(cell("th", "%", "num"));
  }

  function drawRows(data) {
    var body = table.tBodies[0];
    var before = {};
    Array.prototype.forEach.call(body.rows, function (tr) { before[tr.getAttribute("data-key")] = tr.textContent; });
    var fresh = document.createElement("tbody");
    fresh.className = "rows";
    if (!data.rows.length) {
      var empty = document.createElement("tr");
      var td = cell("td", "No results yet: this page fills in as they arrive.", "muted");
      td.colSpan = data.games.length + 4;
      empty.appendChild(td);
      fresh.appendChild(empty);
    }
    data.rows.forEach(function (r) {
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
    table.replaceChild(fresh, body);
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
    drawHead(data);
    drawRows(data);
    drawTeams(data);
    var progress = box.querySelector(".progress-text");
    if (progress) {
      progress.textContent = data.progress
        ? "Game " + data.progress.game + ": " + data.progress["in"] + " of " + data.progress.of + " results in"
        : "Final";
    }
  }

  function poll() {
    fetch(url, { cache: "no-store", headers: { Accept: "application/json" } })
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
      .then(function () { window.setTimeout(poll, every); });
  }

  window.setTimeout(poll, every);
})();
