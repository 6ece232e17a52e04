"""Benchmark: club-bot analysis of a whole session (issues 21.2 and 34.4).

A session of 30 game sets (``deal_game_sets(30, seed="5eed")``), each analysed with 100 games of
four ``ClubPlayer``s, as ``python -m scoring analyse --summary`` does for the hand records: once in
this process (``jobs=1``) and once spread over worker processes (``jobs``, default: the cores).
The two runs must give the same results; issue 34's goal is 2 s with two jobs.

``--against REV`` (default: the commit before issue 34) runs the same serial analysis on that
revision's code (``git archive``) in a process of its own, just before this code's, and requires
the same analyses (the same figures and verdicts, compared as JSON): the ratio of the two CPU times
is the speed-up that does not depend on how loaded the machine is.

    .venv/bin/python bench/analysis.py [--sets 30] [--games 100] [--jobs N] [--against REV]
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.analysis import analyse_sets, default_jobs
from scoring.gamesets import deal_game_sets

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 2.0  # issue 34.4: 30 sets × 100 games with two jobs
BEFORE = "d50e46b"  # the commit before issue 34

# The serial analysis on another checkout, in a process of its own: prints CPU seconds, then the
# analyses as JSON.
WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from scoring.analysis import analyse_sets
from scoring.gamesets import deal_game_sets
sets = deal_game_sets(int(sys.argv[2]), seed="5eed")
cpu = time.process_time()
results = analyse_sets(sets, games=int(sys.argv[3]), seed=0, jobs=1)
print(time.process_time() - cpu)
print(json.dumps([r.to_dict() for r in results], sort_keys=True))
"""


def other(rev: str, sets: int, games: int) -> tuple[float, float, str]:
    """(wall s, CPU s, analyses as JSON) of the serial analysis on revision ``rev``'s code."""
    archive = subprocess.run(["git", "archive", rev, "scoring"], cwd=ROOT, capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tree:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tree, filter="data")
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", WORKER, tree, str(sets), str(games)], capture_output=True, text=True, check=True
        )
        wall = time.perf_counter() - start
    cpu, analyses = done.stdout.split("\n", 1)
    return wall, float(cpu), analyses.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=30)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: the cores)")
    parser.add_argument("--against", default=BEFORE, help="git revision to compare with ('' to skip)")
    args = parser.parse_args()
    jobs = args.jobs or default_jobs()
    sets = deal_game_sets(args.sets, seed="5eed")
    print(f"Python {platform.python_version()} on {platform.machine()}, {default_jobs()} usable cores")
    before = other(args.against, args.sets, args.games) if args.against else None
    timings = {}
    results = {}
    start, cpu = time.perf_counter(), time.process_time()
    results["serial"] = analyse_sets(sets, games=args.games, seed=0, jobs=1)
    timings["serial"], serial_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"serial   jobs=1: {args.sets} sets × {args.games} club games in {timings['serial']:.2f} s "
        f"(CPU {serial_cpu:.2f} s)"
    )
    start = time.perf_counter()
    results["parallel"] = analyse_sets(sets, games=args.games, seed=0, jobs=jobs)
    timings["parallel"] = time.perf_counter() - start
    print(f"parallel jobs={jobs}: {args.sets} sets × {args.games} club games in {timings['parallel']:.2f} s")
    same = results["serial"] == results["parallel"]
    if before is not None:
        wall, before_cpu, analyses = before
        alike = analyses == json.dumps([r.to_dict() for r in results["serial"]], sort_keys=True)
        same = same and alike
        print(
            f"before   {args.against}, jobs=1: {wall:.2f} s (CPU {before_cpu:.2f} s); this code takes "
            f"{serial_cpu / before_cpu:.2f} of its CPU time ({before_cpu / serial_cpu:.2f}× faster); analyses "
            f"{'the same' if alike else 'DIFFERENT'}"
        )
    verdict = "meets" if timings["parallel"] <= GOAL_SECONDS and same else "MISSES"
    speedup = timings["serial"] / timings["parallel"]
    print(
        f"session analysis: {timings['parallel']:.2f} s with {jobs} jobs = {speedup:.2f}× "
        f"the serial run; results {'identical' if same else 'DIFFER'} — {verdict} the ≤ {GOAL_SECONDS:.0f} s goal"
    )


if __name__ == "__main__":
    main()
