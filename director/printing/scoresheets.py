"""Scoresheets: one page per table per game, filled in by the players at the table.

The four seats by suit with the players' names; per player boxes for completed calypsoes,
unfinished-calypso cards, revokes and points; per partnership the trick pile, the opponents'
revokes and the total; the net; the 208 card check written out as a sum the table can do; and
a line for each side to sign. Pages come game by game, tables in order (one stack per game).

A club night's table of three (``Play.variant``: three-handed, split, Neutralised) gets the cutthroat
sheet of its three seats with its card count (117, or 207 Neutralised) and, split partnership, a
box for each player's total; a Duet the partnership sheet with each player's hand and dummy.

Cutthroat events (``EventData.cutthroat``) get a four-player sheet instead: per player boxes for
calypsoes, unfinished cards, their own trick pile, revokes and their score; the card check over
all four trick piles (``= 208``, or 117 three-handed with the ♣ row crossed out); a line for each
player to sign.

Auction Calypso events (``EventData.auction``) get the Auction score pad (``auction_pad``).
"""

from __future__ import annotations

import dataclasses

from scoring.cards import SUITS
from scoring.variants import (
    NEUTRALISED_DECK,
    TABLE_FORMS,
    THREE_HANDED_DECK,
    clockwise_seats,
    neutralised_cards,
    split_scoring,
)

from . import layout
from .auction_pad import draw_pad
from .canvas import Batch, Output, Progress
from .data import DIRECTION_SUITS, DIRECTIONS, EventData, Play, Side
from .event_sheet import header, pair_symbols, write_box
from .fonts import width
from .options import PrintInputError, PrintOptions
from .words import EventWords, Words


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
    ew = options.event_words
    title = f"{options.event} — scoresheets" if options.event else "Calypso scoresheets"
    batch = Batch(options, title, options.page_size)
    for done, play in enumerate(plays, start=1):
        if data.auction is not None:  # an Auction Calypso event: its score pad (auction_pad)
            draw_pad(batch, play, options, data.auction)
        elif data.embers_hands:  # an Embers night (partnerships only): a score pad of hands
            from .embers_pad import embers_page

            embers_page(batch, play, options.words, ew, options.event, hands=data.embers_hands)
        elif play.variant in THREE_DECKS:  # a club night's table of three: its seats, its cards
            _cutthroat_page(batch, play, options.words, ew, options.event, three=play.variant)
        elif play.variant == "duet":  # the partnership sheet: each player's hand and dummy
            _page(batch, _duet(play, ew), options.words, ew, options.event)
        elif data.cutthroat:
            _cutthroat_page(batch, play, options.words, ew, options.event)
        else:
            _page(batch, play, options.words, ew, options.event)
        batch.end_page()
        if progress:
            progress(done, len(plays))
    return batch.finish(out)


THREE_DECKS = {form: NEUTRALISED_DECK if neutralised_cards(form) else THREE_HANDED_DECK for form in TABLE_FORMS}


def _duet(play: Play, ew: EventWords) -> Play:
    """A Duet's play with each player's dummy in its seat (♥ the majors player's, ♦ the minors'):
    the side reads "Ann & dummy"."""
    sides = {}
    for side in play.sides():
        suit, pid, name = side.seats[0]
        other = next(s for s in DIRECTION_SUITS[side.direction] if s != suit)
        seats = sorted(((suit, pid, name), (other, pid, ew.dummy)), key=lambda s: SUITS.index(s[0]))
        sides[side.direction] = dataclasses.replace(side, seats=tuple(seats))
    return dataclasses.replace(play, **sides)


def _columns(left: float, room: float, fractions: tuple[float, ...] | None = None) -> list[tuple[float, float]]:
    """(x, width) of each scoresheet column."""
    out = []
    x = left
    for fraction in fractions or layout.EVENT_SHEET.score_columns:
        out.append((x, room * fraction))
        x += room * fraction
    return out


def _page(batch: Batch, play: Play, words: Words, ew: EventWords, event: str) -> None:
    lay = layout.EVENT_SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    title = f"{ew.scoresheet_title} · {ew.table.format(n=play.table)}"
    subtitle = ew.game.format(n=play.round)
    if play.variant:
        subtitle += "  ·  " + ew.variants[play.variant]
    if play.game_set is not None:
        subtitle += "  ·  " + words.game_set.format(n=play.game_set)
    y = header(batch, title, subtitle, event)
    columns = _columns(left, room)

    # Column headings, once for both sides.
    y -= 6
    headings = (ew.calypsoes, ew.unfinished, ew.revokes, ew.score)
    wrapped = [
        batch.wrap(text, layout.REGULAR, lay.label_size, w - 6)
        for (_, w), text in zip(columns[1:], headings, strict=True)
    ]
    lines_used = max(len(lines) for lines in wrapped)
    for (x, w), lines in zip(columns[1:], wrapped, strict=True):
        line_y = y - lay.label_size
        for line in lines:
            batch.text(x + w / 2, line_y, line, layout.REGULAR, lay.label_size, layout.GREY, align="centre")
            line_y -= lay.label_size + 1.5
    y -= lines_used * (lay.label_size + 1.5) + 4

    for direction in DIRECTIONS:
        y = _side(batch, play.side(direction), direction, words, ew, columns, left, right, y) - 10

    # The net.
    y -= 4
    net_x, net_w = columns[-1]
    batch.text(net_x - 8, y - lay.row + 9, ew.net, layout.BOLD, batch.fit(ew.net, layout.BOLD, lay.name_size,
               net_x - left - 12), align="right")  # fmt: skip
    write_box(batch, net_x + lay.box_inset, y - lay.row + lay.box_inset, net_w - 2 * lay.box_inset,
              lay.row - 2 * lay.box_inset, bold=True)  # fmt: skip
    y -= lay.row + 14

    y = _card_check(batch, ew, left, right, y)
    y -= 10
    for line in batch.wrap(ew.points_help, layout.REGULAR, lay.help_size, room):
        y -= lay.help_size + 2.5
        batch.text(left, y, line, layout.REGULAR, lay.help_size, layout.GREY)
    signatures(batch, play, ew, left, right, y - 16)


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


def _side(batch: Batch, side: Side | None, direction: str, words: Words, ew: EventWords, columns, left, right, top):
    lay = layout.EVENT_SHEET
    inset = lay.box_inset
    y = top - lay.heading_size - 4
    x = side_label(batch, side, direction, ew, left, right, y)
    if side is not None and side.sit_out:
        order = " · ".join(f"{i} {name}" for i, name in enumerate(side.sit_out, start=1))
        for line in batch.wrap(f"{ew.sit_out}: {order}", layout.REGULAR, lay.label_size + 0.5, right - x):
            y -= lay.label_size + 3
            batch.text(x, y, line, layout.REGULAR, lay.label_size + 0.5, layout.GREY)
    y -= 6
    batch.line(left, y, right, y, color=layout.BLACK, weight=0.9)

    seats = {suit: name for suit, _, name in (side.seats if side else ())}
    (seat_x, seat_w), *boxes = columns
    for suit in DIRECTION_SUITS[direction]:
        row_bottom = y - lay.row
        baseline = row_bottom + (lay.row - lay.name_size) / 2 + 2
        w = batch.seat(seat_x + 2, baseline, suit, words.suits[suit], lay.name_size)
        name = seats.get(suit, "")
        name_x = seat_x + 2 + max(w, 86) + 8
        if name:
            name_room = seat_x + seat_w - name_x - 4
            size = max(batch.fit(name, layout.REGULAR, lay.name_size, name_room), lay.name_size - 3.5)
            batch.text(name_x, baseline, batch.clip(name, layout.REGULAR, size, name_room), layout.REGULAR, size)
        for x, bw in boxes:
            write_box(batch, x + inset, row_bottom + inset, bw - 2 * inset, lay.row - 2 * inset)
        y = row_bottom
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


def _card_check(
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


def signatures(batch: Batch, play: Play, ew: EventWords, left: float, right: float, top: float) -> None:
    lay = layout.EVENT_SHEET
    y = top - lay.heading_size
    batch.text(left, y, ew.signatures, layout.BOLD, lay.heading_size)
    y -= 30
    half = (right - left) / 2
    for i, direction in enumerate(DIRECTIONS):
        x = left + i * half
        w = pair_symbols(batch, x, y, direction, lay.name_size)
        batch.line(x + w + 8, y - 2, x + half - 16, y - 2, color=layout.BLACK, weight=0.8)


# --- cutthroat ------------------------------------------------------------------------------------------------------
def _cutthroat_page(batch: Batch, play: Play, words: Words, ew: EventWords, event: str, *, three: str = "") -> None:
    """The cutthroat sheet; ``three``: a club night's table of three playing that variant — a row
    for each of its seats only (clockwise), its card count, and split partnership's totals."""
    lay = layout.EVENT_SHEET
    inset = lay.box_inset
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    title = f"{ew.scoresheet_title} · {ew.table.format(n=play.table)}"
    subtitle = f"{ew.game.format(n=play.round)}  ·  {ew.variants[three] if three else ew.cutthroat}"
    if play.game_set is not None:
        subtitle += "  ·  " + words.game_set.format(n=play.game_set)
    y = header(batch, title, subtitle, event)
    columns = _columns(left, room, lay.cutthroat_columns)

    y -= 6
    headings = (ew.calypsoes, ew.unfinished, ew.own_pile, ew.revokes, ew.score)
    wrapped = [
        batch.wrap(text, layout.REGULAR, lay.label_size, w - 6)
        for (_, w), text in zip(columns[1:], headings, strict=True)
    ]
    for (x, w), lines in zip(columns[1:], wrapped, strict=True):
        line_y = y - lay.label_size
        for line in lines:
            batch.text(x + w / 2, line_y, line, layout.REGULAR, lay.label_size, layout.GREY, align="centre")
            line_y -= lay.label_size + 1.5
    y -= max(len(lines) for lines in wrapped) * (lay.label_size + 1.5) + 4
    batch.line(left, y, right, y, color=layout.BLACK, weight=0.9)

    seats = {suit: name for side in play.sides() for suit, _, name in side.seats}
    order = clockwise_seats("".join(seats)) if three else SUITS
    (seat_x, seat_w), *boxes = columns
    for suit in order:
        row_bottom = y - lay.row - 4
        baseline = row_bottom + (lay.row - lay.name_size) / 2 + 2
        w = batch.seat(seat_x + 2, baseline, suit, words.suits[suit], lay.name_size)
        name = seats.get(suit, "")
        name_x = seat_x + 2 + max(w, 86) + 8
        if name:
            name_room = seat_x + seat_w - name_x - 4
            size = max(batch.fit(name, layout.REGULAR, lay.name_size, name_room), lay.name_size - 3.5)
            batch.text(name_x, baseline, batch.clip(name, layout.REGULAR, size, name_room), layout.REGULAR, size)
        for i, (x, bw) in enumerate(boxes):
            write_box(batch, x + inset, row_bottom + inset, bw - 2 * inset, lay.row - 2 * inset, bold=i == 4)
        y = row_bottom
        batch.line(left, y - 2, right, y - 2, color=layout.RULE, weight=0.5)
    y -= 8
    note = ew.three_note.format(deck=THREE_DECKS[three]) if three else ew.three_handed
    for line in batch.wrap(note, layout.REGULAR, lay.help_size + 0.5, room):
        y -= lay.help_size + 3
        batch.text(left, y, line, layout.REGULAR, lay.help_size + 0.5, layout.GREY)
    y -= 14
    if split_scoring(three):
        y = _split_totals(batch, ew, order, left, right, y) - 10

    total = str(THREE_DECKS[three]) if three else "208 (117)"
    y = _card_check(batch, ew, left, right, y, piles=ew.check_all_piles, total=total)
    y -= 10
    for line in batch.wrap(ew.cutthroat_help, layout.REGULAR, lay.help_size, room):
        y -= lay.help_size + 2.5
        batch.text(left, y, line, layout.REGULAR, lay.help_size, layout.GREY)

    # A line for each player to sign.
    y -= 16 + lay.heading_size
    batch.text(left, y, ew.signatures, layout.BOLD, lay.heading_size)
    half = room / 2
    for i, suit in enumerate(order):
        x = left + (i % 2) * half
        line_y = y - 30 - (i // 2) * 30
        w = batch.symbol(x, line_y, suit, lay.name_size, layout.BOLD)
        batch.line(x + w + 8, line_y - 2, x + half - 16, line_y - 2, color=layout.BLACK, weight=0.8)


def _split_totals(batch: Batch, ew: EventWords, order: str, left: float, right: float, top: float) -> float:
    """Split partnership: ``♠ + ♣ = [ ]`` for each player — their score and the right-hand player's
    (the one before them clockwise: ``scoring.variants.split_totals``)."""
    lay = layout.EVENT_SHEET
    y = top - lay.heading_size
    batch.text(left, y, ew.split_totals, layout.BOLD, lay.heading_size)
    row_bottom = y - 8 - lay.row
    baseline = row_bottom + (lay.row - lay.name_size) / 2 + 2
    third = (right - left) / len(order)
    for i, suit in enumerate(order):
        x = cursor = left + i * third
        cursor += batch.symbol(cursor, baseline, suit, lay.name_size, layout.BOLD) + 4
        cursor += batch.text(cursor, baseline, "+", layout.BOLD, lay.name_size) + 4
        cursor += batch.symbol(cursor, baseline, order[i - 1], lay.name_size, layout.BOLD) + 4
        cursor += batch.text(cursor, baseline, "=", layout.BOLD, lay.name_size) + 6
        write_box(batch, cursor, row_bottom, x + third - 12 - cursor, lay.row, bold=True)
    return row_bottom
