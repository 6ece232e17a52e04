// Calypso scoring in the browser, for live feedback only: mirrors scoring/scores.py (RULES.md §5).
// The server re-checks and scores every sheet; this file never decides anything.
// window.CalypsoScores.check(sheet) -> {problems, total, complete}
// window.CalypsoScores.score(sheet) -> {majors, minors, net, players: {S: points...}} (sheet must check)
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
    SEATS.forEach(function (s) {
      if (u[s] !== undefined && u[s] >= CALYPSO) problems.push("unfinished." + s + " is " + u[s] + ": an unfinished calypso holds 0–12 cards");
      if (c[s] !== undefined && u[s] !== undefined && c[s] >= 0 && u[s] >= 0 && u[s] < CALYPSO && CALYPSO * c[s] + u[s] > PER_SUIT)
        problems.push(s + ": " + c[s] + " calypsos and " + u[s] + " unfinished make " + (CALYPSO * c[s] + u[s]) + " cards of one suit; there are only 52");
    });
    var total = 0;
    SEATS.forEach(function (s) { total += CALYPSO * (c[s] || 0) + (u[s] || 0); });
    SIDES.forEach(function (s) { total += p[s] || 0; });
    var complete = blanks === 0 && Object.keys(c).length === 4 && Object.keys(u).length === 4 && Object.keys(p).length === 2;
    if (complete && total !== DECK) {
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

  root.CalypsoScores = { check: check, score: score, calypsoPoints: calypsoPoints, SEATS: SEATS, DECK: DECK };
})(window);
