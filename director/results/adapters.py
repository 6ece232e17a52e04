"""Between ``Submission`` rows and the scoring engines, through the table's kind of sheet
(``director.sheets.registry.kind_of``): the kind checks and scores (its own engine calls); this
module adds what holds for every kind: a score a column can hold.

Which kind reads a sheet is the event's and the table's, never the sheet's own say: a pad sent to a
Calypso event, or a 208-card sheet to an Auction or Embers one, is refused as malformed.
"""

from __future__ import annotations

from director.core.errors import ValidationError
from director.sheets.base import ScoredSheet, SheetKind

__all__ = ["MAX_SCORE", "ScoredSheet", "score_sheet", "sheet_problems"]


def sheet_problems(data, *, kind: SheetKind) -> list[str]:
    """Every problem with a (possibly half-typed) sheet, for a live check as the director types."""
    return kind.problems(data)


MAX_SCORE = 2**31 - 1
"""The largest score a ``Submission`` column holds on every database (PostgreSQL's integer)."""


def score_sheet(data, *, kind: SheetKind) -> ScoredSheet:
    """The kind's ``score``, refused (``ValidationError``) when its scores are more than a score
    column holds: the engines set no upper limit on a bid's points, and 20 digits of them would reach
    the database as a 500 rather than as the mistake it is."""
    scored = kind.score(data)
    if max(abs(scored.majors), abs(scored.minors), abs(scored.net)) > MAX_SCORE:
        raise ValidationError(
            f"the scoresheet is wrong: the scores come to ♠♥ {scored.majors:,} · ♦♣ {scored.minors:,}, beyond the "
            f"±{MAX_SCORE:,} a score may be: check the points bid",
            field="sheet",
        )
    return scored
