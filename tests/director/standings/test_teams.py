"""A Konstam team match: team standings from the partnerships' nets."""

import datetime

import pytest

from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import services as movements
from director.standings import services
from director.standings.selectors import event_results
from tests.director.factories import enter

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_team_match(club_a, players_a, director_a):
    event = events.create_event(
        club=club_a, name="Match", date=datetime.date(2025, 4, 1), type=Event.Type.DUPLICATE_TEAMS, games=2
    )
    # Team k is partnerships 2k+1 (majors) and 2k+2 (minors).
    partnerships = [
        lineup.add_partnership(
            event=event,
            players=players_a[2 * i : 2 * i + 2],
            number=i + 1,
            direction="majors" if i % 2 == 0 else "minors",
        )
        for i in range(4)
    ]
    lineup.create_team(event=event, name="Aces", partnerships=partnerships[:2])
    lineup.create_team(event=event, name="Kings", partnerships=partnerships[2:])
    movements.seat_event(event=event)
    # Game 1: table 1 Aces-majors v Kings-minors (set 1), table 2 Kings-majors v Aces-minors (set 2).
    enter(event, 1, 1, 200, director_a)  # Aces +200 on set 1
    enter(event, 1, 2, 60, director_a)  # Kings +60 on set 2
    enter(event, 2, 1, -100, director_a)  # set 2 swapped: Aces-majors −100
    enter(event, 2, 2, 120, director_a)  # set 1 swapped: Kings-majors +120
    teams = {t.team: t for t in event_results(event).team_standings()}
    # Aces: set 1 +200 −120 = +80, set 2 −100 −60 = −160 → aggregate −80; Kings +80.
    assert (teams["Kings"].aggregate, teams["Aces"].aggregate) == (80, -80)
    assert (teams["Kings"].rank, teams["Kings"].points, teams["Aces"].points) == ("1", 2, 0)
    services.set_options(event=event, team_method="board-a-match")
    teams = {t.team: t for t in event_results(event).team_standings()}
    assert (teams["Aces"].points, teams["Kings"].points) == (1, 1)  # each won one set
    # Equal on board-a-match: the aggregate (the default tie-break) puts Kings first.
    assert (teams["Kings"].rank, teams["Aces"].rank, teams["Kings"].decided_by) == ("1", "2", "aggregate")


def test_team_page_renders(client, club_a, players_a, director_a):
    from django.urls import reverse

    from tests.director.conftest import PASSWORD

    event = events.create_event(
        club=club_a, name="Match", date=datetime.date(2025, 4, 1), type=Event.Type.DUPLICATE_TEAMS, games=2
    )
    for i in range(4):
        lineup.add_partnership(
            event=event,
            players=players_a[2 * i : 2 * i + 2],
            number=i + 1,
            direction="majors" if i % 2 == 0 else "minors",
        )
    lineup.create_team(event=event, name="Aces", partnerships=list(event.partnerships.filter(number__in=[1, 2])))
    lineup.create_team(event=event, name="Kings", partnerships=list(event.partnerships.filter(number__in=[3, 4])))
    movements.seat_event(event=event)
    enter(event, 1, 1, 200, director_a)
    client.login(username="dora", password=PASSWORD)
    html = client.get(reverse("standings:standings", args=[event.pk])).content.decode()
    assert "Aces" in html and "Kings" in html and "Team method" in html
    data = client.get(reverse("standings:export", args=[event.pk, "teams", "json"])).json()
    assert {t["team"]: t["aggregate"] for t in data["teams"]} == {"Aces": 200, "Kings": -200}
