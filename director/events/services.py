"""Writes for events: settings and the lifecycle — create, update, start, finish, reopen, close and
reopen a game, the round clock, the public switches.

Every function runs in one transaction and raises a ``DomainError`` (naming what and where) on
input a person could get wrong; nothing is written then. The tables, partnerships and teams are
``events.lineup``; the shared row locks ``events.locks`` (taking the event's marks its results
changed: ``events.changes``); seatings and movements
``director.movements`` (setting up a whole club night: ``movements.night.set_up_night``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils import timezone

from director.audit.services import record
from director.clubs.models import Club
from director.clubs.services import player_name_key
from director.core.errors import Conflict, NotFound, ValidationError
from director.core.parsing import parse_choice, parse_date, parse_int
from director.sheets import registry

from . import codes, lineup
from .locks import lock_rounds, locked_event
from .models import Event, Round
from .signals import standings_released

log = logging.getLogger(__name__)

MAX_GAMES = 30
MAX_GAME_MINUTES = 600  # a game's length on the clock
# An event's type and its default movement are the kinds' (``registry.event_type(type).movement``).


# --- events ----------------------------------------------------------------------------------------
_EVENT_SETTINGS = (
    "name",
    "date",
    "type",
    "rules_variant",
    "games",
    "matchpoint_scale",
    "movement_kind",
    "individual_movement",
    "game_length_minutes",
    "season",
    "phones",
)
"""The settings of every event; each kind of sheet adds its own (``registry.event_settings``)."""
# Seatings, tallies and results are laid out for these: they cannot change once the event has started.
_FIXED_ONCE_STARTED = {"type": "the type", "games": "the number of games"}


def _settings() -> tuple[str, ...]:
    return (*_EVENT_SETTINGS, *registry.event_settings())


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
        types = [t.value for t in registry.event_types()]
        if values["type"] not in types:
            listed = ", ".join(types)
            raise ValidationError(f"the event type must be one of {listed}, not {values['type']!r}", field="type")
        clean["type"] = values["type"]
    if "rules_variant" in values:
        clean["rules_variant"] = parse_choice(
            values["rules_variant"], Event.RulesVariant, "the rules", field="rules_variant"
        )
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
            values["game_length_minutes"],
            "the game length",
            field="game_length_minutes",
            minimum=1,
            maximum=MAX_GAME_MINUTES,
        )
    if "phones" in values:
        clean["phones"] = parse_choice(values["phones"], Event.Phones, "how phones are known", field="phones")
        individual = "type" in clean and registry.event_type(clean["type"]).individual
        if clean["phones"] == Event.Phones.PARTNERSHIP and individual:
            label = registry.event_type(clean["type"]).label
            raise ValidationError(f"{label} has no partnerships: give each player a code", field="phones")
    if "season" in values:
        season = values["season"]
        if season is not None and season.club_id != club.pk:
            raise NotFound(f"the season {season} is not one of {club.name}'s", field="season")
        clean["season"] = season
    clean.update(registry.clean_settings(values))  # each kind of sheet reads its own
    return clean


def _check_kinds(clean: dict, event: Event | None = None) -> None:
    """Every kind of sheet checks the settings as they will be (what ``clean`` gives over what
    ``event`` stores, or a new event's defaults), and fills in its own (an Auction event's)."""
    stored = Event() if event is None else event
    names = [name for name in _settings() if name != "season"]  # (the season's row is not needed)
    settings = {name: clean[name] if name in clean else getattr(stored, name) for name in names}
    clean.update(registry.check_settings(settings, clean, event))


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


def once(club: Club, setup_token: str | None, make: Callable[[], Event]) -> tuple[Event, bool]:
    """The one-time token rule: ``make()`` (which creates an event with ``setup_token``) runs unless
    the token was used already, and then the event it set up is the answer — also when the same
    request runs twice at the same moment (the second's ``Conflict`` on ``setup_token``).
    Returns ``(event, created)``."""
    earlier = event_set_up_by(club, setup_token)
    if earlier is not None:
        return earlier, False
    try:
        return make(), True
    except Conflict as error:
        earlier = event_set_up_by(club, setup_token) if error.field == "setup_token" else None
        if earlier is None:
            raise
        return earlier, False


def create_event_once(*, club: Club, idempotency_key: str | None, **fields) -> tuple[Event, bool]:
    """``create_event`` that a client may retry: the same ``idempotency_key`` (kept as the event's
    one-time token) returns the event the first request created (``once``). The key is the club's
    own (unique per club): another club's event with the same key is neither the answer nor a 409."""
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > 40:
        raise ValidationError("the idempotency key must be at most 40 characters", field="idempotency_key")
    return once(club, key, lambda: create_event(club=club, setup_token=key, **fields))


def _refuse_unknown(settings) -> None:
    unknown = sorted(set(settings) - set(_settings()))
    if unknown:
        raise ValidationError(f"unknown event setting {unknown[0]!r}", field=unknown[0])


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

    ``settings``: rules_variant, games, matchpoint_scale, movement_kind (defaults by type),
    individual_movement (``rules`` or ``fixed-sizes``), game_length_minutes, season, and the kinds
    of sheet's own (``registry.event_settings``: the form, the game, an Auction event's …).
    ``setup_token``: the one-time token of the form that asks for the event; a token already used
    is refused (``Conflict``, field ``setup_token``).
    """
    _refuse_unknown(settings)
    clean = _clean_event_settings(club, {"name": name, "date": date, "type": type, **settings})
    clean.setdefault("movement_kind", registry.event_type(clean["type"]).movement)
    _check_kinds(clean)
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
    registry.settings_saved(event)  # what a kind records of its settings (an override's audit)
    if tables:
        lineup.set_table_count(event=event, count=tables)
    return event


@transaction.atomic
def update_event(*, event: Event, **values) -> Event:
    """Change settings. Type, form and the number of games are fixed once the event has started."""
    _refuse_unknown(values)
    event = locked_event(event)
    clean = _clean_event_settings(event.club, values)
    if event.status != Event.Status.DRAFT:
        # Changing these mid-session would strand games already played (or leave games nobody is
        # seated for); a kind's own settings too (the pads already entered were scored with them).
        for key, what in (_FIXED_ONCE_STARTED | registry.event_settings()).items():
            if key in clean and clean[key] != getattr(event, key):
                raise Conflict(f"{what} cannot change once the event has started", field=key)
    _check_kinds(clean, event)
    before = {key: getattr(event, key) for key in registry.event_settings()}
    for key, value in clean.items():
        setattr(event, key, value)
    event.save()
    registry.settings_saved(event, before)
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
    before = Event.objects.select_for_update().filter(pk=event.pk).values("pk", *switches).first()
    Event.objects.filter(pk=event.pk).update(**switches, updated_at=timezone.now())
    record("events.public_switches", event=event, before=before, after=switches)
    event.refresh_from_db()
    if switches.get("standings_released") and before and not before["standings_released"]:
        # After the commit, so nothing is sent for a release that rolls back; robust, so a mail
        # failure never undoes or errors the release (the director can still press "Send now").
        transaction.on_commit(lambda: _announce_release(event.pk))
    return event


def _announce_release(event_id: int) -> None:
    event = Event.objects.select_related("club").get(pk=event_id)
    for receiver, outcome in standings_released.send_robust(sender=Event, event=event):
        if isinstance(outcome, Exception):
            log.error("after releasing %s, %r failed", event, receiver, exc_info=outcome)


def mark_hands_released(*, event: Event, released: bool) -> None:
    """Record on the event whether the hands are public (``deals.services.release_hands`` decides
    and audits it; the public pages read the flag)."""
    Event.objects.filter(pk=event.pk).update(hands_released=released, updated_at=timezone.now())


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


def has_results(event: Event) -> bool:
    """Any sheet was entered for ``event`` (deleting it then asks for its name to be typed)."""
    return Round.objects.filter(event=event, submissions__isnull=False).exists()


@transaction.atomic
def delete_event(*, event: Event, by=None, typed_name: str = "") -> None:
    """Delete a night (a test night, a night set up by mistake) with everything of it. An event
    with results is deleted only when ``typed_name`` is its name (case and runs of spaces aside):
    a mistaken click cannot lose a real night. Logged on the club (the event row goes)."""
    event = locked_event(event)
    results = has_results(event)
    if results and player_name_key(typed_name or "") != player_name_key(event.name):
        raise ValidationError(
            f"{event.name} has results: type its name to delete it (you typed {typed_name.strip()[:60]!r})",
            field="typed_name",
        )
    # The sheets go first: they also point at its tables (who sent them), which protects the tables.
    # (Reached through the relation: results stand above events.)
    Round._meta.get_field("submissions").related_model.objects.filter(round__event=event).delete()
    after = {"name": event.name, "date": event.date.isoformat(), "status": event.status, "had_results": results}
    record("events.delete", club=event.club, user=by, after={**after, "event_id": event.pk})
    event.delete()


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
    codes.ensure_codes(event)  # a night of player codes: every player seated has theirs from the start
    if without_sets:
        record("events.start_without_sets", event=event, obj=event, after={"game_sets": 0})
    else:
        record("events.start", event=event, obj=event, after={"status": "running"})
    return event


@transaction.atomic
def mark_finished(*, event: Event, unfinished: list[str] | tuple[str, ...] = ()) -> Event:
    """Running → finished; open games close. Only ``results.services.finish_event`` calls this, under
    its locks and after its check of the results; ``unfinished`` is what it let through (``force``),
    logged with the finish."""
    event = locked_event(event)
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


# --- the round clock ---------------------------------------------------------------------------------
@transaction.atomic
def start_clock(*, round: Round, restart: bool = False) -> Round:
    """Start the round clock now (``Round.started_at``). Compare-and-swap on the old value: two
    directors pressing start together start it once; a running clock is only restarted on purpose."""
    current = Round.objects.select_for_update().get(pk=round.pk)
    if current.started_at is not None and not restart:
        raise Conflict(f"the clock of game {current.number} is already running", field="round")
    if current.status == Round.Status.CLOSED:
        raise Conflict(f"game {current.number} is closed", field="round")
    moved = Round.objects.filter(pk=current.pk, started_at=current.started_at).update(started_at=timezone.now())
    if moved != 1:  # pragma: no cover - we hold the lock
        raise Conflict("the clock changed at the same moment; try again", field="round")
    current.refresh_from_db()
    return current


@transaction.atomic
def stop_clock(*, round: Round) -> Round:
    """Clear the clock (e.g. started by mistake)."""
    Round.objects.filter(pk=round.pk).update(started_at=None)
    round.refresh_from_db()
    return round
