"""Movements in the director's app: build an event's movement and seat it, swap two partnerships
(or two players), bring a latecomer in, seat a progressive individual's next game from the
results, and write any plan of seatings.

The movement itself is ``scoring.movements`` (pure); ``build.BUILDERS`` picks its generator. This
module is the shell around it:

* ``selectors.load_movement`` reads the event as it stands.
* Every change runs in one transaction under a row lock on the event and its rounds. It is refused
  (``Conflict``) for a game that has started, is closed or has results. The changed movement is
  re-validated with ``Movement.validate()`` (a broken one is a ``ValidationError`` with the
  engine's message), written through ``apply_plan`` for the games it changes, and stored as
  ``Event.movement = movement.to_dict()``. ``expected`` (the fingerprint the page was drawn from)
  makes a change a compare-and-swap: a stale page is refused, not applied.
* Each change is recorded in the audit log.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from director.audit.services import record
from director.clubs.models import Player
from director.clubs.services import find_or_add_players, players_by_ids
from director.core.errors import Conflict, NotFound, ValidationError
from director.core.parsing import parse_choice, parse_int
from director.events import lineup
from director.events import services as event_services
from director.events.changes import results_changed
from director.events.locks import locked_event
from director.events.models import (
    DIRECTION_SUITS,
    MAJORS,
    MINORS,
    Event,
    Partnership,
    PartnershipMember,
    Round,
    Seat,
    Seating,
    Table,
)
from director.sheets.registry import kind_of
from scoring import movements as mv
from scoring.movements import edit
from scoring.movements.odd import side_suits

from . import selectors
from .adapters import SidePlan, movement_to_plan, normalise_plan
from .build import build
from .selectors import EventMovement, fingerprint, load_movement, pending_results

MOVEMENT_FIELD = "movement"


# --- the shell around every change -----------------------------------------------------------------
def _lock(event: Event) -> tuple[Event, EventMovement]:
    """Lock the event and its rounds (``close_round`` starting the next game waits for us), then read."""
    results_changed(event.pk)  # the callers change seatings; the row lock is taken anyway
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
        number = parse_int(from_round, "the game to change from", field="round", minimum=1, maximum=state.event.games)
    _check_changeable(state, number)
    return number


def _validated(movement: mv.Movement) -> mv.Movement:
    try:
        return movement.validate()
    except mv.MovementError as error:
        raise ValidationError(f"the changed movement breaks a rule: {error}", field=MOVEMENT_FIELD) from error


def _write(event: Event, movement: mv.Movement, from_round: int) -> int:
    """Write games ``from_round``.. of ``movement`` and keep it on the event (already validated).
    Returns the number of seatings written."""
    data = movement.to_dict()
    plan = movement_to_plan(data)[from_round - 1 :]
    written = apply_plan(event=event, plan=plan, from_round=from_round) if plan else 0
    Event.objects.filter(pk=event.pk).update(movement=data, updated_at=timezone.now())
    event.movement = data
    return written


def _audit(action: str, event: Event, *, by=None, before=None, after=None, note: str = "") -> None:
    record(action, event=event, club=event.club_id, obj=event, user=by, before=before, after=after, note=note)


def _directions(state: EventMovement) -> dict:
    """Each partnership's recorded direction, as ``scoring.movements.edit`` takes them."""
    return {number: p.direction for number, p in state.partnerships.items()}


def _require_movement(state: EventMovement) -> mv.Movement:
    if state.movement is None or not state.movement.rounds:
        raise ValidationError(f"{state.event.name} has no movement yet; build it first", field=MOVEMENT_FIELD)
    return state.movement.copy()


# --- building ----------------------------------------------------------------------------------------
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
        movement = _validated(build(state, players=players, seed=seed))
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


@transaction.atomic
def seat_event(*, event: Event, players: Iterable | None = None, seed=None, by=None) -> int:
    """Seat every game by the event's movement (``build_movement``) and return the number of
    seatings written: the club night set-up, the API's ``seat`` and the demo. A progressive
    individual seats game 1 from ``players`` (the next games depend on the results)."""
    movement = build_movement(event=event, players=players, seed=seed, by=by)
    return Seating.objects.filter(round__event=event, round__number__lte=len(movement.rounds)).count()


# --- swapping --------------------------------------------------------------------------------------
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
    a = parse_int(first, f"the first {what}", field="first", minimum=1)
    b = parse_int(second, f"the second {what}", field="second", minimum=1)
    if a == b:
        raise ValidationError(f"choose two different {what}s to swap", field="second")
    if number > len(movement.rounds):
        raise ValidationError(
            f"game {number} is not seated yet (the movement has {len(movement.rounds)})", field="round"
        )
    present = edit.units_from(movement, number)
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
    movement = _validated(edit.swap(movement, a, b, number))
    if not state.individual:
        # A partnership that has not played yet takes the direction of the places it now holds.
        for pid in (a, b):
            direction, since = edit.first_direction(movement, pid)
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
@transaction.atomic
def add_latecomer(
    *,
    event: Event,
    players,
    new_names: Iterable[str] = (),
    direction: str = "",
    from_round=None,
    by=None,
    expected: str | None = None,
) -> Change:
    """Bring latecomers in from ``from_round`` (default: the first game not started).

    ``new_names``: names typed on the spot, matched to the club's players by the club's name rule
    or added as new players (``clubs.services.find_or_add_players``) in this same transaction, so a
    refused latecomer leaves no new player behind.

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
    ids = list(players or [])
    for player in find_or_add_players(club=event.club, names=new_names):
        if player.pk not in ids:
            ids.append(player.pk)
    chosen = players_by_ids(event.club, ids)
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
        try:
            placements = edit.place_players(movement, ids, number)
        except mv.MovementError as error:
            raise ValidationError(str(error), field="players") from error
        names = ", ".join(p.name for p in chosen)
    else:
        if movement.kind in mv.TEAM_KINDS:
            raise ValidationError("a team event takes no latecomers (a team is four players)", field="players")
        if not 2 <= len(ids) <= 3:
            raise ValidationError(f"a late partnership is two or three players, not {len(ids)}", field="players")
        if direction:
            direction = parse_choice(direction, Partnership.Direction, "the direction", field="direction")
        else:
            direction = edit.latecomer_direction(movement, number, _directions(state))
        partnership = lineup.add_partnership(event=event, players=ids, direction=direction)
        movement.members[partnership.number] = tuple(ids)
        state.partnerships[partnership.number] = partnership
        placements = edit.place_pair(movement, partnership.number, direction, number, _directions(state))
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


# --- progressive individual: the next game from the results ------------------------------------------
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
    edit.drop_after(movement, played)
    try:
        movement = mv.progressive_individual_next(
            movement, pending.results, variant=event.individual_movement, odd=event.odd_tables
        )
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


# --- writing seatings ---------------------------------------------------------------------------------
@transaction.atomic
def apply_plan(*, event: Event, plan, from_round: int = 1) -> int:
    """Write the seatings of a movement plan (``adapters.normalise_plan`` shape, or a
    ``scoring.movements.Movement``/its ``to_dict()``) for rounds ``from_round``.. of the plan.

    Missing tables are created. Rounds that already have results are refused. Returns the number
    of seatings written.
    """
    event = locked_event(event)
    if hasattr(plan, "to_dict") or (isinstance(plan, Mapping) and "rounds" in plan):
        plan = movement_to_plan(plan)
    plan = normalise_plan(plan)
    last = from_round + len(plan) - 1
    if last > event.games:
        raise ValidationError(
            f"the movement runs to game {last} but {event.name} has {event.games} games", field="movement"
        )
    rounds = {r.number: r for r in event.rounds.filter(number__gte=from_round, number__lte=last)}
    scored = sorted(n for n, r in rounds.items() if r.submissions.exists())
    if scored:
        raise Conflict(f"game {scored[0]} already has results; its seating cannot change", field="movement")

    partnerships = {p.number: p for p in event.partnerships.all()}
    members: dict[int, list[int]] = {}
    for member in PartnershipMember.objects.filter(partnership__event=event).order_by("position"):
        members.setdefault(member.partnership_id, []).append(member.player_id)
    club_players = set(Player.objects.filter(club_id=event.club_id).values_list("pk", flat=True))

    needed_tables = {t for round_plan in plan for t in round_plan.tables}
    existing_tables = {t.number: t for t in event.tables.all()}
    Table.objects.bulk_create([Table(event=event, number=n) for n in sorted(needed_tables - set(existing_tables))])
    tables = {t.number: t for t in event.tables.all()}

    Seating.objects.filter(round__in=rounds.values()).delete()
    for round_obj in rounds.values():
        round_obj.sitting_out_partnerships.clear()
        round_obj.sitting_out_players.clear()

    # A side of three rotates who sits out by the games it has played (scoring.movements' rule).
    played = dict(
        Counter(
            Seating.objects.filter(
                round__event=event, round__number__lt=from_round, partnership__isnull=False
            ).values_list("partnership_id", flat=True)
        )
    )
    seatings: list[Seating] = []
    seat_specs: list[list[tuple[str, int]]] = []
    for offset, round_plan in enumerate(plan):
        number = from_round + offset
        round_obj = rounds[number]
        placed: dict[int, str] = {}

        for table_number, sides in sorted(round_plan.tables.items()):
            for direction, side in ((MAJORS, sides.majors), (MINORS, sides.minors)):
                if side is None:
                    continue
                where = f"table {table_number} {direction}"
                partnership = None
                if side.partnership is not None:
                    partnership = partnerships.get(side.partnership)
                    if partnership is None:
                        raise NotFound(
                            f"unknown partnership {side.partnership} at table {table_number}, game {number}",
                            field="movement",
                        )
                    if partnership.direction and partnership.direction != direction:
                        raise ValidationError(
                            f"partnership {partnership.number} plays {partnership.direction}, "
                            f"but the movement seats it {direction} at table {table_number}, game {number}",
                            field="movement",
                        )
                    player_ids = members.get(partnership.pk, [])
                else:
                    player_ids = list(side.players)
                # A table of three or two (scoring.movements.odd): its side holds one player a seat.
                if sides.variant:  # a table of three or two: the night's kind may refuse one
                    kind_of(event, sides.variant, sides.seats).check_table(
                        sides.variant, f"table {table_number}, game {number}"
                    )
                suits = side_suits(sides.seats, direction) if sides.variant else DIRECTION_SUITS[direction]
                if sides.variant and (partnership is not None or len(player_ids) != len(suits)):
                    raise ValidationError(
                        f"{where}, game {number}: a table of {len(sides.seats)} seats {len(suits)} player"
                        f"{'s' * (len(suits) != 1)} here ({''.join(suits)}), not {len(player_ids)}",
                        field="movement",
                    )
                if not sides.variant and not 2 <= len(player_ids) <= 3:
                    raise ValidationError(f"{where}, game {number}: {len(player_ids)} players", field="movement")
                for player_id in player_ids:
                    if player_id not in club_players:
                        raise NotFound(f"unknown player {player_id} ({where}, game {number})", field="movement")
                    if player_id in placed:
                        raise ValidationError(
                            f"player {player_id} is in two places in game {number}: {placed[player_id]} and {where}",
                            field="movement",
                        )
                    placed[player_id] = where
                game_index = played.get(partnership.pk, 0) if partnership is not None else 0
                if partnership is not None:
                    played[partnership.pk] = game_index + 1
                sit_out = (
                    [] if sides.variant else list(side.sit_out_order) or list(mv.sit_out_order(player_ids, game_index))
                )
                if len(player_ids) == 3 and (len(sit_out) != 4 or set(sit_out) != set(player_ids)):
                    raise ValidationError(
                        f"{where}, game {number}: the sit-out order must name the three players as X, Y, Z, X",
                        field="movement",
                    )
                seatings.append(
                    Seating(
                        round=round_obj,
                        table=tables[table_number],
                        direction=direction,
                        partnership=partnership,
                        game_set_number=sides.game_set,
                        sit_out_order=sit_out,
                    )
                )
                firsts = player_ids if sides.variant else edit.first_seats(player_ids, sit_out)
                specs = list(zip(suits, firsts, strict=True))
                if len(player_ids) == 3:
                    specs.append(("", sit_out[0]))  # X sits out deal 1
                seat_specs.append(specs)
        for item in round_plan.sitting_out:
            if isinstance(item, int) and item in partnerships and round_plan.sitting_out_are_partnerships:
                round_obj.sitting_out_partnerships.add(partnerships[item])
            elif isinstance(item, int) and item in club_players:
                round_obj.sitting_out_players.add(item)
            else:
                raise NotFound(f"unknown sitter-out {item!r} in game {number}", field="movement")

    created = Seating.objects.bulk_create(seatings)
    record(
        "events.apply_plan", event=event, after={"from_round": from_round, "games": len(plan), "seatings": len(created)}
    )
    Seat.objects.bulk_create(
        [
            Seat(seating=seating, round_id=seating.round_id, suit=suit, player_id=player_id)
            for seating, specs in zip(created, seat_specs, strict=True)
            for suit, player_id in specs
        ]
    )
    return len(created)


@transaction.atomic
def set_seating(
    *,
    round: Round,
    table: Table,
    majors: SidePlan | int | list | None,
    minors: SidePlan | int | list | None,
    game_set: int | None = None,
) -> int:
    """The director seats one table for one game by hand (partnership numbers or player ids)."""
    if table.event_id != round.event_id:
        raise NotFound(f"table {table.number} is not in this event", field="table")
    event = round.event
    plan = selectors.current_plan(event, round.number)
    entry = {"tables": {table.number: {"majors": majors, "minors": minors, "game_set": game_set}}}
    plan.tables[table.number] = normalise_plan([entry])[0].tables[table.number]
    return apply_plan(event=event, plan=[plan], from_round=round.number)


@transaction.atomic
def apply_movement(*, event: Event, movement, from_round: int = 1) -> int:
    """Validate a ``scoring.movements.Movement`` (or its ``to_dict()``), keep it on the event, and
    write its seatings. A broken movement raises ``ValidationError`` with the engine's message."""
    try:
        if isinstance(movement, Mapping):
            movement = mv.Movement.from_dict(movement)
        movement.validate()
    except mv.MovementError as error:
        raise ValidationError(str(error), field="movement") from error
    data = movement.to_dict()
    count = apply_plan(event=event, plan=movement, from_round=from_round)
    Event.objects.filter(pk=event.pk).update(movement=data, updated_at=timezone.now())
    event.movement = data
    return count
