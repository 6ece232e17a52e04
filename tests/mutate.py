"""Mutation testing of the pure engine, as `make mutate` runs it (not part of `make test`: minutes).

mutmut (configured in pyproject.toml's [tool.mutmut]) copies ``scoring/`` to ``mutants/``, makes
every small change to it a rule could suffer (``<`` for ``<=``, ``+ 1`` for ``+ 2``, a dropped
argument, another string) and runs, for each change, the tests of ``tests/scoring`` that reach the
changed function. A mutant the tests fail on is *killed*; one they pass with *survived*: a rule
that could change unnoticed.

Then this script reads mutmut's results and prints a line per module and, last,

    mutation score: K killed of N (P %)

where N leaves out the equivalent mutants listed in ``tests/mutation_equivalents/`` (a change
that cannot alter any result, each with a one-line reason; a file per module, named after it) and
K counts killed mutants and those that ran past their time limit (a mutant that loops forever is
caught). The surviving mutants' names are written to ``mutants/survivors.txt``; ``.venv/bin/mutmut show
NAME`` shows the change.
docs/testing.md says how to read a survivor.

    make mutate                       # every module of scoring/
    make mutate ARGS="scoring.tallies*"   # mutants whose name matches (mutmut's own patterns)
    make mutate ARGS="--report"       # only re-read the last run's results
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents"
BIN = Path(sys.executable).parent

KILLED = {1, 3, 24, -24, 36, 152, 255, 37}  # failed, pytest internal error, timeouts, type check
NOT_RUN = {None, 2}


def equivalents(folder: Path = EQUIVALENTS) -> dict[str, str]:
    """The listed equivalent mutants: name → reason, from every ``scoring….txt`` in ``folder``.

    A line without a reason, a name listed twice, or a name filed under another module's file is an
    error naming the file and line."""
    listed: dict[str, str] = {}
    for path in sorted(folder.glob("scoring*.txt")) if folder.is_dir() else []:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition("#")
            name, reason = name.strip(), reason.strip()
            where = f"{path.name}:{number}: {name}"
            if not reason:
                raise SystemExit(f"{where} has no reason (write it after a #)")
            if module_of(name) != path.stem:
                raise SystemExit(f"{where} belongs in {module_of(name)}.txt")
            if name in listed:
                raise SystemExit(f"{where} is listed twice")
            listed[name] = reason
    return listed


def read_results(mutants: Path = MUTANTS) -> dict[str, int | None]:
    """Every mutant's exit code from mutmut's ``.meta`` files (``None``: not run)."""
    codes: dict[str, int | None] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        codes.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return codes


def module_of(name: str) -> str:
    return name.split(".x_")[0].split(".x\u01c1")[0]


def score(codes: dict[str, int | None], skip: dict[str, str]) -> tuple[int, int, list[str], Counter, Counter]:
    """``(killed, counted, survivors, killed per module, counted per module)`` of the mutants run."""
    killed = counted = 0
    survivors: list[str] = []
    per_killed: Counter = Counter()
    per_counted: Counter = Counter()
    for name, code in codes.items():
        if code in NOT_RUN or name in skip:
            continue
        module = module_of(name)
        counted += 1
        per_counted[module] += 1
        if code in KILLED:
            killed += 1
            per_killed[module] += 1
        else:
            survivors.append(name)
    return killed, counted, survivors, per_killed, per_counted


def main(argv: list[str]) -> int:
    if "--report" not in argv:
        jobs = os.environ.get("MUTATE_JOBS") or str(os.cpu_count() or 1)
        code = subprocess.call([str(BIN / "mutmut"), "run", "--max-children", jobs, *argv], cwd=ROOT)
        if code not in (0, 1):
            print(f"mutmut run stopped with exit code {code}", file=sys.stderr)
            return code
    skip = equivalents()
    codes = read_results()
    stale = sorted(set(skip) - set(codes))
    if stale:
        print(f"{len(stale)} listed equivalent mutants no longer exist (the code changed): {', '.join(stale[:5])}")
    killed, counted, survivors, per_killed, per_counted = score(codes, skip)
    if not counted:
        print("no mutants have been run yet", file=sys.stderr)
        return 1
    (MUTANTS / "survivors.txt").write_text("".join(f"{name}\n" for name in sorted(survivors)), "utf-8")
    print(f"\n{'module':32}{'killed':>8}{'of':>8}{'score':>9}")
    for module in sorted(per_counted):
        k, n = per_killed[module], per_counted[module]
        print(f"{module:32}{k:8d}{n:8d}{100 * k / n:8.1f}%")
    print(f"{len(survivors)} survivors in mutants/survivors.txt; {len(skip)} listed as equivalent")
    print(f"mutation score: {killed} killed of {counted} ({100 * killed / counted:.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
