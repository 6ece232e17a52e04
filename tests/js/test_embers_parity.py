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
from scoring.embers_settings import EmbersSettings
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


def made_up_settings(rng: random.Random) -> dict | None:
    """An Embers game's settings (``EmbersSettings.to_dict()``), or none (three packs, one fire hand)."""
    if rng.random() < 0.3:
        return None
    packs = rng.randint(3, 6)
    return {"packs": packs, "fire_hands": rng.randint(1, packs - 2), "hands": rng.choice([4, 6, 8, 8, 12, 12])}


def made_up_pad(rng: random.Random, settings: dict | None = None) -> list[dict]:
    """A pad of 1–6 hands that adds up (each hand 52 cards), most of the time; now and then a
    player's calypsoes since hand 1 are more than the packs hold before the first ember hand ends."""
    packs, first_ember = (settings["packs"], settings["fire_hands"] + 1) if settings else (3, 2)
    pad, before, since = [], 0, dict.fromkeys(SEATS, 0)
    for number in range(1, rng.randint(1, 6) + 1):
        for _attempt in range(50):
            unfinished = {s: rng.choice([0, 0, 1, 3, 5, 8, 12]) for s in SEATS}
            calypsos = {s: rng.choice([0, 0, 0, 1, 1, 2, 3]) for s in SEATS}
            if any(13 * calypsos[s] + unfinished[s] > 13 * packs for s in SEATS):
                continue
            held = (13 * (since[s] + calypsos[s]) + unfinished[s] for s in SEATS)
            if number <= first_ember and any(cards > 13 * packs for cards in held) and rng.random() < 0.9:
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
        since = {s: since[s] + calypsos[s] for s in SEATS}
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


def engine_answer(pad: list, finished: bool, settings: dict | None = None) -> dict:
    game = EmbersSettings(**settings) if settings else None
    problems = embers.check_pad(pad, game)
    complete = not problems and bool(pad)
    try:
        score = embers.score_embers(pad, finished=finished, settings=game).to_dict() if complete else None
    except ScoreSheetError:  # pragma: no cover - check_pad said it adds up
        score = "refused"
    return {"problems": problems, "complete": complete, "score": score}


def browser_answers(cases: list[tuple]) -> list[dict]:
    answers = run_node(
        "embers-pad",
        [{"pad": case[0], "finished": case[1], "settings": case[2] if len(case) > 2 else None} for case in cases],
    )
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
    for seed in range(16):
        packs = 3 + seed % 4
        game = embers.play_embers_game(
            RandomPlayer(seed), hands=1 + seed % 6, seed=seed, packs=packs, fire_hands=1 + seed % (packs - 2)
        )
        pad, settings = [hand.to_dict() for hand in game.pad], game.settings.to_dict()
        cases += [(pad, True, settings), (pad[:-1] or pad, False, settings)]
    answers = browser_answers(cases)
    for (pad, finished, settings), answer in zip(cases, answers, strict=True):
        assert answer == engine_answer(pad, finished, settings)
        assert answer["complete"]


def test_the_fire_hands_calypsoes_are_counted_alike():
    # tests/scoring/test_embers_fire.py's pads: hand 2 holds one spade too many (three packs); four packs
    # and two fire hands: hand 3 does; a pad longer than the game.
    def row(c=0, u=0, majors=0, minors=0):
        return {"calypsos": {"S": c, "H": 0, "D": 0, "C": 0}, "unfinished": {"S": u, "H": 0, "D": 0, "C": 0},
                "trick_piles": {"majors": majors, "minors": minors}}  # fmt: skip

    cases = [
        ([row(2, 12, 14), row(1, 1, 30, 20)], True, None),
        ([row(2, 0, 26), row(2, 0, 26), row(0, 1, 30, 21)], True, {"packs": 4, "fire_hands": 2, "hands": 4}),
        ([row(2, 0, 26), row(2, 0, 26), row(0, 1, 30, 21)], True, None),
        ([row(0, 0, 26, 26)] * 3, True, {"packs": 3, "fire_hands": 1, "hands": 2}),
    ]
    answers = browser_answers(cases)
    for case, answer in zip(cases, answers, strict=True):
        assert answer == engine_answer(*case)
        assert answer["problems"]


@pytest.mark.parametrize("seed", [1, 2])
def test_made_up_and_spoilt_pads_are_checked_and_scored_alike(seed):
    rng = random.Random(seed)
    cases = []
    for _ in range(COUNT // 2):
        settings = made_up_settings(rng)
        pad = made_up_pad(rng, settings)
        spoil(rng, pad)
        cases.append((pad, rng.random() < 0.8, settings))
    answers = browser_answers(copy.deepcopy(cases))
    complete = refused = 0
    for (pad, finished, settings), answer in zip(cases, answers, strict=True):
        assert answer == engine_answer(pad, finished, settings), (pad, settings)
        complete += answer["complete"]
        refused += bool(answer["problems"])
    assert complete > COUNT // 6 and refused > COUNT // 10, (complete, refused)  # both kinds well covered


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
