"""Standings (RULES.md §6–7): session results, team events and the season ladder.

Ranks: equal results share a rank, shown ``=3``; the next rank skips (1, =2, =2, 4). A rank is
always 1 + the number of entrants strictly ahead. An event may name tie-breaks that separate
equal totals, applied in order:

- ``"head-to-head"``: among the tied entrants only, the sum of what each scored in games against
  the others of the group (a mini-league); if that splits a group of three or more, it is
  applied again among those still level;
- ``"count-back"``: the score over the last game, then the last two games, the last three … (as
  in golf) — first difference decides; on a percentage event the percentage over those games;
- ``"aggregate"`` (team events): the total of the team's nets;
- ``"none"``: equal stays equal.

Inputs are plain dataclasses the Django side fills from its rows:

- ``GameScore`` — one entrant's result in one game of a session (a net, or matchpoints with the
  set's top); ``game_scores_from_results`` makes them from ``scoring.tallies.GameResult``;
- ``TeamResult`` — a team's net on one game set of one match;
- ``SessionScore`` — one entrant's result (percentage or tally total) in one session of a season.

A duplicate pairs event compares each direction only with itself (RULES.md §7: majors against
majors on a set), so it ranks the ♠♥ pairs and the ♦♣ pairs as two lists — the two "winners" of
every pairs result — unless the director asks for one overall list: ``standings_by_direction``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .matchpoints import percentage
from .movements.model import DIRECTIONS, MAJORS, MINORS, MITCHELL
from .tallies import GameResult

EntrantId = Hashable
Number = int | Fraction

HEAD_TO_HEAD = "head-to-head"
COUNT_BACK = "count-back"
AGGREGATE = "aggregate"
NONE = "none"

AGGREGATE_METHOD = "aggregate"
BOARD_A_MATCH = "board-a-match"
MATCH_POINTS = "match-points"
TEAM_METHODS = (AGGREGATE_METHOD, BOARD_A_MATCH, MATCH_POINTS)
MATCH_POINTS_FOR = {"win": 2, "draw": 1, "loss": 0}


class StandingsError(ValueError):
    """Input that cannot be ranked: an unknown method or tie-break, a record given twice."""


def _exact(value: Any, what: str) -> Number:
    """Ints and Fractions as they are; Decimals and floats converted exactly (floats by repr)."""
    if isinstance(value, bool):
        raise StandingsError(f"{what}: {value!r} is not a number")
    if isinstance(value, int | Fraction):
        return value
    if isinstance(value, Decimal):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    raise StandingsError(f"{what}: {value!r} is not a number")


def _ids(value: object) -> tuple:
    if value is None:
        return ()
    if isinstance(value, tuple):
        return value
    if isinstance(value, list | set | frozenset):
        return tuple(value)
    return (value,)


# --- ranks ---------------------------------------------------------------------------------------


def rank_label(rank: int | None, tied: bool) -> str:
    """How a rank is shown: ``"3"``, or ``"=3"`` when shared; ``""`` for no rank."""
    if rank is None:
        return ""
    return f"={rank}" if tied else str(rank)


def ranks(values: Mapping[EntrantId, Any], higher_is_better: bool = True) -> dict[EntrantId, tuple[int, bool]]:
    """Competition ranks: ``entrant → (rank, tied)``; rank = 1 + the number strictly better.

    Values need only be comparable (numbers, or tuples of numbers for a chain of criteria).
    """
    order = sorted(values, key=values.__getitem__, reverse=higher_is_better)
    out: dict[EntrantId, tuple[int, bool]] = {}
    i = 0
    while i < len(order):
        j = i + 1
        while j < len(order) and values[order[j]] == values[order[i]]:
            j += 1
        for entrant in order[i:j]:
            out[entrant] = (i + 1, j - i > 1)
        i = j
    return out


def _tie_breaks(tie_break: str | Sequence[str], allowed: Sequence[str]) -> list[str]:
    if isinstance(tie_break, str):
        chain = [tie_break]
    elif isinstance(tie_break, list | tuple):
        chain = list(tie_break)
    else:
        chain = [tie_break]  # reported below as an unknown tie-break
    out = []
    for name in chain:
        if not isinstance(name, str):
            raise StandingsError(f"unknown tie-break {name!r}: use {', '.join(repr(a) for a in allowed)}")
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key not in allowed:
            raise StandingsError(f"unknown tie-break {name!r}: use {', '.join(repr(a) for a in allowed)}")
        if key != NONE:
            out.append(key)
    return out


KeyFn = Callable[[EntrantId, Sequence[EntrantId]], Any]


def _order(group: list, chain: list[str], keys: Mapping[str, KeyFn]) -> list[tuple[list, str | None]]:
    """Split a group of equal entrants by the tie-break chain: ordered (still-tied subgroup,
    tie-break that separated it) pairs, best first."""
    if len(group) < 2 or not chain:
        return [(group, None)]
    name = chain[0]
    values = {entrant: keys[name](entrant, group) for entrant in group}
    levels = sorted(set(values.values()), reverse=True)
    if len(levels) == 1:
        return _order(group, chain[1:], keys)
    out: list[tuple[list, str | None]] = []
    for level in levels:
        sub = [entrant for entrant in group if values[entrant] == level]
        # A mini-league among fewer entrants can split them again; other tie-breaks move on.
        inner = _order(sub, chain if name == HEAD_TO_HEAD else chain[1:], keys)
        out.extend((members, decided or name) for members, decided in inner)
    return out


def _ranked(
    primary: Mapping[EntrantId, Any], chain: list[str], keys: Mapping[str, KeyFn]
) -> dict[EntrantId, tuple[int, bool, str | None]]:
    """Rank by ``primary`` (higher better), separating equal values with the tie-break chain."""
    out: dict[EntrantId, tuple[int, bool, str | None]] = {}
    order = sorted(primary, key=primary.__getitem__, reverse=True)
    i = 0
    while i < len(order):
        j = i + 1
        while j < len(order) and primary[order[j]] == primary[order[i]]:
            j += 1
        position = i + 1
        for members, decided in _order(order[i:j], chain, keys):
            for entrant in members:
                out[entrant] = (position, len(members) > 1, decided)
            position += len(members)
        i = j
    return out


def _sort_key(entrant: EntrantId) -> tuple:
    return (type(entrant).__name__, str(entrant))


# --- session standings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GameScore:
    """One entrant's result in one game of a session.

    - ``entrant``: a partnership's or player's id;
    - ``game``: the game (round) number in the session, 1, 2, …;
    - ``score``: the net on the tally (progressive events) or the matchpoints (pairs events);
    - ``top``: the matchpoint top of that game set (``None`` for tally events);
    - ``opponents``: whom they played — an id or a tuple of ids (for head-to-head).
    """

    entrant: EntrantId
    game: int
    score: Number
    top: Number | None = None
    opponents: tuple[EntrantId, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "opponents", _ids(self.opponents))


@dataclass(frozen=True)
class Standing:
    """One line of a session's standings.

    ``total`` is the sum of scores (nets, or matchpoints); ``percentage`` is total ÷ total tops
    × 100 for matchpoint events (``None`` for tally events); ``decided_by`` names the tie-break
    that separated this entrant from others with the same total, if any.
    """

    entrant: EntrantId
    rank: int
    tied: bool
    total: Number
    percentage: Fraction | None
    games: int
    decided_by: str | None = None

    @property
    def label(self) -> str:
        """The rank as shown: ``"3"`` or ``"=3"``."""
        return rank_label(self.rank, self.tied)


def game_scores_from_results(results: Iterable[GameResult]) -> list[GameScore]:
    """Every entrant's ``GameScore`` (net, opponents) from progressive scoresheets."""
    out = []
    for r in results:
        for entrant in r.majors:
            out.append(GameScore(entrant, r.game, r.majors_net, None, r.minors))
        for entrant in r.minors:
            out.append(GameScore(entrant, r.game, r.minors_net, None, r.majors))
    return out


def session_standings(
    scores: Iterable[GameScore],
    by: str = "total",
    tie_break: str | Sequence[str] = NONE,
) -> list[Standing]:
    """Standings of one session from each entrant's game results.

    ``by="total"`` ranks by the sum of scores (tallies, or matchpoints when everyone had the same
    tops); ``by="percentage"`` by total matchpoints ÷ total tops. ``tie_break`` is ``"none"``,
    ``"head-to-head"``, ``"count-back"`` or a sequence of them applied in order. Returns the
    standings best first (equal entrants in id order).
    """
    if by not in ("total", "percentage"):
        raise StandingsError(f"unknown standings basis {by!r}: use 'total' or 'percentage'")
    chain = _tie_breaks(tie_break, (NONE, HEAD_TO_HEAD, COUNT_BACK))
    per_entrant: dict[EntrantId, dict[int, GameScore]] = defaultdict(dict)
    for s in scores:
        if s.game in per_entrant[s.entrant]:
            raise StandingsError(f"{s.entrant!r} has two results for game {s.game}")
        per_entrant[s.entrant][s.game] = s

    def total(games: Iterable[GameScore]) -> Number:
        return sum((_exact(g.score, f"score of {g.entrant!r}") for g in games), 0)

    def pct(games: Sequence[GameScore]) -> Fraction | None:
        tops = [g for g in games if g.top is not None]
        if not tops:
            return None
        return percentage(total(tops), sum((_exact(g.top, f"top of {g.entrant!r}") for g in tops), 0))

    totals = {e: total(g.values()) for e, g in per_entrant.items()}
    percentages = {e: pct(list(g.values())) for e, g in per_entrant.items()}
    if by == "percentage":
        missing = [e for e, p in percentages.items() if p is None]
        if missing:
            raise StandingsError(f"{missing[0]!r} has no matchpoint tops: rank this session by 'total'")
        primary: Mapping[EntrantId, Any] = percentages
    else:
        primary = totals
    last_game = max((g for games in per_entrant.values() for g in games), default=0)

    def head_to_head(entrant: EntrantId, group: Sequence[EntrantId]) -> Number:
        others = set(group) - {entrant}
        return total(g for g in per_entrant[entrant].values() if others.intersection(g.opponents))

    def count_back(entrant: EntrantId, group: Sequence[EntrantId]) -> tuple:
        games = per_entrant[entrant]
        steps = []
        for k in range(1, last_game + 1):
            window = [g for n, g in games.items() if n > last_game - k]
            if by == "percentage":
                value = pct(window)
                steps.append(Fraction(-1) if value is None else value)
            else:
                steps.append(total(window))
        return tuple(steps)

    ranked = _ranked(primary, chain, {HEAD_TO_HEAD: head_to_head, COUNT_BACK: count_back})
    out = [
        Standing(e, rank, tied, totals[e], percentages[e], len(per_entrant[e]), decided)
        for e, (rank, tied, decided) in ranked.items()
    ]
    out.sort(key=lambda s: (s.rank, _sort_key(s.entrant)))
    return out


def standings_from_totals(totals: Mapping[EntrantId, Any]) -> list[Standing]:
    """Standings straight from session totals (or percentages), no tie-breaks: equal share."""
    exact = {e: _exact(v, f"total of {e!r}") for e, v in totals.items()}
    out = [Standing(e, rank, tied, exact[e], None, 0) for e, (rank, tied) in ranks(exact).items()]
    out.sort(key=lambda s: (s.rank, _sort_key(s.entrant)))
    return out


# --- a pairs event's two fields ------------------------------------------------------------------

RANK_AUTO = "auto"
RANK_SEPARATE = "separate"
RANK_OVERALL = "overall"
RANKINGS = (RANK_AUTO, RANK_SEPARATE, RANK_OVERALL)


@dataclass(frozen=True)
class DirectionStandings:
    """One list of a session's standings: the pairs of one direction (``"majors"`` or
    ``"minors"``), or everybody (``direction`` is ``None``: the overall list)."""

    direction: str | None
    standings: list[Standing]


def ranking_for(ranking: str, movement_kind: str) -> str:
    """``"separate"`` or ``"overall"``: the director's choice, or for ``"auto"`` what the movement
    suggests — separate lists for a Mitchell (two fields that never compare with each other), one
    list for every other movement."""
    key = (ranking or RANK_AUTO).strip().lower()
    if key not in RANKINGS:
        raise StandingsError(f"unknown ranking {ranking!r}: use {', '.join(repr(r) for r in RANKINGS)}")
    if key == RANK_AUTO:
        return RANK_SEPARATE if movement_kind == MITCHELL else RANK_OVERALL
    return key


def standings_by_direction(
    scores: Iterable[GameScore],
    directions: Mapping[EntrantId, str],
    *,
    by: str = "percentage",
    tie_break: str | Sequence[str] = NONE,
    separate: bool = True,
) -> list[DirectionStandings]:
    """A pairs session's standings as the room reads them: with ``separate``, one list per direction
    (majors first), each ranked within itself — ranks start at 1 in each list and equal results
    share a rank (``=3``) within it; the tie-break looks only at that direction's games. Without
    ``separate``, one overall list (``direction`` None), as ``session_standings``.

    ``directions`` maps every entrant to the direction it sat in (``"majors"`` / ``"minors"``;
    a pair that changed direction is listed where it started). Both lists are given, even one
    with nobody ranked yet.
    """
    scores = list(scores)
    if not separate:
        return [DirectionStandings(None, session_standings(scores, by=by, tie_break=tie_break))]
    fields: dict[str, list[GameScore]] = {direction: [] for direction in DIRECTIONS}
    for score in scores:
        direction = directions.get(score.entrant)
        if direction not in fields:
            raise StandingsError(
                f"{score.entrant!r} sat in no known direction ({direction!r}): use {MAJORS!r} or {MINORS!r}"
            )
        fields[direction].append(score)
    return [
        DirectionStandings(direction, session_standings(fields[direction], by=by, tie_break=tie_break))
        for direction in DIRECTIONS
    ]


# --- team events ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamResult:
    """A team's net on one game set of one match (duplicate teams of four, RULES.md §6).

    A team's net on a set is the sum of its two partnerships' nets on it (one at each table);
    give either one record per team and set, or one per partnership-play — records with the
    same ``match``, ``game_set`` and ``team`` are added up. Records for the opponents are
    optional: a missing side is taken as the negative (the nets of a match cancel out).
    """

    match: Hashable
    game_set: Hashable
    team: EntrantId
    opponent: EntrantId
    net: int


@dataclass(frozen=True)
class TeamStanding:
    """One line of team standings.

    ``points`` is what the method ranks by: the aggregate of nets (``"aggregate"``), board-a-match
    points (1 per set won, ½ per set tied) or match points (2 per match won, 1 drawn);
    ``won``/``drawn``/``lost`` count sets (board-a-match) or matches (the other methods).
    """

    team: EntrantId
    rank: int
    tied: bool
    points: Number
    aggregate: int
    matches: int
    won: int
    drawn: int
    lost: int
    decided_by: str | None = None

    @property
    def label(self) -> str:
        """The rank as shown: ``"3"`` or ``"=3"``."""
        return rank_label(self.rank, self.tied)


def team_standings(
    results: Iterable[TeamResult],
    method: str = MATCH_POINTS,
    tie_break: str | Sequence[str] | None = None,
) -> list[TeamStanding]:
    """Team standings by ``method``: ``"aggregate"`` (Konstam: total nets), ``"board-a-match"``
    (per game set: 1 for the higher team net, ½ each if equal) or ``"match-points"`` (per match:
    2 win, 1 draw, 0 loss on the match's total nets).

    ``tie_break``: ``"aggregate"``, ``"head-to-head"`` (points in the matches between the tied
    teams), ``"none"`` or a sequence; by default ``"aggregate"`` for board-a-match and match
    points, ``"none"`` for aggregate.
    """
    if method not in TEAM_METHODS:
        raise StandingsError(f"unknown team method {method!r}: use {', '.join(TEAM_METHODS)}")
    if tie_break is None:
        tie_break = NONE if method == AGGREGATE_METHOD else AGGREGATE
    chain = _tie_breaks(tie_break, (NONE, AGGREGATE, HEAD_TO_HEAD))

    net: dict[tuple, int] = defaultdict(int)  # (match, set, team) → net
    opponent_in: dict[tuple, EntrantId] = {}  # (match, team) → opponent
    sets_in: dict[tuple, list] = defaultdict(list)  # (match, team) → sets, in order
    for r in results:
        for team, opponent in ((r.team, r.opponent), (r.opponent, r.team)):
            known = opponent_in.setdefault((r.match, team), opponent)
            if known != opponent:
                raise StandingsError(f"match {r.match!r}: {team!r} is recorded against {known!r} and {opponent!r}")
            if r.game_set not in sets_in[(r.match, team)]:
                sets_in[(r.match, team)].append(r.game_set)
        net[(r.match, r.game_set, r.team)] += _exact(r.net, f"net of {r.team!r}")
    given = set(net)
    for match, game_set, team in given:
        opponent = opponent_in[(match, team)]
        theirs = (match, game_set, opponent)
        if theirs in given and net[theirs] != -net[(match, game_set, team)]:
            raise StandingsError(
                f"match {match!r}, set {game_set!r}: {team!r}'s net {net[(match, game_set, team)]:+} and "
                f"{opponent!r}'s {net[theirs]:+} are not exact negatives"
            )

    def set_net(match: Hashable, game_set: Hashable, team: EntrantId) -> int:
        """A team's net on a set; the negative of the opponents' when only theirs was given."""
        if (match, game_set, team) in given:
            return net[(match, game_set, team)]
        return -net[(match, game_set, opponent_in[(match, team)])]

    def margin(match: Hashable, game_set: Hashable, team: EntrantId) -> int:
        opponent = opponent_in[(match, team)]
        return set_net(match, game_set, team) - set_net(match, game_set, opponent)

    teams = sorted({team for _, team in opponent_in}, key=_sort_key)
    aggregate: dict[EntrantId, int] = dict.fromkeys(teams, 0)
    points: dict[EntrantId, Number] = dict.fromkeys(teams, 0)
    record = {team: [0, 0, 0] for team in teams}  # won, drawn, lost
    matches = dict.fromkeys(teams, 0)
    points_against: dict[tuple, Number] = defaultdict(int)  # (team, opponent) → points won in their matches

    for (match, team), game_sets in sets_in.items():
        opponent = opponent_in[(match, team)]
        matches[team] += 1
        for game_set in game_sets:
            aggregate[team] += set_net(match, game_set, team)
        if method == BOARD_A_MATCH:
            earned: Number = 0
            for game_set in game_sets:
                m = margin(match, game_set, team)
                outcome = 0 if m > 0 else 1 if m == 0 else 2
                record[team][outcome] += 1
                earned += (Fraction(1), Fraction(1, 2), Fraction(0))[outcome]
        else:
            m = sum(margin(match, game_set, team) for game_set in game_sets)
            outcome = 0 if m > 0 else 1 if m == 0 else 2
            record[team][outcome] += 1
            if method == MATCH_POINTS:
                earned = (2, 1, 0)[outcome]
            else:
                earned = sum(set_net(match, game_set, team) for game_set in game_sets)
        points[team] += earned
        points_against[(team, opponent)] += earned

    def head_to_head(team: EntrantId, group: Sequence[EntrantId]) -> Number:
        return sum((points_against[(team, other)] for other in group if other != team), 0)

    keys = {AGGREGATE: lambda team, group: aggregate[team], HEAD_TO_HEAD: head_to_head}
    ranked = _ranked(points, chain, keys)
    out = [
        TeamStanding(team, rank, tied, points[team], aggregate[team], matches[team], *record[team], decided)
        for team, (rank, tied, decided) in ranked.items()
    ]
    out.sort(key=lambda s: (s.rank, _sort_key(s.team)))
    return out


# --- season ladder -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SessionScore:
    """One entrant's result in one session of a season: a session percentage (matchpoint
    events) or a tally total (progressive events). ``session`` is the event/session id."""

    session: Hashable
    entrant: EntrantId
    score: Number | Decimal


@dataclass(frozen=True)
class LadderStanding:
    """One line of a season ladder. ``value`` is the total or average that ranks;
    ``sessions`` how many sessions were attended, ``counted`` how many count (best N).
    Entrants below the minimum attendance have ``qualified=False`` and no rank."""

    entrant: EntrantId
    rank: int | None
    tied: bool
    value: Number
    sessions: int
    counted: int
    qualified: bool

    @property
    def label(self) -> str:
        """The rank as shown: ``"3"``, ``"=3"``, or ``""`` when not qualified."""
        return rank_label(self.rank, self.tied)


def season_ladder(
    scores: Iterable[SessionScore],
    method: str = "average",
    min_sessions: int = 1,
    best: int | None = None,
) -> list[LadderStanding]:
    """A club's season ladder across its events.

    ``method``: ``"total"`` (sum of the session scores) or ``"average"`` (their mean, exact).
    ``min_sessions``: entrants who attended fewer sessions are listed after the ranked ones,
    unranked. ``best``: count only each entrant's best N sessions (``None``: all of them).
    Equal values share a rank.
    """
    if method not in ("total", "average"):
        raise StandingsError(f"unknown ladder method {method!r}: use 'total' or 'average'")
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise StandingsError(f"best must be a whole number of sessions, at least 1, not {best!r}")
    if isinstance(min_sessions, bool) or not isinstance(min_sessions, int):
        raise StandingsError(f"min_sessions must be a whole number of sessions, not {min_sessions!r}")
    attended: dict[EntrantId, dict[Hashable, Number]] = defaultdict(dict)
    for s in scores:
        if s.session in attended[s.entrant]:
            raise StandingsError(f"{s.entrant!r} has two results for session {s.session!r}")
        attended[s.entrant][s.session] = _exact(s.score, f"score of {s.entrant!r}")

    values: dict[EntrantId, Number] = {}
    counted: dict[EntrantId, int] = {}
    for entrant, by_session in attended.items():
        chosen = sorted(by_session.values(), reverse=True)[:best] if best else list(by_session.values())
        total = sum(chosen, 0)
        values[entrant] = total if method == "total" else Fraction(total) / len(chosen)
        counted[entrant] = len(chosen)

    qualified = {e: v for e, v in values.items() if len(attended[e]) >= min_sessions}
    out = [
        LadderStanding(e, rank, tied, values[e], len(attended[e]), counted[e], True)
        for e, (rank, tied) in ranks(qualified).items()
    ]
    out.sort(key=lambda s: (s.rank, _sort_key(s.entrant)))
    rest = [
        LadderStanding(e, None, False, values[e], len(attended[e]), counted[e], False)
        for e in values
        if e not in qualified
    ]
    rest.sort(key=lambda s: (-s.value, _sort_key(s.entrant)))
    return out + rest
