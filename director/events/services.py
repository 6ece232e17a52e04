"""Writes for events: settings, tables, rounds, partnerships, teams and seatings.

Every function runs in one transaction and raises a ``DomainError`` (naming what and where) on
input a person could get wrong; nothing is written then. Seatings are written from a *plan*
(see ``events.adapters.movement_to_plan``), so any movement of ``scoring.movements`` — or one
the director enters — is applied the same way.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import date as date_type

from django.db import IntegrityError, transaction
from django.utils import timezone

from director.audit.services import record
from director.clubs.models import Club, Player
from director.clubs.services import find_or_add_players, player_name_key, players_by_ids
from director.core.errors import Conflict, DomainError, NotFound, ValidationError

from .adapters import SidePlan, movement_to_plan, normalise_plan
from .models import (
    DIRECTION_SUITS,
    MAJORS,
    MINORS,
    Event,
    Partnership,
    PartnershipMember,
    ResultsChange,
    Round,
    Seat,
    Seating,
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


def _locked_event(event: Event) -> Event:
    """Re-read ``event`` under a row lock: event-level changes are serialised on this row.
    ``FOR NO KEY UPDATE`` (PostgreSQL), as they change no key: a sheet being written meanwhile still
    inserts its audit entry, which refers to the event, instead of waiting for us while we wait for
    it (deleting its table, say). Every caller is about to change the event (its settings, tables,
    partnerships, seatings), so the results are marked changed too (``results_changed``)."""
    results_changed(event.pk)
    return Event.objects.select_for_update(no_key=True).get(pk=event.pk)


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


def results_changed(event_id: int) -> None:
    """Something the results pages show has changed for the event: move its results version
    (``selectors.results_version``), so the cached standings are computed afresh. Called inside
    the write's transaction, so the new version and the write commit (or roll back) together; a
    reader that saw the old version may cache what it computed under that old version, which no
    later reader asks for. An insert: it takes no lock another write waits for."""
    ResultsChange.objects.create(event_id=event_id)


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
    event = _locked_event(event)
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
    else:
        record("events.start", event=event, obj=event, after={"status": "running"})
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

    The event's row is locked ``FOR NO KEY UPDATE`` (``_locked_event``): a sheet in flight, holding
    its game's lock, still writes its audit entry (which refers to the event, and so takes
    ``FOR KEY SHARE`` on it) while the finish waits for that game — under ``FOR UPDATE`` each would
    wait for the other."""
    event = _locked_event(event)
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
    else:
        record("events.finish", event=event, obj=event, after={"status": "finished"})
    return event


@transaction.atomic
def reopen_event(*, event: Event) -> Event:
    """Finished → running: the results may change again after they were final, so it is logged."""
    event = _move_status(event, Event.Status.FINISHED, Event.Status.RUNNING)
    record("events.reopen", event=event, obj=event, after={"status": "running"})
    return event


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
    _locked_event(event)
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
    _locked_event(event)
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
    event = _locked_event(event)
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
    event = _locked_event(partnership.event)
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
    results_changed(partnership.event_id)
    partnership.delete()


def player_changed(player: Player) -> None:
    """A player's name shows on the results of every event of the club that seats them: mark those
    changed (``Player`` saves call this; ``apps`` connects it)."""
    ids = Event.objects.filter(club_id=player.club_id).values_list("pk", flat=True)
    ResultsChange.objects.bulk_create([ResultsChange(event_id=pk) for pk in ids])


@transaction.atomic
def draw_partnerships(
    *, event: Event, players: Iterable, seed=None, fix_directions: bool | None = None
) -> list[Partnership]:
    """Random draw: pair the players (a partnership of three when the number is odd).

    With fixed directions (default for progressive pairs and Mitchell-style events) the first half
    of the partnerships sit majors and the rest minors, so table ``i`` starts with partnership ``i``
    (majors) against partnership ``T + i`` (minors).
    """
    event = _locked_event(event)
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
    event = _locked_event(event)
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


# --- seatings --------------------------------------------------------------------------------------
def default_sit_out_order(member_ids: list[int], game_number: int) -> list[int]:
    """For a partnership of three: who sits out deals 1..4 (X, Y, Z, X — RULES.md §5), rotating
    between games so a different player misses two deals each game. Empty for two players."""
    if len(member_ids) != 3:
        return []
    shift = (game_number - 1) % 3
    z, y, x = (member_ids[(i + shift) % 3] for i in range(3))
    return [x, y, z, x]


def _seat_players(members: list[int], sit_out: list[int]) -> list[int]:
    """The two players in the first deal's seats (first suit, second suit) for these members."""
    if len(members) == 2:
        return members
    # The deal-1 sitter-out is X; Y (who X replaces for deal 2) holds the second seat, Z the first.
    x, y, z = sit_out[0], sit_out[1], sit_out[2]
    assert x not in (y, z)
    return [z, y]


@transaction.atomic
def apply_plan(*, event: Event, plan, from_round: int = 1) -> int:
    """Write the seatings of a movement plan (``adapters.normalise_plan`` shape, or a
    ``scoring.movements.Movement``/its ``to_dict()``) for rounds ``from_round``.. of the plan.

    Missing tables are created. Rounds that already have results are refused. Returns the number
    of seatings written.
    """
    event = _locked_event(event)
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
                if not 2 <= len(player_ids) <= 3:
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
                sit_out = list(side.sit_out_order) or default_sit_out_order(player_ids, game_index + 1)
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
                suits = DIRECTION_SUITS[direction]
                specs = list(zip(suits, _seat_players(player_ids, sit_out), strict=True))
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
    plan = current_plan(event, round.number)
    entry = {"tables": {table.number: {"majors": majors, "minors": minors, "game_set": game_set}}}
    plan.tables[table.number] = normalise_plan([entry])[0].tables[table.number]
    return apply_plan(event=event, plan=[plan], from_round=round.number)


def current_plan(event: Event, number: int):
    """The plan of round ``number`` as it stands in the database (for edits and re-validation)."""
    from .adapters import RoundPlan, TablePlan

    seatings = (
        Seating.objects.filter(round__event=event, round__number=number)
        .select_related("table", "partnership")
        .prefetch_related("seats")
    )
    tables: dict[int, TablePlan] = {}
    for seating in seatings:
        side = SidePlan(
            partnership=seating.partnership.number if seating.partnership else None,
            players=() if seating.partnership else tuple(s.player_id for s in seating.seats.all()),
            sit_out_order=tuple(seating.sit_out_order),
        )
        entry = tables.setdefault(seating.table.number, TablePlan(None, None, seating.game_set_number))
        if seating.direction == MAJORS:
            entry.majors = side
        else:
            entry.minors = side
    round_obj = Round.objects.get(event=event, number=number)
    byes = list(round_obj.sitting_out_partnerships.values_list("number", flat=True))
    players_out = list(round_obj.sitting_out_players.values_list("pk", flat=True))
    return RoundPlan(tables=tables, sitting_out=byes or players_out, sitting_out_are_partnerships=bool(byes))


def progressive_plan(majors: list[int], minors: list[int], games: int) -> list[dict]:
    """Fixed-partnership progressive without ``scoring.movements``: majors stay at table i, minors
    move up one table a game; a table whose opponents are missing this game has a bye. Only a
    fallback — ``seat_event`` uses ``scoring.movements.progressive_pairs`` (fair byes, trios)."""
    tables = max(len(majors), len(minors))
    rounds = []
    for game in range(games):
        table_map, out = {}, []
        for i in range(tables):
            major = majors[i] if i < len(majors) else None
            j = (i - game) % tables
            minor = minors[j] if j < len(minors) else None
            if major is not None and minor is not None:
                table_map[i + 1] = {"majors": major, "minors": minor, "game_set": None}
            else:
                out.extend(p for p in (major, minor) if p is not None)
        rounds.append({"tables": table_map, "sitting_out": out})
    return rounds


def _movements():
    try:
        from scoring import movements
    except ImportError:  # pragma: no cover - the engine ships with the project
        return None
    return movements


@transaction.atomic
def apply_movement(*, event: Event, movement, from_round: int = 1) -> int:
    """Validate a ``scoring.movements.Movement`` (or its ``to_dict()``), keep it on the event, and
    write its seatings. A broken movement raises ``ValidationError`` with the engine's message."""
    movements = _movements()
    if movements is not None:
        try:
            if isinstance(movement, Mapping):
                movement = movements.Movement.from_dict(movement)
            movement.validate()
        except movements.MovementError as error:
            raise ValidationError(str(error), field="movement") from error
    data = movement.to_dict() if hasattr(movement, "to_dict") else dict(movement)
    count = apply_plan(event=event, plan=movement, from_round=from_round)
    Event.objects.filter(pk=event.pk).update(movement=data, updated_at=timezone.now())
    event.movement = data
    return count


def _fixed(event: Event) -> tuple[list[int], list[int], dict[int, tuple[int, ...]]]:
    majors, minors, members = [], [], {}
    for partnership in partnerships_with_members(event):
        ids = tuple(m.player_id for m in partnership.members.all())
        members[partnership.number] = ids
        if partnership.direction == MAJORS:
            majors.append(partnership.number)
        elif partnership.direction == MINORS:
            minors.append(partnership.number)
    return majors, minors, members


# Movements that keep every partnership on one direction all session.
FIXED_DIRECTION_KINDS = {Event.MovementKind.PROGRESSIVE, Event.MovementKind.MITCHELL, Event.MovementKind.BAROMETER}


def _check_directions(event: Event, members: Mapping[int, tuple], directed: list[int], kind: str) -> None:
    """Every partnership of a fixed-direction movement must sit majors or minors; name those that
    do not (the engine would only say their players belong to no partnership of the movement)."""
    loose = sorted(set(members) - set(directed))
    if not loose:
        return
    numbers = ", ".join(str(n) for n in loose[:-1]) + (" and " if len(loose) > 1 else "") + str(loose[-1])
    which = f"partnership {numbers} has" if len(loose) == 1 else f"partnerships {numbers} have"
    raise ValidationError(
        f"{which} no direction: a {kind} movement keeps every partnership on majors (♠♥) or minors (♦♣) "
        f"all session — give {'it' if len(loose) == 1 else 'them'} a direction or remove "
        f"{'it' if len(loose) == 1 else 'them'}",
        field="partnerships",
    )


def partnerships_with_members(event: Event) -> list[Partnership]:
    return list(event.partnerships.prefetch_related("members").order_by("number"))


@transaction.atomic
def seat_event(*, event: Event, players: Iterable | None = None, seed=None) -> int:
    """Seat every game by the event's movement kind, from its partnerships (numbers and fixed
    directions) or, for a progressive individual, from ``players`` (game 1 only: the next games
    depend on the results). Returns the number of seatings written.

    * progressive: ``progressive_pairs(majors, minors, tables=#majors, games)``;
    * mitchell / barometer: majors 1..T, minors T+1..2T, T tables, one set per table / per round;
    * team-match / round-robin: team k is partnerships 2k+1 (majors) and 2k+2 (minors).
    """
    event = _locked_event(event)
    movements = _movements()
    kind = event.movement_kind
    if movements is None:
        if kind != Event.MovementKind.PROGRESSIVE:
            raise ValidationError(f"the {kind} movement needs scoring.movements", field="movement_kind")
        majors, minors, _ = _fixed(event)
        plan = progressive_plan(majors, minors, event.games)
        Event.objects.filter(pk=event.pk).update(movement={"kind": kind, "rounds": plan})
        return apply_plan(event=event, plan=plan)
    try:
        if kind == Event.MovementKind.PROGRESSIVE_INDIVIDUAL:
            if players is None:
                raise ValidationError("a progressive individual needs the players to seat", field="players")
            ids = [p.pk for p in players_by_ids(event.club, list(players))]
            movement = movements.progressive_individual_start(ids, seed=seed)
            return apply_movement(event=event, movement=movement)
        majors, minors, members = _fixed(event)
        if kind == Event.MovementKind.MANUAL:
            raise ValidationError("a manual movement is entered table by table", field="movement_kind")
        if kind in FIXED_DIRECTION_KINDS:
            _check_directions(event, members, majors + minors, kind)
        if not majors or not minors:
            raise ValidationError(
                f"{event.name} needs partnerships with fixed directions (majors and minors) first", field="partnerships"
            )
        if kind == Event.MovementKind.PROGRESSIVE:
            movement = movements.progressive_pairs(majors, minors, len(majors), event.games, members=members)
        elif kind in (Event.MovementKind.MITCHELL, Event.MovementKind.BAROMETER):
            tables = len(majors)
            expected = (list(range(1, tables + 1)), list(range(tables + 1, 2 * tables + 1)))
            if (majors, minors) != expected:
                raise ValidationError(
                    f"a {kind} needs majors partnerships 1..{tables} and minors {tables + 1}..{2 * tables}",
                    field="partnerships",
                )
            build = movements.mitchell if kind == Event.MovementKind.MITCHELL else movements.barometer
            movement = build(tables, event.games)
            movement.members.update(members)
        else:  # team-match, round-robin
            teams = list(event.teams.order_by("number").values_list("name", flat=True))
            movement = (
                movements.team_match(teams) if kind == Event.MovementKind.TEAM_MATCH else (movements.round_robin(teams))
            )
            movement.members.update(members)
    except movements.MovementError as error:
        raise ValidationError(str(error), field="movement") from error
    return apply_movement(event=event, movement=movement)


def seat_progressive_pairs(*, event: Event) -> int:
    """Seat a progressive-pairs event from its partnerships' fixed directions, for every game."""
    majors, minors, members = _fixed(event)
    _check_directions(event, members, majors + minors, Event.MovementKind.PROGRESSIVE)
    if not majors or not minors:
        raise ValidationError("a progressive event needs majors and minors partnerships", field="partnerships")
    return seat_event(event=event)


# --- setting up a club night -----------------------------------------------------------------------
def _night_direction(event: Event, number: int, count: int) -> str:
    """Fixed directions as ``seat_event`` expects them: team ``k`` is partnerships 2k+1 (majors)
    and 2k+2 (minors); otherwise the first half majors, the rest minors."""
    if event.type == Event.Type.DUPLICATE_TEAMS:
        return MAJORS if number % 2 else MINORS
    return MAJORS if number <= (count + 1) // 2 else MINORS


def _pairs_drawn(player_ids: list[int], seed) -> list[list[int]]:
    """A random draw into pairs (a side of three when the number is odd)."""
    order = list(player_ids)
    random.Random(seed).shuffle(order)
    groups = [order[i : i + 2] for i in range(0, len(order) - len(order) % 2, 2)]
    if len(order) % 2 and groups:
        groups[-1].append(order[-1])
    return groups


def quick_add_check(club: Club, names: Iterable[str], ticked: Iterable = ()) -> tuple[list[str], list[str]]:
    """What the club night form should tell the director about its quick-add names (case and spaces
    ignored, as ``set_up_night`` matches them): ``(notices, problems)``. A notice: a typed name is an
    existing member (that member plays, no new player), perhaps one already ticked. A problem: two
    typed names are one person, so the night would have fewer players than names typed."""

    key = player_name_key
    members = {key(p.name): p for p in Player.objects.filter(club=club)}
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


@transaction.atomic
def set_up_night(
    *,
    club: Club,
    name: str,
    date,
    type: str = Event.Type.PROGRESSIVE_PAIRS,
    by=None,
    players: Iterable = (),
    new_players: Iterable[str] = (),
    partnerships: Iterable[Iterable[str]] | None = None,
    seed=None,
    setup_token: str | None = None,
    allow_twin: bool = False,
    **settings,
) -> Event:
    """Create an event, its players, partnerships, teams and seatings in one go (the club night
    page's "set up and seat the tables"). Any refusal leaves nothing behind — not even the
    quick-added players.

    * ``players``: ids of the club's players who play; ``new_players``: names to quick-add (a name
      the club already has, in any case, is that player).
    * ``partnerships``: ``None`` draws them at random (seeded by ``seed``); otherwise the names of
      each partnership, one list a partnership, majors first then minors (every name must be a
      player of the club or one of ``new_players``).
    * A progressive individual seats game 1 from the players; duplicate teams puts partnerships
      2k+1 and 2k+2 in team k.
    * ``settings``: as ``create_event`` (rules_variant, form, games, season, ...);
      ``setup_token``: the form's one-time token (a second use is refused).
    * A night with the same name and date as one the club already has is refused (``Conflict``,
      field ``twin``) unless ``allow_twin``: browsers that go Back fetch the form again with a new
      token but the director's boxes filled in, so the token alone cannot tell a resubmission.

    Errors name the input: ``new_players``, ``partnerships`` (entered ones, "line n: ..."),
    ``players``, or the setting concerned.
    """
    event = create_event(club=club, name=name, date=date, type=type, by=by, setup_token=setup_token, **settings)
    twin = None if allow_twin else same_night(club, event.name, event.date, exclude=event)
    if twin is not None:  # the transaction rolls back: nothing of the new night is kept
        raise Conflict(
            f"{twin.name} on {twin.date:%d %b %Y} is already set up (the same form sent again?): open it, or say "
            "that this is another night with the same name",
            field="twin",
            code="twin",
        )
    chosen: list[int] = []
    for pk in players or ():
        chosen.append(parse_int(pk, "a player", field="players", minimum=1))
    for player in find_or_add_players(club=club, names=new_players or ()):
        if player.pk not in chosen:
            chosen.append(player.pk)
    players_by_ids(club, chosen)  # NotFound naming an id that is not the club's

    if event.type == Event.Type.PROGRESSIVE_INDIVIDUAL:
        seat_event(event=event, players=chosen, seed=seed or 0)
        return event

    entered = partnerships is not None
    groups: list[list[int]] = []
    if entered:
        known = {player_name_key(p.name): p for p in Player.objects.filter(club=club)}
        for number, names in enumerate(partnerships, start=1):
            ids = []
            for typed in names:
                player = known.get(player_name_key(typed))
                if player is None:
                    raise ValidationError(
                        f"line {number}: {typed!r} is not a player of {club.name} (quick-add the name above)",
                        field="partnerships",
                    )
                ids.append(player.pk)
            groups.append(ids)
        if not groups:
            raise ValidationError("type the partnerships, one a line, or draw them", field="partnerships")
    elif event.type == Event.Type.DUPLICATE_TEAMS:
        groups = _pairs_drawn(chosen, seed)
    else:
        draw_partnerships(event=event, players=chosen, seed=seed, fix_directions=True)

    made = []
    for number, ids in enumerate(groups, start=1):
        try:
            made.append(
                add_partnership(
                    event=event, players=ids, number=number, direction=_night_direction(event, number, len(groups))
                )
            )
        except DomainError as error:
            where = f"line {number}: " if entered else ""
            raise ValidationError(where + error.message, field="partnerships" if entered else "players") from error
    if event.type == Event.Type.DUPLICATE_TEAMS:
        if len(made) % 2 or len(made) < 4:
            raise ValidationError(
                f"teams of four need an even number of partnerships, at least four (not {len(made)})",
                field="partnerships" if entered else "players",
            )
        for index in range(len(made) // 2):
            create_team(
                event=event,
                name=f"Team {chr(ord('A') + index)}" if index < 26 else f"Team {index + 1}",
                number=index + 1,
                partnerships=made[2 * index : 2 * index + 2],
            )
    seat_event(event=event, seed=seed)
    return event
