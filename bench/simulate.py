"""Benchmark: full random-legal Calypso games per second on one core.

A game is the whole of a game set: 4 deals × 13 tricks × 4 cards = 208 plays, every card chosen
uniformly among the legal ones, every trick resolved and its cards placed (RULES.md §3–§4). The
figure is for ``scoring._fastplay.simulate_random`` (the integer hot path that analysis uses for
random players); the same games through the public referee API (``play_game`` with a
``RandomPlayer``) are timed too, as two figures: a **first game** on a set just dealt (the set
prepared for play inside the timing) and a **replay** on a set already played. Game sets come from
``deal_game_sets`` with fixed seeds, so reruns play the same games.

``--against REV`` (default: the commit before issue 34) also runs the fast path of that revision's
code (``git archive``, imported in this process as ``scoring_before``) and prints the ratio. Every
round times the paths turn and turn about, a chunk of games at a time, so a machine shared with
other work loads them alike. The TypeScript engine (ADBond/calypso on Node 20) is not part of this project and
cannot be run here, so its figure in the same run is derived from that revision's fast path and the
ratio issue 34 measured between the two side by side (``REV_OVER_TS``).

    .venv/bin/python bench/simulate.py [--games 20000] [--sets 100] [--rule standard|...|all]
        [--form partnership|cutthroat] [--api-games 600] [--rounds 5] [--against REV] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
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
CHUNK = 250  # fast-path games timed at a turn (the rounds interleave the paths chunk by chunk)
API_RATIO = 0.5  # the referee API's first game as a share of the fast path's rate, same run (issue 34.1)
TS_RATIO = 2.5  # the fast path against the TypeScript engine (issue 34.2)
BEFORE = "d50e46b"  # the commit before issue 34
# Issue 34 measured the fast path of BEFORE at 1.87 · 1.96 × the TypeScript engine's random games by wall
# time, side by side on one quiet machine (min · median of interleaved rounds): the median stands in
# for the TypeScript engine's rate in a run where only BEFORE's fast path can be measured.
REV_OVER_TS = 1.96


def run_fast(tables, rule: str, cutthroat: bool, games: int, seed: int, simulate=simulate_random) -> float:
    """Seconds for ``games`` games on the fast path (``simulate``: this code's or another's), cycling
    through the sets' ``tables``."""
    rnd = random.Random(seed).random
    n = len(tables)
    start = time.perf_counter()
    for i in range(games):
        done, count, _mask, pile = simulate(tables[i % n], rule, cutthroat, rnd)
        assert 13 * sum(done) + sum(count) + sum(pile) == 208
    return time.perf_counter() - start


def run_api(sets, rule: str, form: str, seed: int) -> float:
    """Seconds for one game through the referee API on each of ``sets``."""
    start = time.perf_counter()
    for i, game_set in enumerate(sets):
        play_game(game_set, RandomPlayer(seed + i), rule, form)
    return time.perf_counter() - start


def load_before(rev: str, into: str):
    """The fast path of revision ``rev``: its ``scoring/`` (``git archive``) unpacked under ``into`` as
    the package ``scoring_before`` (the engine imports itself relatively), imported into this process,
    so the two fast paths can be timed turn and turn about. Returns its ``(SetTables, simulate_random,
    deal_game_sets)`` (its sets are of its own ``GameSet`` class)."""
    archive = subprocess.run(["git", "archive", rev, "scoring"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    Path(into, "scoring").rename(Path(into, "scoring_before"))
    sys.path.insert(0, into)
    fastplay = importlib.import_module("scoring_before._fastplay")
    gamesets = importlib.import_module("scoring_before.gamesets")
    return fastplay.SetTables, fastplay.simulate_random, gamesets.deal_game_sets


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
        before = load_before(args.against, scratch) if args.against else None
        before_tables = [before[0](gs) for gs in before[2](args.sets, seed="5eed")] if before else None
        chunks = max(1, args.games // CHUNK)
        for rule in rules:
            run_fast(tables, rule, cutthroat, min(500, args.games), 1)  # warm up
            fast, other, first, replay = [], [], [], []
            for r in range(args.rounds):
                # Turn and turn about, a chunk at a time, so that all four see the same load.
                times = [0.0, 0.0, 0.0, 0.0]
                for chunk in range(chunks):
                    seed = 1000 * r + chunk
                    times[0] += run_fast(tables, rule, cutthroat, CHUNK, seed)
                    if before:
                        times[1] += run_fast(before_tables, rule, cutthroat, CHUNK, seed, before[1])
                    if args.api_games:
                        n = max(1, args.api_games // chunks)
                        fresh = deal_game_sets(n, seed=f"{seed + 1:06x}")  # never played: first games
                        times[2] += run_api(fresh, rule, args.form, seed)
                        times[3] += run_api(fresh, rule, args.form, seed)
                games, api_games = chunks * CHUNK, chunks * max(1, args.api_games // chunks)
                fast.append(games / times[0])
                other.append(games / times[1] if before else 0.0)
                first.append(api_games / times[2] if args.api_games else 0.0)
                replay.append(api_games / times[3] if args.api_games else 0.0)
            verdict = "meets" if min(fast) >= TARGET else "MISSES"
            print(
                f"{rule:16} fast path: {chunks * CHUNK} games a round: {mm(fast)} games/s "
                f"({statistics.median(fast) * 208 / 1e6:.2f} M plays/s) — {verdict} the {TARGET:,} games/s target"
            )
            if before:
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
                if before:
                    to_ts = [a / (b / REV_OVER_TS) for a, b in zip(first, other, strict=True)]
                    ratio = [a / b for a, b in zip(first, other, strict=True)]
                    print(
                        f"{'':16} referee API first game = {mm(ratio, '{:.2f}')} × the fast path of {args.against} "
                        f"= {mm(to_ts, '{:.2f}')} × the TS engine (derived)"
                    )

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
