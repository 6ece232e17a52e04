"""Writes for clubs, directors, players and seasons. Each function is one transaction; bad input
raises a ``DomainError`` naming the problem and writes nothing."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from director.audit import services as audit
from director.core.errors import DomainError, NotFound, ValidationError

from .models import Club, ClubDirector, Player, Season, name_key

NAME_MAX = 120


def _clean_name(value, what: str, *, field: str = "name", max_length: int = NAME_MAX) -> str:
    if not isinstance(value, str):
        raise ValidationError(f"{what} must be text, not {value!r}", field=field)
    cleaned = re.sub(r"\s+", " ", value).strip()
    if not cleaned:
        raise ValidationError(f"{what} is empty", field=field)
    if len(cleaned) > max_length:
        raise ValidationError(f"{what} is longer than {max_length} characters: {cleaned[:30]!r}…", field=field)
    return cleaned


@transaction.atomic
def create_club(*, name: str, slug: str = "", owner=None) -> Club:
    """A new club; ``owner`` (a user), when given, becomes its first director with role owner."""
    name = _clean_name(name, "the club's name")
    slug = slugify(slug or name)[:60]
    if not slug:
        raise ValidationError(f"cannot make a web address from {name!r}; give a slug", field="slug")
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError(f"a club with the address {slug!r} already exists", field="slug")
    club = Club.objects.create(name=name, slug=slug)
    if owner is not None:
        ClubDirector.objects.create(club=club, user=owner, role=ClubDirector.Role.OWNER)
    return club


@transaction.atomic
def add_director(*, club: Club, user, role: str = ClubDirector.Role.DIRECTOR) -> ClubDirector:
    """Give ``user`` a role in ``club`` (or change the role they have)."""
    if role not in ClubDirector.Role.values:
        raise ValidationError(f"unknown role {role!r} (use {', '.join(ClubDirector.Role.values)})", field="role")
    membership, _ = ClubDirector.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


@transaction.atomic
def remove_director(*, club: Club, user) -> None:
    ClubDirector.objects.filter(club=club, user=user).delete()


# What the Club settings page may change (each a yes/no), and nothing else.
CLUB_SETTINGS = ("send_results_on_release",)


@transaction.atomic
def update_club_settings(*, club: Club, by=None, **values) -> Club:
    """Change the club's settings (``CLUB_SETTINGS``); audited with what they were and became."""
    for key, value in values.items():
        if key not in CLUB_SETTINGS:
            raise ValidationError(f"unknown club setting {key!r}", field=key)
        if not isinstance(value, bool):
            raise ValidationError(f"{key} must be yes or no, not {value!r}", field=key)
    locked = Club.objects.select_for_update().get(pk=club.pk)
    before = {key: getattr(locked, key) for key in values}
    Club.objects.filter(pk=club.pk).update(**values)
    audit.record("clubs.settings", club=club, obj=club, user=by, before=before, after=values)
    club.refresh_from_db()
    return club


@transaction.atomic
def create_director_user(*, club: Club, username: str, password: str, role: str = ClubDirector.Role.DIRECTOR):
    """A new user account who directs ``club`` (used by the demo and by an owner adding a helper)."""
    username = _clean_name(username, "the username", field="username", max_length=150)
    User = get_user_model()
    if User.objects.filter(username=username).exists():
        raise ValidationError(f"the username {username!r} is taken", field="username")
    user = User.objects.create_user(username=username, password=password)
    add_director(club=club, user=user, role=role)
    return user


# What makes two player names the same person within a club (case and runs of spaces do not count):
# the stored key's own function, under the name the new-event quick-add and these services use.
player_name_key = name_key


def members_by_name(club: Club) -> dict[str, Player]:
    """The club's players, active or not, by ``player_name_key``: how a typed name finds its member
    (quick-add at set-up and for a latecomer, typed partnerships, the form's notices)."""
    return {player_name_key(p.name): p for p in Player.objects.filter(club=club)}


def clean_player_name(value) -> str:
    """A player's name as stored: spaces trimmed and collapsed; ``ValidationError`` if empty or too long."""
    return _clean_name(value, "the player's name")


def player_named(club: Club, name, *, exclude_pk: int | None = None) -> Player | None:
    """The club's player whose name is ``name`` up to case and spaces, if any (one indexed query:
    the stored ``name_key``, casefolded in Python, as the database's LOWER() is ASCII-only on SQLite)."""
    found = Player.objects.filter(club=club, name_key=player_name_key(name)).exclude(pk=exclude_pk)
    return found.only("pk", "name").first()


def name_taken_error(club: Club, typed: str, existing: Player) -> ValidationError:
    same = "" if existing.name == typed else f" ({typed!r} differs only in case or spaces)"
    return ValidationError(f"{club.name} already has a player called {existing.name!r}{same}", field="name")


def _check_player_unique(club: Club, name: str, external_id: str, exclude_pk: int | None = None) -> None:
    existing = player_named(club, name, exclude_pk=exclude_pk)
    if existing is not None:
        raise name_taken_error(club, name, existing)
    others = Player.objects.filter(club=club).exclude(pk=exclude_pk)
    if external_id and others.filter(external_id=external_id).exists():
        raise ValidationError(f"{club.name} already has a player with id {external_id!r}", field="external_id")


def _stripped_text(value, what: str, field: str) -> str:
    """``value`` trimmed ("" for none); ``ValidationError`` naming ``what`` if it is not text."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValidationError(f"{what} must be text, not {value!r}", field=field)
    return value.strip()


def _clean_external_id(value) -> str:
    value = _stripped_text(value, "the player's id", "external_id")
    if len(value) > 60:
        raise ValidationError("the player's id is longer than 60 characters", field="external_id")
    return value


def clean_email(value) -> str:
    """An e-mail address as stored (trimmed; "" for none); ``ValidationError`` naming a bad one."""
    value = _stripped_text(value, "the e-mail address", "email")
    if not value:
        return ""
    try:
        validate_email(value)
    except DjangoValidationError as error:
        raise ValidationError(f"{value!r} is not an e-mail address", field="email") from error
    return value


def _clean_how(value) -> str:
    value = re.sub(r"\s+", " ", str(value or "")).strip()
    if len(value) > 120:
        raise ValidationError("how the consent was given is longer than 120 characters", field="consent_how")
    return value


def _set_consent(player: Player, consent: bool | None, how: str | None, at: datetime | None = None) -> None:
    """Record an opt-in (when: ``at`` or now; how) or its withdrawal on ``player`` (not saved)."""
    if how is not None:
        how = _clean_how(how)
    if consent:
        if not player.email:
            raise ValidationError(
                f"{player.name} has no e-mail address: consent to results by e-mail needs one", field="email"
            )
        if player.email_consent_at is None:
            player.email_consent_at = at or timezone.now()
            player.email_withdrawn_at = None
        if how is not None:
            player.email_consent_how = how or player.email_consent_how or "recorded by the director"
    elif consent is False and player.email_consent_at is not None:
        player.email_consent_at = None
        player.email_consent_how = ""
        player.email_withdrawn_at = timezone.now()


@transaction.atomic
def add_player(
    *, club: Club, name: str, external_id: str = "", email: str = "", consent: bool = False, consent_how: str = ""
) -> Player:
    """A new member; with ``consent`` (and an address) their opt-in to results by e-mail is
    recorded now, ``consent_how`` saying how it was given."""
    name = _clean_name(name, "the player's name")
    external_id = _clean_external_id(external_id)
    _check_player_unique(club, name, external_id)
    player = Player(club=club, name=name, external_id=external_id, email=clean_email(email))
    _set_consent(player, consent, consent_how)
    try:
        with transaction.atomic():
            player.save()
            return player
    except IntegrityError as error:  # a concurrent add of the same name
        raise ValidationError(f"{club.name} already has a player called {name!r}", field="name") from error


def _player_summary(player: Player) -> dict:
    return {
        "name": player.name,
        "external_id": player.external_id,
        "active": player.active,
        "email": player.email,
        "email_consent": player.email_consent_at.isoformat() if player.email_consent_at else None,
        "email_consent_how": player.email_consent_how,
    }


@transaction.atomic
def update_player(
    *,
    player: Player,
    name: str | None = None,
    external_id: str | None = None,
    active=None,
    email: str | None = None,
    consent: bool | None = None,
    consent_how: str | None = None,
    consent_at: datetime | None = None,
) -> Player:
    """Rename a player, set their membership number, e-mail address and consent (``consent``
    False withdraws it), or (de)activate them; ``None`` leaves a field as it is. Audited."""
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    before = _player_summary(player)
    if name is not None:
        player.name = _clean_name(name, "the player's name")
    if external_id is not None:
        player.external_id = _clean_external_id(external_id)
    if active is not None:
        player.active = bool(active)
    if email is not None:
        player.email = clean_email(email)
        if not player.email and consent is None:
            consent = False  # no address, no consent to write to it
    _set_consent(player, consent, consent_how, consent_at)
    after = _player_summary(player)
    if after == before:
        return player
    _check_player_unique(player.club, player.name, player.external_id, exclude_pk=player.pk)
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError as error:  # a concurrent add or rename to the same name or id: say which
        _check_player_unique(player.club, player.name, player.external_id, exclude_pk=player.pk)
        taken = f"{player.club.name} already has a player called {player.name!r}"
        raise ValidationError(taken, field="name") from error
    changed = [key for key in before if before[key] != after[key]]
    audit.record(
        "clubs.update_player",
        club=player.club,
        obj=player,
        before={key: before[key] for key in changed},
        after={key: after[key] for key in changed},
    )
    return player


CSV_COLUMNS = ("name", "external_id", "email", "consent_at", "consent_how")


def _consent_date(value: str) -> datetime | None:
    """A CSV's ``consent_at``: a date (YYYY-MM-DD) or an ISO date and time; ``None`` when empty."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValidationError(f"consent_at {value!r} is not a date (YYYY-MM-DD)", field="consent_at") from None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


@transaction.atomic
def import_players_csv(*, club: Club, text: str) -> list[Player]:
    """Add the members listed in a CSV (columns ``name`` and optional ``external_id``, ``email``,
    ``consent_at`` (the date the member opted in to results by e-mail) and ``consent_how``; a header
    row is optional). A name already in the club is that member: an address or consent the row
    gives is recorded on them (audited). Any bad row refuses the whole file, naming its line."""
    rows = list(csv.reader(io.StringIO(text)))
    if rows and [cell.strip().lower() for cell in rows[0]][:1] == ["name"]:
        header = [cell.strip().lower() for cell in rows[0]]
        rows, first_line = rows[1:], 2
    else:
        header, first_line = list(CSV_COLUMNS), 1
    existing = members_by_name(club)
    created = []
    for line, row in enumerate(rows, start=first_line):
        if not any(cell.strip() for cell in row):
            continue
        record = dict(zip(header, row, strict=False))
        try:
            name = _clean_name(record.get("name", ""), "the player's name")
            email = clean_email(record.get("email", ""))
            consent_at = _consent_date(record.get("consent_at", ""))
            how = _clean_how(record.get("consent_how", "")) or ("member list" if consent_at else "")
            player = existing.get(player_name_key(name))
            if player is None:  # a new member
                player = add_player(club=club, name=name, external_id=record.get("external_id", ""), email=email)
                created.append(player)
                existing[player_name_key(name)] = player
            elif not email and not consent_at:
                continue  # the same person, whatever the case or spacing: nothing new to record
            update_player(
                player=player,
                email=email or None,
                consent=True if consent_at else None,
                consent_how=how if consent_at else None,
                consent_at=consent_at,
            )
        except ValidationError as error:
            raise ValidationError(f"line {line}: {error.message}", field="file") from error
    return created


def players_csv(club: Club) -> str:
    """The club's members as a CSV that ``import_players_csv`` reads back (one query)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for player in Player.objects.filter(club=club).order_by("name"):
        consent = player.email_consent_at.isoformat() if player.email_consent_at else ""
        writer.writerow([player.name, player.external_id, player.email, consent, player.email_consent_how])
    return out.getvalue()


def players_by_ids(club: Club, ids) -> list[Player]:
    """The club's players with these ids, in the order given; ``NotFound`` naming any unknown id."""
    wanted = []
    for value in ids:
        if isinstance(value, Player):
            if value.club_id != club.pk:
                raise NotFound(f"{value.name} is not a player of {club.name}", field="players")
            wanted.append(value.pk)
            continue
        try:
            wanted.append(int(value))
        except (TypeError, ValueError) as error:
            raise ValidationError(f"{value!r} is not a player id", field="players") from error
    found = Player.objects.in_bulk(wanted)
    missing = [pk for pk in wanted if pk not in found or found[pk].club_id != club.pk]
    if missing:
        raise NotFound(f"unknown player {missing[0]} in {club.name}", field="players")
    return [found[pk] for pk in wanted]


@transaction.atomic
def find_or_add_players(*, club: Club, names: Iterable[str], field: str = "new_players") -> list[Player]:
    """The players a director quick-adds by name, in the order typed, each once: a name the club
    already has (``player_name_key``: case and spaces do not count; active or not) is that player,
    any other becomes a new player. The night's set-up and a latecomer share this one rule."""
    known = members_by_name(club)
    found: list[Player] = []
    for typed in names:
        player = known.get(player_name_key(typed))
        if player is None:
            try:
                player = add_player(club=club, name=typed)
            except DomainError as error:
                raise ValidationError(error.message, field=field) from error
            known[player_name_key(player.name)] = player
        if player not in found:
            found.append(player)
    return found


@transaction.atomic
def create_season(*, club: Club, name: str, starts_on: date | None = None, ends_on: date | None = None) -> Season:
    name = _clean_name(name, "the season's name")
    if starts_on and ends_on and ends_on < starts_on:
        raise ValidationError(f"the season ends ({ends_on}) before it starts ({starts_on})", field="ends_on")
    if Season.objects.filter(club=club, name=name).exists():
        raise ValidationError(f"{club.name} already has a season called {name!r}", field="name")
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
