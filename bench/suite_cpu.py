"""The CPU time of ``make test`` (issue 34.5): every process's user + sys against the 300 s goal.

Runs ``tests/suite.py`` (lint, format, the SQLite step on two workers, the integration step, which
skips without its services) as a child and reads ``RUSAGE_CHILDREN`` when it ends: the CPU of every
process it started and waited for — pytest's workers, the Pythons and compilers the tests start,
Playwright's driver. That misses Chromium's page (renderer) processes: nothing waits for them when
they end, so their CPU is never added to a parent's. On Linux the machine's own count (/proc/stat:
every process on it) is printed beside it, and that is the figure the goal is judged by; it is the
suite's only on an otherwise idle machine, so the load average at the start and end is printed too.
Wall time says little on a shared machine.

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


def machine_cpu() -> float | None:
    """Seconds of CPU every process on this machine has used since it started (Linux), else None."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq = map(int, fields)
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str]) -> int:
    started_load, started, machine_before = load(), time.monotonic(), machine_cpu()
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "suite.py"), *argv], cwd=ROOT, capture_output=True, text=True
    )
    wall = time.monotonic() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    sys.stdout.write(done.stdout[-3000:])
    steps = re.findall(r"^=+ (.* in [\d.]+s.*?) =+$", done.stdout, re.M)  # each pytest step's last line
    machine_after = machine_cpu()
    cpu = usage.ru_utime + usage.ru_stime
    machine = None if machine_before is None else machine_after - machine_before
    judged = cpu if machine is None else max(cpu, machine)
    verdict = "part of the suite only" if argv else ("met" if judged <= GOAL_S else "not met")
    on_machine = "" if machine is None else f" · the machine's CPU meanwhile {machine:.1f} s"
    print(
        f"\nuser {usage.ru_utime:.1f} s + sys {usage.ru_stime:.1f} s = CPU {cpu:.1f} s of processes waited for"
        f"{on_machine} (goal for the whole suite ≤ {GOAL_S:.0f} s: {verdict}) · wall {wall:.0f} s · "
        f"load average {started_load} at the start, {load()} at the end"
    )
    print("tests: " + " · ".join(steps))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
