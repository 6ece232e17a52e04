"""Writes for an event's line-up: its tables (and their secret links), partnerships and teams.

Each function runs in one transaction under the event's row lock (``locks.locked_event``) and
raises a ``DomainError`` naming what and where; nothing is written then.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from director.audit.services import record
from director.clubs.models import Player
from director.clubs.services import players_by_ids
from director.core.errors import Conflict, NotFound, ValidationError
from director.core.parsing import parse_choice, parse_int

from .changes import results_changed
from .locks import locked_event
from .models import MAJORS, MINORS, Event, Partnership, PartnershipMember, Seat, Table, Team

MAX_TABLES = 500


def pairs_drawn(players: list, seed) -> list[list]:
    """A seeded random draw of ``players`` into pairs (a side of three when the number is odd)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    groups = [order[i : i + 2] for i in range(0, len(order) - len(order) % 2, 2)]
    if len(order) % 2 and groups:
        groups[-1].append(order[-1])
    return groups


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
    results_changed(partnership.event_id)
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
    groups = pairs_drawn(players, seed)
    if fix_directions is None:
        fix_directions = event.event_type.fixed_directions  # the kinds say which types keep them
    half = math.ceil(len(groups) / 2)
    # What add_partnership checks one by one is checked above for the whole draw (players the
    # club's and free, none twice, no partnership yet); only the highest number is left. Written in
    # two inserts rather than seven queries a partnership (a 20-table night's draw was 280).
    parse_int(
        min(len(groups), 2 * MAX_TABLES + 11), "the partnership number", field="number", maximum=2 * MAX_TABLES + 10
    )
    partnerships = Partnership.objects.bulk_create(
        [
            Partnership(
                event=event, number=number, direction=(MAJORS if number <= half else MINORS) if fix_directions else ""
            )
            for number in range(1, len(groups) + 1)
        ]
    )
    if any(p.pk is None for p in partnerships):  # a database that does not return the new ids
        partnerships = list(event.partnerships.order_by("number"))
    PartnershipMember.objects.bulk_create(
        [
            PartnershipMember(partnership=partnership, player=player, position=position)
            for partnership, group in zip(partnerships, groups, strict=True)
            for position, player in enumerate(group, start=1)
        ]
    )
    return partnerships


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
