// Calypso scoring in the browser, for live feedback only: mirrors scoring/scores.py (RULES.md §5).
// The server re-checks and scores every sheet; this file never decides anything.
// window.CalypsoScores.check(sheet) -> {problems, total, complete}
// window.CalypsoScores.score(sheet) -> {majors, minors, net, players: {S: points...}} (sheet must check)
// window.CalypsoScores.checkCutthroat(sheet) -> {problems, total, deck, seats, complete}
// window.CalypsoScores.scoreCutthroat(sheet) -> {scores: {S: points...}, table_total} (sheet must check)
(function (root) {
  "use strict";
  var SEATS = ["S", "H", "D", "C"];
  var SIDES = ["majors", "minors"];
  var SIDE = { S: "majors", H: "majors", D: "minors", C: "minors" };
  var DECK = 208, CALYPSO = 13, PER_SUIT = 52;
  var UNFINISHED_POINTS = 20, PILE_POINTS = 10, REVOKE_POINTS = 260;

  function calypsoPoints(n) {
    // 1st 500, 2nd 750, 3rd and later 1000 each: 0, 500, 1250, 2250, 3250...
    if (n <= 0) return 0;
    if (n === 1) return 500;
    return 1250 + 1000 * (n - 2);
  }

  // A whole number from text ("" -> null: not typed yet; NaN: not a number).
  function whole(text) {
    if (text === undefined || text === null) return null;
    var s = String(text).trim();
    if (s === "") return null;
    return /^[+-]?\d+$/.test(s) ? parseInt(s, 10) : NaN;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // A count above its limit is named; returns true when it is (as is a negative one, named on reading).
  function ranged(problems, section, key, value, most, why) {
    if (value === undefined || value < 0) return value < 0;
    if (value > most) { problems.push(section + "." + key + " is " + value + ": " + why); return true; }
    return false;
  }

  // scoring.scores._player_problems: counts out of their own range (then no card total is built from
  // them: it would say nothing), and players with more cards of their suit than exist (the total
  // still follows). Returns whether any count was out of range, negative ones included.
  function ranges(problems, seats, c, u, r, perSuit) {
    var most = perSuit / CALYPSO, out = problems.some(function (p) { return / is -\d+: /.test(p); });
    seats.forEach(function (s) {
      if (ranged(problems, "calypsos", s, c[s], most, "a player completes at most " + most + " calypsos (" + perSuit + " cards)")) out = true;
      if (ranged(problems, "unfinished", s, u[s], CALYPSO - 1, "an unfinished calypso holds 0–12 cards")) out = true;
      if (ranged(problems, "revokes", s, r[s], perSuit, "a player makes at most " + perSuit + " revokes (one a trick)")) out = true;
    });
    seats.forEach(function (s) {
      if (c[s] !== undefined && u[s] !== undefined && c[s] >= 0 && c[s] <= most && u[s] >= 0 && u[s] < CALYPSO && CALYPSO * c[s] + u[s] > perSuit)
        problems.push(s + ": " + c[s] + " calypsos and " + u[s] + " unfinished make " + (CALYPSO * c[s] + u[s]) + " cards of one suit; there are only " + perSuit);
    });
    return out;
  }

  // sheet: {calypsos: {S..}, unfinished: {S..}, trick_piles: {majors, minors}, revokes: {S..}} of text or numbers.
  function check(sheet) {
    var problems = [], blanks = 0, c = {}, u = {}, p = {}, r = {};
    function read(section, key, into, optional) {
      var v = whole((sheet[section] || {})[key]);
      if (v === null) { if (optional) { into[key] = 0; } else { blanks++; } return; }
      if (isNaN(v)) { problems.push(section + "." + key + " must be a whole number"); return; }
      if (v < 0) problems.push(section + "." + key + " is " + v + ": counts cannot be negative");
      into[key] = v;
    }
    SEATS.forEach(function (s) { read("calypsos", s, c); read("unfinished", s, u); read("revokes", s, r, true); });
    SIDES.forEach(function (s) { read("trick_piles", s, p); });
    var outOfRange = ranges(problems, SEATS, c, u, r, PER_SUIT);
    SIDES.forEach(function (s) { if (ranged(problems, "trick_piles", s, p[s], DECK, "a trick pile holds at most the " + DECK + " cards in play")) outOfRange = true; });
    var total = 0;
    SEATS.forEach(function (s) { total += CALYPSO * (c[s] || 0) + (u[s] || 0); });
    SIDES.forEach(function (s) { total += p[s] || 0; });
    var complete = blanks === 0 && Object.keys(c).length === 4 && Object.keys(u).length === 4 && Object.keys(p).length === 2;
    if (complete && !outOfRange && total !== DECK) {
      var gap = total - DECK;
      problems.push("cards add up to " + total + ", not 208: " + (gap < 0 ? plural(-gap, "card") + " missing" : plural(gap, "card") + " too many"));
    }
    return { problems: problems, total: total, complete: complete, blanks: blanks, values: { c: c, u: u, p: p, r: r } };
  }

  function score(sheet) {
    var v = check(sheet).values, players = {}, totals = { majors: 0, minors: 0 };
    SEATS.forEach(function (s) {
      players[s] = calypsoPoints(v.c[s] || 0) + UNFINISHED_POINTS * (v.u[s] || 0);
      totals[SIDE[s]] += players[s];
      // Each revoke gives 260 to the other partnership.
      totals[SIDE[s] === "majors" ? "minors" : "majors"] += REVOKE_POINTS * (v.r[s] || 0);
    });
    SIDES.forEach(function (s) { totals[s] += PILE_POINTS * (v.p[s] || 0); });
    return { majors: totals.majors, minors: totals.minors, net: totals.majors - totals.minors, players: players };
  }

  // Cutthroat (scoring.scores.check_cutthroat / score_cutthroat): a trick pile per player, four
  // individual scores; three-handed (three seats named) is one suit out of three packs, 117 cards.
  // sheet: {calypsos: {S..}, unfinished: {S..}, trick_piles: {S..}, revokes: {S..}}; the seats are
  // the keys of calypsos (3 or 4 of S H D C).
  function cutthroatSeats(sheet) {
    var named = sheet.calypsos || {};
    return SEATS.filter(function (s) { return Object.prototype.hasOwnProperty.call(named, s); });
  }

  function checkCutthroat(sheet) {
    var seats = cutthroatSeats(sheet), problems = [], blanks = 0, c = {}, u = {}, p = {}, r = {};
    var copies = seats.length === 4 ? 4 : 3, perSuit = copies * CALYPSO, deck = perSuit * seats.length;
    if (seats.length !== 3 && seats.length !== 4) problems.push("cutthroat needs 3 or 4 players, calypsos names " + seats.length);
    function read(section, key, into, optional) {
      var v = whole((sheet[section] || {})[key]);
      if (v === null) { if (optional) { into[key] = 0; } else { blanks++; } return; }
      if (isNaN(v)) { problems.push(section + "." + key + " must be a whole number"); return; }
      if (v < 0) problems.push(section + "." + key + " is " + v + ": counts cannot be negative");
      into[key] = v;
    }
    seats.forEach(function (s) {
      read("calypsos", s, c); read("unfinished", s, u); read("trick_piles", s, p); read("revokes", s, r, true);
    });
    var outOfRange = ranges(problems, seats, c, u, r, perSuit);
    seats.forEach(function (s) { if (ranged(problems, "trick_piles", s, p[s], deck, "a trick pile holds at most the " + deck + " cards in play")) outOfRange = true; });
    var total = 0;
    seats.forEach(function (s) { total += CALYPSO * (c[s] || 0) + (u[s] || 0) + (p[s] || 0); });
    var complete = blanks === 0 && (seats.length === 3 || seats.length === 4) &&
      Object.keys(c).length === seats.length && Object.keys(u).length === seats.length && Object.keys(p).length === seats.length;
    if (complete && !outOfRange && total !== deck) {
      var gap = total - deck;
      problems.push("cards add up to " + total + ", not " + deck + ": " + (gap < 0 ? plural(-gap, "card") + " missing" : plural(gap, "card") + " too many"));
    }
    return { problems: problems, total: total, deck: deck, seats: seats, complete: complete, blanks: blanks, values: { c: c, u: u, p: p, r: r } };
  }

  function scoreCutthroat(sheet) {
    var result = checkCutthroat(sheet), v = result.values, scores = {}, total = 0;
    result.seats.forEach(function (s) {
      // Every other player is an opponent: each revoke gives 260 to each of them.
      var revokesByOthers = 0;
      result.seats.forEach(function (o) { if (o !== s) revokesByOthers += v.r[o] || 0; });
      scores[s] = calypsoPoints(v.c[s] || 0) + UNFINISHED_POINTS * (v.u[s] || 0) + PILE_POINTS * (v.p[s] || 0) +
        REVOKE_POINTS * revokesByOthers;
      total += scores[s];
    });
    return { scores: scores, table_total: total };
  }

  root.CalypsoScores = {
    check: check, score: score, checkCutthroat: checkCutthroat, scoreCutthroat: scoreCutthroat,
    calypsoPoints: calypsoPoints, SEATS: SEATS, DECK: DECK
  };
})(window);
