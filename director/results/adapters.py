"""Between ``Submission`` rows and ``scoring.scores``."""

from __future__ import annotations

from dataclasses import dataclass

from director.core.errors import ValidationError
from scoring import scores


@dataclass(frozen=True)
class ScoredSheet:
    """A checked scoresheet in canonical JSON with its scores (what a Submission row stores)."""

    sheet: dict
    majors: int
    minors: int

    @property
    def net(self) -> int:
        return self.majors - self.minors


class PadRules:
    """An event whose sheets another engine reads (``results.embers.EmbersRules``): passed as
    ``form`` to ``sheet_problems``/``score_sheet``, which hand the sheet to it."""

    form = ""

    def problems(self, data) -> list[str]:
        raise NotImplementedError

    def score(self, data) -> ScoredSheet:
        raise NotImplementedError


def sheet_problems(data, *, form: str | PadRules = "partnership") -> list[str]:
    """Every problem with a (possibly half-typed) sheet, for a live check as the director types."""
    if isinstance(form, PadRules):
        return form.problems(data)
    if form == "cutthroat":
        return scores.check_cutthroat(data)
    return scores.check_sheet(data)


def score_sheet(data, *, form: str | PadRules = "partnership") -> ScoredSheet:
    """Check and score a sheet (dict from a form, the API or a file). Raises ``ValidationError``
    listing every problem — text where a number belongs, a negative count, cards not adding to 208.

    Cutthroat sheets have four individual scores and no partnership totals: ``majors``/``minors``
    are 0 and the individual scores are read from the sheet when needed.
    """
    if isinstance(form, PadRules):
        return form.score(data)
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
