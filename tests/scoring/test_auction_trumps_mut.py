"""``scoring.auction.assign_trumps``: declarer's gift of trumps checked word for word (issue #22, mutation testing).

AUCTION.md §3: declarer's trump is the bid suit; declarer gives each of the other three players one of
the other three suits (all four distinct)."""

from __future__ import annotations

import pytest

from scoring.auction import AuctionError, Contract, assign_trumps

CONTRACT = Contract.parse("290H by S")  # declarer S holds ♥


def message(contract: Contract, trumps: object) -> str:
    with pytest.raises(AuctionError) as info:
        assign_trumps(contract, trumps)
    return str(info.value)


def test_four_distinct_suits_with_declarers_the_bid_suit_are_returned_as_letters():
    trumps = {"S": "♥", "H": "♠", "D": "d", "C": "C"}
    assert assign_trumps(CONTRACT, trumps) == {"S": "H", "H": "S", "D": "D", "C": "C"}
    assert assign_trumps(Contract.parse("250C by D"), {"S": "S", "H": "H", "D": "C", "C": "D"}) == {
        "S": "S",
        "H": "H",
        "D": "C",
        "C": "D",
    }


def test_a_contract_without_declarer_is_refused_word_for_word():
    assert message(Contract.parse("290H"), {"S": "H", "H": "S", "D": "D", "C": "C"}) == (
        "assigning trumps needs the contract's declarer"
    )


def test_trumps_that_are_not_a_mapping_are_refused_word_for_word():
    assert message(CONTRACT, ["H", "S", "D", "C"]) == "trumps are {seat: suit} for the four seats"


@pytest.mark.parametrize(
    ("trumps", "says"),
    [
        ({"S": "H", "H": "S"}, "no suit for DC"),
        ({"S": "H", "H": "S", "D": "D"}, "no suit for C"),
        ({"S": "H", "H": "S", "D": "D", "N": "C"}, "no suit for C; unknown seats 'N'"),
        ({"S": "H", "H": "S", "D": "D", "C": "C", "N": "C"}, "unknown seats 'N'"),
    ],
)
def test_seats_missing_or_unknown_are_named_word_for_word(trumps, says):
    assert message(CONTRACT, trumps) == f"trumps need one suit for each seat S, H, D, C: {says}"


def test_every_unknown_seat_is_named():
    text = message(CONTRACT, {"S": "H", "H": "S", "D": "D", "C": "C", "N": "C", "E": "D"})
    # the unknown seats are named in no set order
    assert text in {
        "trumps need one suit for each seat S, H, D, C: unknown seats 'N', 'E'",
        "trumps need one suit for each seat S, H, D, C: unknown seats 'E', 'N'",
    }


def test_a_seats_trump_that_is_not_a_suit_is_named_word_for_word():
    assert message(CONTRACT, {"S": "H", "H": "X", "D": "D", "C": "C"}) == (
        "H's trump: 'X' is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)"
    )


@pytest.mark.parametrize(
    ("trumps", "says"),
    [
        ({"S": "H", "H": "H", "D": "D", "C": "C"}, "♥ twice"),
        ({"S": "H", "H": "H", "D": "S", "C": "S"}, "♥, ♠ twice"),
        ({"S": "H", "H": "D", "D": "D", "C": "D"}, "♦ twice"),
    ],
)
def test_a_suit_given_twice_is_refused_word_for_word(trumps, says):
    assert message(CONTRACT, trumps) == f"the four trump suits must differ: {says}"


def test_declarers_trump_must_be_the_bid_suit_word_for_word():
    assert message(CONTRACT, {"S": "S", "H": "H", "D": "D", "C": "C"}) == (
        "declarer S's trump is the bid suit ♥, not ♠"
    )
