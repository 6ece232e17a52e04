"""Progressive Calypso with fixed partnerships (RULES.md §6): majors stay, minors move up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from math import comb

from .model import (
    PROGRESSIVE,
    Movement,
    MovementError,
    PartnershipId,
    Player,
    Side,
    TableRound,
    check_count,
    check_ids,
    spread,
)


def _ids(value: int | Sequence[PartnershipId], first: int, what: str) -> list[PartnershipId]:
    if isinstance(value, int) and not isinstance(value, bool):
        check_count(value, f"the number of {what}")
        return list(range(first, first + value))
    ids = check_ids(value, what)
    if not ids:
        raise MovementError(f"a progressive event needs at least one {what[:-1]}")
    return ids


def progressive_pairs(
    majors: int | Sequence[PartnershipId],
    minors: int | Sequence[PartnershipId],
    tables: int,
    games: int,
    *,
    members: Mapping[PartnershipId, Sequence[Player]] | None = None,
) -> Movement:
    """Fixed-partnership progressive: majors stationary, minors up one table a game (T wraps to 1).

    ``majors`` and ``minors`` are the partnership ids (or counts: then majors are numbered
    1..M and minors M+1..M+m). ``members`` optionally names each partnership's two or three
    players (a partnership of three makes a table of five or six; see ``Movement.lineup``).

    Byes, when the numbers differ or there are more partnerships than ``tables``:

    * at most ``min(tables, majors, minors)`` tables play, all of them every game;
    * surplus minors sit out at *bye stands* spread evenly round the minors' circuit, so they
      move through the byes like through the tables and nobody sits out twice before everyone
      has once (at any moment the bye counts of two minors partnerships differ by at most one);
    * with fewer minors than majors, the missing minors are phantoms spread evenly round the
      circuit; the majors partnership a phantom reaches sits out, fairly in the same way;
    * with more majors than tables, the majors with the fewest byes rest, and one coming back
      takes a table vacated by one going out (so majors are stationary between byes).

    While there are no more majors than tables, each minors partnership meets a different majors
    partnership every game until it has been round its circuit (at least ``tables`` games).
    ``games`` may exceed that; with more majors than tables the rest order is chosen to avoid
    repeats but cannot always. Every repeated meeting is listed in ``notes`` and counted by
    ``balance()``.
    """
    check_count(tables, "the number of tables")
    check_count(games, "the number of games")
    major_ids = _ids(majors, 1, "majors partnerships")
    next_id = max((p for p in major_ids if isinstance(p, int)), default=0) + 1
    minor_ids = _ids(minors, next_id, "minors partnerships")
    clash = set(major_ids) & set(minor_ids)
    if clash:
        raise MovementError(f"partnership {sorted(clash, key=str)[0]!r} is both majors and minors")
    member_map: dict[PartnershipId, tuple[Player, ...]] = {}
    for pid, players in (members or {}).items():
        if pid not in major_ids and pid not in minor_ids:
            raise MovementError(f"players are given for partnership {pid!r}, which is not in the event")
        players = tuple(players)
        if not 2 <= len(players) <= 3 or len(set(players)) != len(players):
            raise MovementError(f"partnership {pid!r} has {list(players)}: a partnership is two or three players")
        member_map[pid] = players
    seen: dict[Player, PartnershipId] = {}
    for pid, players in member_map.items():
        for p in players:
            if p in seen:
                raise MovementError(f"player {p!r} is in partnerships {seen[p]!r} and {pid!r}")
            seen[p] = pid

    n_major, n_minor = len(major_ids), len(minor_ids)
    notes: list[str] = []
    if n_major <= tables:
        playing = n_major  # tables in use, one per majors partnership
        if tables > n_major:
            notes.append(f"only {n_major} of the {tables} tables are used: there are {n_major} majors partnerships")
    else:
        playing = min(tables, n_minor)
    circuit = max(playing, n_minor)  # the minors' circuit: tables plus bye stands
    bye_stands = set(spread(circuit - playing, circuit)) if circuit > playing else set()
    table_at = {}  # circuit position -> table number
    for position in range(circuit):
        if position not in bye_stands:
            table_at[position] = len(table_at) + 1
    phantoms = set(spread(circuit - n_minor, circuit))
    start_of: dict[PartnershipId, int] = {}
    free = (pos for pos in range(circuit) if pos not in phantoms)
    for pid, position in zip(minor_ids, free, strict=False):
        start_of[pid] = position

    # Majors: stationary at tables 1..playing; extra majors take byes (see _rest_majors).
    seated = {table: major_ids[table - 1] for table in range(1, playing + 1)}
    extra = n_major - playing
    rests = dict.fromkeys(major_ids, 0)
    met: set[tuple[PartnershipId, PartnershipId]] = set()
    rounds: list[dict[int, TableRound]] = []
    sitting_out: list[list[Side]] = []
    for game in range(games):
        out: list[Side] = []
        minors_at: dict[int, PartnershipId] = {}
        for pid in minor_ids:
            position = (start_of[pid] + game) % circuit
            if position in table_at:
                minors_at[table_at[position]] = pid
            else:
                out.append(pid)
        if extra and game:
            seated = _rest_majors(major_ids, seated, extra, rests, minors_at, met)
        resting = [pid for pid in major_ids if pid not in seated.values()]
        for pid in resting:
            rests[pid] += 1
        at_table: dict[int, TableRound] = {}
        for table in range(1, playing + 1):
            if table in minors_at:
                at_table[table] = TableRound(seated[table], minors_at[table])
                met.add((seated[table], minors_at[table]))
            else:
                resting.append(seated[table])
        rounds.append(at_table)
        sitting_out.append(resting + out)

    movement = Movement(
        kind=PROGRESSIVE,
        tables=playing,
        rounds=rounds,
        sitting_out=sitting_out,
        members=member_map,
        notes=notes,
    )
    _note_repeats(movement)
    return movement.validate()


def _rest_majors(
    major_ids: list[PartnershipId],
    seated: dict[int, PartnershipId],
    extra: int,
    rests: dict[PartnershipId, int],
    minors_at: dict[int, PartnershipId],
    met: set[tuple[PartnershipId, PartnershipId]],
) -> dict[int, PartnershipId]:
    """With more majors than tables: who rests this game, and where those coming back sit.

    Fairness first: the ``extra`` who rest are taken from those with the fewest byes so far, so
    bye counts never differ by more than one. Among equals, rest a partnership that would otherwise
    meet a minors partnership again, then one that played last game, in entry order. A majors
    partnership coming back takes a vacated table where it meets someone new, if there is one;
    everyone else stays at their table.
    """
    order = {pid: i for i, pid in enumerate(major_ids)}
    table_of = {pid: table for table, pid in seated.items()}

    def place(resting: set) -> tuple[int, dict[int, PartnershipId]]:
        now = {table: pid for table, pid in seated.items() if pid not in resting}
        repeats = sum((pid, minors_at.get(table)) in met for table, pid in now.items())
        vacated = [table for table in sorted(seated) if table not in now]
        for pid in (pid for pid in major_ids if pid not in resting and pid not in table_of):
            fresh = [t for t in vacated if (pid, minors_at.get(t)) not in met]
            table = (fresh or vacated)[0]
            repeats += not fresh and table in minors_at
            vacated.remove(table)
            now[table] = pid
        return repeats, now

    # Those who must rest (fewest byes) and those who may (the next bye level), for fairness; among
    # equals, those who played last game first, so nobody sits out twice running when another could.
    ranked = sorted(major_ids, key=lambda pid: (rests[pid], pid not in seated.values(), order[pid]))
    position = {pid: i for i, pid in enumerate(ranked)}
    low = rests[ranked[extra - 1]]
    must = [pid for pid in ranked if rests[pid] < low]
    may = [pid for pid in ranked if rests[pid] == low]
    need = extra - len(must)
    best: tuple | None = None
    if comb(len(may), need) <= _SEARCH_LIMIT:
        for choice in combinations(may, need):
            repeats, now = place(set(must) | set(choice))
            key = (repeats, [position[p] for p in choice])
            if best is None or key < best[0]:
                best = (key, now)
        return best[1]  # type: ignore[index]
    return place(set(ranked[:extra]))[1]


_SEARCH_LIMIT = 400


def _note_repeats(movement: Movement) -> None:
    meetings: dict[tuple, list[int]] = {}
    for number, tables in enumerate(movement.rounds, start=1):
        for entry in tables.values():
            meetings.setdefault((entry.majors, entry.minors), []).append(number)
    repeats = [(pair, when) for pair, when in meetings.items() if len(when) > 1]
    if repeats:
        movement.notes.append(f"{len(repeats)} pairs of partnerships meet more than once")
        for (major, minor), when in repeats:
            movement.notes.append(
                f"partnership {minor} meets partnership {major} in games {', '.join(str(g) for g in when)}"
            )
