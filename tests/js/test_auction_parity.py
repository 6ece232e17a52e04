"""The browser's Auction score pad is the engine's: the Auction kind's auction.js run under node
on thousands of random and edge-case bids, contracts, hands and pads — good ones, and ones with a
card too many, a count typed wrong, a calypso the cards added cannot make, a sell choice missing
or not asked, the club's own score values — must name the same problems in the same words, give the
same outcomes, contract points, scores and running totals, and ask for the sell choice exactly when
scoring.auction puts the hand in limbo. The pad's boxes read as a hand must give the JSON
director/sheets/auction/boxes.py gives.

Numbers stay below 2**53 (the pad's boxes take a few digits; JavaScript's numbers are exact only
that far) and are never JSON floats (1.0 is 1 there; the server refuses 1.0). Decimal digits of
newer scripts than the engine's Python knows are not compared."""

from __future__ import annotations

import json
import random
from dataclasses import asdict, fields

import pytest

from director.sheets.auction.boxes import box_names, hand_from_fields
from scoring.auction import (
    VALUES,
    AuctionError,
    AuctionValues,
    Bid,
    Contract,
    SideHand,
    hand_from_dict,
    score_hand,
    score_pad,
)
from tests.js.test_parity import pytestmark, run_node  # noqa: F401  (pytestmark: skip without node)

COUNT = 3000
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ODD = ["", " ", "x", "1.5", "-1", "+3", "²", "٣", " 12 ", "\t7\n", "1e3", "0x1", True, False, None, [], {}, -2, 10**12]


def as_json(value):
    return json.loads(json.dumps(value))


def attempt(run):
    try:
        result = run()
        return {"ok": as_json(result) if isinstance(result, dict | list) else "read"}
    except AuctionError as error:
        return {"error": str(error)}


# --- random bids, contracts and hands ---------------------------------------------------------------------------------


def bid_text(rng: random.Random, points: int, calypsos: int, suit: str) -> str:
    suit_text = rng.choice([suit, suit.lower(), SYMBOL[suit], SYMBOL[suit] + "\ufe0f"])
    glue = rng.choice([" & ", "&", " and ", " AND ", "and"])
    if calypsos or rng.random() < 0.1:
        return f"{calypsos}{glue}{points}{rng.choice(['', ' '])}{suit_text}"
    return f"{points}{rng.choice(['', ' ', '  '])}{suit_text}"


BID_EDGES = [
    "290♥", "1 & 290♥", "290S", "1&290h", "2 and 300d", "4 & 220♣", "210♥", "295♥", "5 & 290♥", "290", "290X",
    "♥290", "1 & ♥", "٢٩٠H", "١ & ٢٩٠H", "290\u2003H", "290\x1cH", "290\ufeffH", "290ſ", "2900", "0 & 220C",
    " 290H ", "1 and\n290 H", "1 & 2 & 290H", "", " ", "and 290H", "290HH", "10290C", "290\U0001d7d8H",
]  # fmt: skip
CONTRACT_EDGES = [
    ("1 & 290♥ XX", None), ("290S x", None), ("290SXX", None), ("2 & 300D X by c", None), ("290S by N", None),
    ("290S by H", "S"), ("290S by S", "S"), ("290S XXX", None), ("290 by H", None), ("290\nH X", None),
    ("290H by ſ", None), ("290H by  d", "D"), ("", None), ("X", None), ("290Hby H", None), ("290H by", None),
    (5, None), (None, None), ("1&220♣xx BY h", "H"),
]  # fmt: skip


def random_bid_text(rng: random.Random) -> str:
    points = rng.choice([rng.randrange(220, 800, 10), rng.randrange(150, 900), rng.choice([220, 219, 230, 4000])])
    text = bid_text(rng, points, rng.choice([0, 0, 1, 2, 3, 4, 5]), rng.choice("SHDC"))
    if rng.random() < 0.15:
        spot = rng.randrange(len(text) + 1)
        text = text[:spot] + rng.choice(["x", "&", " ", "\n", "♠", "1", "and"]) + text[spot:]
    return text


def random_values(rng: random.Random) -> dict | None:
    if rng.random() < 0.6:
        return None
    changed = {f.name: getattr(VALUES, f.name) for f in fields(AuctionValues)}
    for name in rng.sample(sorted(changed), rng.randint(1, 4)):
        changed[name] = rng.choice([1, 5, 10, 15, 20, 25, 40, 80, 100, 120, 300, 450, 600])
    return changed


def values_of(data: dict | None) -> AuctionValues:
    return AuctionValues(**data) if data else VALUES


def good_side(rng: random.Random, cards: int) -> tuple[dict, int]:
    """A side's T, P, C and cards required using ``cards`` cards between T and P; returns it and T."""
    added = rng.randint(0, cards)
    required: list[int] = []
    room = added
    while room and rng.random() < 0.45 and len(required) < 5:
        need = rng.choice([rng.randint(1, min(13, room)), min(13, room), 1])
        required.append(need)
        room -= need
    side = {"trick_pile": cards - added, "added": added, "calypsos": len(required), "cards_required": required}
    return side, cards - added


def typed(rng: random.Random, value: int):
    return rng.choice([value, value, value, str(value), f" {value} ", f"0{value}"])


def spoil_side(rng: random.Random, side: dict) -> None:
    what = rng.random()
    key = rng.choice(["trick_pile", "added", "calypsos"])
    if what < 0.35:
        side[key] = int(side[key]) + rng.choice([-1, 1, 2, -3])
    elif what < 0.45:
        side[key] = rng.choice(ODD)
    elif what < 0.55:
        side[key] = rng.choice([-1, 53, 60, 100])
    elif what < 0.65:
        side["cards_required"] = rng.choice([[], [0], [14], [4, 4], [13, 13, 13, 13, 1], "4", None, [1.5], ["x"]])
    elif what < 0.72:
        side.pop(rng.choice(["trick_pile", "added", "calypsos", "cards_required"]), None)
    elif what < 0.78:
        side[rng.choice(["extra", "T", "sell"])] = 1
    else:
        side["calypsos"] = max(0, int(side["calypsos"]) + rng.choice([-1, 1]))


def random_hand(rng: random.Random) -> tuple[dict, dict | None]:
    values = random_values(rng)
    v = values_of(values)
    declarer = rng.choice("SHDC")
    decl_cards = rng.randint(0, 52)
    declarers, t = good_side(rng, decl_cards)
    defenders, _ = good_side(rng, 52 - decl_cards)
    if rng.random() < 0.5:
        defenders.pop("cards_required")
    made = declarers["calypsos"]
    calypsos_bid = min(4, rng.choice([0, 0, 0, made, made, made + 1]))
    pts = v.declarer_card * t + sum(v.bonus(r) for r in declarers["cards_required"][:calypsos_bid])
    points = max(220, (pts + rng.choice([-300, -150, -80, -40, -20, 0, 10, 40, 200])) // 10 * 10)
    if rng.random() < 0.05:
        points = rng.choice([210, 225, 999999999990])
    contract = bid_text(rng, points, calypsos_bid, rng.choice("SHDC")) + rng.choice(["", "", " X", " XX", "x", " xx"])
    hand: dict = {"contract": contract, "declarer": declarer, "declarers": declarers, "defenders": defenders}
    roll = rng.random()
    if roll < 0.1:
        hand["contract"] += f" by {rng.choice([declarer, declarer.lower(), 'SHDC'[('SHDC'.index(declarer) + 1) % 4]])}"
        if rng.random() < 0.5:
            hand.pop("declarer")
    elif roll < 0.14:
        hand.pop("declarer")
    elif roll < 0.16:
        hand["declarer"] = rng.choice(["N", "", 5, "h"])
    for side in (declarers, defenders):
        for key in ("trick_pile", "added", "calypsos"):
            side[key] = typed(rng, side[key])
        if rng.random() < 0.18:
            spoil_side(rng, side)
    # sell: mostly what the hand asks for, sometimes missing, wrong or given where none is asked
    asked = sell_asked(hand, values)
    roll = rng.random()
    if roll < 0.7:
        hand["sell"] = rng.choice([True, False]) if asked else rng.choice([None, "absent"])
    elif roll < 0.85:
        hand["sell"] = rng.choice([True, False])
    else:
        hand["sell"] = rng.choice([None, "absent", "yes", 1, "true"])
    if hand["sell"] == "absent":
        hand.pop("sell")
    extra = rng.random()
    if extra < 0.02:
        hand["format"] = rng.choice(["calypso-auction-hand/1", "calypso-auction-hand/2", None])
    elif extra < 0.03:
        hand[rng.choice(["notes", "Zed", "\U0001f600", "\uffff"])] = 1
        hand[rng.choice(["a", "\U0001f601", "\ufffe"])] = 2
    elif extra < 0.035:
        hand.pop(rng.choice(["contract", "declarers", "defenders"]))
    return hand, values


def sell_asked(hand, values) -> bool:
    """Whether the engine puts the hand in limbo: it scores as sold when sell is true."""
    if not isinstance(hand, dict):
        return False
    try:
        return hand_from_dict({**hand, "sell": True}, values_of(values)).outcome == "limbo-sold"
    except AuctionError:
        return False


HAND_EDGES = [None, [], "hand", 5, {}, {"contract": "290H"}, {"contract": "290H", "declarers": {}, "defenders": {}}]


# --- the tests ----------------------------------------------------------------------------------------------------


def test_the_browser_is_given_the_engines_figures_not_a_copy():
    from scoring import auction, browser

    given = browser.rules()["auction"]
    assert given["values"] == asdict(auction.VALUES) and given["factors"] == list(auction.FACTORS) == [1, 2, 4]
    assert given["limbo_extra"] == [0, 1, 3] and given["points_step"] == 10 and given["hand_cards"] == 52
    assert given["compass"] == {"S": "N", "D": "E", "H": "S", "C": "W"} and given["bid_suits"] == "CDHS"


def test_bids_read_alike():
    rng = random.Random(290)
    texts = BID_EDGES + [random_bid_text(rng) for _ in range(COUNT)] + [5, None, ["290H"]]
    answers = run_node("auction-bid", texts)
    read = refused = 0
    for text, js in zip(texts, answers, strict=True):
        expected = attempt(lambda text=text: Bid.parse(text))
        if "ok" in expected:
            bid = Bid.parse(text)
            expected = {"bid": {"points": bid.points, "calypsos": bid.calypsos, "suit": bid.suit}, "text": str(bid)}
            read += 1
        else:
            refused += 1
        assert js == expected, (text, expected, js)
    assert read > COUNT // 3 and refused > COUNT // 20


def test_contracts_read_alike():
    rng = random.Random(1290)
    cases = [{"text": t, "declarer": d} for t, d in CONTRACT_EDGES]
    for _ in range(COUNT // 3):
        text = random_bid_text(rng) + rng.choice(["", " X", "XX", " xx", " XXX"])
        text += rng.choice(["", " by H", " by q", "by S"])
        cases.append({"text": text, "declarer": rng.choice([None, None, "S", "H", "D", "C"])})
    answers = run_node("auction-contract", cases)
    read = 0
    for case, js in zip(cases, answers, strict=True):
        expected = attempt(lambda case=case: Contract.parse(case["text"], case["declarer"]))
        if "ok" in expected:
            c = Contract.parse(case["text"], case["declarer"])
            bid = {"points": c.bid.points, "calypsos": c.bid.calypsos, "suit": c.bid.suit}
            expected = {"contract": {"bid": bid, "doubled": c.doubled, "declarer": c.declarer}, "text": str(c)}
            read += 1
        assert js == expected, (case, expected, js)
    assert read > COUNT // 30


def compare_hands(cases: list[tuple[object, dict | None]]) -> dict[str, int]:
    answers = run_node("auction-hand", [{"hand": hand, "values": values} for hand, values in cases])
    seen: dict[str, int] = {}
    for (hand, values), js in zip(cases, answers, strict=True):
        expected = attempt(lambda hand=hand, values=values: hand_from_dict(hand, values_of(values)).to_dict())
        assert js["score"] == expected, (hand, values, expected, js["score"])
        asked = sell_asked(hand, values)
        assert js["sell_asked"] == asked, (hand, values)
        kind = expected["ok"]["outcome"] if "ok" in expected else "problem"
        seen[kind] = seen.get(kind, 0) + 1
        seen["asked"] = seen.get("asked", 0) + asked
    return seen


def test_hands_are_checked_and_scored_alike():
    rng = random.Random(52)
    cases = [(hand, None) for hand in HAND_EDGES] + [random_hand(rng) for _ in range(COUNT * 2)]
    seen = compare_hands(cases)
    # every outcome, problems and the sell question were all compared, many of each
    for kind in ("win", "limbo-sold", "limbo-unsold", "loss", "problem", "asked"):
        assert seen.get(kind, 0) > COUNT // 20, seen


def test_the_52_card_check_and_every_problem_word_for_word():
    # the whole hand must add up: every near miss of a good hand, each count one off either way
    base = {
        "contract": "1 & 290♥ X",
        "declarer": "H",
        "declarers": {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4]},
        "defenders": {"trick_pile": 12, "added": 5, "calypsos": 0},
    }
    cases = [(base, None)]
    for who in ("declarers", "defenders"):
        for key in ("trick_pile", "added"):
            for step in (-1, 1, -30, 40):
                changed = json.loads(json.dumps(base))
                changed[who][key] += step
                cases.append((changed, None))
    seen = compare_hands(cases)
    assert seen == {"win": 1, "problem": 16, "asked": 0}


def random_pad(rng: random.Random) -> tuple[list, dict | None]:
    values = random_values(rng)
    hands = []
    for _ in range(rng.choice([1, 2, 4, 4, 8, 12])):
        hand, _ = random_hand(rng)
        if rng.random() < 0.85:  # mostly good hands, so running totals are compared over long pads
            for _ in range(20):
                if "ok" in attempt(lambda hand=hand: hand_from_dict(hand, values_of(values))) and (
                    hand.get("declarer") or " by " in hand["contract"]
                ):
                    break
                hand, _ = random_hand(rng)
        hands.append(hand)
    return hands, values


def test_pads_are_scored_alike_with_running_totals():
    rng = random.Random(12)
    pads = [([], None), ("pad", None), ([None], None)] + [random_pad(rng) for _ in range(COUNT // 5)]
    answers = run_node("auction-pad", [{"hands": hands, "values": values} for hands, values in pads])
    whole = stopped = 0
    for (hands, values), js in zip(pads, answers, strict=True):
        v = values_of(values)
        expected = attempt(lambda hands=hands, v=v: [[s.to_dict(), totals] for s, totals in score_pad(hands, v)])
        assert js["pad"] == expected, (hands, expected, js["pad"])
        if not isinstance(hands, list):
            continue
        reading = js["reading"]
        first = None
        for number, (hand, row) in enumerate(zip(hands, reading["hands"], strict=True), start=1):
            alone = attempt(lambda hand=hand, v=v: score_pad([hand], v)[0][0].to_dict())
            problem = alone["error"].replace("hand 1: ", f"hand {number}: ", 1) if "error" in alone else None
            assert (row["score"], row["problem"]) == (alone.get("ok"), problem), (hand, row)
            assert row["sellAsked"] == sell_asked(hand, values)
            first = first or problem
            totals = score_pad(hands[:number], v)[-1][1] if first is None else None
            assert row["totals"] == totals
        assert reading["problem"] == (expected.get("error") if hands else None) == first
        assert reading["complete"] == ("ok" in expected)
        if "ok" in expected:
            assert reading["totals"] == expected["ok"][-1][1]
            whole += len(hands) > 3
        else:
            stopped += 1
    assert whole > COUNT // 50 and stopped > COUNT // 50


# --- the pad's boxes ----------------------------------------------------------------------------------------------

BOX_TEXT = {
    "declarer": ["S", "H", "D", "C", "", " H ", "N", "Q"],
    "calypsos": ["0", "1", "2", "4", "", "7", " 1 "],
    "points": ["290", "220", "300", "", " 310 ", "29x", "٢٩٠", "295", "-300"],
    "suit": ["C", "D", "H", "S", "", "X", "♥"],
    "doubled": ["0", "1", "2", "", "3"],
    "sell": ["", "", "yes", "no", "maybe"],
    "count": ["0", "5", "12", "20", "26", "", " 7 ", "x", "-1", "٣", "²"],
    "cards_required": ["", "", "4", "4, 13", "4 13", "4,,13", " 5 ; 2 ", "x", "13,", "٣"],
}


def random_fields(rng: random.Random) -> dict:
    if rng.random() < 0.05:
        return {box: rng.choice(["", " "]) for box in box_names()} | {"calypsos": "0", "doubled": rng.choice(["0", ""])}
    out = {}
    for box in box_names():
        kind = box.split("-")[-1]
        choices = BOX_TEXT.get(box) or BOX_TEXT["cards_required" if kind == "cards_required" else "count"]
        out[box] = rng.choice(choices[:4]) if rng.random() < 0.8 else rng.choice(choices)
    if rng.random() < 0.05:
        out.pop(rng.choice(box_names()))
    return out


def test_a_pads_boxes_read_as_the_same_hand():
    rng = random.Random(4)
    cases = [{}, {"calypsos": "0", "doubled": "0"}, {"points": "290"}] + [random_fields(rng) for _ in range(COUNT)]
    answers = run_node("auction-fields", cases)
    hands = []
    for fields_typed, js in zip(cases, answers, strict=True):
        hand, blanks = hand_from_fields(fields_typed)
        assert js == {"hand": hand, "blanks": blanks}, (fields_typed, hand, blanks, js)
        if hand is not None:
            hands.append((hand, None))
    assert len(hands) > COUNT // 4
    compare_hands(hands)  # and those hands score alike too


# --- hands worked by hand from AUCTION.md ---------------------------------------------------------------------------


def side(t, p, c=0, required=()):
    return {"trick_pile": t, "added": p, "calypsos": c, "cards_required": list(required)}


# 1. 290♥ by H, T 30 P 10 (defenders T 8 P 4): 300 contract points ≥ 290: won, 290 + 10 / 2 = 295;
#    defenders 8 × 5 = 40.
WIN = {"contract": "290♥", "declarer": "H", "declarers": side(30, 10), "defenders": side(8, 4)}
# 2. 1 & 290♥ X by H, T 20 P 15 C 1 needing 4 (defenders T 12 P 5): 200 + (100 + 3 × 80) = 540 points;
#    won doubled (290 + 250 / 2) × 2 = 830, + 500 calypso + 400 calypso bid = 1730; defenders 60.
DOUBLED_WIN = {"contract": "1 & 290♥ X", "declarer": "H", "declarers": side(20, 15, 1, [4]), "defenders": side(12, 5)}
# 3. 300♠ XX by D, T 26 P 10 (defenders T 10 P 6): 260 points, 40 short, cap 10 × 20 = 200: limbo. Sold
#    (2 cards): 300 + 260 × 3 = 1080; defenders 50. Not sold: −(300 + 40) − 40 × 3 = −460.
LIMBO = {"contract": "300♠ XX", "declarer": "D", "declarers": side(26, 10), "defenders": side(10, 6)}
# 4. 400♣ by S, T 20 P 5 (defenders T 20 P 7 C 1): 200 points, 200 short, over the cap of 100: lost,
#    −(400 + 200) = −600; defenders 500 + 20 × 5 = 600.
LOSS = {"contract": "400♣", "declarer": "S", "declarers": side(20, 5), "defenders": side(20, 7, 1)}
# 5. 2 & 250♦ X by C with one calypso made (T 30 P 10; defenders T 8 P 4): lost on calypsos, deficit 0
#    (300 points ≥ 250), −250 × 2 = −500, the calypso scores nothing; defenders 40.
CALYPSO_LOSS = {"contract": "2 & 250♦ X", "declarer": "C", "declarers": side(30, 10, 1, [5]), "defenders": side(8, 4)}


def test_hands_worked_by_hand_from_the_rules():
    cases = [WIN, DOUBLED_WIN, {**LIMBO, "sell": True}, {**LIMBO, "sell": False}, LOSS, CALYPSO_LOSS]
    answers = run_node("auction-hand", [{"hand": hand, "values": None} for hand in cases])
    got = [(a["score"]["ok"]["outcome"], a["score"]["ok"]["declarers"], a["score"]["ok"]["defenders"]) for a in answers]
    assert got == [
        ("win", 295, 40),
        ("win", 1730, 60),
        ("limbo-sold", 1080, 50),
        ("limbo-unsold", -460, 50),
        ("loss", -600, 600),
        ("loss", -500, 40),
    ]
    assert [a["score"]["ok"]["contract_points"] for a in answers] == [300, 540, 260, 260, 200, 300]
    assert answers[2]["score"]["ok"]["sold"] == 2
    assert [a["sell_asked"] for a in answers] == [False, False, True, True, False, False]


def test_a_pad_worked_by_hand_keeps_running_totals_and_asks_sell_only_in_limbo():
    # majors 295 / minors 40, then majors +1730 / minors +60, then minors +1080 / majors +50
    pads = [[WIN, DOUBLED_WIN, {**LIMBO, "sell": True}], [WIN, LIMBO, DOUBLED_WIN]]
    first, second = run_node("auction-pad", [{"hands": hands, "values": None} for hands in pads])
    assert [totals for _, totals in first["pad"]["ok"]] == [
        {"majors": 295, "minors": 40},
        {"majors": 2025, "minors": 100},
        {"majors": 2075, "minors": 1180},
    ]
    # hand 2 in limbo with no choice: named, asked, and the totals stop before it
    says = (
        "hand 2: the contract is in limbo (40 points short, within the selling cap of 200): sell must be true or false"
    )
    assert second["pad"] == {"error": says}
    rows = second["reading"]["hands"]
    assert [row["sellAsked"] for row in rows] == [False, True, False]
    assert [row["totals"] for row in rows] == [{"majors": 295, "minors": 40}, None, None]
    assert second["reading"]["problem"] == says and rows[2]["score"]["declarers"] == 1730


def test_the_52_card_check_is_worded_as_the_engine_words_it():
    short = {**DOUBLED_WIN, "defenders": side(12, 4)}
    (answer,) = run_node("auction-hand", [{"hand": short, "values": None}])
    assert answer["score"] == {
        "error": "cards add up to 51, not 52: 1 card missing (declarers T 20 + P 15, defenders T 12 + P 4)"
    }


def test_the_events_own_score_values_are_used():
    # 500 → 600 a calypso, 5 → 10 a defender card: hand 2 is 830 + 600 + 400 = 1830, defenders 12 × 10
    values = {**asdict(VALUES), "calypso": 600, "defender_card": 10}
    (answer,) = run_node("auction-hand", [{"hand": DOUBLED_WIN, "values": values}])
    assert (answer["score"]["ok"]["declarers"], answer["score"]["ok"]["defenders"]) == (1830, 120)
    expected = score_hand(
        Contract.parse("1 & 290♥ X", "H"), SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0), values=AuctionValues(**values)
    )
    assert answer["score"]["ok"] == as_json(expected.to_dict())


@pytest.mark.parametrize("hand", [WIN, DOUBLED_WIN, LOSS])
def test_the_worked_hands_are_the_engines_too(hand):
    # the hand-worked figures above are not only the browser's: the engine agrees
    (answer,) = run_node("auction-hand", [{"hand": hand, "values": None}])
    assert answer["score"]["ok"] == as_json(hand_from_dict(hand).to_dict())
