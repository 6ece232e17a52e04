"""Writes for events: settings, the lifecycle, tables, rounds, partnerships and teams.

Every function runs in one transaction and raises a ``DomainError`` (naming what and where) on
input a person could get wrong; nothing is written then. Seatings and movements are
``director.movements``; setting up a whole club night is ``movements.night.set_up_night``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from datetime import date as date_type

from django.db import IntegrityError, transaction
from django.utils import timezone

from director.audit.services import record
from director.clubs.models import Club, Player
from director.clubs.services import player_name_key, players_by_ids
from director.core.errors import Conflict, NotFound, ValidationError

from .models import (
    MAJORS,
    MINORS,
    Event,
    Partnership,
    PartnershipMember,
    Round,
    Seat,
    Table,
    Team,
)

MAX_GAMES = 30
MAX_TABLES = 500
DEFAULT_MOVEMENT = {
    Event.Type.PROGRESSIVE_PAIRS: Event.MovementKind.PROGRESSIVE,
    Event.Type.PROGRESSIVE_INDIVIDUAL: Event.MovementKind.PROGRESSIVE_INDIVIDUAL,
    Event.Type.DUPLICATE_PAIRS: Event.MovementKind.MITCHELL,
    Event.Type.DUPLICATE_TEAMS: Event.MovementKind.TEAM_MATCH,
    Event.Type.DUPLICATE_COOP: Event.MovementKind.BAROMETER,
}
# The types where the form may be cutthroat (no partnerships); the others are partnership games.
CUTTHROAT_TYPES = {Event.Type.PROGRESSIVE_INDIVIDUAL}


# --- small strict parsers (text where a number belongs is refused with a message) ------------------
def parse_int(value, what: str, *, field: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or value is None:
        raise ValidationError(f"{what} must be a whole number, not {value!r}", field=field)
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
        number = int(value.strip())
    else:
        raise ValidationError(f"{what} must be a whole number, not {value!r}", field=field)
    if minimum is not None and number < minimum:
        raise ValidationError(f"{what} must be at least {minimum}, not {number}", field=field)
    if maximum is not None and number > maximum:
        raise ValidationError(f"{what} must be at most {maximum}, not {number}", field=field)
    return number


def parse_choice(value, choices, what: str, *, field: str) -> str:
    allowed = list(choices.values)
    if value not in allowed:
        raise ValidationError(f"{what} must be one of {', '.join(allowed)}, not {value!r}", field=field)
    return value


def parse_date(value, what: str = "the date", *, field: str = "date") -> date_type:
    if isinstance(value, date_type):
        return value
    try:
        return date_type.fromisoformat(str(value).strip())
    except ValueError as error:
        raise ValidationError(f"{what} must be a date like 2025-03-14, not {value!r}", field=field) from error


def locked_event(event: Event) -> Event:
    """Re-read ``event`` under a row lock: event-level changes are serialised on this row."""
    return Event.objects.select_for_update().get(pk=event.pk)


def lock_rounds(rounds) -> list[Round]:
    """Re-read these games (a ``Round`` queryset, in the order to lock them) under their row locks,
    held to the end of the transaction.

    The lock every scoresheet write and every close share: a sheet's write holds its game's lock
    (``results.services``, ``table.services``) and checks under it that the event runs and the game
    is open; finishing the event or closing a game takes the locks first, so it waits for the sheets
    being written, sees them, and records its close time only once they are in — and a sheet that
    queued behind the close finds it closed. Tables of one game already queue on its row, so this
    costs no parallelism.

    ``FOR NO KEY UPDATE`` (PostgreSQL): these writers exclude each other, while a row that merely
    refers to the game (a sheet, a seating) is still inserted without waiting for the lock."""
    return list(rounds.select_for_update(of=("self",), no_key=True))


# --- events ----------------------------------------------------------------------------------------
_EVENT_SETTINGS = (
    "name",
    "date",
    "type",
    "rules_variant",
    "form",
    "games",
    "matchpoint_scale",
    "movement_kind",
    "individual_movement",
    "game_length_minutes",
    "season",
)


def _clean_event_settings(club: Club, values: dict) -> dict:
    clean: dict = {}
    if "name" in values:
        name = values["name"]
        if not isinstance(name, str) or not name.strip():
            raise ValidationError("the event needs a name", field="name")
        if len(name.strip()) > 160:
            raise ValidationError("the event's name is longer than 160 characters", field="name")
        clean["name"] = name.strip()
    if "date" in values:
        clean["date"] = parse_date(values["date"])
    if "type" in values:
        clean["type"] = parse_choice(values["type"], Event.Type, "the event type", field="type")
    if "rules_variant" in values:
        clean["rules_variant"] = parse_choice(
            values["rules_variant"], Event.RulesVariant, "the rules", field="rules_variant"
        )
    if "form" in values:
        clean["form"] = parse_choice(values["form"], Event.Form, "the form", field="form")
    if "games" in values:
        clean["games"] = parse_int(values["games"], "the number of games", field="games", minimum=1, maximum=MAX_GAMES)
    if "matchpoint_scale" in values:
        clean["matchpoint_scale"] = parse_choice(
            values["matchpoint_scale"], Event.Scale, "the matchpoint scale", field="matchpoint_scale"
        )
    if values.get("movement_kind"):
        clean["movement_kind"] = parse_choice(
            values["movement_kind"], Event.MovementKind, "the movement", field="movement_kind"
        )
    if values.get("individual_movement"):
        clean["individual_movement"] = parse_choice(
            values["individual_movement"],
            Event.IndividualMovement,
            "the progressive individual movement",
            field="individual_movement",
        )
    if "game_length_minutes" in values:
        clean["game_length_minutes"] = parse_int(
            values["game_length_minutes"], "the game length", field="game_length_minutes", minimum=1, maximum=600
        )
    if "season" in values:
        season = values["season"]
        if season is not None and season.club_id != club.pk:
            raise NotFound(f"the season {season} is not one of {club.name}'s", field="season")
        clean["season"] = season
    return clean


def _check_form(event_type: str, form: str) -> None:
    if form == Event.Form.CUTTHROAT and event_type not in CUTTHROAT_TYPES:
        raise ValidationError(f"a {event_type} event is played in partnerships, not cutthroat", field="form")


def _sync_rounds(event: Event) -> None:
    """Rounds 1..games exist; surplus rounds (after lowering ``games``) go if nothing was scored."""
    existing = set(event.rounds.values_list("number", flat=True))
    Round.objects.bulk_create([Round(event=event, number=n) for n in range(1, event.games + 1) if n not in existing])
    surplus = event.rounds.filter(number__gt=event.games)
    if surplus.filter(submissions__isnull=False).exists():
        raise Conflict(f"cannot drop games after game {event.games}: they have results", field="games")
    surplus.delete()


def event_set_up_by(club: Club, setup_token: str | None) -> Event | None:
    """The club's event that a "New club night" form with this one-time token already created."""
    if not setup_token:
        return None
    return Event.objects.filter(club=club, setup_token=setup_token).first()


def same_night(club: Club, name: str, date, *, exclude: Event | None = None) -> Event | None:
    """The club's event of that date whose name is ``name`` (case and runs of spaces ignored): the
    night a second submission of the new-event form would set up again."""
    events = Event.objects.filter(club=club, date=date).order_by("pk")
    if exclude is not None:
        events = events.exclude(pk=exclude.pk)
    key = player_name_key(name)
    return next((event for event in events if player_name_key(event.name) == key), None)


def create_event_once(*, club: Club, idempotency_key: str | None, **fields) -> tuple[Event, bool]:
    """``create_event`` that a client may retry: the same ``idempotency_key`` (kept as the event's
    one-time token) returns the event the first request created. Returns ``(event, created)``."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > 40:
        raise ValidationError("the idempotency key must be at most 40 characters", field="idempotency_key")
    earlier = event_set_up_by(club, key)
    if earlier is not None:
        return earlier, False
    try:
        return create_event(club=club, setup_token=key, **fields), True
    except Conflict as error:  # the same request, twice at the same moment
        earlier = event_set_up_by(club, key) if error.field == "setup_token" else None
        if earlier is None:
            raise
        return earlier, False


@transaction.atomic
def create_event(
    *,
    club: Club,
    name: str,
    date,
    type: str = Event.Type.PROGRESSIVE_PAIRS,
    by=None,
    tables: int = 0,
    setup_token: str | None = None,
    **settings,
) -> Event:
    """A draft event with rounds 1..games (and ``tables`` numbered tables if given).

    ``settings``: rules_variant, form, games, matchpoint_scale, movement_kind (defaults by type),
    individual_movement (``rules`` or ``fixed-sizes``), game_length_minutes, season.
    ``setup_token``: the one-time token of the form that asks for the event; a token already used
    is refused (``Conflict``, field ``setup_token``).
    """
    unknown = set(settings) - set(_EVENT_SETTINGS)
    if unknown:
        raise ValidationError(f"unknown event setting {sorted(unknown)[0]!r}", field=sorted(unknown)[0])
    clean = _clean_event_settings(club, {"name": name, "date": date, "type": type, **settings})
    clean.setdefault("movement_kind", DEFAULT_MOVEMENT[clean["type"]])
    _check_form(clean["type"], clean.get("form", Event.Form.PARTNERSHIP))
    setup_token = (setup_token or "").strip() or None
    if setup_token is not None:
        if len(setup_token) > 40 or event_set_up_by(club, setup_token) is not None:
            raise Conflict("this form was already used to set up a night", field="setup_token")
        clean["setup_token"] = setup_token
    try:
        with transaction.atomic():
            event = Event.objects.create(club=club, created_by=by, **clean)
    except IntegrityError as error:  # the same form submitted twice at the same moment
        raise Conflict("this form was already used to set up a night", field="setup_token") from error
    _sync_rounds(event)
    if tables:
        set_table_count(event=event, count=tables)
    return event


@transaction.atomic
def update_event(*, event: Event, **values) -> Event:
    """Change settings. Type, form and the number of games are fixed once the event has started."""
    unknown = set(values) - set(_EVENT_SETTINGS)
    if unknown:
        raise ValidationError(f"unknown event setting {sorted(unknown)[0]!r}", field=sorted(unknown)[0])
    event = locked_event(event)
    clean = _clean_event_settings(event.club, values)
    if event.status != Event.Status.DRAFT:
        # Seatings, tallies and results are laid out for these: changing them mid-session would
        # strand games already played (or leave games nobody is seated for).
        for key, what in (("type", "the type"), ("form", "the form"), ("games", "the number of games")):
            if key in clean and clean[key] != getattr(event, key):
                raise Conflict(f"{what} cannot change once the event has started", field=key)
    _check_form(clean.get("type", event.type), clean.get("form", event.form))
    for key, value in clean.items():
        setattr(event, key, value)
    event.save()
    if "games" in clean:
        _sync_rounds(event)
    return event


@transaction.atomic
def set_public_switches(*, event: Event, **switches: bool) -> Event:
    """Turn public pages on or off: standings, scorecards, travellers, hands (``*_released``)."""
    allowed = {"standings_released", "scorecards_released", "travellers_released", "hands_released"}
    unknown = set(switches) - allowed
    if unknown:
        raise ValidationError(f"unknown switch {sorted(unknown)[0]!r}", field=sorted(unknown)[0])
    for key, value in switches.items():
        if not isinstance(value, bool):
            raise ValidationError(f"{key} must be true or false, not {value!r}", field=key)
    before = Event.objects.filter(pk=event.pk).values("pk", *switches).first()
    Event.objects.filter(pk=event.pk).update(**switches, updated_at=timezone.now())
    record("events.public_switches", event=event, before=before, after=switches)
    event.refresh_from_db()
    return event


def _move_status(event: Event, old: str, new: str) -> Event:
    # Compare-and-swap: two directors pressing "start" at once move it once.
    if Event.objects.filter(pk=event.pk, status=old).update(status=new, updated_at=timezone.now()) != 1:
        event.refresh_from_db()
        raise Conflict(f"{event.name} is {event.status}, not {old}", field="status")
    event.refresh_from_db()
    return event


def start_warning(event: Event) -> str | None:
    """Why starting ``event`` now needs the director's say-so, or None: a duplicate event with no
    game set at all (the event page shows it beside Start; ``start_event`` refuses without force)."""
    if not event.is_duplicate or event.game_sets.exists():
        return None
    return (
        f"{event.name} is a duplicate event with no game sets yet: every table must play the same "
        "deals for the scores to be compared, and the guide cards, travellers and hand records come "
        "from the sets — generate, import or record them first (Game sets), or start anyway if the "
        "sets are dealt at the tables and recorded later"
    )


@transaction.atomic
def start_event(*, event: Event, force: bool = False) -> Event:
    """Draft → running; game 1 starts. A duplicate event with no game set at all is refused
    (``Conflict``, field ``game_sets``, with the reason) unless ``force`` (the sets are dealt at the
    tables and recorded later); a forced start is logged."""
    if not event.tables.exists():
        raise ValidationError(f"{event.name} has no tables yet", field="tables")
    without_sets = start_warning(event)
    if without_sets and not force:
        raise Conflict(without_sets, field="game_sets")
    event = _move_status(event, Event.Status.DRAFT, Event.Status.RUNNING)
    Round.objects.filter(event=event, number=1, started_at__isnull=True).update(started_at=timezone.now())
    if without_sets:
        record("events.start_without_sets", event=event, obj=event, after={"game_sets": 0})
    return event


def _numbers(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` as "1–3, 5" (runs of consecutive numbers shortened)."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


def unfinished_results(event: Event, *, grid=None) -> list[str]:
    """What is not finished in ``event``'s results, one line each, for a warning before it ends:
    games with no result at all, and per game the tables with no sheet, a disputed sheet or one
    still awaiting confirmation. Empty when every seated table of every game has a confirmed sheet.
    ``grid``: the event's ``round_grid``, when the caller has it already."""
    from .selectors import round_grid

    grid = grid if grid is not None else round_grid(event)
    empty_games: list[int] = []
    lines: list[str] = []
    for round_obj, cells in grid.rows():
        seated = [c for c in cells if c is not None and c.status != "empty"]
        if not seated:
            continue
        by_status: dict[str, list[int]] = {}
        for cell in seated:
            by_status.setdefault(cell.status, []).append(cell.table.number)
        if len(by_status.get("missing", ())) == len(seated):
            empty_games.append(round_obj.number)
            continue
        for status, what in (
            ("missing", "no result"),
            ("disputed", "a disputed sheet"),
            ("submitted", "a sheet awaiting confirmation"),
        ):
            tables = by_status.get(status)
            if tables:
                label = "table" if len(tables) == 1 else "tables"
                verb = "has" if len(tables) == 1 else "have"
                lines.append(f"game {round_obj.number}: {label} {_numbers(tables)} {verb} {what}")
    if empty_games:
        label = "game" if len(empty_games) == 1 else "games"
        verb = "has" if len(empty_games) == 1 else "have"
        lines.insert(0, f"{label} {_numbers(empty_games)} {verb} no results")
    return lines


@transaction.atomic
def finish_event(*, event: Event, force: bool = False) -> Event:
    """Running → finished; open games close. Refused (``Conflict``, field ``unfinished``) while
    results are unfinished (see ``unfinished_results``) unless ``force``: a forced finish is logged
    with what was left unfinished. The games are locked first (``lock_rounds``): the sheets being
    written are in before the check and the close time.

    The event's row is locked ``FOR NO KEY UPDATE``: a sheet in flight, holding its game's lock,
    still writes its audit entry (which refers to the event, and so takes ``FOR KEY SHARE`` on it)
    while the finish waits for that game — under ``FOR UPDATE`` each would wait for the other."""
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    lock_rounds(Round.objects.filter(event=event).order_by("number"))
    unfinished = unfinished_results(event) if event.status == Event.Status.RUNNING else []
    if unfinished and not force:
        raise Conflict(
            f"{event.name} has unfinished results: {'; '.join(unfinished)} — finish anyway only on purpose",
            field="unfinished",
        )
    event = _move_status(event, Event.Status.RUNNING, Event.Status.FINISHED)
    Round.objects.filter(event=event, status=Round.Status.OPEN).update(
        status=Round.Status.CLOSED, closed_at=timezone.now()
    )
    if unfinished:
        record("events.finish_forced", event=event, obj=event, after={"unfinished": unfinished})
    return event


@transaction.atomic
def reopen_event(*, event: Event) -> Event:
    return _move_status(event, Event.Status.FINISHED, Event.Status.RUNNING)


@transaction.atomic
def close_round(*, round: Round) -> Round:
    """Close a game: tables can no longer submit for it (the director still can correct). The game
    is locked first (``lock_rounds``), so its close time comes after the sheets being written."""
    lock_rounds(Round.objects.filter(pk=round.pk))
    if (
        Round.objects.filter(pk=round.pk, status=Round.Status.OPEN).update(
            status=Round.Status.CLOSED, closed_at=timezone.now()
        )
        != 1
    ):
        raise Conflict(f"game {round.number} is already closed", field="round")
    record("events.close_round", event=round.event_id, obj=round, after={"status": "closed"})
    Round.objects.filter(event_id=round.event_id, number=round.number + 1, started_at__isnull=True).update(
        started_at=timezone.now()
    )
    round.refresh_from_db()
    return round


@transaction.atomic
def reopen_round(*, round: Round) -> Round:
    reopened = Round.objects.filter(pk=round.pk, status=Round.Status.CLOSED).update(
        status=Round.Status.OPEN, closed_at=None
    )
    if reopened != 1:
        raise Conflict(f"game {round.number} is already open", field="round")
    record("events.reopen_round", event=round.event_id, obj=round, after={"status": "open"})
    round.refresh_from_db()
    return round


def get_round(event: Event, number) -> Round:
    number = parse_int(number, "the game number", field="round", minimum=1)
    found = Round.objects.filter(event=event, number=number).first()
    if found is None:
        raise NotFound(f"{event.name} has no game {number} (it has {event.games})", field="round")
    return found


# --- tables ----------------------------------------------------------------------------------------
@transaction.atomic
def add_table(*, event: Event, number=None) -> Table:
    """Add table ``number`` (default: the next number). A number already in use is refused."""
    locked_event(event)
    if number is None:
        number = (event.tables.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    number = parse_int(number, "the table number", field="number", minimum=1, maximum=MAX_TABLES)
    if Table.objects.filter(event=event, number=number).exists():
        raise ValidationError(f"{event.name} already has a table {number}", field="number")
    try:
        with transaction.atomic():
            return Table.objects.create(event=event, number=number)
    except IntegrityError as error:
        raise ValidationError(f"{event.name} already has a table {number}", field="number") from error


@transaction.atomic
def set_table_count(*, event: Event, count) -> list[Table]:
    """Tables 1..count. Tables above ``count`` are removed if nobody has been seated or scored there."""
    count = parse_int(count, "the number of tables", field="tables", minimum=0, maximum=MAX_TABLES)
    locked_event(event)
    existing = set(event.tables.values_list("number", flat=True))
    Table.objects.bulk_create([Table(event=event, number=n) for n in range(1, count + 1) if n not in existing])
    surplus = event.tables.filter(number__gt=count)
    if surplus.filter(seatings__isnull=False).exists() or surplus.filter(submissions__isnull=False).exists():
        raise Conflict(f"cannot remove tables above {count}: players are seated there", field="tables")
    surplus.delete()
    return list(event.tables.order_by("number"))


@transaction.atomic
def reissue_table_token(*, table: Table) -> Table:
    """A new secret for the table's entry link; the old link stops working at once."""
    from .models import new_table_token

    Table.objects.filter(pk=table.pk).update(token=new_table_token(), token_issued_at=timezone.now())
    record("events.reissue_table_token", event=table.event_id, obj=table)  # never the token itself
    table.refresh_from_db()
    return table


# --- partnerships and teams ------------------------------------------------------------------------
def _check_players_free(event: Event, players: list[Player], exclude_partnership: int | None = None) -> None:
    seen: set[int] = set()
    for player in players:
        if player.pk in seen:
            raise ValidationError(f"{player.name} is listed twice", field="players")
        seen.add(player.pk)
    taken = (
        PartnershipMember.objects.filter(partnership__event=event, player__in=players)
        .exclude(partnership_id=exclude_partnership)
        .select_related("player", "partnership")
        .first()
    )
    if taken is not None:
        raise ValidationError(
            f"{taken.player.name} already plays in partnership {taken.partnership.number}", field="players"
        )


@transaction.atomic
def add_partnership(
    *, event: Event, players: Iterable, number=None, direction: str = "", team: Team | None = None
) -> Partnership:
    """A partnership of two or three of the club's players (ids or ``Player``s, in seat order)."""
    event = locked_event(event)
    players = players_by_ids(event.club, list(players))
    if not 2 <= len(players) <= 3:
        raise ValidationError(f"a partnership has two or three players, not {len(players)}", field="players")
    _check_players_free(event, players)
    if direction:
        parse_choice(direction, Partnership.Direction, "the direction", field="direction")
    if team is not None and team.event_id != event.pk:
        raise NotFound(f"team {team.name} is not in {event.name}", field="team")
    if number is None:
        number = (event.partnerships.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    number = parse_int(number, "the partnership number", field="number", minimum=1, maximum=2 * MAX_TABLES + 10)
    if Partnership.objects.filter(event=event, number=number).exists():
        raise ValidationError(f"{event.name} already has a partnership {number}", field="number")
    partnership = Partnership.objects.create(event=event, number=number, direction=direction, team=team)
    PartnershipMember.objects.bulk_create(
        [PartnershipMember(partnership=partnership, player=p, position=i) for i, p in enumerate(players, start=1)]
    )
    return partnership


@transaction.atomic
def set_partnership_players(*, partnership: Partnership, players: Iterable) -> Partnership:
    event = locked_event(partnership.event)
    players = players_by_ids(event.club, list(players))
    if not 2 <= len(players) <= 3:
        raise ValidationError(f"a partnership has two or three players, not {len(players)}", field="players")
    _check_players_free(event, players, exclude_partnership=partnership.pk)
    if Seat.objects.filter(seating__partnership=partnership, seating__round__submissions__isnull=False).exists():
        raise Conflict(f"partnership {partnership.number} has results; its players cannot change", field="players")
    partnership.members.all().delete()
    PartnershipMember.objects.bulk_create(
        [PartnershipMember(partnership=partnership, player=p, position=i) for i, p in enumerate(players, start=1)]
    )
    return partnership


@transaction.atomic
def remove_partnership(*, partnership: Partnership) -> None:
    if partnership.seatings.filter(round__submissions__isnull=False).exists():
        raise Conflict(f"partnership {partnership.number} has results and cannot be removed", field="partnership")
    partnership.delete()


@transaction.atomic
def draw_partnerships(
    *, event: Event, players: Iterable, seed=None, fix_directions: bool | None = None
) -> list[Partnership]:
    """Random draw: pair the players (a partnership of three when the number is odd).

    With fixed directions (default for progressive pairs and Mitchell-style events) the first half
    of the partnerships sit majors and the rest minors, so table ``i`` starts with partnership ``i``
    (majors) against partnership ``T + i`` (minors).
    """
    event = locked_event(event)
    players = players_by_ids(event.club, list(players))
    if len(players) < 4:
        raise ValidationError(f"a draw needs at least four players, not {len(players)}", field="players")
    if event.partnerships.exists():
        raise Conflict(f"{event.name} already has partnerships; remove them before drawing", field="players")
    _check_players_free(event, players)
    rng = random.Random(seed)
    order = players[:]
    rng.shuffle(order)
    groups = [order[i : i + 2] for i in range(0, len(order) - len(order) % 2, 2)]
    if len(order) % 2:
        groups[-1].append(order[-1])
    if fix_directions is None:
        fix_directions = event.type in (Event.Type.PROGRESSIVE_PAIRS, Event.Type.DUPLICATE_PAIRS)
    half = math.ceil(len(groups) / 2)
    result = []
    for number, group in enumerate(groups, start=1):
        direction = (MAJORS if number <= half else MINORS) if fix_directions else ""
        result.append(add_partnership(event=event, players=group, number=number, direction=direction))
    return result


@transaction.atomic
def create_team(*, event: Event, name: str, partnerships: Iterable[Partnership] = (), number=None) -> Team:
    event = locked_event(event)
    if not isinstance(name, str) or not name.strip():
        raise ValidationError("the team needs a name", field="name")
    name = name.strip()
    if Team.objects.filter(event=event, name=name).exists():
        raise ValidationError(f"{event.name} already has a team called {name!r}", field="name")
    if number is None:
        number = (event.teams.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    number = parse_int(number, "the team number", field="number", minimum=1)
    if Team.objects.filter(event=event, number=number).exists():
        raise ValidationError(f"{event.name} already has a team {number}", field="number")
    team = Team.objects.create(event=event, name=name, number=number)
    partnerships = list(partnerships)
    for partnership in partnerships:
        if partnership.event_id != event.pk:
            raise NotFound(f"partnership {partnership.number} is not in {event.name}", field="partnerships")
        if partnership.team_id is not None:
            raise ValidationError(f"partnership {partnership.number} is already in a team", field="partnerships")
    Partnership.objects.filter(pk__in=[p.pk for p in partnerships]).update(team=team)
    return team
