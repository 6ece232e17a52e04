"""Calypso Duet on paper: the partnership sheet (``partnership.printed``) with each player's dummy
in its seat — ♥ the majors player's, ♦ the minors' — so the side reads "Ann & dummy"."""

from __future__ import annotations

import dataclasses

from director.printing.canvas import Batch
from director.printing.data import DIRECTION_SUITS, Play
from director.printing.options import PrintOptions
from director.sheets.partnership.printed import page
from scoring.cards import SUITS

WORDS = {
    "en": {"name": "Calypso Duet", "dummy": "dummy"},
    "fr": {"name": "Calypso en duo", "dummy": "mort"},
    "es": {"name": "Calypso a dúo", "dummy": "muerto"},
}
"""What the table plays and a player's face-up second hand, per print language."""


def name(kind, lang: str) -> str:
    return WORDS[lang]["name"]


def draw(kind, batch: Batch, play: Play, options: PrintOptions) -> None:
    said = WORDS[options.lang]
    page(batch, with_dummies(play, said["dummy"]), options, plays=said["name"])


def with_dummies(play: Play, dummy: str) -> Play:
    """``play`` with each player's dummy in the other seat of their side."""
    sides = {}
    for side in play.sides():
        suit, pid, _ = side.seats[0]
        other = next(s for s in DIRECTION_SUITS[side.direction] if s != suit)
        seats = sorted((side.seats[0], (other, pid, dummy)), key=lambda s: SUITS.index(s[0]))
        sides[side.direction] = dataclasses.replace(side, seats=tuple(seats))
    return dataclasses.replace(play, **sides)
