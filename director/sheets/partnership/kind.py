"""Calypso by partnership: the engine's 208-card sheet (``scoring.scores``)."""

from __future__ import annotations

from dataclasses import dataclass

from director.events.models import Event
from director.results.simulate import plausible_sheet
from director.sheets.base import EventType, ScoredSheet, SheetKind, refused
from director.sheets.boxes import SheetBoxes
from scoring import scores

from . import schema


@dataclass(frozen=True)
class Kind(SheetBoxes, SheetKind):
    name = "partnership"
    label = "Calypso by partnership"
    check_name = "partnership"  # Duet and coöp are checked as this sheet in the browser too

    T, M = Event.Type, Event.MovementKind
    event_types = (
        EventType(T.PROGRESSIVE_PAIRS, T.PROGRESSIVE_PAIRS.label, M.PROGRESSIVE, fixed_directions=True),
        EventType(T.PROGRESSIVE_INDIVIDUAL, T.PROGRESSIVE_INDIVIDUAL.label, M.PROGRESSIVE_INDIVIDUAL, individual=True),
        EventType(T.DUPLICATE_PAIRS, T.DUPLICATE_PAIRS.label, M.MITCHELL, ranking="matchpoints", fixed_directions=True),
        EventType(T.DUPLICATE_TEAMS, T.DUPLICATE_TEAMS.label, M.TEAM_MATCH, ranking="teams", teams=True),
    )
    del T, M

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

    # --- events and API: the 208-card sheet's API schema (the others add to it), its demo sheets
    api_schema = schema.SHEET
    checked_alone = True

    def demo_sheet(self, rng, game: int, table: int) -> dict:
        return plausible_sheet(rng)
