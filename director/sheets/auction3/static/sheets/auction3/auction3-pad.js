// The three-handed Auction pad (templates/sheets/auction3/pad.html) checked as it is typed: under each
// hand, its card count against 51 and the engine's problem word for word, or its outcome, each
// player's score and the running totals. Every figure is auction.js's scoreThreePad (held to
// scoring.auction.three by tests/js); the server re-checks and scores the pad, this decides nothing.
// Without this script the pad is a plain form, checked when sent.
(function () {
  "use strict";
  if (typeof document === "undefined" || !window.CalypsoAuction) return;
  var A = window.CalypsoAuction, V = A.threeValues(null), HAND = 51;
  var SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" }, SEAT_BOXES = ["trick_pile", "added", "calypsos"];
  var OUTCOME_WORDS = { win: "made", "limbo-sold": "made by selling", "limbo-unsold": "lost (not sold)", loss: "lost", misere: "misère" };

  function box(row, name) { return row.querySelector("[name$='-" + name + "']"); }
  function whole(text) { return /^\s*\d+\s*$/.test(text) ? parseInt(text, 10) : null; }

  // A row's boxes as the engine's hand (boxes.py hand_from_boxes), or what is still blank or unreadable.
  function read(row, seats) {
    var played = {}, blanks = 0, any = false, cards = 0;
    var hand = { declarer: box(row, "declarer").value, contract: box(row, "contract").value.trim(), played: played };
    if (hand.declarer) any = true; else blanks++;
    if (hand.contract) any = true; else blanks++;
    seats.forEach(function (seat) {
      var mine = {};
      SEAT_BOXES.forEach(function (name) {
        var text = box(row, seat + "-" + name).value;
        if (text.trim()) any = true;
        mine[name] = whole(text);
        if (mine[name] === null) blanks++;
      });
      cards += (mine.trick_pile || 0) + (mine.added || 0);
      mine.cards_required = box(row, seat + "-cards_required").value.split(/[\s,;]+/).filter(Boolean).map(Number);
      played[seat] = mine;
    });
    var sell = box(row, "sell").value, misere = box(row, "misere_points").value.trim();
    if (sell) hand.sell = sell === "yes";
    if (misere) hand.misere_points = whole(misere) === null ? misere : whole(misere);
    return { any: any, blanks: blanks, cards: cards, hand: hand };
  }

  function update(root, seats) {
    var hands = [];
    root.querySelectorAll(".pad-hand").forEach(function (row) {
      var out = row.querySelector("[data-role=check]"), r = read(row, seats);
      if (!r.any) { out.textContent = ""; row.dataset.live = "blank"; return; }
      if (r.blanks) {
        out.textContent = r.cards + " of " + HAND + " cards so far · " + r.blanks + " box" + (r.blanks === 1 ? "" : "es") + " to fill";
        row.dataset.live = "partial";
        return;
      }
      hands.push(r.hand);
      try {
        var scored = A.scoreThreePad(seats, hands, V), last = scored[scored.length - 1], s = last[0];
        out.textContent = "✓ " + s.contract + " " + (OUTCOME_WORDS[s.outcome] || s.outcome) + " · " +
          seats.map(function (seat) { return SYMBOLS[seat] + " " + s.scores[seat] + " (" + last[1][seat] + ")"; }).join(" · ");
        row.dataset.live = "ok";
      } catch (error) {
        if (error.name !== "AuctionError") throw error;
        hands.pop();
        out.textContent = "✗ " + error.message.replace(/^hand \d+: /, "");
        row.dataset.live = "bad";
      }
    });
  }

  document.querySelectorAll(".auction3-pad").forEach(function (root) {
    var seats = (root.dataset.seats || "").split("");
    if (seats.length !== 3) return;
    root.addEventListener("input", function () { update(root, seats); });
    root.addEventListener("change", function () { update(root, seats); });
    update(root, seats);
  });
})();
