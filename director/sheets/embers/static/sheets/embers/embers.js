// Embers Calypso score pads in the browser, for live feedback only: scoring/embers.py's check_pad
// and score_embers, with its figures (rules.js, from scoring/browser.py) and its words (the counts'
// reading and ranges are scores.js's, which mirrors scoring.scores). tests/js/test_embers_parity.py
// holds the two to it under node. The server re-checks and scores every pad; this file decides nothing.
// A box left blank is "not typed yet" here (counted in blanks), not a problem.
// window.CalypsoEmbers.checkPad(hands, settings) -> {problems, blanks, complete}; settings as
//   EmbersSettings.to_dict() ({packs, fire_hands, hands}), or none: three packs, one fire hand, any length
// window.CalypsoEmbers.scorePad(hands, finished) -> score_embers(hands).to_dict() (the pad must check;
//   the settings do not change the points)
// window.CalypsoEmbers.padFromFields(values, prefix, hands) -> the pad's hands as director.sheets.embers.pad reads the boxes
(function (root) {
  "use strict";
  var C = root.CalypsoRules, S = root.CalypsoScores;
  if (!C || !S || !S.Reading) return;
  var K = C.rules.scores, E = C.rules.embers;
  var SEATS = K.seats.split(""), SIDES = K.directions, SIDE = K.side, CALYPSO = K.calypso_cards;
  var HAND = E.hand_cards, DEFAULTS = E.defaults;
  var BOXES = [];  // director.sheets.embers.pad boxes(): [box, section, key] in tab order
  SEATS.forEach(function (seat) { BOXES.push(["cal-" + seat, "calypsos", seat], ["unf-" + seat, "unfinished", seat]); });
  SIDES.forEach(function (side) { BOXES.push(["pile-" + side, "trick_piles", side]); });
  SEATS.forEach(function (seat) { BOXES.push(["rev-" + seat, "revokes", seat]); });
  var BLANK_IS_NONE = ["calypsos", "unfinished", "revokes"];
  var MAX_TEXT = 20;

  function sum(values) { return Object.keys(values).reduce(function (t, k) { return t + values[k]; }, 0); }
  function size(values) { return Object.keys(values).length; }

  // scoring.embers.EmbersHand.from_dict: the hand's counts, and its problems (a whole hand refused).
  function readHand(hand) {
    if (!C.isMapping(hand)) return { problems: ["a hand of the pad is an object, not " + C.typeName(hand)], blanks: 0 };
    var r = new S.Reading();
    var v = {
      c: r.counts(hand, "calypsos", SEATS, true),
      u: r.counts(hand, "unfinished", SEATS, true),
      p: r.counts(hand, "trick_piles", SIDES, true),
      r: r.counts(hand, "revokes", SEATS, false)
    };
    return { reading: r, v: v, problems: r.problems.slice(), blanks: r.blanks };
  }

  // scoring.embers.check_pad
  function checkPad(pad, settings) {
    var game = settings || DEFAULTS, perSuit = CALYPSO * game.packs, firstEmber = game.fire_hands + 1;
    var read = [], blanks = 0, n;
    for (n = 1; n <= pad.length; n++) {
      var hand = readHand(pad[n - 1]);
      if (hand.problems.length) {
        return { problems: hand.problems.map(function (p) { return "hand " + n + ": " + p; }), blanks: blanks + hand.blanks, complete: false };
      }
      blanks += hand.blanks;
      read.push(hand);
    }
    var problems = [], before = 0, known = true, sinceDeal = {};  // calypsoes not back in the pack yet
    if (settings && read.length > settings.hands) problems.push("the pad has " + read.length + " hands, but the game is " + settings.hands);
    SEATS.forEach(function (s) { sinceDeal[s] = 0; });
    read.forEach(function (hand, i) {
      var v = hand.v, r = hand.reading, start = r.problems.length, number = i + 1;
      var ranged = r.ranges(v, HAND, perSuit);
      r.problems.slice(start).forEach(function (p) { problems.push("hand " + number + ": " + p); });
      var whole = size(v.c) === SEATS.length && size(v.u) === SEATS.length && size(v.p) === SIDES.length;
      var after = size(v.u) === SEATS.length ? sum(v.u) : null;
      // Up to the first ember hand nothing goes back to the pack: calypsoes since hand 1 count together.
      if (sinceDeal && !ranged && whole && number <= firstEmber) {
        SEATS.forEach(function (s) {
          sinceDeal[s] += v.c[s];
          var earlier = sinceDeal[s] - v.c[s], cards = CALYPSO * sinceDeal[s] + v.u[s], alone = CALYPSO * v.c[s] + v.u[s];
          if (earlier && cards > perSuit && perSuit >= alone) {
            problems.push("hand " + number + ": " + s + ": " + sinceDeal[s] + " calypsos since hand 1 (none goes back to the pack " +
              "before the end of hand " + firstEmber + ") and " + v.u[s] + " unfinished make " + cards +
              " cards of one suit; there are only " + perSuit + " (" + (cards - perSuit) + " too many)");
          }
        });
      } else if (ranged || !whole) sinceDeal = null;  // calypsoes counted on an out-of-range count say nothing
      if (!ranged && whole && known) {
        var completed = sum(v.c), piles = sum(v.p), total = CALYPSO * completed + after - before + piles;
        if (total !== HAND) {
          var gap = total - HAND, how = gap < 0 ? -gap + " missing" : gap + " too many";
          problems.push("hand " + number + ": cards add up to " + total + ", not the " + HAND + " dealt: " + how +
            " (calypsos " + CALYPSO + "×" + completed + " = " + CALYPSO * completed + ", green room " + before + " → " + after +
            ", trick piles " + v.p.majors + " + " + v.p.minors + " = " + piles + ")");
        }
      }
      known = after !== null && !ranged;  // a card total built on an out-of-range count says nothing
      before = known ? after : 0;
    });
    return { problems: problems, blanks: blanks, complete: pad.length > 0 && blanks === 0 && problems.length === 0 };
  }

  // scoring.embers.score_embers(...).to_dict()
  function scorePad(pad, finished) {
    if (finished === undefined) finished = true;
    var made = {}, totals = {}, hands = [];
    SEATS.forEach(function (s) { made[s] = 0; });
    SIDES.forEach(function (side) { totals[side] = 0; });
    var values = pad.map(function (hand) { return readHand(hand).v; });
    values.forEach(function (v, i) {
      var calypso = {}, piles = {}, revokes = {}, points = {}, running = {};
      SEATS.forEach(function (s) {
        calypso[s] = S.calypsoPoints(made[s] + v.c[s]) - S.calypsoPoints(made[s]);
        made[s] += v.c[s];
      });
      SIDES.forEach(function (side) {
        piles[side] = K.trick_pile_points * v.p[side];
        revokes[side] = K.revoke_points * SEATS.reduce(function (t, s) { return t + (SIDE[s] !== side ? v.r[s] || 0 : 0); }, 0);
        points[side] = SEATS.reduce(function (t, s) { return t + (SIDE[s] === side ? calypso[s] : 0); }, 0) + piles[side] + revokes[side];
        running[side] = totals[side] + points[side];
      });
      totals = running;
      hands.push({ hand: i + 1, calypso_points: calypso, trick_pile_points: piles, revoke_points: revokes, points: points, totals: running });
    });
    var unfinished = null, final = {};
    SIDES.forEach(function (side) { final[side] = totals[side]; });
    if (finished && values.length) {
      unfinished = {};
      var last = values[values.length - 1];
      SEATS.forEach(function (s) {
        unfinished[s] = K.unfinished_points * last.u[s];
        final[SIDE[s]] += unfinished[s];
      });
    }
    return { hands: hands, unfinished_points: unfinished, final: final, net: final.majors - final.minors };
  }

  function fieldName(prefix, number, box) { return prefix + "hand-" + number + "-" + box; }

  // director.sheets.embers.pad PadEntry.sheet: the hands up to the last one with anything typed; blank
  // calypsoes, in progress and revokes are none, a blank trick pile stays blank (to be typed).
  function padFromFields(values, prefix, hands) {
    function text(number, box) {
      var value = values[fieldName(prefix, number, box)];
      return value === undefined || value === null ? "" : String(value).slice(0, MAX_TEXT).trim();
    }
    var played = 0, number;
    for (number = 1; number <= hands; number++) {
      if (BOXES.some(function (b) { return text(number, b[0]) !== ""; })) played = number;
    }
    var pad = [];
    for (number = 1; number <= played; number++) {
      var hand = { calypsos: {}, unfinished: {}, trick_piles: {}, revokes: {} };
      BOXES.forEach(function (b) {
        var value = text(number, b[0]);
        hand[b[1]][b[2]] = value === "" && BLANK_IS_NONE.indexOf(b[1]) >= 0 ? "0" : value;
      });
      pad.push(hand);
    }
    return pad;
  }

  root.CalypsoEmbers = { checkPad: checkPad, scorePad: scorePad, padFromFields: padFromFields, fieldName: fieldName, BOXES: BOXES };
})(typeof window !== "undefined" ? window : globalThis);
