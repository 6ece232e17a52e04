"""scoring.play's random player outside the referee, and the fast path's sheet guarded (#32, mutation
testing): a random player draws every legal card, not always the first; a fast path that returned the
wrong number of seats or sides would be refused, not cut short into a sheet that looks whole."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from scoring import _fastplay
from scoring.cards import parse_cards
from scoring.gamesets import deal_game_set
from scoring.play import RandomPlayer, simulate_random_game
from scoring.tricks import STANDARD

SET = deal_game_set(1, "5eed")


def test_a_random_player_in_another_game_draws_every_legal_card_alike():
    # Any game with GameState's API (a table of three, Embers) is asked through legal_plays().
    legal = list(parse_cards("AS 7H 2D"))
    state = SimpleNamespace(legal_plays=lambda: legal)
    player = RandomPlayer(5)
    drawn = Counter(player.choose(state) for _ in range(600))
    assert set(drawn) == set(legal)
    # Uniform: 200 each expected; 140 is over four standard deviations (√(600 · 1/3 · 2/3) ≈ 11.5) off.
    assert all(140 < n < 260 for n in drawn.values()), drawn


@pytest.mark.parametrize("short", ["done", "count", "pile"])
@pytest.mark.parametrize("form", ["partnership", "cutthroat"])
def test_a_fast_path_that_lost_a_seat_or_side_is_refused(monkeypatch, short, form):
    real = _fastplay.simulate_random

    def losing_one(tables, rule, cutthroat, rnd, record=None):
        figures = dict(zip(("done", "count", "mask", "pile"), real(tables, rule, cutthroat, rnd, record), strict=True))
        figures[short] = figures[short][:-1]
        return figures["done"], figures["count"], figures["mask"], figures["pile"]

    monkeypatch.setattr(_fastplay, "simulate_random", losing_one)
    with pytest.raises(ValueError, match="zip"):
        simulate_random_game(SET, STANDARD, form, seed=1)


def test_the_fast_path_sheet_names_every_seat_and_side():
    sheet = simulate_random_game(SET, STANDARD, "partnership", seed=1)
    assert list(sheet["calypsos"]) == list("SHDC") and list(sheet["unfinished"]) == list("SHDC")
    assert list(sheet["trick_piles"]) == ["majors", "minors"]
    sheet = simulate_random_game(SET, STANDARD, "cutthroat", seed=1)
    assert list(sheet["trick_piles"]) == list("SHDC")


def test_a_set_gamesets_dealt_is_not_checked_or_sorted_again(monkeypatch):
    # _prepared_deals: "not at all [checked] when gamesets dealt or checked it (vouched)".
    import scoring.play as play

    def checked_again(game_set):
        raise AssertionError(f"game set {game_set.number} checked again")

    monkeypatch.setattr(play, "require_valid", checked_again)
    fresh = deal_game_set(2, "5eed")  # never played yet: prepared here
    state = play.GameState(fresh)
    assert [str(c) for c in state.hand("S")] == [str(c) for c in fresh.deals[0]["S"]]
