"""``scoring.auction.values``: seats and the refused call, checked to the letter (issue #22, mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction import Auction, Bid, IllegalCall
from scoring.auction.values import SIDE_OF, partner_of


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
