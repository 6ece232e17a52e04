"""Parts shared by the event documents: the page header and a few drawing helpers."""

from __future__ import annotations

from . import layout
from .canvas import Batch
from .data import DIRECTION_SUITS


def header(batch: Batch, title: str, subtitle: str, event: str) -> float:
    """Title (left, large), event name (right, grey), subtitle below; returns the y under them."""
    lay = layout.EVENT_SHEET
    page_width, page_height = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    y = page_height - lay.margin - lay.title_size
    used = batch.text(left, y, title, layout.BOLD, batch.fit(title, layout.BOLD, lay.title_size, (right - left) * 0.6))
    if event:
        room = right - left - used - 18
        batch.text(
            right, y, batch.clip(event, layout.BOLD, lay.event_size, room), layout.BOLD, lay.event_size, layout.GREY,
            align="right",
        )  # fmt: skip
    if subtitle:
        y -= 6 + lay.subtitle_size
        batch.text(
            left, y, batch.clip(subtitle, layout.REGULAR, lay.subtitle_size, right - left), size=lay.subtitle_size
        )
    y -= 8
    batch.line(left, y, right, y, weight=0.8)
    return y


def pair_symbols(batch: Batch, x: float, y: float, direction: str, size: float, font: str = layout.BOLD) -> float:
    """``♠♥`` or ``♦♣`` in their colours; returns the width."""
    w = 0.0
    for suit in DIRECTION_SUITS[direction]:
        w += batch.symbol(x + w, y, suit, size, font)
    return w


def write_box(batch: Batch, x: float, y: float, w: float, h: float, *, bold: bool = False) -> None:
    """A box to write a number in (``y`` is its bottom)."""
    batch.box(x, y, w, h, stroke=layout.BLACK if bold else layout.GREY, weight=1.4 if bold else 0.8)
