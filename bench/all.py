"""``make bench``: every benchmark in bench/, briefly, and one table of what each measured.

Each benchmark runs in a process of its own with small arguments (the full runs, and what they
measure, are in docs/benchmarks.md), and its figure is set beside a baseline measured in the same
run wherever it has one — the ratio is the figure to compare across machines and loads:

    work · figure · baseline · ratio (how many times the baseline: > 1 is better)

``bench/entry_load.py`` needs PostgreSQL (``CALYPSO_BENCH_ADMIN_URL``) and runs only with
``--with-load``. The whole table takes under two minutes on the 2-core development machine.

    .venv/bin/python bench/all.py [--with-load] [--against REV]
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
BEFORE_STANDINGS = "51739b9"  # the commit before issue 21.5: the standings page's baseline


@dataclass
class Row:
    work: str
    figure: str
    baseline: str
    ratio: str


def run(script: str, *args: str) -> str:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, str(HERE / script), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{script} failed:\n{done.stdout}\n{done.stderr}")
    print(f"  {script} {' '.join(args)}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return done.stdout


def number(pattern: str, text: str) -> float:
    found = re.search(pattern, text)
    if found is None:
        raise RuntimeError(f"no {pattern!r} in:\n{text}")
    return float(found.group(1).replace(",", ""))


def median_of(pattern: str, text: str) -> float:
    """The median of a ``min · median`` figure matched by ``pattern`` (its group: the pair)."""
    found = re.search(pattern, text)
    if found is None:
        raise RuntimeError(f"no {pattern!r} in:\n{text}")
    return float(found.group(1).split("·")[1].replace(",", ""))


MM = r"([\d,.]+ · [\d,.]+)"  # a ``min · median`` pair


def simulate() -> list[Row]:
    out = run("simulate.py", "--games", "3000", "--rule", "standard", "--api-games", "300", "--rounds", "3")
    fast = median_of(rf"fast path: \d+ games a round: {MM} games/s", out)
    before = median_of(rf"fast path of \w+: {MM} games/s", out)
    ts = median_of(rf"TypeScript engine \(derived: [^)]*\): {MM} games/s", out)
    first = median_of(rf"referee API first game: {MM} games/s", out)
    replay = median_of(rf"referee API replay: {MM} games/s", out)
    return [
        Row("random games, fast path", f"{fast:,.0f} games/s", f"before #34 {before:,.0f}", f"{fast / before:.2f}"),
        Row("  the same against the TypeScript engine", f"{fast:,.0f} games/s", f"TS engine {ts:,.0f}*",
            f"{fast / ts:.2f}"),
        Row("random games, referee API, first game", f"{first:,.0f} games/s", f"fast path {fast:,.0f}",
            f"{first / fast:.2f}"),
        Row("  the same against the TypeScript engine", f"{first:,.0f} games/s", f"TS engine {ts:,.0f}*",
            f"{first / ts:.2f}"),
        Row("random games, referee API, replay", f"{replay:,.0f} games/s", f"fast path {fast:,.0f}",
            f"{replay / fast:.2f}"),
    ]  # fmt: skip


def analysis() -> list[Row]:
    out = run("analysis.py", "--sets", "8", "--games", "30")
    serial = number(r"serial +jobs=1: .* in ([\d.]+) s", out)
    parallel = number(r"parallel +jobs=\d+: .* in ([\d.]+) s", out)
    faster = number(r"of its CPU time \(([\d.]+)× faster\)", out)
    same = "identical" in out and "the same" in out
    work = "club-bot analysis, 8 sets × 30 games" + ("" if same else " (RESULTS DIFFER)")
    return [
        Row(work, f"{parallel:.2f} s parallel", f"serial {serial:.2f} s", f"{serial / parallel:.2f}"),
        Row("  CPU against the bot before #34", "same analyses", "before #34", f"{faster:.2f} (CPU)"),
    ]


def auction() -> list[Row]:
    out = run("auction.py", "--total", "600", "--rounds", "3")
    random_bots = out.split("simple bots:")[0]
    whole = median_of(rf"whole hands: {MM} µs per card", random_bots)
    card = median_of(rf"card play: {MM} µs per card", random_bots)
    api = median_of(rf"referee API \(RandomPlayer, interleaved game by game\): {MM} µs per card", random_bots)
    hands = median_of(rf"hands a round: {MM} hands/s", random_bots)
    same = out.count("replayed") == 2 and "DISAGREES" not in out
    work = "Auction hands, random bots" + ("" if same else " (PAD DISAGREES)")
    return [
        Row(work, f"{hands:,.0f} hands/s, {whole:.2f} µs/card", f"referee API {api:.2f} µs/card",
            f"{api / whole:.2f}"),
        Row("  card play alone", f"{card:.2f} µs/card", f"referee API {api:.2f} µs/card", f"{api / card:.2f}"),
    ]  # fmt: skip


def deal() -> list[Row]:
    out = run("deal.py", "--sets", "1500", "--repeat", "2")
    seeded = number(r"deal seeded .* ([\d,]+) sets per CPU-second", out)
    bare = number(r"bare random.shuffle +([\d,]+) sets per CPU-second", out)
    return [Row("dealing sets (CPU)", f"{seeded:,.0f} sets/s", f"bare shuffle {bare:,.0f}", f"{seeded / bare:.2f}")]


def matchpoints() -> list[Row]:
    out = run("matchpoints.py", "--tables", "2000", "--sets", "4", "--repeat", "3", "--naive-sets", "1")
    best = number(r"scoring.matchpoints: best ([\d.]+) ms", out)
    speedup = number(r"speed-up: ([\d,]+)×", out)
    naive = best * speedup / 1000
    return [Row("matchpoints, 2000 tables × 4 sets", f"{best:.1f} ms", f"pairwise {naive:.1f} s", f"{speedup:,.0f}")]


def printing() -> list[Row]:
    out = run("printing.py", "--sets", "6", "--repeat", "2")
    pages = number(r"whole session: \d+ pages in [\d.]+ s best, [\d.]+ s median wall \([\d.]+ s CPU best\): (\d+)", out)
    ratio = number(r"baseline, bare canvas, [^:]+: .* = [\d.]+ wall, ([\d.]+) CPU", out)
    return [Row("printing a 6-table session", f"{pages:,.0f} pages/s", "bare reportlab canvas", f"{ratio:.2f} (CPU)")]


def lopsided() -> list[Row]:
    out = run("lopsided.py", "--players", "random", "--rule", "standard", "--sets", "0", "--check-games", "5")
    flagged = number(r"flagged=(\d+) of", out)
    sets = number(r"of (\d+) sets", out)
    old = number(r"old rule ([\d.]+) %", out)
    return [
        Row("lopsided flag on 200 dealt sets", f"{100 * flagged / sets:.1f} % flagged", "stated level 5 %",
            f"{flagged / sets / 0.05:.2f}"),
        Row("  (the flag before issue 21.4)", f"{old:.1f} % flagged", "stated level 5 %", f"{old / 5:.2f}"),
    ]  # fmt: skip


def standings(against: str) -> list[Row]:
    rows = []
    for tables, goal in ((100, 100), (500, 300)):
        args = ["--tables", str(tables), "--repeat", "3"]
        compared = tables == 100
        try:
            out = run("standings.py", *args, *(["--against", against] if compared else []))
        except RuntimeError as error:  # the old revision no longer runs under today's script
            print(f"  standings.py --against {against} failed: {str(error).splitlines()[-1]}", file=sys.stderr)
            out, compared = run("standings.py", *args), False
        last = out.strip().splitlines()[-1]
        ms, queries = number(r"ms=([\d.]+)", last), int(number(r"queries=(\d+)", last))
        cpu = number(r"cold .*\(CPU ([\d.]+) ms\)", out)
        work = f"standings page, {tables} tables, after a write"
        figure = f"{ms:.0f} ms ({cpu:.0f} CPU), {queries} queries"
        if compared:
            then = number(r"before \([^)]+\): tables=\d+ queries=\d+ ms=([\d.]+)", out)
            then_cpu = number(r"before .*\(CPU ([\d.]+) ms\)", out)
            before = f"{against}: {then:.0f} ms ({then_cpu:.0f} CPU)"
            rows.append(Row(work, figure, before, f"{then_cpu / cpu:.1f} (CPU)"))
        else:
            rows.append(Row(work, figure, f"goal < {goal} ms", f"{goal / cpu:.1f} (CPU)"))
            if tables == 100:
                rows[-1].baseline += f" ({against} failed)"
    return rows


def entry_load() -> list[Row]:
    out = run("entry_load.py", "--tables", "40", "--clients", "16", "--workers", "2")
    rate = number(r"([\d.]+) requests/s", out)
    return [Row("table entry under load (PostgreSQL)", f"{rate:.0f} requests/s", "—", "—")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--with-load", action="store_true", help="also bench/entry_load.py (needs PostgreSQL)")
    parser.add_argument("--against", default=BEFORE_STANDINGS, help="git revision of the standings baseline")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"Python {platform.python_version()} on {platform.machine()}; every benchmark, briefly:", file=sys.stderr)
    rows = [
        *simulate(), *analysis(), *auction(), *deal(), *matchpoints(), *printing(), *lopsided(),
        *standings(args.against),
        *(entry_load() if args.with_load else [Row("table entry under load", "skipped (--with-load)", "—", "—")]),
    ]  # fmt: skip
    header = Row("work", "figure", "baseline", "ratio")
    widths = [max(len(getattr(r, f)) for r in (header, *rows)) for f in ("work", "figure", "baseline", "ratio")]
    for row in (header, Row(*("-" * w for w in widths)), *rows):
        cells = (row.work, row.figure, row.baseline, row.ratio)
        padded = [cell.ljust(w) for cell, w in zip(cells[:3], widths, strict=False)] + [cells[3].rjust(widths[3])]
        print("  ".join(padded))
    print(
        "* derived: the fast path of the commit before issue 34, run alongside, ÷ 1.96 (its ratio to the TypeScript "
        f"engine measured side by side in issue 34) · costs (µs): ratio = baseline ÷ figure · all of it in "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
