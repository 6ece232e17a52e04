// Score entry page: live 208 check and scores per table as the director types; Enter moves on.
// Each card is its kind's (director.sheets): a 208-card sheet's card names its check (data-form:
// scores.js checkSheet) and, for a sheet of individual scores, its seats (data-seats: a trick pile
// and a score per player); a pad's card is checked by the kind's own script, which says so.
(function () {
  "use strict";
  var form = document.getElementById("score-entry");
  if (!form || !window.CalypsoScores) return;
  var S = window.CalypsoScores;
  var SECTION = { cal: "calypsos", unf: "unfinished", pile: "trick_piles", rev: "revokes" };
  var SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function individual(card) { return card.dataset.seats !== undefined; }

  // The seat nobody plays at a table that may leave one empty ("" for four players).
  function absentSeat(card) {
    var select = card.querySelector("select.absent");
    return select ? select.value : "";
  }

  function sheetOf(card) {
    var sheet = { calypsos: {}, unfinished: {}, trick_piles: {}, revokes: {} };
    var absent = absentSeat(card);
    card.querySelectorAll("input.count").forEach(function (input) {
      if (absent && input.closest("tr[data-seat]") && input.closest("tr[data-seat]").dataset.seat === absent) return;
      sheet[SECTION[input.dataset.kind]][input.dataset.key] = input.value;
    });
    return sheet;
  }

  // Show or hide the empty seat's row of a table played by three (its boxes are not sent).
  function showSeats(card) {
    var absent = absentSeat(card);
    card.querySelectorAll("tr[data-seat]").forEach(function (row) {
      var out = row.dataset.seat === absent;
      row.hidden = out;
      row.querySelectorAll("input.count").forEach(function (input) { input.disabled = out; });
    });
  }

  // The card check in words, for every kind of 208-card sheet alike: the deck (208, or
  // 117 at a table of three) is the engine's, from the check (scoring.scores via scores.js).
  function checkWords(result) {
    if (result.problems.length) return result.complete ? "✗ " + result.total + " of " + result.deck + " cards" : "✗ " + result.total + " cards so far";
    if (!result.complete) return result.total + " of " + result.deck + " cards so far (" + result.blanks + " box" + (result.blanks === 1 ? "" : "es") + " to fill)";
    return "✓ " + result.deck + " cards";
  }

  // The check box, the problems and the card's colour from the card check; the scores (``score()``)
  // once the sheet is complete and right, else null.
  function showCheck(card, result, anyTyped, score) {
    var checkBox = card.querySelector("[data-role=check]");
    var list = card.querySelector("[data-role=problems]");
    card.classList.remove("live-ok", "live-bad");
    list.innerHTML = "";
    if (!anyTyped) { checkBox.textContent = "\u00a0"; return null; }
    checkBox.textContent = checkWords(result);
    result.problems.forEach(function (p) { var li = document.createElement("li"); li.textContent = p; list.appendChild(li); });
    if (result.problems.length) { card.classList.add("live-bad"); return null; }
    if (!result.complete) return null;
    card.classList.add("live-ok");
    return score();
  }

  function updateIndividual(card, anyTyped) {
    var sheet = sheetOf(card), name = card.dataset.form, seats = card.dataset.seats;
    var result = S.checkSheet(name, sheet, seats);
    // a table of three shows each player's total (its variant's: scores.js scoreSheet)
    var scored = showCheck(card, result, anyTyped, function () { return S.scoreSheet(name, sheet, seats).points; });
    card.querySelectorAll("td.points").forEach(function (td) {
      td.textContent = scored && scored[td.dataset.seat] !== undefined ? scored[td.dataset.seat] : "";
    });
    var ranking = card.querySelector("[data-role=ranking]");
    if (ranking) {
      ranking.textContent = scored ? result.seats.slice().sort(function (a, b) { return scored[b] - scored[a]; })
        .map(function (seat) { return SYMBOL[seat] + " " + scored[seat]; }).join(" · ") : "–";
    }
    card.dataset.live = !anyTyped ? "blank" : result.problems.length ? "bad" : result.complete ? "ok" : "partial";
    summary();
  }

  function update(card) {
    var anyTypedNow = Array.prototype.some.call(card.querySelectorAll("input.count:not(:disabled)"), function (i) { return i.value.trim() !== ""; });
    if (individual(card)) { updateIndividual(card, anyTypedNow); return; }
    var sheet = sheetOf(card);
    var result = S.checkSheet(card.dataset.form, sheet);
    var anyTyped = Array.prototype.some.call(card.querySelectorAll("input.count"), function (i) { return i.value.trim() !== ""; });
    var scored = showCheck(card, result, anyTyped, function () { return S.scoreSheet(card.dataset.form, sheet); });
    card.querySelector("[data-role=majors]").textContent = scored ? scored.majors : "–";
    card.querySelector("[data-role=minors]").textContent = scored ? scored.minors : "–";
    card.querySelector("[data-role=net]").textContent = scored ? signed(scored.net) : "–";
    card.querySelectorAll("td.points").forEach(function (td) {
      td.textContent = scored ? scored.points[td.dataset.seat] : "";
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
        var next = inputs.slice(index + 1).filter(function (i) { return !i.disabled; })[0];
        if (next) { next.focus(); next.select(); } else { form.querySelector("button[type=submit]").focus(); }
      }
    });
    input.addEventListener("focus", function () { input.select(); });
  });
  // A table's own sheet awaiting confirmation or disputed is left alone by "Save" unless the
  // director changes its numbers (a correction) or presses its "Confirm as sent" button.
  function markCorrection(card) {
    var pending = card.querySelector(".pending-sheet");
    if (!pending) return;
    var changed = Array.prototype.some.call(card.querySelectorAll("input.count:not(:disabled)"), function (i) {
      return i.value !== i.defaultValue;
    });
    pending.querySelector("[data-role=will-correct]").hidden = !changed;
    var confirm = pending.querySelector("button.confirm-as-sent");
    confirm.disabled = changed;
    confirm.title = changed ? "Put the table's numbers back to confirm its sheet as sent" : "";
  }

  // A disputed sheet's counter-proposal: one press puts the disputing side's numbers in the boxes
  // (then saving enters them as the director's correction).
  function fillProposal(card, button) {
    var values = JSON.parse(button.dataset.values);
    Object.keys(values).forEach(function (name) {
      var input = form.querySelector("input.count[name='" + name + "']");
      if (input) input.value = values[name];
    });
    update(card);
    markCorrection(card);
  }

  // A pad is checked by its kind's script, which marks its card and says so: counted here.
  form.addEventListener("calypso:checked", summary);
  form.querySelectorAll("fieldset.sheet[data-boxes=sheet]").forEach(function (card) {
    var fill = card.querySelector("button.fill-proposal");
    if (fill) {
      fill.hidden = false;
      fill.addEventListener("click", function () { fillProposal(card, fill); });
    }
    card.addEventListener("input", function () { update(card); markCorrection(card); });
    var select = card.querySelector("select.absent");
    if (select) select.addEventListener("change", function () { showSeats(card); update(card); });
    if (individual(card)) showSeats(card);
    update(card);
  });
})();
