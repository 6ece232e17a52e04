"""The team match's deal (``scoring.auction.deal``), worked from docs/formats.md ("Auction team-match
deal"): the shuffle and the commitment rebuilt from their written construction, the range ends of a
round, and every message ``problems``/``from_dict`` gives word for word (#22)."""

from __future__ import annotations

import hashlib
import hmac
import random
import re

import pytest

from scoring.auction.deal import AuctionDeal, AuctionDealError, commitment, deal_round, deal_rounds
from scoring.cards import DISPLAY_ORDER, sort_key
from scoring.gamesets import GameSetError, parse_seed

SEED = "5eed" * 8


def _pack(seed: str, number: int) -> list:
    """docs/formats.md: the 104 cards in display order, shuffled by random.Random seeded with
    HMAC-SHA256(seed, "calypso-auction-deal/1" ‖ uint32_be(round))."""
    message = b"calypso-auction-deal/1" + bytes([0, 0, number // 256, number % 256])
    pack = [card for card in DISPLAY_ORDER for _ in range(2)]
    random.Random(hmac.new(bytes.fromhex(seed), message, hashlib.sha256).digest()).shuffle(pack)
    return pack


@pytest.mark.parametrize("number", [1, 9])
def test_the_deal_follows_the_written_construction_of_the_shuffle(number):
    pack = _pack(SEED, number)
    deal = deal_round(number, SEED, draft=True)
    assert [list(cards) for cards in deal.draft] == [pack[0:8], pack[8:16], pack[16:24], pack[24:32]]
    assert list(deal.aside) == sorted(pack[84:], key=sort_key)


def _written_commitment(deals) -> str:
    lines = ["calypso-auction-deal/1"]
    for deal in sorted(deals, key=lambda d: d.number):
        lines.append(f"round {deal.number} {deal.dealer}")
        for k, cards in enumerate(deal.draft):
            lines.append(f"draft {k + 1} " + " ".join(str(card) for card in cards))
        for seat in ("S", "H", "D", "C"):
            lines.append(f"{seat} " + " ".join(str(card) for card in deal.hands[seat]))
        lines.append("aside " + " ".join(str(card) for card in deal.aside))
    return hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()


@pytest.mark.parametrize("draft", [True, False])
def test_the_commitment_is_the_hash_of_the_written_text(draft):
    deals = deal_rounds(2, SEED, draft=draft)
    assert commitment(deals) == _written_commitment(deals)


def test_the_ends_of_the_round_range_are_allowed():
    assert [deal.number for deal in deal_rounds(1, SEED, draft=False)] == [1]
    last = deal_round(200, SEED, draft=False)
    assert last.number == 200 and last.dealer == "C" and last.problems() == []
    assert len(deal_rounds(200, SEED, draft=False)) == 200
    for number in (1, 200):
        deal = deal_round(number, SEED, draft=True)
        assert AuctionDeal.from_dict(deal.to_dict()) == deal


def test_a_seed_that_is_not_hex_is_refused_with_the_seed_message():
    with pytest.raises(GameSetError) as seed_error:
        parse_seed("xyz")
    with pytest.raises(AuctionDealError) as caught:
        deal_round(1, "xyz", draft=False)
    assert str(caught.value) == str(seed_error.value)
    assert "'xyz' is not hexadecimal" in str(caught.value)


def _deal(**changes) -> AuctionDeal:
    deal = deal_round(5, SEED, draft=True)
    fields = {"number": 5, "dealer": deal.dealer, "draft": deal.draft, "hands": deal.hands, "aside": deal.aside}
    return AuctionDeal(**{**fields, **changes})


def test_problems_name_a_dealer_that_is_not_a_seat_and_the_aside_count():
    assert _deal(dealer="N").problems() == ["round 5: dealer 'N' is not a seat (S, H, D or C)"]
    deal = deal_round(5, SEED, draft=True)
    short = _deal(aside=deal.aside[1:])
    assert short.problems() == [
        "round 5: 19 cards aside, not 20",
        f"round 5: {deal.aside[0]} is in the deal 1 times, not 2",
    ]
    with pytest.raises(AuctionDealError) as caught:
        _deal(dealer="N", aside=deal.aside[1:]).validate()
    assert str(caught.value) == "; ".join(
        [
            "round 5: dealer 'N' is not a seat (S, H, D or C)",
            "round 5: 19 cards aside, not 20",
            f"round 5: {deal.aside[0]} is in the deal 1 times, not 2",
        ]
    )


def test_problems_name_the_seats_that_have_hands_when_some_are_missing():
    deal = deal_round(5, SEED, draft=True)
    three = _deal(hands={seat: deal.hands[seat] for seat in ("S", "H", "D")})
    assert three.problems()[0] == "round 5: the hands are for seats D, H, S, not S H D C"
    missing = [f"round 5: {card} is in the deal 1 times, not 2" for card in DISPLAY_ORDER]
    assert any(line in three.problems() for line in missing)  # the missing hand's cards are counted short
    none = _deal(hands={})
    assert none.problems()[0] == "round 5: the hands are for seats none, not S H D C"
    assert len(none.cards()) == 32 + 20


def test_from_dict_refuses_what_is_not_an_object_by_its_type():
    for data, name in (([], "list"), (None, "NoneType"), ("deal", "str")):
        with pytest.raises(AuctionDealError) as caught:
            AuctionDeal.from_dict(data)
        assert str(caught.value) == f"a deal is a JSON object, not {name}"


def test_from_dict_names_every_wrong_field_word_for_word():
    data = deal_round(5, SEED, draft=True).to_dict()
    wrong = {**data, "extra": 1, "dealer": 7, "draft": "none", "hands": [], "aside": "x"}
    with pytest.raises(AuctionDealError) as caught:
        AuctionDeal.from_dict(wrong)
    expected = [
        "unknown field 'extra'",
        "dealer: 7 is not a seat",
        "draft: not a list of rounds",
        "hands: not an object of seats",
        "aside: not a list of cards",
    ]
    assert caught.value.problems == expected
    assert str(caught.value) == "; ".join(expected)


def test_from_dict_names_a_draft_round_or_hand_that_is_not_a_list():
    data = deal_round(5, SEED, draft=True).to_dict()
    wrong = {**data, "draft": [data["draft"][0], "x", *data["draft"][2:]], "hands": {**data["hands"], "D": "y"}}
    with pytest.raises(AuctionDealError) as caught:
        AuctionDeal.from_dict(wrong)
    assert caught.value.problems == ["draft[1]: not a list of cards", "hands.D: not a list of cards"]
    assert str(caught.value) == "draft[1]: not a list of cards; hands.D: not a list of cards"


def test_from_dict_names_the_first_unknown_field_and_a_round_out_of_range():
    data = deal_round(5, SEED, draft=True).to_dict()
    with pytest.raises(AuctionDealError, match=re.escape("unknown field 'zz'")) as caught:
        AuctionDeal.from_dict({**data, "zz": 1})
    assert caught.value.problems == ["unknown field 'zz'"]
    for number in (0, 201):
        with pytest.raises(AuctionDealError) as caught:
            AuctionDeal.from_dict({**data, "round": number})
        assert caught.value.problems == [f"round: {number} is not a round number from 1 to 200"]


def test_a_deal_without_a_draft_field_reads_as_one_without_a_draft():
    deal = deal_round(6, SEED, draft=False)
    data = deal.to_dict()
    del data["draft"]
    assert AuctionDeal.from_dict(data) == deal
