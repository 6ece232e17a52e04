"""Reads for events. Each runs a fixed number of queries whatever the event's size, so pages and
API lists built on them keep a constant query count (the tests assert it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, QuerySet

from director.clubs.access import clubs_for
from director.core.errors import NotFound
from director.sheets.registry import kind_of
from scoring.cards import SUIT_INDEX, SUIT_SYMBOLS
from scoring.movements import odd
from scoring.variants import clockwise_seats

from .models import MAJORS, MINORS, Event, Partnership, PartnershipMember, Round, Seat, Seating, Table, Team
from .models import ResultsChange as ResultsChange


def results_version(event: Event | int) -> int:
    """How many writes have changed what the event's results pages show (``models.ResultsChange``):
    one indexed count. Read it before reading the results it stands for."""
    return ResultsChange.objects.filter(event_id=getattr(event, "pk", event)).count()


def events_for(user, *, club=None, status: str | None = None) -> QuerySet[Event]:
    """Events of the user's clubs (optionally one club, one status), newest first."""
    events = Event.objects.filter(club__in=clubs_for(user)).select_related("club", "season")
    if club is not None:
        events = events.filter(club=club)
    if status:
        events = events.filter(status=status)
    return events.annotate(table_count=Count("tables", distinct=True)).order_by("-date", "-id")


def _members_prefetch() -> Prefetch:
    return Prefetch("members", queryset=PartnershipMember.objects.select_related("player").order_by("position"))


def partnerships_of(event: Event) -> list[Partnership]:
    """Partnerships with their players (``p.members.all()`` in seat order) and team: 2 queries."""
    return list(
        Partnership.objects.filter(event=event)
        .select_related("team")
        .prefetch_related(_members_prefetch())
        .order_by("number")
    )


def teams_of(event: Event) -> list[Team]:
    partnerships = Partnership.objects.prefetch_related(_members_prefetch()).order_by("number")
    return list(Team.objects.filter(event=event).prefetch_related(Prefetch("partnerships", queryset=partnerships)))


def tables_of(event: Event) -> QuerySet[Table]:
    return Table.objects.filter(event=event).order_by("number")


def table_by_token(token: str) -> Table:
    """The table whose secret entry link carries ``token`` (with its event and club)."""
    table = Table.objects.select_related("event", "event__club").filter(token=token).first() if token else None
    if table is None:
        raise NotFound("this table link is not valid (it may have been re-issued)", field="token")
    return table


def event_detail(event_id: int, *, user=None) -> Event:
    """The event with tables, rounds, partnerships (with players) and teams prefetched: 6 queries."""
    events = Event.objects.select_related("club", "season")
    if user is not None:
        events = events.filter(club__in=clubs_for(user))
    events = events.prefetch_related(
        Prefetch("tables", queryset=Table.objects.order_by("number")),
        Prefetch("rounds", queryset=Round.objects.order_by("number")),
        Prefetch("partnerships", queryset=Partnership.objects.prefetch_related(_members_prefetch()).order_by("number")),
        Prefetch("teams", queryset=Team.objects.order_by("number")),
    )
    event = events.filter(pk=event_id).first()
    if event is None:
        raise NotFound(f"no event {event_id}", field="event")
    return event


# --- tables of three and two (scoring.movements.odd) ----------------------------------------------------
def odd_variant(event: Event, suits) -> tuple[str | None, str]:
    """``(variant, seats)`` of a table of a progressive individual whose seat rows hold ``suits``:
    two or three players play the night's variant (``Event.odd_tables``) in the seats they hold,
    clockwise; four to six (or a side of three's blank seat) ``(None, "")``."""
    suits = list(suits)
    found = event.odd_tables.for_size(len(suits)) if event.is_individual and "" not in suits else None
    return (found[0], clockwise_seats("".join(suits))) if found else (None, "")


def table_variant(table: Table, round: Round) -> tuple[str | None, str]:
    """``odd_variant`` of ``table`` in game ``round``, from its seat rows (one query)."""
    suits = Seat.objects.filter(round=round, seating__table=table).values_list("suit", flat=True)
    return odd_variant(table.event, suits)


def odd_table_seated(event: Event) -> int | None:
    """The first table seated with three players or fewer in some game (a table of three or two), or
    None (one query)."""
    seated = (
        Seat.objects.filter(round__event=event)
        .values("round_id", "seating__table__number")
        .annotate(players=Count("pk"))
        .filter(players__lte=3)
        .order_by("seating__table__number")
        .first()
    )
    return None if seated is None else seated["seating__table__number"]


# --- the round grid ----------------------------------------------------------------------------------
@dataclass
class SideView:
    """One side of a table in one round: the partnership (if fixed) and who sits in which seat."""

    direction: str
    partnership: Partnership | None
    seats: dict[str, object]  # suit -> Player (first deal's seat for a side of three)
    sit_out_order: list[int]
    out_first: object | None = None  # the Player sitting out deal 1 on a side of three

    @property
    def players(self) -> list:
        if self.partnership is not None:
            return [m.player for m in self.partnership.members.all()]
        return [*self.seats.values(), *([self.out_first] if self.out_first is not None else [])]

    @property
    def label(self) -> str:
        names = " & ".join(p.name for p in self.players)
        return f"{self.partnership.number}: {names}" if self.partnership is not None else names


@dataclass
class Cell:
    round: Round
    table: Table
    game_set: int | None = None
    majors: SideView | None = None
    minors: SideView | None = None
    result: object | None = None  # the confirmed (or latest live) Submission (``results_grid`` fills it)
    variant: str | None = None  # a table of three or two of a progressive individual (scoring.movements.odd)
    kind: object | None = None  # the kind of sheet the table plays (``director.sheets.registry.kind_of``)

    @property
    def variant_name(self) -> str:
        """What a table of three or two plays, in words: its kind's (``SheetKind.table_words``, where the
        event type makes every table a three), else ``scoring.movements.odd.NAMES``; "" for four to six."""
        if not self.variant:
            return ""
        return getattr(self.kind, "table_words", "") or odd.NAMES.get(self.variant, "")

    @property
    def seat_list(self) -> list[tuple[str, str, object]]:
        """A table of three or two: ``(suit, symbol, player)`` clockwise (a table of two: ♠ hand v ♣ hand)."""
        seated = {suit: player for side in (self.majors, self.minors) if side for suit, player in side.seats.items()}
        return [(suit, SUIT_SYMBOLS[suit], seated[suit]) for suit in clockwise_seats("".join(seated))]

    def mark_odd(self, event: Event) -> Cell:
        """Set ``variant`` when two or three are seated here in a progressive individual, and the
        ``kind`` of sheet the table plays."""
        suits = [suit for side in (self.majors, self.minors) if side for suit in side.seats]
        blank = [""] * sum(side.out_first is not None for side in (self.majors, self.minors) if side)
        self.variant, seats = odd_variant(event, suits + blank)
        self.kind = kind_of(event, self.variant, seats)
        return self

    @property
    def status(self) -> str:
        """``missing`` / ``submitted`` / ``disputed`` / ``confirmed`` (``empty`` when nobody sits here)."""
        if self.majors is None and self.minors is None:
            return "empty"
        return self.result.status if self.result is not None else "missing"


@dataclass
class Grid:
    event: Event
    rounds: list[Round]
    tables: list[Table]
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)  # (round number, table number)
    sitting_out: dict[int, list] = field(default_factory=dict)  # round number -> partnerships or players

    def cell(self, round_number: int, table_number: int) -> Cell | None:
        return self.cells.get((round_number, table_number))

    def rows(self):
        """``[(round, [cell per table])]`` for a template's table × round grid."""
        return [(r, [self.cells.get((r.number, t.number)) for t in self.tables]) for r in self.rounds]

    def missing(self, round_number: int) -> list[Cell]:
        return [c for (n, _), c in sorted(self.cells.items()) if n == round_number and c.status == "missing"]


def _seatings(event: Event, *, round: Round | None = None, table: Table | None = None) -> list[Seating]:
    seatings = Seating.objects.filter(round__event=event)
    if round is not None:
        seatings = seatings.filter(round=round)
    if table is not None:
        seatings = seatings.filter(table=table)
    return list(
        seatings.select_related("partnership").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player")),
            Prefetch(
                "partnership__members", queryset=PartnershipMember.objects.select_related("player").order_by("position")
            ),
        )
    )


def _side(seating: Seating) -> SideView:
    seats = sorted((s for s in seating.seats.all() if s.suit), key=lambda s: SUIT_INDEX[s.suit])
    out = next((s.player for s in seating.seats.all() if not s.suit), None)
    return SideView(
        direction=seating.direction,
        partnership=seating.partnership,
        seats={seat.suit: seat.player for seat in seats},
        sit_out_order=list(seating.sit_out_order),
        out_first=out,
    )


def round_grid(event: Event) -> Grid:
    """Tables × rounds: who sits where and which set they play. The cells' results (and so their
    status) are ``results.selectors.results_grid``'s, the results app's read.

    Queries: rounds, tables, seatings, seats, partnership members, byes (2) — fixed.
    """
    rounds = list(
        Round.objects.filter(event=event)
        .prefetch_related(
            Prefetch("sitting_out_partnerships", queryset=Partnership.objects.order_by("number")), "sitting_out_players"
        )
        .order_by("number")
    )
    tables = list(tables_of(event))
    grid = Grid(event=event, rounds=rounds, tables=tables)
    by_round = {r.pk: r for r in rounds}
    by_table = {t.pk: t for t in tables}
    for r in rounds:
        grid.sitting_out[r.number] = list(r.sitting_out_partnerships.all()) or list(r.sitting_out_players.all())
    for seating in _seatings(event):
        round_obj, table = by_round[seating.round_id], by_table[seating.table_id]
        cell = grid.cells.setdefault((round_obj.number, table.number), Cell(round=round_obj, table=table))
        cell.game_set = seating.game_set_number
        setattr(cell, MAJORS if seating.direction == MAJORS else MINORS, _side(seating))
    for cell in grid.cells.values():
        cell.mark_odd(event)
    return grid


def table_round(table: Table, round: Round) -> Cell:
    """One table in one round (the table-entry page): sides, seats and game set."""
    cell = Cell(round=round, table=table)
    for seating in _seatings(table.event, round=round, table=table):
        cell.game_set = seating.game_set_number
        setattr(cell, seating.direction, _side(seating))
    return cell.mark_odd(table.event)


# A game's state in the director's words, with the badge's CSS name: a game is not "open" before
# the event starts, and of the open games only the first is being played.
GAME_STATES = {
    "not-started": ("draft", "Not started"),
    "in-play": ("open", "In play"),
    "to-come": ("draft", "To come"),
    "closed": ("closed", "Closed"),
}


def label_games(event: Event, rounds: list[Round]) -> list[Round]:
    """Give each round ``state``, ``state_label`` and ``state_badge`` (see ``GAME_STATES``)."""
    first_open = min((r.number for r in rounds if r.status == Round.Status.OPEN), default=None)
    for r in rounds:
        if r.status == Round.Status.CLOSED:
            state = "closed"
        elif event.status == Event.Status.DRAFT:
            state = "not-started"
        elif r.number == first_open:
            state = "in-play"
        else:
            state = "to-come"
        r.state = state
        r.state_badge, r.state_label = GAME_STATES[state]
    return rounds


def current_round(event: Event) -> Round | None:
    """The first open round (the one being played), or None when all are closed."""
    return Round.objects.filter(event=event, status=Round.Status.OPEN).order_by("number").first()


def movement_warnings(event: Event) -> list:
    """What is poor about the event's movement (``scoring.movements.movement_warnings``: repeated
    opponents, idle tables), each with its fixes; nothing for an event not seated by a movement."""
    from scoring.movements import Movement, MovementError
    from scoring.movements import movement_warnings as warnings_of

    if not event.movement or not event.movement.get("rounds"):
        return []
    try:
        movement = Movement.from_dict(event.movement)
    except (MovementError, TypeError, ValueError, KeyError):
        return []  # an older or hand-written plan: nothing to judge it by
    return warnings_of(movement)


# --- the night's next step (the event page's one primary action) --------------------------------------
@dataclass(frozen=True)
class NightFacts:
    """What the next step of a night depends on, read once by the event page (``night_facts``)."""

    status: str  # draft / running / finished
    games: int
    seated: bool = False  # game 1 (the first game) has a seating
    seated_from_results: bool = False  # a progressive individual: game n+1 is seated from game n's results
    hands: str = ""  # "hands" (game sets) / "deals" (an Auction match's) to release after play; "" none
    hands_ready: bool = True  # the sets or deals exist (a duplicate or Auction match needs them first)
    hands_released: bool = False
    results_released: bool = False
    current: int | None = None  # the first open game
    current_tables: int = 0  # tables seated in it
    current_missing: tuple[int, ...] = ()  # tables of it without a confirmed sheet
    next_seated: bool = True  # the game after ``current`` has a seating
    last_closed: int = 0  # the highest closed game


@dataclass(frozen=True)
class NextStep:
    """The one action that comes next, the line saying why, and what the page links or posts."""

    action: str  # build, sets, deals, start, scores, close, seat, finish, release-hands, release-results, done
    label: str
    why: str
    game: int | None = None


def next_step(f: NightFacts) -> NextStep:
    """The night's next step from ``f`` alone (no queries): the README's club-night steps, per event type."""
    if f.status == "draft":
        if not f.seated:
            return NextStep("build", "Seat the tables", "Nobody is seated yet: build the movement first.")
        if not f.hands_ready and f.hands == "deals":
            return NextStep("deals", "Deal the rounds", "An Auction team match plays dealt rounds: deal them first.")
        if not f.hands_ready:
            return NextStep(
                "sets", "Add the game sets", "Every table plays the same deals: generate or import the sets first."
            )
        return NextStep("start", "Start the event", "The tables are seated: starting opens game 1 on their phones.")
    if f.status == "running":
        game = f.current
        if game is None:
            return NextStep("finish", "Finish the event", f"All {f.games} games are closed: finishing makes it final.")
        if f.current_tables == 0 and f.seated_from_results:
            return NextStep(
                "seat",
                f"Seat game {game}",
                f"Game {game - 1} is closed; game {game} is seated from its results: winners stay, losers move.",
                game,
            )
        if f.current_missing:
            tables = ", ".join(map(str, f.current_missing))
            return NextStep(
                "scores",
                f"Enter scores · game {game}",
                f"Game {game}: table{'s' * (len(f.current_missing) > 1)} {tables} "
                f"{'have' if len(f.current_missing) > 1 else 'has'} no confirmed sheet yet.",
                game,
            )
        if game == f.games:
            return NextStep(
                "finish", "Finish the event", f"Every sheet of the last game (game {game}) is in: finish the night."
            )
        then = f"seat game {game + 1} from its results" if f.seated_from_results else f"game {game + 1} starts"
        return NextStep(
            "close", f"Close game {game}", f"Every table's sheet for game {game} is in: close it, then {then}.", game
        )
    if f.hands and not f.hands_released:
        return NextStep(
            f"release-{f.hands}",
            f"Release the {f.hands}",
            f"Play is over: the players can look at the {f.hands} they played.",
        )
    if not f.results_released:
        return NextStep(
            "release-results", "Release the results", "The night is finished: publish the standings for the players."
        )
    return NextStep("done", "See the results", "The night is finished and its results are public: nothing is left.")
