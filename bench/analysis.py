"""Benchmark: club-bot analysis of a whole session (issue 21.2).

A session of 30 game sets (``deal_game_sets(30, seed="5eed")``), each analysed with 100 games of
four ``ClubPlayer``s, as ``python -m scoring analyse --summary`` does for the hand records: once in
this process (``jobs=1``) and once spread over worker processes (``jobs``, default: the cores).
The two runs must give the same results; the goal is under 5 s on a 2-core laptop.

    .venv/bin/python bench/analysis.py [--sets 30] [--games 100] [--jobs N]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.analysis import analyse_sets, default_jobs
from scoring.gamesets import deal_game_sets

GOAL_SECONDS = 5.0
BEFORE_SECONDS = 12.6  # issue 21: the same session on one core before the faster bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=30)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: the cores)")
    args = parser.parse_args()
    jobs = args.jobs or default_jobs()
    sets = deal_game_sets(args.sets, seed="5eed")
    print(f"Python {platform.python_version()} on {platform.machine()}, {default_jobs()} usable cores")
    timings = {}
    results = {}
    for label, n in (("serial", 1), ("parallel", jobs)):
        start = time.perf_counter()
        results[label] = analyse_sets(sets, games=args.games, seed=0, jobs=n)
        timings[label] = time.perf_counter() - start
        print(f"{label:8} jobs={n}: {args.sets} sets × {args.games} club games in {timings[label]:.2f} s")
    same = results["serial"] == results["parallel"]
    verdict = "meets" if timings["parallel"] < GOAL_SECONDS and same else "MISSES"
    speedup = timings["serial"] / timings["parallel"]
    print(
        f"session analysis: {timings['parallel']:.2f} s with {jobs} jobs = {speedup:.2f}× "
        f"the serial run, {BEFORE_SECONDS / timings['parallel']:.1f}× the {BEFORE_SECONDS} s before issue 21; "
        f"results {'identical' if same else 'DIFFER'} — {verdict} the < {GOAL_SECONDS:.0f} s goal"
    )


if __name__ == "__main__":
    main()
