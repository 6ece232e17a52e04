"""Parts shared by the full-page documents (duplication sheets, hand records)."""

from __future__ import annotations

from scoring.gamesets import GameSet

from . import layout
from .canvas import Batch
from .fonts import width
from .words import Words


def header(batch: Batch, title: str, game_set: GameSet, words: Words, event: str, index: int, total: int) -> float:
    """Title, event and the set's dealing facts at the top of a page; returns the y below them."""
    lay = layout.SHEET
    page_width, page_height = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    y = page_height - lay.margin - lay.title_size
    used = batch.text(left, y, title, layout.BOLD, lay.title_size)
    if event:
        batch.text(
            right,
            y,
            batch.clip(event, layout.BOLD, lay.event_size, right - left - used - 24),
            layout.BOLD,
            lay.event_size,
            layout.GREY,
            align="right",
        )

    y -= 6 + lay.note_leading
    size = lay.note_size + 1
    x = left + batch.text(left, y, f"{words.first_dealer}: ", layout.REGULAR, size, layout.GREY)
    x += batch.seat(x, y, game_set.first_dealer, words.suits[game_set.first_dealer], size, layout.REGULAR)
    x += batch.text(x, y, f"   ·   {words.clockwise}:", layout.REGULAR, size, layout.GREY)
    gap = width(" ", layout.REGULAR, size)
    for seat in game_set.orientation:
        x += gap
        x += batch.symbol(x, y, seat, size)
    batch.text(right, y, words.of_sets.format(n=index, total=total), layout.REGULAR, size, layout.GREY, align="right")
    return y - lay.note_leading * 0.6
