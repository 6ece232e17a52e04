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
