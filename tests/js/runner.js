// tests/js: runs the browser's checks (the script files named as arguments, in the order a page
// loads them: director/core/static/js and the kinds' engines) under node on cases from stdin.
// Input: {"rules": scoring.browser.rules(), "cases": [{"kind": ..., "input": ...}]}; output: one
// answer per case, as JSON. Plain node, nothing to install.
"use strict";
const fs = require("fs");
const path = require("path");

const request = JSON.parse(fs.readFileSync(0, "utf8"));
globalThis.CALYPSO_RULES = request.rules;
for (const file of process.argv.slice(2)) require(path.resolve(file));
const S = globalThis.CalypsoScores;
const H = globalThis.CalypsoHands;
const A = globalThis.CalypsoAuction;
const E = globalThis.CalypsoEmbers;

// An engine problem is an AuctionError with the engine's words; anything else is a bug (thrown).
function attempt(run) {
  try {
    return { ok: run() };
  } catch (error) {
    if (error.name !== "AuctionError") throw error;
    return { error: error.message };
  }
}

function sheetAnswer(check, score, sheet) {
  const result = check(sheet);
  const ok = result.complete && result.problems.length === 0;
  return {
    problems: result.problems,
    words: result.problems.map(S.words),
    complete: result.complete,
    blanks: result.blanks,
    total: result.total,
    deck: result.deck,
    score: ok ? score(sheet) : null,
  };
}

const answers = request.cases.map(({ kind, input }) => {
  if (kind === "partnership") return sheetAnswer(S.check, S.score, input);
  if (kind === "cutthroat") return sheetAnswer(S.checkCutthroat, S.scoreCutthroat, input);
  if (kind === "table") {
    const check = (sheet) => S.checkTable(input.form, sheet, input.seats);
    const score = (sheet) => S.scoreTable(input.form, sheet, input.seats);
    return sheetAnswer(check, score, input.sheet);
  }
  if (kind === "table-nets") return S.tableNets(input);
  if (kind === "words") return S.words(input);
  if (kind === "hand") {
    try {
      return { cards: H.parse(input) };
    } catch (error) {
      return { error: error.message };
    }
  }
  if (kind === "auction-bid") {
    const read = attempt(() => A.parseBid(input));
    return read.ok ? { bid: read.ok, text: A.bidText(read.ok) } : read;
  }
  if (kind === "auction-contract") {
    const read = attempt(() => A.parseContract(input.text, input.declarer));
    return read.ok ? { contract: read.ok, text: A.contractText(read.ok) } : read;
  }
  if (kind === "auction-hand") {
    const values = A.values(input.values);
    return { score: attempt(() => A.handFromDict(input.hand, values)), sell_asked: A.sellAsked(input.hand, values) };
  }
  if (kind === "auction-pad") {
    const values = A.values(input.values);
    return { pad: attempt(() => A.scorePad(input.hands, values)), reading: Array.isArray(input.hands) ? A.pad(input.hands, values) : null };
  }
  if (kind === "auction-fields") return A.handFromFields(input);
  if (kind === "three-contract") {
    const read = attempt(() => A.parseThreeContract(input));
    return read.ok ? { text: A.threeContractText(read.ok) } : read;
  }
  if (kind === "three-pad") {
    return attempt(() => A.scoreThreePad(input.players, input.hands, A.threeValues(input.values)));
  }
  if (kind === "embers-pad") {
    const check = E.checkPad(input.pad, input.settings);
    return { check, score: check.complete ? E.scorePad(input.pad, input.finished) : null };
  }
  if (kind === "embers-fields") return E.padFromFields(input.values, input.prefix, input.hands);
  throw new Error("unknown kind " + kind);
});
process.stdout.write(JSON.stringify(answers));
