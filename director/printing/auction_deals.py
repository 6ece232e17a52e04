"""An Auction Calypso team match's deals, printed for the tables to lay out (``scoring.auction.deal``).

Per round and per table (both tables get their own copy, as they play at the same time): when the
event drafts, a draft slip with the 8 cards the dealer turns face up in each of the four draft
rounds, in order, and who picks first; then one slip per seat, clockwise from North, with that
seat's 13 cards of the first hand by suit, laid out as a hand envelope (``envelopes``: the same card
lines and dealer/leader line). Every slip says "Table 1 and Table 2 play the same cards". Printed on
the envelope size chosen (C6 or DL; labels print as C6). English only.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.auction.deal import AuctionDeal, draft_first
from scoring.auction_play.records import ORDER

from . import layout
from .canvas import Batch, Output, Progress
from .content import Hand, rank_label
from .envelopes import _cards, _roles
from .fonts import width
from .options import PrintInputError, PrintOptions

TABLES = (1, 2)
COMPASS_NAMES = {"S": "North", "D": "East", "H": "South", "C": "West"}  # docs/auction.md, "Seats"
SAME_CARDS = "Table 1 and Table 2 play the same cards"


def render_auction_deals(
    deals: Sequence[AuctionDeal],
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """The slips of ``deals`` (checked: each a partition of the 104-card pack) as one PDF."""
    options = options or PrintOptions()
    if not deals:
        raise PrintInputError("no deals to print: deal the rounds first")
    for deal in deals:
        problems = deal.problems()
        if problems:
            raise PrintInputError("; ".join(problems))
    size = layout.ENVELOPES.get(options.envelope, layout.ENVELOPES["c6"])
    title = f"{options.event} — deals" if options.event else "Auction Calypso deals"
    batch = Batch(options, title, size)
    total = sum(len(TABLES) * (len(ORDER) + bool(deal.draft)) for deal in deals)
    done = 0
    for deal in deals:
        for table in TABLES:
            slips = [None] * bool(deal.draft) + list(ORDER)  # None: the draft slip
            for seat in slips:
                if seat is None:
                    _draft(batch, deal, table, size, options)
                else:
                    _slip(batch, deal, table, seat, size, options)
                batch.end_page()
                done += 1
                if progress:
                    progress(done, total)
    return batch.finish(out)


def _head(batch: Batch, deal: AuctionDeal, table: int, size, options: PrintOptions, what: str, seat: str) -> float:
    """Event, corner reference (``R2·T1♠``), ``Round 2 · Table 1 · what``; returns the next baseline."""
    lay = layout.ENVELOPE
    page_width, page_height = size
    left, right = lay.margin, page_width - lay.margin
    y = page_height - lay.margin - lay.event_size
    reference = f"R{deal.number}·T{table}"
    reference_width = width(reference + layout.SYMBOL_SAMPLE, layout.REGULAR, lay.event_size)
    if options.event:
        event = batch.clip(options.event, layout.BOLD, lay.event_size, right - left - reference_width - 12)
        batch.text(left, y, event, layout.BOLD, lay.event_size, layout.GREY)
    batch.token(right - reference_width, y, reference, seat, lay.event_size)
    y -= 8 + lay.title_size
    heading = f"Round {deal.number}  ·  Table {table}  ·  {what}"
    batch.text(left, y, heading, layout.BOLD, batch.fit(heading, layout.BOLD, lay.title_size, right - left))
    return y


def _footer(batch: Batch, size, text: str) -> None:
    lay = layout.ENVELOPE
    room = size[0] - 2 * lay.margin
    batch.text(lay.margin, lay.margin, text, layout.REGULAR, batch.fit(text, layout.REGULAR, lay.footer_size, room))


def _slip(batch: Batch, deal: AuctionDeal, table: int, seat: str, size, options: PrintOptions) -> None:
    """One seat's 13 cards of the first hand, as a hand envelope."""
    lay, words = layout.ENVELOPE, options.words
    left, right = lay.margin, size[0] - lay.margin
    y = _head(batch, deal, table, size, options, "First hand", seat)
    y -= 10 + lay.seat_size
    used = batch.seat(left, y, seat, words.suits[seat], lay.seat_size)
    batch.text(left + used, y, f"  ·  {COMPASS_NAMES[seat]}", layout.REGULAR, lay.role_size * 1.5, layout.GREY)
    hand = Hand(deal.number, 1, seat, tuple(deal.hands[seat]), deal.dealer, deal.leader, ORDER)
    y -= 8 + lay.role_size * 1.4
    _roles(batch, left, y, hand, words, lay.role_size, right - left)
    y -= 8
    batch.line(left, y, right, y)
    y -= 6 + lay.card_size
    _cards(batch, left + 4, y, hand, lay.card_size, lay.card_leading, lay.symbol_gap, right - left - 4)
    _footer(batch, size, f"{SAME_CARDS}  ·  {words.cards.format(n=len(hand.cards))}")


def _draft(batch: Batch, deal: AuctionDeal, table: int, size, options: PrintOptions) -> None:
    """The draft: per draft round, who picks first and the 8 cards the dealer turns up, in order."""
    lay, words = layout.ENVELOPE, options.words
    left, right = lay.margin, size[0] - lay.margin
    y = _head(batch, deal, table, size, options, "The draft", deal.dealer)
    y -= 10 + lay.role_size * 1.4
    x = left + batch.text(left, y, f"{words.dealer}: ", layout.REGULAR, lay.role_size, layout.GREY)
    batch.seat(x, y, deal.dealer, words.suits[deal.dealer], lay.role_size, layout.REGULAR)
    y -= 8
    batch.line(left, y, right, y)
    label = lay.role_size
    column = max(width(f"Draft {n}, first pick {layout.SYMBOL_SAMPLE}  ", layout.REGULAR, label) for n in (1, 2, 3, 4))
    for number, cards in enumerate(deal.draft, start=1):
        card_size = _cards_size(cards, lay.role_size * 1.25, right - left - column)
        y -= 10 + lay.role_size * 1.25
        _first(batch, left, y, number, draft_first(deal.dealer, number), label)
        x, gap = left + column, width("  ", layout.BOLD, card_size)
        for card in cards:
            x += batch.text(x, y, rank_label(card.rank), layout.BOLD, card_size)
            x += batch.symbol(x, y, card.suit, card_size, layout.BOLD) + gap
    _footer(batch, size, f"Turn up each round's 8 cards in this order  ·  {SAME_CARDS}")


def _cards_size(cards, size: float, room: float) -> float:
    """The largest size up to ``size`` at which ``cards`` (``10♦  A♠ …``) fit in ``room``."""
    text = "  ".join(rank_label(card.rank) + layout.SYMBOL_SAMPLE for card in cards)
    needed = width(text, layout.BOLD, size)
    return size if needed <= room else max(layout.MIN_FIT_SIZE, size * room / needed)


def _first(batch: Batch, x: float, y: float, number: int, seat: str, size: float) -> None:
    """``Draft 1, first pick ♦``."""
    w = batch.text(x, y, f"Draft {number}, first pick ", layout.REGULAR, size, layout.GREY)
    batch.symbol(x + w, y, seat, size)
