"""A duplicate coöperative event: partnership sheets; the table's total is what is compared."""

from __future__ import annotations

from dataclasses import dataclass

from director.events.models import Event
from director.sheets.partnership.kind import Kind as Partnership


@dataclass(frozen=True)
class Kind(Partnership):
    name = "coop"
    label = "Coöperative Calypso"

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls() if event.type == Event.Type.DUPLICATE_COOP else None

    # --- standings: each table's total is matchpointed among the tables that played the set
    standings = "coop"

    # --- events and API
    checked_alone = False  # the API's sheet check reads it as a partnership sheet
