"""Pages run the same number of queries whatever the event's size (2 tables against 8)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.results import services as results

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


def running_event(club, players, director, tables, random_sheet, new_progressive):
    event = new_progressive(club, players, tables=tables, games=4, by=director)
    events.start_event(event=event)
    game = event.rounds.get(number=1)
    for table in event.tables.order_by("number")[: tables - 1]:  # one table still missing
        results.enter_sheet(table=table, round=game, sheet=random_sheet(), by=director)
    return event


@pytest.fixture
def small_and_large(client, director_a, club_a, new_players, new_progressive, random_sheet):
    players = new_players(club_a, 40)
    small = running_event(club_a, players[:8], director_a, 2, random_sheet, new_progressive)
    large = running_event(club_a, players[8:40], director_a, 8, random_sheet, new_progressive)
    client.force_login(director_a)
    return small, large


@pytest.mark.parametrize("name", ["events:detail", "results:entry"])
def test_event_pages_run_a_constant_number_of_queries(client, small_and_large, name):
    small, large = small_and_large
    args = (lambda e: [e.pk]) if name == "events:detail" else (lambda e: [e.pk, 1])
    counts = [queries(client, reverse(name, args=args(e))) for e in (small, large)]
    assert counts[0] == counts[1], counts
    assert counts[0] <= 20, counts


def test_game_set_pages_run_a_constant_number_of_queries(client, director_a, club_a, new_players):
    players = new_players(club_a, 32)
    counts = {"sets": [], "record": []}
    for tables, group in ((2, players[:8]), (8, players[8:])):
        event = events.create_event(
            club=club_a, name=f"Mitchell {tables}", date="2025-04-01", type="duplicate-pairs", games=2
        )
        lineup.draw_partnerships(event=event, players=group, seed=1)
        movements.seat_event(event=event)
        deals.generate_game_sets(event=event, count=tables, seed="cd" * 16)
        client.force_login(director_a)
        counts["sets"].append(queries(client, reverse("deals:sets", args=[event.pk])))
        counts["record"].append(queries(client, reverse("deals:record", args=[event.pk, 1])))
    assert counts["sets"][0] == counts["sets"][1], counts
    assert counts["record"][0] == counts["record"][1], counts


def test_club_pages_run_a_constant_number_of_queries(client, director_a, club_a, club_b, new_players, players_b):
    from director.clubs import services as clubs

    clubs.add_director(club=club_b, user=director_a)
    new_players(club_b, 40, prefix="Member")
    for n in range(8):
        events.create_event(club=club_b, name=f"Night {n}", date="2025-01-01", tables=n + 1)
    events.create_event(club=club_a, name="Only night", date="2025-01-01", tables=2)
    new_players(club_a, 3)
    client.force_login(director_a)
    for name in ("clubs:dashboard", "clubs:players", "clubs:new_event"):
        counts = [queries(client, reverse(name, args=[club.slug])) for club in (club_a, club_b)]
        assert counts[0] == counts[1], (name, counts)
