"""The CPU time of ``make test`` (issue 34.5): every process's user + sys against the 300 s goal.

Runs ``tests/suite.py`` (lint, format, the SQLite step on two workers, the integration step, which
is not started locally without its services) as a child and counts the CPU of everything it starts, three ways:

* **a control group of its own** (Linux, cgroup v1 ``cpuacct`` or v2, where this user may make one,
  e.g. root): the kernel counts every process started inside it, whoever waits for it or not, and
  nothing else on the machine. This is the figure the goal is judged by when it is there.
* ``RUSAGE_CHILDREN`` (everywhere): the processes it started and waited for — pytest's workers,
  the Pythons and compilers the tests start, Playwright's driver. It misses Chromium's page
  (renderer) processes: nothing waits for them when they end, so their CPU never reaches a parent's
  count (a quarter to a third of a browser test's CPU).
* the machine's own count (/proc/stat, Linux): every process on the machine, the suite's only when
  nothing else runs; the load average at the start and end says how far to trust it.

Wall time is printed too but says little on a shared machine.

    .venv/bin/python bench/suite_cpu.py [extra arguments for tests/suite.py, e.g. -k secrecy]
"""

from __future__ import annotations

import contextlib
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 300.0
# cgroup v1's CPU accounting controller (its usage file: nanoseconds), else the v2 hierarchy (cpu.stat).
CGROUP_ROOTS = (Path("/sys/fs/cgroup/cpuacct"), Path("/sys/fs/cgroup/unified"), Path("/sys/fs/cgroup"))


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


def own_group() -> Path | None:
    """A new, empty control group to run the suite in, or None where none can be made."""
    for root in CGROUP_ROOTS:
        if (root / "cpuacct.usage").exists() or (root / "cgroup.subtree_control").exists():
            group = root / f"calypso-suite-{os.getpid()}"
            try:
                group.mkdir()
            except OSError:
                continue
            if (group / "cpuacct.usage").exists() or (group / "cpu.stat").exists():
                return group
            group.rmdir()
    return None


def group_cpu(group: Path) -> float:
    """Seconds of CPU every process that ran in ``group`` used."""
    if (group / "cpuacct.usage").exists():
        return int((group / "cpuacct.usage").read_text()) / 1e9
    stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
    return int(stat["usage_usec"]) / 1e6


def main(argv: list[str]) -> int:
    group = own_group()

    def join_group() -> None:  # in the child, before it runs the suite: it and all it starts are counted
        (group / "cgroup.procs").write_text(str(os.getpid()))

    started_load, started, machine_before = load(), time.monotonic(), machine_cpu()
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "suite.py"), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        preexec_fn=join_group if group else None,
    )
    wall = time.monotonic() - started
    machine_after = machine_cpu()
    counted = group_cpu(group) if group else None
    if group:
        with contextlib.suppress(OSError):  # a process the suite started still runs in it: left, and named
            group.rmdir()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    log = ROOT / "var" / "suite_cpu.log"  # the whole output: a failure's story is long before the summary
    log.parent.mkdir(exist_ok=True)
    log.write_text(done.stdout + done.stderr, encoding="utf-8")
    sys.stdout.write(done.stdout[-3000:])
    failed = re.findall(r"^(?:FAILED|ERROR) .*$", done.stdout, re.M)
    if failed:
        print("\n".join(["", *failed, f"(the whole output: {log})"]))
    steps = re.findall(r"^=+ (.* in [\d.]+s.*?) =+$", done.stdout, re.M)  # each pytest step's last line
    waited = usage.ru_utime + usage.ru_stime
    machine = None if machine_before is None else machine_after - machine_before
    figures = [f"processes waited for {waited:.1f} s (user {usage.ru_utime:.1f} + sys {usage.ru_stime:.1f})"]
    if counted is not None:
        figures.insert(0, f"CPU {counted:.1f} s in its own control group (every process it started)")
        judged = counted
    else:
        judged = waited if machine is None else max(waited, machine)
    if machine is not None:
        figures.append(f"the whole machine's meanwhile {machine:.1f} s")
    verdict = "part of the suite only" if argv else ("met" if judged <= GOAL_S else "not met")
    print(
        "\n" + " · ".join(figures) + f" (goal for the whole suite ≤ {GOAL_S:.0f} s: {verdict}) · wall {wall:.0f} s · "
        f"load average {started_load} at the start, {load()} at the end"
        + (f" · control group {group} left behind" if group and group.exists() else "")
    )
    print("tests: " + " · ".join(steps))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
