"""Benchmark: full random-legal Calypso games per second on one core.

A game is the whole of a game set: 4 deals × 13 tricks × 4 cards = 208 plays, every card chosen
uniformly among the legal ones, every trick resolved and its cards placed (RULES.md §3–§4). The
figure is for ``scoring._fastplay.simulate_random`` (the integer hot path that analysis uses for
random players); the same games through the public referee API (``play_game`` with a
``RandomPlayer``) are timed too, as two figures: a **first game** on a set just dealt (the set
prepared for play inside the timing) and a **replay** on a set already played. Game sets come from
``deal_game_sets`` with fixed seeds, so reruns play the same games.

``--against REV`` (default: the commit before issue 34) also runs the fast path of that revision's
code (``git archive``) in processes of its own, interleaved round by round with this code's, and
prints the ratio. The TypeScript engine (ADBond/calypso on Node 20) is not part of this project and
cannot be run here, so its figure in the same run is derived from that revision's fast path and the
ratio issue 34 measured between the two side by side (``REV_OVER_TS``).

    .venv/bin/python bench/simulate.py [--games 20000] [--sets 100] [--rule standard|...|all]
        [--form partnership|cutthroat] [--api-games 600] [--rounds 5] [--against REV] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring._fastplay import SetTables, simulate_random
from scoring.gamesets import deal_game_sets
from scoring.play import RandomPlayer, play_game
from scoring.tricks import RULES

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1000
API_RATIO = 0.5  # the referee API's first game as a share of the fast path's rate, same run (issue 34.1)
TS_RATIO = 2.5  # the fast path against the TypeScript engine (issue 34.2)
BEFORE = "d50e46b"  # the commit before issue 34
# Issue 34 measured the fast path of BEFORE at 1.87 · 1.96 × the TypeScript engine's random games by wall
# time, side by side on one quiet machine (min · median of interleaved rounds): the median stands in
# for the TypeScript engine's rate in a run where only BEFORE's fast path can be measured.
REV_OVER_TS = 1.96

# The fast path of another checkout, timed in a process of its own: prints games/s.
WORKER = """
import random, sys, time
sys.path.insert(0, sys.argv[1])
from scoring._fastplay import SetTables, simulate_random
from scoring.gamesets import deal_game_sets
rule, cutthroat, games, n_sets = sys.argv[2], sys.argv[3] == "1", int(sys.argv[4]), int(sys.argv[5])
tables = [SetTables(gs) for gs in deal_game_sets(n_sets, seed="5eed")]
rnd = random.Random(1).random
for i in range(min(500, games)):
    simulate_random(tables[i % n_sets], rule, cutthroat, rnd)
start = time.perf_counter()
for i in range(games):
    simulate_random(tables[i % n_sets], rule, cutthroat, rnd)
print(games / (time.perf_counter() - start))
"""


def run_fast(tables: list[SetTables], rule: str, cutthroat: bool, games: int, seed: int) -> float:
    """Seconds for ``games`` games on the fast path, cycling through the sets."""
    rnd = random.Random(seed).random
    n = len(tables)
    start = time.perf_counter()
    for i in range(games):
        done, count, _mask, pile = simulate_random(tables[i % n], rule, cutthroat, rnd)
        assert 13 * sum(done) + sum(count) + sum(pile) == 208
    return time.perf_counter() - start


def run_api(sets, rule: str, form: str, seed: int) -> float:
    """Seconds for one game through the referee API on each of ``sets``."""
    start = time.perf_counter()
    for i, game_set in enumerate(sets):
        play_game(game_set, RandomPlayer(seed + i), rule, form)
    return time.perf_counter() - start


def checkout(rev: str, into: str) -> str:
    """``scoring/`` of revision ``rev`` under ``into``; returns ``into``."""
    archive = subprocess.run(["git", "archive", rev, "scoring"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_other(tree: str, rule: str, cutthroat: bool, games: int, sets: int) -> float:
    """Games/s of the fast path of the code under ``tree``, in a process of its own."""
    args = [sys.executable, "-c", WORKER, tree, rule, "1" if cutthroat else "0", str(games), str(sets)]
    return float(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def mm(values: list[float], fmt: str = "{:,.0f}") -> str:
    """``min · median``."""
    return f"{fmt.format(min(values))} · {fmt.format(statistics.median(values))}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000, help="fast-path games a round")
    parser.add_argument("--sets", type=int, default=100)
    parser.add_argument("--rule", default="all", choices=[*RULES, "all"])
    parser.add_argument("--form", default="partnership", choices=["partnership", "cutthroat"])
    parser.add_argument("--api-games", type=int, default=600, help="first games (fresh sets) a round (0: skip)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (min · median)")
    parser.add_argument("--against", default=BEFORE, help="git revision whose fast path runs alongside ('' to skip)")
    parser.add_argument("--profile", action="store_true", help="cProfile the fast path and the API path")
    args = parser.parse_args()

    sets = deal_game_sets(args.sets, seed="5eed")
    tables = [SetTables(gs) for gs in sets]
    rules = RULES if args.rule == "all" else (args.rule,)
    cutthroat = args.form == "cutthroat"
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; {args.sets} game sets, "
        f"{args.form}; {args.rounds} interleaved rounds, min · median"
    )
    with tempfile.TemporaryDirectory() as scratch:
        tree = checkout(args.against, scratch) if args.against else None
        for rule in rules:
            run_fast(tables, rule, cutthroat, min(500, args.games), 1)  # warm up
            fast, other, first, replay = [], [], [], []
            for r in range(args.rounds):
                if tree:
                    other.append(run_other(tree, rule, cutthroat, args.games, args.sets))
                fast.append(args.games / run_fast(tables, rule, cutthroat, args.games, 2 + r))
                if args.api_games:
                    fresh = deal_game_sets(args.api_games, seed=f"{r + 1:04x}")  # never played: first games
                    first.append(args.api_games / run_api(fresh, rule, args.form, 1000 * r))
                    replay.append(args.api_games / run_api(fresh, rule, args.form, 1000 * r))
            verdict = "meets" if min(fast) >= TARGET else "MISSES"
            print(
                f"{rule:16} fast path: {args.games} games a round: {mm(fast)} games/s "
                f"({statistics.median(fast) * 208 / 1e6:.2f} M plays/s) — {verdict} the {TARGET:,} games/s target"
            )
            if tree:
                ratios = [a / b for a, b in zip(fast, other, strict=True)]
                ts = [b / REV_OVER_TS for b in other]
                to_ts = [a / t for a, t in zip(fast, ts, strict=True)]
                verdict = "meets" if statistics.median(to_ts) >= TS_RATIO else "MISSES"
                print(
                    f"{'':16} fast path of {args.against}: {mm(other)} games/s; this code = {mm(ratios, '{:.2f}')} × it"
                )
                print(
                    f"{'':16} TypeScript engine (derived: {args.against} ÷ {REV_OVER_TS}): {mm(ts)} games/s; "
                    f"fast path = {mm(to_ts, '{:.2f}')} × the TS engine — {verdict} the ≥ {TS_RATIO} goal"
                )
            if args.api_games:
                first_ratio = [a / b for a, b in zip(first, fast, strict=True)]
                replay_ratio = [a / b for a, b in zip(replay, fast, strict=True)]
                verdict = "meets" if statistics.median(first_ratio) >= API_RATIO else "MISSES"
                print(
                    f"{'':16} referee API first game: {mm(first)} games/s = {mm(first_ratio, '{:.2f}')} × the fast "
                    f"path — {verdict} the ≥ {API_RATIO} goal"
                )
                print(
                    f"{'':16} referee API replay: {mm(replay)} games/s = {mm(replay_ratio, '{:.2f}')} × the fast path"
                )
                if tree:
                    to_ts = [a / (b / REV_OVER_TS) for a, b in zip(first, other, strict=True)]
                    print(f"{'':16} referee API first game = {mm(to_ts, '{:.2f}')} × the TS engine (derived)")

    if args.profile:
        fresh = deal_game_sets(max(args.api_games, 100), seed="50fe")
        for label, call in (
            ("fast path", lambda: run_fast(tables, rules[0], cutthroat, min(args.games, 5000), 4)),
            ("referee API, first games", lambda: run_api(fresh, rules[0], args.form, 5)),
        ):
            profiler = cProfile.Profile()
            profiler.runcall(call)
            print(f"\n--- cProfile, {label}, rule {rules[0]} (tottime) ---")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(10)


if __name__ == "__main__":
    main()
