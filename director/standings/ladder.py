"""A club's season ladder across its events, by player (``season_ladder``), and the events a
ladder page reads (``ladder_events``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from director.events.models import Event
from scoring import standings as engine

from .selectors import COOP, MATCHPOINTS, TALLY, fmt_mp, fmt_pct, load_results, ranking_of, signed


# --- season ladder -----------------------------------------------------------------------------------
@dataclass
class LadderRow:
    rank: str
    player: str
    value: Fraction | int
    sessions: int
    counted: int
    qualified: bool
    percentage_based: bool

    @property
    def value_text(self) -> str:
        if self.percentage_based:
            return fmt_pct(self.value)
        return signed(self.value) if isinstance(self.value, int) else fmt_mp(self.value)


def season_ladder(
    events: Iterable[Event],
    *,
    basis: str = "percentage",
    method: str = "average",
    min_sessions: int = 1,
    best: int | None = None,
) -> list[LadderRow]:
    """A club's ladder across ``events``, by player: ``basis="percentage"`` takes each matchpoint
    event's session percentage, ``"tally"`` each progressive event's tally total; every player of a
    partnership is credited with its result."""
    wanted = TALLY if basis == "tally" else MATCHPOINTS
    # Own scores are not nets: an event ranked by them (a ranking of its own) is left out of a tally ladder.
    counted = (TALLY,) if wanted == TALLY else (MATCHPOINTS, COOP)
    chosen = [e for e in events if ranking_of(e) in counted]
    loaded = load_results(chosen)
    names: dict = {}
    scores: list[engine.SessionScore] = []
    for event in chosen:
        result = loaded[event.pk]
        for row in result.standings():
            if not row.rank:
                continue
            value = row.percentage if wanted == MATCHPOINTS else row.total
            if value is None:
                continue
            for player_key, name in row.entrant.players:
                names[player_key] = name
                scores.append(engine.SessionScore(event.pk, player_key, value))
    ladder = engine.season_ladder(scores, method=method, min_sessions=min_sessions, best=best)
    return [
        LadderRow(s.label, names[s.entrant], s.value, s.sessions, s.counted, s.qualified, wanted == MATCHPOINTS)
        for s in ladder
    ]


def ladder_events(club, season_id, *, released_only: bool):
    events = Event.objects.filter(club=club).select_related("club").order_by("date", "pk")
    if released_only:
        events = events.filter(standings_released=True)
    if season_id:
        events = events.filter(season_id=season_id)
    return list(events)
