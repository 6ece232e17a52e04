"""The CPU time of ``make test`` (issue 34.5): every process's user + sys against the 300 s goal.

Runs ``tests/suite.py`` (lint, format, the SQLite step on two workers, the integration step, which
is not started locally without its services) as a child and reads ``RUSAGE_CHILDREN`` when it ends: the CPU of every
process it started and waited for — pytest's workers, the Pythons and compilers the tests start,
Playwright's driver and Chromium. Wall time is printed too but says little on a shared machine;
the load average at the start and end is printed beside it.

    .venv/bin/python bench/suite_cpu.py [extra arguments for tests/suite.py, e.g. -k secrecy]
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 300.0


def load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str]) -> int:
    started_load, started = load(), time.monotonic()
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "suite.py"), *argv], cwd=ROOT, capture_output=True, text=True
    )
    wall = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    sys.stdout.write(done.stdout[-3000:])
    steps = re.findall(r"^=+ (.* in [\d.]+s.*?) =+$", done.stdout, re.M)  # each pytest step's last line
    cpu = usage.ru_utime + usage.ru_stime
    verdict = "part of the suite only" if argv else ("met" if cpu <= GOAL_S else "not met")
    print(
        f"\nuser {usage.ru_utime:.1f} s + sys {usage.ru_stime:.1f} s = CPU {cpu:.1f} s "
        f"(goal for the whole suite ≤ {GOAL_S:.0f} s: {verdict}) · wall {wall:.0f} s · "
        f"load average {started_load} at the start, {load()} at the end"
    )
    print("tests: " + " · ".join(steps))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
