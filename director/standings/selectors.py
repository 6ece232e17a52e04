"""Reads for results pages: one loader, a fixed number of queries whatever the event's size.

``load_results(events)`` reads everything the standings, travellers, score cards, tallies, round
status, projector and exports need — rounds, seatings and seats, partnerships with players and
teams, the live scoresheets, adjustments and options — in about a dozen queries for any number
of tables (and for several events at once, for the season ladder). The returned
``EventResults`` computes the rest in memory through ``scoring``.

How an event is ranked (``EventResults.kind``, ``ranking_of``) follows its type:

- ``tally``: progressive pairs and progressive individual — nets per game, ranked by the sum;
- ``matchpoints``: duplicate pairs — each side matchpointed on its set and direction, ranked by
  session percentage;
- ``teams``: duplicate teams — team standings by the event's method (match points, board-a-match
  or aggregate), with the partnerships' matchpoints shown on the travellers;

unless its kind of sheet (``director.sheets.registry``; ``EventResults.sheet_kind``) imposes one
(``SheetKind.standings``): a duplicate coöperative event's ``coop`` — each table's total is
matchpointed among the tables that played the set, both partnerships at the table sharing it — or,
where every player scores alone (the kind is ``individual``), each player's own score per game read
from the confirmed sheet by its kind, ranked by the sum (``own_scores``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Prefetch

from director.clubs.models import Player
from director.events.models import Event, Partnership, PartnershipMember, Round, Seat, Seating
from director.results.models import Submission
from director.sheets import registry
from director.sheets.base import SheetKind
from scoring import matchpoints as mp_engine
from scoring import standings as engine
from scoring import tallies as tally_engine
from scoring.cards import SIDE_SYMBOLS, SUIT_SYMBOLS, SUITS

from . import adapters
from .adapters import DIRECTIONS, MAJORS, MINORS
from .figures import bind_kinds, read_figures
from .models import ArtificialScore, FouledSet, StandingsOptions

S = Submission.Status
LIVE = (S.CONFIRMED, S.SUBMITTED, S.DISPUTED)

TALLY = "tally"
MATCHPOINTS = "matchpoints"
TEAMS = "teams"
COOP = "coop"  # imposed by the coöperative kind of sheet (``SheetKind.standings``)


def ranking_of(event: Event, sheet_kind: SheetKind | None = None) -> str:
    """How ``event`` is ranked: what its kind of sheet imposes, else what its type says (the kinds'
    ``EventType.ranking``)."""
    kind = sheet_kind if sheet_kind is not None else registry.kind_of(event)
    return kind.standings or registry.event_type(event.type).ranking


def rankings() -> list[str]:
    """Every ranking an event may have (``EventResults.kind``): its type's and its kind's."""
    imposed = (kind.standings for kind in registry.kinds() if kind.standings)
    return list(dict.fromkeys([TALLY, MATCHPOINTS, TEAMS, *(t.ranking for t in registry.event_types()), *imposed]))


def fmt_mp(value) -> str:
    return mp_engine.format_matchpoints(value, 2)


def fmt_pct(value) -> str:
    return mp_engine.format_percentage(value, 2)


def as_number(value, places: int = 2):
    """A number for JSON/CSV: ints as they are, exact fractions rounded half-up to ``places``."""
    if value is None:
        return None
    if isinstance(value, int):
        return value
    return float(mp_engine.round_half_up(value, places))


def signed(value) -> str:
    return "" if value is None else tally_engine.signed(value)


# --- the shapes the pages use ------------------------------------------------------------------------
@dataclass
class Entrant:
    """A partnership (by number) or, in an individual event, a player (by id)."""

    key: Hashable
    number: int | None
    names: str
    team: str | None = None
    team_number: int | None = None
    players: tuple = ()  # ((player id, name), ...)

    @property
    def label(self) -> str:
        return f"{self.number} · {self.names}" if self.number is not None else self.names


@dataclass
class Side:
    direction: str
    entrants: tuple  # entrant keys: one partnership, or the players of an individual side
    score: int | None = None
    net: int | None = None
    artificial: ArtificialRow | None = None
    mp: Fraction | None = None
    top: int | None = None
    group: int = 1

    @property
    def percentage(self) -> Fraction | None:
        return None if self.mp is None else mp_engine.percentage(self.mp, self.top)

    @property
    def suits(self) -> str:
        return SIDE_SYMBOLS[self.direction]


@dataclass
class Play:
    """One table in one round: its two sides, its set and its result (``status``: confirmed,
    submitted, disputed or missing)."""

    round: int
    table: int
    game_set: int | None = None
    majors: Side | None = None
    minors: Side | None = None
    submission: SubmissionRow | None = None
    seat_players: dict = field(default_factory=dict)  # individual events: suit -> player id
    sheet_kind: SheetKind | None = None  # the kind of sheet the table plays (director.sheets.registry)
    # A confirmed sheet of individual scores (``per_player``): player id -> figure, in seat order —
    # the player's own score where the event adds own scores, else the player's net.
    figures: dict | None = None

    @property
    def status(self) -> str:
        return self.submission.status if self.submission is not None else "missing"

    @property
    def confirmed(self) -> bool:
        return self.submission is not None and self.submission.status == S.CONFIRMED

    @property
    def scored(self) -> bool:
        """Has a confirmed result or an artificial score on some side (nothing left to wait for)."""
        return self.confirmed or any(s is not None and s.artificial is not None for s in (self.majors, self.minors))

    def side(self, direction: str) -> Side | None:
        return self.majors if direction == MAJORS else self.minors

    def other(self, direction: str) -> Side | None:
        return self.minors if direction == MAJORS else self.majors

    @property
    def per_player(self) -> bool:
        """Its sheet scores each player (its kind is ``individual``): its figures are the players',
        read from the sheet, not its sides'."""
        return self.sheet_kind is not None and self.sheet_kind.individual

    def seat_of(self, player) -> str | None:
        return next((suit for suit, pid in self.seat_players.items() if pid == player), None)

    def seat_scores(self) -> list[tuple[str, object, int | None]]:
        """Own scores: ``(suit mark, player id, figure)`` per seat in ♠ ♥ ♦ ♣ order (figure ``None``
        until confirmed; a seat the sheet leaves out is left out once scored)."""
        out = []
        for suit in SUITS:
            pid = self.seat_players.get(suit)
            if pid is None or (self.figures is not None and pid not in self.figures):
                continue
            out.append((SUIT_SYMBOLS[suit], pid, None if self.figures is None else self.figures[pid]))
        return out


@dataclass
class StandingRow:
    rank: str
    entrant: Entrant
    total: Fraction | int | None
    percentage: Fraction | None
    games: int
    per_game: dict[int, object]  # round -> net (tally), matchpoints or own score
    decided_by: str | None = None
    total_text: str = ""  # the total as printed (``EventResults.text_of_total``)
    cells: tuple[str, ...] = ()  # each game's figure as printed, one per game of the event in order
    among: str = ""  # the heading of the list it is ranked in ("♠♥ pairs (N/S)"); "" in one list

    @property
    def percentage_text(self) -> str:
        return fmt_pct(self.percentage)


LIST_HEADINGS = {MAJORS: f"{SIDE_SYMBOLS[MAJORS]} pairs (N/S)", MINORS: f"{SIDE_SYMBOLS[MINORS]} pairs (E/W)"}


@dataclass
class StandingsList:
    """One list of standings: a direction's pairs (``direction`` majors / minors) or everybody
    (``direction`` None, no heading of its own)."""

    direction: str | None
    rows: list[StandingRow]

    @property
    def heading(self) -> str:
        """``♠♥ pairs (N/S)`` / ``♦♣ pairs (E/W)``; empty for the one overall list."""
        return LIST_HEADINGS.get(self.direction, "")


@dataclass
class TeamRow:
    rank: str
    team: str
    points: Fraction | int
    aggregate: int
    matches: int
    won: int
    drawn: int
    lost: int
    decided_by: str | None = None

    @property
    def points_text(self) -> str:
        return signed(self.points) if isinstance(self.points, int) else fmt_mp(self.points)


@dataclass
class Traveller:
    game_set: int
    plays: list[Play]
    expected: int
    results: int
    top: int | None
    fouled: FouledRow | None = None


@dataclass
class CardLine:
    round: int
    play: Play | None
    side: Side | None
    opponents: Side | None
    running: Fraction | int | None = None
    seat: str = ""  # own scores: the suit mark of the player's seat
    own: int | None = None  # own scores: the player's own score
    others: tuple = ()  # own scores: (suit mark, player id, score) of the other players


class _ByKind:
    """What follows from the ranking (``self.kind``) and the event's kind of sheet alone: shared by
    the loaded results and the cached standings page."""

    kind: str
    sheet_kind: SheetKind  # the kind of sheet the event's tables of four play

    @property
    def uses_matchpoints(self) -> bool:
        return self.kind in (MATCHPOINTS, TEAMS, COOP)

    @property
    def own_scores(self) -> bool:
        """Every player scores alone (the kind is ``individual``): each game's figure is the
        player's own score, added up; no sides, no nets, no zero sum."""
        return self.sheet_kind.individual

    def value_text(self, value) -> str:
        """One game's figure as the pages print it: matchpoints, or a tally figure as the kind
        writes it (a net, +120; an own score, 1,250)."""
        if value is None:
            return ""
        return fmt_mp(value) if self.uses_matchpoints else self.sheet_kind.figure_text(value)

    def text_of_total(self, total) -> str:
        """A session total as printed: a tally total as the kind writes it, or matchpoints."""
        if total is None:
            return ""
        return self.sheet_kind.figure_text(total) if isinstance(total, int) else fmt_mp(total)


@dataclass
class EventResults(_ByKind):
    event: Event
    kind: str
    sheet_kind: SheetKind
    rounds: list[Round]
    tables: list[int]
    plays: dict[tuple[int, int], Play]
    entrants: dict[Hashable, Entrant]
    options: StandingsOptions
    fouled: dict[int, FouledRow] = field(default_factory=dict)
    sitting_out: dict[int, list[str]] = field(default_factory=dict)
    _standings: list[StandingsList] | None = None

    # -- basics --------------------------------------------------------------------------------------
    @property
    def scale(self) -> str:
        return self.event.matchpoint_scale

    def play_list(self) -> list[Play]:
        return [self.plays[k] for k in sorted(self.plays)]

    def round_plays(self, number: int) -> list[Play]:
        return [p for (r, _), p in sorted(self.plays.items()) if r == number]

    def game_sets(self) -> list[int]:
        return sorted({p.game_set for p in self.plays.values() if p.game_set is not None})

    def entrant_label(self, keys: Iterable) -> str:
        keys = tuple(keys)
        if len(keys) == 1:
            entrant = self.entrants.get(keys[0])
            return entrant.label if entrant else str(keys[0])
        return " & ".join(self.entrants[k].names if k in self.entrants else str(k) for k in keys)

    def awaited(self, number: int) -> list[Play]:
        """Plays of round ``number`` with nothing to show yet (no confirmed result, no artificial)."""
        return [p for p in self.round_plays(number) if not p.scored]

    # -- matchpoints -----------------------------------------------------------------------------------
    def _matchpoint(self) -> None:
        by_set: dict[int, list[Play]] = defaultdict(list)
        for play in self.play_list():
            if play.game_set is not None:
                by_set[play.game_set].append(play)
        coop = self.kind == COOP
        for number, plays in by_set.items():
            fouled = self.fouled.get(number)
            groups = fouled.groups if fouled is not None else None
            for direction in (MAJORS,) if coop else DIRECTIONS:
                sided = [p for p in plays if p.side(direction) is not None]
                if not sided:
                    continue
                scores, top, group_of = adapters.matchpoint_set(sided, direction, self.scale, groups=groups, coop=coop)
                for play, value, group in zip(sided, scores, group_of, strict=True):
                    targets = [play.majors, play.minors] if coop else [play.side(direction)]
                    for side in targets:
                        if side is None:
                            continue
                        side.mp, side.top, side.group = value, top, group

    # -- tallies and standings ---------------------------------------------------------------------
    def game_results(self) -> list[tally_engine.GameResult]:
        """Partnership scoresheets for ``scoring.tallies`` (none where players score alone: no sides)."""
        if self.own_scores:
            return []
        return adapters.game_results(self.play_list())

    def figure_results(self) -> list[tally_engine.CutthroatResult]:
        """The confirmed sheets of individual scores (``Play.figures``): each player's figure at each
        table — their own scores, or a progressive individual's table of three's nets (which add up
        to zero beside ``game_results``)."""
        return [tally_engine.CutthroatResult(p.round, p.table, p.figures) for p in self.play_list() if p.figures]

    def tally_results(self) -> list:
        """Every confirmed sheet as the tally cards' cross-check reads it."""
        return [*self.game_results(), *self.figure_results()]

    def tallies(self) -> dict[Hashable, tally_engine.Tally]:
        """Each entrant's tally: its nets, or each player's figure where the sheet scores each player."""
        out = tally_engine.tallies(self.game_results())
        for play in self.play_list():
            for pid, figure in (play.figures or {}).items():
                tally = out.setdefault(pid, tally_engine.Tally(pid))
                tally.nets[play.round] = figure
                tally.tables[play.round] = play.table
        return out

    @property
    def separate(self) -> bool:
        """A duplicate pairs event ranked as a list per direction (``scoring.standings.ranking_for``:
        the director's option, or for "auto" what the movement suggests)."""
        if self.kind != MATCHPOINTS:
            return False
        chosen = engine.ranking_for(self.options.ranking, self.event.movement_kind)
        return chosen == engine.RANK_SEPARATE

    def standings(self) -> list[StandingRow]:
        """Session standings, best first, every list after the other (majors, then minors, when
        ranked by direction); entrants with nothing scored yet last in their list, unranked."""
        return [row for lst in self.standings_lists() for row in lst.rows]

    def standings_lists(self) -> list[StandingsList]:
        """The standings as every page, the PDF, the exports and the API show them: one list, or a
        duplicate pairs event's ♠♥ and ♦♣ lists each ranked within itself (``separate``)."""
        if self._standings is not None:
            return self._standings
        by_mp = self.uses_matchpoints
        if self.own_scores:
            scores = adapters.figure_scores(self.play_list())
        else:
            scores = adapters.game_scores(self.play_list(), matchpoints=by_mp)
        per_game: dict[Hashable, dict[int, object]] = defaultdict(dict)
        for s in scores:
            per_game[s.entrant][s.game] = s.score
        tie_break = self.options.tie_break or engine.NONE
        seated = self._directions()
        ranked_lists = engine.standings_by_direction(
            scores, seated, by="percentage" if by_mp else "total", tie_break=tie_break, separate=self.separate
        )
        blank = ("",) * len(self.rounds)
        unscored = [
            (key, entrant)
            for key, entrant in sorted(self.entrants.items(), key=lambda kv: (kv[1].number or 0, kv[1].names))
            if key in seated
        ]
        out = []
        for ranked in ranked_lists:
            rows = [
                StandingRow(
                    rank=s.label,
                    entrant=self._entrant(s.entrant),
                    total=s.total,
                    percentage=s.percentage,
                    games=s.games,
                    per_game=per_game[s.entrant],
                    decided_by=s.decided_by,
                    total_text=self.text_of_total(s.total),
                    cells=tuple(self.value_text(per_game[s.entrant].get(r.number)) for r in self.rounds),
                    among=LIST_HEADINGS.get(ranked.direction, ""),
                )
                for s in ranked.standings
            ]
            for key, entrant in unscored:
                if key not in per_game and ranked.direction in (None, seated[key]):
                    among = LIST_HEADINGS.get(ranked.direction, "")
                    rows.append(StandingRow("", entrant, None, None, 0, {}, cells=blank, among=among))
            out.append(StandingsList(ranked.direction, rows))
        self._standings = out
        return out

    def _plays_in(self, key) -> bool:
        return any(
            side is not None and key in side.entrants for p in self.plays.values() for side in (p.majors, p.minors)
        )

    def _directions(self) -> dict[Hashable, str]:
        """Each entrant's direction: where it sat first (a pair that changed direction is listed
        where it started)."""
        seated: dict[Hashable, str] = {}
        for play in self.play_list():
            for direction in DIRECTIONS:
                side = play.side(direction)
                if side is not None:
                    for key in side.entrants:
                        seated.setdefault(key, direction)
        return seated

    def _entrant(self, key) -> Entrant:
        return self.entrants.get(key) or Entrant(key, None, str(key))

    def team_standings(self) -> list[TeamRow]:
        team_of = {key: e.team for key, e in self.entrants.items() if e.team}
        results = adapters.team_results(self.play_list(), team_of)
        method = self.options.team_method or engine.MATCH_POINTS
        return [
            TeamRow(s.label, s.team, s.points, s.aggregate, s.matches, s.won, s.drawn, s.lost, s.decided_by)
            for s in engine.team_standings(results, method=method)
        ]

    def zero_sum(self) -> list[tally_engine.Discrepancy]:
        if self.own_scores:  # own scores do not cancel out: each sheet's card check is the check
            return []
        results = self.game_results()
        totals = {e: t.total for e, t in tally_engine.tallies(results).items()}
        return tally_engine.zero_sum_check(totals, tally_engine.expected_sum(results))

    def running_totals(self) -> dict[Hashable, list[tuple[int, object]]]:
        """Each entrant's running total after each game it played (nets, or matchpoints)."""
        out: dict[Hashable, list[tuple[int, object]]] = {}
        for row in self.standings():
            total = 0
            series = []
            for game in sorted(row.per_game):
                total += row.per_game[game]
                series.append((game, total))
            out[row.entrant.key] = series
        return out

    # -- travellers and score cards -------------------------------------------------------------------
    def traveller(self, game_set: int) -> Traveller | None:
        plays = [p for p in self.play_list() if p.game_set == game_set]
        if not plays:
            return None

        def order(play: Play):
            side = play.majors
            if side is None or side.mp is None:
                return (2, 0, play.round, play.table)
            if side.artificial is not None:
                return (1, 0, play.round, play.table)
            return (0, -(side.net or 0), play.round, play.table)

        tops = {p.majors.top for p in plays if p.majors is not None and p.majors.top is not None}
        return Traveller(
            game_set=game_set,
            plays=sorted(plays, key=order),
            expected=len(plays),
            results=sum(1 for p in plays if p.confirmed),
            top=tops.pop() if tops else (mp_engine.top(len(plays), self.scale) if self.uses_matchpoints else None),
            fouled=self.fouled.get(game_set),
        )

    def scorecard(self, key) -> list[CardLine]:
        """One entrant's card: every round, where they sat, whom they played, the result."""
        lines = []
        running = 0
        for r in self.rounds:
            line = CardLine(r.number, None, None, None)
            for play in self.round_plays(r.number):
                for direction in DIRECTIONS:
                    side = play.side(direction)
                    if side is not None and key in side.entrants:
                        line = CardLine(r.number, play, side, play.other(direction))
            value = None
            if line.side is not None and self.own_scores:
                play = line.play
                line.seat = SUIT_SYMBOLS.get(play.seat_of(key) or "", "")
                line.own = value = (play.figures or {}).get(key)
                line.others = tuple(t for t in play.seat_scores() if t[1] != key)
            elif line.side is not None:
                value = line.side.mp if self.uses_matchpoints else (line.side.net if line.play.confirmed else None)
            if value is not None:
                running += value
                line.running = running
            lines.append(line)
        return lines


# --- the loader --------------------------------------------------------------------------------------
# The pages show a handful of fields of each result, adjustment and fouling: the loader reads those
# as plain rows (values, not model instances: a 500-table night has thousands of seatings and
# sheets, and building model instances for them was most of a page's time).
@dataclass(frozen=True, slots=True)
class SubmissionRow:
    """A live submission as the results pages show it."""

    pk: int
    round_id: int
    table_id: int
    status: str
    majors: int
    minors: int
    net: int


@dataclass(frozen=True, slots=True)
class ArtificialRow:
    """An adjustment in force (``ArtificialScore``) as the results pages show it."""

    pk: int
    round_id: int
    table_id: int
    direction: str
    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class FouledRow:
    """A fouled set in force (``FouledSet``) as the results pages show it."""

    pk: int
    event_id: int
    game_set_number: int
    groups: list
    reason: str


def load_results(events: Iterable[Event]) -> dict[int, EventResults]:
    """``event id → EventResults`` for ``events``, in a fixed number of queries."""
    events = list(events)
    ids = [e.pk for e in events]
    if not ids:
        return {}
    rounds = list(
        Round.objects.filter(event_id__in=ids)
        .prefetch_related(
            Prefetch("sitting_out_partnerships", queryset=Partnership.objects.order_by("number")),
            Prefetch("sitting_out_players", queryset=Player.objects.order_by("name")),
        )
        .order_by("event_id", "number")
    )
    seatings = list(
        Seating.objects.filter(round__event_id__in=ids).values_list(
            "pk", "round_id", "table_id", "table__number", "direction", "partnership_id", "game_set_number"
        )
    )
    # Individual events only: who sits where, and who sits out which deal (JSON, read only here).
    individual = [e for e in events if e.is_individual]
    seats: dict[int, list[tuple[str, int, str]]] = defaultdict(list)
    sit_out: dict[int, list] = {}
    if individual:
        for seating_id, suit, player_id, name, order in Seat.objects.filter(
            seating__round__event_id__in=[e.pk for e in individual]
        ).values_list("seating_id", "suit", "player_id", "player__name", "seating__sit_out_order"):
            seats[seating_id].append((suit, player_id, name))
            sit_out[seating_id] = order
    partnerships = list(
        Partnership.objects.filter(event_id__in=ids).values_list(
            "pk", "event_id", "number", "team__name", "team__number"
        )
    )
    members: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for partnership_id, player_id, name in (
        PartnershipMember.objects.filter(partnership__event_id__in=ids)
        .order_by("position")
        .values_list("partnership_id", "player_id", "player__name")
    ):
        members[partnership_id].append((player_id, name))
    submissions = [
        SubmissionRow(*row)
        for row in Submission.objects.filter(round__event_id__in=ids, status__in=LIVE)
        .order_by("version")
        .values_list("pk", "round_id", "table_id", "status", "majors", "minors", "net")
    ]
    artificial = [
        ArtificialRow(*row)
        for row in ArtificialScore.objects.filter(event_id__in=ids, withdrawn_at__isnull=True).values_list(
            "pk", "round_id", "table_id", "direction", "code", "reason"
        )
    ]
    fouled = [
        FouledRow(*row)
        for row in FouledSet.objects.filter(event_id__in=ids, withdrawn_at__isnull=True).values_list(
            "pk", "event_id", "game_set_number", "groups", "reason"
        )
    ]
    options = {o.event_id: o for o in StandingsOptions.objects.filter(event_id__in=ids)}
    player_names: dict[int, str] = {}
    if individual:
        player_names = dict(
            Player.objects.filter(club_id__in={e.club_id for e in individual}).values_list("pk", "name")
        )

    out: dict[int, EventResults] = {}
    round_by_pk = {r.pk: r for r in rounds}
    for event in events:
        sheet_kind = registry.kind_of(event)
        out[event.pk] = EventResults(
            event=event,
            kind=ranking_of(event, sheet_kind),
            sheet_kind=sheet_kind,
            rounds=[r for r in rounds if r.event_id == event.pk],
            tables=[],
            plays={},
            entrants={},
            options=options.get(event.pk) or StandingsOptions(event=event),
        )
    number_of_partnership = {}
    for pk, event_id, number, team, team_number in partnerships:
        names = members[pk]
        out[event_id].entrants[number] = Entrant(
            key=number,
            number=number,
            names=" & ".join(name for _, name in names),
            team=team,
            team_number=team_number,
            players=tuple(names),
        )
        number_of_partnership[pk] = number
    for r in rounds:
        out[r.event_id].sitting_out[r.number] = [
            out[r.event_id].entrants[p.number].label if p.number in out[r.event_id].entrants else str(p)
            for p in r.sitting_out_partnerships.all()
        ] + [p.name for p in r.sitting_out_players.all()]

    table_pk = {}
    for pk, round_id, table_id, table_number, direction, partnership_id, game_set in seatings:
        round_obj = round_by_pk[round_id]
        result = out[round_obj.event_id]
        key = (round_obj.number, table_number)
        table_pk[(round_id, table_id)] = (round_obj.event_id, key)
        play = result.plays.get(key)
        if play is None:
            play = result.plays[key] = Play(round=round_obj.number, table=table_number)
        play.game_set = game_set
        if partnership_id is not None:
            entrants = (number_of_partnership[partnership_id],)
        else:
            seated = sorted(seats[pk], key=lambda s: SUITS.index(s[0]))  # "" (out in deal 1) sorts with S
            ids_ = list(dict.fromkeys([player_id for _, player_id, _ in seated] + list(sit_out.get(pk) or [])))
            entrants = tuple(ids_)
            for suit, player_id, name in seated:
                player_names.setdefault(player_id, name)
                if suit:
                    play.seat_players[suit] = player_id
            for pid in ids_:
                name = player_names.get(pid, f"Player {pid}")
                result.entrants.setdefault(pid, Entrant(pid, None, name, players=((pid, name),)))
        setattr(play, direction, Side(direction=direction, entrants=entrants))
    for submission in submissions:
        where = table_pk.get((submission.round_id, submission.table_id))
        if where is None:
            continue
        play = out[where[0]].plays[where[1]]
        if play.submission is None or play.submission.status != S.CONFIRMED:
            play.submission = submission
    for result in out.values():
        for play in result.plays.values():
            if play.confirmed:
                for side, score, net in (
                    (play.majors, play.submission.majors, play.submission.net),
                    (play.minors, play.submission.minors, -play.submission.net),
                ):
                    if side is not None:
                        side.score, side.net = score, net
        result.tables = sorted({t for _, t in result.plays})
        bind_kinds(result)
    read_figures(out)
    for adjustment in artificial:
        where = table_pk.get((adjustment.round_id, adjustment.table_id))
        if where is None:
            continue
        side = out[where[0]].plays[where[1]].side(adjustment.direction)
        if side is not None:
            side.artificial = adjustment
    for fouling in fouled:
        out[fouling.event_id].fouled[fouling.game_set_number] = fouling
    for result in out.values():
        if result.uses_matchpoints:
            result._matchpoint()
    return out


def event_results(event: Event) -> EventResults:
    return load_results([event])[event.pk]


# --- what the traveller and ladder pages show (director and public alike) -----------------------------
def set_hands(event: Event, number: int):
    """The set's hands (for directors, and the public once released): deal → seat → text."""
    from director.deals.adapters import hand_text
    from director.deals.models import GameSet

    row = GameSet.objects.filter(event=event, number=number).first()
    if row is None or not any(any(deal.get(s) for s in SUITS) for deal in row.deals):
        return None

    def suits(text: str) -> list[tuple[str, str, str]]:
        # "S AK H 2 D T C -" -> [("S", "♠", "AK"), ...]
        parts = text.split()
        return [(parts[i], SUIT_SYMBOLS[parts[i]], parts[i + 1]) for i in range(0, len(parts) - 1, 2)]

    return [
        {"deal": d, "hands": [(seat, SUIT_SYMBOLS[seat], suits(hand_text(row, d, seat))) for seat in SUITS]}
        for d in range(1, len(row.deals) + 1)
    ]
