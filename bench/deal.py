"""Benchmark: deal 10,000 game sets with ``scoring.gamesets.deal_game_sets``.

Prints game sets per second for seeded dealing (HMAC-SHA256 stream + Fisher–Yates, the
reproducible construction of docs/formats.md) and unseeded dealing (a fresh key from ``secrets``,
same construction), best and median of ``--repeat`` runs; then, for context, the time to validate
every set, compute the commitment, and write and read back the ``calypso-gamesets/1`` file.

    .venv/bin/python bench/deal.py [--sets 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.gamesets import check_game_set, commitment, deal_game_sets, load_game_sets, save_game_sets

SEED = "5eed" * 16


def timed(function, repeat: int) -> tuple[float, float, float, object]:
    """Best and median wall time of ``repeat`` calls, the best CPU time, and the last result.

    On a shared machine the CPU time (this process only) is the steadier figure.
    """
    times, cpu, result = [], [], None
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        result = function()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return min(times), statistics.median(times), min(cpu), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.sets
    py = platform.python_version()
    print(f"Python {py} on {platform.machine()}, {n:,} game sets, best / median of {args.repeat}")

    for label, seed in (("seeded", SEED), ("unseeded (secrets)", None)):
        best, median, cpu, sets = timed(lambda seed=seed: deal_game_sets(n, seed), args.repeat)
        if seed is not None:
            seeded_cpu = cpu
        print(
            f"deal {label:<19} {n / best:>9,.0f} sets/s best  {n / median:>9,.0f} sets/s median  "
            f"{n / cpu:>9,.0f} sets per CPU-second  ({best * 1e6 / n:.0f} µs a set)"
        )

    # The floor: a bare random.shuffle of the 208 card numbers per set, nothing dealt, sorted or
    # made into cards (and not reproducible from a published seed), timed the same way.
    deck = list(range(208))
    rng = random.Random(SEED)
    _, _, bare_cpu, _ = timed(lambda: [rng.shuffle(deck) for _ in range(n)], args.repeat)
    print(
        f"bare random.shuffle   {n / bare_cpu:>9,.0f} sets per CPU-second; seeded dealing = "
        f"{(n / seeded_cpu) / (n / bare_cpu):.2f}× its rate"
    )

    best, _, _, problems = timed(lambda: sum(len(check_game_set(s)) for s in sets), 1)
    assert problems == 0
    print(f"validate every set    {n / best:>9,.0f} sets/s")
    best, _, _, _ = timed(lambda: commitment(sets), 1)
    print(f"commitment            {n / best:>9,.0f} sets/s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sets.json"
        best, _, _, _ = timed(lambda: save_game_sets(path, sets, SEED), 1)
        size = path.stat().st_size
        print(f"write file            {n / best:>9,.0f} sets/s  ({size / 1e6:.1f} MB)")
        best, _, _, loaded = timed(lambda: load_game_sets(path), 1)
        assert loaded.sets == tuple(sets)
        print(f"read + validate file  {n / best:>9,.0f} sets/s")


if __name__ == "__main__":
    main()
