"""Benchmark and measurement: how far uniformly dealt sets lean, and how often the lopsided flag fires (issue 21.4).

A set's *expected net* (majors minus minors, over endless games) depends on the deal alone; the
analysis estimates it from a few simulated games. Across uniformly dealt sets the expected nets
spread about zero; ``scoring.analysis.SET_SPREAD`` holds that spread per players and rule, and the
flag fires for a set in the outer ``LOPSIDED_LEVEL`` of it. This script measures the spread afresh
and checks the flag rate on other sets:

1. **measure**: ``--sets`` sets from a fixed seed, ``--games`` games each; the spread of their mean
   nets, less the part their own games' noise explains (a one-way random-effects estimate:
   τ² = var(set means) − mean(per-set variance) / games), with a bootstrap standard error over
   sets; the mean over sets (zero if neither side is favoured by the rules themselves) and the
   excess kurtosis of the set means (≈ 0 if they are normal, as the flag's tail assumes);
2. **check**: ``--check-sets`` other sets (another seed) with ``--check-games`` games each, as the
   unit test does: the share flagged with the constants in ``SET_SPREAD``, against
   ``LOPSIDED_LEVEL``, and the old rule's share (|mean net| > ½ sd and ≥ 100) on the same sets.

    .venv/bin/python bench/lopsided.py [--players random|club|all] [--rule standard|...|all]
                                       [--sets 400] [--games 100] [--check-sets 200] [--check-games 20]
                                       [--jobs N]

The last line is ``lopsided: flagged=F of N sets = P % (level L %) ratio=P/L; old rule P0 %``
for the first players and rule measured.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.analysis import LOPSIDED_LEVEL, PLAYERS, SET_SPREAD, analyse_sets, default_jobs
from scoring.gamesets import deal_game_sets
from scoring.tricks import RULES

MEASURE_SEED = "0dd5e75e"  # the sets the constants are measured on
CHECK_SEED = "c4ec4c"  # other sets, for the flag rate (the unit test uses yet another seed)


def spread_of(means: list[float], variances: list[float], games: int) -> float:
    """τ: the spread of the sets' expected nets, their games' noise taken out (0 if negative)."""
    k = len(means)
    centre = sum(means) / k
    between = sum((m - centre) ** 2 for m in means) / (k - 1)
    return math.sqrt(max(0.0, between - sum(variances) / k / games))


def measure(players: str, rule: str, sets: int, games: int, jobs: int, seed: str) -> dict[str, float]:
    results = analyse_sets(deal_game_sets(sets, seed=seed), rule, games, seed="m", players=players, jobs=jobs)
    means = [r.majors.mean_net for r in results]
    variances = [r.majors.sd_net**2 for r in results]
    tau = spread_of(means, variances, games)
    rng = random.Random(0)
    boot = []
    for _ in range(400):
        pick = [rng.randrange(sets) for _ in range(sets)]
        boot.append(spread_of([means[i] for i in pick], [variances[i] for i in pick], games))
    centre = sum(means) / sets
    sd_means = math.sqrt(sum((m - centre) ** 2 for m in means) / (sets - 1))
    kurtosis = sum((m - centre) ** 4 for m in means) / sets / sd_means**4 - 3
    return {
        "tau": tau,
        "tau_se": math.sqrt(sum((b - tau) ** 2 for b in boot) / (len(boot) - 1)),
        "mean": centre,
        "mean_se": sd_means / math.sqrt(sets),
        "kurtosis": kurtosis,
        "kurtosis_se": math.sqrt(24 / sets),
        "sd_game": math.sqrt(sum(variances) / sets),
    }


def check(players: str, rule: str, sets: int, games: int, jobs: int) -> tuple[int, int]:
    """(flagged now, flagged by the rule before issue 21.4) on ``sets`` other uniformly dealt sets."""
    results = analyse_sets(deal_game_sets(sets, seed=CHECK_SEED), rule, games, seed="c", players=players, jobs=jobs)
    old = sum(abs(r.majors.mean_net) > max(0.5 * r.majors.sd_net, 100 - 1e-9) for r in results)
    return sum(r.lopsided for r in results), old


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="random", choices=[*PLAYERS, "all"])
    parser.add_argument("--rule", default="all", choices=[*RULES, "all"])
    parser.add_argument("--sets", type=int, default=400, help="sets to measure the spread on (0: skip)")
    parser.add_argument("--games", type=int, default=100, help="games per set when measuring")
    parser.add_argument("--check-sets", type=int, default=200)
    parser.add_argument("--check-games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: the cores)")
    parser.add_argument("--seed", default=MEASURE_SEED, help="hex seed of the sets measured (another seed: other sets)")
    args = parser.parse_args()
    jobs = args.jobs or default_jobs()
    players_list = PLAYERS if args.players == "all" else (args.players,)
    rules = RULES if args.rule == "all" else (args.rule,)
    print(f"Python {platform.python_version()} on {platform.machine()}, {jobs} jobs")
    last = None
    for players in players_list:
        for rule in rules:
            start = time.perf_counter()
            if args.sets:
                m = measure(players, rule, args.sets, args.games, jobs, args.seed)
                print(
                    f"{players:6} {rule:16} {args.sets} sets × {args.games} games: spread {m['tau']:.0f} "
                    f"± {m['tau_se']:.0f} (SET_SPREAD {SET_SPREAD[(players, rule)]:.0f}); "
                    f"mean over sets {m['mean']:+.0f} ± {m['mean_se']:.0f}; "
                    f"excess kurtosis {m['kurtosis']:+.2f} ± {m['kurtosis_se']:.2f}; "
                    f"sd of one game's net {m['sd_game']:.0f}"
                )
            if not args.check_sets:
                continue
            flagged, old = check(players, rule, args.check_sets, args.check_games, jobs)
            n = args.check_sets
            sd = math.sqrt(n * LOPSIDED_LEVEL * (1 - LOPSIDED_LEVEL))
            print(
                f"{'':23} flag on {n} other sets × {args.check_games} games: {flagged} "
                f"(expected {n * LOPSIDED_LEVEL:.0f} ± {sd:.1f}); old rule {old}; "
                f"{time.perf_counter() - start:.1f} s"
            )
            if last is None:
                last = (flagged, old, n)
    if last is None:
        return
    flagged, old, n = last
    print(
        f"lopsided: flagged={flagged} of {n} sets = {100 * flagged / n:.1f} % (level {100 * LOPSIDED_LEVEL:.0f} %) "
        f"ratio={flagged / n / LOPSIDED_LEVEL:.2f}; old rule {100 * old / n:.1f} %"
    )


if __name__ == "__main__":
    main()
