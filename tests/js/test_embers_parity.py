"""The browser's Embers pad is the engine's: js/embers.js (checkPad, scorePad, padFromFields) run under
node must name the same problems in the same words and order as scoring.embers.check_pad, give the
same points, running totals and final totals as score_embers, and read a page's boxes into the same
pad as results.embers_pad — on pads played by the engine, thousands of made-up pads (most adding
up, many spoilt) and rows of typed boxes, and on the pad worked by hand in tests/director/embers.

A box left blank is "not typed yet" in the browser (the server names it); the cases here have none."""

from __future__ import annotations

import copy
import random

import pytest

from director.sheets.embers.pad import boxes, field_name, read_pad
from scoring import embers
from scoring.play import RandomPlayer
from scoring.scores import ScoreSheetError
from tests.director.embers.conftest import PAD
from tests.js.test_parity import pytestmark, run_node  # noqa: F401  (node, or skip)

COUNT = 3000
SEATS = "SHDC"
ODD = [
    "x",
    "1.5",
    "½",
    "٣",
    "-1",
    "+3",
    "007",
    " 4 ",
    True,
    None,
    [],
    {},
    -2,
    10**12,
    53,
    40,
    13,
    4,
    "99999999999999999999999",
]


def made_up_pad(rng: random.Random) -> list[dict]:
    """A pad of 1–6 hands that adds up (each hand 52 cards), most of the time."""
    pad, before = [], 0
    for _ in range(rng.randint(1, 6)):
        for _attempt in range(50):
            unfinished = {s: rng.choice([0, 0, 1, 3, 5, 8, 12]) for s in SEATS}
            calypsos = {s: rng.choice([0, 0, 0, 1, 1, 2]) for s in SEATS}
            if any(13 * calypsos[s] + unfinished[s] > 39 for s in SEATS):
                continue
            piles = 52 - 13 * sum(calypsos.values()) - (sum(unfinished.values()) - before)
            if 0 <= piles <= 104:
                majors = rng.randint(max(0, piles - 52), min(52, piles))
                break
        else:
            continue
        revokes = {s: rng.choice([0, 0, 0, 0, 1, 2]) for s in SEATS}
        hand = {
            "calypsos": calypsos,
            "unfinished": unfinished,
            "trick_piles": {"majors": majors, "minors": piles - majors},
            "revokes": revokes,
        }
        if rng.random() < 0.3:
            hand = {
                k: {n: rng.choice([v, str(v), f" {v} ", f"+{v}"]) for n, v in part.items()} for k, part in hand.items()
            }
        pad.append(hand)
        before = sum(unfinished.values())
    return pad


def spoil(rng: random.Random, pad: list) -> None:
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        if not pad:
            return
        hand = rng.choice(pad)
        what = rng.random()
        if not isinstance(hand, dict):
            continue
        section = rng.choice(["calypsos", "unfinished", "trick_piles", "revokes"])
        part = hand.get(section)
        if what < 0.5 and isinstance(part, dict) and part:
            part[rng.choice(list(part))] = rng.choice(ODD)
        elif what < 0.6 and isinstance(part, dict) and part:
            part.pop(rng.choice(list(part)))
        elif what < 0.65:
            hand.pop(section, None)
        elif what < 0.7 and isinstance(part, dict):
            part[rng.choice(["X", "majors", "S", "♠"])] = 1
        elif what < 0.75:
            hand[section] = rng.choice([None, [], "SHDC", 5])
        elif what < 0.8:
            pad[rng.randrange(len(pad))] = rng.choice([None, 3, "hand", []])
        elif isinstance(part, dict) and part:
            key = rng.choice(list(part))
            part[key] = rng.choice([-1, 13, 12, 39, 40, 52, 53, 105])


def engine_answer(pad: list, finished: bool) -> dict:
    problems = embers.check_pad(pad)
    complete = not problems and bool(pad)
    try:
        score = embers.score_embers(pad, finished=finished).to_dict() if complete else None
    except ScoreSheetError:  # pragma: no cover - check_pad said it adds up
        score = "refused"
    return {"problems": problems, "complete": complete, "score": score}


def browser_answers(cases: list[tuple[list, bool]]) -> list[dict]:
    answers = run_node("embers-pad", [{"pad": pad, "finished": finished} for pad, finished in cases])
    return [
        {"problems": a["check"]["problems"], "complete": a["check"]["complete"], "score": a["score"]} for a in answers
    ]


def test_the_hand_worked_pad_is_scored_alike():
    (answer,) = browser_answers([(PAD["embers"], True)])
    assert answer == engine_answer(PAD["embers"], True)
    assert answer["score"]["final"] == {"majors": 1900, "minors": 880}
    assert [h["totals"] for h in answer["score"]["hands"]] == [
        {"majors": 670, "minors": 120},
        {"majors": 1780, "minors": 760},
    ]


def test_pads_played_by_the_engine_are_scored_alike():
    cases = []
    for seed in range(12):
        game = embers.play_embers_game(RandomPlayer(seed), hands=1 + seed % 4, seed=seed)
        pad = [hand.to_dict() for hand in game.pad]
        cases += [(pad, True), (pad[:-1] or pad, False)]
    answers = browser_answers(cases)
    for (pad, finished), answer in zip(cases, answers, strict=True):
        assert answer == engine_answer(pad, finished)
        assert answer["complete"]


@pytest.mark.parametrize("seed", [1, 2])
def test_made_up_and_spoilt_pads_are_checked_and_scored_alike(seed):
    rng = random.Random(seed)
    cases = []
    for _ in range(COUNT // 2):
        pad = made_up_pad(rng)
        spoil(rng, pad)
        cases.append((pad, rng.random() < 0.8))
    answers = browser_answers(copy.deepcopy(cases))
    complete = refused = 0
    for (pad, finished), answer in zip(cases, answers, strict=True):
        assert answer == engine_answer(pad, finished), pad
        complete += answer["complete"]
        refused += bool(answer["problems"])
    assert complete > COUNT // 6 and refused > COUNT // 10  # both kinds well covered


def test_typed_boxes_make_the_same_pad():
    rng = random.Random(5)
    texts = ["", "", "", " ", "0", "3", " 12 ", "x", "+4", "007", "\xa0", "1" * 30, "-1"]
    cases = []
    for _ in range(500):
        hands = rng.randint(1, 5)
        prefix = rng.choice(["", "t3-"])
        values = {}
        for number in range(1, hands + 1):
            if rng.random() < 0.4:
                continue
            for box, _, _ in boxes():
                if rng.random() < 0.7:
                    values[field_name(prefix, number, box)] = rng.choice(texts)
        cases.append({"values": values, "prefix": prefix, "hands": hands})
    answers = run_node("embers-fields", cases)
    for case, answer in zip(cases, answers, strict=True):
        expected = read_pad(case["values"], case["prefix"], case["hands"]).sheet()["embers"]
        assert answer == expected, case
    assert sum(bool(a) for a in answers) > 200
