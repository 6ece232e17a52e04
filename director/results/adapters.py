"""Between ``Submission`` rows and ``scoring.scores``."""

from __future__ import annotations

from dataclasses import dataclass

from director.core.errors import ValidationError
from scoring import scores, variants


@dataclass(frozen=True)
class ScoredSheet:
    """A checked scoresheet in canonical JSON with its scores (what a Submission row stores)."""

    sheet: dict
    majors: int
    minors: int

    @property
    def net(self) -> int:
        return self.majors - self.minors


def sheet_problems(data, *, form: str = "partnership") -> list[str]:
    """Every problem with a (possibly half-typed) sheet, for a live check as the director types."""
    if form == "cutthroat":
        return scores.check_cutthroat(data)
    return scores.check_sheet(data)


def score_sheet(data, *, form: str = "partnership") -> ScoredSheet:
    """Check and score a sheet (dict from a form, the API or a file). Raises ``ValidationError``
    listing every problem — text where a number belongs, a negative count, cards not adding to 208.

    Cutthroat sheets have four individual scores and no partnership totals: ``majors``/``minors``
    are 0 and the individual scores are read from the sheet when needed.
    """
    try:
        if form == "cutthroat":
            sheet = scores.CutthroatSheet.from_dict(data)
            return ScoredSheet(sheet=sheet.to_dict(), majors=0, minors=0)
        sheet = scores.ScoreSheet.from_dict(data)
        game = scores.score_game(sheet)
    except scores.ScoreSheetError as error:
        raise ValidationError(f"the scoresheet is wrong: {error}", field="sheet", problems=error.problems) from error
    return ScoredSheet(sheet=sheet.to_dict(), majors=game.majors, minors=game.minors)


def to_score_sheet(submission) -> scores.ScoreSheet:
    """The stored sheet as a ``scoring.scores.ScoreSheet`` (it was checked when stored)."""
    return scores.ScoreSheet.from_dict(submission.sheet, validate=False)


def to_game_score(submission) -> scores.GameScore:
    return scores.score_game(submission.sheet)


# --- a club night's tables of three and two (issue #17.7) ---------------------------------------------------------
# Kept apart from the event forms above: a table's sheet is its variant's when it seats three or two.
def table_form(event_form: str, variant: str | None) -> str:
    """The form of a table's sheet: a table of three's variant (``three-handed``, ``split``,
    ``neutralised``), a Duet's partnership sheet (one player a side), else the event's form."""
    if variant in variants.TABLE_FORMS:
        return variant
    return "partnership" if variant == "duet" else event_form


def table_sheet_problems(data, *, form: str, seats: str = "") -> list[str]:
    """``sheet_problems`` for a table whose sheet form is ``table_form``'s: a table of three's is
    checked as its variant in its ``seats`` (``scoring.variants.check_table_sheet``)."""
    if form in variants.TABLE_FORMS:
        return variants.check_table_sheet(form, data, seats)
    return sheet_problems(data, form=form)


def score_table_sheet(data, *, form: str, seats: str = "") -> ScoredSheet:
    """``score_sheet`` for a table whose sheet form is ``table_form``'s. A table of three's sheet
    keeps 0 – 0 for majors/minors, as a cutthroat sheet does: its players' figures are read from it
    (``scoring.variants.score_table_sheet``)."""
    if form not in variants.TABLE_FORMS:
        return score_sheet(data, form=form)
    try:
        variants.score_table_sheet(form, data, seats)
        kind = variants.NeutralisedSheet if variants.neutralised_cards(form) else scores.CutthroatSheet
        sheet = kind.from_dict(data)
    except scores.ScoreSheetError as error:
        raise ValidationError(f"the scoresheet is wrong: {error}", field="sheet", problems=error.problems) from error
    return ScoredSheet(sheet=sheet.to_dict(), majors=0, minors=0)
