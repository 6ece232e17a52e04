"""Reads for movements: an event's movement as it stands (``load_movement``), what a progressive
individual still needs before its next game (``pending_results``), where everyone sits and goes
next (``place``, ``path``, ``next_places``: the one where-next), one game's plan from the rows
(``current_plan``) and what the club night form says about its quick-add names (``quick_add_check``).

The seatings in the database are the truth for who sits where (a director may have re-seated a
table by hand); ``Event.movement`` adds what the rows do not hold (kind, game sets, teams, the
individual's results, cuts, coins and seed).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Prefetch

from director.clubs.models import Club
from director.clubs.services import members_by_name, player_name_key
from director.events.models import MAJORS, MINORS, Event, Partnership, PartnershipMember, Round, Seat, Seating
from director.events.selectors import odd_variant
from director.sheets.registry import kind_of
from scoring import movements as mv
from scoring.cards import SUIT_INDEX
from scoring.scores import ScoreSheetError

from .adapters import RoundPlan, SidePlan, TablePlan


@dataclass
class EventMovement:
    """An event's movement as it stands, with what the pages need to name people and rounds."""

    event: Event
    movement: mv.Movement | None
    rounds: list[Round]
    rounds_with_results: set[int]
    partnerships: dict[int, Partnership]  # by number, members (with players) prefetched
    players: dict[int, object]  # player id -> Player, everyone seated, sitting out or in a partnership
    in_sync: bool = True  # the stored movement says the same as the seatings
    notes: list[str] = field(default_factory=list)

    @property
    def individual(self) -> bool:
        return self.event.is_individual

    def round(self, number: int) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)

    def locked_reason(self, number: int) -> str | None:
        """Why game ``number``'s seating can no longer change, or None."""
        round_obj = self.round(number)
        if round_obj is None:
            return None
        if number in self.rounds_with_results:
            return "has results"
        if round_obj.status == Round.Status.CLOSED:
            return "is closed"
        # A progressive individual seats a game only after the one before is closed, which already
        # marks it started (``close_round``): there a later game is under way once a result comes in.
        # Game 1 is marked started by ``start_event`` only, when play really begins.
        if round_obj.started_at is not None and (not self.individual or number == 1):
            return "has started"
        return None

    @property
    def last_locked(self) -> int:
        """The highest game that has started, is closed or has results (0 when none)."""
        return max((r.number for r in self.rounds if self.locked_reason(r.number)), default=0)

    @property
    def first_changeable(self) -> int | None:
        """The first game from which the seating may still change (every later game too)."""
        number = self.last_locked + 1
        return number if number <= self.event.games else None

    @property
    def seated_rounds(self) -> int:
        return len(self.movement.rounds) if self.movement is not None else 0

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.movement)

    def label(self, side) -> str:
        """A side in the club's words: ``3: Ann & Ken`` for a partnership, names for players."""
        if side is None:
            return "—"
        if isinstance(side, tuple):
            return " & ".join(self.player_name(p) for p in side)
        partnership = self.partnerships.get(side)
        if partnership is None:
            return f"partnership {side}"
        names = " & ".join(m.player.name for m in partnership.members.all())
        return f"{side}: {names}" if names else f"partnership {side}"

    def player_name(self, player_id) -> str:
        player = self.players.get(player_id)
        return player.name if player is not None else f"player {player_id}"

    def unit_label(self, unit) -> str:
        return self.player_name(unit) if self.individual else self.label(unit)


def fingerprint(movement: mv.Movement | None) -> str:
    """A short hash of the movement (seatings and record): what a page was drawn from."""
    if movement is None:
        return "none"
    text = json.dumps(movement.to_dict(), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _odd_table(event: Event, entry: dict) -> tuple[str | None, str]:
    """``(variant, seats)`` of a table of an individual event read from its seat rows: two or three
    players play the event's variant, in the seats they hold, clockwise; ``(None, "")`` otherwise."""
    return odd_variant(event, entry["suits"])


def _seat_side(seating: Seating):
    """A seating's side as the engine writes it: the partnership number, or the players in seat
    order (first suit, second suit, then the one out in deal 1 — ``apply_plan``'s convention)."""
    if seating.partnership_id is not None:
        return seating.partnership.number
    seats = sorted(seating.seats.all(), key=lambda s: SUIT_INDEX[s.suit] if s.suit else 9)
    return tuple(s.player_id for s in seats)


def load_movement(event: Event) -> EventMovement:
    """The event's movement from its seatings and ``Event.movement``: eight queries, whatever the
    event's size (rounds, byes ×2, rounds with results, partnerships, members, seatings, seats)."""
    from director.results.models import Submission

    rounds = list(
        Round.objects.filter(event=event)
        .prefetch_related(
            Prefetch("sitting_out_partnerships", queryset=Partnership.objects.only("pk", "number")),
            "sitting_out_players",
        )
        .order_by("number")
    )
    with_results = set(Submission.objects.filter(round__event=event).values_list("round__number", flat=True).distinct())
    members = Prefetch("members", queryset=PartnershipMember.objects.select_related("player").order_by("position"))
    partnerships = {
        p.number: p for p in Partnership.objects.filter(event=event).select_related("team").prefetch_related(members)
    }
    seatings = list(
        Seating.objects.filter(round__event=event)
        .select_related("round", "table", "partnership")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .order_by("round__number", "table__number", "direction")
    )
    players: dict[int, object] = {}
    for partnership in partnerships.values():
        for member in partnership.members.all():
            players[member.player_id] = member.player
    for seating in seatings:
        for seat in seating.seats.all():
            players[seat.player_id] = seat.player
    for round_obj in rounds:
        for player in round_obj.sitting_out_players.all():
            players[player.pk] = player

    stored = None
    state_notes: list[str] = []
    if event.movement:
        try:
            stored = mv.Movement.from_dict(event.movement)
        except mv.MovementError as error:
            state_notes.append(f"the stored movement could not be read ({error}); the seatings are shown")

    # Who sits where, from the rows.
    tables: dict[int, dict[int, dict]] = {}
    for seating in seatings:
        entry = tables.setdefault(seating.round.number, {}).setdefault(
            seating.table.number, {MAJORS: None, MINORS: None, "game_set": None, "suits": []}
        )
        entry[seating.direction] = _seat_side(seating)
        entry["suits"] += [seat.suit for seat in seating.seats.all()]
        entry["game_set"] = seating.game_set_number
    last = max(tables, default=0)
    if last == 0 and stored is None:
        return EventMovement(event, None, rounds, with_results, partnerships, players, notes=state_notes)
    by_number = {r.number: r for r in rounds}
    db_rounds = [
        {
            t: mv.TableRound(e[MAJORS], e[MINORS], e["game_set"], *_odd_table(event, e))
            for t, e in sorted(tables.get(n, {}).items())
        }
        for n in range(1, last + 1)
    ]
    db_out: list[list] = []
    for n in range(1, last + 1):
        round_obj = by_number.get(n)
        out: list = []
        if round_obj is not None:
            out = [p.number for p in round_obj.sitting_out_partnerships.all()]
            out += [(p.pk,) for p in round_obj.sitting_out_players.all()]
        db_out.append(sorted(out, key=lambda s: (isinstance(s, tuple), s)))

    member_ids = {
        number: tuple(m.player_id for m in p.members.all()) for number, p in partnerships.items() if p.members.all()
    }
    base = stored or mv.Movement(kind=event.movement_kind, tables=1, rounds=[])
    used_tables = max((t for r in db_rounds for t in r), default=0)
    teams = dict(base.teams)
    if not teams and base.kind in mv.TEAM_KINDS:
        teams = teams_from_rows(partnerships)
    movement = dataclasses.replace(
        base,
        tables=max(base.tables or 0, used_tables, 1),
        rounds=db_rounds,
        sitting_out=db_out,
        members=member_ids,
        teams=teams,
    )
    in_sync = stored is not None and [r for r in stored.rounds] == db_rounds
    if in_sync:
        in_sync = [sorted(map(_norm_out, o), key=str) for o in stored.sitting_out] == [
            sorted(map(_norm_out, o), key=str) for o in db_out
        ]
    return EventMovement(
        event, movement, rounds, with_results, partnerships, players, in_sync=in_sync, notes=state_notes
    )


def _norm_out(side):
    return side if not isinstance(side, list) else tuple(side)


def teams_from_rows(partnerships: dict[int, Partnership]) -> dict[str, tuple]:
    by_team: dict = {}
    for _, partnership in sorted(partnerships.items()):
        if partnership.team is not None:
            by_team.setdefault(partnership.team, []).append(partnership)
    teams = {}
    for team, members in sorted(by_team.items(), key=lambda item: item[0].number):
        majors = next((p.number for p in members if p.direction == MAJORS), members[0].number)
        minors = next((p.number for p in members if p.number != majors), None)
        if minors is not None:
            teams[team.name] = (majors, minors)
    return teams


# --- where everyone sits, and where they go next: the one where-next --------------------------------
# Every page and card that says where a partnership or player sits or goes next reads these: the
# movement page, the event page, the table's phone after a confirmed game and the printed guide
# cards. They stand on ``load_movement`` (the seatings are the truth, even a table re-seated by
# hand) and the engine's ``Movement.where`` / ``scoring.movements.next_places``; pages only format.
@dataclass(frozen=True)
class Place:
    """Where a unit (a partnership, or a player of an individual event) sits in one game."""

    game: int
    table: int | None  # None: sits out the game
    direction: str | None = None
    seat: str | None = None  # a player's suit, when it is fixed for the game (a side of two)
    game_set: int | None = None
    opponents: object = None  # the other side: a partnership number, or its players' ids
    partners: tuple = ()  # an individual's partners at the table
    sit_out: tuple = ()  # the unit's side is three: who sits out deals 1-4 (X, Y, Z, X)


def place(state: EventMovement, unit, number: int | None) -> Place | None:
    """Where ``unit`` sits in game ``number``: None when that game is not seated yet or the unit
    is not in it (a latecomer before they came, a player who left). A partnership is found by its
    side only, never by a member whose player id equals its number."""
    movement = state.movement
    if movement is None or number is None or not 1 <= number <= len(movement.rounds):
        return None
    try:
        found = movement.where(unit, number, player=state.individual)
    except mv.MovementError:
        return None
    if found.table is None:
        return Place(number, None)
    side = movement.rounds[number - 1][found.table].side(found.direction)
    players = movement.players_of(side)
    sit_out = mv.sit_out_order(players, movement.games_played_before(side, number)) if len(players) == 3 else ()
    return Place(
        game=number,
        table=found.table,
        direction=found.direction,
        seat=found.seat,
        game_set=found.game_set,
        opponents=found.opponents,
        partners=found.partners if state.individual else (),
        sit_out=sit_out,
    )


def path(state: EventMovement, unit) -> list[Place | None]:
    """Where ``unit`` sits in every game of the event, game 1 first (``place`` for each)."""
    return [place(state, unit, number) for number in range(1, state.event.games + 1)]


def next_places(state: EventMovement) -> dict[tuple[int, int], mv.NextPlaces]:
    """For every ``(game, table)`` of the movement: where each side (or player, by name) and the
    game set go for the next game (``scoring.movements.next_places``). Empty with no movement."""
    if state.movement is None:
        return {}
    places = mv.next_places(state.movement, state.event.games)
    if not state.individual:
        return places
    return {
        key: dataclasses.replace(
            entry, moves=tuple(dataclasses.replace(m, who=state.player_name(m.unit)) for m in entry.moves)
        )
        for key, entry in places.items()
    }


def where_next(state: EventMovement, number: int, table: int) -> mv.NextPlaces | None:
    """After table ``table``'s game ``number``: where its sides and game set go (``next_places``)."""
    return next_places(state).get((number, table))


# --- progressive individual: what the next game needs ---------------------------------------------------
@dataclass
class PendingResults:
    """What a progressive individual needs before it can seat the next game."""

    played: int | None  # the game just played (None before game 1 starts)
    next: int | None
    missing: list[int] = field(default_factory=list)  # tables without a confirmed sheet
    unconfirmed: list[int] = field(default_factory=list)  # of those, tables with a sheet awaiting confirmation
    results: dict[int, object] = field(default_factory=dict)  # table -> majors' net (a three: seat -> total)
    already_seated: bool = False

    @property
    def ready(self) -> bool:
        return self.played is not None and self.next is not None and not self.missing


def pending_results(state: EventMovement) -> PendingResults:
    """The game just played, its confirmed nets, and the tables still missing one (one query)."""
    movement = state.movement
    played = state.last_locked or None
    first = state.round(1)
    if played is None and first is not None and first.started_at is not None:
        played = 1  # game 1 is under way: every table's result is still to come
    if movement is None or played is None or played > len(movement.rounds):
        return PendingResults(played=played, next=None)
    following = played + 1 if played < state.event.games else None
    tables = sorted(movement.rounds[played - 1])
    results, waiting = game_results(state, played)
    missing = [t for t in tables if t not in results]
    return PendingResults(
        played=played,
        next=following,
        missing=missing,
        unconfirmed=[t for t in missing if t in waiting],
        results={t: results[t] for t in tables if t in results},
        already_seated=following is not None and len(movement.rounds) >= following,
    )


def game_results(state: EventMovement, number: int) -> tuple[dict[int, object], set[int]]:
    """Game ``number``'s confirmed results as the movement reads them (table -> the figure its kind
    of sheet gives: the majors' net, a three's seat totals), and the tables whose sheet is still
    awaiting confirmation or disputed (one query)."""
    from director.results.models import Submission

    seated = state.movement.rounds[number - 1]
    rows = Submission.objects.filter(
        round__event=state.event,
        round__number=number,
        status__in=(Submission.Status.CONFIRMED, Submission.Status.SUBMITTED, Submission.Status.DISPUTED),
    ).values_list("table__number", "status", "net", "sheet")
    results: dict[int, object] = {}
    waiting: set[int] = set()
    for table, status, net, sheet in rows:
        if status == Submission.Status.CONFIRMED:
            entry = seated.get(table)
            kind = kind_of(state.event, entry.variant, entry.seats) if entry is not None else None
            try:  # what the table's kind of sheet says decides who moves (a three: each seat's total)
                results[table] = kind.movement_figure(sheet, net) if kind is not None else net
            except ScoreSheetError:  # a sheet of other seats (re-seated by hand after it was confirmed)
                continue
        else:
            waiting.add(table)
    return results, waiting


def current_plan(event: Event, number: int):
    """The plan of round ``number`` as it stands in the database (for edits and re-validation)."""
    seatings = (
        Seating.objects.filter(round__event=event, round__number=number)
        .select_related("table", "partnership")
        .prefetch_related("seats")
    )
    tables: dict[int, TablePlan] = {}
    suits: dict[int, list[str]] = {}
    for seating in seatings:
        seats = sorted(seating.seats.all(), key=lambda s: SUIT_INDEX[s.suit] if s.suit else 9)
        side = SidePlan(
            partnership=seating.partnership.number if seating.partnership else None,
            players=() if seating.partnership else tuple(s.player_id for s in seats),
            sit_out_order=tuple(seating.sit_out_order),
        )
        entry = tables.setdefault(seating.table.number, TablePlan(None, None, seating.game_set_number))
        suits.setdefault(seating.table.number, []).extend(s.suit for s in seats)
        if seating.direction == MAJORS:
            entry.majors = side
        else:
            entry.minors = side
    for table, entry in tables.items():  # a table of three or two keeps its variant and seats
        entry.variant, entry.seats = _odd_table(event, {"suits": suits[table]})
    round_obj = Round.objects.get(event=event, number=number)
    byes = list(round_obj.sitting_out_partnerships.values_list("number", flat=True))
    players_out = list(round_obj.sitting_out_players.values_list("pk", flat=True))
    return RoundPlan(tables=tables, sitting_out=byes or players_out, sitting_out_are_partnerships=bool(byes))


def quick_add_check(club: Club, names: Iterable[str], ticked: Iterable = ()) -> tuple[list[str], list[str]]:
    """What the club night form should tell the director about its quick-add names (case and spaces
    ignored, as ``set_up_night`` matches them): ``(notices, problems)``. A notice: a typed name is an
    existing member (that member plays, no new player), perhaps one already ticked. A problem: two
    typed names are one person, so the night would have fewer players than names typed."""

    key = player_name_key
    members = members_by_name(club)
    ticked_ids = {int(pk) for pk in ticked if str(pk).isdigit()}
    first: dict[str, str] = {}
    notices: list[str] = []
    problems: list[str] = []
    for typed in names:
        name = " ".join(str(typed).split())
        if not name:
            continue
        earlier = first.setdefault(key(name), name)
        if earlier is not name:
            if earlier == name:
                problems.append(f"{name!r} is typed twice: it is one player")
            else:
                problems.append(f"{earlier!r} and {name!r} are one player (case and spaces are ignored)")
            continue
        member = members.get(key(name))
        if member is not None:
            ticked_note = ", already ticked above" if member.pk in ticked_ids else ""
            notices.append(f"{name!r} is the club's {member.name}{ticked_note}: no new player is added")
    if problems:
        problems.append("remove the repeat, or type each person's name in full")
    return notices, problems
