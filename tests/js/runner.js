// tests/js: runs the browser's checks (director/core/static/js) under node on cases from stdin.
// Input: {"rules": scoring.browser.rules(), "cases": [{"kind": ..., "input": ...}]}; output: one
// answer per case, as JSON. Plain node, nothing to install.
"use strict";
const fs = require("fs");
const path = require("path");

const request = JSON.parse(fs.readFileSync(0, "utf8"));
globalThis.CALYPSO_RULES = request.rules;
const folder = process.argv[2];
for (const file of ["rules.js", "scores.js", "hands.js"]) require(path.join(folder, file));
const S = globalThis.CalypsoScores;
const H = globalThis.CalypsoHands;

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
  if (kind === "words") return S.words(input);
  if (kind === "hand") {
    try {
      return { cards: H.parse(input) };
    } catch (error) {
      return { error: error.message };
    }
  }
  throw new Error("unknown kind " + kind);
});
process.stdout.write(JSON.stringify(answers));
