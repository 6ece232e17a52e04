"""Calypso by partnership: the engine's 208-card sheet (``scoring.scores``)."""

from __future__ import annotations

from dataclasses import dataclass

from director.sheets.base import ScoredSheet, SheetKind, refused
from director.sheets.boxes import SheetBoxes
from scoring import scores


@dataclass(frozen=True)
class Kind(SheetBoxes, SheetKind):
    name = "partnership"
    label = "Calypso by partnership"
    check_name = "partnership"  # Duet and coöp are checked as this sheet in the browser too

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls()

    def problems(self, data) -> list[str]:
        return scores.check_sheet(data)

    def score(self, data) -> ScoredSheet:
        try:
            sheet = scores.ScoreSheet.from_dict(data)
            game = scores.score_game(sheet)
        except scores.ScoreSheetError as error:
            raise refused(error) from error
        return ScoredSheet(sheet=sheet.to_dict(), majors=game.majors, minors=game.minors)
