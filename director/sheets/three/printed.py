"""A club night's table of three on paper: the cutthroat sheet (``cutthroat.printed``) of its three
seats, clockwise, with its card count (117, or 207 Neutralised) and, split partnership, a box for
each player's total with the right-hand player's (``scoring.variants.split_totals``)."""

from __future__ import annotations

from functools import partial

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import Play
from director.printing.event_sheet import write_box
from director.printing.options import PrintOptions
from director.sheets.cutthroat.printed import individual_page
from scoring import variants

WORDS = {
    "en": {
        "names": {
            variants.THREE_HANDED: "Three-handed cutthroat",
            variants.SPLIT: "Split partnership",
            variants.NEUTRALISED: "Neutralised Calypso",
            variants.NEUTRALISED_SPLIT: "Neutralised, split partnership",
        },
        "note": "A table of three: each player keeps their own trick pile; the cards add up to {deck}.",
        "split_totals": "Split totals: own score + the score of the player on the right",
    },
    "fr": {
        "names": {
            variants.THREE_HANDED: "Chacun pour soi à trois",
            variants.SPLIT: "Partenariat partagé",
            variants.NEUTRALISED: "Calypso neutralisé",
            variants.NEUTRALISED_SPLIT: "Neutralisé, partenariat partagé",
        },
        "note": "Table de trois : chacun garde son tas de plis ; les cartes font {deck}.",
        "split_totals": "Totaux partagés : sa marque + celle du joueur de droite",
    },
    "es": {
        "names": {
            variants.THREE_HANDED: "Todos contra todos a tres",
            variants.SPLIT: "Pareja compartida",
            variants.NEUTRALISED: "Calypso neutralizado",
            variants.NEUTRALISED_SPLIT: "Neutralizado, pareja compartida",
        },
        "note": "Mesa de tres: cada uno guarda su montón de bazas; las cartas suman {deck}.",
        "split_totals": "Totales compartidos: su tanteo + el del jugador de la derecha",
    },
}
"""Each variant's name, the note on the cards ({deck}: 117 or 207) and the split totals' heading,
per print language."""


def name(kind, lang: str) -> str:
    return WORDS[lang]["names"][kind.variant]


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    said = WORDS[options.lang]
    deck = variants.NEUTRALISED_DECK if kind.neutralised else variants.THREE_HANDED_DECK
    split = variants.split_scoring(kind.variant)
    individual_page(
        batch,
        play,
        options,
        kind.seats,
        plays=name(kind, options.lang),
        note=said["note"].format(deck=deck),
        total=str(deck),
        extra=partial(_split_totals, said["split_totals"]) if split else None,
    )


def _split_totals(heading: str, batch: Batch, order: str, left: float, right: float, top: float) -> float:
    """Split partnership: ``♠ + ♣ = [ ]`` for each player — their score and the right-hand player's
    (the one before them clockwise: ``scoring.variants.split_totals``)."""
    lay = layout.EVENT_SHEET
    y = top - lay.heading_size
    batch.text(left, y, heading, layout.BOLD, lay.heading_size)
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
