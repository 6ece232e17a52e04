"""The one place that answers "which kind of sheet does this table play?" (docs/domain.md, "Sheet
kinds"). ``KINDS`` lists the kinds' folders, most particular first — as Django's ``INSTALLED_APPS``
lists apps — and each kind's ``for_table`` says whether it is the one: the first that answers is.
Adding a kind is its folder plus a line here.

The kinds are imported by name when first asked for (after Django's apps are ready), as Django's own
app registry imports ``INSTALLED_APPS``: so this module stands on the floor every app stands on, the
domain apps ask it without importing the kinds' folders, and a kind may stand on the apps it draws
with (its printed pad on ``printing``).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

KINDS = (
    "director.sheets.auction",  # an Auction Calypso event's score pads
    "director.sheets.embers",  # an Embers night's pads
    "director.sheets.three",  # a club night's table of three: three-handed, split, Neutralised …
    "director.sheets.duet",  # a table of two: Calypso Duet
    "director.sheets.cutthroat",  # a progressive individual played cutthroat
    "director.sheets.coop",  # a duplicate coöperative event
    "director.sheets.partnership",  # Calypso by partnership: every other table
)
"""The kinds' folders (each a Django app for its templates and static files), most particular first."""


@cache
def kinds() -> tuple[type, ...]:
    """The kinds' classes, in ``KINDS`` order (each folder's ``kind.Kind``)."""
    return tuple(import_module(f"{package}.kind").Kind for package in KINDS)


def kind_of(event, variant: str | None = None, seats: str = ""):
    """The kind of sheet ``event``'s table plays: the table's seating ``variant`` and ``seats``
    for a table of three or two (``scoring.movements.odd``), None and "" for a table of four."""
    for kind in kinds():
        bound = kind.for_table(event, variant, seats)
        if bound is not None:
            return bound
    raise LookupError(f"no kind of sheet for event {event!r}")  # partnership answers for every table


def by_name(name: str) -> type:
    """The kind's class named ``name`` (``LookupError`` naming the kinds there are)."""
    for kind in kinds():
        if kind.name == name:
            return kind
    raise LookupError(f"no kind of sheet is called {name!r} ({', '.join(k.name for k in kinds())})")


# --- events and API: what the event's pages, services and the API ask of every kind -------------------
def general_first() -> tuple[type, ...]:
    """The kinds' classes, the most general first (partnership's sheet, then what others add to it):
    the order the pages, the checks and the API list them in."""
    return tuple(reversed(kinds()))


def clean_settings(values) -> dict:
    """Every kind's own event settings among ``values``, each read and checked (``SheetKind.clean_settings``)."""
    found: dict = {}
    for kind in general_first():
        found |= kind.clean_settings(values)
    return found


def check_settings(settings, given, event=None) -> dict:
    """Every kind checks an event's settings as they will be (``SheetKind.check_settings``: ``given``
    over what ``event`` stores; None while it is set up); what they fill in, together."""
    filled: dict = {}
    for kind in general_first():
        filled |= kind.check_settings(settings, given, event)
    return filled


def settings_saved(event, before=None) -> None:
    """Every kind records what it must of ``event``'s settings just saved (``SheetKind.settings_saved``;
    ``before``: the settings before, None for a new event)."""
    for kind in general_first():
        kind.settings_saved(event, before)


def event_settings() -> dict[str, str]:
    """Every kind's own event settings, in words (``SheetKind.event_settings``)."""
    words: dict[str, str] = {}
    for kind in general_first():
        words |= kind.event_settings()
    return words
