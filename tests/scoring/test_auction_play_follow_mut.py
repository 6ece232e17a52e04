"""``scoring.auction_play.game``: following a led suit whose first card is card number 13 (2♥), and
a card played outside the play phase refused word for word (RULES.md §3: a player who holds the
led suit must follow it; mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction_play import AuctionGame, IllegalMove
from tests.scoring.test_auction_play import ONE_SUIT_EACH, bid_alone, suit


def test_a_heart_lead_of_the_two_must_be_followed_by_a_player_holding_hearts():
    # Dealer C: S leads. S leads 2♥; D holds six hearts and may not play a spade.
    deal = {
        "S": [*suit("H", "23456"), *suit("C", "23456789")],
        "D": [*suit("H", "789TJQ"), *suit("S", "9TJQKA2")],
        "H": [*suit("H", "KA"), *suit("D")[:11]],
        "C": suit("S"),
    }
    game = AuctionGame(hands=1, first_dealer="C", deals=[deal])
    bid_alone(game, "220C", "CDSH")
    game.play("2H")
    with pytest.raises(IllegalMove) as refused:
        game.play("AS")
    assert str(refused.value) == "hand 1: D must follow ♥, not play AS"
    assert {c.suit for c in game.legal_plays()} == {"H"}
    game.play("7H")
    assert [str(c) for _, c in game.current_trick] == ["2H", "7H"]


def test_a_card_played_during_the_auction_is_refused_naming_both_phases():
    game = AuctionGame(hands=1, first_dealer="C", deals=[ONE_SUIT_EACH])
    with pytest.raises(IllegalMove) as refused:
        game.play("2C")
    assert str(refused.value) == "cannot play a card now: the game is at 'auction', not 'play'"
