"""``scoring.auction.bidding``: bids and contracts checked to the letter (issue #22, mutation testing).

Each test pins down a rule of AUCTION.md §3 or a message a director reads, where the broader tests
of test_auction.py leave room for a changed comparison, a lost value or a reworded error."""

from __future__ import annotations

import pytest

from scoring.auction import AuctionError, Bid, Contract


def message(call, *args, **kwargs) -> str:
    """The ``AuctionError`` text ``call(*args, **kwargs)`` raises (the whole text, not a search)."""
    with pytest.raises(AuctionError) as info:
        call(*args, **kwargs)
    return str(info.value)


# --- Bid: what it accepts and keeps ---------------------------------------------------------------------------------


def test_the_lowest_bid_is_220_points():
    # AUCTION.md §3: "a number of points (a multiple of 10, at least 220)" — 220 itself is a bid
    bid = Bid(220, 0, "C")
    assert (bid.points, bid.calypsos, bid.suit) == (220, 0, "C")
    assert message(Bid, 210, 0, "C") == "a bid is at least 220 points, not 210"


def test_four_calypsos_is_the_most_a_bid_names():
    # §3: "a number of calypsos (0 to 4)"
    assert Bid(300, 4, "S").calypsos == 4
    assert message(Bid, 300, 5, "S") == "a bid names 0 to 4 calypsos, not 5"


def test_a_bid_keeps_its_suit_as_a_letter_and_its_numbers_as_whole_numbers():
    # a symbol is read as its letter; numbers typed as text (a form's fields) are kept as numbers
    bid = Bid(" 230 ", "1", "♥")
    assert bid.suit == "H"
    assert bid.points == 230 and type(bid.points) is int
    assert bid.calypsos == 1 and type(bid.calypsos) is int
    assert bid == Bid(230, 1, "H")
    assert str(bid) == "1 & 230♥"


@pytest.mark.parametrize(
    ("args", "text"),
    [
        ((2.5, 0, "S"), "a bid's points must be a whole number, not 2.5"),
        (("lots", 0, "S"), "a bid's points must be a whole number, not 'lots'"),
        ((220, 1.5, "S"), "a bid's calypsos must be a whole number, not 1.5"),
        ((220, "one", "S"), "a bid's calypsos must be a whole number, not 'one'"),
        ((225, 0, "S"), "a bid's points are a multiple of 10, not 225"),
        ((220, -1, "S"), "a bid names 0 to 4 calypsos, not -1"),
        ((220, 0, "X"), "'X' is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)"),
    ],
)
def test_a_wrong_bid_is_refused_with_a_message_naming_the_fault(args, text):
    assert message(Bid, *args) == text


# --- Bid.parse ------------------------------------------------------------------------------------------------------


def test_parse_refuses_what_is_not_a_bid_word_for_word():
    assert message(Bid.parse, 290) == "290 is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)"
    assert message(Bid.parse, "hello") == "'hello' is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)"


def test_parse_reads_a_suit_symbol_with_the_emoji_variation_selector():
    # phones type ♥ as "♥\ufe0f": the selector is not part of the bid
    assert Bid.parse("290♥\ufe0f") == Bid(290, 0, "H")
    assert Bid.parse("1 & 300♠\ufe0f") == Bid(300, 1, "S")


# --- Bid ordering: (calypsos, points, suit) -------------------------------------------------------------------------


def test_a_bid_is_not_below_itself_but_is_at_most_and_at_least_itself():
    bid, same = Bid(250, 1, "D"), Bid(250, 1, "D")
    assert not bid < same
    assert not bid > same
    assert bid <= same
    assert bid >= same


def test_ordering_follows_calypsos_then_points_then_suit():
    low, high = Bid(230, 0, "S"), Bid(220, 1, "C")
    assert low < high and low <= high and not low >= high and not low > high
    assert high > low and high >= low and not high <= low and not high < low


# --- Contract -------------------------------------------------------------------------------------------------------


def test_a_contract_given_its_bid_as_text_holds_the_bid():
    contract = Contract("1 & 290H", 1, "H")
    assert contract.bid == Bid(290, 1, "H")
    assert isinstance(contract.bid, Bid)
    assert str(contract) == "1 & 290♥ X by H"


def test_a_contract_given_a_bid_keeps_that_bid():
    bid = Bid(300, 0, "D")
    assert Contract(bid).bid is bid


def test_a_contracts_doubling_typed_as_text_is_kept_as_a_number():
    contract = Contract(Bid(290, 0, "S"), "2")
    assert contract.doubled == 2 and type(contract.doubled) is int
    assert contract.factor == 4
    assert str(contract) == "290♠ XX"


@pytest.mark.parametrize(
    ("doubled", "text"),
    [
        (1.5, "a contract's doubling must be a whole number, not 1.5"),
        ("twice", "a contract's doubling must be a whole number, not 'twice'"),
        (3, "a contract is undoubled (0), doubled (1) or redoubled (2), not 3"),
        (-1, "a contract is undoubled (0), doubled (1) or redoubled (2), not -1"),
    ],
)
def test_a_wrong_doubling_is_refused_word_for_word(doubled, text):
    assert message(Contract, Bid(290, 0, "S"), doubled) == text


def test_a_contract_with_a_declarer_is_made_and_says_who():
    contract = Contract(Bid(290, 0, "S"), 0, "D")
    assert contract.declarer == "D"
    assert contract.side == "minors"
    assert str(contract) == "290♠ by D"


def test_a_contract_with_a_wrong_declarer_is_refused():
    text = "'N' is not a seat (seats are S, H, D, C; N E S W are S D H C)"
    assert message(Contract, Bid(290, 0, "S"), 0, "N") == text


# --- Contract.parse -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["290H by H", "290H by h", "290H  BY  H"])
def test_parse_reads_the_declarer_after_by(text):
    contract = Contract.parse(text)
    assert contract.declarer == "H"
    assert contract.side == "majors"
    assert str(contract) == "290♥ by H"


def test_parse_takes_the_declarer_given_beside_the_text():
    assert Contract.parse("290H X", declarer="D") == Contract(Bid(290, 0, "H"), 1, "D")
    assert Contract.parse("290H X").declarer is None


def test_parse_accepts_the_same_declarer_in_the_text_and_beside_it():
    assert Contract.parse("290H by H", declarer="H") == Contract(Bid(290, 0, "H"), 0, "H")


def test_parse_refuses_two_different_declarers_word_for_word():
    assert message(Contract.parse, "290H by H", declarer="S") == "'290H by H' names declarer H, not S"


def test_parse_drops_the_emoji_variation_selector_anywhere_in_the_text():
    assert Contract.parse("290♥\ufe0f X") == Contract(Bid(290, 0, "H"), 1)
    assert Contract.parse("290♥ X\ufe0f") == Contract(Bid(290, 0, "H"), 1)
    assert Contract.parse("1 & 290♥\ufe0f XX by H\ufe0f") == Contract(Bid(290, 1, "H"), 2, "H")
