"""What every kind of table sheet offers (``SheetKind``), and the checked sheet a kind hands back
(``ScoredSheet``). A kind is a class in its own folder (``director/sheets/<name>/kind.py``), listed
once in ``registry.KINDS``; an instance is the kind bound to one event's settings and one table
(an Auction event's values, an Embers night's hands, a table of three's variant and seats).

Capabilities are attributes of the kind (``individual``, ``hands``, ``seats`` …), never flags
threaded through callers, and the engine calls are its methods: ``problems`` for a live check as
someone types, ``score`` to check and score what is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import ClassVar

from director.core.errors import ValidationError
from scoring.cards import SUITS
from scoring.scores import ScoreSheetError
from scoring.variants import table_nets

MAX_PROBLEMS = 20
"""At most this many problems are listed for one sheet (a pad lists them hand by hand)."""


def refused(error: ScoreSheetError) -> ValidationError:
    """A 208-card (or three's) sheet the engine refused, as the pages and the API report it."""
    return ValidationError(f"the scoresheet is wrong: {error}", field="sheet", problems=error.problems)


@dataclass(frozen=True)
class ScoredSheet:
    """A checked scoresheet in canonical JSON with its scores (what a ``Submission`` row stores):
    the partnerships' totals, or 0 and 0 for a sheet of individual scores (cutthroat, a three)."""

    sheet: dict
    majors: int
    minors: int

    @property
    def net(self) -> int:
        return self.majors - self.minors


@dataclass(frozen=True)
class SheetKind:
    """One kind of table sheet, bound to an event (and a table). Subclasses set the class
    attributes and implement ``for_table``, ``problems`` and ``score``."""

    name: ClassVar[str] = ""
    """The registry's key and the name pages and the API use (``partnership``, ``auction`` …)."""
    label: ClassVar[str] = ""
    """The kind in the club's words (``Calypso by partnership``)."""
    individual: ClassVar[bool] = False
    """A trick pile and a score per player, no partnership totals (cutthroat, a table of three)."""
    pad: ClassVar[bool] = False
    """A score pad of hands (Auction, Embers) rather than one 208-card sheet a game."""

    @classmethod
    def for_table(cls, event, variant: str | None, seats: str) -> SheetKind | None:
        """This kind bound to ``event``'s table whose seating plays ``variant`` in ``seats`` (a
        table of three or two: ``scoring.movements.odd``), or None when the table plays another."""
        raise NotImplementedError

    @property
    def seats(self) -> str:
        """The seats that have boxes on the sheet, clockwise from ♠."""
        return SUITS

    @property
    def hands(self) -> int:
        """The most hands a pad holds (0 for a sheet that is not a pad)."""
        return 0

    @property
    def variant(self) -> str:
        """A club night's table of three: what it plays (``three-handed``, ``split`` …); else ""."""
        return ""

    @property
    def tag(self) -> str:
        """The sheet's ``form`` as the page script sends it ("" for a partnership sheet)."""
        return ""

    def problems(self, data) -> list[str]:
        """Every problem of a (possibly half-typed) sheet, for a live check as someone types."""
        raise NotImplementedError

    def score(self, data) -> ScoredSheet:
        """Check and score a sheet: ``ValidationError`` listing every problem, nothing else done."""
        raise NotImplementedError

    def seat_scores(self, data) -> dict[str, int] | None:
        """Each seat's own score of a checked sheet of individual scores; None for a sheet scored
        by partnership (its ``ScoredSheet`` totals say it all)."""
        return None

    # --- printing: the scoresheets document asks the kind to draw its page; the drawing is the
    # kind's own ``printed.py`` (or the one of the kind it extends), imported by name when first asked
    # as the registry imports ``kind.py``, so neither this module nor ``printing`` imports a kind's folder.
    printed_description: ClassVar[str] = ""
    """The scoresheets document of this kind on the print page, when it is not the 208-card sheet's."""

    def print_sheet(self, batch, play, options) -> None:
        """Draw one table's sheet for one game (``printing.data.Play``) on ``batch``'s page, in
        ``options``' language and paper (the scoresheets document ends the page)."""
        printed(type(self)).draw(self, batch, play, options)

    def printed_name(self, lang: str) -> str:
        """What a table of this kind plays, in the print language, where it is not what the night
        plays at every table (a table of three's variant, a Duet); "" otherwise."""
        name = getattr(printed(type(self)), "name", None)
        return name(self, lang) if name else ""

    def tally_figures(self, sheet, *, scores: bool) -> dict[str, int]:
        """Each seat's figure on the tally cards from a confirmed sheet of individual scores: its own
        score (``seat_scores``) when the event ranks players by score (``scores``: cutthroat), else
        its tally figure over the others at the table (``scoring.variants.table_nets``); {} for a
        sheet scored by partnership or one that does not score."""
        try:
            own = self.seat_scores(sheet)
        except ScoreSheetError:
            return {}
        if own is None:
            return {}
        return dict(own) if scores else table_nets(own)


@cache
def printed(kind: type[SheetKind]):
    """The module that draws ``kind``'s printed sheet: ``printed.py`` in its folder, or in the folder
    of the kind it extends (a coöperative table prints the partnership sheet)."""
    for cls in kind.__mro__:
        if cls is SheetKind:
            break
        module = f"{cls.__module__.rpartition('.')[0]}.printed"
        if find_spec(module) is not None:
            return import_module(module)
    raise LookupError(f"no printed sheet for {kind.__name__} ({kind.__module__})")
