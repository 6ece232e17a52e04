"""List endpoints run a fixed number of queries whatever the amount of data."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from director.clubs import services as clubs
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.events.models import Event, Round
from director.movements import services as movements
from director.results import services as results

LISTS = [
    "/api/clubs/",
    "/api/players/",
    "/api/seasons/",
    "/api/events/",
    "/api/tables/",
    "/api/rounds/",
    "/api/partnerships/",
    "/api/teams/",
    "/api/game-sets/",
    "/api/results/",
]


def _grow(club, user, random_sheet, *, n: int) -> None:
    """Another club night of ``n`` tables with every sheet entered, game sets and a season."""
    players = [clubs.add_player(club=club, name=f"Grow {n} {i:03d}") for i in range(4 * n)]
    clubs.create_season(club=club, name=f"Season {n}")
    event = events.create_event(club=club, name=f"Night {n}", date=datetime.date(2025, 5, n), games=3, by=user)
    lineup.draw_partnerships(event=event, players=players, seed=n)
    movements.seat_event(event=event)
    lineup.create_team(event=event, name=f"Team {n}", partnerships=list(event.partnerships.filter(number__lte=2)))
    deals.generate_game_sets(event=event, seed=f"{n:02d}" * 16)
    for round_ in event.rounds.all():
        for table in event.tables.all():
            results.enter_sheet(table=table, round=round_, sheet=random_sheet(), by=user)
            results.enter_sheet(table=table, round=round_, sheet=random_sheet(), by=user)  # a correction


def _queries(client, url: str) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, {"page_size": 200})
    assert response.status_code == 200, response.content
    return len(captured), response.json()["count"]


@pytest.mark.parametrize("url", LISTS)
def test_list_queries_do_not_grow_with_the_data(api_a, world_a, director_a, random_sheet, url):
    small, small_count = _queries(api_a, url)
    _grow(world_a.club, director_a, random_sheet, n=3)
    _grow(world_a.club, director_a, random_sheet, n=6)
    if url == "/api/clubs/":
        clubs.create_club(name="Second club", slug="second", owner=director_a)
    large, large_count = _queries(api_a, url)
    assert large_count > small_count
    assert large == small, f"{url}: {small} queries for {small_count} rows, {large} for {large_count}"
    assert large <= 4


@pytest.mark.parametrize(
    "url",
    [
        "/api/results/{w.submission.pk}/history/",
        "/api/clubs/{w.club.pk}/directors/",
        "/api/game-sets/{w.game_set.pk}/recording/",
        "/api/events/{w.event.pk}/grid/",
    ],
)
def test_detail_lists_are_constant_too(api_a, world_a, director_a, sheet, random_sheet, url):
    def measure():
        with CaptureQueriesContext(connection) as captured:
            assert api_a.get(url.format(w=world_a)).status_code == 200
        return len(captured)

    small = measure()
    for _ in range(5):
        results.enter_sheet(table=world_a.table, round=world_a.round, sheet=random_sheet(), by=director_a)
    for i in range(4):
        clubs.create_director_user(club=world_a.club, username=f"helper{i}", password="calypso-test-1")
    deals.record_hand(event=world_a.dup, number=1, deal=2, seat="S", text="S 2 3 4", by=director_a)
    # More rounds (written directly: a running event's number of games is fixed by the services)...
    Event.objects.filter(pk=world_a.event.pk).update(games=8)
    Round.objects.bulk_create([Round(event=world_a.event, number=n) for n in range(4, 9)])
    lineup.set_table_count(event=world_a.event, count=6)  # ...and tables in the grid
    for round_ in world_a.event.rounds.filter(number__gt=1):
        results.enter_sheet(table=world_a.event.tables.get(number=2), round=round_, sheet=random_sheet(), by=director_a)
    assert measure() == small
