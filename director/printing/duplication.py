"""Duplication sheets: one page per game set, for rebuilding the set from a played quad-deck.

After a game the 208 cards lie in calypsoes and trick piles. Sort them by suit and rank; the
sheet's table then lists, for each of the 52 cards in that order, the four hands its four copies
go to (``♠A  D1♠ D2♦ D2♦ D4♣``: deal 1 Spades, twice deal 2 Diamonds, deal 4 Clubs). A check row per
hand lists its 13 cards for a last look before the envelope is closed.
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.cards import SUIT_SYMBOLS, SUITS
from scoring.gamesets import GameSet

from . import layout
from .canvas import Batch, Output, Progress
from .content import Hand, check_game_sets, copies_by_card, hands, rank_label
from .fonts import width
from .options import PrintOptions
from .sheet import header
from .words import Words


def render_duplication_sheets(
    sets: Iterable[GameSet],
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """One duplication sheet per set on ``options.paper``; ``progress(done, total)`` after each
    sheet. Returns the PDF bytes (also written to ``out`` if given)."""
    options = options or PrintOptions()
    sets = check_game_sets(sets)
    title = f"{options.event} — duplication sheets" if options.event else "Calypso duplication sheets"
    batch = Batch(options, title, options.page_size)
    for done, game_set in enumerate(sets, start=1):
        _sheet(batch, game_set, options.words, options.event, done, len(sets))
        batch.end_page()
        if progress:
            progress(done, len(sets))
    return batch.finish(out)


def _sheet(batch: Batch, game_set: GameSet, words: Words, event: str, index: int, total: int) -> None:
    lay = layout.SHEET
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    title = f"{words.duplication_title} — {words.game_set.format(n=game_set.number)}"
    y = header(batch, title, game_set, words, event, index, total)

    for line in batch.wrap(words.duplication_help, layout.REGULAR, lay.note_size, room):
        y -= lay.note_leading
        batch.text(left, y, line, layout.REGULAR, lay.note_size)
    y -= lay.note_leading
    example_seat = "D"
    before, _, after = words.duplication_example.partition("{example}")
    x = left + batch.text(left, y, before, layout.REGULAR, lay.note_size)
    x += batch.token(x, y, f"{words.deal_prefix}2", example_seat, lay.note_size, layout.BOLD)
    batch.text(x, y, after.format(seat=words.suits[example_seat]), layout.REGULAR, lay.note_size)

    # Fit both tables in what is left of the page.
    header_height, gap = 20.0, 14.0 + lay.heading_size + 8
    hand_list = hands(game_set)
    available = y - 10 - lay.margin - header_height - gap
    natural = 13 * lay.card_row + len(hand_list) * lay.check_row
    scale = min(1.0, available / natural)
    card_row, check_row = lay.card_row * scale, lay.check_row * scale

    y -= 10
    y = _card_table(batch, game_set, words, left, y, room, header_height, card_row)
    y -= 14 + lay.heading_size
    batch.text(left, y, words.check_title, layout.BOLD, lay.heading_size)
    y -= 8
    _check_rows(batch, hand_list, words, left, y, room, check_row)


def _card_table(batch, game_set, words, left, top, room, header_height, row) -> float:
    lay = layout.SHEET
    column = room / 4
    # header: one column per suit
    batch.box(left, top - header_height, room, header_height, stroke=None, fill=layout.SHADE)
    baseline = top - header_height + (header_height - lay.table_header_size) / 2 + 1.5
    for i, suit in enumerate(SUITS):
        batch.seat(left + i * column + 5, baseline, suit, words.suits[suit], lay.table_header_size)
    y = top - header_height

    cards = copies_by_card(game_set)  # 13 per suit, in sorting order
    label_font, label_size = layout.BOLD, lay.card_label_size
    label_slot = width("♠10", label_font, label_size) + 6
    for r in range(13):
        if r % 2:
            batch.box(left, y - row, room, row, stroke=None, fill=(0.965, 0.965, 0.965))
        baseline = y - row / 2 - lay.token_size * 0.36
        for i, suit in enumerate(SUITS):
            card, places = cards[i * 13 + r]
            x = left + i * column + 5
            batch.symbol(x, baseline, suit, label_size, label_font)
            batch.text(
                x + width(layout.SYMBOL_SAMPLE, label_font, label_size),
                baseline,
                rank_label(card.rank),
                label_font,
                label_size,
            )
            tokens = [(f"{words.deal_prefix}{deal}", seat) for deal, seat in places]
            natural = sum(width(p + SUIT_SYMBOLS[s], layout.REGULAR, lay.token_size) for p, s in tokens)
            natural += lay.token_gap * (len(tokens) - 1)
            scale = min(1.0, (column - label_slot - 8) / natural)
            size, gap = lay.token_size * scale, lay.token_gap * scale
            x += label_slot
            for prefix, seat in tokens:
                x += batch.token(x, baseline, prefix, seat, size) + gap
        y -= row
    for i in range(1, 4):
        batch.line(left + i * column, top, left + i * column, y)
    batch.box(left, y, room, top - y)
    return y


def _check_rows(batch: Batch, hand_list: list[Hand], words: Words, left: float, top: float, room: float, row: float):
    lay = layout.SHEET
    size = lay.check_size
    y = top
    token_slot = width("D4♠", layout.BOLD, size) + 10
    box = size * 0.9
    suit_gap = 16.0
    for n, hand in enumerate(hand_list):
        if n and n % 4 == 0:
            batch.line(left, y, left + room, y)
        baseline = y - row / 2 - size * 0.36
        batch.box(left, baseline - 1, box, box, stroke=layout.BLACK, weight=0.7)
        x = left + box + 6
        batch.token(x, baseline, f"{words.deal_prefix}{hand.deal}", hand.seat, size, layout.BOLD)
        x += token_slot
        groups = [(suit, "  ".join(hand.ranks(suit)) or "—") for suit in SUITS]
        natural = (
            sum(width(f"{layout.SYMBOL_SAMPLE} " + ranks, layout.REGULAR, size) for _, ranks in groups) + 3 * suit_gap
        )
        scale = min(1.0, (left + room - x) / natural)
        line_size = size * scale
        for suit, ranks in groups:
            x += batch.symbol(x, baseline, suit, line_size) + width(" ", layout.REGULAR, line_size)
            x += batch.text(x, baseline, ranks, layout.REGULAR, line_size) + suit_gap * scale
        y -= row
