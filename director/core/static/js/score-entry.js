// Score entry page: live 208 check and scores per table as the director types; Enter moves on.
(function () {
  "use strict";
  var form = document.getElementById("score-entry");
  if (!form || !window.CalypsoScores) return;
  var S = window.CalypsoScores;
  var SECTION = { cal: "calypsos", unf: "unfinished", pile: "trick_piles", rev: "revokes" };

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function sheetOf(card) {
    var sheet = { calypsos: {}, unfinished: {}, trick_piles: {}, revokes: {} };
    card.querySelectorAll("input.count").forEach(function (input) {
      sheet[SECTION[input.dataset.kind]][input.dataset.key] = input.value;
    });
    return sheet;
  }

  function update(card) {
    var sheet = sheetOf(card);
    var result = S.check(sheet);
    var checkBox = card.querySelector("[data-role=check]");
    var list = card.querySelector("[data-role=problems]");
    var anyTyped = Array.prototype.some.call(card.querySelectorAll("input.count"), function (i) { return i.value.trim() !== ""; });
    card.classList.remove("live-ok", "live-bad");
    list.innerHTML = "";
    var scored = null;
    if (!anyTyped) {
      checkBox.textContent = "\u00a0";
    } else if (result.problems.length) {
      card.classList.add("live-bad");
      checkBox.textContent = result.complete ? "✗ " + result.total + " of 208 cards" : "✗ " + result.total + " cards so far";
      result.problems.forEach(function (p) { var li = document.createElement("li"); li.textContent = p; list.appendChild(li); });
    } else if (!result.complete) {
      checkBox.textContent = result.total + " of 208 cards so far (" + result.blanks + " box" + (result.blanks === 1 ? "" : "es") + " to fill)";
    } else {
      card.classList.add("live-ok");
      checkBox.textContent = "✓ 208 cards";
      scored = S.score(sheet);
    }
    card.querySelector("[data-role=majors]").textContent = scored ? scored.majors : "–";
    card.querySelector("[data-role=minors]").textContent = scored ? scored.minors : "–";
    card.querySelector("[data-role=net]").textContent = scored ? signed(scored.net) : "–";
    card.querySelectorAll("td.points").forEach(function (td) {
      td.textContent = scored ? scored.players[td.dataset.seat] : "";
    });
    card.dataset.live = !anyTyped ? "blank" : result.problems.length ? "bad" : result.complete ? "ok" : "partial";
    summary();
  }

  function summary() {
    var cards = form.querySelectorAll("fieldset.sheet");
    var bad = form.querySelectorAll("fieldset.sheet[data-live=bad]").length;
    var ok = form.querySelectorAll("fieldset.sheet[data-live=ok]").length;
    var state = document.getElementById("save-state");
    if (state) state.textContent = ok + " of " + cards.length + " sheets add up" + (bad ? "; " + bad + " to put right" : "");
  }

  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.count"));
  inputs.forEach(function (input, index) {
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter" && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        var next = inputs[index + 1];
        if (next) { next.focus(); next.select(); } else { form.querySelector("button[type=submit]").focus(); }
      }
    });
    input.addEventListener("focus", function () { input.select(); });
  });
  form.querySelectorAll("fieldset.sheet").forEach(function (card) {
    card.addEventListener("input", function () { update(card); });
    update(card);
  });
})();
