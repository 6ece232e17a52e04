"""Benchmark: matchpoint a 2,000-table × 10-set event (20,000 results per direction).

Every table plays every one of the game sets, so each set has E = 2,000 entries per direction.
About 1 % of entries are not played and about 0.5 % get artificial scores, so Neuberg factoring
is exercised on most sets. Nets are multiples of 10 spread like real Calypso nets, which gives
many ties.

Prints the time of ``scoring.matchpoints.matchpoints`` over the whole event (both directions,
best and median of ``--repeat`` runs) and compares it with a naive pairwise implementation (every
result against every other, O(E²) per set). On the full event the naive run takes a few seconds
and runs in full by default; ``--naive-sets N`` runs it on the first N set-directions only and
extrapolates its time linearly to the whole event (its cost is the same for every set of the
same size), which the output says. Both implementations' results are checked to agree wherever
the naive one ran.

    .venv/bin/python bench/matchpoints.py [--tables 2000] [--sets 10] [--repeat 5] [--naive-sets N]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.matchpoints import ARTIFICIAL_PERCENT, matchpoints, top


def make_event(tables: int, sets: int, seed: int, spread: float = 80) -> list[tuple[str, list]]:
    """The entries of every (set, direction): majors nets, and the minors' on the same tables."""
    rng = random.Random(seed)
    event = []
    for game_set in range(1, sets + 1):
        majors, minors = [], []
        for _ in range(tables):
            roll = rng.random()
            if roll < 0.01:
                majors.append(None)
                minors.append(None)
            elif roll < 0.015:
                majors.append(rng.choice(["A", "A+", "A-"]))
                minors.append(rng.choice(["A", "A+", "A-"]))
            else:
                net = 10 * round(rng.gauss(0, spread))
                majors.append(net)
                minors.append(-net)
        event.append((f"set {game_set} majors", majors))
        event.append((f"set {game_set} minors", minors))
    return event


def naive_matchpoints(nets: list, scale: str) -> list:
    """The definition done pairwise: each real net against every other real net."""
    expected = len(nets)
    per_beaten = 1 if scale == "acbl" else 2
    top_score = top(expected, scale)
    real = [net for net in nets if isinstance(net, int)]
    results = len(real)
    out = []
    for net in nets:
        if net is None:
            out.append(None)
        elif isinstance(net, str):
            out.append(Fraction(top_score * ARTIFICIAL_PERCENT[net], 100))
        else:
            beaten = ties = 0
            for other in real:
                if net > other:
                    beaten += 1
                elif net == other:
                    ties += 1
            raw = Fraction(per_beaten * beaten) + Fraction(per_beaten, 2) * (ties - 1)
            half = Fraction(per_beaten, 2)
            out.append((raw + half) * expected / results - half)
    return out


def time_event(event: list[tuple[str, list]], scale: str) -> float:
    started = time.perf_counter()
    for _, nets in event:
        matchpoints(nets, scale)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--sets", type=int, default=10)
    parser.add_argument("--scale", choices=["acbl", "ebu"], default="ebu")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--naive-sets", type=int, default=0, help="run the naive version on this many set-directions (0: all)"
    )
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument(
        "--spread",
        type=float,
        default=80,
        help="standard deviation of nets in tens (larger: fewer ties; 80 is realistic)",
    )
    args = parser.parse_args(argv)

    event = make_event(args.tables, args.sets, args.seed, args.spread)
    per_direction = args.tables * args.sets
    entries = sum(len(nets) for _, nets in event)
    real = sum(isinstance(net, int) for _, nets in event for net in nets)
    distinct = statistics.mean(len({n for n in nets if isinstance(n, int)}) for _, nets in event)
    print(f"Python {platform.python_version()} on {platform.machine()}, scale {args.scale}")
    print(
        f"event: {args.tables} tables × {args.sets} game sets = {per_direction} entries per direction, "
        f"{entries} in all ({real} real results, {entries - real} not played or artificial); "
        f"{distinct:.0f} distinct nets per set on average"
    )

    runs = [time_event(event, args.scale) for _ in range(args.repeat)]
    best, median = min(runs), statistics.median(runs)
    print(f"scoring.matchpoints: best {best * 1000:.1f} ms, median {median * 1000:.1f} ms of {args.repeat} runs")

    full_naive = args.naive_sets <= 0 or args.naive_sets >= len(event)
    subset = event if full_naive else event[: args.naive_sets]
    started = time.perf_counter()
    naive = [naive_matchpoints(nets, args.scale) for _, nets in subset]
    naive_time = time.perf_counter() - started
    for (name, nets), expected in zip(subset, naive, strict=True):
        if matchpoints(nets, args.scale) != expected:
            print(f"MISMATCH on {name}", file=sys.stderr)
            return 1
    if full_naive:
        naive_event = naive_time
        print(f"naive pairwise: {naive_event:.2f} s on the whole event (results agree)")
    else:
        naive_event = naive_time * len(event) / len(subset)
        print(
            f"naive pairwise: {naive_time:.2f} s on {len(subset)} of {len(event)} set-directions "
            f"(results agree); extrapolated to the whole event: {naive_event:.1f} s"
        )
    print(f"speed-up: {naive_event / best:.0f}× (naive{'' if full_naive else ', extrapolated'} ÷ best)")
    print("goal: well under 0.5 s for the event —", "met" if best < 0.5 else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
