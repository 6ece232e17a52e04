// Calypso scoresheets in the browser, for live feedback only: the same checks and scores as
// scoring/scores.py (RULES.md §5), with its figures (rules.js, from scoring/browser.py) and its
// words, so the phone and the server name the same problems. tests/js holds the two to it on
// thousands of sheets. The server re-checks and scores every sheet; this file decides nothing.
// A box left blank is "not typed yet" here (counted in blanks), not a problem.
// window.CalypsoScores.check(sheet) -> {problems, total, complete, blanks, deck}
// window.CalypsoScores.score(sheet) -> {majors, minors, net, players: {S: points...}} (sheet must check)
// window.CalypsoScores.checkCutthroat(sheet) -> {problems, total, deck, seats, complete, blanks}
// window.CalypsoScores.scoreCutthroat(sheet) -> {scores: {S: points...}, table_total} (sheet must check)
// window.CalypsoScores.checkTable(form, sheet, seats) / scoreTable(form, sheet, seats): a club night's
//   table of three (three-handed, split or neutralised) -> as checkCutthroat / {own, totals, nets}
// window.CalypsoScores.checkSheet(name, sheet, seats) / scoreSheet(name, sheet, seats): the check named
//   by the sheet's kind (its check_name: "partnership", "cutthroat" or a table of three's form), and
//   its scores as {majors, minors, net (partnership only), points: {S: points...}} (sheet must check)
// window.CalypsoScores.words(problem) -> the problem in the sheet's words ("Calypsos — ♠ player: ...")
(function (root) {
  "use strict";
  var C = root.CalypsoRules;
  if (!C) return;
  var K = C.rules.scores, WORDS = C.rules.words, repr = C.repr, isMapping = C.isMapping;
  var SEATS = K.seats.split(""), SIDES = K.directions, SIDE = K.side;
  var CALYPSO = K.calypso_cards, DECK = K.deck;
  var INTEGER = /^[ \t\n\r\f\v]*[+-]?[0-9]+[ \t\n\r\f\v]*$/;  // scoring.scores._INTEGER_TEXT
  var PARTS = ["calypsos", "unfinished", "trick_piles", "revokes"];

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  function calypsoPoints(n) {
    // 1st 500, 2nd 750, 3rd and later 1000 each: 0, 500, 1250, 2250, 3250...
    var values = K.calypso_values, sum = 0, i;
    for (i = 0; i < Math.min(n + 1, values.length); i++) sum += values[i];
    return n < values.length ? sum : sum + K.later_calypso * (n - values.length + 1);
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // The reading of one sheet: its values, what each was typed as (a 23-digit count is named as
  // typed), its problems in scoring's order, and the boxes still blank.
  function Reading() { this.problems = []; this.shown = {}; this.blanks = 0; }

  // scoring.scores._whole: a whole number, or null with a problem (or, for a blank box, a blank).
  Reading.prototype.whole = function (value, name, optional) {
    if (typeof value === "string" && value.trim() === "") {
      if (optional) return 0;  // a blank revoke box means none
      this.blanks++;
      return null;
    }
    if (typeof value === "number" && Number.isInteger(value)) { this.shown[name] = String(value); return value; }
    if (typeof value === "string" && INTEGER.test(value)) {
      var text = value.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "");
      var sign = text[0] === "-" ? "-" : "", digits = text.replace(/^[+-]/, "").replace(/^0+(?=[0-9])/, "");
      this.shown[name] = digits === "0" ? "0" : sign + digits;
      return parseInt(text, 10);
    }
    this.problems.push(name + " must be a whole number, not " + repr(value));
    return null;
  };

  // scoring.scores._counts: the mapping data[key] (names -> whole numbers).
  Reading.prototype.counts = function (data, key, names, required) {
    var raw = has(data, key) ? data[key] : null, result = {}, self = this;
    if (raw === null && !required) { names.forEach(function (n) { result[n] = 0; }); return result; }
    if (!isMapping(raw)) { this.problems.push(key + " must be an object with " + names.join(", ")); return result; }
    names.forEach(function (name) {
      if (!has(raw, name)) {
        if (required) self.problems.push(key + "." + name + " is missing"); else result[name] = 0;
        return;
      }
      var value = self.whole(raw[name], key + "." + name, !required);
      if (value !== null) result[name] = value;
    });
    Object.keys(raw).forEach(function (name) {
      if (names.indexOf(name) < 0) self.problems.push(key + ": " + repr(name) + " is not one of " + names.join(", "));
    });
    return result;
  };

  // scoring.scores._count_text: a count longer than K.count_digits characters is cut short.
  Reading.prototype.is = function (name, value) {
    var text = this.shown[name] || String(value);
    return name + " is " + (text.length <= K.count_digits ? text : text.slice(0, K.count_digits) + "…");
  };

  // scoring.scores._structure_problems' tail: keys that are not part of a sheet, then its header.
  Reading.prototype.header = function (data) {
    var self = this;
    Object.keys(data).forEach(function (key) {
      if (PARTS.indexOf(key) < 0 && key !== "format" && key !== "form") self.problems.push(repr(key) + " is not part of a scoresheet");
    });
    if (has(data, "format") && data.format !== K.sheet_format)
      this.problems.push("format is " + repr(data.format) + ", expected " + repr(K.sheet_format));
    if (has(data, "form") && K.forms.indexOf(data.form) < 0)
      this.problems.push("form is " + repr(data.form) + ", expected " + K.forms.map(repr).join(" or "));
  };

  // scoring.scores._pile_problems and _player_problems: [out of range, too many of one suit], with
  // each count's range and words from scoring.scores.count_ranges (K.ranges, by cards of a suit).
  Reading.prototype.ranges = function (v, deck, perSuit) {
    var ranged = [], tooMany = [], self = this, limits = K.ranges[String(perSuit)], most = limits.calypsos[0];
    Object.keys(v.p).forEach(function (k) {
      var name = "trick_piles." + k;
      if (v.p[k] < 0) ranged.push(self.is(name, v.p[k]) + ": counts cannot be negative");
      else if (v.p[k] > deck) ranged.push(self.is(name, v.p[k]) + ": a trick pile holds at most the " + deck + " cards in play");
    });
    var parts = [["calypsos", v.c], ["unfinished", v.u], ["revokes", v.r]];
    parts.forEach(function (part) {
      Object.keys(part[1]).forEach(function (s) {
        if (part[1][s] < 0) ranged.push(self.is(part[0] + "." + s, part[1][s]) + ": counts cannot be negative");
      });
    });
    parts.forEach(function (part) {
      var limit = limits[part[0]];
      Object.keys(part[1]).forEach(function (s) {
        if (part[1][s] > limit[0]) ranged.push(self.is(part[0] + "." + s, part[1][s]) + ": " + limit[1]);
      });
    });
    Object.keys(v.c).forEach(function (s) {
      if (!has(v.u, s)) return;
      var c = v.c[s], u = v.u[s], cards = CALYPSO * c + u;
      if (c >= 0 && c <= most && u >= 0 && u < CALYPSO && cards > perSuit)
        tooMany.push(s + ": " + c + " calypsos and " + u + " unfinished make " + cards + " cards of one suit; there are only " + perSuit + " (" + (cards - perSuit) + " too many)");
    });
    this.problems.push.apply(this.problems, ranged.concat(tooMany));
    return ranged.length > 0;
  };

  function sum(values) { return Object.keys(values).reduce(function (t, k) { return t + values[k]; }, 0); }

  // scoring.scores._conservation
  function conservation(v, deck) {
    var c = sum(v.c), u = sum(v.u), piles = sum(v.p), total = CALYPSO * c + u + piles;
    if (total === deck) return [];
    var gap = total - deck, how = gap < 0 ? plural(-gap, "card") + " missing" : plural(gap, "card") + " too many";
    var pileText = Object.keys(v.p).map(function (k) { return String(v.p[k]); }).join(" + ");
    return ["cards add up to " + total + ", not " + deck + ": " + how + " (calypsos " + CALYPSO + "×" + c + " = " + CALYPSO * c +
      ", unfinished " + u + ", trick piles " + pileText + " = " + piles + ")"];
  }

  function cardsSoFar(v) { return CALYPSO * sum(v.c) + sum(v.u) + sum(v.p); }

  function notASheet(sheet) { return ["a scoresheet must be an object, not " + C.typeName(sheet)]; }

  // scoring.scores.check_sheet
  function check(sheet) {
    if (!isMapping(sheet)) return { problems: notASheet(sheet), total: 0, complete: false, blanks: 0, deck: DECK };
    var read = new Reading(), v = {};
    v.c = read.counts(sheet, "calypsos", SEATS, true);
    v.u = read.counts(sheet, "unfinished", SEATS, true);
    v.p = read.counts(sheet, "trick_piles", SIDES, true);
    v.r = read.counts(sheet, "revokes", SEATS, false);
    read.header(sheet);
    var outOfRange = read.ranges(v, DECK, K.copies * CALYPSO);
    var complete = Object.keys(v.c).length === SEATS.length && Object.keys(v.u).length === SEATS.length &&
      Object.keys(v.p).length === SIDES.length;
    if (!outOfRange && complete) read.problems.push.apply(read.problems, conservation(v, DECK));
    return { problems: read.problems, total: cardsSoFar(v), complete: complete && read.blanks === 0, blanks: read.blanks, deck: DECK, values: v };
  }

  function score(sheet) {
    var v = check(sheet).values, players = {}, totals = { majors: 0, minors: 0 };
    SEATS.forEach(function (s) {
      players[s] = calypsoPoints(v.c[s]) + K.unfinished_points * v.u[s];
      totals[SIDE[s]] += players[s];
      // Each revoke gives 260 to the other partnership.
      totals[SIDE[s] === "majors" ? "minors" : "majors"] += K.revoke_points * (v.r[s] || 0);
    });
    SIDES.forEach(function (s) { totals[s] += K.trick_pile_points * v.p[s]; });
    return { majors: totals.majors, minors: totals.minors, net: totals.majors - totals.minors, players: players };
  }

  // scoring.scores.check_cutthroat: a trick pile per player; the seats are the keys of calypsos
  // (3 or 4 of S H D C; three-handed is one suit out of three packs, 117 cards).
  // scoring.scores._cutthroat_structure: a sheet with a trick pile per player, its seats the keys
  // of calypsos; {done: answer} when it is not such a sheet at all.
  function readSeats(sheet, deck) {
    var none = { total: 0, deck: deck, seats: [], complete: false, blanks: 0 };
    if (!isMapping(sheet)) { none.problems = notASheet(sheet); return { done: none }; }
    if (!isMapping(sheet.calypsos)) { none.problems = ["calypsos must be an object keyed by the players' suits"]; return { done: none }; }
    var seats = SEATS.filter(function (s) { return has(sheet.calypsos, s); });
    var read = new Reading(), v = {};
    if (seats.length !== 3 && seats.length !== 4) read.problems.push("cutthroat needs 3 or 4 players, calypsos names " + seats.length);
    v.c = read.counts(sheet, "calypsos", seats, true);
    v.u = read.counts(sheet, "unfinished", seats, true);
    v.p = read.counts(sheet, "trick_piles", seats, true);
    v.r = read.counts(sheet, "revokes", seats, false);
    read.header(sheet);
    return { seats: seats, read: read, v: v };
  }

  function checkCutthroat(sheet) {
    var found = readSeats(sheet, DECK);
    if (found.done) return found.done;
    var seats = found.seats, read = found.read, v = found.v;
    var copies = seats.length === 4 ? K.copies : K.three_handed_copies, deck = copies * CALYPSO * seats.length;
    var result = { problems: read.problems, total: 0, deck: deck, seats: seats, complete: false, blanks: read.blanks, values: v };
    if (!seats.length) return result;
    var outOfRange = read.ranges(v, deck, copies * CALYPSO);
    var complete = (seats.length === 3 || seats.length === 4) && Object.keys(v.c).length === seats.length &&
      Object.keys(v.u).length === seats.length && Object.keys(v.p).length === seats.length;
    if (!outOfRange && complete) read.problems.push.apply(read.problems, conservation(v, deck));
    result.total = cardsSoFar(v);
    result.complete = complete && read.blanks === 0;
    return result;
  }

  // scoring.scores._individual_scores: each player's own score, a trick pile per player.
  function ownScores(seats, v) {
    var scores = {};
    seats.forEach(function (s) {
      // Every other player is an opponent: each revoke gives 260 to each of them.
      var revokesByOthers = 0;
      seats.forEach(function (o) { if (o !== s) revokesByOthers += v.r[o] || 0; });
      scores[s] = calypsoPoints(v.c[s]) + K.unfinished_points * v.u[s] + K.trick_pile_points * v.p[s] +
        K.revoke_points * revokesByOthers;
    });
    return scores;
  }

  function scoreCutthroat(sheet) {
    var result = checkCutthroat(sheet), scores = ownScores(result.seats, result.values);
    return { scores: scores, table_total: sum(scores) };
  }

  // scoring.variants.check_neutralised: the cutthroat sheet of ♠ ♦ ♥ from 207 cards (a quad-deck
  // less the 2♣; ♣ is nobody's). Other players than ♠ ♦ ♥ stop the check there, as on the server.
  function checkNeutralised(sheet) {
    var plain = sheet;
    if (isMapping(sheet) && sheet.form === "neutralised") {
      plain = {};
      Object.keys(sheet).forEach(function (k) { if (k !== "form") plain[k] = sheet[k]; });
    }
    var deck = K.neutralised_deck, perSuit = K.copies * CALYPSO, found = readSeats(plain, deck);
    if (found.done) return found.done;
    var seats = found.seats, read = found.read, v = found.v;
    var players = K.neutralised_seats.split("");
    var wrong = seats.length !== players.length || seats.some(function (s) { return players.indexOf(s) < 0; });
    if (seats.length && wrong)
      read.problems.unshift("Neutralised Calypso is played by ♠ ♥ ♦ (S, H, D), not " + seats.join(" ") + ": ♣ is nobody's");
    var result = { problems: read.problems, total: cardsSoFar(v), deck: deck, seats: seats, complete: false, blanks: read.blanks, values: v };
    if (!seats.length || wrong) return result;  // other players than ♠ ♦ ♥: counts would only add noise
    var outOfRange = read.ranges(v, deck, perSuit);
    var complete = Object.keys(v.c).length === 3 && Object.keys(v.u).length === 3 && Object.keys(v.p).length === 3;
    if (!outOfRange && complete) read.problems.push.apply(read.problems, conservation(v, deck));
    result.complete = complete && read.blanks === 0;
    return result;
  }

  // scoring.variants.check_table_sheet: the sheet of a club night's table of three, played as
  // form ("three-handed", "split", "neutralised", "neutralised-split") in seats (clockwise, e.g. "SHC").
  function checkTable(form, sheet, seats) {
    if (K.neutralised_forms.indexOf(form) >= 0) return checkNeutralised(sheet);
    var result = checkCutthroat(sheet), named = result.seats, want = seats.split("");
    if (named.length && (named.length !== want.length || named.some(function (s) { return want.indexOf(s) < 0; }))) {
      var marks = want.map(function (s) { return C.rules.cards.symbols[s]; }).join(" ");
      result.problems.unshift("this table is played by " + marks + " (" + want.join(", ") + "), not " + named.join(" "));
    }
    return result;
  }

  // scoring.variants.score_table_sheet: own (cutthroat) scores, split totals (own + the right-hand
  // player's own, seated clockwise as seats) and the tally figures (tableNets). Sheet must check.
  function scoreTable(form, sheet, seats) {
    var order = seats.split(""), own = ownScores(order, checkTable(form, sheet, seats).values);
    var totals = {}, nets = {}, all = 0;
    order.forEach(function (s, i) {
      var split = K.split_forms.indexOf(form) >= 0;
      totals[s] = split ? own[s] + own[order[(i + order.length - 1) % order.length]] : own[s];
      all += totals[s];
    });
    return { own: own, totals: totals, nets: tableNets(order, totals, all) };
  }

  // scoring.variants.table_nets: each player's total less the average of the others' at the table,
  // (n × total − all) / (n − 1), on a four's scale; rounded down, the units left over one each to
  // the largest remainders (the higher figure first, then the earlier seat): the table adds up to 0.
  function tableNets(order, totals, all) {
    var others = order.length - 1, raw = {}, nets = {}, left = 0;
    if (others < 1) { order.forEach(function (s) { nets[s] = 0; }); return nets; }
    order.forEach(function (s) {
      raw[s] = order.length * totals[s] - all;
      nets[s] = Math.floor(raw[s] / others);
      left -= nets[s];
    });
    function rest(s) { return ((raw[s] % others) + others) % others; }
    order.slice().sort(function (a, b) {
      return rest(b) - rest(a) || raw[b] - raw[a] || order.indexOf(a) - order.indexOf(b);
    }).slice(0, left).forEach(function (s) { nets[s] += 1; });
    return nets;
  }

  // The pages' one way in: the kind of sheet names its check (director.sheets: check_name), and its
  // scores come back alike whatever the kind — per seat in points, partnership totals when it has them.
  function checkSheet(name, sheet, seats) {
    if (name === "partnership") return check(sheet);
    if (name === "cutthroat") return checkCutthroat(sheet);
    return checkTable(name, sheet, seats);
  }

  function scoreSheet(name, sheet, seats) {
    if (name === "partnership") {
      var scored = score(sheet);
      return { majors: scored.majors, minors: scored.minors, net: scored.net, points: scored.players };
    }
    if (name === "cutthroat") return { points: scoreCutthroat(sheet).scores };
    return { points: scoreTable(name, sheet, seats).totals };  // split: own + the right-hand player's
  }

  // scoring.scores.in_sheet_words: field paths become the sheet's words.
  var RULES = WORDS.rules.map(function (rule) { return { pattern: new RegExp(rule[0], "g"), kind: rule[1] }; });
  function words(problem) {
    var sections = WORDS.sections, places = WORDS.places;
    RULES.forEach(function (rule) {
      problem = problem.replace(rule.pattern, function (match, a, b, follows) {
        if (rule.kind === "seat") return places[a] + ": ";
        if (rule.kind === "section") return sections[a];
        var label = sections[a] + " — " + places[b];
        if (follows === " must be") return label + ": must be";
        return follows === " is missing" ? label + ": missing" : label;
      });
    });
    return problem;
  }

  root.CalypsoScores = {
    check: check, score: score, checkCutthroat: checkCutthroat, scoreCutthroat: scoreCutthroat,
    checkNeutralised: checkNeutralised, checkTable: checkTable, scoreTable: scoreTable,
    tableNets: function (totals) {  // scoring.variants.table_nets of {seat: total}, seats in the object's order
      var order = Object.keys(totals), all = 0;
      order.forEach(function (s) { all += totals[s]; });
      return tableNets(order, totals, all);
    },
    checkSheet: checkSheet, scoreSheet: scoreSheet,
    calypsoPoints: calypsoPoints, words: words, SEATS: SEATS, DECK: DECK
  };
  // A sheet's reading (whole numbers, counts, ranges in scoring.scores' words), for the Embers kind's embers.js.
  root.CalypsoScores.Reading = Reading;
})(typeof window !== "undefined" ? window : globalThis);
