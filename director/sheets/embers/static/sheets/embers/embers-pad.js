// An Embers score pad made live (templates/sheets/embers/pad.html, on the director's score entry
// page and the phone): as the boxes are typed, each hand's points and running totals, the pad's
// problems in the engine's words (embers.js, held to scoring.embers under node) and the final
// totals with the cards in progress scored at the end. It posts nothing itself: the page's form
// sends the boxes, which the server reads and checks again (the kind's read: sheets/embers/pad.py).
(function () {
  "use strict";
  var E = window.CalypsoEmbers, S = window.CalypsoScores;
  if (!E) return;

  function live(pad) {
    var prefix = pad.dataset.prefix || "", hands = parseInt(pad.dataset.hands, 10) || 0;
    // the night's packs and fire hands (the kind's widget): the cards of a suit and the first ember hand
    var settings = pad.dataset.packs ? {
      packs: parseInt(pad.dataset.packs, 10), fire_hands: parseInt(pad.dataset.fireHands, 10), hands: hands
    } : undefined;
    var sheet = pad.closest("fieldset.sheet");  // the director's page: the table's card
    function values() {
      var out = {};
      pad.querySelectorAll("input.count").forEach(function (input) { out[input.name] = input.value; });
      return out;
    }
    function signed(n) { return n > 0 ? "+" + n : String(n); }

    function update() {
      var hands_ = E.padFromFields(values(), prefix, hands), check = E.checkPad(hands_, settings);
      var scored = check.complete ? E.scorePad(hands_, true) : null;
      // the hands that add up so far (before the first one that does not) show their points
      var upTo = hands_.length;
      while (upTo > 0 && !E.checkPad(hands_.slice(0, upTo), settings).complete) upTo--;
      var running = scored || (upTo ? E.scorePad(hands_.slice(0, upTo), false) : null);
      var list = pad.querySelector("[data-role=problems]");
      list.textContent = "";
      check.problems.forEach(function (p) {
        var item = document.createElement("li");
        item.textContent = S && S.words ? S.words(p) : p;
        list.appendChild(item);
      });
      pad.querySelectorAll("fieldset.embers-hand").forEach(function (row) {
        var number = parseInt(row.dataset.hand, 10), line = running && running.hands[number - 1];
        var score = row.querySelector("[data-role=score]"), mark = row.querySelector("[data-role=check]");
        var bad = check.problems.some(function (p) { return p.indexOf("hand " + number + ":") === 0; });
        mark.textContent = number > hands_.length ? "" : bad ? "✗ see below" : line ? "✓ " + window.CalypsoRules.rules.embers.hand_cards + " cards" : "";
        score.textContent = line ? "♠♥ " + signed(line.points.majors) + " · ♦♣ " + signed(line.points.minors) +
          " → " + line.totals.majors + " · " + line.totals.minors : "";
        row.dataset.live = number > hands_.length ? "blank" : bad ? "bad" : line ? "ok" : "partial";
      });
      pad.querySelector("[data-role=majors]").textContent = scored ? scored.final.majors : "–";
      pad.querySelector("[data-role=minors]").textContent = scored ? scored.final.minors : "–";
      var through = pad.querySelector("[data-role=through]");
      through.textContent = scored ? "after " + hands_.length + " hand" + (hands_.length === 1 ? "" : "s") +
        ", cards in progress " + signed(scored.final.majors - scored.hands[scored.hands.length - 1].totals.majors) +
        " · " + signed(scored.final.minors - scored.hands[scored.hands.length - 1].totals.minors) : "";
      var state = !hands_.length ? "blank" : check.problems.length ? "bad" : check.complete ? "ok" : "partial";
      pad.dataset.live = state;
      if (sheet) sheet.dataset.live = state;
      // the page's count of sheets that add up (js/score-entry.js) is told the pad's new state
      pad.dispatchEvent(new CustomEvent("calypso:checked", { bubbles: true }));
    }

    pad.addEventListener("input", update);
    update();
  }

  document.querySelectorAll(".embers-pad").forEach(live);
})();
