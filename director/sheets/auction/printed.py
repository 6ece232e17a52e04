"""The printed Auction Calypso score pad: one landscape page per table per game of an Auction event
(the scoresheets document asks the kind to draw it in place of the 208-card scoresheet).

The four seats by suit with the players' names; a row per hand (the event's hands per round) with
columns for the contract, declarer, X / XX, each side's T, P, C, the declarers' cards required,
the sale, each side's score for the hand and the running totals; under it the event's score values
— the cards-required bonus table (1 card → 100 … 13 → 1060 with the rules' values) and the rest —
and a line for each side to sign. Every figure comes from the event's ``AuctionValues``.
"""

from __future__ import annotations

from dataclasses import dataclass

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import Play
from director.printing.event_sheet import header, pair_symbols, write_box
from director.printing.options import PrintOptions
from scoring.auction import CALYPSO_CARDS, HAND_CARDS

SEAT_ORDER = "SDHC"  # AUCTION.md's N, E, S, W


@dataclass(frozen=True)
class PadWords:
    title: str
    hand: str
    contract: str
    declarer: str
    declarers: str
    defenders: str
    required: str
    sell: str
    hand_score: str
    totals: str
    bonus: str  # "Cards required → bonus"
    values: str  # "{bid} minimum bid · …" with the values as keywords
    check: str


PAD_WORDS = {
    "en": PadWords(
        title="Auction score pad",
        hand="Hand",
        contract="Contract (X/XX)",
        declarer="Decl.",
        declarers="Declarers",
        defenders="Defenders",
        required="Cards req.",
        sell="Sold",
        hand_score="This hand",
        totals="Running total",
        bonus="Calypso bid and made — cards required → bonus",
        values=(
            "Minimum bid {minimum_bid} · contract points {declarer_card} per declarer card + the bonus · "
            "calypso {calypso} · calypso bid and made {calypso_bid} · defenders {defender_card} per card · "
            "sell {sell_price} per card (at most P) · keep at most {table_cap} cards on the table"
        ),
        check="T + P of both sides = {cards} every hand",
    ),
    "fr": PadWords(
        title="Feuille de marque — Calypso aux enchères",
        hand="Donne",
        contract="Contrat (X/XX)",
        declarer="Décl.",
        declarers="Déclarants",
        defenders="Défense",
        required="Cartes req.",
        sell="Vendu",
        hand_score="Cette donne",
        totals="Cumul",
        bonus="Calypso demandé et réussi — cartes requises → prime",
        values=(
            "Enchère minimum {minimum_bid} · points du contrat {declarer_card} par carte du déclarant + la prime · "
            "calypso {calypso} · calypso demandé et réussi {calypso_bid} · défense {defender_card} par carte · "
            "vente {sell_price} par carte (au plus P) · au plus {table_cap} cartes sur la table"
        ),
        check="T + P des deux camps = {cards} à chaque donne",
    ),
    "es": PadWords(
        title="Hoja de anotación — Calypso con subasta",
        hand="Mano",
        contract="Contrato (X/XX)",
        declarer="Decl.",
        declarers="Declarantes",
        defenders="Defensa",
        required="Cartas req.",
        sell="Vendido",
        hand_score="Esta mano",
        totals="Acumulado",
        bonus="Calypso pedido y cumplido — cartas requeridas → prima",
        values=(
            "Puja mínima {minimum_bid} · puntos del contrato {declarer_card} por carta del declarante + la prima · "
            "calypso {calypso} · calypso pedido y cumplido {calypso_bid} · defensa {defender_card} por carta · "
            "venta {sell_price} por carta (como mucho P) · como mucho {table_cap} cartas en la mesa"
        ),
        check="T + P de ambos bandos = {cards} en cada mano",
    ),
}

# Column widths as fractions of the page: hand, declarer, contract, the declarers' T P C and cards
# required, the defenders' T P C, sold, this hand ♠♥ ♦♣, running total ♠♥ ♦♣.
COLUMNS = (0.045, 0.06, 0.135, 0.05, 0.05, 0.045, 0.085, 0.05, 0.05, 0.045, 0.06, 0.08, 0.08, 0.0825, 0.0825)
GROUPS = ((3, 7, "declarers"), (7, 10, "defenders"), (11, 13, "hand_score"), (13, 15, "totals"))


def landscape(size: tuple[float, float]) -> tuple[float, float]:
    return (max(size), min(size))


def hand_rows(batch: Batch, columns, y: float, row: float, hands: int, *, bold) -> float:
    """A row per hand under ``y``: its number, then a write-in box per column (``bold(i)``: the
    column's box is drawn black — the scores). Returns the y under the last row (the three-handed
    pad draws its rows so too)."""
    lay, size = layout.EVENT_SHEET, layout.EVENT_SHEET.label_size
    inset = min(lay.box_inset, row / 6)
    for number in range(1, hands + 1):
        bottom = y - row
        x, w = columns[0]
        batch.text(x + w / 2, bottom + row / 2 - size / 3, str(number), layout.BOLD, size, align="centre")
        for i, (x, w) in enumerate(columns[1:], start=1):
            write_box(batch, x + inset, bottom + inset, w - 2 * inset, row - 2 * inset, bold=bold(i))
        y = bottom
    return y


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    """One table's pad for one game with the event's settings (``kind.settings``), in the options'
    language (the caller ends the page)."""
    settings = kind.settings
    lay = layout.EVENT_SHEET
    words, ew, event, pw = options.words, options.event_words, options.event, PAD_WORDS[options.lang]
    batch.set_page_size(landscape(batch.page_size))
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    title = f"{pw.title} · {ew.table.format(n=play.table)}"
    subtitle = ew.game.format(n=play.round)
    if play.game_set is not None:
        subtitle += "  ·  " + pw.hand + " 1 = " + words.game_set.format(n=play.game_set)
    y = header(batch, title, subtitle, event)

    # Who sits where (N E S W = ♠ ♦ ♥ ♣), with their names.
    seats = {suit: name for side in play.sides() for suit, _, name in side.seats}
    quarter = room / 4
    y -= lay.name_size + 4
    for i, suit in enumerate(SEAT_ORDER):
        x = left + i * quarter
        w = batch.symbol(x, y, suit, lay.name_size, layout.BOLD)
        name = seats.get(suit, "")
        batch.text(
            x + w + 5,
            y,
            batch.clip(name, layout.REGULAR, lay.label_size + 1.5, quarter - w - 12),
            size=lay.label_size + 1.5,
        )
    y -= 8

    columns, x = [], left
    for fraction in COLUMNS:
        columns.append((x, room * fraction))
        x += room * fraction
    size = lay.label_size
    # Two heading rows: the groups, then the columns.
    y -= size + 2
    for first, last, key in GROUPS:
        x0, x1 = columns[first][0], columns[last - 1][0] + columns[last - 1][1]
        batch.text((x0 + x1) / 2, y, getattr(pw, key), layout.BOLD, size, align="centre")
        batch.line(x0 + 3, y - 3, x1 - 3, y - 3, color=layout.GREY, weight=0.5)
    y -= size + 5
    names = [pw.hand, pw.declarer, pw.contract, "T", "P", "C", pw.required, "T", "P", "C", pw.sell]
    for (x, w), text in zip(columns, names, strict=False):
        batch.text(
            x + w / 2, y, batch.clip(text, layout.REGULAR, size, w - 2), layout.REGULAR, size, layout.GREY, "centre"
        )
    for i, direction in enumerate(("majors", "minors", "majors", "minors")):
        x, w = columns[11 + i]
        pair_symbols(batch, x + w / 2 - size, y, direction, size + 1)
    y -= 5
    batch.line(left, y, right, y, color=layout.BLACK, weight=0.9)

    # A row per hand: the table's own write-in boxes.
    hands = settings.hands
    below = 112  # the values, the bonus table and the signatures
    row = max(8.0, min(lay.row - 5, (y - lay.margin - below) / hands))
    y = hand_rows(batch, columns, y, row, hands, bold=lambda i: i >= 13)
    y -= 6
    batch.line(left, y, right, y, color=layout.RULE, weight=0.5)

    # The event's score values, and the cards-required bonus table.
    values = settings.values
    y -= lay.help_size + 4
    text = pw.values.format(**values.__dict__) + "  ·  " + pw.check.format(cards=HAND_CARDS)
    for line in batch.wrap(text, layout.REGULAR, lay.help_size, room):
        batch.text(left, y, line, layout.REGULAR, lay.help_size, layout.GREY)
        y -= lay.help_size + 2.5
    y -= 4
    batch.text(left, y, pw.bonus, layout.BOLD, lay.help_size + 0.5)
    y -= lay.help_size + 6
    cell = room / (CALYPSO_CARDS + 1)
    cells = [(pw.required, "+")] + [(str(n), str(values.bonus(n))) for n in range(1, CALYPSO_CARDS + 1)]
    for i, (top, bottom_text) in enumerate(cells):
        x = left + i * cell
        batch.box(x, y - 14, cell, 26, stroke=layout.GREY, weight=0.5)
        batch.text(x + cell / 2, y + 3, top, layout.REGULAR, lay.help_size, layout.GREY, "centre")
        batch.text(x + cell / 2, y - 10, bottom_text, layout.BOLD, lay.help_size + 0.5, align="centre")
    y -= 34

    # A line for each side to sign.
    half = room / 2
    for i, direction in enumerate(("majors", "minors")):
        x = left + i * half
        w = pair_symbols(batch, x, y, direction, lay.name_size)
        batch.line(x + w + 8, y - 2, x + half - 16, y - 2, color=layout.BLACK, weight=0.8)
