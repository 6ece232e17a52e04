"""Benchmark: Auction Calypso hands per second, and the score pad checked against the engine on every hand.

A hand is one deal of 52 cards from the double pack less the cards on the table, its auction, the
gift of trumps, 13 tricks through ``AuctionGame.play`` (the standard engine's ``resolve_trick`` and
``take_trick`` on relabelled suits), the sale when in limbo, ditching, and the score pad. Games of
``--hands`` hands are played by four ``RandomBot``s and by four ``SimpleBot``s (seeded, so reruns
play the same games); every hand's ``HandRecord.disagreements()`` must be empty — the score pad's
score of the engine's counts equals the engine's own accounting, T + P = 52, and each side's table
is conserved. Timed separately: the agreement check, and replaying every game from its record.

    .venv/bin/python bench/auction.py [--total 10000] [--hands 4] [--draft] [--rule standard|...] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.auction_play import RandomBot, SimpleBot, play_auction_game, replay
from scoring.tricks import RULES, STANDARD

BOTS = {"random": RandomBot, "simple": SimpleBot}


def play(kind: str, total: int, hands: int, draft: bool, rule: str) -> tuple[float, float, list]:
    """Seconds (wall clock, and CPU of this process) to play ``total`` hands in games of ``hands``; the games."""
    games = []
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(-(-total // hands)):
        bots = {seat: BOTS[kind](1000 * g + i) for i, seat in enumerate("SHDC")}
        games.append(play_auction_game(bots, hands, "SDHC"[g % 4], draft=draft, seed=g, rule=rule))
    return time.perf_counter() - start, time.process_time() - cpu, games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--total", type=int, default=10_000, help="hands per kind of bot (default 10,000)")
    parser.add_argument("--hands", type=int, default=4, help="hands a game (default 4)")
    parser.add_argument("--draft", action="store_true", help="start each game with the draft")
    parser.add_argument("--rule", default=STANDARD, choices=RULES)
    parser.add_argument("--profile", action="store_true", help="cProfile 500 hands of random bots")
    args = parser.parse_args()

    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; games of {args.hands} hands, "
        f"{'with' if args.draft else 'no'} draft, rule {args.rule}"
    )
    failed = 0
    for kind in BOTS:
        play(kind, min(200, args.total), args.hands, args.draft, args.rule)  # warm up
        seconds, cpu, games = play(kind, args.total, args.hands, args.draft, args.rule)
        records = [record for game in games for record in game.records]
        start = time.perf_counter()
        problems = [(game.seed, r.number, p) for game in games for r in game.records for p in r.disagreements()]
        check = time.perf_counter() - start
        start = time.perf_counter()
        replayed = sum(replay(game.record()).totals == game.totals for game in games)
        again = time.perf_counter() - start
        outcomes = Counter(r.score.outcome for r in records)
        shares = ", ".join(f"{name} {outcomes[name] / len(records):.1%}" for name in sorted(outcomes))
        print(
            f"{kind:6} bots: {len(records):,} hands in {seconds:.2f} s = {len(records) / seconds:,.0f} hands/s "
            f"({len(records) * 52 / seconds / 1e3:,.0f} k cards played/s); "
            f"{len(records) / cpu:,.0f} hands per CPU-second"
        )
        print(f"{'':6}  outcomes: {shares}")
        print(
            f"{'':6}  score pad v engine: {len(records) - len({(s, n) for s, n, _ in problems}):,} of "
            f"{len(records):,} hands agree ({check:.2f} s); replayed {replayed} of {len(games)} games "
            f"to the same totals ({len(records) / again:,.0f} hands/s)"
        )
        for seed, number, problem in problems[:5]:
            print(f"{'':6}  DISAGREES: game seed {seed}, hand {number}: {problem}")
        failed += len(problems) + len(games) - replayed

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play, "random", 500, args.hands, args.draft, args.rule)
        print("\n--- cProfile, 500 hands, random bots (tottime) ---")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(10)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
