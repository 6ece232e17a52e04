"""``scoring.auction_play.draft``: the draft's refusals word for word and what it leaves on the table
(AUCTION.md §2; issue #22, mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction import SIDES
from scoring.auction_play import AuctionGame, IllegalMove, RandomBot
from scoring.cards import CARDS, SUIT_SYMBOLS, CardError, parse_card


def side_of(seat: str) -> str:
    return SIDES[0 if seat in "SH" else 1]


def test_a_draft_pick_outside_the_draft_is_refused_word_for_word():
    game = AuctionGame(first_dealer="S", seed=1)  # no draft: the game starts at the auction
    with pytest.raises(IllegalMove) as info:
        game.draft_pick("AS")
    assert str(info.value) == "cannot pick a draft card now: the game is at 'auction', not 'draft'"
    assert game.face_up == [] and game.draft_options() == []


def test_a_card_that_is_not_face_up_is_refused_naming_the_face_up_cards():
    game = AuctionGame(first_dealer="S", draft=True, seed=5)
    face_up = game.face_up
    assert len(face_up) == 8
    absent = next(card for card in CARDS if card not in face_up)
    with pytest.raises(IllegalMove) as info:
        game.draft_pick(absent)
    shown = " ".join(str(card) for card in face_up)
    assert str(info.value) == f"{absent} is not face up (face up: {shown})"
    assert game.face_up == face_up and game.actions == []


def test_a_card_the_side_already_has_is_refused_naming_the_seat_card_and_suit():
    checked = []
    for seed in range(6):
        game = AuctionGame(first_dealer="S", draft=True, seed=seed)
        bot = RandomBot(seed)
        while game.phase == "draft":
            seat, options = game.to_act, game.draft_options()
            if len(options) < len(game.face_up):  # some face-up cards are usable, some not
                for card in game.face_up:
                    if card in options:
                        continue
                    assert card in game.calypso(side_of(seat), card.suit)
                    with pytest.raises(IllegalMove) as info:
                        game.draft_pick(card)
                    assert str(info.value) == (
                        f"{seat}'s side already has {card} in its {SUIT_SYMBOLS[card.suit]} calypso; "
                        "take a card it can use"
                    )
                    checked.append(card)
            game.draft_pick(bot.draft(game))
    assert {card.suit for card in checked} == set("SHDC")


def test_the_cards_drafted_are_on_the_table_when_hand_one_is_dealt():
    game = AuctionGame(first_dealer="S", draft=True, seed=3)
    bot = RandomBot(3)
    kept = {side: 0 for side in SIDES}
    while game.phase == "draft":
        side = side_of(game.to_act)
        before = game.on_table(side)
        game.draft_pick(bot.draft(game))
        kept[side] += game.on_table(side) - before
    assert game.phase == "auction" and game.hand_number == 1
    assert {side: game.on_table(side) for side in SIDES} == kept
    # hand 1 notes how many cards each side holds on the table as it starts
    assert game.records[0].ledger["table_before"] == (kept["majors"], kept["minors"])
    assert 16 < sum(kept.values()) <= 32  # 32 picks, less any turned face down


def test_a_draft_card_may_be_named_by_its_text():
    game = AuctionGame(first_dealer="S", draft=True, seed=2)
    card = game.draft_options()[0]
    game.draft_pick(str(card).lower())
    assert game.actions == [["draft", str(card)]]
    assert card not in game.face_up and len(game.face_up) == 7
    assert card in game.calypso("minors", card.suit)  # D, dealer's left, picked first for the minors


def test_text_that_is_not_a_card_is_refused_with_the_card_readers_words():
    with pytest.raises(CardError) as reader:
        parse_card("ZZ")
    game = AuctionGame(first_dealer="S", draft=True, seed=2)
    with pytest.raises(IllegalMove) as info:
        game.draft_pick("ZZ")
    assert str(info.value) == str(reader.value)
    assert "'ZZ'" in str(info.value)
    assert game.actions == []
