"""Events to print: a duplicate-pairs Mitchell with generated game sets and a progressive club
night (fixtures of tests/director/conftest.py: two clubs, their directors, players)."""

from __future__ import annotations

import datetime
import random

import pytest

from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.results import services as results
from director.results.simulate import plausible_sheet


def make_duplicate(club, players, *, tables: int = 4, games: int = 4, by=None, seed: int = 5):
    event = events.create_event(
        club=club,
        name="Duplicate pairs",
        date=datetime.date(2025, 3, 21),
        type="duplicate-pairs",
        games=games,
        matchpoint_scale="acbl",
        by=by,
    )
    lineup.draw_partnerships(event=event, players=players[: 4 * tables], seed=seed)
    deals.generate_game_sets(event=event, count=games, by=by, seed=f"{seed:064x}")
    movements.seat_event(event=event)
    return event


def enter_all(event, user, seed: int = 208, rounds=None) -> int:
    rng = random.Random(seed)
    count = 0
    for round_ in event.rounds.order_by("number"):
        if rounds is not None and round_.number not in rounds:
            continue
        tables = {s.table for s in round_.seatings.select_related("table")}
        for table in sorted(tables, key=lambda t: t.number):
            results.enter_sheet(table=table, round=round_, sheet=plausible_sheet(rng), by=user)
            count += 1
    return count


@pytest.fixture
def duplicate_a(club_a, players_a, director_a):
    return make_duplicate(club_a, players_a, by=director_a)


@pytest.fixture
def scored_duplicate_a(duplicate_a, director_a):
    enter_all(duplicate_a, director_a)
    return duplicate_a


@pytest.fixture
def scored_progressive_a(progressive_a, director_a):
    enter_all(progressive_a, director_a)
    return progressive_a
