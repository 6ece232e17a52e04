"""The browser's three-handed Auction pad is the engine's: js/auction.js (parseThreeContract,
scoreThreePad) run under node must read the same contracts, name the same problems in the same words
and give the same outcomes, scores, lines and running totals as scoring.auction.three, on the pads
worked by hand in tests/scoring/test_auction_three.py and thousands of made-up and spoilt ones.

Numbers are never JSON floats (1.0 is 1 in JavaScript) and stay well below 2**53."""

from __future__ import annotations

import copy
import random

from scoring.auction import (
    AuctionError,
    ThreeContract,
    ThreeHandedHand,
    ThreeHandedValues,
    score_three_handed_pad,
)
from tests.js.test_auction_parity import SYMBOL, as_json
from tests.js.test_parity import pytestmark, run_node  # noqa: F401  (pytestmark: skip without node)
from tests.scoring.test_auction_three import CALYPSO, MISERE, PLAYERS, SELLING
from tests.scoring.test_cli_mut_output import THREE

COUNT = 3000
ODD = ["", " ", "x", "1.5", "-1", "+3", "²", "٣", " 12 ", True, False, None, [], {}, -2, 10**6]
NAMES = ["Ann", "Bob", "Cy", "Dee", " Eve ", "Zoë", "12", "O'Hara", 'Al "Ace"', "Ann "]


def engine_pad(players, hands, values=None) -> dict:
    try:
        pad = score_three_handed_pad(players, hands, ThreeHandedValues(**values) if values else ThreeHandedValues())
    except AuctionError as error:
        return {"error": str(error)}
    return {"ok": as_json([[score.to_dict(), totals] for score, totals in pad])}


def engine_contract(text) -> dict:
    try:
        return {"text": str(ThreeContract.parse(text))}
    except AuctionError as error:
        return {"error": str(error)}


def contract_text(rng: random.Random, good: bool = False) -> str:
    if good:
        calypsos = rng.choice([0, 0, 0, 1, 2])
        points = rng.choice([20, 100, 170, 250]) if calypsos else rng.choice([170, 200, 240, 300, 400])
        bid = f"{calypsos} & {points}{rng.choice('SHDC')}" if calypsos else f"{points}{rng.choice('SHDC')}"
        return "misère" if rng.random() < 0.1 else bid + rng.choice(["", "", " X", " XX"])
    if rng.random() < 0.1:
        return rng.choice(["misère", "misere", "MISÈRE", "misère X", "mis", "misères", " misère "])
    calypsos = rng.choice([0, 0, 0, 1, 1, 2, 5])
    points = rng.choice([10, 20, 160, 170, 175, 180, 240, 300]) if calypsos else rng.choice([160, 170, 180, 240, 250])
    suit = rng.choice("SHDC")
    suit_text = rng.choice([suit, suit.lower(), SYMBOL[suit], SYMBOL[suit] + "\ufe0f", "Z"])
    body = f"{calypsos}{rng.choice([' & ', '&', ' and '])}{points}{suit_text}" if calypsos else f"{points}{suit_text}"
    return body + rng.choice(["", "", " X", "X", " XX", " x", " by Ann"])


def took(rng: random.Random, cards: int) -> dict:
    """One player's T, P, calypsos and cards required, the cards added split off ``cards``."""
    added = rng.randint(0, min(cards, 26)) if rng.random() < 0.7 else 0
    required = []
    left = added
    while rng.random() < 0.3 and left:
        need = rng.randint(1, min(13, left))
        required.append(need)
        left -= need
    hand = {"trick_pile": cards - added, "added": added, "calypsos": len(required)}
    if required or rng.random() < 0.5:
        hand["cards_required"] = required
    return hand


def made_up_hand(rng: random.Random, names: list[str]) -> dict:
    cut = sorted(rng.sample(range(52), 2))
    shares = [cut[0], cut[1] - cut[0], 51 - cut[1]] if cut[1] <= 51 else [17, 17, 17]
    hand = {
        "declarer": rng.choice(names),
        "contract": contract_text(rng, good=rng.random() < 0.8),
        "played": {name: took(rng, share) for name, share in zip(names, shares, strict=True)},
    }
    if "mis" in hand["contract"].lower():
        hand["misere_points"] = rng.choice([0, 10, 12, 13, 18, 23, 40])
    else:  # the sell choice where the engine asks it (limbo), now and then where it does not
        try:
            ThreeHandedHand.from_dict(hand, names).score()
        except AuctionError as error:
            if "in limbo" in str(error):
                hand["sell"] = rng.random() < 0.7
        if rng.random() < 0.05:
            hand["sell"] = rng.random() < 0.5
    return hand


def spoil(rng: random.Random, pad: dict) -> None:
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        hands = pad["hands"]
        hand = rng.choice(hands)
        what = rng.random()
        if not isinstance(hand, dict) or not isinstance(hand.get("played"), dict) or not hand["played"]:
            continue
        if what < 0.15:
            hand["declarer"] = rng.choice([*NAMES, None, 3])
        elif what < 0.3:
            hand["contract"] = rng.choice([contract_text(rng), 240, None, ""])
        elif what < 0.55:
            player = rng.choice(list(hand["played"]))
            part = hand["played"][player]
            if isinstance(part, dict):
                key = rng.choice(["trick_pile", "added", "calypsos", "cards_required"])
                part[key] = rng.choice([*ODD, [0], [14], [1, 1], 52])
        elif what < 0.65:
            hand["played"].pop(rng.choice(list(hand["played"])), None)
        elif what < 0.7:
            hand["played"][rng.choice(["Dee", "12", "Zed"])] = {"trick_pile": 0, "added": 0, "calypsos": 0}
        elif what < 0.8:
            hand[rng.choice(["sell", "misere_points"])] = rng.choice([True, False, None, 5, "yes", -1])
        elif what < 0.85:
            hand[rng.choice(["results", "seat", "notes"])] = 1
        elif what < 0.9:
            hand.pop(rng.choice(["declarer", "contract", "played"]), None)
        elif what < 0.95:
            hands[rng.randrange(len(hands))] = rng.choice([None, 5, "hand", []])
        else:
            pad["players"] = rng.choice([["Ann", "Bob"], ["Ann", "Bob", "Ann "], "Ann", ["Ann", "", "Cy"], None])


def test_the_pads_worked_by_hand_are_scored_alike():
    cases = [
        {"players": PLAYERS, "hands": [SELLING, CALYPSO, MISERE]},
        {"players": PLAYERS, "hands": [{**SELLING, "contract": "240♥ X"}, {**SELLING, "sell": False}]},
        {"players": THREE["players"], "hands": THREE["hands"]},
        *({"players": PLAYERS, "hands": [{**MISERE, "misere_points": p}]} for p in (10, 18, 23)),
    ]
    answers = run_node("three-pad", cases)
    for case, answer in zip(cases, answers, strict=True):
        assert answer == engine_pad(case["players"], case["hands"])
        assert "ok" in answer
    assert [hand[0]["scores"]["Ann"] for hand in answers[0]["ok"]] == [490, 140, 170]
    assert [hand[0]["scores"]["Ann"] for hand in answers[1]["ok"]] == [730, -240]
    assert [answer["ok"][0][0]["scores"]["Bob"] for answer in answers[3:]] == [0, -180, -330]


def test_contracts_are_read_alike():
    rng = random.Random(3)
    texts = [contract_text(rng) for _ in range(COUNT)] + ["170♣", "1 & 20♠", "", "x", "XX", "1 & 20♠ XXX", 7, None]
    answers = run_node("three-contract", texts)
    for text, answer in zip(texts, answers, strict=True):
        assert answer == engine_contract(text), text
    assert sum("text" in a for a in answers) > COUNT // 3 and sum("error" in a for a in answers) > COUNT // 5


def test_made_up_and_spoilt_pads_are_scored_alike():
    rng = random.Random(7)
    cases = []
    for _ in range(COUNT // 3):
        names = rng.sample(NAMES[:-1], 3) if rng.random() < 0.3 else list(PLAYERS)
        pad = {
            "players": names,
            "hands": [made_up_hand(rng, [n.strip() for n in names]) for _ in range(rng.randint(1, 4))],
        }
        spoil(rng, pad)
        values = {"misere_allowance": 10, "calypso_base": 0} if rng.random() < 0.1 else None
        cases.append({**pad, "values": values})
    answers = run_node("three-pad", copy.deepcopy(cases))
    scored = refused = 0
    for case, answer in zip(cases, answers, strict=True):
        assert answer == engine_pad(case["players"], case["hands"], case["values"]), case
        scored += "ok" in answer
        refused += "error" in answer
    assert scored > COUNT // 12 and refused > COUNT // 12, (scored, refused)
