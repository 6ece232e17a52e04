"""A set dealt or checked once is not checked again (issue 34.1), and nothing else is trusted.

``gamesets`` marks a set it dealt (valid, hands sorted) or checked (valid) with a private token;
the play engine checks and sorts only sets without it. The mark cannot be set by accident from
outside, does not survive a copy made through the constructor or pickling, and playing a vouched
set gives exactly what playing the same set built by hand gives."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from scoring import _fastplay as fp
from scoring.cards import SUITS
from scoring.gamesets import (
    SORTED,
    VALID,
    GameSet,
    GameSetError,
    deal_game_sets,
    game_sets_from_json,
    game_sets_to_json,
    load_game_sets,
    require_valid,
    save_game_sets,
    vouched,
)
from scoring.play import GameState, RandomPlayer, _prepared_deals, play_game


def by_hand(game_set: GameSet, shuffle: int | None = None) -> GameSet:
    """The same set built by hand (hands shuffled when ``shuffle`` seeds it)."""
    deals = []
    for deal in game_set.deals:
        hands = {}
        for seat in SUITS:
            cards = list(deal[seat])
            if shuffle is not None:
                random.Random(shuffle).shuffle(cards)
            hands[seat] = tuple(cards)
        deals.append(hands)
    return GameSet(game_set.number, tuple(deals), game_set.first_dealer, game_set.orientation)


def test_what_is_vouched_for():
    dealt = deal_game_sets(2, seed="7e57")[0]
    assert vouched(dealt) == SORTED
    built = by_hand(dealt)
    assert vouched(built) == 0
    assert built.validate() is built and vouched(built) == VALID
    assert vouched(dealt.validate()) == SORTED  # checking again does not take the sorted mark away
    assert vouched(GameSet.from_dict(dealt.to_dict())) == VALID
    assert vouched(GameSet.from_dict(dealt.to_dict(), validate=False)) == 0
    assert vouched(game_sets_from_json(game_sets_to_json([dealt])).sets[0]) == VALID
    assert vouched("not a set") == vouched(None) == vouched(dealt.to_dict()) == 0


def test_loaded_sets_are_vouched_valid(tmp_path):
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(2, seed="7e57"))
    assert [vouched(s) for s in load_game_sets(path).sets] == [VALID, VALID]


def test_the_mark_is_not_forged_or_copied_by_accident():
    dealt = deal_game_sets(1, seed="7e57")[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        dealt._checked = True  # type: ignore[misc]
    assert vouched(dataclasses.replace(dealt)) == 0
    assert vouched(dataclasses.replace(dealt, number=2)) == 0
    assert vouched(pickle.loads(pickle.dumps(dealt))) == 0
    assert vouched(dealt.canonical()) == 0
    forged = by_hand(dealt)
    object.__setattr__(forged, "_checked", object())  # a token of one's own is not the module's
    assert vouched(forged) == 0
    # The mark is no field: equality, hashing of the fields and the text of a set ignore it.
    assert dealt == by_hand(dealt) and repr(dealt) == repr(by_hand(dealt))
    assert "_checked" not in dealt.to_dict()


def test_a_set_built_by_hand_is_still_checked():
    dealt = deal_game_sets(1, seed="7e57")[0]
    broken = by_hand(dealt)
    broken.deals[0]["S"] = broken.deals[0]["S"][:12]  # 12 cards for Spades in deal 1
    with pytest.raises(GameSetError, match="deal 1"):
        GameState(broken)
    with pytest.raises(GameSetError, match="deal 1"):
        require_valid(broken)
    with pytest.raises(GameSetError, match="deal 1"):
        fp.SetTables(broken)
    assert vouched(broken) == 0


def test_a_vouched_set_plays_as_the_same_set_built_by_hand():
    for i, dealt in enumerate(deal_game_sets(6, seed="7e57", first_dealer="D", orientation="SCHD")):
        for built in (by_hand(dealt), by_hand(dealt, shuffle=i)):
            ours, theirs = _prepared_deals(dealt), _prepared_deals(built)
            assert (ours.numbers, ours.cuts, ours.leaders) == (theirs.numbers, theirs.cuts, theirs.leaders)
            assert ours() is dealt and theirs() is built
            for rule in ("standard", "all-fours"):
                ours = play_game(dealt, RandomPlayer(i), rule)
                theirs = play_game(built, RandomPlayer(i), rule)
                assert ours.record()["deals"] == theirs.record()["deals"]
                assert ours.sheet_dict() == theirs.sheet_dict()
            assert GameState(built).hand("S") == GameState(dealt).hand("S") == list(dealt.deals[0]["S"])
