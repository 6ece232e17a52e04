"""Cutthroat on paper: a sheet of individual scores, one table for one game.

A row per seat (the kind's seats, clockwise from ♠) with the player's name and boxes for calypsoes,
unfinished cards, their own trick pile, revokes and their score; a note on the cards; the card
check over every trick pile (``= 208``, or 117 three-handed with the ♣ row crossed out); the score
rules; a line for each player to sign. A table of three draws the same sheet (``individual_page``)
with its own seats, cards and, split partnership, its totals.
"""

from __future__ import annotations

from collections.abc import Callable

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import Play
from director.printing.event_sheet import (
    card_check,
    column_headings,
    columns,
    help_lines,
    seat_and_name,
    sheet_header,
    write_box,
)
from director.printing.options import PrintOptions

WORDS = {
    "en": {
        "name": "Cutthroat",
        "note": "Three-handed (no ♣ player): cross out the ♣ row; the cards then add up to 117.",
    },
    "fr": {
        "name": "Chacun pour soi",
        "note": "À trois (sans joueur ♣) : barrez la ligne ♣ ; les cartes font alors 117.",
    },
    "es": {
        "name": "Todos contra todos",
        "note": "A tres (sin jugador ♣): tache la fila ♣; las cartas suman entonces 117.",
    },
}
"""The sheet's subtitle and its note on the cards, per print language."""

Extra = Callable[[Batch, str, float, float, float], float]
"""Something more a kind draws above the card check: ``(batch, seats, left, right, top)`` → the y under it."""


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    said = WORDS[options.lang]
    individual_page(batch, play, options, kind.seats, plays=said["name"], note=said["note"], total="208 (117)")


def individual_page(
    batch: Batch, play: Play, options: PrintOptions, order: str, *, plays: str, note: str, total: str,
    extra: Extra | None = None,
) -> None:  # fmt: skip
    """The sheet of individual scores of the seats ``order`` (clockwise); ``plays`` in the subtitle,
    ``note`` under the rows, ``total`` the cards the check adds up to, ``extra`` drawn above it."""
    words, ew = options.words, options.event_words
    lay = layout.EVENT_SHEET
    inset = lay.box_inset
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = sheet_header(batch, play, words, ew, options.event, plays)
    cols = columns(left, room, lay.individual_columns)

    headings = (ew.calypsoes, ew.unfinished, ew.own_pile, ew.revokes, ew.score)
    y = column_headings(batch, cols[1:], headings, y - 6)
    batch.line(left, y, right, y, color=layout.BLACK, weight=0.9)

    seats = {suit: name for side in play.sides() for suit, _, name in side.seats}
    seat_column, *boxes = cols
    for suit in order:
        row_bottom = y - lay.row - 4
        baseline = row_bottom + (lay.row - lay.name_size) / 2 + 2
        seat_and_name(batch, seat_column, baseline, suit, seats.get(suit, ""), words)
        for i, (x, bw) in enumerate(boxes):
            write_box(batch, x + inset, row_bottom + inset, bw - 2 * inset, lay.row - 2 * inset, bold=i == 4)
        y = row_bottom
        batch.line(left, y - 2, right, y - 2, color=layout.RULE, weight=0.5)
    y = help_lines(batch, note, left, room, y - 8, lay.help_size + 0.5)
    y -= 14
    if extra is not None:
        y = extra(batch, order, left, right, y) - 10

    y = card_check(batch, ew, left, right, y, piles=ew.check_all_piles, total=total)
    y = help_lines(batch, ew.own_score_help, left, room, y - 10, lay.help_size)

    # A line for each player to sign.
    y -= 16 + lay.heading_size
    batch.text(left, y, ew.signatures, layout.BOLD, lay.heading_size)
    half = room / 2
    for i, suit in enumerate(order):
        x = left + (i % 2) * half
        line_y = y - 30 - (i // 2) * 30
        w = batch.symbol(x, line_y, suit, lay.name_size, layout.BOLD)
        batch.line(x + w + 8, line_y - 2, x + half - 16, line_y - 2, color=layout.BLACK, weight=0.8)
