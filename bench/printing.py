"""Benchmark: print a 30-table duplicate session — envelopes, duplication sheets, hand records.

30 game sets give 480 C6 envelopes (one page each), 30 duplication sheets and 30 hand records:
540 pages. Each document is rendered ``--repeat`` times (after one warm-up run that registers
the fonts; the cold first run, font loading included, is printed too) and the best and median
times are reported.

The baseline is a bare reportlab canvas drawing the same text — every string our renderer draws,
with the same font, size and colour, on pages of the same size — with no layout logic: one
``drawString`` per string at a fixed left margin, stepping down a line each time. A second,
leaner baseline puts each page's strings in one text object (the technique our renderer uses),
so the report shows how much of the time is layout and how much is reportlab itself. Both
baselines embed the same fonts and use the same page-compression setting.

The event documents of a 30-table progressive-pairs night (four games) are timed on a separate
line, from plain ``director.printing.data.EventData`` built here (no database): a scoresheet per
table per game (120 pages), tally cards for the 60 partnerships (two to a page: 30 pages) and
guide cards with their QR codes (30 pages). They have no bare-canvas baseline.

    .venv/bin/python bench/printing.py [--sets 30] [--repeat 5] [--compress]
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

import django
from reportlab.pdfgen.canvas import Canvas

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import Entrant as PrintEntrant
from director.printing.data import EventData, Play, Result, Side, TableInfo
from director.printing.duplication import render_duplication_sheets
from director.printing.envelopes import render_envelopes
from director.printing.fonts import register_fonts
from director.printing.guide_cards import render_guide_cards
from director.printing.hand_records import render_hand_records
from director.printing.options import PrintOptions
from director.printing.scoresheets import render_scoresheets
from director.printing.tally_cards import render_tally_cards
from scoring.gamesets import GameSet, commitment, deal_game_sets

django.setup()  # the scoresheets ask the sheet kinds' registry, which loads the apps' models (no database)


def make_sets(count: int, seed: int) -> list[GameSet]:
    return deal_game_sets(count, seed=f"{seed:032x}")


def make_event(tables: int, games: int = 4) -> EventData:
    """A progressive-pairs night: majors 1..T stay, minors T+1..2T move up a table each game; every
    game scored (nets on the tally cards), names of a realistic length."""
    names = {
        n: (f"Player {2 * n - 1:03d} Alvarez-Thompson", f"Player {2 * n:03d} Okonkwo") for n in range(1, 2 * tables + 1)
    }

    def side(direction: str, number: int) -> Side:
        suits = ("S", "H") if direction == "majors" else ("D", "C")
        seats = tuple((suit, 2 * number - 1 + i, names[number][i]) for i, suit in enumerate(suits))
        return Side(direction, number, seats)

    plays = []
    for game in range(1, games + 1):
        for table in range(1, tables + 1):
            minors = tables + (table - 1 + game - 1) % tables + 1
            result = Result(1000 + 40 * ((table * game) % 7), 1000 + 40 * ((table + game) % 5))
            plays.append(Play(game, table, None, side("majors", table), side("minors", minors), result))
    return EventData(
        event_id=1,
        name="Bench club — progressive night",
        club="Bench club",
        date="2026-01-30",
        type="progressive-pairs",
        individual=False,
        duplicate=False,
        scale="acbl",
        rounds=tuple(range(1, games + 1)),
        tables=tuple(TableInfo(t, f"https://calypso.example/t/{t:032x}/") for t in range(1, tables + 1)),
        plays=tuple(plays),
        entrants=tuple(PrintEntrant(n, n, " & ".join(names[n])) for n in range(1, 2 * tables + 1)),
    )


@contextmanager
def recording():
    """Record, page by page, every string ``Batch.text`` draws: (page size, [(font, size, colour, text)])."""
    pages: list[tuple[tuple[float, float], list]] = []
    current: list = []
    text, end_page = Batch.text, Batch.end_page

    def recording_text(self, x, y, s, font=layout.REGULAR, size=10, color=layout.BLACK, align="left"):
        current.append((font, size, color, s))
        return text(self, x, y, s, font, size, color, align)

    def recording_end_page(self):
        pages.append((self.page_size, list(current)))
        current.clear()
        end_page(self)

    Batch.text, Batch.end_page = recording_text, recording_end_page
    try:
        yield pages
    finally:
        Batch.text, Batch.end_page = text, end_page


def baseline_drawstring(pages, compress: bool) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pageCompression=int(compress), invariant=1)
    for size, strings in pages:
        canvas.setPageSize(size)
        y = size[1] - 30
        for font, font_size, color, s in strings:
            canvas.setFont(font, font_size)
            canvas.setFillColorRGB(*color)
            canvas.drawString(30, y, s)
            y = y - 12 if y > 42 else size[1] - 30
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def baseline_textobject(pages, compress: bool) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pageCompression=int(compress), invariant=1)
    for size, strings in pages:
        canvas.setPageSize(size)
        text = canvas.beginText(30, size[1] - 30)
        for font, font_size, color, s in strings:
            text.setFont(font, font_size)
            text.setFillColorRGB(*color)
            text.textLine(s)
        canvas.drawText(text)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def clock(function) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of this process, result) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    data = function()
    return time.perf_counter() - wall, time.process_time() - cpu, data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=30, help="game sets (tables) in the session")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--compress", action="store_true", help="compress page streams")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    sets = make_sets(args.sets, args.seed)
    options = PrintOptions(envelope="c6", event="Bench club — duplicate session", compress=args.compress)
    digest = commitment(sets)
    documents = {
        "envelopes (C6)": lambda: render_envelopes(sets, options),
        "duplication sheets": lambda: render_duplication_sheets(sets, options),
        "hand records": lambda: render_hand_records(sets, options, commitment=digest),
    }

    start = time.perf_counter()
    register_fonts()
    for render in documents.values():
        render()
    cold = time.perf_counter() - start

    pages_of: dict[str, list] = {}
    for name, render in documents.items():
        with recording() as pages:
            render()
        pages_of[name] = pages
    all_pages = [page for pages in pages_of.values() for page in pages]
    total_pages = len(all_pages)
    strings = sum(len(strings) for _, strings in all_pages)
    baselines = {
        "drawString per string": lambda: baseline_drawstring(all_pages, args.compress),
        "one text object per page": lambda: baseline_textobject(all_pages, args.compress),
    }

    event = make_event(args.sets)
    event_documents = {
        "scoresheets": lambda: render_scoresheets(event, options),
        "tally cards": lambda: render_tally_cards(event, options),
        "guide cards": lambda: render_guide_cards(event, options),
    }
    for render in event_documents.values():
        render()  # warm-up
    event_pages: dict[str, int] = {}
    for name, render in event_documents.items():
        with recording() as pages:
            render()
        event_pages[name] = len(pages)

    # Ours and the baselines take turns in every round, so load from other work on the machine
    # hits both alike; ratios are taken within a round, then the median over rounds is reported.
    wall: dict[str, list[float]] = {name: [] for name in [*documents, *baselines, *event_documents]}
    cpu: dict[str, list[float]] = {name: [] for name in wall}
    sizes: dict[str, int] = {}
    for _ in range(args.repeat):
        for name, function in [*documents.items(), *baselines.items(), *event_documents.items()]:
            w, c, data = clock(function)
            wall[name].append(w)
            cpu[name].append(c)
            sizes[name] = len(data)

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, load average "
        f"{os.getloadavg()[0]:.1f}; {args.sets} sets, page compression {'on' if args.compress else 'off'}, "
        f"{args.repeat} rounds (best / median)"
    )
    print(f"cold first run, font loading included: {cold:.2f} s")
    session_wall = [sum(wall[name][r] for name in documents) for r in range(args.repeat)]
    session_cpu = [sum(cpu[name][r] for name in documents) for r in range(args.repeat)]
    for name in documents:
        n = len(pages_of[name])
        best = min(wall[name])
        print(
            f"  {name:20} {n:4d} pages  {best * 1000:7.1f} ms best  {statistics.median(wall[name]) * 1000:7.1f} ms "
            f"median  {n / best:6.0f} pages/s  {sizes[name] / 1e6:5.2f} MB"
        )
    print(
        f"whole session: {total_pages} pages in {min(session_wall):.2f} s best, "
        f"{statistics.median(session_wall):.2f} s median wall ({min(session_cpu):.2f} s CPU best): "
        f"{total_pages / min(session_wall):.0f} pages/s"
    )
    for name in baselines:
        ratios = [wall[name][r] / session_wall[r] for r in range(args.repeat)]
        cpu_ratios = [cpu[name][r] / session_cpu[r] for r in range(args.repeat)]
        print(
            f"baseline, bare canvas, {name}: {strings} strings on {total_pages} pages in {min(wall[name]):.2f} s "
            f"best: {total_pages / min(wall[name]):.0f} pages/s; ours/baseline pages/s = "
            f"{statistics.median(ratios):.2f} wall, {statistics.median(cpu_ratios):.2f} CPU (median of rounds)"
        )

    # The event documents: a separate line, not part of the session above nor of the ratio.
    event_wall = [sum(wall[name][r] for name in event_documents) for r in range(args.repeat)]
    event_total = sum(event_pages.values())
    for name in event_documents:
        n = event_pages[name]
        best = min(wall[name])
        print(
            f"  {name:20} {n:4d} pages  {best * 1000:7.1f} ms best  {statistics.median(wall[name]) * 1000:7.1f} ms "
            f"median  {n / best:6.0f} pages/s  {sizes[name] / 1e6:5.2f} MB"
        )
    print(
        f"event documents ({args.sets} tables × {len(event.rounds)} games: scoresheets, tally cards, guide cards): "
        f"{event_total} pages in {min(event_wall):.2f} s best, {statistics.median(event_wall):.2f} s median: "
        f"{event_total / min(event_wall):.0f} pages/s"
    )


if __name__ == "__main__":
    main()
