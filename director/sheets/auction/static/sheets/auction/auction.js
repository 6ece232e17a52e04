// Auction Calypso's score pad in the browser, for live feedback only: the same checks, outcomes and
// scores as scoring/auction/ (AUCTION.md §5–§6), with its figures (rules.js: the "auction" part
// of scoring/browser.py, and the event's own score values passed in) and its words, so the phone
// and the server name the same problems. tests/js holds the two to it on thousands of hands and
// pads. The server re-checks and scores every pad; this file decides nothing.
//
// window.CalypsoAuction:
//   values(overrides) -> the score values (AuctionValues: the rules' defaults, then the event's)
//   parseBid(text), parseContract(text, declarer) -> {points, calypsos, suit} / {bid, doubled, declarer}
//   bidText(bid), contractText(contract) -> "1 & 290♥", "1 & 290♥ XX by H"
//   checkHand(declarers, defenders) -> [problems]               (scoring.auction.check_hand)
//   handFromDict(hand, values) -> HandScore.to_dict(), or throws  (scoring.auction.hand_from_dict)
//   scorePad(hands, values) -> [[score, totals]...], or throws     (scoring.auction.score_pad)
//   pad(hands, values) -> each hand's score or problem, sell asked, running totals (for the page)
//   handFromFields(fields) -> {hand, blanks}: a pad row's boxes as a hand (director/sheets/auction/boxes.py)
//   cardsSoFar(fields) -> {total, deck}: the T and P typed so far in a row's boxes
// Three-handed Auction (scoring.auction.three, AUCTION.md §8), scored from what each player took:
//   threeValues(overrides) -> ThreeHandedValues; parseThreeContract(text) -> {bid, doubled}
//   checkThreeHand(played) -> [problems]; scoreThreeHand(contract, declarer, played, sell, miserePoints, v)
//   threeHandFromDict(hand, players, v) -> ThreeHandScore.to_dict(), or throws
//   scoreThreePad(players, hands, v) -> [[score, totals]...], or throws (score_three_handed_pad)
// Problems are thrown as Errors named "AuctionError" whose message is the engine's, word for word.
(function (root) {
  "use strict";
  var C = root.CalypsoRules;
  if (!C) return;
  var A = C.rules.auction, SYMBOLS = C.rules.cards.symbols, ALIAS = C.rules.cards.suit_aliases;
  var repr = C.repr, isMapping = C.isMapping;
  var HAND_CARDS = A.hand_cards, CALYPSO_CARDS = A.calypso_cards, SIDES = A.sides;
  var BID_HINT = " is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)";
  var SUIT_HINT = " is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)";
  var SEAT_HINT = " is not a seat (seats are S, H, D, C; N E S W are S D H C)";

  // Python's str.isspace() (and re's \s): strip() and the patterns below use exactly these.
  var SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  var STRIP = new RegExp("^[" + SPACE + "]+|[" + SPACE + "]+$", "gu");
  var DIGITS = /^\p{Nd}+$/u, DIGIT = /^\p{Nd}$/u;
  // scoring.auction.bidding._BID and _CONTRACT (re.IGNORECASE; the contract's also re.DOTALL)
  var BID = new RegExp("^(?:(\\p{Nd}+)[" + SPACE + "]*(?:&|and)[" + SPACE + "]*)?(\\p{Nd}+)[" + SPACE + "]*([^" + SPACE + "])$", "iu");
  var CONTRACT = new RegExp("^(.*?)[" + SPACE + "]*(XX|X|)[" + SPACE + "]*(?:by[" + SPACE + "]+([^" + SPACE + "]+))?$", "isu");

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function plural(n, word) { return word + (n === 1 ? "" : "s"); }
  function strip(text) { return text.replace(STRIP, ""); }
  function clean(text) { return strip(text.replace(/\uFE0F/g, "")); }

  function AuctionError(message) { var error = new Error(message); error.name = "AuctionError"; return error; }
  function fail(message) { throw AuctionError(message); }

  // Python's sorted() of strings: by code point (JavaScript's sort compares UTF-16 units).
  function byCodePoint(a, b) {
    var x = Array.from(a), y = Array.from(b);
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
    }
    return x.length - y.length;
  }

  // int() of decimal digits of any script: Unicode encodes each script's 0–9 as a run of ten, so a
  // digit's value is its distance from the start of its runs, modulo 10.
  function digitValue(ch) {
    var code = ch.codePointAt(0), back = 0;
    while (DIGIT.test(String.fromCodePoint(code - back - 1))) back++;
    return back % 10;
  }
  function decimal(text) {
    return Array.from(text).reduce(function (n, ch) { return n * 10 + digitValue(ch); }, 0);
  }

  // scoring.auction.values._whole
  function whole(value, what) {
    if (typeof value === "number" && Number.isInteger(value)) return value;
    if (typeof value === "string" && DIGITS.test(strip(value))) return decimal(strip(value));
    return fail(what + " must be a whole number, not " + repr(value));
  }

  function isSeat(value) { return typeof value === "string" && A.seats.indexOf(value) >= 0 && value.length === 1; }
  function checkSeat(seat) { if (!isSeat(seat)) fail(repr(seat) + SEAT_HINT); return seat; }

  // scoring.cards.parse_suit: a letter or symbol -> S/H/D/C, null if it is not a suit
  function suitOf(text) {
    var upper = clean(text).toUpperCase();
    return has(ALIAS, upper) ? ALIAS[upper] : null;
  }

  function values(overrides) {
    var out = {};
    Object.keys(A.values).forEach(function (key) { out[key] = A.values[key]; });
    if (isMapping(overrides)) Object.keys(overrides).forEach(function (key) { if (has(out, key)) out[key] = overrides[key]; });
    return out;
  }

  // --- bids and contracts: scoring.auction.Bid and Contract ---------------------------------------

  function makeBid(points, calypsos, suit) {
    points = whole(points, "a bid's points");
    calypsos = whole(calypsos, "a bid's calypsos");
    if (points < A.minimum_bid) fail("a bid is at least " + A.minimum_bid + " points, not " + points);
    if (points % A.points_step) fail("a bid's points are a multiple of " + A.points_step + ", not " + points);
    if (calypsos < 0 || calypsos > A.max_calypsos) fail("a bid names 0 to " + A.max_calypsos + " calypsos, not " + calypsos);
    var letter = typeof suit === "string" ? suitOf(suit) : null;
    if (letter === null) fail(repr(suit) + SUIT_HINT);
    return { points: points, calypsos: calypsos, suit: letter };
  }

  function parseBid(text) {
    if (typeof text !== "string") fail(repr(text) + BID_HINT);
    var match = BID.exec(clean(text));
    if (match === null) fail(repr(text) + BID_HINT);
    var suit = suitOf(match[3]);
    if (suit === null) fail(repr(text) + ": " + repr(match[3]) + SUIT_HINT);
    try {
      return makeBid(decimal(match[2]), match[1] === undefined ? 0 : decimal(match[1]), suit);
    } catch (error) {
      return fail(repr(text) + ": " + error.message);
    }
  }

  function bidText(bid) {
    var text = bid.points + SYMBOLS[bid.suit];
    return bid.calypsos ? bid.calypsos + " & " + text : text;
  }

  function parseContract(text, declarer) {
    if (typeof text !== "string") fail(repr(text) + " is not a contract (e.g. 1 & 290♥ X)");
    var match = CONTRACT.exec(clean(text)), seat = match[3];
    if (declarer === undefined) declarer = null;
    if (seat !== undefined) {
      seat = seat.toUpperCase();
      if (declarer !== null && declarer !== seat) fail(repr(text) + " names declarer " + seat + ", not " + declarer);
      declarer = seat;
    }
    var bid = parseBid(match[1]);
    if (declarer !== null) checkSeat(declarer);
    return { bid: bid, doubled: match[2].length, declarer: declarer };
  }

  function contractText(contract) {
    var text = bidText(contract.bid) + ["", " X", " XX"][contract.doubled];
    return contract.declarer ? text + " by " + contract.declarer : text;
  }

  // --- one hand: scoring.auction.SideHand, check_hand, contract_points, score_hand -----------------

  function sideFromDict(data, who) {
    if (!isMapping(data)) fail(who + ": expected an object with trick_pile, added, calypsos, cards_required");
    var known = ["trick_pile", "added", "calypsos", "cards_required"];
    var unknown = Object.keys(data).filter(function (k) { return known.indexOf(k) < 0; }).sort(byCodePoint);
    if (unknown.length) fail(who + ": unknown field " + unknown.map(repr).join(", "));
    var missing = known.slice(0, 3).filter(function (k) { return !has(data, k); });
    if (missing.length) fail(who + ": " + missing.join(", ") + " missing");
    var required = has(data, "cards_required") ? data.cards_required : [];
    if (!Array.isArray(required)) fail(who + ".cards_required must be a list of numbers, not " + repr(required));
    return {
      trick_pile: whole(data.trick_pile, who + ".trick_pile"),
      added: whole(data.added, who + ".added"),
      calypsos: whole(data.calypsos, who + ".calypsos"),
      cards_required: required.map(function (r, i) { return whole(r, who + ".cards_required[" + i + "]"); }),
    };
  }

  // scoring.auction.pad.side_problems: [problems, counted] of one side's (or player's) counts
  function sideProblems(side, owner, subject, handCards, everyCalypso) {
    var problems = [], bad = false, counted = true;
    var counts = [["trick pile", side.trick_pile], ["added", side.added], ["calypsos", side.calypsos]];
    side.cards_required.forEach(function (r, i) { counts.push(["cards required #" + (i + 1), r]); });
    counts.forEach(function (count) {
      if (typeof count[1] !== "number" || !Number.isInteger(count[1])) {
        problems.push(owner + " " + count[0] + " must be a whole number, not " + repr(count[1]));
        bad = true;
      } else if (count[1] < 0) {
        problems.push(owner + " " + count[0] + " is " + count[1] + ": counts cannot be negative");
        bad = true;
      }
    });
    if (bad) return [problems, false];
    if (side.trick_pile > handCards || side.added > handCards) {
      problems.push(owner + " counts are over the " + handCards + " cards of a hand");
      counted = false;
    }
    var required = side.cards_required, c = side.calypsos, n = required.length;
    if ((n || everyCalypso) && n !== c) {
      problems.push(subject + " completed " + c + " " + plural(c, "calypso") + " but " + n + " cards-required " +
        plural(n, "value") + " " + (n !== 1 ? "are" : "is") + " given (one per calypso)");
    }
    required.forEach(function (r, i) {
      if (r < 1 || r > CALYPSO_CARDS) {
        problems.push(owner + " calypso #" + (i + 1) + " needed " + r + " cards: a calypso completed in a hand needed 1 to 13");
      }
    });
    var needed = n ? required.reduce(function (t, r) { return t + r; }, 0) : c;
    if (needed > side.added) {
      problems.push(subject + " completed " + c + " " + plural(c, "calypso") + " needing " + needed + " " +
        plural(needed, "card") + " but added only " + side.added + " this hand");
    }
    return [problems, counted];
  }

  function checkHand(declarers, defenders) {
    var problems = [], inRange = true;
    [["declarers", declarers], ["defenders", defenders]].forEach(function (pair) {
      var found = sideProblems(pair[1], pair[0] + "'", pair[0], HAND_CARDS, false);
      problems.push.apply(problems, found[0]);
      inRange = inRange && found[1];
    });
    if (inRange) {
      var total = declarers.trick_pile + declarers.added + defenders.trick_pile + defenders.added;
      if (total !== HAND_CARDS) {
        var gap = HAND_CARDS - total;
        var what = gap > 0 ? gap + " " + plural(gap, "card") + " missing" : -gap + " too many";
        problems.push("cards add up to " + total + ", not " + HAND_CARDS + ": " + what + " (declarers T " +
          declarers.trick_pile + " + P " + declarers.added + ", defenders T " + defenders.trick_pile + " + P " + defenders.added + ")");
      }
    }
    return problems;
  }

  function bonus(v, required) { return v.first_card + v.further_card * (required - 1); }

  function contractPoints(contract, declarers, v) {
    var bid = contract.bid, t = declarers.trick_pile, points = v.declarer_card * t;
    var lines = ["trick pile: " + t + " × " + v.declarer_card + " = " + points];
    if (bid.calypsos && declarers.calypsos >= bid.calypsos) {
      var required = declarers.cards_required;
      if (required.length < bid.calypsos) {
        fail("declarers made their " + bid.calypsos + " " + plural(bid.calypsos, "calypso") +
          ": the cards each still needed before the hand are required for the bonus");
      }
      required.slice(0, bid.calypsos).forEach(function (r, i) {
        var b = bonus(v, r);
        points += b;
        lines.push("calypso #" + (i + 1) + " bid and made, " + r + " " + plural(r, "card") + " needed: " +
          v.first_card + " + " + v.further_card + " × " + (r - 1) + " = " + b);
      });
    }
    lines.push("contract points " + points + " against " + bid.points + " bid");
    return [points, lines];
  }

  function scoreHand(contract, declarers, defenders, sell, v) {
    v = v || values();
    if (sell === undefined) sell = null;
    var problems = checkHand(declarers, defenders);
    if (problems.length) fail(problems.join("; "));
    var bid = contract.bid, factor = A.factors[contract.doubled];
    var counted = contractPoints(contract, declarers, v), pts = counted[0], lines = counted[1];
    lines.unshift("contract " + contractText(contract) + " (" + A.doubled_words[contract.doubled] + ", ×" + factor + ")");
    var deficit = Math.max(0, bid.points - pts), cap = v.sell_price * declarers.added, outcome;
    var capText = declarers.added + " × " + v.sell_price + " = " + cap;
    if (declarers.calypsos < bid.calypsos) {
      outcome = "loss";
      lines.push("calypsos: " + declarers.calypsos + " made of " + bid.calypsos + " bid — lost outright");
    } else if (pts >= bid.points) {
      outcome = "win";
    } else if (deficit <= cap) {
      outcome = "limbo";
      lines.push("limbo: " + deficit + " short, within the selling cap " + capText);
    } else {
      outcome = "loss";
      lines.push(deficit + " short, over the selling cap " + capText + " — lost");
    }
    if (outcome === "limbo") {
      if (typeof sell !== "boolean") {
        fail("the contract is in limbo (" + deficit + " points short, within the selling cap of " + cap +
          "): sell must be true or false" + (sell === null ? "" : ", not " + repr(sell)));
      }
      outcome = sell ? "limbo-sold" : "limbo-unsold";
    } else if (sell !== null) {
      fail("sell is asked only when the contract is in limbo; this hand is " + outcome);
    }
    var sold = 0, extra = A.limbo_extra[contract.doubled], score;
    if (outcome === "win") {
      score = (bid.points + Math.floor((pts - bid.points) / 2)) * factor;
      lines.push("won: (" + bid.points + " + overpoints " + (pts - bid.points) + " / 2) × " + factor + " = " + score);
    } else if (outcome === "limbo-sold") {
      sold = Math.ceil(deficit / v.sell_price);
      score = bid.points + pts * extra;
      lines.push("sold " + sold + " " + plural(sold, "card") + " (" + deficit + " short at " + v.sell_price + " each): " +
        bid.points + (extra ? " + " + pts + " × " + extra : "") + " = " + score);
    } else if (outcome === "limbo-unsold") {
      score = -(bid.points + deficit) - deficit * extra;
      lines.push("not sold: −(" + bid.points + " + " + deficit + ") − " + deficit + " × " + extra + " = " + score);
    } else {
      score = -(bid.points + deficit) * factor;
      lines.push("lost: −(" + bid.points + " + " + deficit + ") × " + factor + " = " + score);
    }
    var made = outcome === "win" || outcome === "limbo-sold";
    var declarerCalypsos = made ? v.calypso * declarers.calypsos : 0, bidBonus = made ? v.calypso_bid * bid.calypsos : 0;
    if (declarers.calypsos) {
      lines.push(made ? "declarers' calypsos: " + declarers.calypsos + " × " + v.calypso + " = " + declarerCalypsos
        : "declarers' " + declarers.calypsos + " calypso(s) score nothing: the contract failed");
    }
    if (bidBonus) lines.push("calypsos bid and made: " + bid.calypsos + " × " + v.calypso_bid + " = " + bidBonus);
    var defenderCalypsos = v.calypso * defenders.calypsos, defenderCards = v.defender_card * defenders.trick_pile;
    lines.push("defenders: " + defenders.calypsos + " calypso(s) × " + v.calypso + " + " + defenders.trick_pile + " cards × " +
      v.defender_card + " = " + (defenderCalypsos + defenderCards));
    var total = score + declarerCalypsos + bidBonus;
    lines.push("hand: declarers " + total + ", defenders " + (defenderCalypsos + defenderCards));
    var result = {
      contract: contractText(contract), outcome: outcome, contract_points: pts, deficit: deficit, sold: sold,
      contract_score: score, declarer_calypsos: declarerCalypsos, calypso_bid_bonus: bidBonus,
      defender_calypsos: defenderCalypsos, defender_cards: defenderCards,
      declarers: total, defenders: defenderCalypsos + defenderCards, lines: lines,
    };
    if (contract.declarer) {
      var side = A.side_of[contract.declarer];
      result.sides = {};
      result.sides[side] = total;
      result.sides[SIDES[1 - SIDES.indexOf(side)]] = result.defenders;
    }
    return result;
  }

  var HAND_KEYS = ["format", "contract", "declarer", "declarers", "defenders", "sell"];

  function given(data, key) { return has(data, key) && data[key] !== null ? data[key] : null; }

  function handFromDict(data, v) {
    if (!isMapping(data)) fail("an Auction hand is a JSON object with contract, declarers, defenders");
    var format = has(data, "format") ? data.format : A.hand_format;
    if (format !== A.hand_format) fail("format " + repr(format) + " is not " + repr(A.hand_format));
    var unknown = Object.keys(data).filter(function (k) { return HAND_KEYS.indexOf(k) < 0; }).sort(byCodePoint);
    if (unknown.length) fail("unknown field " + unknown.map(repr).join(", "));
    if (!has(data, "contract")) fail('contract missing (e.g. "1 & 290♥ X")');
    var declarer = given(data, "declarer");
    if (declarer !== null) checkSeat(declarer);
    var contract = parseContract(data.contract, declarer), sell = given(data, "sell");
    if (sell !== null && typeof sell !== "boolean") fail("sell must be true or false, not " + repr(sell));
    return scoreHand(contract, sideFromDict(given(data, "declarers"), "declarers"),
      sideFromDict(given(data, "defenders"), "defenders"), sell, v);
  }

  // One hand of a pad, as score_pad reads it (the declarer is needed to know the sides).
  function padHand(data, v) {
    var score = handFromDict(data, v);
    if (!score.sides) fail('the declarer is needed to know which side scores what (e.g. "declarer": "H")');
    return score;
  }

  function numbered(number, error) {
    if (error.name !== "AuctionError") throw error;
    return AuctionError("hand " + number + ": " + error.message);
  }

  function scorePad(hands, v) {
    if (!Array.isArray(hands) || !hands.length) fail("a score pad is a list of hands");
    var totals = {}, out = [];
    SIDES.forEach(function (s) { totals[s] = 0; });
    hands.forEach(function (data, i) {
      var score;
      try { score = padHand(data, v); } catch (error) { throw numbered(i + 1, error); }
      SIDES.forEach(function (s) { totals[s] += score.sides[s]; });
      out.push([score, Object.assign({}, totals)]);
    });
    return out;
  }

  // Is the hand in limbo, so that the sell choice is asked? (It is when it scores with sell true.)
  function sellAsked(data, v) {
    if (!isMapping(data)) return false;
    try { return handFromDict(Object.assign({}, data, { sell: true }), v).outcome === "limbo-sold"; } catch (error) {
      if (error.name !== "AuctionError") throw error;
      return false;
    }
  }

  // The page's reading of a pad: every hand scored or its problem named (as score_pad would name
  // it), whether sell is asked, and the running totals up to the first hand with a problem.
  function pad(hands, v) {
    v = v || values();
    var totals = {}, stopped = null, rows;
    SIDES.forEach(function (s) { totals[s] = 0; });
    rows = hands.map(function (data, i) {
      var row = { number: i + 1, score: null, problem: null, sellAsked: sellAsked(data, v), totals: null };
      try { row.score = padHand(data, v); } catch (error) { row.problem = numbered(i + 1, error).message; }
      if (row.problem !== null && stopped === null) stopped = row.problem;
      if (row.score && stopped === null) {
        SIDES.forEach(function (s) { totals[s] += row.score.sides[s]; });
        row.totals = Object.assign({}, totals);
      }
      return row;
    });
    return { hands: rows, totals: totals, problem: stopped, complete: hands.length > 0 && stopped === null };
  }

  // --- a pad row's boxes: director/sheets/auction/boxes.py (hand_from_fields), word for word -----------

  var SIDE_BOXES = ["trick_pile", "added", "calypsos", "cards_required"], HAND_BOXES = ["declarer", "calypsos", "points", "suit", "doubled", "sell"];
  var BOXES = HAND_BOXES.concat.apply(HAND_BOXES, SIDES.map(function (side) { return SIDE_BOXES.map(function (box) { return side + "-" + box; }); }));
  var REQUIRED = ["declarer", "points", "suit"].concat.apply(["declarer", "points", "suit"],
    SIDES.map(function (side) { return SIDE_BOXES.slice(0, 3).map(function (box) { return side + "-" + box; }); }));
  var UNTOUCHED = { calypsos: "0", doubled: "0" }, DOUBLED = { "": "", "0": "", "1": " X", "2": " XX" }, SELL = { yes: true, no: false, "": null };
  var SPLIT = new RegExp("[" + SPACE + ",;]+", "u");

  function count(text) { return DIGITS.test(strip(text)) ? decimal(strip(text)) : text; }
  function splitRequired(text) { return text.split(SPLIT).filter(Boolean).map(count); }
  function pick(map, key, otherwise) { return has(map, key) ? map[key] : otherwise; }

  // {box: text} -> {hand, blanks}: hand null when every box is blank (blanks []) or some required box is.
  function handFromFields(fields) {
    var text = {};
    BOXES.forEach(function (box) { var v = has(fields, box) ? fields[box] : ""; text[box] = v === null || v === undefined ? "" : String(v); });
    if (BOXES.every(function (box) { var v = strip(text[box]); return v === "" || v === pick(UNTOUCHED, box, ""); })) return { hand: null, blanks: [] };
    var blanks = REQUIRED.filter(function (box) { return strip(text[box]) === ""; });
    if (blanks.length) return { hand: null, blanks: blanks };
    var declarer = strip(text.declarer), side = pick(A.side_of, declarer, SIDES[0]), other = SIDES[1 - SIDES.indexOf(side)];
    var calypsos = strip(text.calypsos) || "0", suit = strip(text.suit), doubled = strip(text.doubled), sell = strip(text.sell);
    var bid = strip(text.points) + pick(SYMBOLS, suit, suit);
    function sideHand(name) {
      var hand = {};
      SIDE_BOXES.slice(0, 3).forEach(function (box) { hand[box] = count(text[name + "-" + box]); });
      hand.cards_required = splitRequired(text[name + "-cards_required"]);
      return hand;
    }
    return {
      hand: {
        contract: (calypsos === "0" ? bid : calypsos + " & " + bid) + pick(DOUBLED, doubled, " " + doubled),
        declarer: declarer, declarers: sideHand(side), defenders: sideHand(other), sell: pick(SELL, sell, sell),
      },
      blanks: blanks,
    };
  }

  // The cards typed so far in a row's T and P boxes, both sides (for "31 of 52 cards so far").
  function cardsSoFar(fields) {
    var total = 0;
    SIDES.forEach(function (side) {
      ["trick_pile", "added"].forEach(function (box) {
        var text = has(fields, side + "-" + box) ? String(fields[side + "-" + box]) : "";
        if (DIGITS.test(strip(text))) total += decimal(strip(text));
      });
    });
    return { total: total, deck: HAND_CARDS };
  }

  // --- three-handed Auction: scoring.auction.three, word for word --------------------------------

  var T = A.three, THREE_CARDS = T.hand_cards;
  var THREE_BID_HINT = " is not a bid (e.g. 170♣, 1 & 20♠ or misère)";
  var MISERE = /^mis[eè]re$/iu, BY = new RegExp("[" + SPACE + "]by([" + SPACE + "]|$)", "iu");
  var THREE_CONTRACT = new RegExp("^(.*?)[" + SPACE + "]*(XX|X|)$", "isu");

  function threeValues(overrides) {
    var out = Object.assign({}, T.values);
    if (isMapping(overrides)) Object.keys(overrides).forEach(function (key) { if (has(out, key)) out[key] = overrides[key]; });
    return out;
  }

  function makeThreeBid(points, calypsos, suit) {
    if (calypsos < 0 || calypsos > A.max_calypsos) fail("a bid names 0 to " + A.max_calypsos + " calypsos, not " + calypsos);
    var least = calypsos ? T.minimum_calypso_points : T.minimum_bid;
    if (points < least) {
      fail("a three-handed bid " + (calypsos ? "with" : "without") + " calypsos is at least " + least + " points, not " + points);
    }
    if (points % A.points_step) fail("a bid's points are a multiple of " + A.points_step + ", not " + points);
    var letter = suitOf(suit);
    if (letter === null) fail(repr(suit) + SUIT_HINT);
    return { points: points, calypsos: calypsos, suit: letter };
  }

  function parseThreeBid(text) {
    var cleaned = clean(text);
    if (MISERE.test(cleaned)) return { points: 0, calypsos: 0, suit: null };
    var match = BID.exec(cleaned);
    if (match === null) fail(repr(text) + THREE_BID_HINT);
    try {
      return makeThreeBid(decimal(match[2]), match[1] === undefined ? 0 : decimal(match[1]), match[3]);
    } catch (error) {
      return fail(repr(text) + ": " + error.message);
    }
  }

  function parseThreeContract(text) {
    if (typeof text !== "string") fail(repr(text) + " is not a contract (e.g. 240♥ X, 1 & 20♠ or misère)");
    var match = THREE_CONTRACT.exec(clean(text)), bid = parseThreeBid(match[1]), doubled = match[2].length;
    if (doubled && bid.suit === null) fail("misère is played undoubled");
    return { bid: bid, doubled: doubled };
  }

  function threeBidText(bid) { return bid.suit === null ? T.misere : bidText(bid); }
  function threeContractText(contract) { return threeBidText(contract.bid) + ["", " X", " XX"][contract.doubled]; }

  function checkPlayers(players) {
    if (!Array.isArray(players)) fail("players: a three-handed pad names its three players in a list, not " + repr(players));
    var names = [];
    players.forEach(function (name, i) {
      if (typeof name !== "string" || !strip(name)) fail("players: player " + (i + 1) + " must be a name, not " + repr(name));
      if (names.indexOf(strip(name)) >= 0) fail("players: " + strip(name) + " is named twice");
      names.push(strip(name));
    });
    if (names.length !== T.players) fail("players: a three-handed pad has three players, not " + names.length);
    return names;
  }

  // played: [[name, side]...] in the players' order
  function checkThreeHand(played) {
    var problems = [], inRange = true;
    played.forEach(function (pair) {
      var found = sideProblems(pair[1], pair[0] + "'s", pair[0], THREE_CARDS, true);
      problems.push.apply(problems, found[0]);
      inRange = inRange && found[1];
    });
    if (inRange) {
      var total = played.reduce(function (t, pair) { return t + pair[1].trick_pile + pair[1].added; }, 0);
      if (total !== THREE_CARDS) {
        var gap = THREE_CARDS - total, what = gap > 0 ? gap + " " + plural(gap, "card") + " missing" : -gap + " too many";
        problems.push("cards add up to " + total + ", not " + THREE_CARDS + ": " + what + " (" +
          played.map(function (pair) { return pair[0] + " T " + pair[1].trick_pile + " + P " + pair[1].added; }).join(", ") + ")");
      }
    }
    return problems;
  }

  function calypsoBonus(v, n) { return v.calypso_base + v.calypso_square * n * n; }

  function scoreThreeHand(contract, declarer, played, sell, miserePoints, v) {
    v = v || threeValues();
    if (sell === undefined) sell = null;
    if (miserePoints === undefined) miserePoints = null;
    var problems = checkThreeHand(played);
    if (problems.length) fail(problems.join("; "));
    var bid = contract.bid, factor = A.factors[contract.doubled], names = played.map(function (pair) { return pair[0]; });
    var hands = {}, bonus = {};
    played.forEach(function (pair) { hands[pair[0]] = pair[1]; });
    var lines = [declarer + " declares " + threeContractText(contract) + " (" + A.doubled_words[contract.doubled] + ", the bid ×" + factor + ")"];
    names.forEach(function (name) {
      bonus[name] = 0;
      hands[name].cards_required.forEach(function (n) {
        bonus[name] += calypsoBonus(v, n);
        lines.push(name + "'s calypso, " + n + " " + plural(n, "card") + " needed: " + v.calypso_base + " + " +
          v.calypso_square + " × " + n + "² = " + calypsoBonus(v, n));
      });
    });
    var defenders = names.filter(function (name) { return name !== declarer; }), mine = hands[declarer];
    var defenderCards = v.defender_card * defenders.reduce(function (t, name) { return t + hands[name].trick_pile; }, 0);
    var pts = v.declarer_card * mine.trick_pile, deficit = 0, sold = 0, outcome, score;
    if (bid.suit === null) {
      if (typeof miserePoints !== "number" || !Number.isInteger(miserePoints) || miserePoints < 0) {
        fail("misère: misere_points must be the declarer's points, a whole number, not " + repr(miserePoints));
      }
      if (sell !== null) fail("sell is asked only when a suit contract is in limbo; this hand is misère");
      var over = Math.max(0, miserePoints - v.misere_allowance);
      outcome = T.misere;
      score = -v.misere_point * over;
      lines.push("misère, " + miserePoints + " points: " + over + " over " + v.misere_allowance + " × " + v.misere_point +
        " = " + String(-score) + ", scores " + String(score));
      pts = miserePoints;
    } else {
      if (miserePoints !== null) fail("misere_points are asked only in misère; this hand is " + threeContractText(contract));
      lines.push(declarer + "'s trick pile: " + mine.trick_pile + " × " + v.declarer_card + " = " + pts + " against " + bid.points + " bid");
      deficit = Math.max(0, bid.points - pts);
      var cap = v.sell_price * mine.added;
      if (mine.calypsos < bid.calypsos) {
        outcome = "loss";
        lines.push("calypsos: " + mine.calypsos + " made of " + bid.calypsos + " bid — lost");
      } else if (!deficit) {
        outcome = "win";
      } else if (deficit <= cap) {
        if (typeof sell !== "boolean") {
          fail("the contract is in limbo (" + deficit + " points short, within the selling cap of " + cap +
            "): sell must be true or false" + (sell === null ? "" : ", not " + repr(sell)));
        }
        outcome = sell ? "limbo-sold" : "limbo-unsold";
      } else {
        outcome = "loss";
        lines.push(deficit + " short, over the selling cap " + mine.added + " × " + v.sell_price + " = " + cap + " — lost");
      }
      if (sell !== null && outcome.indexOf("limbo") !== 0) fail("sell is asked only when the contract is in limbo; this hand is " + outcome);
      if (outcome === "limbo-sold") {
        sold = Math.ceil(deficit / v.sell_price);
        lines.push("sold " + sold + " " + plural(sold, "card") + " × " + v.sell_price + ": " + pts + " + " + sold * v.sell_price);
      }
      if (outcome === "win" || outcome === "limbo-sold") {
        score = bid.points * factor + pts + sold * v.sell_price;
        lines.push("made: " + bid.points + " × " + factor + " + " + (pts + sold * v.sell_price) + " = " + score);
      } else {
        score = -bid.points * factor;
        lines.push("failed: −" + bid.points + " × " + factor + " = " + score);
      }
    }
    var made = outcome === "win" || outcome === "limbo-sold" || (outcome === T.misere && score === 0);
    if (!made && bonus[declarer]) {
      lines.push(declarer + "'s calypso bonus " + bonus[declarer] + " does not count: the contract failed");
      bonus[declarer] = 0;
    }
    var scores = {};
    names.forEach(function (name) { scores[name] = bonus[name] + (name === declarer ? score : defenderCards); });
    lines.push("defenders: " + defenders.map(function (name) { return hands[name].trick_pile; }).join(" + ") + " cards × " +
      v.defender_card + " = " + defenderCards + " each");
    lines.push("hand: " + names.map(function (name) { return name + " " + scores[name]; }).join(", "));
    return {
      contract: threeContractText(contract), declarer: declarer, outcome: outcome, contract_points: pts, deficit: deficit,
      sold: sold, contract_score: score, calypso_bonus: bonus, defender_cards: defenderCards, scores: scores, lines: lines,
    };
  }

  function threeHandFromDict(data, players, v) {
    var names = checkPlayers(players);
    if (!isMapping(data)) fail("a hand is a JSON object, not " + repr(data));
    var missing = T.hand_keys.slice(0, 3).filter(function (k) { return !has(data, k); });
    if (missing.length) fail("missing " + missing.join(", "));
    var extra = Object.keys(data).filter(function (k) { return T.hand_keys.indexOf(k) < 0; }).sort(byCodePoint);
    if (extra.length) fail("unknown key " + extra.join(", ") + " (a hand has declarer, contract, played, and sell or misere_points)");
    var declarer = data.declarer;
    if (names.indexOf(declarer) < 0) fail("declarer: " + repr(declarer) + " is not one of the pad's players (" + names.join(", ") + ")");
    if (typeof data.contract === "string" && BY.test(data.contract)) fail('contract: the declarer is given in "declarer", not with "by"');
    var contract;
    try { contract = parseThreeContract(data.contract); } catch (error) {
      if (error.name !== "AuctionError") throw error;
      fail("contract: " + error.message);
    }
    var played = data.played;
    if (!isMapping(played)) fail("played: what each player took, as an object by name, not " + repr(played));
    var unknown = Object.keys(played).filter(function (name) { return names.indexOf(name) < 0; }).sort(byCodePoint);
    if (unknown.length) {
      fail("played: " + unknown.join(", ") + " " + (unknown.length === 1 ? "is" : "are") + " not one of the pad's players (" + names.join(", ") + ")");
    }
    var absent = names.filter(function (name) { return !has(played, name); });
    if (absent.length) fail("played: nothing for " + absent.join(", "));
    var sell = given(data, "sell");
    if (sell !== null && typeof sell !== "boolean") fail("sell must be true or false, not " + repr(sell));
    var hands = names.map(function (name) { return [name, sideFromDict(played[name], "played." + name)]; });
    return scoreThreeHand(contract, declarer, hands, sell, given(data, "misere_points"), v);
  }

  function scoreThreePad(players, hands, v) {
    var names = checkPlayers(players);
    if (!Array.isArray(hands)) fail("hands: a three-handed pad's hands are a list, not " + repr(hands));
    if (!hands.length) fail("hands: the pad has no hands");
    var totals = {}, out = [];
    names.forEach(function (name) { totals[name] = 0; });
    hands.forEach(function (data, i) {
      var score;
      try { score = threeHandFromDict(data, names, v); } catch (error) { throw numbered(i + 1, error); }
      names.forEach(function (name) { totals[name] += score.scores[name]; });
      out.push([score, Object.assign({}, totals)]);
    });
    return out;
  }

  root.CalypsoAuction = {
    values: values, parseBid: parseBid, parseContract: parseContract, bidText: bidText, contractText: contractText,
    checkHand: checkHand, scoreHand: scoreHand, handFromDict: handFromDict, scorePad: scorePad, pad: pad,
    sellAsked: sellAsked, whole: whole, handFromFields: handFromFields, cardsSoFar: cardsSoFar, BOXES: BOXES, SIDES: SIDES,
    threeValues: threeValues, parseThreeContract: parseThreeContract, threeContractText: threeContractText,
    checkThreeHand: checkThreeHand, scoreThreeHand: scoreThreeHand, threeHandFromDict: threeHandFromDict,
    scoreThreePad: scoreThreePad,
  };
})(typeof window !== "undefined" ? window : globalThis);
