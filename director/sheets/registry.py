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
    "director.sheets.auction3",  # a three-handed Auction night's tables of three (its own event type)
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


# --- event types: each kind provides the types of event its tables play (``SheetKind.event_types``)
@cache
def event_types() -> tuple:
    """Every type of event (``base.EventType``), the most general kinds' first: what ``Event.type``
    may store, in the order the new-night form lists them."""
    # a kind's own types only: a kind that extends another (coöp, Duet) does not provide its types again
    return tuple(t for kind in general_first() for t in vars(kind).get("event_types", ()))


def event_type(value: str):
    """The type ``value`` names (``LookupError`` naming the types there are)."""
    for found in event_types():
        if found.value == value:
            return found
    raise LookupError(f"no event type is called {value!r} ({', '.join(t.value for t in event_types())})")


def event_type_choices() -> list[tuple[str, str]]:
    """``Event.type``'s choices: ``(value, label)`` of every type. A callable, so the migrations
    name it rather than list the types, and a kind's new type needs no migration."""
    return [(t.value, t.label) for t in event_types()]


def tally_check_fields() -> dict[str, tuple[str, str]]:
    """The boolean fields the kinds publish in the API's tally check (``SheetKind.tally_check_fields``)."""
    found: dict[str, tuple[str, str]] = {}
    for kind in general_first():
        found |= kind.tally_check_fields
    return found


def api_fields() -> list[str]:
    """The ``Event`` settings fields the kinds publish in the API's event serializer, in order: each
    kind's own settings (``SheetKind.event_settings``) and what else it names (``SheetKind.api_fields``)."""
    return list(dict.fromkeys(f for kind in general_first() for f in (*kind.api_fields, *kind.event_settings())))
