"""Where next, table by table: after a table's game, where each of its sides (or, in an individual
event, each of its players) and its game set go for the next game — what a Bridgemate tells the
players, and what a table's guide card prints.

Built on ``Movement.where_next`` and ``Movement.where_set_next`` only; the director's app names
the players (``movements.selectors.next_places``) and every page and card reads that one answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SUIT_SYMBOLS
from .model import Movement, MovementError, PartnershipId, Player


@dataclass(frozen=True)
class NextMove:
    """Where one side of a table (or one player of an individual side) goes for the next game."""

    direction: str  # the side's direction in the game just played
    unit: Player | PartnershipId  # the partnership, or the player of an individual side
    table: int | None  # None: sits out the next game
    new_direction: str | None = None
    seat: str | None = None  # the suit of the player's seat, when it is fixed for the game (a side of two)
    stays: bool = False  # the same table and the same direction
    who: str = ""  # "" for a whole side; a player's name (filled in by the caller that knows it)

    @property
    def sits_out(self) -> bool:
        return self.table is None

    @property
    def seat_symbol(self) -> str:
        return SUIT_SYMBOLS.get(self.seat, "") if self.seat else ""


@dataclass(frozen=True)
class NextPlaces:
    """After table ``table``'s game ``round``: where its sides and its game set go next."""

    round: int
    table: int
    next_round: int | None  # None: that was the session's last game
    seated: bool  # False: the next game is not seated yet (a progressive individual seats it from results)
    moves: tuple[NextMove, ...] = ()
    game_set: int | None = None
    set_tables: tuple[int, ...] = ()  # the tables that play this game set in the next game


def next_places(movement: Movement, games: int) -> dict[tuple[int, int], NextPlaces]:
    """For every ``(game, table)`` of ``movement``: where each side and the game set go next.

    ``games`` is the session's number of games: the last says so (``next_round`` None), and a game
    whose successor is not in ``movement`` yet is not ``seated``. A unit in no place of the next
    game (a player who left) gets no move; one sitting out gets a move with no table.
    """
    places = {}
    for number, tables in enumerate(movement.rounds, start=1):
        following = number + 1 if number < games else None
        seated = following is not None and following <= len(movement.rounds)
        for table, entry in sorted(tables.items()):
            moves = []
            for direction, side in entry.sides() if seated else ():
                individual = isinstance(side, tuple)
                for unit in side if individual else (side,):
                    try:
                        place = movement.where_next(unit, number, player=individual)
                    except MovementError:  # not in the next game at all (withdrawn)
                        continue
                    stays = place.table == table and place.direction == direction
                    moves.append(NextMove(direction, unit, place.table, place.direction, place.seat, stays))
            sets = movement.where_set_next(entry.game_set, number) if seated and entry.game_set else ()
            places[number, table] = NextPlaces(number, table, following, seated, tuple(moves), entry.game_set, sets)
    return places
