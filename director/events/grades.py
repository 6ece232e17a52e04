"""A coöperative event's grade bands (docs/variants.md, "Coöperative grades at the club").

The bands belong to the event (``Event.coop_bands``): a club night of coöperative tables is graded
as its director set it up, and a night of tables of three can have bands of its own. An event
with none set uses ``scoring.coop.DEFAULT_BANDS``. Every check is ``scoring.coop.parse_bands``'s:
this module only reads the director's lines (``Gold: 4250``, one band a line) into its pairs and
stores what the engine returns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from director.audit.services import record
from director.core.errors import ValidationError
from scoring.coop import DEFAULT_BANDS, Band, BandError, parse_bands

from .locks import locked_event
from .models import Event

FIELD = "coop_bands"
MAX_BANDS = 20
MAX_TEXT = 2000
_WHOLE = re.compile(r"[0-9]{1,9}")


def bands_of(event: Event) -> tuple[Band, ...]:
    """The event's bands, lowest first: its own, or the engine's defaults when it has none."""
    if not event.coop_bands:
        return DEFAULT_BANDS
    return parse_bands(event.coop_bands)


def bands_text(bands: tuple[Band, ...]) -> str:
    """The bands as the director's form shows them: ``Bronze: 3250``, one a line, lowest first."""
    return "\n".join(f"{band.name}: {band.floor}" for band in bands)


def read_bands(data) -> tuple[Band, ...]:
    """Bands from the director's lines (text) or from JSON (``{"Gold": 4250}`` or
    ``[[4250, "Gold"], ...]``); ``ValidationError`` naming the line or band that is wrong."""
    if isinstance(data, str):
        if len(data) > MAX_TEXT:
            raise ValidationError(f"the grade bands are longer than {MAX_TEXT} characters", field=FIELD)
        pairs = []
        for number, line in enumerate(data.splitlines(), start=1):
            if not line.strip():
                continue
            name, colon, floor = line.rpartition(":")
            if not colon:
                raise ValidationError(
                    f"line {number} ({line.strip()[:40]!r}): write a band as its name, a colon and the "
                    "total it starts from, e.g. Gold: 4250",
                    field=FIELD,
                )
            floor = floor.strip()
            pairs.append([int(floor) if _WHOLE.fullmatch(floor) else floor, name.strip()])
        data = pairs
    if isinstance(data, list | tuple | Mapping) and len(data) > MAX_BANDS:
        raise ValidationError(f"at most {MAX_BANDS} grade bands", field=FIELD)
    try:
        return parse_bands(data)
    except BandError as error:
        raise ValidationError(f"the grade bands are wrong: {error}", field=FIELD) from error


@transaction.atomic
def set_grade_bands(*, event: Event, bands, by=None) -> Event:
    """Set a duplicate coöperative event's grade bands (text or JSON, ``read_bands``); blank text
    or ``None`` returns it to the defaults. Allowed at any time: the grades are read from the
    results, so every page shows the new grades at once."""
    if event.type != Event.Type.DUPLICATE_COOP:
        raise ValidationError("grade bands are for duplicate coöperative events", field=FIELD)
    blank = bands is None or (isinstance(bands, str) and not bands.strip())
    checked = () if blank else read_bands(bands)
    event = locked_event(event)
    before = event.coop_bands
    event.coop_bands = [[band.floor, band.name] for band in checked]
    event.updated_at = timezone.now()
    event.save(update_fields=["coop_bands", "updated_at"])
    record("events.coop_bands", event=event, obj=event, before=before, after=event.coop_bands, user=by)
    return event
