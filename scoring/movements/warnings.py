"""When a movement is poor, and what would make it better (issue 14, point 9).

A movement can be valid and still give players a poor night: the same opponents twice (three
tables and four games of a progressive; a four-table Mitchell's skip), or a table that stands idle
while partnerships take turns to sit out (seven players: two tables, one of them used). Set-up
pages show these warnings with the fixes: fewer games, a different movement, a table of five.
"""

from __future__ import annotations

from dataclasses import dataclass

from .duplicate import barometer
from .model import (
    BAROMETER,
    MITCHELL,
    PROGRESSIVE,
    PROGRESSIVE_INDIVIDUAL,
    TEAM_KINDS,
    Movement,
    MovementError,
)

REPEATS, IDLE = "repeats", "idle-table"
TIMES = {2: "twice", 3: "three times"}


@dataclass(frozen=True)
class MovementWarning:
    """One way the movement is poor (``code``: ``repeats`` or ``idle-table``), said in words, with
    the changes that would avoid it (each a sentence the director can act on)."""

    code: str
    message: str
    fixes: tuple[str, ...]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _meetings(movement: Movement, games: int) -> dict[tuple, list[int]]:
    """Who met whom (majors side, minors side) in which of the first ``games`` games."""
    met: dict[tuple, list[int]] = {}
    for number, tables in enumerate(movement.rounds[:games], start=1):
        for entry in tables.values():
            met.setdefault((entry.majors, entry.minors), []).append(number)
    return met


def _repeats(movement: Movement, games: int) -> list[tuple[tuple, list[int]]]:
    return [(pair, when) for pair, when in _meetings(movement, games).items() if len(when) > 1]


def _repeat_warning(movement: Movement) -> MovementWarning | None:
    if movement.kind in TEAM_KINDS:
        return None  # a match is games against the same team (swapped sets, or the same hands), by design
    games = len(movement.rounds)
    repeats = _repeats(movement, games)
    if not repeats:
        return None
    shown = [f"{a} and {b} in games {_listing([str(g) for g in when])}" for (a, b), when in repeats[:4]]
    most = max(len(when) for _, when in repeats)
    more = f" and {len(repeats) - 4} more" if len(repeats) > 4 else ""
    times = TIMES.get(most, f"{most} times")
    message = (
        f"The same opponents meet again: {_plural(len(repeats), 'pair')} of partnerships meet {times} "
        f"in {_plural(games, 'game')} ({'; '.join(shown)}{more})."
    )
    fixes = []
    clean = max((g for g in range(1, games) if not _repeats(movement, g)), default=0)
    if clean:
        fixes.append(f"Play {_plural(clean, 'game')} instead of {games}: nobody meets the same opponents twice.")
    if movement.kind == MITCHELL:
        try:
            other = barometer(movement.tables, games)
        except MovementError:
            other = None
        if other is not None and not _repeats(other, games):
            fixes.append(
                f"Use a barometer movement: every table plays the same game set each game, and in {games} games "
                "nobody meets the same opponents twice."
            )
    elif movement.kind == PROGRESSIVE:
        fixes.append("Play a progressive individual instead: partners and opponents change every game.")
    elif movement.kind == BAROMETER:
        fixes.append("Use a Mitchell movement for this number of games.")
    return MovementWarning(REPEATS, message, tuple(fixes))


def _players(movement: Movement) -> int:
    """Players in the movement: each partnership's members when known, else two a partnership."""
    return sum(len(movement.members.get(unit, ())) or 2 for unit in movement.units())


def _idle_warning(movement: Movement) -> MovementWarning | None:
    if not movement.rounds:
        return None
    tables = movement.tables
    playing = [len(at_table) for at_table in movement.rounds]
    if min(playing) >= tables:
        return None
    idle = tables - min(playing)
    sitters = sorted(
        {unit for out in movement.sitting_out for unit in out if not isinstance(unit, tuple)},
        key=lambda unit: (not isinstance(unit, int), str(unit) if not isinstance(unit, int) else unit),
    )
    used = min(playing) if min(playing) == max(playing) else f"{min(playing)} to {max(playing)}"
    stand = f"{_plural(idle, 'table')} stand{'s' * (idle == 1)} idle"
    message = f"Only {used} of the {tables} tables play{'s' * (used == 1)} each game: {stand}"
    if sitters:
        message += (
            f" while partnership{'s' * (len(sitters) != 1)} {_listing([str(s) for s in sitters])} take turns to sit out"
        )
    message += "."
    fixes = []
    players = _players(movement)
    full = max(players // 4, 1)  # tables that can all play at once: four to six players each
    seated = min(players, 6 * full)
    waiting_now = max(sum(len(movement.members.get(unit, ())) or 2 for unit in out) for out in movement.sitting_out)
    waiting = players - seated
    if waiting < waiting_now:
        threes = seated - 4 * full
        if threes == 2 * full:
            pairs = f"{_plural(2 * full, 'partnership')} of three"
        elif threes:
            pairs = f"{_plural(2 * full, 'partnership')}, {threes} of them of three"
        else:
            pairs = _plural(2 * full, "partnership")
        at = "one table" if full == 1 else f"{full} tables"
        text = (
            f"A table of five or six: pair the {players} players as {pairs}, so {at} play{'s' * (full == 1)} every game"
        )
        if waiting:
            fixes.append(
                text + f" and only {_plural(waiting, 'player')} wait{'s' * (waiting == 1)} instead of {waiting_now}."
            )
        else:
            fixes.append(text + " and nobody sits out.")
    if not fixes:
        fixes.append("Seat fewer tables, so that every table plays each game.")
    return MovementWarning(IDLE, message, tuple(fixes))


def movement_warnings(movement: Movement) -> list[MovementWarning]:
    """What is poor about ``movement`` (repeated opponents, idle tables), each with its fixes; an
    empty list for a good movement."""
    if movement.kind == PROGRESSIVE_INDIVIDUAL:
        return []  # drawn game by game from the results; partners change every game anyway
    warnings = [_idle_warning(movement), _repeat_warning(movement)]
    return [warning for warning in warnings if warning is not None]
