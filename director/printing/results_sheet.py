"""The results sheet: standings (with each game's net or matchpoints; a pairs event ranked by
direction prints its ♠♥ and ♦♣ lists one after the other, each under its heading), team standings for team
events, the running-totals chart, the score histogram of each game (progressive events), then a
traveller per game set with matchpoints and that set's histogram (duplicate events).

Everything comes in as ``data.ResultsData`` (built by ``event_data.load_results_data`` from the
standings app); the charts are PNGs drawn by ``director.standings.charts`` and placed on the page.
Long tables run on over as many pages as they need, their heading repeated.
"""

from __future__ import annotations

import io

from reportlab.lib.utils import ImageReader

from scoring.cards import SIDE_SYMBOLS

from . import layout
from .canvas import Batch, Output, Progress
from .data import ResultsData, StandingList, Traveller
from .event_sheet import header
from .options import PrintInputError, PrintOptions
from .words import EventWords


class _Flow:
    """A y cursor that starts a new page (with the header) when a block would not fit."""

    def __init__(self, batch: Batch, ew: EventWords, event: str, subtitle: str):
        self.batch, self.ew, self.event, self.subtitle = batch, ew, event, subtitle
        self.y = header(batch, ew.results_title, subtitle, event) - 8
        self.bottom = layout.EVENT_SHEET.margin

    def need(self, height: float) -> bool:
        """Make room for ``height`` points; True when a new page was started."""
        if self.y - height >= self.bottom:
            return False
        self.batch.end_page()
        self.y = header(self.batch, self.ew.results_title, self.subtitle, self.event) - 8
        return True


def render_results(
    data: ResultsData,
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """The results sheet of one event; ``progress(done, total)`` after each part (standings,
    chart, each traveller)."""
    options = options or PrintOptions()
    if not data.standings:
        raise PrintInputError(f"{data.name}: no standings to print yet")
    ew = options.event_words
    title = f"{options.event} — results" if options.event else "Calypso results"
    batch = Batch(options, title, options.page_size)
    total = 2 + len(data.travellers)
    flow = _Flow(batch, ew, options.event, ew.standings)
    _standings(flow, data)
    if data.teams:
        _teams(flow, data)
    if data.coop:
        _coop(flow, data)
    if progress:
        progress(1, total)
    flow.subtitle = ""
    if data.chart_png:
        _chart(flow, data.chart_png, ew)
    if data.game_histograms:
        _histograms(flow, [data.game_histograms[n] for n in sorted(data.game_histograms)], ew)
    if progress:
        progress(2, total)
    for done, traveller in enumerate(data.travellers, start=3):
        _traveller(flow, traveller, options)
        if traveller.game_set in data.set_histograms:
            _histograms(flow, [data.set_histograms[traveller.game_set]], ew, heading=False)
        if progress:
            progress(done, total)
    return batch.finish(out)


def _table(flow: _Flow, heads: list[str], fractions: list[float], aligns: list[str], rows: list[list[str]],
           *, bold_columns: tuple[int, ...] = ()) -> None:  # fmt: skip
    """A table with a shaded heading row, repeated on each new page."""
    lay = layout.EVENT_SHEET
    batch = flow.batch
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    total = sum(fractions)
    widths = [room * f / total for f in fractions]
    xs = [left]
    for w in widths[:-1]:
        xs.append(xs[-1] + w)
    size = lay.table_size
    row_h = lay.table_row

    def heading() -> None:
        head_h = row_h + 3
        batch.box(left, flow.y - head_h, room, head_h, stroke=None, fill=layout.SHADE)
        base = flow.y - head_h + 5
        for x, w, text, align in zip(xs, widths, heads, aligns, strict=True):
            fitted = batch.fit(text, layout.BOLD, size - 0.5, w - 6)
            _cell(batch, x, w, base, text, layout.BOLD, fitted, align)
        flow.y -= head_h

    flow.need(2 * row_h + 6)
    heading()
    for index, row in enumerate(rows):
        if flow.need(row_h):
            heading()
        base = flow.y - row_h + 4
        if index % 2:
            batch.box(left, flow.y - row_h, room, row_h, stroke=None, fill=(0.965, 0.965, 0.965))
        for column, (x, w, text, align) in enumerate(zip(xs, widths, row, aligns, strict=True)):
            font = layout.BOLD if column in bold_columns else layout.REGULAR
            fitted = max(batch.fit(text, font, size, w - 6), size - 2)
            _cell(batch, x, w, base, batch.clip(text, font, fitted, w - 6), font, fitted, align)
        flow.y -= row_h
    batch.line(left, flow.y, right, flow.y)
    flow.y -= 10


def _cell(batch: Batch, x: float, w: float, base: float, text: str, font: str, size: float, align: str) -> None:
    if not text:
        return
    if align == "right":
        batch.text(x + w - 3, base, text, font, size, align="right")
    elif align == "centre":
        batch.text(x + w / 2, base, text, font, size, align="centre")
    else:
        batch.text(x + 3, base, text, font, size)


def _standings(flow: _Flow, data: ResultsData) -> None:
    ew = flow.ew
    games = [f"{ew.game.format(n='').strip()[:1]}{n}" for n in data.rounds]
    heads = [ew.rank, "", *games, ew.total]
    fractions = [0.07, 0.4 - 0.02 * max(len(games) - 5, 0), *([0.075] * len(games)), 0.1]
    aligns = ["left", "left", *(["right"] * len(games)), "right"]
    if data.matchpoints:
        heads.append(ew.percent)
        fractions.append(0.09)
        aligns.append("right")
    lay = layout.EVENT_SHEET
    # A pairs event ranked by direction prints its ♠♥ and ♦♣ lists, each under its heading.
    for part in data.lists or (StandingList("", data.standings),):
        rows = []
        for line in part.lines:
            row = [line.rank, line.label, *line.per_game, line.total]
            if data.matchpoints:
                row.append(line.percentage)
            rows.append(row)
        if part.heading:
            _heading(flow, part.heading)
        _table(flow, heads, fractions, aligns, rows, bold_columns=(0, len(heads) - 1))
    if data.check:  # a night with tables of five says why its totals add up to what they do: wrapped
        room = flow.batch.page_size[0] - 2 * lay.margin
        for text in flow.batch.wrap(data.check, layout.REGULAR, lay.table_size, room):
            flow.need(lay.table_size + 6)
            flow.batch.text(lay.margin, flow.y - lay.table_size, text, layout.REGULAR, lay.table_size, layout.GREY)
            flow.y -= lay.table_size + 3
        flow.y -= 9


def _teams(flow: _Flow, data: ResultsData) -> None:
    ew = flow.ew
    rows = [[t.rank, t.team, t.points, t.aggregate] for t in data.teams]
    _table(flow, [ew.rank, "", ew.total, ew.net_short], [0.1, 0.5, 0.2, 0.2], ["left", "left", "right", "right"], rows,
           bold_columns=(0, 2))  # fmt: skip


def _heading(flow: _Flow, text: str) -> None:
    """A table's heading, wrapped to the page's width (a coöp session's names its grade bands), kept
    on the page of the table's first rows."""
    lay = layout.EVENT_SHEET
    lines = flow.batch.wrap(text, layout.BOLD, lay.heading_size, flow.batch.page_size[0] - 2 * lay.margin)
    flow.need(len(lines) * (lay.heading_size + 3) + 5 + 3 * lay.table_row)
    for line in lines:
        flow.y -= lay.heading_size
        flow.batch.text(lay.margin, flow.y, line, layout.BOLD, lay.heading_size)
        flow.y -= 3
    flow.y -= 3


def _coop(flow: _Flow, data: ResultsData) -> None:
    heads = [flow.ew.rank, "", flow.ew.total, "Grade", "Difference"]
    for table in data.coop:
        _heading(flow, table.heading)
        rows = [list(row) for row in table.rows]
        _table(flow, heads, [0.08, 0.5, 0.14, 0.14, 0.14], ["left", "left", "right", "left", "right"], rows,
               bold_columns=(0, 2))  # fmt: skip


def _chart(flow: _Flow, png: bytes, ew: EventWords) -> None:
    lay = layout.EVENT_SHEET
    batch = flow.batch
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    image = ImageReader(io.BytesIO(png))
    w, h = image.getSize()
    width = right - left
    height = width * h / w
    if height > lay.chart_height:
        height = lay.chart_height
        width = height * w / h
    flow.need(height + lay.heading_size + 10)
    flow.y -= lay.heading_size
    batch.text(left, flow.y, ew.chart_title, layout.BOLD, lay.heading_size)
    flow.y -= 6 + height
    batch.canvas.drawImage(image, left + (right - left - width) / 2, flow.y, width, height)
    flow.y -= 12


def _histograms(flow: _Flow, pngs: list[bytes], ew: EventWords, *, heading: bool = True) -> None:
    """Score histograms two to a row, each half the width (each drawing carries its own title)."""
    lay = layout.EVENT_SHEET
    batch = flow.batch
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    gap = 10
    width = (right - left - gap) / 2
    if heading:
        flow.need(lay.heading_size + 10 + lay.histogram_height)
        flow.y -= lay.heading_size
        batch.text(left, flow.y, ew.histograms_title, layout.BOLD, lay.heading_size)
        flow.y -= 6
    for start in range(0, len(pngs), 2):
        images = [ImageReader(io.BytesIO(png)) for png in pngs[start : start + 2]]
        heights = []
        for image in images:
            w, h = image.getSize()
            heights.append(min(width * h / w, lay.histogram_height))
        row = max(heights)
        flow.need(row + 8)
        for i, (image, height) in enumerate(zip(images, heights, strict=True)):
            w, h = image.getSize()
            drawn = height * w / h
            batch.canvas.drawImage(image, left + i * (width + gap), flow.y - height, drawn, height)
        flow.y -= row + 8


def _traveller(flow: _Flow, traveller: Traveller, options: PrintOptions) -> None:
    lay = layout.EVENT_SHEET
    ew = options.event_words
    batch = flow.batch
    flow.need(lay.heading_size + 8 + 3 * lay.table_row)
    flow.y -= lay.heading_size
    title = ew.traveller.format(n=traveller.game_set)
    x = lay.margin + batch.text(lay.margin, flow.y, title, layout.BOLD, lay.heading_size)
    note = " · ".join(part for part in (traveller.top, traveller.note) if part)
    if note:
        batch.text(x + 10, flow.y, note, layout.REGULAR, lay.table_size, layout.GREY)
    flow.y -= 6
    majors, minors = SIDE_SYMBOLS["majors"], SIDE_SYMBOLS["minors"]
    heads = [ew.game.format(n="").strip(), ew.table.format(n="").strip(), majors, minors, majors, minors, ew.net_short,
             f"{ew.matchpoints} {majors}", f"{ew.matchpoints} {minors}"]  # fmt: skip
    rows = [
        [
            str(t.round),
            str(t.table),
            t.majors,
            t.minors,
            t.majors_score,
            t.minors_score,
            t.net,
            t.majors_mp,
            t.minors_mp,
        ]
        for t in traveller.lines
    ]
    numbered = all(t.majors.isdigit() and t.minors.isdigit() for t in traveller.lines if t.majors != "—")
    names = 0.08 if numbered else 0.22
    fractions = [0.07, 0.07, names, names, 0.1, 0.1, 0.1, 0.11, 0.11]
    aligns = ["left", "left", "left", "left", "right", "right", "right", "right", "right"]
    _table(flow, heads, fractions, aligns, rows, bold_columns=(7, 8))
