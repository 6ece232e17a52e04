// Typed hands, read as scoring/cards.py reads them (parse_cards), with its figures (rules.js, from
// scoring/browser.py) and its messages; tests/js holds the two to it on thousands of hands.
// window.CalypsoHands.parse(text) -> ["AS", ...], or throws an Error naming the bad text.
(function (root) {
  "use strict";
  var C = root.CalypsoRules;
  if (!C) return;
  var R = C.rules.cards, repr = C.repr, ALIAS = R.suit_aliases, RANKS = R.ranks;
  var SYMBOLS = Object.keys(ALIAS).filter(function (k) { return !/^[A-Z]$/.test(k); }).join("");

  function isAlias(text) { return Object.prototype.hasOwnProperty.call(ALIAS, text); }
  function clean(text) { return text.replace(/\uFE0F/g, "").trim(); }

  // scoring.cards.parse_card
  function card(text) {
    var upper = clean(text).toUpperCase(), chars = Array.from(upper);
    if (chars.length >= 2) {
      var rank = chars.slice(0, -1).join(""), suit = isAlias(chars[chars.length - 1]) ? ALIAS[chars[chars.length - 1]] : null;
      if (rank === "10") rank = "T";
      if (suit && rank.length === 1 && RANKS.indexOf(rank) >= 0) return rank + suit;
    }
    throw new Error(repr(text) + " is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)");
  }

  // scoring.cards._parse_ranks
  function ranks(token, suit) {
    var chars = Array.from(token.toUpperCase()), cards = [];
    for (var i = 0; i < chars.length; i++) {
      var rank = chars[i];
      if (rank === "1" && chars[i + 1] === "0") { rank = "T"; i++; }
      if (rank.length !== 1 || RANKS.indexOf(rank) < 0) throw new Error(repr(rank) + " in " + repr(token) + " is not a rank (use 2-9, T or 10, J, Q, K, A)");
      cards.push(rank + suit);
    }
    return cards;
  }

  // scoring.cards.parse_cards: a list ("AS KS 10H, 2C") or suit-grouped ("S AKQ72 H 9 D - C T8").
  function parse(text) {
    var cleaned = clean(text).replace(/:/g, " ");
    cleaned = cleaned.replace(new RegExp("([" + SYMBOLS + "])(?=\\S)", "gu"), "$1 ");
    var tokens = cleaned.split(/[\s,;]+/).filter(Boolean);
    if (!tokens.length) return [];
    if (!isAlias(tokens[0].toUpperCase())) return tokens.map(card);
    var cards = [], suit = null, seen = {};
    tokens.forEach(function (token) {
      var upper = token.toUpperCase();
      if (isAlias(upper)) {
        suit = ALIAS[upper];
        if (seen[suit]) throw new Error("suit " + repr(token) + " appears twice in " + repr(text));
        seen[suit] = true;
      } else if (R.void.indexOf(token.toLowerCase()) < 0) {
        cards = cards.concat(ranks(token, suit));
      }
    });
    return cards;
  }

  root.CalypsoHands = { parse: parse, card: card };
})(typeof window !== "undefined" ? window : globalThis);

// Recording a game set by hand: each typed hand read as the server reads it (for live feedback
// only; the server is the authority), each hand's card count, what is left of the 208 cards, and
// any card typed more than four times.
(function () {
  "use strict";
  if (typeof document === "undefined") return;  // node (tests/js): the parser only
  var form = document.getElementById("record-set");
  if (!form || !window.CalypsoHands) return;
  var parse = window.CalypsoHands.parse, R = window.CalypsoRules.rules.cards;
  var RANKS = R.ranks, SUITS = R.suits, SYMBOL = R.symbols, COPIES = R.copies, HAND = R.hand_size;
  var HANDS = R.deals_per_game * SUITS.length;  // 16: four deals of four hands

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
      badge.textContent = cards.length === HAND ? HAND + " ✓" : cards.length + " of " + HAND;
      if (cards.length === HAND) { hand.classList.add("hand-ok"); complete++; }
      else if (cards.length > HAND) { hand.classList.add("hand-bad"); bad++; }
    });
    // What is left: each card four times minus what is typed, suit by suit, high to low.
    var lines = [], over = [], left = 0;
    SUITS.split("").forEach(function (s) {
      var ranks = "";
      for (var r = RANKS.length - 1; r >= 0; r--) {
        var c = RANKS[r] + s, n = COPIES - (used[c] || 0);
        if (n < 0) over.push(c + " is typed " + used[c] + " times (a quad-deck has " + COPIES + ")");
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
    var incomplete = HANDS - complete;
    document.getElementById("incomplete-count").textContent = incomplete ? incomplete + " hand" + (incomplete === 1 ? "" : "s") + " incomplete" : "all " + HANDS + " hands complete";
    var fill = document.getElementById("fill-last"), hint = document.getElementById("fill-hint");
    if (fill) {
      var ready = complete === HANDS - 1 && empty === 1 && left === HAND && !bad && !over.length;
      fill.disabled = !ready;
      hint.textContent = ready ? "The empty hand will get the " + HAND + " cards left."
        : complete === HANDS ? "All " + HANDS + " hands are complete: nothing is left to fill."
        : "Type fifteen full hands to fill the last one.";
    }
  }
  form.addEventListener("input", update);
  update();
})();
