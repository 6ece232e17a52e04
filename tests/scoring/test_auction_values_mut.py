"""``scoring.auction.values``: seats and the refused call, checked to the letter (issue #22, mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction import Auction, AuctionError, AuctionValues, Bid, IllegalCall
from scoring.auction.values import SIDE_OF, VALUES, _whole, check_seat, left_of, partner_of


@pytest.mark.parametrize(("seat", "partner"), [("S", "H"), ("H", "S"), ("D", "C"), ("C", "D")])
def test_partners_sit_opposite_on_the_same_side(seat, partner):
    # AUCTION.md §1: fixed partnerships, partners opposite (N–S the majors S/H, E–W the minors D/C)
    assert partner_of(seat) == partner
    assert SIDE_OF[partner_of(seat)] == SIDE_OF[seat]


def test_a_refused_call_names_the_seat_and_the_call_attempted():
    auction = Auction("S")  # dealer S: dealer's left, D, calls first
    with pytest.raises(IllegalCall) as info:
        auction.call("D", "double")
    assert (info.value.seat, info.value.call) == ("D", "double")
    assert str(info.value) == "there is no bid to double"


def test_a_refused_bid_carries_the_bid_read_from_the_text():
    auction = Auction("S")
    auction.call("D", "250H")
    with pytest.raises(IllegalCall) as info:
        auction.call("H", "240S")  # points may not fall
    assert info.value.seat == "H"
    assert info.value.call == Bid(240, 0, "S")


def test_an_unreadable_call_carries_the_text_as_typed():
    auction = Auction("S")
    with pytest.raises(IllegalCall) as info:
        auction.call("D", "two hearts")
    assert (info.value.seat, info.value.call) == ("D", "two hearts")


@pytest.mark.parametrize(("cards", "bonus"), [(1, 100), (2, 180), (3, 260), (13, 1060)])
def test_the_cards_required_bonus(cards, bonus):
    # AUCTION.md §5: 100 for the first card still needed plus 80 for each further card
    assert VALUES.bonus(cards) == bonus


def test_the_bonus_follows_the_clubs_values():
    assert AuctionValues(first_card=50, further_card=30).bonus(4) == 140


@pytest.mark.parametrize(
    ("seat", "steps", "seat_there"),
    [("S", 1, "D"), ("D", 1, "H"), ("H", 1, "C"), ("C", 1, "S"), ("S", 2, "H"), ("C", 2, "D"), ("S", 3, "C")],
)
def test_left_of_goes_clockwise_round_the_table(seat, steps, seat_there):
    assert left_of(seat, steps) == seat_there
    if steps == 1:
        assert left_of(seat) == seat_there


def test_left_of_follows_the_orientation_given():
    assert left_of("S", orientation="SCHD") == "C"
    assert left_of("D", orientation="SCHD") == "S"


def test_check_seat_returns_a_seat_and_names_what_is_not_one():
    assert [check_seat(s) for s in "SHDC"] == list("SHDC")
    with pytest.raises(AuctionError) as info:
        check_seat("N")
    assert str(info.value) == "'N' is not a seat (seats are S, H, D, C; N E S W are S D H C)"


@pytest.mark.parametrize(("value", "whole"), [(0, 0), (250, 250), ("250", 250), (" 7 ", 7)])
def test_whole_reads_numbers_and_decimal_text(value, whole):
    assert _whole(value, "x") == whole
    assert type(_whole(value, "x")) is int


@pytest.mark.parametrize("value", [True, 2.5, "2.5", "-3", "²", None])
def test_whole_refuses_what_is_not_a_whole_number_word_for_word(value):
    with pytest.raises(AuctionError) as info:
        _whole(value, "the count")
    assert str(info.value) == f"the count must be a whole number, not {value!r}"
