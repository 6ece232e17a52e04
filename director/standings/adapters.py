"""Between result rows and ``scoring`` inputs (tallies, matchpoints, standings).

The loader in ``selectors`` turns rows into ``Play``/``Side`` objects (one table in one round and
its two sides); these functions turn those into the plain dataclasses of ``scoring``. Nothing here
touches the database.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction

from scoring import matchpoints as mp
from scoring.standings import GameScore, TeamResult
from scoring.tallies import GameResult

MAJORS = "majors"
MINORS = "minors"
DIRECTIONS = (MAJORS, MINORS)


def game_result(play) -> GameResult | None:
    """A confirmed play as a progressive scoresheet (``None`` when unconfirmed or half-seated)."""
    if not play.confirmed or play.majors is None or play.minors is None or play.per_player:
        return None  # (a sheet of individual scores has no sides' nets: its players' figures, ``game_scores``)
    return GameResult(
        game=play.round,
        table=play.table,
        majors=play.majors.entrants,
        minors=play.minors.entrants,
        majors_score=play.majors.score,
        minors_score=play.minors.score,
    )


def game_results(plays: Iterable) -> list[GameResult]:
    return [r for r in (game_result(p) for p in plays) if r is not None]


def matchpoint_entry(play, direction: str, *, coop: bool = False) -> mp.Entry:
    """One entry of ``scoring.matchpoints.matchpoints`` for ``direction`` at ``play``: the side's
    artificial score if it has one, else its net (the table total for coöperative play) when the
    result is confirmed, else ``None`` (not played, or not in yet)."""
    side = play.side(direction)
    if side.artificial is not None:
        return side.artificial.code
    if not play.confirmed:
        return None
    if coop:
        return coop_total(play)
    return side.net


def coop_total(play) -> int:
    """A confirmed coöperative table's total: both partnerships' scores (``GameScore.table_total``)."""
    return play.majors.score + play.minors.score


def matchpoint_set(
    plays: Sequence,
    direction: str,
    scale: str,
    *,
    groups: Sequence[Sequence[tuple[int, int]]] | None = None,
    coop: bool = False,
) -> tuple[list[Fraction | None], int, list[int]]:
    """Matchpoint one game set in one direction: ``plays`` are every scheduled play of the set with
    a side in ``direction`` (so E = ``len(plays)``). ``groups`` (a fouled set) lists ``(round,
    table)`` plays per group; plays in no group make one more group. Returns the matchpoints play
    by play, the top, and each play's group number (1-based; all 1 when not fouled)."""
    expected = len(plays)
    entries = [matchpoint_entry(p, direction, coop=coop) for p in plays]
    if not groups:
        return mp.matchpoints(entries, scale), mp.top(expected, scale), [1] * expected
    where = {}
    for index, group in enumerate(groups):
        for round_number, table_number in group:
            where[(int(round_number), int(table_number))] = index
    extra = len(groups)
    group_of = [where.get((p.round, p.table), extra) for p in plays]
    count = extra + (1 if extra in group_of else 0)
    members: list[list[int]] = [[] for _ in range(count)]
    for i, g in enumerate(group_of):
        members[g].append(i)
    scored = mp.matchpoints_groups([[entries[i] for i in m] for m in members], expected, scale)
    out: list[Fraction | None] = [None] * expected
    for m, values in zip(members, scored, strict=True):
        for i, value in zip(m, values, strict=True):
            out[i] = value
    return out, mp.top(expected, scale), [g + 1 for g in group_of]


def game_scores(plays: Iterable, *, matchpoints: bool) -> list[GameScore]:
    """Each side's ``GameScore``: its net (tally events) or its matchpoints with the set's top."""
    out = []
    for play in plays:
        if play.per_player and not matchpoints:  # a table of three: each player's own figure
            out.extend(figure_scores([play]))
            continue
        for direction in DIRECTIONS:
            side = play.side(direction)
            other = play.other(direction)
            if side is None:
                continue
            opponents = other.entrants if other is not None else ()
            if matchpoints:
                if side.mp is None:
                    continue
                for entrant in side.entrants:
                    out.append(GameScore(entrant, play.round, side.mp, side.top, opponents))
            else:
                if not play.confirmed or other is None:
                    continue
                for entrant in side.entrants:
                    out.append(GameScore(entrant, play.round, side.net, None, opponents))
    return out


def figure_scores(plays: Iterable) -> list[GameScore]:
    """Each player's figure read from a confirmed sheet of individual scores (``Play.figures``: an
    own score, or a table of three's net), the others at the table as opponents (for a head-to-head
    tie-break)."""
    out = []
    for play in plays:
        scores = play.figures or {}
        for player, score in scores.items():
            others = tuple(p for p in scores if p != player)
            out.append(GameScore(player, play.round, score, None, others))
    return out


def team_results(plays: Iterable, team_of: dict[Hashable, Hashable]) -> list[TeamResult]:
    """Team events: one ``TeamResult`` per confirmed side whose partnership is in a team. A match is
    the pair of teams (a round robin meets each pair once)."""
    out = []
    for play in plays:
        if not play.confirmed or play.majors is None or play.minors is None or play.game_set is None:
            continue
        for direction in DIRECTIONS:
            side, other = play.side(direction), play.other(direction)
            team = team_of.get(side.entrants[0]) if side.entrants else None
            opponent = team_of.get(other.entrants[0]) if other.entrants else None
            if team is None or opponent is None or team == opponent:
                continue
            match = tuple(sorted((team, opponent), key=str))
            out.append(TeamResult(match=match, game_set=play.game_set, team=team, opponent=opponent, net=side.net))
    return out
