"""What the event documents print, as plain data: no database, no reportlab.

``director.printing.event_data`` fills these from an event's rows (seatings, seats, partnerships,
confirmed sheets, game sets); the renderers (scoresheets, tally cards, guide cards, results) read
only these, so tests and benchmarks can build them by hand. The kind of sheet an event (or one of
its tables) plays is its ``director.sheets`` kind, asked of the registry: data built by hand
without one plays Calypso by partnership.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from director.sheets.base import SheetKind
from director.sheets.registry import by_name
from scoring.cards import SIDE_SUITS
from scoring.movements import NextPlaces

MAJORS = "majors"
MINORS = "minors"
DIRECTIONS = (MAJORS, MINORS)
DIRECTION_SUITS = SIDE_SUITS  # the seats of each direction
OTHER = {MAJORS: MINORS, MINORS: MAJORS}


@dataclass(frozen=True)
class Side:
    """One side of one table in one game.

    ``seats`` are the first deal's seats in suit order, ``(suit, player id, name)``; a side of
    three also has ``third`` (the player out in deal 1) and ``sit_out`` (names out in deals 1–4).
    """

    direction: str
    partnership: int | None
    seats: tuple[tuple[str, int, str], ...]
    third: tuple[int, str] | None = None
    sit_out: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for _, _, name in self.seats) + ((self.third[1],) if self.third else ())

    @property
    def player_ids(self) -> tuple[int, ...]:
        return tuple(pid for _, pid, _ in self.seats) + ((self.third[0],) if self.third else ())

    @property
    def keys(self) -> tuple[Hashable, ...]:
        """Who scores this side's net: its partnership, or (individual events) its players."""
        return (self.partnership,) if self.partnership is not None else self.player_ids

    @property
    def names_text(self) -> str:
        return " & ".join(self.names)

    @property
    def label(self) -> str:
        """``3 · Ann & Ken`` (partnership number first when there is one)."""
        return f"{self.partnership} · {self.names_text}" if self.partnership is not None else self.names_text

    def seat_of(self, player_id: int) -> str | None:
        """The first deal's suit of a player on this side (``None`` for the third player)."""
        return next((suit for suit, pid, _ in self.seats if pid == player_id), None)


@dataclass(frozen=True)
class Result:
    """A confirmed scoresheet's partnership scores (net = majors − minors)."""

    majors: int
    minors: int
    # a sheet of individual scores: (player id, tally figure) per player (SheetKind.tally_figures)
    individual: tuple[tuple[int, int], ...] = ()

    @property
    def net(self) -> int:
        return self.majors - self.minors

    def score_of(self, player_id: int) -> int | None:
        """A sheet of individual scores: a player's figure (``None`` when they did not play this sheet)."""
        return next((score for pid, score in self.individual if pid == player_id), None)

    def score(self, direction: str) -> int:
        return self.majors if direction == MAJORS else self.minors

    def net_for(self, direction: str) -> int:
        return self.net if direction == MAJORS else -self.net


@dataclass(frozen=True)
class Play:
    """One table in one game: who sits where, the set they play, the confirmed result if any."""

    round: int
    table: int
    game_set: int | None = None
    majors: Side | None = None
    minors: Side | None = None
    result: Result | None = None
    # after this game: where its sides (or players) and its game set go (movements.selectors.next_places)
    next: NextPlaces | None = None
    # the kind of sheet the table plays (a table of three or two its own, scoring.movements.odd); None: the event's
    kind: SheetKind | None = None

    @property
    def set_goes_to(self) -> tuple[int, ...]:
        """The tables that play this game set in the next game."""
        return self.next.set_tables if self.next is not None else ()

    def side(self, direction: str) -> Side | None:
        return self.majors if direction == MAJORS else self.minors

    def sides(self) -> list[Side]:
        return [side for side in (self.majors, self.minors) if side is not None]


@dataclass(frozen=True)
class TableInfo:
    number: int
    entry_url: str  # the table's score-entry page (QR code on the guide card)


@dataclass(frozen=True)
class Entrant:
    """Who keeps a tally card: a partnership (``number``) or, in individual events, a player."""

    key: Hashable
    number: int | None
    names: str

    @property
    def label(self) -> str:
        return f"{self.number} · {self.names}" if self.number is not None else self.names


@dataclass
class EventData:
    """An event as the printed documents need it."""

    event_id: int
    name: str
    club: str
    date: str
    type: str
    individual: bool
    duplicate: bool
    scale: str
    rounds: tuple[int, ...]
    tables: tuple[TableInfo, ...]
    plays: tuple[Play, ...]  # round, then table order
    entrants: tuple[Entrant, ...]
    sitting_out: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # the kind of sheet the event's tables play (sheets.registry.kind_of); None: Calypso by partnership
    kind: SheetKind | None = None
    # A night of player codes (events.codes): each entrant's key -> ((who, code as shown, its page's
    # address), ...) — a pair's card carries both players' codes, or the partnership's one.
    codes: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind is None:
            self.kind = by_name("partnership")()

    def kind_of(self, play: Play) -> SheetKind:
        """The kind of sheet ``play``'s table plays: its own (a table of three or two), else the event's."""
        return play.kind or self.kind

    @property
    def title(self) -> str:
        return f"{self.name} · {self.date}" if self.date else self.name

    def play(self, round_number: int, table: int) -> Play | None:
        return self._index().get((round_number, table))

    def round_plays(self, round_number: int) -> list[Play]:
        return [p for p in self.plays if p.round == round_number]

    def table_plays(self, table: int) -> list[Play]:
        return [p for p in self.plays if p.table == table]

    def find(self, key: Hashable, round_number: int) -> tuple[Play, str] | None:
        """Where ``key`` (a partnership number, or a player id in individual events) plays in a
        round: ``(play, direction)``, or ``None`` for a bye or a round not seated yet."""
        for play in self.round_plays(round_number):
            for side in play.sides():
                if key in side.keys:
                    return play, side.direction
        return None

    def _index(self) -> dict[tuple[int, int], Play]:
        index = self.__dict__.get("_play_index")
        if index is None:
            index = self.__dict__["_play_index"] = {(p.round, p.table): p for p in self.plays}
        return index


# --- results --------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StandingLine:
    rank: str  # "1", "=3", "" (nothing scored yet)
    label: str  # "3 · Ann & Ken", or a player's name
    total: str  # signed net total, or matchpoints
    percentage: str  # matchpoint events; "" otherwise
    games: int
    per_game: tuple[str, ...]  # per round, "" for a game not played / not scored


@dataclass(frozen=True)
class StandingList:
    """One list of the standings: a pairs event's ♠♥ or ♦♣ pairs under their ``heading``, or
    everybody (``heading`` empty)."""

    heading: str
    lines: tuple[StandingLine, ...]


@dataclass(frozen=True)
class TeamLine:
    rank: str
    team: str
    points: str
    aggregate: str


@dataclass(frozen=True)
class CoopTable:
    """Duplicate coöperative: one printed table of coöp tables (the session's, or a set's) — each
    row rank, the two partnerships, total, grade and difference, as text."""

    heading: str
    rows: tuple[tuple[str, str, str, str, str], ...]


@dataclass(frozen=True)
class TravellerLine:
    round: int
    table: int
    majors: str
    minors: str
    majors_score: str
    minors_score: str
    net: str  # the majors' net (signed), or an artificial score
    majors_mp: str
    minors_mp: str


@dataclass(frozen=True)
class Traveller:
    game_set: int
    top: str
    lines: tuple[TravellerLine, ...]
    note: str = ""  # "3 of 4 results", "fouled"


@dataclass(frozen=True)
class ResultsData:
    """Standings, travellers and the running-totals chart (PNG bytes) of an event."""

    name: str
    matchpoints: bool
    rounds: tuple[int, ...]
    standings: tuple[StandingLine, ...]  # every list's lines, one list after the other
    travellers: tuple[Traveller, ...] = ()
    teams: tuple[TeamLine, ...] = ()
    check: str = ""  # the zero-sum cross-check, as a sentence; "" when not applicable
    chart_png: bytes | None = None
    # score histograms (PNG bytes): per game set (duplicate, printed under its traveller) or per
    # game (progressive, printed after the running totals); only sets/games with results
    set_histograms: dict[int, bytes] = field(default_factory=dict)
    game_histograms: dict[int, bytes] = field(default_factory=dict)
    # the standings as lists (a pairs event ranked by direction: ♠♥ then ♦♣); empty: one list,
    # ``standings``
    lists: tuple[StandingList, ...] = ()
    # duplicate coöperative: the tables' totals, grades and differences (session, then each set)
    coop: tuple[CoopTable, ...] = ()
