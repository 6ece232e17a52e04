"""``scoring.auction_settings``: the limits and messages of an Auction event's settings, word for word
(issue #22, mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction import VALUES, AuctionError
from scoring.auction_settings import AuctionSettings, values_from_dict

NAMES = (
    "minimum_bid, declarer_card, first_card, further_card, sell_price, calypso, calypso_bid, defender_card, table_cap"
)
CALYPSO = "calypso (points per calypso)"


def message(call, *args) -> str:
    """The whole ``AuctionError`` text ``call(*args)`` raises."""
    with pytest.raises(AuctionError) as info:
        call(*args)
    return str(info.value)


# --- one value: a whole number within its limits ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        # a minus sign in front is read as a number, then refused by the lower limit
        ("-5", f"{CALYPSO} must be from 0 to 100000, not -5"),
        (" -5 ", f"{CALYPSO} must be from 0 to 100000, not -5"),
        # anything else in front or behind is not a number
        ("X5", f"{CALYPSO} must be a whole number, not 'X5'"),
        ("5-", f"{CALYPSO} must be a whole number, not '5-'"),
        # text longer than 12 characters is refused unread, whatever its value
        ("0000000000500", f"{CALYPSO} must be a whole number, not '0000000000500'"),
        # a value that is not text is shown whole, text only to its first 20 characters
        (2.5, f"{CALYPSO} must be a whole number, not 2.5"),
        ([1, 2], f"{CALYPSO} must be a whole number, not [1, 2]"),
        ("a" * 30, f"{CALYPSO} must be a whole number, not '{'a' * 20}'"),
        (100_001, f"{CALYPSO} must be from 0 to 100000, not 100001"),
    ],
)
def test_a_wrong_value_is_refused_word_for_word(value, text):
    assert message(values_from_dict, {"calypso": value}) == text


def test_twelve_characters_of_text_are_read():
    assert values_from_dict({"calypso": "000000000500"}).calypso == 500
    assert values_from_dict({"calypso": " 600 "}).calypso == 600


def test_the_largest_value_is_allowed():
    assert values_from_dict({"calypso": 100_000}).calypso == 100_000
    assert values_from_dict({"calypso": "100000"}).calypso == 100_000
    assert AuctionSettings.from_dict({"hands": 32}).hands == 32


# --- values_from_dict ---------------------------------------------------------------------------------------------


def test_values_that_are_not_an_object_are_refused_naming_every_field():
    assert message(values_from_dict, [500]) == f"the score values are an object of {NAMES}"


def test_unknown_values_are_all_named_sorted_and_cut_to_40_characters():
    long = "k" * 50
    assert message(values_from_dict, {"zeta": 1, "alpha": 2}) == f"unknown score value 'alpha', 'zeta' (one of {NAMES})"
    assert message(values_from_dict, {long: 1}) == f"unknown score value '{'k' * 40}' (one of {NAMES})"


def test_every_problem_with_the_values_is_named_in_one_message():
    text = message(values_from_dict, {"calypso": -1, "sell_price": 0})
    sell = "sell_price (points per card sold) must be from 1 to 100000, not 0"
    assert text == f"{CALYPSO} must be from 0 to 100000, not -1; {sell}"


# --- AuctionSettings.from_dict ------------------------------------------------------------------------------------


def test_settings_left_out_keep_their_defaults():
    # "anything left out keeps its default": 12 hands, no draft, the rules' values
    assert AuctionSettings.from_dict({}) == AuctionSettings(hands=12, draft=False, values=VALUES)
    only_hands = AuctionSettings.from_dict({"hands": 4})
    assert (only_hands.hands, only_hands.draft) == (4, False)
    only_draft = AuctionSettings.from_dict({"draft": True})
    assert (only_draft.hands, only_draft.draft) == (12, True)
    assert type(only_draft.hands) is int


def test_settings_that_are_not_an_object_are_refused_word_for_word():
    assert message(AuctionSettings.from_dict, [12]) == "the Auction settings are an object with hands, draft and values"


def test_unknown_settings_are_all_named_sorted_and_cut_to_40_characters():
    text = message(AuctionSettings.from_dict, {"rounds": 2, "hand": 4})
    assert text == "unknown Auction setting 'hand', 'rounds' (hands, draft, values)"
    long = "s" * 50
    assert (
        message(AuctionSettings.from_dict, {long: 1}) == f"unknown Auction setting '{'s' * 40}' (hands, draft, values)"
    )


def test_a_wrong_draft_is_shown_to_its_first_20_characters():
    text = message(AuctionSettings.from_dict, {"draft": "y" * 30})
    assert text == f"draft must be true or false, not '{'y' * 20}'"


def test_every_problem_with_the_settings_is_named_in_one_message():
    text = message(AuctionSettings.from_dict, {"hands": 0, "draft": "yes", "values": {"calypso": -1}})
    assert text == (
        "hands per round must be from 1 to 32, not 0; draft must be true or false, not 'yes'; "
        f"{CALYPSO} must be from 0 to 100000, not -1"
    )
