"""The one builder of seatings: an event's movement from its kind, partnerships, teams or players.

``BUILDERS`` is the dispatch table — one entry per movement kind (``Event.movement_kind``; the
event's type picks the default, the kinds' ``EventType.movement``) to the ``scoring.movements``
generator and what it needs from the event, as a draw manager maps a tournament's rows to its
generator. The club night set-up, the API's ``seat``, the demo and the movement page's "build"
all come through ``build`` (by way of ``services.seat_event`` / ``services.build_movement``).

Partnerships keep their own numbers: the engine numbers them 1..n and ``edit.relabel`` gives them the
event's (so a Mitchell need not have majors 1..T and minors T+1..2T); teams are read from the
rows (each team one majors and one minors partnership), never assumed from the numbering.
"""

from __future__ import annotations

from collections.abc import Callable

from director.clubs.services import players_by_ids
from director.core.errors import ValidationError
from director.events.models import MAJORS, MINORS
from scoring import movements as mv
from scoring.movements import edit

from .selectors import EventMovement, teams_from_rows

# Movements that keep every partnership on one direction all session.
FIXED_DIRECTION_KINDS = {mv.PROGRESSIVE, mv.MITCHELL, mv.BAROMETER}


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers[:-1]) + (" and " if len(numbers) > 1 else "") + str(numbers[-1])


def directions(state: EventMovement, kind: str) -> tuple[list[int], list[int]]:
    """The majors and minors partnerships. A partnership without a direction is named (the engine
    would only say its players belong to no partnership of the movement)."""
    majors = [n for n, p in sorted(state.partnerships.items()) if p.direction == MAJORS]
    minors = [n for n, p in sorted(state.partnerships.items()) if p.direction == MINORS]
    loose = [n for n, p in sorted(state.partnerships.items()) if not p.direction]
    if loose:
        one = len(loose) == 1
        which = f"partnership {_numbers(loose)} has" if one else f"partnerships {_numbers(loose)} have"
        raise ValidationError(
            f"{which} no direction: a {kind} movement keeps every partnership on majors (♠♥) or minors (♦♣) "
            f"all session — give {'it' if one else 'them'} a direction or remove {'it' if one else 'them'}",
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
    return {n: tuple(m.player_id for m in p.members.all()) for n, p in state.partnerships.items()}


def _individual(state: EventMovement, kind: str, players, seed) -> mv.Movement:
    """Game 1 of a progressive individual from ``players`` (default: those seated in game 1)."""
    event = state.event
    if not event.is_individual:
        raise ValidationError(
            f"the progressive individual movement is for events that seat players, not {event.get_type_display()}",
            field="movement_kind",
        )
    if players is None:
        if state.movement is None or not state.movement.rounds:
            raise ValidationError("a progressive individual needs the players to seat", field="players")
        first = state.movement.rounds[0]
        players = [p for e in first.values() for _, s in e.sides() for p in state.movement.players_of(s)]
    ids = [p.pk for p in players_by_ids(event.club, list(players))]
    if seed is None and state.movement is not None:
        seed = state.movement.seed
    # the type's own table size, if it has one (the kinds' ``EventType.table_sizes``: an Auction of
    # three players); else the movement's four to six
    sizes = event.event_type.table_sizes
    size = sizes[0] if len(sizes) == 1 else None
    try:
        return mv.progressive_individual_start(ids, seed=seed, odd=event.odd_tables, size=size)
    except mv.MovementError as error:
        if size is None:
            raise
        raise ValidationError(f"{event.event_type.label} seats {size} a table: {error}", field="players") from error


def _manual(state: EventMovement, kind: str, players, seed) -> mv.Movement:
    raise ValidationError("a movement entered by the director is seated table by table", field="movement_kind")


def _progressive(state: EventMovement, kind: str, players, seed) -> mv.Movement:
    """A table per majors partnership; the minors move up one table a game."""
    majors, minors = directions(state, kind)
    return mv.progressive_pairs(majors, minors, len(majors), state.event.games, members=_members(state))


def _stationary_majors(generator: Callable[[int, int], mv.Movement]):
    """Mitchell or barometer: the majors stay at their tables, in number order."""

    def build(state: EventMovement, kind: str, players, seed) -> mv.Movement:
        majors, minors = directions(state, kind)
        if len(majors) != len(minors):
            raise ValidationError(
                f"a {kind} needs as many majors as minors partnerships, not {len(majors)} and {len(minors)} "
                "(bring in a latecomer or change a partnership's direction)",
                field="partnerships",
            )
        tables = len(majors)
        ids = {t + 1: majors[t] for t in range(tables)} | {tables + t + 1: minors[t] for t in range(tables)}
        return edit.relabel(generator(tables, state.event.games), ids, _members(state))

    return build


def _teams(generator: Callable[[list[str], int], mv.Movement]):
    """Team match or round robin: each team one majors and one minors partnership (from the rows)."""

    def build(state: EventMovement, kind: str, players, seed) -> mv.Movement:
        event = state.event
        teams = teams_from_rows(state.partnerships)
        names = list(teams)
        if len(names) < 2:
            raise ValidationError(f"a team event needs at least two teams, not {len(names)}", field="teams")
        if kind in (mv.TEAM_MATCH, mv.AUCTION_TEAM_MATCH) and len(names) != 2:
            raise ValidationError(
                f"a team match is two teams; {event.name} has {len(names)} (choose a round robin)",
                field="movement_kind",
            )
        for name, (a, b) in teams.items():
            if state.partnerships[a].direction == state.partnerships[b].direction:
                raise ValidationError(f"team {name} needs a majors and a minors partnership", field="teams")
        ids = {}
        for k, name in enumerate(names):
            ids[2 * k + 1], ids[2 * k + 2] = teams[name]
        movement = edit.relabel(generator(names, event.games), ids, _members(state))
        if len(movement.rounds) > event.games:
            raise ValidationError(
                f"the {kind} of {len(names)} teams has {len(movement.rounds)} games but {event.name} has "
                f"{event.games}; set the number of games to {len(movement.rounds)}",
                field="games",
            )
        return movement

    return build


# The dispatch table: movement kind -> builder (state, kind, players, seed) -> Movement.
BUILDERS: dict[str, Callable[..., mv.Movement]] = {
    mv.PROGRESSIVE: _progressive,
    mv.PROGRESSIVE_INDIVIDUAL: _individual,
    mv.MITCHELL: _stationary_majors(mv.mitchell),
    mv.BAROMETER: _stationary_majors(mv.barometer),
    mv.TEAM_MATCH: _teams(lambda names, games: mv.team_match(names)),
    mv.ROUND_ROBIN: _teams(lambda names, games: mv.round_robin(names)),
    mv.AUCTION_TEAM_MATCH: _teams(lambda names, games: mv.auction_team_match(games, names)),
    mv.MANUAL: _manual,
}


def build(state: EventMovement, *, players=None, seed=None) -> mv.Movement:
    """The event's movement, by ``BUILDERS`` (an individual event always by the progressive
    individual's). Errors a person can fix are ``ValidationError``s naming the input; the
    engine's own refusals are ``scoring.movements.MovementError``."""
    kind = mv.PROGRESSIVE_INDIVIDUAL if state.event.is_individual else state.event.movement_kind
    builder = BUILDERS.get(kind)
    if builder is None:
        raise ValidationError(f"there is no builder for the {kind} movement", field="movement_kind")
    return builder(state, kind, players, seed)
