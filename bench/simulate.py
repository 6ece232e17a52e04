"""Benchmark: full random-legal Calypso games per second on one core.

A game is the whole of a game set: 4 deals × 13 tricks × 4 cards = 208 plays, every card chosen
uniformly among the legal ones, every trick resolved and its cards placed (RULES.md §3–§4). The
figure is for ``scoring._fastplay.simulate_random`` (the integer hot path that analysis uses for
random players); the same games through the public ``GameState.play`` API with a ``RandomPlayer``
are timed too, for comparison. Game sets come from ``deal_game_sets`` with a fixed seed, so
reruns play the same games.

    .venv/bin/python bench/simulate.py [--games 20000] [--sets 100] [--rule standard|beat-the-leader|all-fours|all]
                                       [--form partnership|cutthroat] [--api-games 500] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring._fastplay import SetTables, simulate_random
from scoring.gamesets import deal_game_sets
from scoring.play import RandomPlayer, play_game
from scoring.tricks import RULES

TARGET = 1000
API_RATIO = 0.5  # the public API's rate as a share of the fast path's, same run


def run_fast(tables: list[SetTables], rule: str, cutthroat: bool, games: int, seed: int) -> float:
    """Seconds for ``games`` games on the fast path, cycling through the sets."""
    rnd = random.Random(seed).random
    n = len(tables)
    start = time.perf_counter()
    for i in range(games):
        done, count, _mask, pile = simulate_random(tables[i % n], rule, cutthroat, rnd)
        assert 13 * sum(done) + sum(count) + sum(pile) == 208
    return time.perf_counter() - start


def run_api(sets, rule: str, form: str, games: int, seed: int) -> float:
    start = time.perf_counter()
    for i in range(games):
        play_game(sets[i % len(sets)], RandomPlayer(seed + i), rule, form)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--sets", type=int, default=100)
    parser.add_argument("--rule", default="all", choices=[*RULES, "all"])
    parser.add_argument("--form", default="partnership", choices=["partnership", "cutthroat"])
    parser.add_argument("--api-games", type=int, default=500, help="games through GameState.play (0: skip)")
    parser.add_argument("--profile", action="store_true", help="cProfile the fast path and the API path")
    args = parser.parse_args()

    sets = deal_game_sets(args.sets, seed="5eed")
    tables = [SetTables(gs) for gs in sets]
    rules = RULES if args.rule == "all" else (args.rule,)
    cutthroat = args.form == "cutthroat"
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; {args.sets} game sets, {args.form}")
    for rule in rules:
        run_fast(tables, rule, cutthroat, min(500, args.games), 1)  # warm up
        seconds = run_fast(tables, rule, cutthroat, args.games, 2)
        rate = args.games / seconds
        verdict = "meets" if rate >= TARGET else "MISSES"
        print(
            f"{rule:16} fast path: {args.games} games in {seconds:.2f} s = {rate:,.0f} games/s "
            f"({rate * 208 / 1e6:.2f} M plays/s) — {verdict} the {TARGET:,} games/s target"
        )
        if args.api_games:
            # Interleaved with a second fast-path run of the same length, so the ratio compares the
            # two paths under the same load (issue 21's goal: the API at least half the fast path).
            api = args.api_games / run_api(sets, rule, args.form, args.api_games, 3)
            fast = args.api_games / run_fast(tables, rule, cutthroat, args.api_games, 5)
            api = max(api, args.api_games / run_api(sets, rule, args.form, args.api_games, 3))
            ratio = api / max(rate, fast)
            verdict = "meets" if ratio >= API_RATIO else "MISSES"
            print(
                f"{'':16} GameState API + RandomPlayer: {api:,.0f} games/s = {ratio:.2f} × the fast path "
                f"— {verdict} the ≥ {API_RATIO} goal"
            )

    if args.profile:
        for label, call in (
            ("fast path", lambda: run_fast(tables, rules[0], cutthroat, min(args.games, 5000), 4)),
            ("GameState API", lambda: run_api(sets, rules[0], args.form, max(args.api_games, 100), 5)),
        ):
            profiler = cProfile.Profile()
            profiler.runcall(call)
            print(f"\n--- cProfile, {label}, rule {rules[0]} (tottime) ---")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(8)


if __name__ == "__main__":
    main()
