"""Setting up a club night in one go: the event, its players, partnerships, teams and the first
seating (the club night page's "set up and seat the tables").

It stands above ``events`` (the event, partnerships and teams are its services) and seats through
``movements.services.seat_event``, the one builder.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from director.clubs.models import Club
from director.clubs.services import find_or_add_players, members_by_name, player_name_key, players_by_ids
from director.core.errors import Conflict, DomainError, ValidationError
from director.core.parsing import parse_int
from director.events import lineup
from director.events import services as events
from director.events.models import MAJORS, MINORS, Event

from .services import seat_event


def _night_direction(event: Event, number: int, count: int) -> str:
    """The night's fixed directions: in a team event each team is partnerships 2k+1 (majors) and
    2k+2 (minors); otherwise the first half majors, the rest minors."""
    if event.is_team_event:
        return MAJORS if number % 2 else MINORS
    return MAJORS if number <= (count + 1) // 2 else MINORS


def set_up_night_once(*, club: Club, setup_token: str | None = None, **fields) -> tuple[Event, bool]:
    """``set_up_night`` for a form that may be sent twice (browser Back, a double click): the same
    one-time ``setup_token`` gives the night the first sending set up (``events.services.once``).
    Returns ``(event, created)``."""
    token = (setup_token or "").strip() or None
    return events.once(club, token, lambda: set_up_night(club=club, setup_token=token, **fields))


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
    event = events.create_event(club=club, name=name, date=date, type=type, by=by, setup_token=setup_token, **settings)
    twin = None if allow_twin else events.same_night(club, event.name, event.date, exclude=event)
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

    if event.is_individual:  # its kind's type seats players, not partnerships
        seat_event(event=event, players=chosen, seed=seed or 0)
        return event

    entered = partnerships is not None
    groups: list[list[int]] = []
    if entered:
        known = members_by_name(club)
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
    elif event.is_team_event:
        groups = lineup.pairs_drawn(chosen, seed)
    else:
        lineup.draw_partnerships(event=event, players=chosen, seed=seed, fix_directions=True)

    made = []
    for number, ids in enumerate(groups, start=1):
        try:
            made.append(
                lineup.add_partnership(
                    event=event, players=ids, number=number, direction=_night_direction(event, number, len(groups))
                )
            )
        except DomainError as error:
            where = f"line {number}: " if entered else ""
            raise ValidationError(where + error.message, field="partnerships" if entered else "players") from error
    if event.is_team_event:
        if len(made) % 2 or len(made) < 4:
            raise ValidationError(
                f"teams of four need an even number of partnerships, at least four (not {len(made)})",
                field="partnerships" if entered else "players",
            )
        for index in range(len(made) // 2):
            lineup.create_team(
                event=event,
                name=f"Team {chr(ord('A') + index)}" if index < 26 else f"Team {index + 1}",
                number=index + 1,
                partnerships=made[2 * index : 2 * index + 2],
            )
    seat_event(event=event, seed=seed)
    return event
