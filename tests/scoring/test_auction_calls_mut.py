"""``scoring.auction.bidding``: the auction's calls, turn by turn and word for word (issue #22, mutation testing).

AUCTION.md §3. Default orientation: seats clockwise S → D → H → C; S and H are partners (majors),
D and C (minors). With dealer S, D calls first."""

from __future__ import annotations

import pytest

from scoring.auction import Auction, AuctionError, AuctionValues, Bid, Contract, IllegalCall, may_follow, parse_call


def refused(auction: Auction, seat: str, call: object) -> IllegalCall:
    """The ``IllegalCall`` ``auction.call(seat, call)`` raises; the auction must not change."""
    before = (list(auction.calls), auction.last_bid, auction.last_bidder, auction.doubled, auction.to_speak)
    with pytest.raises(IllegalCall) as info:
        auction.call(seat, call)
    assert (list(auction.calls), auction.last_bid, auction.last_bidder, auction.doubled, auction.to_speak) == before
    return info.value


def played(dealer: str, *calls: str, **kwargs) -> Auction:
    """An auction with ``calls`` made in turn from dealer's left."""
    auction = Auction(dealer, **kwargs)
    for call in calls:
        auction.call(auction.to_speak, call)
    return auction


# --- may_follow ----------------------------------------------------------------------------------------------------


def test_any_bid_may_open_the_auction():
    assert may_follow(Bid(220, 0, "C"), None) is None


def test_a_higher_suit_at_the_same_points_may_follow():
    assert may_follow(Bid(220, 0, "D"), Bid(220, 0, "C")) is None
    assert may_follow(Bid(220, 1, "C"), Bid(220, 0, "S")) is None


def test_the_same_bid_may_not_follow_itself_word_for_word():
    assert may_follow(Bid(230, 0, "H"), Bid(230, 0, "H")) == (
        "230♥ does not rank above 230♥ (compare calypsos, then points, then suit ♣ < ♦ < ♥ < ♠)"
    )


def test_points_may_not_fall_even_for_more_calypsos_word_for_word():
    # AUCTION.md §3: after 230♠ nobody may bid "1 and 220♣" (points fell)
    assert may_follow(Bid(220, 1, "C"), Bid(230, 0, "S")) == (
        "1 & 220♣ has fewer points than 230♠ (220 < 230): points may not fall"
    )
    # ... and after "1 and 220♣" nobody may bid 230♠ (fewer calypsos)
    assert may_follow(Bid(230, 0, "S"), Bid(220, 1, "C")) == (
        "230♠ does not rank above 1 & 220♣ (compare calypsos, then points, then suit ♣ < ♦ < ♥ < ♠)"
    )


# --- parse_call ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "call"),
    [
        ("pass", "pass"),
        (" Pass ", "pass"),
        ("p", "pass"),
        ("P", "pass"),
        ("double", "double"),
        ("DOUBLE", "double"),
        ("x", "double"),
        ("X", "double"),
        ("redouble", "redouble"),
        ("ReDouble", "redouble"),
        ("xx", "redouble"),
        ("XX", "redouble"),
        ("250h", Bid(250, 0, "H")),
        ("1 & 250♠", Bid(250, 1, "S")),
    ],
)
def test_parse_call_reads_each_word_and_bids(typed, call):
    assert parse_call(typed) == call


def test_parse_call_keeps_a_bid_and_refuses_what_is_not_a_call_word_for_word():
    bid = Bid(300, 2, "D")
    assert parse_call(bid) is bid
    with pytest.raises(AuctionError) as info:
        parse_call(290)
    assert str(info.value) == "290 is not a call (pass, double, redouble or a bid such as 290♥)"
    with pytest.raises(AuctionError) as info:
        parse_call("pas")
    assert str(info.value) == "'pas' is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)"


# --- a new auction -------------------------------------------------------------------------------------------------


def test_a_new_auction_has_no_calls_no_bid_and_dealers_left_to_speak():
    auction = Auction("S")
    assert auction.dealer == "S"
    assert auction.calls == []
    assert auction.last_bid is None and auction.last_bidder is None
    assert auction.doubled == 0
    assert auction.to_speak == "D" and not auction.finished
    assert auction.contract is None
    assert auction.legal_calls() == ["pass"]


def test_an_auction_refuses_a_dealer_who_is_not_a_seat():
    with pytest.raises(AuctionError) as info:
        Auction("N")
    assert str(info.value) == "'N' is not a seat (seats are S, H, D, C; N E S W are S D H C)"


def test_an_orientation_naming_a_seat_twice_is_refused_word_for_word():
    with pytest.raises(AuctionError) as info:
        Auction("S", orientation="SHDD")
    assert str(info.value) == "orientation 'SHDD' must name each seat S, H, D, C once"


def test_calls_go_clockwise_in_the_tables_own_orientation():
    auction = Auction("S", orientation="SCHD")  # clockwise S → C → H → D
    assert auction.orientation == "SCHD"
    assert auction.to_speak == "C"
    auction.call("C", "250H")
    assert auction.to_speak == "H"
    auction.call("H", "pass")
    assert auction.to_speak == "D"
    auction.call("D", "pass")
    assert auction.to_speak == "S"
    auction.call("S", "pass")
    assert auction.finished and auction.contract == Contract(Bid(250, 0, "H"), 0, "C")


def test_dealers_left_calls_first_round_the_table():
    for dealer, first in [("S", "D"), ("D", "H"), ("H", "C"), ("C", "S")]:
        assert Auction(dealer).to_speak == first


# --- passes ----------------------------------------------------------------------------------------------------------


def test_three_passes_after_a_bid_end_the_auction_not_two():
    auction = played("S", "250H")
    assert not auction.finished and auction.to_speak == "H"
    auction.call("H", "pass")
    auction.call("C", "pass")
    assert not auction.finished and auction.to_speak == "S"
    assert auction.contract is None
    auction.call("S", "pass")
    assert auction.finished
    assert auction.to_speak is None
    assert auction.contract == Contract(Bid(250, 0, "H"), 0, "D")
    assert auction.legal_calls() == []


def test_a_bid_after_two_passes_restarts_the_count():
    auction = played("S", "250H", "pass", "pass", "260H")  # S bids over D
    auction.call("D", "pass")
    auction.call("H", "pass")
    assert not auction.finished and auction.to_speak == "C"
    auction.call("C", "pass")
    assert auction.contract == Contract(Bid(260, 0, "H"), 0, "S")


def test_the_first_calls_may_be_passes_but_dealer_must_then_bid():
    auction = played("S", "pass", "pass", "pass")
    assert auction.calls == [("D", "pass"), ("H", "pass"), ("C", "pass")]
    assert not auction.finished and auction.to_speak == "S"
    assert auction.legal_calls() == []
    error = refused(auction, "S", "pass")
    assert str(error) == "the first three calls were passes: dealer (S) must bid"
    assert (error.seat, error.call) == ("S", "pass")
    auction.call("S", "220C")
    assert auction.last_bid == Bid(220, 0, "C") and auction.last_bidder == "S"


def test_after_a_bid_the_fourth_call_may_be_a_pass():
    auction = played("S", "250H", "pass", "pass")
    assert len(auction.calls) == 3
    assert auction.legal_calls() == ["pass", "double"]  # S's opponents D bid


def test_a_double_or_redouble_restarts_the_count_of_passes():
    auction = played("S", "250H", "pass", "pass", "double", "pass", "pass")
    assert not auction.finished and auction.to_speak == "C"
    auction.call("C", "pass")
    assert auction.contract == Contract(Bid(250, 0, "H"), 1, "D")


# --- doubles and redoubles -------------------------------------------------------------------------------------------


def test_doubling_the_opponents_bid_then_redoubling_it():
    auction = played("S", "250H")
    assert auction.legal_calls() == ["pass", "double"]
    auction.call("H", "x")
    assert auction.doubled == 1
    assert auction.legal_calls() == ["pass", "redouble"]  # C, declarer D's partner
    auction.call("C", "xx")
    assert auction.doubled == 2
    assert auction.legal_calls() == ["pass"]
    assert auction.calls == [("D", Bid(250, 0, "H")), ("H", "double"), ("C", "redouble")]
    for seat in "SDH":
        auction.call(seat, "pass")
    assert auction.contract == Contract(Bid(250, 0, "H"), 2, "D")
    assert str(auction.contract) == "250♥ XX by D"


def test_the_bidder_may_redouble_after_a_pass():
    auction = played("S", "250H", "double", "pass", "pass")
    assert auction.to_speak == "D"
    auction.call("D", "redouble")
    assert auction.doubled == 2


def test_a_new_bid_cancels_the_double():
    auction = played("S", "250H", "double", "260S")  # C bids over H's double
    assert auction.doubled == 0
    assert auction.last_bidder == "C"
    assert auction.legal_calls() == ["pass", "double"]  # S is an opponent of C


def test_nothing_to_double_word_for_word():
    error = refused(Auction("S"), "D", "double")
    assert str(error) == "there is no bid to double"
    assert (error.seat, error.call) == ("D", "double")


def test_doubling_ones_own_side_is_refused_word_for_word():
    auction = played("S", "250H", "pass")  # C, D's partner, to speak
    error = refused(auction, "C", "double")
    assert str(error) == "250♥ is C's own side's bid: double only the opponents' bid"
    assert auction.legal_calls() == ["pass"]


def test_doubling_twice_is_refused_word_for_word():
    auction = played("S", "250H", "double", "pass")
    assert str(refused(auction, "S", "double")) == "250♥ is already doubled"
    auction.call("S", "pass")
    auction.call("D", "redouble")
    assert str(refused(auction, "H", "double")) == "250♥ is already redoubled"


def test_nothing_to_redouble_word_for_word():
    assert str(refused(Auction("S"), "D", "redouble")) == "there is no bid to redouble"
    auction = played("S", "250H", "pass")
    assert str(refused(auction, "C", "redouble")) == "nothing to redouble: the last bid is not doubled"
    auction = played("S", "250H", "double", "redouble", "pass")
    assert str(refused(auction, "D", "xx")) == "nothing to redouble: the last bid is redoubled already"


def test_the_doubling_side_may_not_redouble_word_for_word():
    auction = played("S", "250H", "double", "pass")  # S, H's partner, to speak
    assert auction.legal_calls() == ["pass"]
    error = refused(auction, "S", "redouble")
    assert str(error) == "S may redouble only the opponents' double of its own side's bid"
    assert (error.seat, error.call) == ("S", "redouble")


# --- bids ------------------------------------------------------------------------------------------------------------


def test_the_lowest_bid_opens():
    auction = played("S", "220C")
    assert auction.last_bid == Bid(220, 0, "C") and auction.last_bidder == "D"


def test_a_raised_minimum_bid_is_the_lowest_opening_word_for_word():
    values = AuctionValues(minimum_bid=250)
    auction = Auction("S", values=values)
    assert auction.values == values
    error = refused(auction, "D", "240S")
    assert str(error) == "a bid is at least 250 points here, not 240"
    assert (error.seat, error.call) == ("D", Bid(240, 0, "S"))
    auction.call("D", "250C")
    assert auction.last_bid == Bid(250, 0, "C")


def test_a_bid_must_follow_the_last_word_for_word():
    auction = played("S", "250H")
    error = refused(auction, "H", "240S")
    assert str(error) == "240♠ has fewer points than 250♥ (240 < 250): points may not fall"
    assert (error.seat, error.call) == ("H", Bid(240, 0, "S"))
    assert str(refused(auction, "H", "250D")) == (
        "250♦ does not rank above 250♥ (compare calypsos, then points, then suit ♣ < ♦ < ♥ < ♠)"
    )


def test_a_call_out_of_turn_is_refused_word_for_word():
    auction = Auction("S")
    error = refused(auction, "H", "pass")
    assert str(error) == "it is D's turn to call, not H's"
    assert (error.seat, error.call) == ("H", "pass")


def test_a_call_after_the_end_is_refused_word_for_word():
    auction = played("S", "250H", "pass", "pass", "pass")
    assert str(refused(auction, "D", "pass")) == "the auction is over: D cannot call pass"


def test_a_call_from_no_seat_is_refused_naming_it():
    auction = Auction("S")
    with pytest.raises(AuctionError) as info:
        auction.call("N", "pass")
    assert str(info.value) == "'N' is not a seat (seats are S, H, D, C; N E S W are S D H C)"
    assert auction.calls == []


def test_an_unreadable_call_is_refused_with_the_text_word_for_word():
    auction = Auction("S")
    error = refused(auction, "D", "2 hearts")
    assert str(error) == "'2 hearts' is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)"
    assert (error.seat, error.call) == ("D", "2 hearts")


# --- minimum_bid: the lowest bid open in a suit ---------------------------------------------------------------------


def test_the_minimum_bid_before_any_bid_is_the_lowest_in_the_suit():
    auction = Auction("S")
    assert [auction.minimum_bid(s) for s in "CS"] == [Bid(220, 0, "C"), Bid(220, 0, "S")]
    assert Auction("S", values=AuctionValues(minimum_bid=300)).minimum_bid("D") == Bid(300, 0, "D")


def test_the_minimum_bid_after_a_bid_is_higher_in_suit_or_points():
    auction = played("S", "230H")
    assert auction.minimum_bid("S") == Bid(230, 0, "S")
    assert auction.minimum_bid("H") == Bid(240, 0, "H")
    assert auction.minimum_bid("C") == Bid(240, 0, "C")


def test_the_minimum_bid_keeps_the_calypsos_bid():
    auction = played("S", "1 & 250D")
    assert auction.minimum_bid("H") == Bid(250, 1, "H")
    assert auction.minimum_bid("D") == Bid(260, 1, "D")
    assert auction.minimum_bid("C") == Bid(260, 1, "C")


def test_the_minimum_bid_stays_above_a_raised_minimum():
    auction = played("S", "250H", values=AuctionValues(minimum_bid=250))
    assert auction.minimum_bid("S") == Bid(250, 0, "S")
    assert auction.minimum_bid("D") == Bid(260, 0, "D")
