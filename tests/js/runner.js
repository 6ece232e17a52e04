// tests/js: runs the browser's checks (the script files named as arguments, in the order a page
// loads them: director/core/static/js and the kinds' engines) under node on cases from stdin.
// One request a line: {"rules": scoring.browser.rules(), "cases": [{"kind": ..., "input": ...}]};
// one line back for each: {"answers": [one answer per case]}, or {"crash": the error's stack} where
// a check threw. The scripts are loaded with the first request's rules; node stays for the next
// request (a worker's tests share one node) and ends with its input. Plain node, nothing to install.
"use strict";
const path = require("path");
const readline = require("readline");

let S, H, A, E;

function load(rules) {
  globalThis.CALYPSO_RULES = rules;
  for (const file of process.argv.slice(2)) require(path.resolve(file));
  S = globalThis.CalypsoScores;
  H = globalThis.CalypsoHands;
  A = globalThis.CalypsoAuction;
  E = globalThis.CalypsoEmbers;
}

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

function answer({ kind, input }) {
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
}

readline.createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => {
  let reply;
  try {
    const request = JSON.parse(line);
    if (!S) load(request.rules);
    reply = { answers: request.cases.map(answer) };
  } catch (error) {
    reply = { crash: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
