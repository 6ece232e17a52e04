"""Parts shared by the event documents: the page header and a few drawing helpers, and the pieces
every kind's printed scoresheet (``director/sheets/<kind>/printed.py``) is drawn with — the title,
the columns and their headings, a seat and its player, a side's label, the card check, the
signatures."""

from __future__ import annotations

from . import layout
from .canvas import Batch
from .data import DIRECTION_SUITS, DIRECTIONS, Play, Side
from .fonts import width
from .words import EventWords, Words


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


# --- scoresheets: the pieces the kinds' printed sheets share ----------------------------------------------------------
def sheet_header(batch: Batch, play: Play, words: Words, ew: EventWords, event: str, plays: str = "") -> float:
    """``Scoresheet · Table 3`` over ``Game 2 · <what the table plays> · Set 5``; returns the y under them."""
    title = f"{ew.scoresheet_title} · {ew.table.format(n=play.table)}"
    subtitle = ew.game.format(n=play.round)
    if plays:
        subtitle += "  ·  " + plays
    if play.game_set is not None:
        subtitle += "  ·  " + words.game_set.format(n=play.game_set)
    return header(batch, title, subtitle, event)


def columns(left: float, room: float, fractions: tuple[float, ...]) -> list[tuple[float, float]]:
    """(x, width) of each column of a sheet whose widths are ``fractions`` of ``room``."""
    out = []
    x = left
    for fraction in fractions:
        out.append((x, room * fraction))
        x += room * fraction
    return out


def column_headings(batch: Batch, boxes: list[tuple[float, float]], headings: tuple[str, ...], top: float) -> float:
    """Each heading centred over its column of boxes, wrapped to the column; returns the y under them."""
    lay = layout.EVENT_SHEET
    wrapped = [
        batch.wrap(text, layout.REGULAR, lay.label_size, w - 6) for (_, w), text in zip(boxes, headings, strict=True)
    ]
    for (x, w), lines in zip(boxes, wrapped, strict=True):
        line_y = top - lay.label_size
        for line in lines:
            batch.text(x + w / 2, line_y, line, layout.REGULAR, lay.label_size, layout.GREY, align="centre")
            line_y -= lay.label_size + 1.5
    return top - max(len(lines) for lines in wrapped) * (lay.label_size + 1.5) - 4


def seat_and_name(
    batch: Batch, column: tuple[float, float], baseline: float, suit: str, name: str, words: Words
) -> None:
    """``♠ Spades  Ann`` in the seat column: the seat by suit, then its player's name fitted to the column."""
    lay = layout.EVENT_SHEET
    seat_x, seat_w = column
    w = batch.seat(seat_x + 2, baseline, suit, words.suits[suit], lay.name_size)
    name_x = seat_x + 2 + max(w, 86) + 8
    if name:
        name_room = seat_x + seat_w - name_x - 4
        size = max(batch.fit(name, layout.REGULAR, lay.name_size, name_room), lay.name_size - 3.5)
        batch.text(name_x, baseline, batch.clip(name, layout.REGULAR, size, name_room), layout.REGULAR, size)


def help_lines(batch: Batch, text: str, left: float, room: float, top: float, size: float, gap: float = 2.5) -> float:
    """``text`` in grey, wrapped to ``room``, a line every ``size + gap`` under ``top``; returns the last line's y."""
    y = top
    for line in batch.wrap(text, layout.REGULAR, size, room):
        y -= size + gap
        batch.text(left, y, line, layout.REGULAR, size, layout.GREY)
    return y


def side_label(batch: Batch, side: Side | None, direction: str, ew: EventWords, left: float, right: float, y: float):
    """``♠♥ Partnership 3 · Ann & Bo`` on the line ``y``; returns where the names start."""
    lay = layout.EVENT_SHEET
    x = left + pair_symbols(batch, left, y, direction, lay.heading_size) + 6
    if side is not None:
        label = side.names_text
        if side.partnership is not None:
            label = f"{ew.partnership.format(n=side.partnership)} · {label}"
        batch.text(x, y, batch.clip(label, layout.BOLD, lay.heading_size, right - x), layout.BOLD, lay.heading_size)
    return x


def card_check(
    batch: Batch, ew: EventWords, left: float, right: float, top: float, piles: str = "", total: str = "208"
) -> float:
    """``13 × [ ] = [ ]  +  [ ]  +  [ ]  +  [ ]  =  208`` with a label under each box."""
    lay = layout.EVENT_SHEET
    y = top - lay.heading_size
    batch.text(left, y, ew.card_check, layout.BOLD, lay.heading_size)
    row_bottom = y - 8 - lay.row
    baseline = row_bottom + (lay.row - lay.name_size) / 2 + 2
    room = right - left
    parts = [
        ("13 ×", None),
        ("", ew.calypsoes),
        ("=", None),
        ("", ew.check_calypsoes),
        ("+", None),
        ("", ew.check_unfinished),
        ("+", None),
        ("", piles or ew.check_piles),
        (f"= {total}", None),
    ]
    boxes = sum(1 for _, label in parts if label is not None)
    operators = [text for text, label in parts if label is None]
    widths = {text: width(text, layout.BOLD, lay.name_size + 1) + 16 for text in operators}
    box = (room - sum(widths[t] for t in operators)) / boxes
    x = left
    for text, label in parts:
        if label is None:
            batch.text(x + widths[text] / 2, baseline, text, layout.BOLD, lay.name_size + 1, align="centre")
            x += widths[text]
            continue
        write_box(batch, x, row_bottom, box, lay.row)
        line_y = row_bottom - lay.label_size - 2
        for line in batch.wrap(label, layout.REGULAR, lay.label_size, box)[:2]:
            batch.text(x + box / 2, line_y, line, layout.REGULAR, lay.label_size, layout.GREY, align="centre")
            line_y -= lay.label_size + 1.5
        x += box
    return row_bottom - 2 * (lay.label_size + 1.5) - 4


def signatures(batch: Batch, ew: EventWords, left: float, right: float, top: float) -> None:
    """``Agreed by`` and a line for each side to sign."""
    lay = layout.EVENT_SHEET
    y = top - lay.heading_size
    batch.text(left, y, ew.signatures, layout.BOLD, lay.heading_size)
    y -= 30
    half = (right - left) / 2
    for i, direction in enumerate(DIRECTIONS):
        x = left + i * half
        w = pair_symbols(batch, x, y, direction, lay.name_size)
        batch.line(x + w + 8, y - 2, x + half - 16, y - 2, color=layout.BLACK, weight=0.8)
