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


PARTNERSHIP, CUTTHROAT = "partnership", "cutthroat"


class PadRules:
    """An event whose sheets another engine reads (``results.embers.EmbersRules``): given as ``form``
    (or a ``SheetRules``' ``pad``) to ``sheet_problems``/``score_sheet``, which hand the sheet to it."""

    form = ""

    def problems(self, data) -> list[str]:
        raise NotImplementedError

    def score(self, data) -> ScoredSheet:
        raise NotImplementedError


@dataclass(frozen=True)
class SheetRules:
    """How one table's sheet is read: ``form`` partnership / cutthroat, or a club night's table of
    three's variant (``scoring.variants.TABLE_FORMS``) in its ``seats``; ``pad`` an event whose
    sheets another engine reads (an Embers night's pads)."""

    form: str = PARTNERSHIP
    seats: str = ""
    pad: PadRules | None = None


def _rules(form) -> SheetRules:
    """``form`` as callers give it: a ``SheetRules``, a ``PadRules``, or a Calypso form's name."""
    if isinstance(form, SheetRules):
        return form
    if isinstance(form, PadRules):
        return SheetRules(form.form, pad=form)
    return SheetRules(form or PARTNERSHIP)


def table_form(form: str | PadRules | SheetRules, variant: str | None, seats: str = "") -> SheetRules:
    """The rules of one table's sheet: a club night's table of three's variant (``three-handed``,
    ``split``, ``neutralised``…) in its ``seats``, a Duet's partnership sheet (one player a side),
    else the event's (``form``: its Calypso form's name, or its ``PadRules``: ``results.embers.sheet_form_of``)."""
    if variant in variants.TABLE_FORMS:
        return SheetRules(variant, seats=seats)
    return SheetRules(PARTNERSHIP) if variant == "duet" else _rules(form)


def sheet_problems(data, *, form: str | PadRules | SheetRules = PARTNERSHIP) -> list[str]:
    """Every problem with a (possibly half-typed) sheet, for a live check as the director types."""
    rules = _rules(form)
    if rules.pad is not None:
        return rules.pad.problems(data)
    if rules.form in variants.TABLE_FORMS:  # a club night's table of three, in its seats
        return variants.check_table_sheet(rules.form, data, rules.seats)
    if rules.form == CUTTHROAT:
        return scores.check_cutthroat(data)
    return scores.check_sheet(data)


def score_sheet(data, *, form: str | PadRules | SheetRules = PARTNERSHIP) -> ScoredSheet:
    """Check and score a sheet (dict from a form, the API or a file). Raises ``ValidationError``
    listing every problem — text where a number belongs, a negative count, cards not adding to 208.

    Cutthroat sheets and a table of three's have individual scores and no partnership totals:
    ``majors``/``minors`` are 0 and the players' figures are read from the sheet when needed
    (``scoring.variants.score_table_sheet`` for a table of three). An Embers pad's are the sides'
    final totals (``results.embers``).

    The one dispatch of a sheet to its engine: ``form`` is a table's ``SheetRules`` (``table_form``),
    the event's ``PadRules``, or a Calypso form's name.
    """
    rules = _rules(form)
    if rules.pad is not None:
        return rules.pad.score(data)
    try:
        if rules.form in variants.TABLE_FORMS:
            variants.score_table_sheet(rules.form, data, rules.seats)
            kind = variants.NeutralisedSheet if variants.neutralised_cards(rules.form) else scores.CutthroatSheet
            return ScoredSheet(sheet=kind.from_dict(data).to_dict(), majors=0, minors=0)
        if rules.form == CUTTHROAT:
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
