"""The Auction score pad's JSON, both ways (docs/formats.md, "Auction score pad"): what each side took
read from and written to JSON, a scored hand's result object, a whole pad, and the words of every
refusal (a person reads them: they are asserted word for word).

Every score below is worked by hand from AUCTION.md §5–§6 in the comment above it.
"""

from __future__ import annotations

import re

import pytest

from scoring.auction import AuctionError, AuctionValues, SideHand, hand_from_dict, score_pad

# The example of docs/formats.md: "1 & 290♥ X" by H (majors).
# Declarers T 20, P 15, one calypso that still needed 4 cards; defenders T 12, P 5: 20 + 15 + 12 + 5 = 52.
# Contract points: 10 × 20 = 200 + bonus of 4 cards 100 + 80 × 3 = 340 → 540 against 290 bid: a win.
# Won doubled: (290 + (540 − 290) / 2) × 2 = (290 + 125) × 2 = 830; the calypso 500, bid and made 400;
# declarers 830 + 500 + 400 = 1730. Defenders: no calypso, 12 cards × 5 = 60.
EXAMPLE = {
    "format": "calypso-auction-hand/1",
    "contract": "1 & 290♥ X",
    "declarer": "H",
    "declarers": {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4]},
    "defenders": {"trick_pile": 12, "added": 5, "calypsos": 0},
    "sell": None,
}


def raises(text: str):
    """``pytest.raises`` for an ``AuctionError`` whose message is exactly ``text``."""
    return pytest.raises(AuctionError, match=f"^{re.escape(text)}$")


# --- SideHand ---------------------------------------------------------------------------------------------------------


def test_side_hand_keeps_cards_required_as_a_tuple_whatever_it_is_given():
    side = SideHand(20, 15, 2, [4, 13])
    assert side.cards_required == (4, 13)
    assert isinstance(side.cards_required, tuple)
    # a frozen record: equal records hash alike, so it can be a key or go in a set
    assert hash(side) == hash(SideHand(20, 15, 2, (4, 13)))
    assert len({side, SideHand(20, 15, 2, (4, 13))}) == 1


def test_side_hand_from_dict_reads_every_field_in_its_place():
    side = SideHand.from_dict({"trick_pile": 20, "added": 15, "calypsos": 2, "cards_required": [4, 13]}, "declarers")
    assert side == SideHand(trick_pile=20, added=15, calypsos=2, cards_required=(4, 13))
    assert (side.trick_pile, side.added, side.calypsos, side.cards_required) == (20, 15, 2, (4, 13))


def test_side_hand_from_dict_reads_digit_strings_in_cards_required_too():
    side = SideHand.from_dict({"trick_pile": "20", "added": 15, "calypsos": "1", "cards_required": [" 4 "]})
    assert side == SideHand(20, 15, 1, (4,))


def test_side_hand_from_dict_without_cards_required_has_none():
    assert SideHand.from_dict({"trick_pile": 12, "added": 5, "calypsos": 0}).cards_required == ()


def test_side_hand_from_dict_refuses_what_is_not_an_object_naming_the_default_side():
    with raises("side: expected an object with trick_pile, added, calypsos, cards_required"):
        SideHand.from_dict([20, 15, 1])
    with raises("defenders: expected an object with trick_pile, added, calypsos, cards_required"):
        SideHand.from_dict(None, "defenders")


def test_side_hand_from_dict_names_every_unknown_field_in_order():
    data = {"trick_pile": 20, "added": 15, "calypsos": 0, "tricks": 5, "bonus": 1}
    with raises("declarers: unknown field 'bonus', 'tricks'"):
        SideHand.from_dict(data, "declarers")


def test_side_hand_from_dict_names_every_missing_count():
    with raises("defenders: trick_pile, calypsos missing"):
        SideHand.from_dict({"added": 5}, "defenders")
    with raises("side: added missing"):
        SideHand.from_dict({"trick_pile": 12, "calypsos": 0})


@pytest.mark.parametrize("required", [4, "4", "4, 13", {"a": 4}.keys()])
def test_side_hand_from_dict_refuses_cards_required_that_is_not_a_list(required):
    data = {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": required}
    with raises(f"declarers.cards_required must be a list of numbers, not {required!r}"):
        SideHand.from_dict(data, "declarers")


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("trick_pile", "x", "declarers.trick_pile must be a whole number, not 'x'"),
        ("added", 1.5, "declarers.added must be a whole number, not 1.5"),
        ("calypsos", True, "declarers.calypsos must be a whole number, not True"),
        ("cards_required", [4, "four"], "declarers.cards_required[1] must be a whole number, not 'four'"),
        ("cards_required", [None], "declarers.cards_required[0] must be a whole number, not None"),
    ],
)
def test_side_hand_from_dict_names_the_count_that_is_not_a_whole_number(field, value, says):
    data = {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4], field: value}
    with raises(says):
        SideHand.from_dict(data, "declarers")


def test_side_hand_to_dict_is_the_json_form_and_reads_back():
    side = SideHand(20, 15, 2, (4, 13))
    assert side.to_dict() == {"trick_pile": 20, "added": 15, "calypsos": 2, "cards_required": [4, 13]}
    assert isinstance(side.to_dict()["cards_required"], list)
    assert SideHand.from_dict(side.to_dict()) == side
    assert SideHand(12, 5, 0).to_dict() == {"trick_pile": 12, "added": 5, "calypsos": 0, "cards_required": []}


# --- one hand's JSON --------------------------------------------------------------------------------------------------


def test_hand_score_to_dict_is_the_documented_result():
    data = hand_from_dict(EXAMPLE).to_dict()
    lines = data.pop("lines")
    assert data == {
        "contract": "1 & 290♥ X by H",
        "outcome": "win",
        "contract_points": 540,
        "deficit": 0,
        "sold": 0,
        "contract_score": 830,
        "declarer_calypsos": 500,
        "calypso_bid_bonus": 400,
        "defender_calypsos": 0,
        "defender_cards": 60,
        "declarers": 1730,
        "defenders": 60,
        "sides": {"majors": 1730, "minors": 60},
    }
    assert isinstance(lines, list)
    assert lines[0] == "contract 1 & 290♥ X by H (doubled, ×2)"
    assert lines[1] == "trick pile: 20 × 10 = 200"
    assert lines[-1] == "hand: declarers 1730, defenders 60"


def test_hand_score_to_dict_of_a_sold_limbo_hand_and_a_defender_calypso():
    # "2 & 400♠" by S, undoubled. Declarers T 5, P 30, two calypsos that needed 1 and 2 cards:
    # 50 + 100 + 180 = 330 contract points, 70 short of 400; the cap is 30 × 20 = 600: limbo.
    # Sold: ⌈70 / 20⌉ = 4 cards, the contract made exactly: 400 (undoubled: + pts × 0).
    # Calypsos 2 × 500 = 1000, bid and made 2 × 400 = 800: declarers 400 + 1000 + 800 = 2200.
    # Defenders T 4, P 13, one calypso: 500 + 4 × 5 = 520. Cards: 5 + 30 + 4 + 13 = 52.
    hand = {
        "contract": "2 & 400♠",
        "declarer": "S",
        "declarers": {"trick_pile": 5, "added": 30, "calypsos": 2, "cards_required": [1, 2]},
        "defenders": {"trick_pile": 4, "added": 13, "calypsos": 1},
        "sell": True,
    }
    data = hand_from_dict(hand).to_dict()
    del data["lines"]
    assert data == {
        "contract": "2 & 400♠ by S",
        "outcome": "limbo-sold",
        "contract_points": 330,
        "deficit": 70,
        "sold": 4,
        "contract_score": 400,
        "declarer_calypsos": 1000,
        "calypso_bid_bonus": 800,
        "defender_calypsos": 500,
        "defender_cards": 20,
        "declarers": 2200,
        "defenders": 520,
        "sides": {"majors": 2200, "minors": 520},
    }


def test_hand_score_to_dict_lines_are_the_explanation_one_step_a_line():
    score = hand_from_dict(EXAMPLE)
    assert score.to_dict()["lines"] == list(score.lines) == score.explanation.split("\n")


def test_hand_from_dict_refuses_what_is_not_an_object():
    with raises("an Auction hand is a JSON object with contract, declarers, defenders"):
        hand_from_dict(["1 & 290♥ X"])


def test_hand_from_dict_names_every_unknown_field_in_order():
    with raises("unknown field 'notes', 'score'"):
        hand_from_dict({**EXAMPLE, "score": 1730, "notes": "well played"})


def test_hand_from_dict_says_the_contract_is_missing_with_an_example():
    data = {key: value for key, value in EXAMPLE.items() if key != "contract"}
    with raises('contract missing (e.g. "1 & 290♥ X")'):
        hand_from_dict(data)


# Club values: 600 a calypso, 10 a defender card (AuctionValues). The example hand then scores
# declarers 830 + 600 + 400 = 1830 (the contract line does not change) and defenders 12 × 10 = 120.
CLUB = AuctionValues(calypso=600, defender_card=10)


def test_hand_from_dict_scores_with_the_values_given():
    score = hand_from_dict(EXAMPLE, CLUB)
    assert (score.contract_score, score.declarer_calypsos, score.declarers) == (830, 600, 1830)
    assert (score.defender_cards, score.defenders) == (120, 120)


# --- a whole pad ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hands", [[], "", "hands", 5, None, {"hands": [EXAMPLE]}])
def test_score_pad_refuses_what_is_not_a_list_of_hands(hands):
    with raises("a score pad is a list of hands"):
        score_pad(hands)


def test_score_pad_scores_with_the_values_given_and_keeps_running_totals():
    # Hand 1 as above with the club values: majors 1830, minors 120.
    # Hand 2, "300♦" by D (minors), undoubled: declarers T 31 → 310 ≥ 300, won (300 + 10 / 2) = 305;
    # defenders (majors) T 10 × 10 = 100. Cards 31 + 5 + 10 + 6 = 52.
    # Totals: majors 1830 + 100 = 1930, minors 120 + 305 = 425.
    second = {
        "contract": "300♦",
        "declarer": "D",
        "declarers": {"trick_pile": 31, "added": 5, "calypsos": 0},
        "defenders": {"trick_pile": 10, "added": 6, "calypsos": 0},
    }
    pad = score_pad([EXAMPLE, second], CLUB)
    assert [totals for _, totals in pad] == [{"majors": 1830, "minors": 120}, {"majors": 1930, "minors": 425}]
    assert pad[1][0].declarers == 305


def test_score_pad_names_the_hand_without_a_declarer():
    second = {key: value for key, value in EXAMPLE.items() if key != "declarer"}
    with raises('hand 2: the declarer is needed to know which side scores what (e.g. "declarer": "H")'):
        score_pad([EXAMPLE, second])
