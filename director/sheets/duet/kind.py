"""Calypso Duet at a table of two: the partnership sheet, one player a side."""

from __future__ import annotations

from dataclasses import dataclass

from director.sheets.partnership.kind import Kind as Partnership
from scoring.cards import MAJOR_SUITS

DUET = "duet"  # the variant scoring.movements.odd gives a table of two


@dataclass(frozen=True)
class Kind(Partnership):
    name = "duet"
    label = "Calypso Duet"

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls() if variant == DUET else None

    def players(self, cell) -> dict[str, str]:
        """Each player holds a hand and, face up, a dummy (♥ and ♦)."""
        names = {}
        for seat in self.seats:
            side = cell.majors if seat in MAJOR_SUITS else cell.minors
            player = next(iter(side.seats.values()), None) if side is not None else None
            if player is not None:
                names[seat] = f"{player.name} (dummy)" if seat in "HD" else player.name
        return names

    # --- events and API
    checked_alone = False  # the API's sheet check reads it as a partnership sheet
