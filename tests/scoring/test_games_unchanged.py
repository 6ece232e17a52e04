"""The games the engine plays stay the games it played (issue 34: speed work changes no result).

Each test plays a fixed batch of games from fixed seeds — the integer fast path, the referee API
with random and club players, a club-bot analysis, Auction games with both kinds of bot — and
compares a SHA-256 of everything they produced (every card in play order, every score, every
verdict) with a digest recorded from the code *before* issue 34's speed work. A change to how
fast the engine plays must leave every digest as it is; a change to what it plays must say so
by recording new ones (run this file as a script to print them).

    PYTHONPATH=. .venv/bin/python tests/scoring/test_games_unchanged.py
"""

from __future__ import annotations

import hashlib
import json
import random

from scoring import _fastplay as fp
from scoring.analysis import analyse_sets
from scoring.auction_play import RandomBot, SimpleBot, play_auction_game, replay
from scoring.club import ClubPlayer
from scoring.gamesets import GameSet, deal_game_sets
from scoring.play import RandomPlayer, play_game
from scoring.play import replay as replay_play
from scoring.tricks import RULES

FORMS = ("partnership", "cutthroat")


def _digest(items) -> str:
    hasher = hashlib.sha256()
    for item in items:
        hasher.update(json.dumps(item, sort_keys=True, default=str).encode())
        hasher.update(b"\n")
    return hasher.hexdigest()[:32]


def _sets(n: int, seed: str, other: bool = False) -> list[GameSet]:
    """``n`` dealt sets; ``other``: the other orientation, and H deals first."""
    if other:
        return deal_game_sets(n, seed=seed, first_dealer="H", orientation="SCHD")
    return deal_game_sets(n, seed=seed)


def fast_path_games():
    """200 games per rule and form on the integer fast path: each game's tricks and counters."""
    for rule in RULES:
        for form in FORMS:
            tables = [fp.SetTables(gs) for gs in _sets(5, "fa57") + _sets(3, "fa58", True)]
            rnd = random.Random(f"{rule}{form}").random
            for i in range(200):
                record: list = []
                done, count, mask, pile = fp.simulate_random(
                    tables[i % len(tables)], rule, form == "cutthroat", rnd, record
                )
                yield [rule, form, record, done, count, mask, pile]


def referee_games():
    """Random and club players through the referee API (``GameState``), each game on a set of its own
    (a first game) and again on the same object (a replay): records and sheets."""
    for rule in RULES:
        for form in FORMS:
            for i, gs in enumerate(_sets(4, f"a91{RULES.index(rule)}") + _sets(2, f"a92{FORMS.index(form)}", True)):
                for again in range(2):
                    state = play_game(gs, RandomPlayer(f"{rule}:{form}:{i}:{again}"), rule, form)
                    yield [rule, form, state.record(), state.sheet_dict()]
                state = play_game(gs, {seat: ClubPlayer(f"{i}{seat}{rule}") for seat in "SHDC"}, rule, form)
                again = replay_play(gs, state.record())
                yield [rule, form, state.record(), state.sheet_dict(), again.sheet_dict(), repr(state.score())]


def analyses():
    """A small club-bot and random-player analysis of a session: every figure and verdict."""
    sets = _sets(4, "a7a1")
    for rule in RULES:
        for players in ("club", "random"):
            for result in analyse_sets(sets, rule, games=6, seed=f"s{rule}", players=players, jobs=1):
                yield [result.to_dict(), result.summary()]


def auction_games():
    """Auction games of both kinds of bot, with and without the draft, under every rule: every action,
    the hands' records and scores, and the totals after a replay."""
    for rule in RULES:
        for draft in (False, True):
            for kind in (RandomBot, SimpleBot):
                for g in range(6):
                    bots = {seat: kind(1000 * g + i) for i, seat in enumerate("SHDC")}
                    game = play_auction_game(bots, 4, "SDHC"[g % 4], draft=draft, seed=g, rule=rule)
                    hands = [[repr(r.score), r.ledger, repr(r.declarers), repr(r.defenders)] for r in game.records]
                    yield [rule, draft, kind.__name__, game.record(), game.totals, hands, replay(game.record()).totals]


# Recorded on 4af5fe8/d50e46b (before issue 34), CPython 3.11.7.
RECORDED = {
    "fast_path_games": "4d2619b734a37d6706124ae2f66a0ce8",
    "referee_games": "b9ac0aad04721ab7f325b867fa8323ca",
    "analyses": "20ccc67f89fbc42f98910cb461400fe5",
    "auction_games": "ced2b38140269b703417a8e3a76b9f36",
}


def test_fast_path_plays_the_same_games():
    assert _digest(fast_path_games()) == RECORDED["fast_path_games"]


def test_referee_plays_the_same_games():
    assert _digest(referee_games()) == RECORDED["referee_games"]


def test_analyses_give_the_same_figures_and_verdicts():
    assert _digest(analyses()) == RECORDED["analyses"]


def test_auction_games_are_the_same():
    assert _digest(auction_games()) == RECORDED["auction_games"]


if __name__ == "__main__":
    for name in RECORDED:
        print(f'    "{name}": "{_digest(globals()[name]())}",')
