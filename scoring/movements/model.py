"""The movement representation: who sits where, which game set they play, round by round.

A ``Movement`` is a list of rounds (round 1 first); each round maps a table number to a
``TableRound`` (the majors side, the minors side, the game set or ``None``), and a parallel list
``sitting_out`` names who has a bye in each round. A *side* is a partnership id (an ``int`` or a
``str``) or, for individual events, the tuple of players in that direction's seats.

``Movement.validate()`` checks every rule of issue 5 and raises ``MovementError`` naming the round
and table at fault; ``Movement.balance()`` counts meetings and comparisons; ``to_dict`` /
``from_dict`` give the JSON form stored by the web application (docs/movements.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from ..cards import SIDE_SUITS, SUITS
from .odd import DEALS, odd_table_problem, side_suits

Player = str | int
PartnershipId = str | int
Side = PartnershipId | tuple[Player, ...]

MAJORS = "majors"
MINORS = "minors"
DIRECTIONS = (MAJORS, MINORS)
SEAT_SUITS = SIDE_SUITS  # (keyed "majors" / "minors", as MAJORS and MINORS here)
"""The two seats of each direction: the side's first player takes the first suit."""

FORMAT = "calypso-movement/1"

# Movement kinds, spelled as the web application's ``Event.MovementKind`` values.
PROGRESSIVE = "progressive"
PROGRESSIVE_INDIVIDUAL = "progressive-individual"
MITCHELL = "mitchell"
BAROMETER = "barometer"
TEAM_MATCH = "team-match"
ROUND_ROBIN = "round-robin"
MANUAL = "manual"
AUCTION_TEAM_MATCH = "auction-team-match"  # Auction Calypso, team of four: both tables play the same hands
KINDS = (PROGRESSIVE, PROGRESSIVE_INDIVIDUAL, MITCHELL, BAROMETER, TEAM_MATCH, ROUND_ROBIN, MANUAL, AUCTION_TEAM_MATCH)
TEAM_KINDS = (TEAM_MATCH, ROUND_ROBIN, AUCTION_TEAM_MATCH)
DUPLICATE_KINDS = (MITCHELL, BAROMETER, TEAM_MATCH, ROUND_ROBIN)


class MovementError(ValueError):
    """An impossible movement request, or a movement that breaks a rule; the message says where."""


# --- partnerships of three (RULES.md §5) ---------------------------------------------------------
def sit_out_order(players: Sequence[Player], game_index: int = 0) -> tuple[Player, ...]:
    """Who sits out each of the four deals of a game for a side of three: ``(X, Y, Z, X)``.

    ``game_index`` counts the side's games from 0; the order rotates so that a different player
    (X, who misses two deals) is chosen in each of three consecutive games. For ``(Ken, Jo, Al)``
    in game 0 the order is ``(Al, Jo, Ken, Al)``, the example of RULES.md §5. The director's app
    seats every side of three by it (``movements.services.apply_plan``, the side's games so far).
    A side of two never sits out: the answer is ``()``.
    """
    players = tuple(players)
    if len(players) == 2:
        return ()
    if len(players) != 3 or len(set(players)) != 3:
        raise MovementError(f"a side has two or three different players, not {list(players)}")
    shift = game_index % 3
    z, y, x = (players[(i + shift) % 3] for i in range(3))
    return (x, y, z, x)


def deal_lineup(players: Sequence[Player], game_index: int = 0) -> tuple[tuple[Player, Player], ...]:
    """The two players holding the side's (first, second) seat in each of the four deals.

    A side of two keeps its seats. In a side of three the player who has just sat out replaces
    the one who leaves, in that player's seat: with X, Y, Z from ``sit_out_order``, deal 1 is
    (Z, Y), deal 2 (Z, X) — X replaces Y — deal 3 (Y, X) — Y replaces Z — deal 4 (Y, Z).
    """
    players = tuple(players)
    if len(players) == 2:
        return (players,) * 4  # type: ignore[return-value]
    x, y, z, _ = sit_out_order(players, game_index)
    return ((z, y), (z, x), (y, x), (y, z))


# --- the representation --------------------------------------------------------------------------
@dataclass(frozen=True)
class TableRound:
    """One table in one round: the majors side (Spades/Hearts), the minors side (Diamonds/Clubs)
    and the game set played there (``None`` when the table deals its own cards).

    A table of three or two (``odd.py``) has a ``variant`` and its ``seats`` (the suits its players
    hold, clockwise); its sides are then the players on majors and on minors suits, not partners."""

    majors: Side
    minors: Side
    game_set: int | None = None
    variant: str | None = None
    seats: str = ""

    def side(self, direction: str) -> Side:
        return self.majors if direction == MAJORS else self.minors

    def suits(self, direction: str) -> tuple[str, ...]:
        """The suits of ``direction``'s seats at this table, in the side's order."""
        return side_suits(self.seats, direction) if self.variant else SEAT_SUITS[direction]

    def sides(self) -> tuple[tuple[str, Side], tuple[str, Side]]:
        return ((MAJORS, self.majors), (MINORS, self.minors))


@dataclass(frozen=True)
class CoinToss:
    """A tied game in progressive individual, decided by a seeded coin (kept so it is reproducible)."""

    round: int
    table: int
    winner: str


@dataclass(frozen=True)
class Placement:
    """Where a partnership or player is in one round (``table`` is ``None`` for a bye)."""

    round: int
    table: int | None
    direction: str | None = None
    game_set: int | None = None
    partners: tuple[Player, ...] = ()
    opponents: Side | None = None
    seat: str | None = None
    """The suit of the seat for a player on a side of two; ``None`` when it changes by deal."""

    @property
    def sitting_out(self) -> bool:
        return self.table is None


@dataclass
class Balance:
    """For every pair of units (partnerships, or players in an individual event): how often they
    met as opponents, how often they were compared on the same game set in the same direction,
    and (individual events) how often they were partners. Every pair is listed, zeros included."""

    units: list
    met: dict[tuple, int]
    compared: dict[tuple, int]
    partnered: dict[tuple, int]

    def key(self, a: Any, b: Any) -> tuple:
        return pair_key(a, b)

    def repeated_meetings(self) -> list[tuple[Any, Any, int]]:
        """Pairs that met more than once, most often first."""
        repeats = [(a, b, n) for (a, b), n in self.met.items() if n > 1]
        return sorted(repeats, key=lambda item: (-item[2], _sort_key(item[0]), _sort_key(item[1])))


@dataclass(frozen=True)
class PlayerMixing:
    """How mixed an individual player's evening was."""

    games: int
    partners: int
    opponents: int


def _sort_key(value: Any) -> tuple:
    if isinstance(value, tuple):
        return (2, tuple(_sort_key(v) for v in value))
    if isinstance(value, int):
        return (0, value, "")
    return (1, 0, str(value))


def pair_key(a: Any, b: Any) -> tuple:
    """The canonical (sorted) key of an unordered pair, as used by ``Balance``."""
    return (a, b) if _sort_key(a) <= _sort_key(b) else (b, a)


def _label(side: Side) -> str:
    if isinstance(side, tuple):
        return " & ".join(str(p) for p in side)
    return f"partnership {side}"


@dataclass
class Movement:
    """A whole movement; see the module docstring and docs/movements.md.

    ``members`` maps a partnership id to its players (needed for partnerships of three and to
    check that no player is in two places); a partnership without an entry counts as two players.
    ``teams`` maps a team name to its (majors, minors) partnership ids. ``results``, ``cuts``,
    ``coins`` and ``seed`` are the record of a progressive individual event.
    """

    kind: str
    tables: int
    rounds: list[dict[int, TableRound]]
    sitting_out: list[list[Side]] = field(default_factory=list)
    game_sets: int | None = None
    members: dict[PartnershipId, tuple[Player, ...]] = field(default_factory=dict)
    teams: dict[str, tuple[PartnershipId, PartnershipId]] = field(default_factory=dict)
    results: list[dict[int, str]] = field(default_factory=list)
    cuts: list[dict[int, tuple[Player, ...]]] = field(default_factory=list)
    coins: list[CoinToss] = field(default_factory=list)
    seed: int | str | None = None
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.sitting_out:
            self.sitting_out = [[] for _ in self.rounds]

    # -- looking things up ------------------------------------------------------------------------
    def copy(self) -> Movement:
        """A copy to change freely: every list and dict in it is its own, down to each round's tables
        and each round's results and cuts; what they hold is shared, as it cannot change (frozen
        ``TableRound`` and ``CoinToss`` rows, tuples, strings and numbers). ``copy.deepcopy`` gave the
        same at about half of a progressive individual round's seating time."""
        return replace(
            self,
            rounds=[dict(tables) for tables in self.rounds],
            sitting_out=[list(out) for out in self.sitting_out],
            members=dict(self.members),
            teams=dict(self.teams),
            results=[dict(results) for results in self.results],
            cuts=[dict(cuts) for cuts in self.cuts],
            coins=list(self.coins),
            notes=list(self.notes),
        )

    def players_of(self, side: Side) -> tuple[Player, ...]:
        """The players of a side: a tuple is its own players; a partnership its ``members``."""
        if isinstance(side, tuple):
            return side
        return tuple(self.members.get(side, ()))

    def side_size(self, side: Side) -> int:
        if isinstance(side, tuple):
            return len(side)
        return len(self.members[side]) if side in self.members else 2

    def games_played_before(self, side: Side, round_number: int) -> int:
        """How many earlier rounds this side played (its ``game_index`` for the sit-out order)."""
        if isinstance(side, tuple):
            return 0  # individual sides are formed afresh each game
        return sum(
            1 for tables in self.rounds[: round_number - 1] for t in tables.values() if side in (t.majors, t.minors)
        )

    def lineup(self, round_number: int, table: int) -> list[dict[str, Player]]:
        """Who holds each suit's seat in each of the four deals at ``table`` in ``round_number`` (at a
        table of three or two: in each of its variant's deals, the same seats throughout)."""
        entry = self._table(round_number, table)
        if entry.variant:  # a table of three or two: everyone keeps their seat for the whole game
            seated = {s: p for d, side in entry.sides() for s, p in zip(entry.suits(d), side, strict=True)}
            return [dict(seated) for _ in range(DEALS[entry.variant])]
        deals: list[dict[str, Player]] = [{} for _ in range(4)]
        for direction, side in entry.sides():
            players = self.players_of(side)
            if not players:
                raise MovementError(f"{_label(side)} has no players recorded, so its seats are unknown")
            game_index = self.games_played_before(side, round_number)
            first, second = SEAT_SUITS[direction]
            for deal, (a, b) in enumerate(deal_lineup(players, game_index)):
                deals[deal][first] = a
                deals[deal][second] = b
        return deals

    def _table(self, round_number: int, table: int) -> TableRound:
        if not 1 <= round_number <= len(self.rounds):
            raise MovementError(f"round {round_number} is not in this movement (it has {len(self.rounds)} rounds)")
        try:
            return self.rounds[round_number - 1][table]
        except KeyError:
            raise MovementError(f"no table {table} in round {round_number}") from None

    def where(self, who: Player | PartnershipId, round_number: int, *, player: bool | None = None) -> Placement:
        """Where a partnership (by id) or a player is in round ``round_number`` (1-based).

        Partnership ids and player ids are both often small integers, so ``who`` is looked up as
        a partnership first, across the whole round, and only then as a player. Pass
        ``player=True`` to look up a player only, ``player=False`` for a partnership only.
        """
        if not 1 <= round_number <= len(self.rounds):
            raise MovementError(f"round {round_number} is not seated yet (the movement has {len(self.rounds)} rounds)")
        tables = sorted(self.rounds[round_number - 1].items())
        out = self.sitting_out[round_number - 1]
        if player is not True:
            for table, entry in tables:
                for direction, side in entry.sides():
                    if side == who:
                        other = entry.minors if direction == MAJORS else entry.majors
                        return Placement(round_number, table, direction, entry.game_set, self.players_of(side), other)
            if who in out:
                return Placement(round_number, None)
        if player is not False:
            for table, entry in tables:
                for direction, side in entry.sides():
                    players = self.players_of(side)
                    if who in players:
                        other = entry.minors if direction == MAJORS else entry.majors
                        seat = SEAT_SUITS[direction][players.index(who)] if len(players) == 2 else None
                        partners = tuple(p for p in players if p != who)
                        if entry.variant:  # no partners at a table of three or two
                            seat = entry.suits(direction)[players.index(who)]
                            other = tuple(p for _, s in entry.sides() for p in self.players_of(s) if p != who)
                            partners = ()
                        return Placement(round_number, table, direction, entry.game_set, partners, other, seat)
            if any(who in self.players_of(side) for side in out):
                return Placement(round_number, None)
        raise MovementError(f"{who!r} is not in round {round_number} of the movement")

    def where_next(self, who: Player | PartnershipId, after_round: int, *, player: bool | None = None) -> Placement:
        """Where ``who`` goes for the round after ``after_round`` (table, direction, seat, set)."""
        return self.where(who, after_round + 1, player=player)

    def where_set_next(self, game_set: int, after_round: int) -> tuple[int, ...]:
        """The tables that play ``game_set`` in the round after ``after_round`` (a Mitchell's set
        moves down one table; a team match swaps its two sets): empty when the set is not played
        in that round, or there is no next round yet."""
        if after_round >= len(self.rounds):
            return ()
        return tuple(table for table, entry in sorted(self.rounds[after_round].items()) if entry.game_set == game_set)

    def units(self) -> list:
        """Partnership ids, or players for sides given as tuples, in a stable order."""
        seen: dict = {}
        for tables, out in zip(self.rounds, self.sitting_out, strict=False):
            for entry in tables.values():
                for _, side in entry.sides():
                    for unit in self._units_of(side):
                        seen[unit] = True
            for side in out:
                for unit in self._units_of(side):
                    seen[unit] = True
        return sorted(seen, key=_sort_key)

    @staticmethod
    def _units_of(side: Side) -> tuple:
        return side if isinstance(side, tuple) else (side,)

    # -- reports ----------------------------------------------------------------------------------
    def balance(self) -> Balance:
        """Meetings, comparisons and (individual) partnerships for every pair of units."""
        units = self.units()
        index = {unit: i for i, unit in enumerate(units)}

        def key(a: Any, b: Any) -> tuple:
            return (a, b) if index[a] <= index[b] else (b, a)

        met: Counter = Counter()
        partnered: Counter = Counter()
        by_set: dict[tuple[int, str], set] = {}
        individual = False
        for tables in self.rounds:
            for entry in tables.values():
                individual = individual or isinstance(entry.majors, tuple)
                majors, minors = self._units_of(entry.majors), self._units_of(entry.minors)
                if entry.variant:  # a table of three or two: everyone plays everyone
                    for a, b in combinations(majors + minors, 2):
                        met[key(a, b)] += 1
                    continue
                for a in majors:
                    for b in minors:
                        met[key(a, b)] += 1
                for group in (majors, minors):
                    for a, b in combinations(group, 2):
                        partnered[key(a, b)] += 1
                if entry.game_set is not None:
                    by_set.setdefault((entry.game_set, MAJORS), set()).update(majors)
                    by_set.setdefault((entry.game_set, MINORS), set()).update(minors)
        compared: Counter = Counter()
        for group in by_set.values():
            for a, b in combinations(sorted(group, key=index.__getitem__), 2):
                compared[a, b] += 1
        keys = list(combinations(units, 2))
        return Balance(
            units=units,
            met={k: met[k] for k in keys},
            compared={k: compared[k] for k in keys},
            partnered={k: partnered[k] for k in keys} if individual else {},
        )

    def mixing(self) -> dict[Player, PlayerMixing]:
        """For each player (individual events): games played, distinct partners, distinct opponents."""
        partners: dict[Player, set] = {}
        opponents: dict[Player, set] = {}
        games: Counter = Counter()
        for tables in self.rounds:
            for entry in tables.values():
                majors, minors = self.players_of(entry.majors), self.players_of(entry.minors)
                for own, other in ((majors, minors), (minors, majors)):
                    for p in own:
                        games[p] += 1
                        mates = () if entry.variant else tuple(q for q in own if q != p)
                        partners.setdefault(p, set()).update(mates)
                        rivals = tuple(q for q in own if q not in mates and q != p)  # a table of three or two
                        opponents.setdefault(p, set()).update(other + rivals)
        return {
            p: PlayerMixing(games[p], len(partners.get(p, ())), len(opponents.get(p, ())))
            for p in sorted(games, key=_sort_key)
        }

    # -- validation -------------------------------------------------------------------------------
    def validate(self) -> Movement:
        """Check every rule; raise ``MovementError`` naming the first broken one. Returns ``self``."""
        if self.kind not in KINDS:
            raise MovementError(f"unknown movement kind {self.kind!r} (one of {', '.join(KINDS)})")
        if isinstance(self.tables, bool) or not isinstance(self.tables, int) or self.tables < 1:
            raise MovementError(f"a movement needs at least one table, not {self.tables!r}")
        if not self.rounds:
            raise MovementError("a movement needs at least one round")
        if len(self.sitting_out) != len(self.rounds):
            raise MovementError(
                f"the movement has {len(self.rounds)} rounds but {len(self.sitting_out)} lists of sitters-out"
            )
        for pid, players in self.members.items():
            if not 2 <= len(players) <= 3 or len(set(players)) != len(players):
                raise MovementError(f"partnership {pid} has {list(players)}: a partnership is two or three players")
        directions: dict[Side, tuple[str, int]] = {}
        for number, (tables, out) in enumerate(zip(self.rounds, self.sitting_out, strict=True), start=1):
            self._validate_round(number, tables, out, directions)
        self._validate_game_sets()
        if self.kind in TEAM_KINDS:
            self._validate_teams()
        if self.kind == PROGRESSIVE_INDIVIDUAL:
            self._validate_individual()
        return self

    def _validate_round(self, number: int, tables: Mapping, out: Sequence, directions: dict) -> None:
        members = self.members
        player_at: dict[Player, tuple] = {}  # player -> (table, direction); table None = sitting out
        partnership_at: dict[PartnershipId, tuple] = {}

        def where_text(place: tuple) -> str:
            return "sitting out" if place[0] is None else f"table {place[0]} {place[1]}"

        def place(side: Side, at: tuple) -> None:
            if isinstance(side, tuple):
                players = side
            else:
                players = members.get(side, ())
                if side in partnership_at:
                    raise MovementError(
                        f"round {number}: partnership {side} is in two places: "
                        f"{where_text(partnership_at[side])} and {where_text(at)}"
                    )
                partnership_at[side] = at
            for player in players:
                if player in player_at:
                    raise MovementError(
                        f"round {number}: player {player!r} is in two places: "
                        f"{where_text(player_at[player])} and {where_text(at)}"
                    )
                player_at[player] = at

        for table in sorted(tables, key=_sort_key):  # a table given as text is refused, not compared with 1
            entry = tables[table]
            if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= self.tables:
                raise MovementError(f"round {number}: table {table!r} is not one of tables 1..{self.tables}")
            if not isinstance(entry, TableRound):
                raise MovementError(f"round {number}, table {table}: {entry!r} is not a TableRound")
            if entry.majors == entry.minors:
                raise MovementError(f"round {number}, table {table}: {_label(entry.majors)} is on both sides")
            if entry.variant is not None:  # a table of three or two
                problem = odd_table_problem(entry)
                if problem:
                    raise MovementError(f"round {number}, table {table}{problem}")
                for direction, side in entry.sides():
                    place(side, (table, direction))
                continue
            # Four to six at the table follows from each side's two or three (a tuple's here, a
            # partnership's members in ``validate``), so no count of the table is needed.
            for direction, side in ((MAJORS, entry.majors), (MINORS, entry.minors)):
                if side is None or side == "":
                    raise MovementError(f"round {number}, table {table} {direction}: nobody is seated")
                if isinstance(side, tuple):
                    if not 2 <= len(side) <= 3 or len(set(side)) != len(side):
                        raise MovementError(
                            f"round {number}, table {table} {direction}: a side is two or three players, "
                            f"not {list(side)}"
                        )
                else:
                    first = directions.setdefault(side, (direction, number))
                    if first[0] != direction:
                        raise MovementError(
                            f"round {number}, table {table} {direction}: {_label(side)} played {first[0]} "
                            f"in round {first[1]}; a partnership keeps its direction all session"
                        )
                place(side, (table, direction))
        for side in out:
            place(side, (None, None))

    def _validate_game_sets(self) -> None:
        if self.kind in (PROGRESSIVE, PROGRESSIVE_INDIVIDUAL):
            for number, tables in enumerate(self.rounds, start=1):
                for table, entry in sorted(tables.items()):
                    if entry.game_set is not None:
                        raise MovementError(
                            f"round {number}, table {table}: a progressive table deals its own cards (no game set)"
                        )
            return
        duplicate = self.kind in DUPLICATE_KINDS
        played: dict[tuple[Any, int], int] = {}
        for number, tables in enumerate(self.rounds, start=1):
            sets_here: dict[int, list[int]] = {}
            for table, entry in sorted(tables.items()):
                game_set = entry.game_set
                if game_set is None:
                    if duplicate:
                        raise MovementError(f"round {number}, table {table}: no game set in a duplicate movement")
                    continue
                if isinstance(game_set, bool) or not isinstance(game_set, int) or game_set < 1:
                    raise MovementError(f"round {number}, table {table}: {game_set!r} is not a game set number")
                if self.game_sets is not None and game_set > self.game_sets:
                    raise MovementError(
                        f"round {number}, table {table}: game set {game_set}, but the movement has "
                        f"only {self.game_sets} game sets"
                    )
                sets_here.setdefault(game_set, []).append(table)
                for _, side in entry.sides():
                    for unit in self._units_of(side):
                        if (unit, game_set) in played:
                            raise MovementError(
                                f"round {number}, table {table}: {unit!r} plays game set {game_set} twice "
                                f"(also in round {played[unit, game_set]})"
                            )
                        played[unit, game_set] = number
            if self.kind == MITCHELL:
                for game_set, at in sets_here.items():
                    if len(at) > 1:
                        raise MovementError(
                            f"round {number}: game set {game_set} is at tables {at}; "
                            "a Mitchell has one copy of each set, at one table per round"
                        )
            if self.kind == BAROMETER and len(sets_here) > 1:
                raise MovementError(
                    f"round {number}: tables play game sets {sorted(sets_here)}; "
                    "in a barometer every table plays the same set"
                )

    def _validate_teams(self) -> None:
        team_of: dict[PartnershipId, str] = {}
        for team, (majors, minors) in self.teams.items():
            for pid in (majors, minors):
                if pid in team_of:
                    raise MovementError(f"partnership {pid} is in teams {team_of[pid]} and {team}")
                team_of[pid] = team
        for number, tables in enumerate(self.rounds, start=1):
            for table, entry in sorted(tables.items()):
                for _, side in entry.sides():
                    if side not in team_of:
                        raise MovementError(f"round {number}, table {table}: {_label(side)} is in no team")
                if team_of[entry.majors] == team_of[entry.minors]:
                    raise MovementError(f"round {number}, table {table}: team {team_of[entry.majors]} plays itself")
                if table % 2 == 1:
                    mate = tables.get(table + 1)
                    teams_here = {team_of[entry.majors], team_of[entry.minors]}
                    if mate is None or {team_of[mate.majors], team_of[mate.minors]} != teams_here:
                        raise MovementError(
                            f"round {number}: tables {table} and {table + 1} do not hold the two halves of one match"
                        )
                    if team_of[mate.majors] != team_of[entry.minors]:
                        raise MovementError(
                            f"round {number}, tables {table}-{table + 1}: each team plays majors at one table "
                            "and minors at the other"
                        )
                    if self.kind == AUCTION_TEAM_MATCH:
                        if mate.game_set != entry.game_set:
                            raise MovementError(
                                f"round {number}, tables {table}-{table + 1}: an Auction team match plays the same "
                                f"hands at both tables, not {entry.game_set} and {mate.game_set}"
                            )
                    elif mate.game_set == entry.game_set:
                        raise MovementError(
                            f"round {number}, tables {table}-{table + 1}: both halves of a match play "
                            f"game set {entry.game_set}; they play different sets"
                        )
        # Luck cancels only when both halves of a team played each of its sets.
        played: dict[tuple[str, int], set] = {}
        for tables in self.rounds:
            for entry in tables.values():
                for direction, side in entry.sides():
                    played.setdefault((team_of[side], entry.game_set), set()).add(direction)
        for (team, game_set), directions in sorted(played.items(), key=lambda item: (str(item[0][0]), item[0][1])):
            if len(directions) != 2:
                raise MovementError(
                    f"team {team} played game set {game_set} only in {next(iter(directions))}; "
                    "its other partnership must play it in the other direction"
                )

    def _validate_individual(self) -> None:
        for number, result in enumerate(self.results, start=1):
            if number >= len(self.rounds):
                break
            here, after = self.rounds[number - 1], self.rounds[number]
            seat_after = {p: t for t, e in after.items() for _, s in e.sides() for p in self.players_of(s)}
            for table, winner in sorted(result.items()):
                if table not in here:
                    raise MovementError(f"round {number}: a result for table {table}, which did not play")
                entry = here[table]
                seats = entry.seats if entry.variant and entry.variant != "duet" else ""
                if winner not in (DIRECTIONS if not seats else tuple(seats)):
                    wanted = "majors/minors" if not seats else f"one of its seats {seats}"
                    raise MovementError(f"round {number}, table {table}: the winner is {winner!r}, not {wanted}")
                for direction, side in entry.sides():
                    for index, player in enumerate(self.players_of(side)):
                        if player not in seat_after:
                            continue  # went home; a director's edit
                        moved = seat_after[player] != table
                        won = entry.suits(direction)[index] == winner if seats else direction == winner
                        if won and moved:
                            raise MovementError(
                                f"round {number + 1}: {player!r} won at table {table} in round {number} "
                                f"but moved to table {seat_after[player]}"
                            )
                        if not won and not moved and self.tables > 1 and len(here) > 1:
                            raise MovementError(
                                f"round {number + 1}: {player!r} lost at table {table} in round {number} but stayed"
                            )

    # -- JSON -------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The JSON form (docs/movements.md): plain lists, dicts, strings and numbers."""
        return {
            "format": FORMAT,
            "kind": self.kind,
            "tables": self.tables,
            "game_sets": self.game_sets,
            "rounds": [
                {
                    str(table): {"majors": _side_out(e.majors), "minors": _side_out(e.minors), "game_set": e.game_set}
                    | ({"variant": e.variant, "seats": e.seats} if e.variant else {})
                    for table, e in sorted(tables.items())
                }
                for tables in self.rounds
            ],
            "sitting_out": [[_side_out(s) for s in out] for out in self.sitting_out],
            "members": [{"partnership": pid, "players": list(players)} for pid, players in self.members.items()],
            "teams": [{"team": name, "majors": m, "minors": n} for name, (m, n) in self.teams.items()],
            "results": [{str(t): w for t, w in sorted(r.items())} for r in self.results],
            "cuts": [{str(t): list(order) for t, order in sorted(c.items())} for c in self.cuts],
            "coins": [{"round": c.round, "table": c.table, "winner": c.winner} for c in self.coins],
            "seed": self.seed,
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: Mapping) -> Movement:
        """Read ``to_dict``'s JSON form back; a malformed document raises ``MovementError``."""
        if not isinstance(data, Mapping):
            raise MovementError("a movement is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise MovementError(f"unknown movement format {data.get('format')!r} (expected {FORMAT})")
        try:
            raw_rounds = list(data["rounds"])
            sitting_out = [[_side_in(s) for s in out] for out in data.get("sitting_out") or []]
            if any(isinstance(r, Mapping) and "tables" in r for r in raw_rounds):
                # also read the web application's plan shape: {"tables": {...}, "sitting_out": [...]}
                sitting_out = [[_side_in(s) for s in r.get("sitting_out") or []] for r in raw_rounds]
                raw_rounds = [r["tables"] for r in raw_rounds]
            rounds = [
                {
                    _table_number(table): TableRound(
                        _side_in(entry["majors"]),
                        _side_in(entry["minors"]),
                        _opt_int(entry.get("game_set")),
                        *_odd_in(entry),
                    )
                    for table, entry in round_tables.items()
                }
                for round_tables in raw_rounds
            ]
            return cls(
                kind=str(data.get("kind", MANUAL)),
                tables=_whole(data.get("tables") or max((t for r in rounds for t in r), default=0), "tables"),
                rounds=rounds,
                sitting_out=sitting_out,
                game_sets=_opt_int(data.get("game_sets")),
                members={
                    _side_in(m["partnership"]): _players_in(m["players"], f"partnership {m['partnership']!r}")
                    for m in data.get("members") or []
                },
                teams={
                    _id_in(t["team"], "team"): (_side_in(t["majors"]), _side_in(t["minors"]))
                    for t in data.get("teams") or []
                },
                results=[
                    {_table_number(t): _direction_in(w, t) for t, w in r.items()} for r in data.get("results") or []
                ],
                cuts=[
                    {_table_number(t): _players_in(o, f"cut at table {t}") for t, o in c.items()}
                    for c in data.get("cuts") or []
                ],
                coins=[
                    CoinToss(_whole(c["round"], "coin round"), _table_number(c["table"]), str(c["winner"]))
                    for c in data.get("coins") or []
                ],
                seed=data.get("seed"),
                notes=[str(n) for n in data.get("notes") or []],
            )
        except MovementError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise MovementError(f"not a movement document: {error!r}") from error


def _side_out(side: Side) -> Any:
    return list(side) if isinstance(side, tuple) else side


def _id_in(value: Any, what: str) -> PartnershipId:
    """A partnership, player or team id as read from JSON: text or a whole number."""
    if isinstance(value, str | int) and not isinstance(value, bool):
        return value
    raise MovementError(f"{value!r} is not a usable {what} id (use text or a whole number)")


def _players_in(value: Any, what: str) -> tuple[Player, ...]:
    if not isinstance(value, list | tuple):
        raise MovementError(f"{what}: {value!r} is not a list of players")
    return tuple(_id_in(player, f"player ({what})") for player in value)


def _side_in(value: Any) -> Side:
    if isinstance(value, list | tuple):
        return _players_in(value, "a side")
    if isinstance(value, str | int) and not isinstance(value, bool):
        return value
    raise MovementError(f"{value!r} is not a partnership id or a list of players")


def _odd_in(entry: Mapping) -> tuple[str | None, str]:
    variant = entry.get("variant")
    if variant is None:
        return None, ""
    return str(variant), str(entry.get("seats", ""))


def _direction_in(value: Any, table: Any) -> str:
    if value in DIRECTIONS or (isinstance(value, str) and len(value) == 1 and value in SUITS):
        return value  # a direction, or the winning seat at a table of three
    raise MovementError(f"result at table {table}: the winner is {value!r}, not majors, minors or a seat")


def _whole(value: Any, what: str) -> int:
    """A whole number from JSON: an int, integral float or digit text; else ``MovementError``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise MovementError(f"{what}: {value!r} is not a whole number")


def _table_number(key: Any) -> int:
    return _whole(key, "table number")


def _opt_int(value: Any) -> int | None:
    return None if value is None else _whole(value, "game set")


# --- helpers shared by the generators ------------------------------------------------------------
def spread(count: int, length: int) -> list[int]:
    """``count`` positions among ``0..length-1`` as evenly spaced as possible (cyclically).

    Any window of consecutive positions holds ⌊w·count/length⌋ or ⌈w·count/length⌉ of them, which
    is what makes byes fair (nobody has two before everyone has one) and big tables far apart.
    """
    if count <= 0:
        return []
    return [(j * length) // count for j in range(count)]


def check_count(value: Any, what: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MovementError(f"{what} must be a whole number, not {value!r}")
    if value < minimum:
        raise MovementError(f"{what} must be at least {minimum}, not {value}")
    return value


def check_ids(ids: Iterable, what: str) -> list:
    if isinstance(ids, str):
        raise MovementError(f"the {what} are a list of ids, not the text {ids!r}")
    ids = list(ids)
    for pid in ids:
        if isinstance(pid, bool) or not isinstance(pid, str | int):
            raise MovementError(f"{pid!r} is not a usable id for {what}")
    seen: set = set()
    for pid in ids:
        if pid in seen:
            raise MovementError(f"{pid!r} appears twice among the {what}")
        seen.add(pid)
    return ids
