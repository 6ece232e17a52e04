"""Editing a movement: renumbering, swaps, latecomers, and the seats of a side of three.

Pure functions on a ``Movement`` — the director's app locks, checks its expected fingerprint,
calls these, re-validates and writes. Functions that change a movement change the one given
(work on ``movement.copy()`` to keep the original) and say what they did.

``directions`` maps a partnership to its fixed direction (``MAJORS``, ``MINORS`` or ``""``) as the
event records it: what a partnership that has not played yet (a latecomer, one with a bye) sits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from .model import (
    BAROMETER,
    MAJORS,
    MANUAL,
    MINORS,
    MITCHELL,
    PROGRESSIVE,
    PROGRESSIVE_INDIVIDUAL,
    Movement,
    MovementError,
    PartnershipId,
    Player,
    Side,
    TableRound,
)

OPPOSITE = {MAJORS: MINORS, MINORS: MAJORS}
Placement = tuple[int, "int | None"]  # (game, table), table None: sat out that game


# --- numbering ------------------------------------------------------------------------------------
def relabel(movement: Movement, ids: Mapping[PartnershipId, PartnershipId], members: Mapping) -> Movement:
    """A copy of ``movement`` with its partnerships renumbered by ``ids`` (the generators number
    them 1..n; an event has its own numbers) and ``members`` as its members. The engine's notes
    name its own numbers, so they are dropped when a number changes."""

    def side(value: Side) -> Side:
        return value if isinstance(value, tuple) else ids.get(value, value)

    identity = all(k == v for k, v in ids.items())
    return dataclasses.replace(
        movement,
        rounds=[
            {t: dataclasses.replace(e, majors=side(e.majors), minors=side(e.minors)) for t, e in r.items()}
            for r in movement.rounds
        ],
        sitting_out=[[side(s) for s in out] for out in movement.sitting_out],
        teams={name: (side(a), side(b)) for name, (a, b) in movement.teams.items()},
        members=dict(members),
        notes=list(movement.notes) if identity else [n for n in movement.notes if "partnership" not in n],
    )


# --- reading a movement ---------------------------------------------------------------------------
def units_from(movement: Movement, from_round: int) -> set:
    """Every partnership and player seated or sitting out in game ``from_round`` or later."""
    units: set = set()
    for tables, out in zip(movement.rounds[from_round - 1 :], movement.sitting_out[from_round - 1 :], strict=True):
        for entry in tables.values():
            for _, side in entry.sides():
                units.update(side if isinstance(side, tuple) else (side,))
        for side in out:
            units.update(side if isinstance(side, tuple) else (side,))
    return units


def first_direction(movement: Movement, unit: Side) -> tuple[str | None, int | None]:
    """The direction ``unit`` first plays in, and in which game (``(None, None)``: it never plays)."""
    for number, tables in enumerate(movement.rounds, start=1):
        for entry in tables.values():
            for direction, side in entry.sides():
                if side == unit:
                    return direction, number
    return None, None


def direction_of(movement: Movement, unit: Side, directions: Mapping) -> str | None:
    """The direction ``unit`` plays: where it first sits, else its recorded one, else None."""
    direction, _ = first_direction(movement, unit)
    if direction is None:
        direction = directions.get(unit) or None
    return direction


def met(movement: Movement, a: Side, b: Side) -> int:
    """How many games ``a`` and ``b`` play each other."""
    return sum(1 for tables in movement.rounds for e in tables.values() if {e.majors, e.minors} == {a, b})


def home_table(movement: Movement, unit: Side, around: int) -> int | None:
    """The table ``unit`` (a stationary partnership) sits at in the game nearest ``around``."""
    places = [
        (abs(number - around), table)
        for number, tables in enumerate(movement.rounds, start=1)
        for table, e in tables.items()
        if unit in (e.majors, e.minors)
    ]
    return min(places)[1] if places else None


def game_set_for(movement: Movement, number: int, a: Side, b: Side) -> tuple[bool, int | None]:
    """``(possible, game set)`` for a new table in game ``number`` where ``a`` plays ``b``: a
    progressive deals its own cards; a barometer plays the round's one set; a Mitchell the first
    set nobody at that table has played and no table plays that game; a team event cannot."""
    tables = movement.rounds[number - 1]
    if movement.kind in (PROGRESSIVE, PROGRESSIVE_INDIVIDUAL, MANUAL):
        return True, None
    sets = {e.game_set for e in tables.values()}
    if movement.kind == BAROMETER:
        return (True, next(iter(sets))) if len(sets) == 1 else (False, None)
    if movement.kind == MITCHELL:
        played = {
            e.game_set
            for r in movement.rounds
            for e in r.values()
            if a in (e.majors, e.minors) or b in (e.majors, e.minors)
        }
        free = [s for s in range(1, (movement.game_sets or 0) + 1) if s not in sets and s not in played]
        return (True, free[0]) if free else (False, None)
    return False, None


# --- swaps ----------------------------------------------------------------------------------------
def swap(movement: Movement, a: Side, b: Side, from_round: int) -> Movement:
    """``a`` and ``b`` (two partnerships, or two players of an individual event) take each other's
    places in every game from ``from_round``, sitting out included. Changes ``movement``."""
    exchange = {a: b, b: a}

    def side(value: Side) -> Side:
        if isinstance(value, tuple):
            return tuple(exchange.get(p, p) for p in value)
        return exchange.get(value, value)

    for index in range(from_round - 1, len(movement.rounds)):
        movement.rounds[index] = {
            t: dataclasses.replace(e, majors=side(e.majors), minors=side(e.minors))
            for t, e in movement.rounds[index].items()
        }
        movement.sitting_out[index] = [side(s) for s in movement.sitting_out[index]]
    return movement


# --- latecomers -----------------------------------------------------------------------------------
def latecomer_direction(movement: Movement, number: int, directions: Mapping) -> str:
    """The direction a late partnership should sit from game ``number``: opposite a partnership
    with a bye in that game, else the direction with fewer partnerships (majors on a tie)."""
    out = movement.sitting_out[number - 1]
    sitting = [direction_of(movement, s, directions) for s in out if not isinstance(s, tuple)]
    if MINORS in sitting:
        return MAJORS
    if MAJORS in sitting:
        return MINORS
    majors = sum(1 for d in directions.values() if d == MAJORS)
    minors = sum(1 for d in directions.values() if d == MINORS)
    return MAJORS if majors <= minors else MINORS


def place_pair(
    movement: Movement, unit: PartnershipId, direction: str, from_round: int, directions: Mapping
) -> list[Placement]:
    """Seat partnership ``unit`` in each game from ``from_round`` against someone with a bye in the
    other direction (the one it has met least), at that opponent's own table when it is a free
    majors table, else at a new table of its own; with nobody to play it sits out that game.
    Changes ``movement``; returns ``(game, table or None)`` for each game."""
    placements: list[Placement] = []
    own_table: int | None = None
    for number in range(from_round, len(movement.rounds) + 1):
        index = number - 1
        tables = movement.rounds[index]
        out = movement.sitting_out[index]
        candidates = [
            s
            for s in out
            if not isinstance(s, tuple) and direction_of(movement, s, directions) in (OPPOSITE[direction], None)
        ]
        candidates.sort(key=lambda s: (met(movement, unit, s), str(s)))
        seated = False
        for opponent in candidates:
            possible, game_set = game_set_for(movement, number, unit, opponent)
            if not possible:
                continue
            table = None
            if direction == MINORS:  # the majors stay at their own table when it is free
                home = home_table(movement, opponent, number)
                if home is not None and home not in tables:
                    table = home
            if table is None:
                if own_table is None or own_table in tables:
                    own_table = max([movement.tables, *(t for r in movement.rounds for t in r)]) + 1
                table = own_table
            majors, minors = (unit, opponent) if direction == MAJORS else (opponent, unit)
            tables[table] = TableRound(majors, minors, game_set)
            movement.tables = max(movement.tables, table)
            movement.sitting_out[index] = [s for s in out if s != opponent]
            placements.append((number, table))
            seated = True
            break
        if not seated:
            movement.sitting_out[index] = [*out, unit]
            placements.append((number, None))
    return placements


def place_players(movement: Movement, ids: Sequence[Player], from_round: int) -> list[Placement]:
    """Individual: latecomers join the smallest tables (a side of two becomes three; the smaller
    side first); four to six latecomers together make a new table. Changes ``movement``; a game
    whose every table has six players raises ``MovementError``."""
    placements: list[Placement] = []
    own_table: int | None = None  # four or more latecomers keep the new table they make
    for number in range(from_round, len(movement.rounds) + 1):
        tables = movement.rounds[number - 1]
        if len(ids) >= 4:
            if own_table is None or own_table in tables:
                own_table = max([movement.tables, *tables]) + 1
            table = own_table
            half = len(ids) // 2
            tables[table] = TableRound(tuple(ids[:half]), tuple(ids[half:]), None)
            movement.tables = max(movement.tables, table)
            placements.extend((number, table) for _ in ids)
            continue
        for player in ids:
            sizes = {
                t: len(movement.players_of(e.majors)) + len(movement.players_of(e.minors)) for t, e in tables.items()
            }
            room = [t for t, size in sorted(sizes.items()) if size < 6]
            if not room:
                raise MovementError(
                    f"every table in game {number} has six players; bring four latecomers in together "
                    "to make a new table"
                )
            table = min(room, key=lambda t: (sizes[t], t))
            entry = tables[table]
            majors, minors = movement.players_of(entry.majors), movement.players_of(entry.minors)
            if entry.variant:  # a table of three becomes a four (its seats in order, then the newcomer)
                if len(entry.seats) != 3:
                    raise MovementError(
                        f"table {table} in game {number} is a Duet of two; bring two latecomers in together "
                        "to make it a table of four"
                    )
                at = movement.lineup(number, table)[0]
                seated = (*(at[s] for s in entry.seats), player)
                tables[table] = TableRound(seated[:2], seated[2:], entry.game_set)
                placements.append((number, table))
                continue
            if len(majors) < len(minors):
                entry = TableRound((*majors, player), entry.minors, entry.game_set)
            else:
                entry = TableRound(entry.majors, (*minors, player), entry.game_set)
            tables[table] = entry
            placements.append((number, table))
    return placements


# --- progressive individual: computing a game again -----------------------------------------------
def drop_after(movement: Movement, played: int) -> Movement:
    """Forget every game after ``played`` and its record (results, cuts, coins, notes), so the next
    game is computed afresh from ``played``'s results. Changes ``movement``."""
    later = tuple(f"round {n}:" for n in range(played + 1, len(movement.rounds) + 1))
    movement.rounds = movement.rounds[:played]
    movement.sitting_out = movement.sitting_out[:played]
    movement.results = movement.results[: played - 1]
    movement.cuts = movement.cuts[:played]
    movement.coins = [c for c in movement.coins if c.round < played]
    if later:
        movement.notes = [n for n in movement.notes if not n.startswith(later)]
    return movement


# --- a side of three at the table -----------------------------------------------------------------
def first_seats(players: Sequence[Player], sit_out: Sequence[Player]) -> tuple[Player, ...]:
    """The two players in a side's first-deal seats (first suit, second suit). A side of two keeps
    its order; in a side of three with sit-out order X, Y, Z, X — X out in deal 1 — Z holds the
    first seat and Y the second (X replaces Y for deal 2: ``deal_lineup``)."""
    if len(players) == 2:
        return tuple(players)
    if len(sit_out) != 4 or set(sit_out) != set(players):
        raise MovementError(f"a side of three sits out as X, Y, Z, X, not {list(sit_out)}")
    _, y, z, _ = sit_out
    return (z, y)
