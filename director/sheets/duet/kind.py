"""Calypso Duet at a table of two: the partnership sheet, one player a side."""

from __future__ import annotations

from dataclasses import dataclass

from director.sheets.partnership.kind import Kind as Partnership

DUET = "duet"  # the variant scoring.movements.odd gives a table of two


@dataclass(frozen=True)
class Kind(Partnership):
    name = "duet"
    label = "Calypso Duet"

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls() if variant == DUET else None

    # --- events and API
    checked_alone = False  # the API's sheet check reads it as a partnership sheet
