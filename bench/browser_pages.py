"""What a browser test's page costs in CPU, Chromium's processes included (issue 34.5): a new
context with a page and one load, a new page in an open context with one load, and another load in an
open page, each with the tests' Chromium flags (tests/browser/conftest.py) and without one of them
(``--renderer-process-limit=1`` by default), alternately, in the same run.

Chromium's page processes are nobody's waited-for children, so their CPU is counted the only way that
sees them all: each measurement runs in a control group of its own (Linux, cgroup v1 ``cpuacct`` or v2,
where this user may make one; bench/suite_cpu.py's). The page is the demo night's public standings,
served by ``python -m director run`` on 127.0.0.1 from an empty data folder, outside the groups.

    .venv/bin/python bench/browser_pages.py [--loads 40] [--rounds 2] [--without=--renderer-process-limit=1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry_load import free_port  # noqa: E402
from bench.suite_cpu import own_group  # noqa: E402

MODES = ("context", "page", "load")

# The child: launches Chromium with the flags given, loads the page once to warm the server and the
# browser, then times each mode over ``loads`` loads by the control group's count.
CHILD = r"""
import json, sys
from pathlib import Path
from playwright.sync_api import sync_playwright
sys.path.insert(0, sys.argv[1])
from tests.browser.conftest import chromium_path
from bench.suite_cpu import group_cpu
url, loads, flags, group = sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4]), Path(sys.argv[5])
out = {}
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=flags)
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    for mode in ("context", "page", "load"):
        before = group_cpu(group)
        for _ in range(loads):
            if mode == "context":
                fresh = browser.new_context()
                fresh.new_page().goto(url)
                fresh.close()
            elif mode == "page":
                other = context.new_page()
                other.goto(url)
                other.close()
            else:
                page.goto(url)
        out[mode] = (group_cpu(group) - before) / loads * 1000
    browser.close()
print(json.dumps(out))
"""


def serve(data: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "director", "run", "--data", str(data), "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):  # up to a minute: it migrates and loads the demo first
        try:
            with urllib.request.urlopen(base + "/login/", timeout=2):
                break
        except OSError:
            time.sleep(0.1)
    else:
        server.kill()
        raise SystemExit("the demo server did not answer within a minute")
    url = f"{base}/p/demo/1/"  # the demo's first night, in a new data folder: its public standings
    with urllib.request.urlopen(url, timeout=10) as answer:
        if answer.status != 200:
            server.kill()
            raise SystemExit(f"{url} answered {answer.status}")
    return server, url


def measure(url: str, loads: int, flags: list[str]) -> dict[str, float]:
    group = own_group()
    if group is None:
        raise SystemExit(
            "no control group can be made here (Linux, as root or with a delegated cgroup): nothing to count"
        )
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(ROOT), url, str(loads), json.dumps(flags), str(group)],
            capture_output=True,
            text=True,
            preexec_fn=lambda: (group / "cgroup.procs").write_text(str(os.getpid())),
        )
        if done.returncode:
            raise SystemExit(done.stderr[-2000:])
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        time.sleep(0.5)  # Chromium's last processes leave the group
        group.rmdir()


def main(argv: list[str]) -> int:
    from tests.browser.conftest import CHROMIUM_FLAGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=40, help="loads per mode and measurement (default 40)")
    parser.add_argument("--rounds", type=int, default=2, help="alternations of the two flag sets (default 2)")
    parser.add_argument("--without", default="--renderer-process-limit=1", help="the tests' flag to leave out")
    args = parser.parse_args(argv)
    if args.without not in CHROMIUM_FLAGS:
        parser.error(f"{args.without} is not one of the tests' Chromium flags: {' '.join(CHROMIUM_FLAGS)}")
    variants = {
        "tests' flags": list(CHROMIUM_FLAGS),
        f"without {args.without}": [f for f in CHROMIUM_FLAGS if f != args.without],
    }
    with tempfile.TemporaryDirectory() as data:
        server, url = serve(Path(data))
        try:
            print(
                f"{url} · {args.loads} loads per mode · load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}"
            )
            print(f"{'flags':40} " + " ".join(f"{m + ' ms':>11}" for m in MODES))
            for _ in range(args.rounds):
                for name, flags in variants.items():
                    figures = measure(url, args.loads, flags)
                    print(f"{name:40} " + " ".join(f"{figures[m]:11.1f}" for m in MODES))
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
