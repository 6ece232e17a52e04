"""Director pages: the right director sees them, another club's director gets a 404, anonymous
visitors are sent to sign in; a constant number of queries whatever the event's size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from director.events.models import Event
from tests.director.conftest import PASSWORD
from tests.director.factories import enter, make_duplicate

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def pages(event):
    e = event.pk
    return [
        reverse("standings:standings", args=[e]),
        reverse("standings:round", args=[e, 1]),
        reverse("standings:scorecards", args=[e]),
        reverse("standings:scorecard", args=[e, 1]),
        reverse("standings:tallies", args=[e]),
        reverse("standings:adjustments", args=[e]),
        reverse("standings:exports", args=[e]),
        reverse("standings:export", args=[e, "standings", "csv"]),
        reverse("standings:chart_running", args=[e, "png"]),
        reverse("standings:projector", args=[e]),
        reverse("standings:projector_json", args=[e]),
    ]


@pytest.fixture
def bert(client, director_b):
    client.login(username="bert", password=PASSWORD)
    return client


def test_director_sees_every_page(dora, progressive, duplicate):
    for url in [*pages(progressive), *pages(duplicate)]:
        assert dora.get(url).status_code == 200, url
    for url in (
        reverse("standings:travellers", args=[duplicate.pk]),
        reverse("standings:traveller", args=[duplicate.pk, 1]),
        reverse("standings:chart_set", args=[duplicate.pk, 1, "svg"]),
        reverse("standings:ladder", args=["pos"]),
    ):
        assert dora.get(url).status_code == 200, url


def test_other_club_gets_404(bert, progressive, club_b):
    for url in pages(progressive):
        assert bert.get(url).status_code == 404, url
    assert bert.get(reverse("standings:ladder", args=["pos"])).status_code == 404
    assert bert.post(reverse("standings:clock", args=[progressive.pk]), {"round": 1}).status_code == 404


def test_anonymous_is_sent_to_sign_in(client, progressive):
    for url in pages(progressive):
        response = client.get(url)
        assert response.status_code == 302 and "/login/" in response["Location"], url


def test_standings_page_shows_ranks_and_totals(dora, progressive):
    html = dora.get(reverse("standings:standings", args=[progressive.pk])).content.decode()
    assert "=2" in html and "+260" in html and "add up to 0" in html


def test_round_page_flags_missing_results(dora, club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=3, games=2)
    enter(event, 1, 2, 40, director_a)
    html = dora.get(reverse("standings:round", args=[event.pk, 1])).content.decode()
    assert "2 results awaited" in html and html.count(">missing<") == 2


def test_traveller_page_shows_matchpoints(dora, duplicate):
    html = dora.get(reverse("standings:traveller", args=[duplicate.pk, 2])).content.decode()
    assert "1.75" in html and "0.25" in html and "not played" in html and "Neuberg" in html


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("name", ["standings:standings", "standings:scorecards", "standings:projector_json"])
def test_constant_queries_progressive(dora, club_a, players_a, new_progressive, director_a, random_sheet, name):
    counts = []
    for tables in (2, 8):
        event = new_progressive(club_a, players_a, tables=tables, games=3) if tables == 2 else None
        if event is None:
            from tests.director.conftest import add_players

            more = add_players(club_a, 32, prefix="Big")
            event = new_progressive(club_a, more, tables=8, games=3)
        for game in (1, 2):
            for table in range(1, tables + 1):
                enter(event, game, table, 20 * ((game * table) % 7 - 3), director_a)
        counts.append(_count(dora, reverse(name, args=[event.pk])))
    assert counts[0] == counts[1]


def test_constant_queries_traveller(dora, club_a, director_a):
    from tests.director.conftest import add_players

    counts = []
    for tables in (2, 8):
        event = make_duplicate(
            club_a,
            add_players(club_a, 4 * tables, prefix=f"T{tables}"),
            tables=tables,
            games=2,
            name=f"P{tables}",
            movement=Event.MovementKind.BAROMETER,
            seed=1,
            game_sets=False,
        )
        for table in range(1, tables + 1):
            enter(event, 1, table, 20 * (table % 5 - 2), director_a)
        counts.append(
            (
                _count(dora, reverse("standings:traveller", args=[event.pk, 1])),
                _count(dora, reverse("standings:standings", args=[event.pk])),
            )
        )
    assert counts[0] == counts[1]
