"""Writes for clubs, directors, players and seasons. Each function is one transaction; bad input
raises a ``DomainError`` naming the problem and writes nothing."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from datetime import date

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from director.audit import services as audit
from director.core.errors import DomainError, NotFound, ValidationError

from .models import Club, ClubDirector, Player, Season

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


def player_name_key(name) -> str:
    """What makes two player names the same person within a club: case and runs of spaces do not
    count ("  al   CHARLES " is "Al Charles"). The new-event quick-add and these services share it."""
    return re.sub(r"\s+", " ", str(name)).strip().casefold()


def members_by_name(club: Club) -> dict[str, Player]:
    """The club's players, active or not, by ``player_name_key``: how a typed name finds its member
    (quick-add at set-up and for a latecomer, typed partnerships, the form's notices)."""
    return {player_name_key(p.name): p for p in Player.objects.filter(club=club)}


def clean_player_name(value) -> str:
    """A player's name as stored: spaces trimmed and collapsed; ``ValidationError`` if empty or too long."""
    return _clean_name(value, "the player's name")


def player_named(club: Club, name, *, exclude_pk: int | None = None) -> Player | None:
    """The club's player whose name is ``name`` up to case and spaces, if any."""
    key = player_name_key(name)
    # Compared in Python: the database's LOWER() folds ASCII only (SQLite), casefold() every script.
    for player in Player.objects.filter(club=club).exclude(pk=exclude_pk).only("pk", "name"):
        if player_name_key(player.name) == key:
            return player
    return None


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


def _clean_external_id(value) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ValidationError(f"the player's id must be text, not {value!r}", field="external_id")
    value = value.strip()
    if len(value) > 60:
        raise ValidationError("the player's id is longer than 60 characters", field="external_id")
    return value


@transaction.atomic
def add_player(*, club: Club, name: str, external_id: str = "") -> Player:
    name = _clean_name(name, "the player's name")
    external_id = _clean_external_id(external_id)
    _check_player_unique(club, name, external_id)
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, external_id=external_id)
    except IntegrityError as error:  # a concurrent add of the same name
        raise ValidationError(f"{club.name} already has a player called {name!r}", field="name") from error


def _player_summary(player: Player) -> dict:
    return {"name": player.name, "external_id": player.external_id, "active": player.active}


@transaction.atomic
def update_player(*, player: Player, name: str | None = None, external_id: str | None = None, active=None) -> Player:
    """Rename a player, set their membership number or (de)activate them; the change is audited."""
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    before = _player_summary(player)
    if name is not None:
        player.name = _clean_name(name, "the player's name")
    if external_id is not None:
        player.external_id = _clean_external_id(external_id)
    if active is not None:
        player.active = bool(active)
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


@transaction.atomic
def import_players_csv(*, club: Club, text: str) -> list[Player]:
    """Add the members listed in a CSV (columns ``name`` and optional ``external_id``; a header row
    is optional). Names already in the club are skipped; any bad row refuses the whole file."""
    rows = list(csv.reader(io.StringIO(text)))
    if rows and [cell.strip().lower() for cell in rows[0]][:1] == ["name"]:
        header = [cell.strip().lower() for cell in rows[0]]
        rows, first_line = rows[1:], 2
    else:
        header, first_line = ["name", "external_id"], 1
    existing = set(members_by_name(club))
    created = []
    for line, row in enumerate(rows, start=first_line):
        if not any(cell.strip() for cell in row):
            continue
        record = dict(zip(header, row, strict=False))
        try:
            name = _clean_name(record.get("name", ""), "the player's name")
        except ValidationError as error:
            raise ValidationError(f"line {line}: {error.message}", field="file") from error
        if player_name_key(name) in existing:  # the same person, whatever the case or spacing
            continue
        try:
            created.append(add_player(club=club, name=name, external_id=record.get("external_id", "")))
        except ValidationError as error:
            raise ValidationError(f"line {line}: {error.message}", field="file") from error
        existing.add(player_name_key(name))
    return created


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
