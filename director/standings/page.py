"""The director's standings page, computed once per results version and cached
(``standings_page``), and the markers public pages key their caches on (``results_marker``,
``club_marker``). The figures come from ``selectors.event_results``."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max

from director.events.models import Event, ResultsChange
from director.events.selectors import results_version
from director.results.models import Submission
from director.sheets.base import SheetKind

from .coop import CoopGrades, coop_grades
from .models import ArtificialScore, FouledSet, StandingsOptions
from .selectors import COOP, TALLY, TEAMS, EventResults, StandingRow, StandingsList, TeamRow, _ByKind, event_results
from .sum_check import SumCheck, sum_check

# --- the director's standings page, cached per results version ----------------------------------------
STANDINGS_CACHE_SECONDS = 6 * 3600  # a club night; a later version is asked for after any write
PAGE_SHAPE = 3  # moves when StandingsPage's fields change, so a page cached by older code is not read


@dataclass(frozen=True)
class RankingOptions:
    """The event's ranking options as the standings page shows them."""

    tie_break: str
    team_method: str
    ranking: str = StandingsOptions.Ranking.AUTO
    separate: bool = False  # the lists as ranked: one per direction (the option, or "auto" resolved)

    def get_ranking_display(self) -> str:
        return StandingsOptions.Ranking(self.ranking).label

    def get_tie_break_display(self) -> str:
        return StandingsOptions.TieBreak(self.tie_break).label

    def get_team_method_display(self) -> str:
        return StandingsOptions.TeamMethod(self.team_method).label


@dataclass(frozen=True)
class GameColumn:
    number: int


@dataclass
class StandingsPage(_ByKind):
    """What the director's standings page shows, computed from ``EventResults`` once per results
    version of the event (``standings_page``)."""

    kind: str
    sheet_kind: SheetKind
    options: RankingOptions
    rounds: list[GameColumn]
    game_sets: list[int]
    lists: list[StandingsList]
    teams: list[TeamRow] | None
    sum_check: SumCheck | None  # a night ranked by tally totals: what they add up to, and why
    coop: CoopGrades | None = None  # duplicate coöperative: the tables' totals, grades, differences

    @property
    def rows(self) -> list[StandingRow]:
        return [row for lst in self.lists for row in lst.rows]

    @property
    def separate(self) -> bool:
        return self.options.separate

    def standings(self) -> list[StandingRow]:
        """As ``EventResults.standings`` (so ``exports.standings_rows`` reads a cached page too)."""
        return self.rows

    def standings_lists(self) -> list[StandingsList]:
        """As ``EventResults.standings_lists``: the one shape every renderer of standings reads."""
        return self.lists

    def team_standings(self) -> list[TeamRow]:
        return self.teams or []

    @classmethod
    def of(cls, results: EventResults) -> StandingsPage:
        options = results.options
        return cls(
            kind=results.kind,
            sheet_kind=results.sheet_kind,
            options=RankingOptions(options.tie_break, options.team_method, options.ranking, results.separate),
            rounds=[GameColumn(r.number) for r in results.rounds],
            game_sets=results.game_sets(),
            lists=results.standings_lists(),
            teams=results.team_standings() if results.kind == TEAMS else None,
            sum_check=sum_check(results) if results.kind == TALLY else None,
            coop=coop_grades(results) if results.kind == COOP else None,
        )


def standings_cache_key(event: Event) -> str:
    """Moves with every write that changes the event's results (its results version: the services
    record each such write in the write's transaction) and with any change of its settings
    (``updated_at``). One query; it must be read before the results it stands for."""
    version, stamp = results_version(event), event.updated_at.timestamp()
    return f"calypso:standings:lists{PAGE_SHAPE}:{event.pk}:{version}:{stamp}"


def standings_page(event: Event) -> StandingsPage:
    """The standings page's figures for ``event``: from the cache, or computed through
    ``event_results`` and cached until the next write. One query on a hit (the version)."""
    key = standings_cache_key(event)
    page = cache.get(key)
    if page is None:
        page = StandingsPage.of(event_results(event))
        cache.set(key, page, STANDINGS_CACHE_SECONDS)
    return page


def results_marker(event: Event) -> str:
    """Changes whenever anything the results pages show changes: a sheet entered, confirmed,
    disputed or superseded; an adjustment made or withdrawn; a switch or setting of the event.
    Public pages key their cache on it, so a new result shows at once. Six small queries."""
    sub = Submission.objects.filter(round__event=event).aggregate(
        n=Count("id"), last=Max("id"), changed=Max("status_changed_at")
    )
    adj = ArtificialScore.objects.filter(event=event).aggregate(
        n=Count("id"), last=Max("id"), withdrawn=Max("withdrawn_at")
    )
    foul = FouledSet.objects.filter(event=event).aggregate(n=Count("id"), last=Max("id"), withdrawn=Max("withdrawn_at"))
    stamp = Event.objects.filter(pk=event.pk).values_list("updated_at", flat=True).first()
    version = results_version(event)
    opts = StandingsOptions.objects.filter(event=event).values_list("updated_at", flat=True).first()
    parts = [
        sub["n"], sub["last"], sub["changed"], adj["n"], adj["last"], adj["withdrawn"],
        foul["n"], foul["last"], foul["withdrawn"], stamp, version, opts,
    ]  # fmt: skip
    return "-".join("" if p is None else str(p.timestamp() if hasattr(p, "timestamp") else p) for p in parts)


def club_marker(club) -> str:
    """Like ``results_marker`` for all of a club's events at once (the season ladder). Five queries."""
    sub = Submission.objects.filter(round__event__club=club).aggregate(
        n=Count("id"), last=Max("id"), changed=Max("status_changed_at")
    )
    adj = ArtificialScore.objects.filter(event__club=club).aggregate(
        n=Count("id"), last=Max("id"), withdrawn=Max("withdrawn_at")
    )
    foul = FouledSet.objects.filter(event__club=club).aggregate(n=Count("id"), withdrawn=Max("withdrawn_at"))
    ev = Event.objects.filter(club=club).aggregate(n=Count("id"), stamp=Max("updated_at"))
    ev["changes"] = ResultsChange.objects.filter(event__club=club).count()
    parts = [*sub.values(), *adj.values(), *foul.values(), *ev.values()]
    return "-".join("" if p is None else str(p.timestamp() if hasattr(p, "timestamp") else p) for p in parts)
