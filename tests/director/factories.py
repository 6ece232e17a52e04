"""Plain helpers the director tests share (fixtures live in conftest.py): a duplicate-pairs event,
and sheets entered at its tables."""

from __future__ import annotations

import datetime
import random

from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.events.models import Event, Round, Table
from director.movements import services as movements
from director.results import services as results
from director.results.simulate import plausible_sheet


def make_duplicate(
    club,
    players,
    *,
    tables: int = 4,
    games: int = 4,
    by=None,
    seed: int = 5,
    name: str = "Duplicate pairs",
    scale: str = "acbl",
    movement: str = Event.MovementKind.MITCHELL,
    game_sets: bool = True,
    phones: str | None = None,
):
    """A duplicate-pairs event with ``tables`` tables, partnerships drawn (``seed``) and seated;
    with ``game_sets``, one generated game set a game (seeded from ``seed``)."""
    event = events.create_event(
        club=club,
        name=name,
        date=datetime.date(2025, 3, 21),
        type=Event.Type.DUPLICATE_PAIRS,
        games=games,
        movement_kind=movement,
        matchpoint_scale=scale,
        by=by,
        **({"phones": phones} if phones else {}),
    )
    lineup.draw_partnerships(event=event, players=players[: 4 * tables], seed=seed)
    if game_sets:
        deals.generate_game_sets(event=event, count=games, by=by, seed=f"{seed:064x}")
    movements.seat_event(event=event)
    return event


def net_sheet(net: int) -> dict:
    """A sheet giving the majors exactly ``net``: no calypsoes and no unfinished cards, all 208
    cards in the two trick piles, a majors pile of ``104 + net/20`` (10 points a card)."""
    assert net % 20 == 0
    majors = 104 + net // 20
    return {
        "calypsos": {"S": 0, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 0, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": majors, "minors": 208 - majors},
        "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
    }


def enter(event: Event, game: int, table: int, net: int, by=None):
    """The director enters ``net_sheet(net)`` for ``table`` in ``game``."""
    return results.enter_sheet(
        table=Table.objects.get(event=event, number=table),
        round=Round.objects.get(event=event, number=game),
        sheet=net_sheet(net),
        by=by,
    )


def enter_all(event: Event, by=None, *, nets: dict | None = None, seed: int = 208, rounds=None) -> int:
    """Enters sheets as ``by`` and returns how many. With ``nets`` ({(game, table): majors' net}):
    those tables' net sheets, in that order. Without: a plausible sheet (seeded) at every seated
    table of every game, or of the games numbered in ``rounds``."""
    if nets is not None:
        for (game, table), net in nets.items():
            enter(event, game, table, net, by)
        return len(nets)
    rng = random.Random(seed)
    count = 0
    for round_ in event.rounds.order_by("number"):
        if rounds is not None and round_.number not in rounds:
            continue
        tables = {s.table for s in round_.seatings.select_related("table")}
        for table in sorted(tables, key=lambda t: t.number):
            results.enter_sheet(table=table, round=round_, sheet=plausible_sheet(rng), by=by)
            count += 1
    return count


def small_night(club, players, *, start: bool = False, games: int = 3, seed: int = 4, **extra) -> Event:
    """A progressive individual of ``players`` (two, three or seven seat a Duet or a table of three:
    issue #17.7), set up as the club night page does; ``extra``: three_table, removed_suit, ..."""
    from director.movements import night

    event = night.set_up_night(
        club=club,
        name="Small night",
        date=datetime.date(2025, 5, 2),
        type=Event.Type.PROGRESSIVE_INDIVIDUAL,
        players=[p.pk for p in players],
        seed=seed,
        games=games,
        **extra,
    )
    event.refresh_from_db()  # the seating stores the movement on the event after it was made
    return events.start_event(event=event) if start else event


def seat_players(event, table: int, game: int = 1) -> dict[str, int]:
    """Suit → player id of ``table`` in ``game``, from the seat rows."""
    from director.events.models import Seat

    rows = Seat.objects.filter(seating__round__event=event, seating__round__number=game, seating__table__number=table)
    return {seat.suit: seat.player_id for seat in rows if seat.suit}
