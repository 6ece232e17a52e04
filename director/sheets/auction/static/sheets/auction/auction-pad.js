// The Auction score pad (templates/sheets/auction/pad.html) made live: as the boxes are typed,
// each hand shows its card count against 52, the engine's problems word for word, its outcome and
// score, and the running totals; the sell choice is shown only for a hand in limbo; hands are added
// and removed up to the event's hands per round; the hidden "{prefix}sheet" keeps the pad's JSON.
// Every reading is auction.js's (held to scoring.auction by tests/js); this file only shows it.
// Without this script the pad is a plain form: every box shown, every box posted.
(function () {
  "use strict";
  if (typeof document === "undefined" || !window.CalypsoAuction) return;
  var A = window.CalypsoAuction, SIDE_OF = window.CalypsoRules.rules.auction.side_of;
  var SIDE_SYMBOLS = { majors: "♠♥", minors: "♦♣" };
  var OUTCOME_WORDS = { win: "made", "limbo-sold": "made by selling", "limbo-unsold": "lost (not sold)", loss: "lost" };

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function Pad(root) {
    this.root = root;
    this.rows = Array.prototype.slice.call(root.querySelectorAll(".pad-hand"));
    this.sheet = root.querySelector("[data-role=sheet]");
    var values = null;
    try { values = JSON.parse(root.dataset.values || "null"); } catch (error) { values = null; }
    this.values = A.values(values);
    var self = this;
    // Show the hands typed so far (at least one); the rest wait for "Add hand".
    var last = 0;
    this.rows.forEach(function (row, i) { if (row.dataset.filled === "yes" || self.typed(row)) last = i; });
    this.shown = last + 1;
    root.querySelector("[data-role=buttons]").hidden = false;
    root.querySelector("[data-role=totals]").hidden = false;
    root.querySelector("[data-role=add]").addEventListener("click", function () { self.add(); });
    root.querySelector("[data-role=remove]").addEventListener("click", function () { self.remove(); });
    root.addEventListener("input", function () { self.update(); });
    root.addEventListener("change", function () { self.update(); });
    // Enter moves to the next box (a phone's "Go" would otherwise send a half-typed pad).
    root.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
      event.preventDefault();
      var boxes = Array.prototype.filter.call(root.querySelectorAll("[data-box]"), function (b) { return b.offsetParent !== null; });
      var next = boxes[boxes.indexOf(event.target) + 1];
      if (next) next.focus();
    });
    this.update();
  }

  Pad.prototype.boxes = function (row) { return row.querySelectorAll("[data-box]"); };

  Pad.prototype.fields = function (row) {
    var fields = {};
    this.boxes(row).forEach(function (box) { fields[box.dataset.box] = box.value; });
    return fields;
  };

  Pad.prototype.typed = function (row) {
    var read = A.handFromFields(this.fields(row));
    return read.hand !== null || read.blanks.length > 0;
  };

  Pad.prototype.add = function () {
    if (this.shown < this.rows.length) this.shown++;
    this.update();
    var first = this.rows[this.shown - 1].querySelector("[data-box=declarer]");
    if (first) first.focus();
  };

  Pad.prototype.remove = function () {
    if (this.shown <= 1) return;
    var row = this.rows[this.shown - 1];
    this.boxes(row).forEach(function (box) {
      box.value = box.tagName === "SELECT" && box.options.length && box.options[0].value === "0" ? "0" : "";
    });
    this.shown--;
    this.update();
  };

  // Which side declares: its box is marked, and a side's cards-required box shows once it completed a
  // calypso (or something is typed there).
  Pad.prototype.roles = function (row, fields) {
    var side = SIDE_OF[fields.declarer];
    row.querySelectorAll(".pad-side").forEach(function (box) {
      var name = box.dataset.side, role = box.querySelector("[data-role=role]");
      box.dataset.roleNow = side ? (name === side ? "declarers" : "defenders") : "";
      role.textContent = side ? (name === side ? "declarers" : "defenders") : "";
      var c = fields[name + "-calypsos"], required = box.querySelector(".pad-required");
      required.hidden = !(/^\s*0*[1-9][0-9]*\s*$/.test(c || "") || (fields[name + "-cards_required"] || "").trim() !== "");
    });
  };

  Pad.prototype.update = function () {
    var self = this, read = [], hands = [], used = 0;
    this.rows.forEach(function (row, i) {
      row.hidden = i >= self.shown;
      var fields = self.fields(row), reading = A.handFromFields(fields);
      self.roles(row, fields);
      read.push({ row: row, fields: fields, reading: reading });
      if (!row.hidden && (reading.hand !== null || reading.blanks.length)) used = i + 1;
    });
    read = read.slice(0, used);
    read.forEach(function (r) { hands.push(r.reading.hand); });
    var pad = A.pad(hands, this.values);
    // A hand not in limbo is not asked to sell: clear a choice left from before, and read again.
    var cleared = false;
    pad.hands.forEach(function (h, i) {
      var sell = read[i].row.querySelector("[data-box=sell]");
      if (!h.sellAsked && sell.value !== "") { sell.value = ""; cleared = true; }
    });
    if (cleared) { this.update(); return; }
    this.rows.forEach(function (row, i) {
      var sell = row.querySelector(".pad-sell");
      sell.hidden = !(i < pad.hands.length && pad.hands[i].sellAsked);
      if (i >= read.length) self.show(row, null, null, null);
    });
    read.forEach(function (r, i) { self.show(r.row, r, pad.hands[i], pad); });
    this.sheet.value = JSON.stringify({ hands: hands.filter(function (h) { return h !== null; }) });
    this.root.querySelector("[data-role=majors]").textContent = pad.totals.majors;
    this.root.querySelector("[data-role=minors]").textContent = pad.totals.minors;
    var through = this.root.querySelector("[data-role=through]"), bad = pad.hands.filter(function (h) { return h.totals === null; })[0];
    var upTo = bad && bad.number > 1 ? "to hand " + (bad.number - 1) + " (hand " + bad.number + " is not finished)" : bad ? "hand 1 is not finished" : "";
    through.textContent = !hands.length ? "" : bad ? upTo : "after " + hands.length + " hand" + (hands.length === 1 ? "" : "s");
    this.root.dataset.live = !hands.length ? "blank" : pad.complete ? "ok" : "partial";
  };

  Pad.prototype.show = function (row, r, hand, pad) {
    var check = row.querySelector("[data-role=check]"), score = row.querySelector("[data-role=score]");
    var list = row.querySelector("[data-role=problems]");
    list.textContent = "";
    score.textContent = "";
    if (!r || (r.reading.hand === null && !r.reading.blanks.length)) {
      check.textContent = "";
      row.dataset.live = "blank";
      return;
    }
    var count = A.cardsSoFar(r.fields);
    if (r.reading.hand === null) {
      var n = r.reading.blanks.length;
      check.textContent = count.total + " of " + count.deck + " cards so far · " + n + " box" + (n === 1 ? "" : "es") + " to fill";
      row.dataset.live = "partial";
      return;
    }
    if (hand.problem !== null) {
      var prefix = "hand " + hand.number + ": ";
      var words = hand.problem.indexOf(prefix) === 0 ? hand.problem.slice(prefix.length) : hand.problem;
      check.textContent = hand.sellAsked ? "In limbo: sell or not?" : "✗ " + count.total + " of " + count.deck + " cards";
      row.dataset.live = hand.sellAsked ? "partial" : "bad";
      words.split("; ").forEach(function (p) { var li = document.createElement("li"); li.textContent = p; list.appendChild(li); });
      return;
    }
    var s = hand.score, sides = A.SIDES;
    check.textContent = "✓ " + count.deck + " cards · " + s.contract + " " + OUTCOME_WORDS[s.outcome] + " (" + s.contract_points + " points)";
    score.textContent = sides.map(function (side) { return SIDE_SYMBOLS[side] + " " + signed(s.sides[side]); }).join(" · ") +
      (hand.totals ? " — totals " + sides.map(function (side) { return SIDE_SYMBOLS[side] + " " + hand.totals[side]; }).join(" · ") : "");
    row.dataset.live = "ok";
  };

  document.querySelectorAll(".auction-pad").forEach(function (root) { root.auctionPad = new Pad(root); });
})();
