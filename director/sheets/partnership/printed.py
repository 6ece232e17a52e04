"""Calypso by partnership on paper: the 208-card scoresheet of one table for one game.

The four seats by suit with the players' names; per player boxes for completed calypsoes,
unfinished-calypso cards, revokes and points; per partnership the trick pile, the opponents'
revokes and the total; the net; the 208 card check written out as a sum the table can do; and a
line for each side to sign. A side of three names its player out in deal 1 and its sit-out order.
"""

from __future__ import annotations

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import DIRECTION_SUITS, DIRECTIONS, Play, Side
from director.printing.event_sheet import (
    card_check,
    column_headings,
    columns,
    help_lines,
    seat_and_name,
    sheet_header,
    side_label,
    signatures,
    write_box,
)
from director.printing.options import PrintOptions
from director.printing.words import EventWords, Words


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    page(batch, play, options)


def page(batch: Batch, play: Play, options: PrintOptions, *, plays: str = "") -> None:
    """The partnership sheet; ``plays``: what the table plays when it is not what the night plays (a Duet)."""
    words, ew = options.words, options.event_words
    lay = layout.EVENT_SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = sheet_header(batch, play, words, ew, options.event, plays)
    cols = columns(left, room, lay.score_columns)

    # Column headings, once for both sides.
    y = column_headings(batch, cols[1:], (ew.calypsoes, ew.unfinished, ew.revokes, ew.score), y - 6)

    for direction in DIRECTIONS:
        y = _side(batch, play.side(direction), direction, words, ew, cols, left, right, y) - 10

    # The net.
    y -= 4
    net_x, net_w = cols[-1]
    batch.text(net_x - 8, y - lay.row + 9, ew.net, layout.BOLD, batch.fit(ew.net, layout.BOLD, lay.name_size,
               net_x - left - 12), align="right")  # fmt: skip
    write_box(batch, net_x + lay.box_inset, y - lay.row + lay.box_inset, net_w - 2 * lay.box_inset,
              lay.row - 2 * lay.box_inset, bold=True)  # fmt: skip
    y -= lay.row + 14

    y = card_check(batch, ew, left, right, y)
    y = help_lines(batch, ew.points_help, left, room, y - 10, lay.help_size)
    signatures(batch, ew, left, right, y - 16)


def _side(batch: Batch, side: Side | None, direction: str, words: Words, ew: EventWords, cols, left, right, top):
    lay = layout.EVENT_SHEET
    inset = lay.box_inset
    y = top - lay.heading_size - 4
    x = side_label(batch, side, direction, ew, left, right, y)
    if side is not None and side.sit_out:
        order = " · ".join(f"{i} {name}" for i, name in enumerate(side.sit_out, start=1))
        y = help_lines(batch, f"{ew.sit_out}: {order}", x, right - x, y, lay.label_size + 0.5)
    y -= 6
    batch.line(left, y, right, y, color=layout.BLACK, weight=0.9)

    seats = {suit: name for suit, _, name in (side.seats if side else ())}
    seat_column, *boxes = cols
    for suit in DIRECTION_SUITS[direction]:
        row_bottom = y - lay.row
        baseline = row_bottom + (lay.row - lay.name_size) / 2 + 2
        seat_and_name(batch, seat_column, baseline, suit, seats.get(suit, ""), words)
        for x, bw in boxes:
            write_box(batch, x + inset, row_bottom + inset, bw - 2 * inset, lay.row - 2 * inset)
        y = row_bottom
    seat_x = seat_column[0]
    if side is not None and side.third is not None:
        y -= lay.label_size + 3
        third = batch.clip(f"{side.third[1]} — {ew.out_first}", layout.REGULAR, lay.label_size + 0.5, right - left)
        batch.text(seat_x + 2, y, third, layout.REGULAR, lay.label_size + 0.5, layout.GREY)
        y -= 3

    # Partnership lines: trick pile, opponents' revokes (count under "unfinished", points at the right), total.
    count_x, count_w = boxes[1]
    points_x, points_w = boxes[-1]
    for text, bold in ((ew.trick_pile, False), (ew.opponents_revokes, False), (ew.total, True)):
        row_bottom = y - lay.row
        baseline = row_bottom + (lay.row - lay.cell_size) / 2 + 2
        font = layout.BOLD if bold else layout.REGULAR
        label_right = (points_x if bold else count_x) - 6
        size = batch.fit(text, font, lay.cell_size, label_right - seat_x - 4)
        batch.text(label_right, baseline, text, font, size, align="right")
        if not bold:
            write_box(batch, count_x + inset, row_bottom + inset, count_w - 2 * inset, lay.row - 2 * inset)
        write_box(batch, points_x + inset, row_bottom + inset, points_w - 2 * inset, lay.row - 2 * inset, bold=bold)
        y = row_bottom
    return y
