"""A duplicate coöperative event: partnership sheets; the table's total is what is compared."""

from __future__ import annotations

from dataclasses import dataclass

from director.events.grades import bands_of
from director.events.models import Event
from director.sheets.base import EventType
from director.sheets.partnership.kind import Kind as Partnership
from scoring.coop import DEFAULT_BANDS, Band


@dataclass(frozen=True)
class Kind(Partnership):
    name = "coop"
    label = "Coöperative Calypso"
    bands: tuple[Band, ...] = DEFAULT_BANDS  # the event's grade bands, lowest first

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls(bands_of(event)) if event.type == Event.Type.DUPLICATE_COOP else None

    # --- the phone: the four play for the table's total, so it shows the total and its grade, not a net
    totals_template = "sheets/coop/_totals.html"

    @property
    def grade_ranges(self) -> list[dict]:
        """Each band with the total it reaches up to (``below``; None for the top band), for the
        phone to name the grade of a table total (``scoring.coop.grade``'s bands)."""
        floors = [band.floor for band in self.bands[1:]] + [None]
        pairs = zip(self.bands, floors, strict=True)
        return [{"name": band.name, "floor": band.floor, "below": below} for band, below in pairs]

    # --- standings: each table's total is matchpointed among the tables that played the set
    standings = "coop"

    # --- events and API: its type (ranked by its own ``standings``), its grade bands published
    event_types = (EventType(Event.Type.DUPLICATE_COOP, Event.Type.DUPLICATE_COOP.label, Event.MovementKind.BAROMETER),)
    api_fields = ("coop_bands",)
    checked_alone = False  # the API's sheet check reads it as a partnership sheet
