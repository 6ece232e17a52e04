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
from typing import ClassVar

from director.core.errors import ValidationError
from scoring.cards import SUITS
from scoring.scores import ScoreSheetError

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
