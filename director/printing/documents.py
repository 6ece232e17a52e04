"""The printable documents, by kind: the one entry point for the command line and Celery tasks.

A kind's ``source`` says what it is printed from: ``sets`` (game sets alone — no database),
``event`` (an event with its players, movement and results) or ``match`` (an Auction team match's
dealt rounds, ``scoring.auction.deal``). ``render`` is ``None`` for kinds not
written yet. A new kind is one entry in ``KINDS``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from scoring.gamesets import GameSet

from .auction_deals import render_auction_deals
from .canvas import Output, Progress
from .duplication import render_duplication_sheets
from .envelopes import render_envelopes
from .guide_cards import render_guide_cards
from .hand_records import SetAnalysis, render_hand_records
from .options import PrintError, PrintInputError, PrintOptionError, PrintOptions
from .results_sheet import render_results
from .scoresheets import render_scoresheets
from .tally_cards import render_tally_cards


@dataclass(frozen=True)
class DocumentKind:
    name: str
    title: str  # what the director calls it: "Hand envelopes", never the kind's name
    description: str
    source: str  # "sets", "event" or "match"
    render: Callable[..., bytes] | None = None

    @property
    def needs_game_sets(self) -> bool:
        """Printed from dealt game sets: only duplicate events have them (a progressive night's
        hands are dealt at the table)."""
        return self.source == "sets"


KINDS: dict[str, DocumentKind] = {
    kind.name: kind
    for kind in (
        DocumentKind("envelopes", "Hand envelopes", "envelopes or labels, one per hand", "sets", render_envelopes),
        DocumentKind("duplication", "Duplication sheets", "one per game set", "sets", render_duplication_sheets),
        DocumentKind("hand-records", "Hand records", "one per game set", "sets", render_hand_records),
        DocumentKind(
            "auction-deals",
            "Auction deals",
            "per round and table: the draft's cards and each seat's first hand, the same at both tables",
            "match",
            render_auction_deals,
        ),
        DocumentKind("scoresheets", "Scoresheets", "one per table per game", "event", render_scoresheets),
        DocumentKind("tally-cards", "Tally cards", "one per partnership or player", "event", render_tally_cards),
        DocumentKind("guide-cards", "Table guide cards", "one per table, with QR code", "event", render_guide_cards),
        DocumentKind("results", "Results", "standings, travellers and charts", "event", render_results),
    )
}


def kinds_for(duplicate: bool, *, team_match: bool = False) -> list[DocumentKind]:
    """The documents an event can have: hand documents only when it plays dealt game sets, the
    Auction deals only for an Auction team match (``team_match``)."""
    offered = {"sets": duplicate, "match": team_match}
    return [document for document in KINDS.values() if offered.get(document.source, True)]


def title(name: str) -> str:
    """A kind's name in words ("hand-records" → "Hand records"); an unknown name as it is."""
    document = KINDS.get(name)
    return document.title if document else name


def kind(name: str) -> DocumentKind:
    """The document kind called ``name``; ``PrintOptionError`` listing the kinds otherwise."""
    try:
        return KINDS[name]
    except KeyError:
        raise PrintOptionError(f"unknown document {name!r}: choose one of {', '.join(KINDS)}") from None


def render_from_event(
    name: str,
    data: Any,
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
) -> bytes:
    """Render event document ``name`` from the event's plain data (``data.EventData``, built by
    ``event_data.load_event_data``). Hand documents of an event go through ``render_from_sets``
    with the event's game sets (``event_data.render_event`` does both)."""
    document = kind(name)
    if document.source != "event":
        raise PrintOptionError(f"{name} are printed from game sets, not from the event's seatings")
    if document.render is None:
        raise PrintOptionError(f"{name} cannot be printed yet")
    return document.render(data, options, out=out, progress=progress)


def render_from_sets(
    name: str,
    sets: Iterable[GameSet],
    options: PrintOptions | None = None,
    *,
    out: Output = None,
    progress: Progress | None = None,
    **extra: Any,
) -> bytes:
    """Render document kind ``name`` from game sets alone. ``extra`` goes to the renderer
    (hand records: ``commitment``, ``analysis``). ``PrintError`` for a kind that needs an event."""
    document = kind(name)
    if document.source != "sets" or document.render is None:
        raise PrintOptionError(f"{name} are printed from an event (players, movement, results), not from game sets")
    return document.render(sets, options, out=out, progress=progress, **extra)


__all__ = [
    "KINDS",
    "DocumentKind",
    "PrintError",
    "PrintInputError",
    "PrintOptionError",
    "PrintOptions",
    "SetAnalysis",
    "kind",
    "kinds_for",
    "render_auction_deals",
    "render_duplication_sheets",
    "render_envelopes",
    "render_from_event",
    "render_from_sets",
    "render_hand_records",
    "title",
]
