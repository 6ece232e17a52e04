"""Tables of three and two in a progressive individual (issue #17.7, docs/movements.md "Tables of
three and two").

A club night seats four to six at a table; when the players cannot be seated so (two, three or
seven of them), one table seats three or two, and plays one of the variants of docs/variants.md:

* a table of **three** plays the night's choice: three-handed cutthroat (the default), split
  partnership (three-handed cards, each player's total is their own score plus their right-hand
  neighbour's) or Neutralised Calypso;
* a table of **two** plays Calypso Duet (majors player v minors player).

In the movement such a table is a ``TableRound`` with ``variant`` and ``seats`` (the suits its
players hold, clockwise): the players on majors suits make its ``majors`` side and those on minors
suits its ``minors`` side, each in ♠ ♥ / ♦ ♣ order — the sides are only where the seats are
written, not partnerships (nobody at a table of three has a partner). This module holds the
rules of those tables that do not need the ``Movement`` itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import SIDE_SUITS, SUITS
from ..variants import (
    DEFAULT_REMOVED_SUIT,
    NEUTRALISED,
    NEUTRALISED_SEATS,
    NEUTRALISED_SPLIT,
    SPLIT,
    THREE_HANDED,
    neutralised_cards,
    three_handed_seats,
)

DUET = "duet"
THREE_VARIANTS = (THREE_HANDED, SPLIT, NEUTRALISED, NEUTRALISED_SPLIT)
"""What a table of three plays: the night's choice, three-handed cutthroat unless it says otherwise."""
ODD_VARIANTS = (*THREE_VARIANTS, DUET)
DUET_SEATS = "SC"
"""Duet's two players, by their secret hands: the majors player's ♠ (♥ is their dummy), the minors
player's ♣ (♦ their dummy)."""
DEALS = {THREE_HANDED: 3, SPLIT: 3, NEUTRALISED: 5, NEUTRALISED_SPLIT: 5, DUET: 4}
"""Deals in a game of each variant (three-handed: 3 × 39 = 117 cards; Neutralised 4 × 39 + 51 = 207)."""
NAMES = {
    THREE_HANDED: "three-handed cutthroat",
    SPLIT: "split partnership",
    NEUTRALISED: "Neutralised Calypso",
    NEUTRALISED_SPLIT: "Neutralised Calypso in split partnership",
    DUET: "Calypso Duet",
}
ODD_COUNTS = {2: (2,), 3: (3,), 7: (4, 3)}
"""The player counts that tables of four to six cannot seat, and the tables they get instead."""


class OddTableError(ValueError):
    """A variant or seating of a table of three or two that cannot be."""


@dataclass(frozen=True)
class OddTables:
    """The night's choices for its tables of three and two: what a three plays and, three-handed
    or split, which suit is out of the three packs (Neutralised always plays ♠ ♦ ♥, Duet ♠ v ♣)."""

    three: str = THREE_HANDED
    removed: str = DEFAULT_REMOVED_SUIT

    def __post_init__(self) -> None:
        if self.three not in THREE_VARIANTS:
            raise OddTableError(f"a table of three plays {', '.join(THREE_VARIANTS)}, not {self.three!r}")
        if self.removed not in SUITS:
            raise OddTableError(f"{self.removed!r} is not a suit to remove (use S, H, D or C)")

    def for_size(self, players: int) -> tuple[str, str] | None:
        """``(variant, seats)`` of a table of ``players``: ``None`` for four to six."""
        if players == 3:
            seats = NEUTRALISED_SEATS if neutralised_cards(self.three) else three_handed_seats(self.removed)
            return self.three, seats
        if players == 2:
            return DUET, DUET_SEATS
        return None


def odd_sizes(count: int) -> tuple[int, ...] | None:
    """The table sizes for ``count`` players when tables of four to six cannot seat them (a table
    of three or two last): 2 → (2,), 3 → (3,), 7 → (4, 3); ``None`` otherwise."""
    return ODD_COUNTS.get(count)


def describe_sizes(sizes: Sequence[int]) -> str:
    """``(4, 3)`` → ``"a four and a three"`` (``"a Duet of two"`` for a table of two)."""
    words = {2: "a Duet of two", 3: "a three", 4: "a four", 5: "a five", 6: "a six"}
    return " and ".join(words[size] for size in sizes)


def seats_problem(variant: str, seats: str) -> str | None:
    """What is wrong with ``seats`` for ``variant`` (``None`` if nothing)."""
    if variant not in ODD_VARIANTS:
        return f"{variant!r} is not a variant of a table of three or two ({', '.join(ODD_VARIANTS)})"
    if not isinstance(seats, str) or len(set(seats)) != len(seats) or any(s not in SUITS for s in seats):
        return f"seats {seats!r} are not suits (S, H, D, C), each once"
    if variant == DUET:
        return None if seats == DUET_SEATS else f"a Duet is seated {DUET_SEATS} (♠ hand v ♣ hand), not {seats}"
    if neutralised_cards(variant) and set(seats) != set(NEUTRALISED_SEATS):
        return f"Neutralised Calypso is played by ♠ ♦ ♥ (♣ is nobody's), not {seats}"
    if len(seats) != 3:
        return f"a table of three has three seats, not {seats!r}"
    return None


def odd_table_problem(entry) -> str | None:
    """What is wrong with a ``TableRound`` of a table of three or two, as ``": ..."`` after its
    round and table (its variant and seats, and one player in each seat); ``None`` if nothing."""
    problem = seats_problem(entry.variant, entry.seats)
    if problem:
        return f": {problem}"
    for direction, side in entry.sides():
        if not isinstance(side, tuple):
            return f": a table of three or two seats players, not partnership {side}"
        suits = side_suits(entry.seats, direction)
        if len(side) != len(suits) or len(set(side)) != len(side):
            need = f"{len(suits)} player{'s' * (len(suits) != 1)}"
            return f" {direction}: the seats {''.join(suits) or '(none)'} need {need}, not {list(side)}"
    return None


def side_suits(seats: str, direction: str) -> tuple[str, ...]:
    """The suits of ``seats`` on ``direction``'s side, in the side's order (♠ ♥ or ♦ ♣)."""
    return tuple(suit for suit in SIDE_SUITS[direction] if suit in seats)


def seat_players(cut: Sequence, seats: str) -> dict[str, tuple]:
    """The sides of an odd table seated by the cut: the highest card takes the first seat of
    ``seats`` (clockwise from ♠), the next the next. Returns ``{"majors": (...), "minors": (...)}``."""
    if len(cut) != len(seats):
        raise OddTableError(f"{len(cut)} players for the {len(seats)} seats {seats}")
    at = dict(zip(seats, cut, strict=True))
    return {direction: tuple(at[s] for s in side_suits(seats, direction)) for direction in SIDE_SUITS}


__all__ = [
    "DEALS",
    "DUET",
    "DUET_SEATS",
    "NAMES",
    "NEUTRALISED",
    "NEUTRALISED_SPLIT",
    "ODD_VARIANTS",
    "SPLIT",
    "THREE_HANDED",
    "THREE_VARIANTS",
    "OddTableError",
    "OddTables",
    "describe_sizes",
    "odd_sizes",
    "odd_table_problem",
    "seat_players",
    "seats_problem",
    "side_suits",
]
