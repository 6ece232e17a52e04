// New club night: filter the player list, count who is playing, estimate the tables.
(function () {
  "use strict";
  var form = document.getElementById("setup");
  if (!form) return;
  var filter = document.getElementById("player-filter");
  var picker = document.getElementById("player-picker");
  var items = Array.prototype.slice.call(picker.querySelectorAll("li[data-name]"));
  var newPlayers = form.querySelector("[name=new_players]");
  var partnershipsBox = document.getElementById("entered-partnerships");
  var count = document.getElementById("player-count");
  var estimate = document.getElementById("table-estimate");

  function newNames() {
    return (newPlayers.value || "").split(/[\n,;]+/).map(function (s) { return s.trim(); }).filter(Boolean);
  }
  function pairing() {
    var checked = form.querySelector("[name=pairing]:checked");
    return checked ? checked.value : "draw";
  }
  function update() {
    var ticked = picker.querySelectorAll("input[type=checkbox]:checked").length;
    var total = ticked + newNames().length;
    count.textContent = total ? "(" + total + " player" + (total === 1 ? "" : "s") + ")" : "";
    partnershipsBox.hidden = pairing() !== "entered";
    var type = form.querySelector("[name=type]").value;
    var individual = type === "progressive-individual";
    // A box marked with the event types it is for (data-types) is shown for those only; hidden, it
    // goes back to its data-default. One marked data-hidden-when hides while another box holds
    // one of the values named (the suit out of the packs, for a table of three that plays all four).
    form.querySelectorAll("[data-types]").forEach(function (box) {
      var hidden = box.getAttribute("data-types").split(" ").indexOf(type) === -1;
      var when = JSON.parse(box.getAttribute("data-hidden-when") || "{}");
      Object.keys(when).forEach(function (name) {
        var other = form.querySelector("[name=" + name + "]");
        if (other && when[name].indexOf(other.value) !== -1) hidden = true;
      });
      box.closest(".field").hidden = hidden;
      if (hidden && box.hasAttribute("data-default")) box.value = box.getAttribute("data-default");
    });
    var three = form.querySelector("[name=three_table]");
    // The counts that seat a table of three or two come from the server (scoring.movements.odd).
    var odd = JSON.parse(estimate.getAttribute("data-odd") || "{}");
    if (pairing() === "entered") {
      var lines = form.querySelector("[name=partnerships]").value.split("\n").filter(function (l) { return l.trim(); });
      estimate.textContent = lines.length ? lines.length + " partnerships → " + Math.ceil(lines.length / 2) + " tables" : "";
    } else if (individual) {
      if (odd[total]) {
        // [the tables, what the odd table plays when it is not the night's choice for a three]
        var plays = odd[total][1] || (three ? "the three plays " + three.options[three.selectedIndex].text : "");
        estimate.textContent = total + " players → " + odd[total][0] + (plays ? " (" + plays + ")" : "");
      } else {
        estimate.textContent = total >= 4 ? total + " players → " + Math.floor(total / 4) + " tables of four to six" : "";
      }
    } else if (total >= 4) {
      var pairs = Math.floor(total / 2);
      var tables = Math.ceil(pairs / 2);
      var text = total + " players → " + pairs + " partnerships" + (total % 2 ? " (one of three)" : "") + " → " + tables + " table" + (tables === 1 ? "" : "s");
      if (pairs % 2) text += "; one partnership sits out each game";
      estimate.textContent = text;
    } else {
      estimate.textContent = total ? "a club night of pairs needs at least four players" : "";
    }
  }
  filter.addEventListener("input", function () {
    var q = filter.value.trim().toLowerCase();
    items.forEach(function (li) { li.hidden = q && li.getAttribute("data-name").indexOf(q) === -1; });
  });
  filter.addEventListener("keydown", function (e) {
    // Enter in the filter ticks the only name shown instead of submitting the form.
    if (e.key !== "Enter") return;
    e.preventDefault();
    var shown = items.filter(function (li) { return !li.hidden; });
    if (shown.length === 1) {
      shown[0].querySelector("input").checked = true;
      filter.value = "";
      filter.dispatchEvent(new Event("input"));
      update();
    }
  });
  document.getElementById("select-shown").addEventListener("click", function () {
    items.forEach(function (li) { if (!li.hidden) li.querySelector("input").checked = true; });
    update();
  });
  document.getElementById("clear-all").addEventListener("click", function () {
    items.forEach(function (li) { li.querySelector("input").checked = false; });
    update();
  });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
