"""The team match's deal (``scoring.auction.deal``): a partition of the 104-card pack, the same from the
same seed, the first hand dealt from the cards the draft did not turn up."""

from __future__ import annotations

from collections import Counter

import pytest

from scoring.auction import AuctionError
from scoring.auction.deal import (
    DRAFTED,
    AuctionDeal,
    AuctionDealError,
    _shuffled_pack,
    commitment,
    deal_round,
    deal_rounds,
    dealer_of,
    draft_first,
)
from scoring.auction_play import AuctionGame
from scoring.cards import CARDS, SUITS, parse_card, sort_key
from scoring.gamesets import parse_seed

SEED = "5eed" * 8


def _counts(deal: AuctionDeal) -> Counter:
    return Counter(deal.cards())


@pytest.mark.parametrize("draft", [True, False])
@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 17])
def test_each_deal_is_the_104_cards_twice_each(number, draft):
    deal = deal_round(number, SEED, draft=draft)
    assert deal.problems() == []
    counts = _counts(deal)
    assert len(counts) == 52 and set(counts.values()) == {2}
    assert {seat: len(cards) for seat, cards in deal.hands.items()} == dict.fromkeys(SUITS, 13)
    if draft:
        assert [len(cards) for cards in deal.draft] == [8, 8, 8, 8]
        assert len(deal.aside) == 104 - 52 - 32 == 20
    else:
        assert deal.draft == ()
        assert len(deal.aside) == 52


def test_the_draft_cards_never_reappear_in_the_hands_beyond_the_two_copies():
    """A card turned up twice in the draft is in no hand; turned up once, in at most one hand."""
    seen_twice = 0
    for number in range(1, 41):
        deal = deal_round(number, SEED, draft=True)
        turned = Counter(card for cards in deal.draft for card in cards)
        held = Counter(card for cards in deal.hands.values() for card in cards)
        for card, times in turned.items():
            assert times + held[card] <= 2, (number, card)
            seen_twice += times == 2
    assert seen_twice > 0  # the case did come up (each deal turns 32 of 104: a pair is common)


def test_the_same_seed_gives_the_same_deal_and_other_rounds_or_seeds_differ():
    first = deal_round(3, SEED, draft=True)
    assert deal_round(3, SEED, draft=True) == first
    assert deal_round(3, SEED.upper(), draft=True) == first  # the seed is hex: case does not matter
    assert deal_round(3, bytes.fromhex(SEED), draft=True) == first
    others = [deal_round(n, SEED, draft=True) for n in (1, 2, 4)] + [deal_round(3, "ab" * 16, draft=True)]
    for other in others:
        assert other.hands != first.hands
        assert other.draft != first.draft
    rounds = deal_rounds(6, SEED, draft=False)
    assert [deal.number for deal in rounds] == [1, 2, 3, 4, 5, 6]
    assert len({tuple(deal.hands["S"]) for deal in rounds}) == 6


def test_the_construction_cuts_the_shuffled_pack_draft_first_then_one_card_at_a_time_from_dealers_left():
    pack = _shuffled_pack(parse_seed(SEED), 2)
    assert sorted(pack, key=sort_key) == sorted([card for card in CARDS for _ in range(2)], key=sort_key)
    deal = deal_round(2, SEED, draft=True)
    assert deal.dealer == "D" and deal.leader == "H"
    assert [list(cards) for cards in deal.draft] == [pack[i : i + 8] for i in range(0, 32, 8)]
    order = ["H", "C", "S", "D"]  # clockwise from the dealer's left (S → D → H → C)
    for seat_index, seat in enumerate(order):
        expected = pack[DRAFTED + seat_index : DRAFTED + 52 : 4]
        assert list(deal.hands[seat]) == sorted(expected, key=sort_key)
    assert list(deal.aside) == sorted(pack[DRAFTED + 52 :], key=sort_key)


def test_each_seat_deals_a_round_in_turn_and_each_picks_first_once():
    assert [dealer_of(n) for n in range(1, 9)] == list("SDHCSDHC")
    assert [draft_first("S", k) for k in (1, 2, 3, 4)] == ["D", "H", "C", "S"]
    assert [draft_first("C", k) for k in (1, 2, 3, 4)] == ["S", "D", "H", "C"]


def _picks(deal: AuctionDeal) -> dict[str, list]:
    """One way the draft can go: the sides take the turned-up cards in turn (a side that has the card
    already leaves it to the other; if both have it, it is turned face down and lies aside)."""
    table: dict[str, list] = {"majors": [], "minors": []}
    for cards in deal.draft:
        for i, card in enumerate(cards):
            for side in (("majors", "minors"), ("minors", "majors"))[i % 2]:
                if card not in table[side]:
                    table[side].append(card)
                    break
    return table


@pytest.mark.parametrize("number", [1, 2, 7])
def test_the_play_engine_accepts_the_first_hand_after_the_draft(number):
    """The hand is dealable from the pack the play engine keeps (104 less both sides' calypsos)."""
    deal = deal_round(number, SEED, draft=True)
    game = AuctionGame(hands=1, first_dealer=deal.dealer, table=_picks(deal), deals=[deal.hands], seed=1)
    assert game.phase == "auction"
    for seat in SUITS:
        assert sorted(game.hand(seat), key=sort_key) == list(deal.hands[seat])


def test_the_stored_json_reads_back_and_refuses_what_is_not_a_deal():
    deal = deal_round(5, SEED, draft=True)
    data = deal.to_dict()
    assert AuctionDeal.from_dict(data) == deal
    assert data["dealer"] == "S" and len(data["draft"]) == 4 and data["round"] == 5

    third = {**data, "hands": {**data["hands"], "S": [*data["hands"]["S"][:12], data["draft"][0][0]]}}
    lost = data["hands"]["S"][12]
    card = data["draft"][0][0]
    with pytest.raises(AuctionDealError) as caught:
        AuctionDeal.from_dict(third)
    extra = Counter(deal.cards())[parse_card(card)] + 1
    assert f"round 5: {card} is in the deal {extra} times, not 2" in caught.value.problems
    if lost != card:
        assert f"round 5: {lost} is in the deal 1 times, not 2" in caught.value.problems

    short = {**data, "hands": {**data["hands"], "H": data["hands"]["H"][:12]}}
    with pytest.raises(AuctionDealError, match="seat H has 12 cards, not 13"):
        AuctionDeal.from_dict(short)
    bad_card = {**data, "aside": ["XX", *data["aside"][1:]]}
    with pytest.raises(AuctionDealError, match=r"aside\[0\]: 'XX' is not a card"):
        AuctionDeal.from_dict(bad_card)
    no_draft = {**data, "draft": data["draft"][:3]}
    with pytest.raises(AuctionDealError, match="a draft is 4 rounds of 8 cards, not 8, 8, 8"):
        AuctionDeal.from_dict(no_draft)
    for wrong in (None, [], "deal", {**data, "round": True}, {**data, "round": 0}, {**data, "hands": []}):
        with pytest.raises(AuctionError):
            AuctionDeal.from_dict(wrong)


@pytest.mark.parametrize("seed", ["", "xyz", "abc", None, 12])
def test_a_seed_that_is_not_hex_is_refused(seed):
    with pytest.raises(AuctionDealError):
        deal_round(1, seed, draft=False)


@pytest.mark.parametrize("number", [0, -1, 201, True, 1.0, "1"])
def test_a_round_out_of_range_is_refused(number):
    with pytest.raises(AuctionDealError, match="the round must be"):
        deal_round(number, SEED, draft=False)
    with pytest.raises(AuctionDealError, match="the number of rounds"):
        deal_rounds(number, SEED, draft=False)


def test_the_commitment_covers_every_card_and_the_round_order_does_not_matter():
    deals = deal_rounds(3, SEED, draft=True)
    value = commitment(deals)
    assert len(value) == 64 and value == commitment(list(reversed(deals)))
    assert value != commitment(deal_rounds(3, SEED, draft=False))
    swapped = AuctionDeal(
        deals[0].number, deals[0].dealer, deals[0].draft, {**deals[0].hands, "S": deals[0].hands["H"]}, deals[0].aside
    )
    assert commitment([swapped, *deals[1:]]) != value
