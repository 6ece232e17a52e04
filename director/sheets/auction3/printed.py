"""The printed three-handed Auction score pad: one landscape page per table per game. The three
seats with the players' names; a row per hand with the declarer, the contract, each player's T, P,
C and cards required, the sale or the misère points, and each player's score and running total;
under it the scoring in brief (``scoring.auction.three``'s figures) and a line for each to sign. In
the print job's language (``WORDS``), as the four-handed pad."""

from __future__ import annotations

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import Play
from director.printing.event_sheet import header
from director.printing.options import PrintOptions
from director.sheets.auction.printed import hand_rows
from scoring.auction.three import HAND_CARDS, MINIMUM_BID, MINIMUM_CALYPSO_POINTS, VALUES

WORDS = {
    "en": {
        "name": "three-handed Auction Calypso",
        "title": "Three-handed Auction score pad",
        "hand": "Hand",
        "declarer": "Decl.",
        "contract": "Contract",
        "required": "Req.",
        "sold": "Sold/mis.",
        "rules": (
            "Least bid {bid} (with calypsos: {calypso_points} points) · declarer {declarer_card} a card, sells up "
            "to P at {sell_price} a card in limbo; made: bid × 1 / 2 / 4 (X / XX) + points; failed: − bid × 1 / 2 / 4 "
            "· defenders {defender_card} a card of both piles each · misère: 0 up to {misere_allowance}, then "
            "−{misere_point} a point · calypso bonus {calypso_base} + {calypso_square} × n² (n: cards it needed) · "
            "T + P of the three = {cards}"
        ),
    },
    "fr": {
        "name": "Calypso aux enchères à trois",
        "title": "Feuille de marque — enchères à trois",
        "hand": "Don.",
        "declarer": "Décl.",
        "contract": "Contrat",
        "required": "Req.",
        "sold": "Vte/mis.",
        "rules": (
            "Enchère minimum {bid} (avec calypsos : {calypso_points} points) · déclarant {declarer_card} par carte, "
            "vend jusqu'à P à {sell_price} la carte dans les limbes ; réussi : enchère × 1 / 2 / 4 (X / XX) + points ; "
            "chuté : − enchère × 1 / 2 / 4 · défense {defender_card} par carte des deux tas chacun · misère : 0 "
            "jusqu'à {misere_allowance}, puis −{misere_point} par point · prime de calypso {calypso_base} + "
            "{calypso_square} × n² (n : cartes qu'il fallait) · T + P des trois = {cards}"
        ),
    },
    "es": {
        "name": "Calypso con subasta a tres",
        "title": "Hoja de anotación — subasta a tres",
        "hand": "Mano",
        "declarer": "Decl.",
        "contract": "Contrato",
        "required": "Req.",
        "sold": "Vta/mis.",
        "rules": (
            "Puja mínima {bid} (con calypsos: {calypso_points} puntos) · declarante {declarer_card} por carta, vende "
            "hasta P a {sell_price} la carta en el limbo; cumplido: puja × 1 / 2 / 4 (X / XX) + puntos; fallado: "
            "− puja × 1 / 2 / 4 · defensa {defender_card} por carta de ambos montones cada uno · misère: 0 hasta "
            "{misere_allowance}, luego −{misere_point} por punto · prima de calypso {calypso_base} + "
            "{calypso_square} × n² (n: cartas que necesitó) · T + P de los tres = {cards}"
        ),
    },
}
"""What only this pad prints, per print language (its narrow columns take short headings); the
score and total headings are the event documents' (``options.event_words``)."""


def rules(lang: str) -> str:
    """The scoring in brief, in ``lang``, with ``scoring.auction.three``'s figures."""
    figures = VALUES.__dict__ | {"bid": MINIMUM_BID, "calypso_points": MINIMUM_CALYPSO_POINTS, "cards": HAND_CARDS}
    return WORDS[lang]["rules"].format(**figures)


def name(kind, lang: str) -> str:
    return WORDS[lang]["name"]


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    """One table's pad for one game (the caller ends the page)."""
    lay = layout.EVENT_SHEET
    ew, said = options.event_words, WORDS[options.lang]
    batch.set_page_size((max(batch.page_size), min(batch.page_size)))
    page_width, _ = batch.page_size
    left, right = lay.margin, page_width - lay.margin
    room = right - left
    y = header(batch, f"{said['title']} · {ew.table.format(n=play.table)}", ew.game.format(n=play.round), options.event)

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
        said["hand"],
        said["declarer"],
        said["contract"],
        *["T", "P", "C", said["required"]] * players,
        said["sold"],
        *[ew.score, ew.total] * players,
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
    for line in batch.wrap(rules(options.lang), layout.REGULAR, lay.help_size, room):
        batch.text(left, y, line, layout.REGULAR, lay.help_size, layout.GREY)
        y -= lay.help_size + 2.5
    y -= 18
    for i, seat in enumerate(kind.seats):
        x = left + i * third
        w = batch.symbol(x, y, seat, lay.name_size, layout.BOLD)
        batch.line(x + w + 8, y - 2, x + third - 16, y - 2, color=layout.BLACK, weight=0.8)
