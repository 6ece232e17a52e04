"""Scoresheets: one page per table per game, filled in by the players at the table.

Pages come game by game, tables in order (one stack per game). Each page is drawn by the kind of
sheet its table plays (``EventData.kind_of``: a table of three's or two's own, else the event's),
with its own ``printed.py`` (``director/sheets/<kind>/printed.py``: the 208-card sheet of a
partnership, a sheet of individual scores, a score pad of hands …) from the pieces in
``event_sheet``.
"""

from __future__ import annotations

from .canvas import Batch, Output, Progress
from .data import EventData
from .options import PrintInputError, PrintOptions


def render_scoresheets(
    data: EventData,
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """A scoresheet per table per game of ``data`` on ``options.paper``; ``progress(done, total)``
    after each page. Returns the PDF bytes (also written to ``out`` if given)."""
    options = options or PrintOptions()
    plays = [p for p in data.plays if p.sides()]
    if not plays:
        raise PrintInputError(f"{data.name}: nobody is seated, so there are no scoresheets to print")
    title = f"{options.event} — scoresheets" if options.event else "Calypso scoresheets"
    batch = Batch(options, title, options.page_size)
    for done, play in enumerate(plays, start=1):
        data.kind_of(play).print_sheet(batch, play, options)
        batch.end_page()
        if progress:
            progress(done, len(plays))
    return batch.finish(out)
