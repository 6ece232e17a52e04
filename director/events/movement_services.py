"""Movements in the director's app: build an event's movement, swap two partnerships (or two
players), bring a latecomer in, and seat a progressive individual's next game from the results.

The movement itself is ``scoring.movements`` (pure). This module is the shell around it:

* ``load_movement`` reads the event as it stands. The seatings in the database are the truth for
  who sits where (a director may have re-seated a table by hand); ``Event.movement`` adds what the
  rows do not hold (kind, game sets, teams, the individual's results, cuts, coins and seed).
* Every change runs in one transaction under a row lock on the event and its rounds. It is refused
  (``Conflict``) for a game that has started, is closed or has results. The changed movement is
  re-validated with ``Movement.validate()`` (a broken one is a ``ValidationError`` with the
  engine's message), written through ``events.services.apply_plan`` for the games it changes,
  and stored as ``Event.movement = movement.to_dict()``. ``expected`` (the fingerprint the page
  was drawn from) makes a change a compare-and-swap: a stale page is refused, not applied.
* Each change is recorded in the audit log when ``director.audit`` is installed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from director.clubs.services import players_by_ids
from director.core.errors import Conflict, ValidationError
from scoring import movements as mv
from scoring.cards import SUIT_INDEX

from . import services as event_services
from .adapters import movement_to_plan
from .models import MAJORS, MINORS, Event, Partnership, PartnershipMember, Round, Seat, Seating

OPPOSITE = {MAJORS: MINORS, MINORS: MAJORS}
MOVEMENT_FIELD = "movement"


# --- reading ----------------------------------------------------------------------------------------
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
            seating.table.number, {MAJORS: None, MINORS: None, "game_set": None}
        )
        entry[seating.direction] = _seat_side(seating)
        entry["game_set"] = seating.game_set_number
    last = max(tables, default=0)
    if last == 0 and stored is None:
        return EventMovement(event, None, rounds, with_results, partnerships, players, notes=state_notes)
    by_number = {r.number: r for r in rounds}
    db_rounds = [
        {t: mv.TableRound(e[MAJORS], e[MINORS], e["game_set"]) for t, e in sorted(tables.get(n, {}).items())}
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
    if not teams and base.kind in (mv.TEAM_MATCH, mv.ROUND_ROBIN):
        teams = _teams_from_rows(partnerships)
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


def _teams_from_rows(partnerships: dict[int, Partnership]) -> dict[str, tuple]:
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


# --- the shell around every change -----------------------------------------------------------------
def _lock(event: Event) -> tuple[Event, EventMovement]:
    """Lock the event and its rounds (``close_round`` starting the next game waits for us), then read."""
    event_services.results_changed(event.pk)  # the callers change seatings; the row lock is taken anyway
    event = Event.objects.select_for_update(of=("self",)).select_related("club").get(pk=event.pk)
    list(Round.objects.select_for_update().filter(event=event).values_list("pk", flat=True))
    return event, load_movement(event)


def _check_expected(state: EventMovement, expected: str | None) -> None:
    if expected and expected != state.fingerprint:
        raise Conflict(
            f"the movement of {state.event.name} changed since this page was loaded "
            "(another director?); look at it again and retry",
            field="expected",
        )


def _check_changeable(state: EventMovement, from_round: int, *, to_round: int | None = None) -> None:
    last = to_round or state.event.games
    for number in range(from_round, last + 1):
        reason = state.locked_reason(number)
        if reason:
            hint = (
                f"changes can start from game {state.first_changeable}"
                if state.first_changeable
                else "every game has started"
            )
            raise Conflict(f"game {number} {reason}; its seating cannot change ({hint})", field="round")


def _from_round(state: EventMovement, from_round) -> int:
    if from_round in (None, ""):
        number = state.first_changeable
        if number is None:
            raise Conflict(
                f"every game of {state.event.name} has started; the movement can no longer change", field="round"
            )
    else:
        number = event_services.parse_int(
            from_round, "the game to change from", field="round", minimum=1, maximum=state.event.games
        )
    _check_changeable(state, number)
    return number


def _validated(movement: mv.Movement) -> mv.Movement:
    try:
        return movement.validate()
    except mv.MovementError as error:
        raise ValidationError(f"the changed movement breaks a rule: {error}", field=MOVEMENT_FIELD) from error


def _write(event: Event, movement: mv.Movement, from_round: int) -> dict:
    """Write games ``from_round``.. of ``movement`` and keep it on the event (already validated)."""
    data = movement.to_dict()
    plan = movement_to_plan(data)[from_round - 1 :]
    if plan:
        event_services.apply_plan(event=event, plan=plan, from_round=from_round)
    Event.objects.filter(pk=event.pk).update(movement=data, updated_at=timezone.now())
    event.movement = data
    return data


def _audit(action: str, event: Event, *, by=None, before=None, after=None, note: str = "") -> None:
    try:
        from director.audit.services import record
    except ImportError:  # the audit log is optional
        return
    record(action, event=event, club=event.club_id, obj=event, user=by, before=before, after=after, note=note)


def _require_movement(state: EventMovement) -> mv.Movement:
    if state.movement is None or not state.movement.rounds:
        raise ValidationError(f"{state.event.name} has no movement yet; build it first", field=MOVEMENT_FIELD)
    return state.movement.copy()


# --- building ----------------------------------------------------------------------------------------
def _relabel(movement: mv.Movement, ids: dict, members: dict) -> mv.Movement:
    """The engine numbers partnerships 1..n; give them the event's own numbers."""

    def side(value):
        return value if isinstance(value, tuple) else ids.get(value, value)

    identity = all(k == v for k, v in ids.items())
    return dataclasses.replace(
        movement,
        rounds=[
            {t: mv.TableRound(side(e.majors), side(e.minors), e.game_set) for t, e in r.items()}
            for r in movement.rounds
        ],
        sitting_out=[[side(s) for s in out] for out in movement.sitting_out],
        teams={name: (side(a), side(b)) for name, (a, b) in movement.teams.items()},
        members=dict(members),
        # The engine's notes name its own numbers; the balance report names the event's.
        notes=list(movement.notes) if identity else [n for n in movement.notes if "partnership" not in n],
    )


def _directions(state: EventMovement) -> tuple[list[int], list[int]]:
    majors = [n for n, p in sorted(state.partnerships.items()) if p.direction == MAJORS]
    minors = [n for n, p in sorted(state.partnerships.items()) if p.direction == MINORS]
    undirected = [n for n, p in sorted(state.partnerships.items()) if not p.direction]
    if undirected:
        listed = ", ".join(map(str, undirected[:5]))
        raise ValidationError(
            f"partnership{'s' * (len(undirected) > 1)} {listed} {'have' if len(undirected) > 1 else 'has'} "
            "no fixed direction (majors or minors); set it before building the movement",
            field="partnerships",
        )
    if not majors or not minors:
        raise ValidationError(
            f"{state.event.name} needs majors and minors partnerships to build a movement "
            f"(it has {len(majors)} majors, {len(minors)} minors)",
            field="partnerships",
        )
    return majors, minors


def _members(state: EventMovement) -> dict[int, tuple]:
    return dict(state.movement.members) if state.movement is not None else {}


def _build(state: EventMovement, *, players=None, seed=None) -> mv.Movement:
    event = state.event
    kind = event.movement_kind
    members = {n: tuple(m.player_id for m in p.members.all()) for n, p in state.partnerships.items()}
    if event.is_individual or kind == mv.PROGRESSIVE_INDIVIDUAL:
        if not event.is_individual:
            raise ValidationError(
                f"the progressive individual movement is for individual events, not {event.get_type_display()}",
                field="movement_kind",
            )
        if players is None:
            first = state.movement.rounds[0] if state.movement is not None and state.movement.rounds else {}
            players = [p for e in first.values() for _, s in e.sides() for p in state.movement.players_of(s)]
        ids = [p.pk for p in players_by_ids(event.club, list(players))]
        if seed is None and state.movement is not None:
            seed = state.movement.seed
        return mv.progressive_individual_start(ids, seed=seed)
    if kind == mv.MANUAL:
        raise ValidationError("a movement entered by the director is seated table by table", field="movement_kind")
    majors, minors = _directions(state)
    if kind == mv.PROGRESSIVE:
        return mv.progressive_pairs(majors, minors, len(majors), event.games, members=members)
    if kind in (mv.MITCHELL, mv.BAROMETER):
        if len(majors) != len(minors):
            raise ValidationError(
                f"a {kind} needs as many majors as minors partnerships, not {len(majors)} and {len(minors)} "
                "(bring in a latecomer or change a partnership's direction)",
                field="partnerships",
            )
        tables = len(majors)
        build = mv.mitchell if kind == mv.MITCHELL else mv.barometer
        engine = build(tables, event.games)
        ids = {t + 1: majors[t] for t in range(tables)} | {tables + t + 1: minors[t] for t in range(tables)}
        return _relabel(engine, ids, members)
    # team-match / round-robin: each team one majors and one minors partnership.
    teams = _teams_from_rows(state.partnerships)
    names = list(teams)
    if len(names) < 2:
        raise ValidationError(f"a team event needs at least two teams, not {len(names)}", field="teams")
    if kind == mv.TEAM_MATCH and len(names) != 2:
        raise ValidationError(
            f"a team match is two teams; {event.name} has {len(names)} (choose a round robin)", field="movement_kind"
        )
    for name, (a, b) in teams.items():
        if state.partnerships[a].direction == state.partnerships[b].direction:
            raise ValidationError(f"team {name} needs a majors and a minors partnership", field="teams")
    engine = mv.team_match(names) if kind == mv.TEAM_MATCH else mv.round_robin(names)
    ids = {}
    for k, name in enumerate(names):
        ids[2 * k + 1], ids[2 * k + 2] = teams[name]
    movement = _relabel(engine, ids, members)
    if len(movement.rounds) > event.games:
        raise ValidationError(
            f"the {kind} of {len(names)} teams has {len(movement.rounds)} games but {event.name} has "
            f"{event.games}; set the number of games to {len(movement.rounds)}",
            field="games",
        )
    return movement


@transaction.atomic
def build_movement(*, event: Event, players=None, seed=None, by=None, expected: str | None = None) -> mv.Movement:
    """Build the event's movement from its type, movement kind and partnerships, and seat it.

    * progressive pairs: ``progressive_pairs`` of the majors and minors partnerships, a table per
      majors partnership, for every game;
    * duplicate pairs (and coöp): ``mitchell`` or ``barometer`` per ``Event.movement_kind``, with
      the event's own partnership numbers (majors stationary);
    * teams: ``team_match`` (two teams) or ``round_robin``, each team's majors and minors;
    * progressive individual: ``progressive_individual_start`` of ``players`` (default: those
      seated in game 1) — game 1 only, the next games come from the results.

    Refused once game 1 has started (swap or bring latecomers in instead).
    """
    event, state = _lock(event)
    _check_expected(state, expected)
    _check_changeable(state, 1)
    try:
        movement = _validated(_build(state, players=players, seed=seed))
    except mv.MovementError as error:
        raise ValidationError(str(error), field=MOVEMENT_FIELD) from error
    last = len(movement.rounds)
    # A shorter movement than before: the later games' old seatings go.
    Seating.objects.filter(round__event=event, round__number__gt=last).delete()
    for round_obj in state.rounds:
        if round_obj.number > last:
            round_obj.sitting_out_partnerships.clear()
            round_obj.sitting_out_players.clear()
    _write(event, movement, 1)
    _audit(
        "movements.build",
        event,
        by=by,
        before={"fingerprint": state.fingerprint},
        after={"kind": movement.kind, "tables": movement.tables, "games": last, "seed": movement.seed},
    )
    return movement


# --- swapping --------------------------------------------------------------------------------------
def _units_from(movement: mv.Movement, from_round: int) -> set:
    units: set = set()
    for tables, out in zip(movement.rounds[from_round - 1 :], movement.sitting_out[from_round - 1 :], strict=True):
        for entry in tables.values():
            for _, side in entry.sides():
                units.update(side if isinstance(side, tuple) else (side,))
        for side in out:
            units.update(side if isinstance(side, tuple) else (side,))
    return units


def _swap_in(movement: mv.Movement, a, b, from_round: int) -> mv.Movement:
    swap = {a: b, b: a}

    def side(value):
        if isinstance(value, tuple):
            return tuple(swap.get(p, p) for p in value)
        return swap.get(value, value)

    for index in range(from_round - 1, len(movement.rounds)):
        movement.rounds[index] = {
            t: mv.TableRound(side(e.majors), side(e.minors), e.game_set) for t, e in movement.rounds[index].items()
        }
        movement.sitting_out[index] = [side(s) for s in movement.sitting_out[index]]
    return movement


def _first_direction(movement: mv.Movement, pid) -> tuple[str | None, int | None]:
    for number, tables in enumerate(movement.rounds, start=1):
        for entry in tables.values():
            for direction, side in entry.sides():
                if side == pid:
                    return direction, number
    return None, None


@dataclass
class Change:
    """What a change did, for the page's message."""

    movement: mv.Movement
    from_round: int
    text: str
    partnership: Partnership | None = None
    placements: list[tuple[int, int | None]] = field(default_factory=list)  # (game, table or None)


@transaction.atomic
def swap(*, event: Event, first, second, from_round=None, by=None, expected: str | None = None) -> Change:
    """Swap two partnerships (by number) — or two players (by id) in an individual event — in every
    game from ``from_round`` (default: the first that has not started): each takes the other's
    places. Refused for games that have started; the changed movement is re-validated, so a swap
    that would make a partnership change direction mid-session or replay a game set is refused
    with the engine's reason. Before game 1, partnerships of opposite directions swap directions."""
    event, state = _lock(event)
    _check_expected(state, expected)
    movement = _require_movement(state)
    number = _from_round(state, from_round)
    what = "player" if state.individual else "partnership"
    a = event_services.parse_int(first, f"the first {what}", field="first", minimum=1)
    b = event_services.parse_int(second, f"the second {what}", field="second", minimum=1)
    if a == b:
        raise ValidationError(f"choose two different {what}s to swap", field="second")
    if number > len(movement.rounds):
        raise ValidationError(
            f"game {number} is not seated yet (the movement has {len(movement.rounds)})", field="round"
        )
    present = _units_from(movement, number)
    if not state.individual:
        for key, pid in (("first", a), ("second", b)):
            if pid not in state.partnerships:
                raise ValidationError(f"{event.name} has no partnership {pid}", field=key)
    else:
        for key, pid in (("first", a), ("second", b)):
            if pid not in present:
                raise ValidationError(f"{state.player_name(pid)} does not play in game {number} or later", field=key)
    if a not in present and b not in present:
        raise ValidationError(f"neither {what} {a} nor {b} plays in game {number} or later", field="first")
    before = fingerprint(movement)
    movement = _validated(_swap_in(movement, a, b, number))
    if not state.individual:
        # A partnership that has not played yet takes the direction of the places it now holds.
        for pid in (a, b):
            direction, since = _first_direction(movement, pid)
            partnership = state.partnerships[pid]
            if direction and since is not None and since >= number and partnership.direction not in ("", direction):
                Partnership.objects.filter(pk=partnership.pk).update(direction=direction)
    _write(event, movement, number)
    text = f"{state.unit_label(a)} and {state.unit_label(b)} swapped from game {number}; the movement was re-validated."
    _audit(
        "movements.swap",
        event,
        by=by,
        before={"fingerprint": before},
        after={"first": a, "second": b, "from_round": number, "fingerprint": fingerprint(movement)},
        note=text,
    )
    return Change(movement=movement, from_round=number, text=text)


# --- latecomers ------------------------------------------------------------------------------------
def _direction_of(movement: mv.Movement, state: EventMovement, unit) -> str | None:
    direction, _ = _first_direction(movement, unit)
    if direction is None and unit in state.partnerships:
        direction = state.partnerships[unit].direction or None
    return direction


def _met(movement: mv.Movement, a, b) -> int:
    return sum(1 for tables in movement.rounds for e in tables.values() if {e.majors, e.minors} == {a, b})


def _home_table(movement: mv.Movement, unit, around: int) -> int | None:
    """The table a (stationary) partnership sits at in the game nearest ``around``."""
    places = [
        (abs(number - around), table)
        for number, tables in enumerate(movement.rounds, start=1)
        for table, e in tables.items()
        if unit in (e.majors, e.minors)
    ]
    return min(places)[1] if places else None


def _game_set_for(movement: mv.Movement, number: int, a, b) -> tuple[bool, int | None]:
    """(possible, set) for a new table in game ``number`` for sides ``a`` and ``b``."""
    tables = movement.rounds[number - 1]
    if movement.kind in (mv.PROGRESSIVE, mv.PROGRESSIVE_INDIVIDUAL, mv.MANUAL):
        return True, None
    sets = {e.game_set for e in tables.values()}
    if movement.kind == mv.BAROMETER:
        return (True, next(iter(sets))) if len(sets) == 1 else (False, None)
    if movement.kind == mv.MITCHELL:
        played = {
            e.game_set
            for r in movement.rounds
            for e in r.values()
            if a in (e.majors, e.minors) or b in (e.majors, e.minors)
        }
        free = [s for s in range(1, (movement.game_sets or 0) + 1) if s not in sets and s not in played]
        return (True, free[0]) if free else (False, None)
    return False, None


def _place_pair(movement: mv.Movement, state: EventMovement, pid, direction: str, from_round: int) -> list:
    """Seat partnership ``pid`` in each game from ``from_round`` against someone with a bye in the
    other direction (the one it has met least); with nobody to play it sits out that game."""
    placements = []
    own_table: int | None = None
    for number in range(from_round, len(movement.rounds) + 1):
        index = number - 1
        tables = movement.rounds[index]
        out = movement.sitting_out[index]
        candidates = [
            s
            for s in out
            if not isinstance(s, tuple) and _direction_of(movement, state, s) in (OPPOSITE[direction], None)
        ]
        candidates.sort(key=lambda s: (_met(movement, pid, s), str(s)))
        seated = False
        for opponent in candidates:
            possible, game_set = _game_set_for(movement, number, pid, opponent)
            if not possible:
                continue
            table = None
            if direction == MINORS:  # the majors stay at their own table when it is free
                home = _home_table(movement, opponent, number)
                if home is not None and home not in tables:
                    table = home
            if table is None:
                if own_table is None or own_table in tables:
                    own_table = max([movement.tables, *(t for r in movement.rounds for t in r)]) + 1
                table = own_table
            majors, minors = (pid, opponent) if direction == MAJORS else (opponent, pid)
            tables[table] = mv.TableRound(majors, minors, game_set)
            movement.tables = max(movement.tables, table)
            movement.sitting_out[index] = [s for s in out if s != opponent]
            placements.append((number, table))
            seated = True
            break
        if not seated:
            movement.sitting_out[index] = [*out, pid]
            placements.append((number, None))
    return placements


def _place_players(movement: mv.Movement, state: EventMovement, ids: list[int], from_round: int) -> list:
    """Individual: latecomers join the smallest tables (a side of two becomes three); four to six
    latecomers together make a new table."""
    placements = []
    for number in range(from_round, len(movement.rounds) + 1):
        tables = movement.rounds[number - 1]
        if len(ids) >= 4:
            table = max([movement.tables, *tables]) + 1
            half = len(ids) // 2
            tables[table] = mv.TableRound(tuple(ids[:half]), tuple(ids[half:]), None)
            movement.tables = max(movement.tables, table)
            placements.extend((number, table) for _ in ids)
            continue
        for player in ids:
            sizes = {
                t: len(movement.players_of(e.majors)) + len(movement.players_of(e.minors)) for t, e in tables.items()
            }
            room = [t for t, size in sorted(sizes.items()) if size < 6]
            if not room:
                raise ValidationError(
                    f"every table in game {number} has six players; bring four latecomers in together "
                    "to make a new table",
                    field="players",
                )
            table = min(room, key=lambda t: (sizes[t], t))
            entry = tables[table]
            majors, minors = movement.players_of(entry.majors), movement.players_of(entry.minors)
            if len(majors) < len(minors):
                entry = mv.TableRound((*majors, player), entry.minors, entry.game_set)
            else:
                entry = mv.TableRound(entry.majors, (*minors, player), entry.game_set)
            tables[table] = entry
            placements.append((number, table))
    return placements


@transaction.atomic
def add_latecomer(
    *, event: Event, players, direction: str = "", from_round=None, by=None, expected: str | None = None
) -> Change:
    """Bring latecomers in from ``from_round`` (default: the first game not started).

    * Pairs events: ``players`` (two or three of the club's players) become a new partnership. In
      each game it plays someone who would otherwise have a bye, in the other direction, at that
      partnership's table (a majors partnership's own table) or a new one; in a game where nobody
      has a bye it sits out — the next latecomer of the other direction then plays it.
      ``direction`` is chosen from the byes when not given.
    * Individual: each player joins the smallest table (a side of two becomes three); four to six
      players together make a new table. Only games already seated can take them.

    Team events take no latecomers. The movement is re-validated before anything is written.
    """
    event, state = _lock(event)
    _check_expected(state, expected)
    movement = _require_movement(state)
    number = _from_round(state, from_round)
    if number > len(movement.rounds):
        raise ValidationError(
            f"game {number} is not seated yet"
            + (
                f": compute it from game {len(movement.rounds)}'s results, then bring the latecomers in"
                if state.individual
                else ""
            ),
            field="round",
        )
    chosen = players_by_ids(event.club, list(players or []))
    ids = [p.pk for p in chosen]
    if len(set(ids)) != len(ids):
        raise ValidationError("a player is listed twice", field="players")
    seated = {
        p
        for tables in movement.rounds[number - 1 :]
        for e in tables.values()
        for _, s in e.sides()
        for p in movement.players_of(s)
    }
    for player in chosen:
        if player.pk in seated:
            raise ValidationError(f"{player.name} already plays in game {number}", field="players")
    before = fingerprint(movement)
    partnership = None
    if state.individual:
        if not 1 <= len(ids) <= 6:
            raise ValidationError(f"bring one to six latecomers in at a time, not {len(ids)}", field="players")
        placements = _place_players(movement, state, ids, number)
        names = ", ".join(p.name for p in chosen)
    else:
        if movement.kind in (mv.TEAM_MATCH, mv.ROUND_ROBIN):
            raise ValidationError("a team event takes no latecomers (a team is four players)", field="players")
        if not 2 <= len(ids) <= 3:
            raise ValidationError(f"a late partnership is two or three players, not {len(ids)}", field="players")
        if direction:
            direction = event_services.parse_choice(
                direction, Partnership.Direction, "the direction", field="direction"
            )
        else:
            direction = _latecomer_direction(movement, state, number)
        partnership = event_services.add_partnership(event=event, players=ids, direction=direction)
        movement.members[partnership.number] = tuple(ids)
        state.partnerships[partnership.number] = partnership
        placements = _place_pair(movement, state, partnership.number, direction, number)
        names = f"partnership {partnership.number} ({' & '.join(p.name for p in chosen)})"
    movement = _validated(movement)
    _write(event, movement, number)
    played = [f"game {g} at table {t}" for g, t in placements if t is not None]
    idle = [str(g) for g, t in placements if t is None]
    text = f"{names} came in from game {number}"
    if played:
        text += ": " + ", ".join(dict.fromkeys(played))
    if idle:
        text += f"; sits out game{'s' * (len(idle) > 1)} {', '.join(idle)} (nobody has a bye to play them)"
    text += "."
    _audit(
        "movements.latecomer",
        event,
        by=by,
        before={"fingerprint": before},
        after={
            "players": ids,
            "partnership": getattr(partnership, "number", None),
            "from_round": number,
            "placements": placements,
        },
        note=text,
    )
    return Change(movement=movement, from_round=number, text=text, partnership=partnership, placements=placements)


def _latecomer_direction(movement: mv.Movement, state: EventMovement, number: int) -> str:
    out = movement.sitting_out[number - 1]
    directions = [_direction_of(movement, state, s) for s in out if not isinstance(s, tuple)]
    if MINORS in directions:
        return MAJORS
    if MAJORS in directions:
        return MINORS
    majors = sum(1 for p in state.partnerships.values() if p.direction == MAJORS)
    minors = sum(1 for p in state.partnerships.values() if p.direction == MINORS)
    return MAJORS if majors <= minors else MINORS


# --- progressive individual: the next game from the results ------------------------------------------
@dataclass
class PendingResults:
    """What a progressive individual needs before it can seat the next game."""

    played: int | None  # the game just played (None before game 1 starts)
    next: int | None
    missing: list[int] = field(default_factory=list)  # tables without a confirmed sheet
    unconfirmed: list[int] = field(default_factory=list)  # of those, tables with a sheet awaiting confirmation
    results: dict[int, int] = field(default_factory=dict)  # table -> majors' net (confirmed)
    already_seated: bool = False

    @property
    def ready(self) -> bool:
        return self.played is not None and self.next is not None and not self.missing


def pending_results(state: EventMovement) -> PendingResults:
    """The game just played, its confirmed nets, and the tables still missing one (one query)."""
    from director.results.models import Submission

    movement = state.movement
    played = state.last_locked or None
    first = state.round(1)
    if played is None and first is not None and first.started_at is not None:
        played = 1  # game 1 is under way: every table's result is still to come
    if movement is None or played is None or played > len(movement.rounds):
        return PendingResults(played=played, next=None)
    following = played + 1 if played < state.event.games else None
    tables = sorted(movement.rounds[played - 1])
    rows = Submission.objects.filter(
        round__event=state.event,
        round__number=played,
        status__in=(Submission.Status.CONFIRMED, Submission.Status.SUBMITTED, Submission.Status.DISPUTED),
    ).values_list("table__number", "status", "net")
    results: dict[int, int] = {}
    waiting: set[int] = set()
    for table, status, net in rows:
        if status == Submission.Status.CONFIRMED:
            results[table] = net
        else:
            waiting.add(table)
    missing = [t for t in tables if t not in results]
    return PendingResults(
        played=played,
        next=following,
        missing=missing,
        unconfirmed=[t for t in missing if t in waiting],
        results={t: results[t] for t in tables if t in results},
        already_seated=following is not None and len(movement.rounds) >= following,
    )


@transaction.atomic
def compute_next_round(
    *, event: Event, by=None, expected: str | None = None, individual_movement: str | None = None
) -> Change:
    """Seat a progressive individual's next game from the results of the game just played (the
    latest game that has started): winners — by the confirmed sheets' nets — stay, losers move
    (``scoring.movements.progressive_individual_next``, with the event's ``individual_movement``:
    ``rules`` or ``fixed-sizes``); a tie is settled by the seeded coin, recorded in the movement.
    Refused, naming the tables, while a result is missing. If the next game was already seated and
    has not started, it is computed again (a corrected result). ``individual_movement``, when
    given, becomes the event's option first (kept only if the game is seated)."""
    event, state = _lock(event)
    _check_expected(state, expected)
    if not event.is_individual:
        raise ValidationError(
            f"{event.name} is not a progressive individual; its movement is built whole", field=MOVEMENT_FIELD
        )
    changed_option = None
    if individual_movement is not None and individual_movement != event.individual_movement:
        changed_option = (event.individual_movement, individual_movement)
        event = event_services.update_event(event=event, individual_movement=individual_movement)
    movement = _require_movement(state)
    pending = pending_results(state)
    if pending.played is None:
        raise ValidationError("game 1 has not been played yet; start the event first", field="results")
    if pending.next is None:
        raise ValidationError(
            f"game {pending.played} is the last of {event.name}'s {event.games} games", field="results"
        )
    if pending.missing:
        problems = [
            f"table {t}: "
            + ("the sheet awaits the opponents' confirmation" if t in pending.unconfirmed else "no result yet")
            for t in pending.missing
        ]
        raise ValidationError(
            f"game {pending.played} has no confirmed result for table{'s' * (len(pending.missing) > 1)} "
            f"{', '.join(map(str, pending.missing))}; enter or confirm "
            f"{'them' if len(pending.missing) > 1 else 'it'} before seating game {pending.next}",
            field="results",
            problems=problems if len(problems) > 1 else None,
        )
    _check_changeable(state, pending.next, to_round=pending.next)
    played = pending.played
    before = fingerprint(movement)
    # Drop a next game computed earlier (and its record) so it is computed afresh.
    movement.rounds = movement.rounds[:played]
    movement.sitting_out = movement.sitting_out[:played]
    movement.results = movement.results[: played - 1]
    movement.cuts = movement.cuts[:played]
    movement.coins = [c for c in movement.coins if c.round < played]
    later = tuple(f"round {n}:" for n in range(played + 1, len(state.movement.rounds) + 1))
    movement.notes = [n for n in movement.notes if not n.startswith(later)] if later else movement.notes
    try:
        movement = mv.progressive_individual_next(movement, pending.results, variant=event.individual_movement)
    except mv.MovementError as error:
        raise ValidationError(str(error), field=MOVEMENT_FIELD) from error
    movement = _validated(movement)
    _write(event, movement, pending.next)
    coins = [c for c in movement.coins if c.round == played]
    text = f"Game {pending.next} seated from game {played}'s results: winners stay, losers move."
    if changed_option:
        text += f" Movement from now on: {event.get_individual_movement_display()}."
    if coins:
        text += " Tied " + ", ".join(f"table {c.table} (coin: {c.winner})" for c in coins) + "."
    resized = [n.split(": ", 1)[1] for n in movement.notes if n.startswith(f"round {pending.next}: table sizes")]
    if resized:
        text += " " + resized[0][0].upper() + resized[0][1:] + "."
    _audit(
        "movements.next_round",
        event,
        by=by,
        before={"fingerprint": before, **({"individual_movement": changed_option[0]} if changed_option else {})},
        after={
            "round": pending.next,
            "results": movement.results[-1],
            "coins": [dataclasses.asdict(c) for c in coins],
            "individual_movement": event.individual_movement,
        },
        note=text,
    )
    return Change(movement=movement, from_round=pending.next, text=text)
