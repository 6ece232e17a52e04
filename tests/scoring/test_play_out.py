"""``play_game`` with four ``RandomPlayer``s plays the game in one loop (``GameState._play_out``,
issue 34.1): the same game, card for card, as the referee's public API played one card at a time."""

from __future__ import annotations

import pytest

from scoring.gamesets import GameSet, deal_game_sets
from scoring.play import FORMS, GameState, RandomPlayer, play_game
from scoring.tricks import RULES


def card_by_card(game_set, players, rule, form) -> GameState:
    """The game as any caller of the API plays it: ``choose``, then ``play``, 208 times."""
    state = GameState(game_set, rule=rule, form=form)
    while state.to_play is not None:
        state.play(players[state.to_play].choose(state))
    return state


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("rule", RULES)
def test_the_one_loop_plays_the_same_game_as_the_api(rule, form):
    dealt = deal_game_sets(6, seed="34a1")
    # A set dealt (vouched, sorted), one rebuilt by hand (checked and sorted when played), a replay.
    sets = [*dealt, GameSet(**{f: getattr(dealt[0], f) for f in dealt[0].__dataclass_fields__}), dealt[1]]
    for i, game_set in enumerate(sets):
        shared = RandomPlayer(i)  # one player for every seat: the seats share one stream of draws
        fast = play_game(game_set, shared, rule, form)
        slow = card_by_card(game_set, dict.fromkeys("SHDC", RandomPlayer(i)), rule, form)
        assert fast.record() == slow.record()
        assert fast.sheet_dict() == slow.sheet_dict()
        assert fast.renounces == slow.renounces and fast.cards_played == 208
        seats = {seat: RandomPlayer(f"{i}{seat}") for seat in "SHDC"}  # a stream of its own each
        fast = play_game(game_set, seats, rule, form)
        slow = card_by_card(game_set, {seat: RandomPlayer(f"{i}{seat}") for seat in "SHDC"}, rule, form)
        assert fast.record() == slow.record()


def test_four_random_players_are_not_asked_card_by_card(monkeypatch):
    def asked(*args):
        raise AssertionError("asked card by card")

    monkeypatch.setattr(GameState, "play", asked)
    monkeypatch.setattr(RandomPlayer, "choose", asked)
    state = play_game(deal_game_sets(1, seed="34a1")[0], RandomPlayer(1))
    assert state.to_play is None and state.cards_played == 208


def test_any_other_player_is_asked_card_by_card():
    class Counting(RandomPlayer):
        asked = 0

        def choose(self, state):
            Counting.asked += 1
            return super().choose(state)

    play_game(
        deal_game_sets(1, seed="34a1")[0],
        {"S": Counting(1), "H": RandomPlayer(2), "D": RandomPlayer(3), "C": RandomPlayer(4)},
    )
    assert Counting.asked == 52
