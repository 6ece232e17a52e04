"""Duplicate movements: Mitchell, barometer, a team match (Konstam), a round robin of teams, and the
Auction Calypso team match (both tables play the same hands)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .model import (
    AUCTION_TEAM_MATCH,
    BAROMETER,
    MITCHELL,
    ROUND_ROBIN,
    TEAM_MATCH,
    Movement,
    MovementError,
    PartnershipId,
    Side,
    TableRound,
    check_count,
)


def mitchell(tables: int, rounds: int) -> Movement:
    """Duplicate pairs with one physical copy of each of ``tables`` game sets.

    Majors partnership ``t`` (1..T) sits at table ``t`` all session; minors partnership ``T + t``
    starts at table ``t`` and moves up one table a round; the game sets move down one table a
    round (set ``s`` starts at table ``s``). With an even number of tables the minors would meet
    the sets again after T/2 rounds, so they skip one table (move up two) before round T/2 + 1.
    ``rounds`` may be fewer than ``tables``; more is impossible (there are only T sets).

    With an even T and T rounds one meeting repeats (a minors partnership meets its first
    opponents again in the last round): no schedule can avoid it; it is listed in ``notes``.
    """
    check_count(tables, "the number of tables")
    check_count(rounds, "the number of rounds")
    if rounds > tables:
        raise MovementError(
            f"a Mitchell of {tables} table{'s' * (tables != 1)} has {tables} game set{'s' * (tables != 1)} "
            f"(one copy each), so at most {tables} round{'s' * (tables != 1)}, not {rounds}"
        )
    skip_from = tables // 2 if tables % 2 == 0 else None
    movement_rounds: list[dict[int, TableRound]] = []
    for r in range(rounds):
        shift = r + (1 if skip_from is not None and r >= skip_from else 0)
        at_table: dict[int, TableRound] = {}
        for i in range(tables):  # minors partnership T + 1 + i
            table = (i + shift) % tables
            at_table[table + 1] = TableRound(table + 1, tables + 1 + i, (table + r) % tables + 1)
        movement_rounds.append(dict(sorted(at_table.items())))
    notes = []
    if skip_from is not None and rounds > skip_from:
        notes.append(f"even number of tables: the minors skip a table before round {skip_from + 1}")
    movement = Movement(kind=MITCHELL, tables=tables, rounds=movement_rounds, game_sets=tables, notes=notes)
    _note_repeats(movement)
    return movement.validate()


def barometer(tables: int, rounds: int) -> Movement:
    """Every table plays game set ``r`` in round ``r`` (re-created from the duplication sheets).

    Majors ``1..T`` are stationary; minors ``T+1..2T`` move up one table a round. The whole field
    is compared on every set. More rounds than tables is allowed; the repeated meetings are
    listed in ``notes``.
    """
    check_count(tables, "the number of tables")
    check_count(rounds, "the number of rounds")
    movement_rounds = [
        {table + 1: TableRound(table + 1, tables + 1 + (table - r) % tables, r + 1) for table in range(tables)}
        for r in range(rounds)
    ]
    notes = ["one table: nobody is compared with anybody"] if tables == 1 else []
    movement = Movement(kind=BAROMETER, tables=tables, rounds=movement_rounds, game_sets=rounds, notes=notes)
    _note_repeats(movement)
    return movement.validate()


def _team_names(teams: int | Sequence[str]) -> list[str]:
    if isinstance(teams, int) and not isinstance(teams, bool):
        check_count(teams, "the number of teams", 2)
        return [_letters(i) for i in range(teams)]
    names = [str(t) for t in teams]
    if len(names) < 2:
        raise MovementError(f"a team event needs at least two teams, not {len(names)}")
    if len(set(names)) != len(names):
        raise MovementError("two teams have the same name")
    return names


def _letters(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _match(
    home: tuple[PartnershipId, PartnershipId],
    away: tuple[PartnershipId, PartnershipId],
    first_table: int,
    sets: tuple[int, int],
) -> list[dict[int, TableRound]]:
    """The two rounds of one match: home majors v away minors on the first table, away majors v
    home minors on the second; the sets swap tables for the second round."""
    one, two = sets
    return [
        {first_table: TableRound(home[0], away[1], one), first_table + 1: TableRound(away[0], home[1], two)},
        {first_table: TableRound(home[0], away[1], two), first_table + 1: TableRound(away[0], home[1], one)},
    ]


def team_match(teams: Sequence[str] = ("A", "B")) -> Movement:
    """A Konstam match between two teams of four (RULES.md §6): two tables, two game sets.

    Team A is partnerships 1 (majors) and 2 (minors), team B 3 and 4. Round 1: A-majors v
    B-minors play set 1 at table 1, B-majors v A-minors set 2 at table 2; round 2: the sets swap.
    """
    names = _team_names(teams)
    if len(names) != 2:
        raise MovementError(f"a team match is between two teams, not {len(names)}; use round_robin")
    ids = {name: (2 * i + 1, 2 * i + 2) for i, name in enumerate(names)}
    rounds = _match(ids[names[0]], ids[names[1]], 1, (1, 2))
    return Movement(kind=TEAM_MATCH, tables=2, rounds=rounds, game_sets=2, teams=ids).validate()


def auction_team_match(games: int, teams: Sequence[str] = ("A", "B")) -> Movement:
    """Auction Calypso, team of four (issue 16): two tables, ``games`` rounds, the same seats all
    session — team A's majors against team B's minors at table 1, B's majors against A's minors at
    table 2 — and both tables play the same hands each round (the same draft and first hand, so the
    game "set" ``r`` of round ``r`` is at both tables). A team's score is what its two partnerships
    scored at the two tables; compared with the other team's it cancels the luck of the cards.
    """
    check_count(games, "the number of games")
    names = _team_names(teams)
    if len(names) != 2:
        raise MovementError(f"an Auction team match is between two teams, not {len(names)}")
    (a_majors, a_minors), (b_majors, b_minors) = (1, 2), (3, 4)
    rounds = [{1: TableRound(a_majors, b_minors, r), 2: TableRound(b_majors, a_minors, r)} for r in range(1, games + 1)]
    teams_ids = {names[0]: (a_majors, a_minors), names[1]: (b_majors, b_minors)}
    return Movement(kind=AUCTION_TEAM_MATCH, tables=2, rounds=rounds, game_sets=games, teams=teams_ids).validate()


def round_robin(teams: int | Sequence[str]) -> Movement:
    """Every team plays every other once; each match is a Konstam (two tables, two sets swapped).

    ``teams`` is a count (teams named A, B, ...) or the team names. Team ``k`` (0-based) is
    partnerships ``2k+1`` (majors) and ``2k+2`` (minors). Stages are paired by the circle method;
    with an odd number of teams one team has a bye each stage (its partnerships sit out). A stage
    is two rounds; all matches of a stage play the same two sets (re-created at each match from
    the duplication sheets), so match ``m`` uses tables ``2m-1`` and ``2m`` and every partnership
    is compared with the whole field on every set it plays.
    """
    names = _team_names(teams)
    ids = {name: (2 * i + 1, 2 * i + 2) for i, name in enumerate(names)}
    circle: list[str | None] = list(names) + ([None] if len(names) % 2 else [])
    n = len(circle)
    rounds: list[dict[int, TableRound]] = []
    sitting_out: list[list[Side]] = []
    for stage in range(n - 1):
        pairs = [(circle[i], circle[n - 1 - i]) for i in range(n // 2)]
        halves: list[dict[int, TableRound]] = [{}, {}]
        out: list[Side] = []
        sets = (2 * stage + 1, 2 * stage + 2)
        table = 1
        for index, (a, b) in enumerate(pairs):
            if a is None or b is None:
                out.extend(ids[a if b is None else b])  # type: ignore[index]
                continue
            home, away = (a, b) if (stage + index) % 2 == 0 else (b, a)  # alternate who is "home"
            for half, tables in zip(halves, _match(ids[home], ids[away], table, sets), strict=True):
                half.update(tables)
            table += 2
        rounds.extend(halves)
        sitting_out.extend([list(out), list(out)])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return Movement(
        kind=ROUND_ROBIN,
        tables=len(names) // 2 * 2,
        rounds=rounds,
        sitting_out=sitting_out,
        game_sets=2 * (n - 1),
        teams=ids,
    ).validate()


def _note_repeats(movement: Movement) -> None:
    met = Counter((entry.majors, entry.minors) for tables in movement.rounds for entry in tables.values())
    for (a, b), count in met.items():
        if count > 1:
            movement.notes.append(f"partnerships {a} and {b} meet {count} times")
