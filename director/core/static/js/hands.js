// Recording a game set by hand: parse each typed hand as scoring/cards.py does (for live feedback
// only; the server is the authority), show each hand's card count, what is left of the 208 cards,
// and any card typed more than four times.
(function () {
  "use strict";
  var form = document.getElementById("record-set");
  if (!form) return;
  var RANKS = "23456789TJQKA", SUITS = "SHDC", SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var ALIAS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
  var VOID = { "-": 1, "—": 1, "–": 1, VOID: 1 };

  function card(text) {
    var u = text.toUpperCase();
    if (u.length >= 2) {
      var rank = u.slice(0, -1), suit = ALIAS[u.slice(-1)];
      if (rank === "10") rank = "T";
      if (suit && rank.length === 1 && RANKS.indexOf(rank) >= 0) return rank + suit;
    }
    throw new Error("'" + text + "' is not a card (write rank then suit, e.g. AS, TD, 10H)");
  }

  // Returns a list of canonical cards ("AS"), or throws an Error naming the bad text.
  function parse(text) {
    var cleaned = text.replace(/\uFE0F/g, "").trim().replace(/:/g, " ");
    if (!cleaned) return [];
    cleaned = cleaned.replace(/([♠♥♦♣♤♡♢♧])(?=\S)/g, "$1 ");
    var tokens = cleaned.split(/[\s,;]+/).filter(Boolean);
    if (!ALIAS[tokens[0].toUpperCase()]) return tokens.map(card);
    var cards = [], suit = null, seen = {};
    tokens.forEach(function (token) {
      var u = token.toUpperCase();
      if (ALIAS[u]) {
        suit = ALIAS[u];
        if (seen[suit]) throw new Error("suit '" + token + "' appears twice");
        seen[suit] = true;
      } else if (!VOID[u]) {
        for (var i = 0; i < u.length; i++) {
          var rank = u[i];
          if (u.substr(i, 2) === "10") { rank = "T"; i++; }
          if (RANKS.indexOf(rank) < 0) throw new Error("'" + rank + "' in '" + token + "' is not a rank (use 2-9, T or 10, J, Q, K, A)");
          cards.push(rank + suit);
        }
      }
    });
    return cards;
  }

  var hands = Array.prototype.slice.call(form.querySelectorAll(".hand"));

  function update() {
    var used = {}, complete = 0, empty = 0, typedCards = 0, bad = 0;
    hands.forEach(function (hand) {
      var input = hand.querySelector("input");
      var badge = hand.querySelector("[data-role=count]");
      var error = hand.querySelector("[data-role=live-error]");
      error.innerHTML = "";
      hand.classList.remove("hand-ok", "hand-bad");
      var cards;
      try { cards = parse(input.value); } catch (e) {
        hand.classList.add("hand-bad"); bad++;
        badge.textContent = "?";
        var li = document.createElement("li"); li.textContent = e.message; error.appendChild(li);
        return;
      }
      cards.forEach(function (c) { used[c] = (used[c] || 0) + 1; });
      typedCards += cards.length;
      if (!cards.length) { empty++; badge.textContent = ""; return; }
      badge.textContent = cards.length === 13 ? "13 ✓" : cards.length + " of 13";
      if (cards.length === 13) { hand.classList.add("hand-ok"); complete++; }
      else if (cards.length > 13) { hand.classList.add("hand-bad"); bad++; }
    });
    // What is left: each card four times minus what is typed, suit by suit, high to low.
    var lines = [], over = [], left = 0;
    SUITS.split("").forEach(function (s) {
      var ranks = "";
      for (var r = RANKS.length - 1; r >= 0; r--) {
        var c = RANKS[r] + s, n = 4 - (used[c] || 0);
        if (n < 0) over.push(c + " is typed " + used[c] + " times (a quad-deck has four)");
        for (var k = 0; k < Math.max(n, 0); k++) ranks += RANKS[r];
        left += Math.max(n, 0);
      }
      lines.push('<span class="suit-line"><span class="suit suit-' + s + '">' + SYMBOL[s] + "</span> " + (ranks || "—") + " <span class=\"muted\">(" + ranks.length + ")</span></span>");
    });
    document.getElementById("remaining").innerHTML = lines.join("");
    document.getElementById("remaining-count").textContent = left;
    var overList = document.getElementById("overused");
    overList.innerHTML = "";
    over.forEach(function (t) { var li = document.createElement("li"); li.textContent = t; overList.appendChild(li); });
    var incomplete = 16 - complete;
    document.getElementById("incomplete-count").textContent = incomplete ? incomplete + " hand" + (incomplete === 1 ? "" : "s") + " incomplete" : "all 16 hands complete";
    var fill = document.getElementById("fill-last"), hint = document.getElementById("fill-hint");
    if (fill) {
      var ready = complete === 15 && empty === 1 && left === 13 && !bad && !over.length;
      fill.disabled = !ready;
      hint.textContent = ready ? "The empty hand will get the 13 cards left."
        : complete === 16 ? "All 16 hands are complete: nothing is left to fill."
        : "Type fifteen full hands to fill the last one.";
    }
  }
  form.addEventListener("input", update);
  update();
})();
