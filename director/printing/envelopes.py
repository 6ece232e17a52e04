"""Hand envelopes: one per hand (16 per game set), on C6 or DL envelopes or on sheets of labels.

Each shows the event, set and deal number, the seat by suit symbol and name, who deals and who
leads, and the 13 cards by suit, ranks high to low with repeats (``♠ A A 7``).
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.cards import SUITS
from scoring.gamesets import GameSet

from . import layout
from .canvas import Batch, Output, Progress
from .content import Hand, check_game_sets, hands_of
from .fonts import width
from .options import PrintOptions
from .words import Words


def render_envelopes(
    sets: Iterable[GameSet],
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """The envelopes of ``sets`` as one PDF: a page per envelope (``options.envelope`` c6 or dl),
    or sheets of labels (``labels``, on ``options.paper``). ``progress(done, total)`` is called
    after each hand. Returns the PDF bytes (also written to ``out`` if given)."""
    options = options or PrintOptions()
    words = options.words
    all_hands = hands_of(check_game_sets(sets))
    total = len(all_hands)
    title = f"{options.event} — envelopes" if options.event else "Calypso hand envelopes"
    if options.envelope == "labels":
        sheet = layout.LABEL_SHEETS[options.paper]
        batch = Batch(options, title, options.page_size)
        page_height = options.page_size[1]
        for done, hand in enumerate(all_hands, start=1):
            slot = (done - 1) % sheet.per_page
            if slot == 0 and done > 1:
                batch.end_page()
            column, row = slot % sheet.columns, slot // sheet.columns
            x = sheet.left + column * sheet.pitch_x
            top = page_height - sheet.top - row * sheet.pitch_y
            _label(batch, hand, x, top, sheet, words, options.event)
            if progress:
                progress(done, total)
    else:
        size = layout.ENVELOPES[options.envelope]
        batch = Batch(options, title, size)
        for done, hand in enumerate(all_hands, start=1):
            _envelope(batch, hand, size, words, options.event)
            batch.end_page()
            if progress:
                progress(done, total)
    return batch.finish(out)


def _roles(batch: Batch, x: float, y: float, hand: Hand, words: Words, size: float, room: float) -> None:
    """``Dealer: ♦ Diamonds   Leads: ♥ Hearts``, shrunk if it would not fit ``room``."""
    font = layout.REGULAR
    dealer, leader = f"{words.dealer}: ", f"   {words.leader}: "
    mark = layout.SYMBOL_SAMPLE
    full = f"{dealer}{mark} {words.suits[hand.dealer]}{leader}{mark} {words.suits[hand.leader]}"
    size = batch.fit(full, font, size, room)
    x += batch.text(x, y, dealer, font, size, layout.GREY)
    x += batch.seat(x, y, hand.dealer, words.suits[hand.dealer], size, font)
    x += batch.text(x, y, leader, font, size, layout.GREY)
    batch.seat(x, y, hand.leader, words.suits[hand.leader], size, font)


def _cards(batch: Batch, x: float, y: float, hand: Hand, size: float, leading: float, gap: float, room: float):
    """Four lines, one per suit: symbol, then the ranks high to low (``—`` for a void)."""
    font = layout.REGULAR
    symbol_width = width(layout.SYMBOL_SAMPLE, font, size)
    for suit in SUITS:
        ranks = "  ".join(hand.ranks(suit)) or "—"
        line_size = batch.fit(ranks, font, size, room - symbol_width - gap)
        batch.symbol(x, y, suit, size, font)
        batch.text(x + symbol_width + gap, y, ranks, font, line_size)
        y -= leading


def _envelope(batch: Batch, hand: Hand, size: tuple[float, float], words: Words, event: str) -> None:
    lay = layout.ENVELOPE
    page_width, page_height = size
    left, right = lay.margin, page_width - lay.margin
    room = right - left

    y = page_height - lay.margin - lay.event_size
    # The corner reference a stack of envelopes is sorted by: set, deal, seat ("3·D1♠").
    reference = f"{hand.set_number}·{words.deal_prefix}{hand.deal}"
    reference_width = width(reference + layout.SYMBOL_SAMPLE, layout.REGULAR, lay.event_size)
    if event:
        batch.text(
            left,
            y,
            batch.clip(event, layout.BOLD, lay.event_size, room - reference_width - 12),
            layout.BOLD,
            lay.event_size,
            layout.GREY,
        )
    batch.token(right - reference_width, y, reference, hand.seat, lay.event_size)

    y -= 8 + lay.title_size
    batch.text(
        left,
        y,
        f"{words.game_set.format(n=hand.set_number)}  ·  {words.deal.format(n=hand.deal)}",
        layout.BOLD,
        lay.title_size,
    )

    y -= 10 + lay.seat_size
    batch.seat(left, y, hand.seat, words.suits[hand.seat], lay.seat_size)

    y -= 8 + lay.role_size * 1.4
    _roles(batch, left, y, hand, words, lay.role_size, room)

    y -= 8
    batch.line(left, y, right, y)
    y -= 6 + lay.card_size
    _cards(batch, left + 4, y, hand, lay.card_size, lay.card_leading, lay.symbol_gap, room - 4)

    footer = f"{words.cards.format(n=len(hand.cards))}  ·  {words.clockwise}:"
    x = left + batch.text(left, lay.margin, footer, layout.REGULAR, lay.footer_size, layout.GREY)
    _orientation(batch, x, lay.margin, hand, lay.footer_size)


def _orientation(batch: Batch, x: float, y: float, hand: Hand, size: float) -> None:
    # The seating order is printed with the dealer of this deal first: it is how a table checks
    # that it sat down as the set was dealt.
    order = hand.orientation
    start = order.index(hand.dealer)
    gap = width(" ", layout.REGULAR, size)
    for seat in order[start:] + order[:start]:
        x += gap
        x += batch.symbol(x, y, seat, size)


def _label(batch: Batch, hand: Hand, x: float, top: float, sheet: layout.LabelSheet, words: Words, event: str):
    lay = layout.LABEL
    left, right = x + lay.pad_x, x + sheet.width - lay.pad_x
    room = right - left

    y = top - lay.pad_top - lay.title_size
    heading = f"{words.game_set.format(n=hand.set_number)} · {words.deal.format(n=hand.deal)} · "
    used = batch.text(left, y, heading, layout.BOLD, lay.title_size)
    used += batch.seat(left + used, y, hand.seat, words.suits[hand.seat], lay.title_size)
    if event:
        spare = room - used - 8
        if spare > 20:
            batch.text(
                right,
                y,
                batch.clip(event, layout.REGULAR, lay.event_size, spare),
                layout.REGULAR,
                lay.event_size,
                layout.GREY,
                align="right",
            )

    y -= 3 + lay.role_size
    _roles(batch, left, y, hand, words, lay.role_size, room)

    y -= 3.5 + lay.card_size
    _cards(batch, left, y, hand, lay.card_size, lay.card_leading, lay.symbol_gap, room)
