"""The browser's checks are the engine's checks: director/core/static/js (scores.js, hands.js, with
the engine's figures from scoring.browser) run under node on thousands of random and edge-case
partnership sheets, cutthroat sheets and typed hands, and must name the same problems in the same
words and order, and give the same scores, as scoring.scores and scoring.cards.

A box left blank is "not typed yet" in the browser (the server names it); that is the one
difference allowed. Without node these tests skip locally; under CI=true they fail instead
(.ci/run installs Debian's nodejs)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from scoring import browser, cards, scores

ROOT = Path(__file__).resolve().parents[2]
STATIC_JS = ROOT / "director/core/static/js"
# The browser's checks in the order a page loads them: the engine's figures, the 208-card sheet (every
# kind's check, js/scores.js), typed hands, then the pads' engines, each in its kind's folder.
SCRIPTS = [
    STATIC_JS / "rules.js",
    STATIC_JS / "scores.js",
    STATIC_JS / "hands.js",
    ROOT / "director/sheets/auction/static/sheets/auction/auction.js",
    ROOT / "director/sheets/embers/static/sheets/embers/embers.js",
]
RUNNER = Path(__file__).with_name("runner.js")
COUNT = 3000

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None and os.environ.get("CI") != "true", reason="node is not installed"
)


ANSWER_WITHIN_S = 120
_node: list[subprocess.Popen] = []  # the worker's node (runner.js), started on first use


def _running_node() -> subprocess.Popen:
    if not _node or _node[0].poll() is not None:
        command = ["node", str(RUNNER), *map(str, SCRIPTS)]
        _node[:] = [subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)]
    return _node[0]


def run_node(kind: str, inputs: list) -> list:
    """node's answers to ``inputs`` (cases of ``kind``), from one node kept for the worker's tests
    (starting node and loading the scripts cost ≈ 60 ms of CPU, 21 times a run)."""
    node = _running_node()
    cases = [{"kind": kind, "input": value} for value in inputs]
    node.stdin.write(json.dumps({"rules": browser.rules(), "cases": cases}) + "\n")
    node.stdin.flush()
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(node.stdout.readline()), daemon=True)
    reader.start()
    reader.join(ANSWER_WITHIN_S)
    if not line or not line[0]:
        node.kill()
        raise AssertionError(f"node gave no answer to {len(cases)} {kind} cases within {ANSWER_WITHIN_S} s")
    reply = json.loads(line[0])
    assert "crash" not in reply, reply.get("crash")
    return reply["answers"]


# --- sheets -----------------------------------------------------------------------------------------
HUGE = "99999999999999999999999"
ODD_VALUES = [
    "", " ", "\t", "\xa0", "one", "1.5", "½", "٣", "1e3", "0x1", "-1", "-0", "+7", "007", " 12 ", "\t7\n",
    "13", "5", "4", "209", "-3", HUGE, "it's", 'a"b', "x\\y", "\u200b5", "5\n",
    True, False, None, [], {}, -2, 10**12, 53, 0,
]  # fmt: skip


# Counts come as text (the pages) or whole JSON numbers; not as floats, which JavaScript cannot tell
# from whole numbers (1.0 is 1 there; the server refuses 1.0), and never a number past 2**53.
def typed(rng: random.Random, value: int):
    """A count as a phone or a file might hold it."""
    return rng.choice([value, str(value), f" {value} ", f"+{value}" if value >= 0 else str(value), f"0{value}"])


def spoil(rng: random.Random, sheet: dict, names: dict[str, list[str]]) -> None:
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
        what = rng.random()
        section = rng.choice(list(names))
        if not isinstance(sheet.get(section), dict):
            continue
        if what < 0.55:
            # every count has an upper limit (revokes too: one a trick), so a 23-digit count is
            # named, never scored past what the browser's numbers hold exactly
            sheet[section][rng.choice(names[section])] = rng.choice(ODD_VALUES)
        elif what < 0.65:
            sheet[section].pop(rng.choice(names[section]), None)
        elif what < 0.72:  # an unknown key (not "1": JavaScript lists number-like keys first)
            sheet[section][rng.choice(["X", "majors", "S", "s", "♠"])] = rng.choice([0, "3", "x"])
        elif what < 0.77:
            sheet[section] = rng.choice([None, [], "SHDC", 5])
        elif what < 0.82:
            sheet[rng.choice(["extra", "format", "form", "notes"])] = rng.choice(
                [scores.SHEET_FORMAT, "calypso-scoresheet/2", "partnership", "cutthroat", "other", 1, None]
            )
        elif what < 0.9:
            sheet[section][rng.choice(names[section])] = rng.choice([-1, 13, 4, 5, 209, 300, 10**6])
        else:
            key = rng.choice(names[section])
            if isinstance(sheet[section].get(key), int):
                sheet[section][key] += rng.choice([-2, -1, 1, 3])


def random_partnership(rng: random.Random) -> dict:
    sheet: dict = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
    left = 208
    for seat in "SHDC":
        calypsos, unfinished = rng.choice([0, 0, 1, 1, 2, 3, 4]), rng.randint(0, 12)
        if 13 * calypsos + unfinished > 52 and rng.random() < 0.8:
            calypsos, unfinished = 3, unfinished  # 39 + 12 = 51: still a real hand
        left -= 13 * calypsos + unfinished
        sheet["calypsos"][seat], sheet["unfinished"][seat] = typed(rng, calypsos), typed(rng, unfinished)
        sheet["revokes"][seat] = typed(rng, rng.choice([0, 0, 0, 1, 2]))
    majors = rng.randint(0, max(0, left))
    sheet["trick_piles"] = {"majors": typed(rng, majors), "minors": typed(rng, left - majors)}
    if rng.random() < 0.1:
        del sheet["revokes"]
    else:
        spoil(rng, sheet, {"calypsos": list("SHDC"), "unfinished": list("SHDC"), "trick_piles": ["majors", "minors"],
                           "revokes": list("SHDC")})  # fmt: skip
    return sheet


def random_cutthroat(rng: random.Random) -> dict:
    seats = rng.choice(["SHDC", "SHDC", "SHD", "SDC", "HDC", "SHC"])
    per_suit = 52 if len(seats) == 4 else 39
    sheet: dict = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
    left = per_suit * len(seats)
    for seat in seats:
        calypsos, unfinished = rng.choice([0, 0, 1, 1, 2, 3]), rng.randint(0, 12)
        left -= 13 * calypsos + unfinished
        sheet["calypsos"][seat], sheet["unfinished"][seat] = typed(rng, calypsos), typed(rng, unfinished)
        sheet["revokes"][seat] = typed(rng, rng.choice([0, 0, 0, 1, 2]))
    for seat in seats[:-1]:
        take = rng.randint(0, max(0, left))
        sheet["trick_piles"][seat] = typed(rng, take)
        left -= take
    sheet["trick_piles"][seats[-1]] = typed(rng, left)
    if rng.random() < 0.3:
        sheet["form"] = "cutthroat"
    names = {section: list(seats) for section in sheet if section != "form"}
    if rng.random() < 0.04:
        sheet["calypsos"].pop(rng.choice(seats))  # a seat fewer, or more than four named elsewhere
    elif rng.random() < 0.04:
        sheet["calypsos"]["C" if "C" not in seats else "H"] = 0
    spoil(rng, sheet, names)
    return sheet


PARTNERSHIP_EDGES = [
    {"calypsos": {"S": 1, "H": 0, "D": 2, "C": 0}, "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
     "trick_piles": {"majors": 60, "minors": 85}, "revokes": {"S": 0, "H": 0, "D": 0, "C": 0}},
    {"calypsos": {"S": "4", "H": "0", "D": "0", "C": "0"}, "unfinished": {"S": "12", "H": "0", "D": "0", "C": "0"},
     "trick_piles": {"majors": "0", "minors": "144"}},  # 64 cards of ♠: a count in range, too many of a suit
    {"calypsos": {"S": "", "H": "", "D": "", "C": ""}, "unfinished": {"S": "", "H": "", "D": "", "C": ""},
     "trick_piles": {"majors": "", "minors": ""}, "revokes": {"S": "", "H": "", "D": "", "C": ""}},
    [], "sheet", None, {},
]  # fmt: skip
CUTTHROAT_EDGES = [
    # The phone once showed "✓ 208 cards" for this one: ♠ unfinished 13 is out of range.
    {"form": "cutthroat", "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0}, "unfinished": {"S": 13, "H": 7, "D": 3, "C": 9},
     "trick_piles": {"S": 22, "H": 30, "D": 40, "C": 45}, "revokes": {"S": 0, "H": 0, "D": 0, "C": 0}},
    {"calypsos": {"S": 1, "H": 0, "D": 2}, "unfinished": {"S": 5, "H": 7, "D": 3},
     "trick_piles": {"S": 20, "H": 20, "D": 23}, "revokes": {"S": 0, "H": 1, "D": 0}},
    {"calypsos": {"S": 0, "H": 0}, "unfinished": {"S": 0, "H": 0}, "trick_piles": {"S": 0, "H": 0}},
    {"calypsos": [], "unfinished": {}, "trick_piles": {}}, {"calypsos": {}}, [], None,
]  # fmt: skip


def without_blanks(sheet, sections, problems: list[str]) -> list[str]:
    """The server's problems less those about blank boxes (the browser counts them as not typed yet)."""
    if not isinstance(sheet, dict):
        return problems
    blank = set()
    for section in sections:
        part = sheet.get(section)
        if isinstance(part, dict):
            for key, value in part.items():
                if isinstance(value, str) and value.strip() == "":
                    blank.add(f"{section}.{key} is missing")
    return [p for p in problems if p not in blank]


def as_sent(sheet):
    """The sheet as the pages send it: a blank revoke box is none."""
    if not isinstance(sheet, dict) or not isinstance(sheet.get("revokes"), dict):
        return sheet
    revokes = {k: "0" if isinstance(v, str) and v.strip() == "" else v for k, v in sheet["revokes"].items()}
    return {**sheet, "revokes": revokes}


def compare_sheets(kind: str, sheets: list, check, score) -> tuple[int, int]:
    answers = run_node(kind, sheets)
    good = bad = 0
    for sheet, js in zip(sheets, answers, strict=True):
        problems = without_blanks(sheet, ("calypsos", "unfinished", "trick_piles", "revokes"), check(sheet))
        assert js["problems"] == problems, (sheet, problems, js["problems"])
        assert js["words"] == [scores.in_sheet_words(p) for p in problems], sheet
        server_ok = check(as_sent(sheet)) == []
        assert (js["score"] is not None) == server_ok, (sheet, check(as_sent(sheet)), js)
        if server_ok:
            good += 1
            assert js["score"] == score(as_sent(sheet)), sheet
        bad += bool(problems)
    return good, bad


def partnership_score(sheet) -> dict:
    game = scores.score_game(sheet)
    players = {seat: p.points for seat, p in game.players.items()}
    return {"majors": game.majors, "minors": game.minors, "net": game.net, "players": players}


def cutthroat_score(sheet) -> dict:
    game = scores.score_cutthroat(sheet)
    return {"scores": game.scores, "table_total": game.table_total}


def test_partnership_sheets_are_checked_and_scored_alike():
    rng = random.Random(208)
    sheets = PARTNERSHIP_EDGES + [random_partnership(rng) for _ in range(COUNT)]
    good, bad = compare_sheets("partnership", sheets, scores.check_sheet, partnership_score)
    assert good > COUNT // 4 and bad > COUNT // 4  # both kinds were compared, many of each


def test_cutthroat_sheets_are_checked_and_scored_alike():
    rng = random.Random(117)
    sheets = CUTTHROAT_EDGES + [random_cutthroat(rng) for _ in range(COUNT)]
    good, bad = compare_sheets("cutthroat", sheets, scores.check_cutthroat, cutthroat_score)
    assert good > COUNT // 4 and bad > COUNT // 4


def test_problems_read_in_the_sheets_words_alike():
    problems = [
        "calypsos.S must be a whole number, not 'x'", "trick_piles.majors is 209: too many", "unfinished.D is missing",
        "S: 4 calypsos and 1 unfinished make 53 cards", "revokes: 'X' is not one of S, H, D, C",
        "trick_piles.C is -1: counts cannot be negative", "cards add up to 207, not 208",
    ]  # fmt: skip
    assert run_node("words", problems) == [scores.in_sheet_words(p) for p in problems]


# --- hands ------------------------------------------------------------------------------------------
PIECES = {
    "rank": [*"23456789TJQKAtjqka", "10"],
    "suit": [*"SHDCshdc♠♥♦♣♤♡♢♧", "♠\ufe0f", "♥\ufe0f"],
    "sep": [" ", " ", ", ", ",", ";", " : ", "\t", "  ", "\xa0"],
    "junk": ["X", "1", "0", "?", "'", '"', "\\", "void", "VOID", "-", "—", "–", "11", "AX", "ZZ", "♠♠"],
}


def random_hand(rng: random.Random) -> str:
    sep = rng.choice(PIECES["sep"])
    if rng.random() < 0.5:  # a list of cards
        tokens = [rng.choice(PIECES["rank"]) + rng.choice(PIECES["suit"]) for _ in range(rng.randint(0, 14))]
    else:  # suit-grouped
        tokens = []
        for suit in rng.sample(PIECES["suit"], rng.randint(1, 5)):
            ranks = "".join(rng.choice(PIECES["rank"]) for _ in range(rng.randint(0, 6)))
            glue = "" if suit[0] in "♠♥♦♣♤♡♢♧" and rng.random() < 0.5 else rng.choice(PIECES["sep"])
            tokens.append(suit + glue + (ranks or rng.choice(["-", "—", "void", ""])))
    if tokens and rng.random() < 0.3:
        tokens.insert(rng.randrange(len(tokens) + 1), rng.choice(PIECES["junk"]))
    text = sep.join(tokens)
    return rng.choice(["", " ", "\n"]) + text + rng.choice(["", " ", "\ufe0f"])


def server_hand(text: str) -> dict:
    try:
        return {"cards": [str(card) for card in cards.parse_cards(text)]}
    except cards.CardError as error:
        return {"error": str(error)}


def test_typed_hands_are_read_alike():
    rng = random.Random(13)
    hands = ["", "S AKQ72 H 9 D - C T8", "♠AKQ ♥9 ♦— ♣T8", "AS KS 10H, 2C", "S AK S Q", "AS 1S", "S AX", "void"]
    hands += [random_hand(rng) for _ in range(COUNT)]
    answers = run_node("hand", hands)
    read = refused = 0
    for text, js in zip(hands, answers, strict=True):
        expected = server_hand(text)
        assert js == expected, (text, expected, js)
        read += "cards" in expected
        refused += "error" in expected
    assert read > COUNT // 4 and refused > COUNT // 10
