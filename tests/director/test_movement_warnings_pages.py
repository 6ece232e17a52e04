"""Setting up a night warns when its movement is poor and says how to avoid it (#14.9)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.events.models import Event
from director.events.selectors import movement_warnings
from tests.director.web.test_forms import new_event

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def set_up(client, club, players, **data):
    return new_event(client, club, follow=True, players=[p.pk for p in players], **data)


def test_twelve_players_for_four_games_are_warned_of_repeated_opponents(client, director_a, club_a, players_a):
    client.force_login(director_a)
    html = set_up(client, club_a, players_a[:12]).content.decode()
    event = Event.objects.get()
    assert [w.code for w in movement_warnings(event)] == ["repeats"]
    assert 'id="movement-warnings"' in html
    assert "The same opponents meet again: 3 pairs of partnerships meet twice in 4 games" in html
    assert "Play 3 games instead of 4: nobody meets the same opponents twice." in html
    assert "Play a progressive individual instead" in html
    assert "Its movement could be better: see how below." in html
    # the set-up succeeded, the movement is a warning: it reads as one (yellow), not as a success
    assert '<li class="warning">Its movement could be better: see how below.</li>' in html
    assert f'<li class="success">{event.name} is set up: check the tables, then start it.</li>' in html

    set_up(client, club_a, players_a[:12], name="Three games", games="3")
    three = Event.objects.get(name="Three games")
    assert movement_warnings(three) == []
    assert 'id="movement-warnings"' not in client.get(reverse("events:detail", args=[three.pk])).content.decode()


def test_seven_players_are_warned_of_an_idle_table_and_offered_a_table_of_six(client, director_a, club_a, players_a):
    client.force_login(director_a)
    html = set_up(client, club_a, players_a[:7], games="2").content.decode()
    assert "Only 1 of the 2 tables plays each game: 1 table stands idle" in html
    assert "A table of five or six: pair the 7 players as 2 partnerships of three" in html


def test_a_four_table_mitchell_is_warned_that_pairs_meet_twice(client, director_a, club_a, players_a):
    client.force_login(director_a)
    html = set_up(client, club_a, players_a, type="duplicate-pairs").content.decode()
    assert "4 pairs of partnerships meet twice in 4 games" in html
    assert "Use a barometer movement" in html


def test_the_warnings_go_once_the_night_has_started(client, director_a, club_a, players_a):
    from director.events import services as events

    client.force_login(director_a)
    set_up(client, club_a, players_a[:12])
    event = events.start_event(event=Event.objects.get())
    assert 'id="movement-warnings"' not in client.get(reverse("events:detail", args=[event.pk])).content.decode()


def test_the_api_seating_response_carries_the_warnings(director_a, club_a, players_a):
    import datetime

    from director.events import lineup
    from director.events import services as events
    from tests.director.api.helpers import client_for

    event = events.create_event(club=club_a, name="API night", date=datetime.date(2025, 5, 2), games=4)
    lineup.draw_partnerships(event=event, players=players_a[:12], seed=3)
    response = client_for(director_a).post(f"/api/events/{event.pk}/seat-progressive/")
    assert response.status_code == 200
    body = response.json()
    assert body["seatings"] == 24
    (warning,) = body["warnings"]
    assert warning["code"] == "repeats" and "meet twice in 4 games" in warning["message"]
    assert "Play 3 games instead of 4: nobody meets the same opponents twice." in warning["fixes"]
