"""scoring.auction_play.game: a game as it starts — the refusals of its settings word for word, a
fresh seed's range, nothing completed yet, an empty hand during the draft, nothing to draft once the
hands are dealt, and the club's values reaching the auction."""

from __future__ import annotations

import re

import pytest

from scoring.auction import AuctionError, AuctionValues, IllegalCall
from scoring.auction_play import AuctionGame


@pytest.mark.parametrize("hands", [0, -1, True, "4", 2.0])
def test_a_game_has_a_whole_number_of_hands_at_least_one(hands):
    with pytest.raises(AuctionError, match=re.escape(f"a game has at least one hand, not {hands!r}") + "$"):
        AuctionGame(hands)


def test_a_game_starts_from_a_draft_or_a_table_not_both():
    message = "a game starts from a draft or from a given table, not both"
    with pytest.raises(AuctionError, match="^" + re.escape(message) + "$"):
        AuctionGame(draft=True, table={"majors": ["2S"]})


def test_a_fresh_seed_fits_in_63_bits():
    # A signed 64-bit integer (a database's big integer) holds the seed of every game a club records.
    seeds = [AuctionGame(hands=1, seed=None).seed for _ in range(40)]
    assert all(isinstance(seed, int) and 0 <= seed < 2**63 for seed in seeds)
    assert len(set(seeds)) == 40


def test_a_new_game_has_completed_no_calypso():
    assert AuctionGame().completed == [[0, 0, 0, 0], [0, 0, 0, 0]]
    assert AuctionGame(draft=True).completed == [[0, 0, 0, 0], [0, 0, 0, 0]]


def test_during_the_draft_nobody_holds_cards_and_after_it_nothing_is_drafted():
    game = AuctionGame(draft=True)
    assert game.phase == "draft"
    assert all(game.hand(seat) == [] for seat in "SHDC")
    game = AuctionGame()
    assert game.phase == "auction"
    assert game.draft_options() == [] and game.face_up == []
    assert all(len(game.hand(seat)) == 13 for seat in "SHDC")


def test_the_clubs_values_reach_the_auction():
    game = AuctionGame(values=AuctionValues(minimum_bid=250))
    with pytest.raises(IllegalCall):
        game.call("240C")
    game.call("250C")
    assert game.record_in_play.calls == [("D", "250C")]  # dealer S: D speaks first
