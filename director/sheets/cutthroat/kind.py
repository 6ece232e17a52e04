"""A progressive individual played cutthroat: a trick pile and a score per player (``scoring.scores``)."""

from __future__ import annotations

from dataclasses import dataclass

from director.events.models import Event
from director.sheets.base import ScoredSheet, SheetKind, refused
from scoring import scores
from scoring.tallies import Discrepancy, cutthroat_cross_check, plain

from .standings import parse_score


@dataclass(frozen=True)
class Kind(SheetKind):
    name = "cutthroat"
    label = "Cutthroat Calypso"
    individual = True

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls() if event.form == Event.Form.CUTTHROAT else None

    @property
    def tag(self) -> str:
        return "cutthroat"

    def problems(self, data) -> list[str]:
        return scores.check_cutthroat(data)

    def score(self, data) -> ScoredSheet:
        try:
            sheet = scores.CutthroatSheet.from_dict(data)
        except scores.ScoreSheetError as error:
            raise refused(error) from error
        return ScoredSheet(sheet=sheet.to_dict(), majors=0, minors=0)

    def seat_scores(self, data) -> dict[str, int]:
        return dict(scores.score_cutthroat(data).scores)

    # --- standings: each player scores alone, so the event adds own scores (no sign, no zero sum)
    standings = "cutthroat"

    def tally_figures(self, sheet, *, own: bool) -> dict[str, int] | None:
        try:
            return self.seat_scores(sheet)
        except scores.ScoreSheetError:  # a partnership sheet stored before the event's form changed
            return None

    def read_figure(self, text) -> int | None:
        return parse_score(text)

    def figure_text(self, value: int) -> str:
        return plain(value)

    def cross_check(self, cards, results, *, names, zero_sum: bool) -> list[Discrepancy]:
        """Each card against its lines and the sheets' own scores: nothing pairs, nothing adds to 0."""
        return cutthroat_cross_check(cards, results, names=names)
