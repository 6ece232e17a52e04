"""A progressive individual played cutthroat: a trick pile and a score per player (``scoring.scores``)."""

from __future__ import annotations

from dataclasses import dataclass

from director.events.models import Event
from director.sheets.base import ScoredSheet, SheetKind, refused
from scoring import scores

from . import night, schema


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

    # --- events and API: the event's form (``night``), its API schema
    night = night  # (the module above: SheetKind.night)
    api_schema = schema.SHEET
    checked_alone = True
