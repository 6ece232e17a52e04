"""The printed three-handed Auction score pad: one landscape page per table per game. The three
seats with the players' names; a row per hand with the declarer, the contract, each player's T, P,
C and cards required, the sale or the misère points, and each player's score and running total;
under it the scoring in brief (``scoring.auction.three``'s figures) and a line for each to sign."""

from __future__ import annotations

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import Play
from director.printing.event_sheet import header
from director.printing.options import PrintOptions
from director.sheets.auction.printed import hand_rows
from scoring.auction.three import HAND_CARDS, MINIMUM_BID, MINIMUM_CALYPSO_POINTS, VALUES

TITLE = "Three-handed Auction score pad"
RULES = (
    f"Least bid {MINIMUM_BID} (with calypsos: {MINIMUM_CALYPSO_POINTS} points) · declarer "
    f"{VALUES.declarer_card} a card, sells up to P at {VALUES.sell_price} a card in limbo; made: bid × 1 / 2 / 4 "
    f"(X / XX) + points; failed: − bid × 1 / 2 / 4 · defenders {VALUES.defender_card} a card of both piles each · "
    f"misère: 0 up to {VALUES.misere_allowance}, then −{VALUES.misere_point} a point · calypso bonus "
    f"{VALUES.calypso_base} + {VALUES.calypso_square} × n² (n: cards it needed) · T + P of the three = {HAND_CARDS}"
)


def name(kind, lang: str) -> str:
    return "three-handed Auction Calypso"


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    """One table's pad for one game (the caller ends the page)."""
    lay = layout.EVENT_SHEET
    ew = options.event_words
    batch.set_page_size((max(batch.page_size), min(batch.page_size)))
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = header(batch, f"{TITLE} · {ew.table.format(n=play.table)}", ew.game.format(n=play.round), options.event)

    names = {suit: who for side in play.sides() for suit, _, who in side.seats}
    third = room / 3
    y -= lay.name_size + 4
    for i, seat in enumerate(kind.seats):
        x = left + i * third
        w = batch.symbol(x, y, seat, lay.name_size, layout.BOLD)
        who = batch.clip(names.get(seat, ""), layout.REGULAR, lay.label_size + 1.5, third - w - 12)
        batch.text(x + w + 5, y, who, size=lay.label_size + 1.5)
    y -= 8

    # hand, declarer, contract; per player T P C req.; sold / misère; per player score and total
    widths = [0.04, 0.05, 0.1] + [0.035, 0.035, 0.03, 0.06] * 3 + [0.06] + [0.055, 0.055] * 3
    scale = 1 / sum(widths)
    columns, x = [], left
    for fraction in widths:
        columns.append((x, room * fraction * scale))
        x += room * fraction * scale
    size = lay.label_size
    y -= size + 5
    players = len(kind.seats)
    heads = [
        "Hand",
        "Decl.",
        "Contract",
        *["T", "P", "C", "Req."] * players,
        "Sold/mis.",
        *["Score", "Total"] * players,
    ]
    for (x, w), text in zip(columns, heads, strict=True):
        batch.text(
            x + w / 2, y, batch.clip(text, layout.REGULAR, size, w - 2), layout.REGULAR, size, layout.GREY, "centre"
        )
    for i, seat in enumerate(kind.seats):  # whose columns: a symbol over each player's T and over their score
        batch.symbol(columns[3 + 4 * i][0], y + size + 3, seat, size + 1, layout.BOLD)
        batch.symbol(columns[16 + 2 * i][0], y + size + 3, seat, size + 1, layout.BOLD)
    y -= 5
    batch.line(left, y, right, y, color=layout.BLACK, weight=0.9)

    hands = kind.hands
    row = max(8.0, min(lay.row - 5, (y - lay.margin - 70) / hands))
    y = hand_rows(batch, columns, y, row, hands, bold=lambda i: i >= 16 and i % 2 == 1)  # the running totals
    y -= lay.help_size + 8
    for line in batch.wrap(RULES, layout.REGULAR, lay.help_size, room):
        batch.text(left, y, line, layout.REGULAR, lay.help_size, layout.GREY)
        y -= lay.help_size + 2.5
    y -= 18
    for i, seat in enumerate(kind.seats):
        x = left + i * third
        w = batch.symbol(x, y, seat, lay.name_size, layout.BOLD)
        batch.line(x + w + 8, y - 2, x + third - 16, y - 2, color=layout.BLACK, weight=0.8)
