"""Games in the order they are played (issue #14.8): no game reads "Open" before the event starts
and only the first open game is in play; a later game's sheets are not saved before an earlier
game's without a warning and a "save anyway"; "Enter scores" names the game whose sheets come next."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from director.events import services as events
from director.results import services as results
from director.results.models import Submission

from .test_scores import GOOD, form_data, url

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, director_a):
    client.force_login(director_a)
    return client


def badges(html) -> list[str]:
    return re.findall(r'<span class="badge badge-[a-z-]+">([^<]+)</span>', html)


def game_badges(client, event) -> list[str]:
    page = client.get(reverse("events:detail", args=[event.pk])).content.decode()
    return [b for b in badges(page) if b not in ("Draft", "Running", "Finished")]


def test_no_game_is_open_before_the_event_starts(signed_in, progressive_a):
    assert game_badges(signed_in, progressive_a) == ["Not started"] * 4
    page = signed_in.get(url(progressive_a, 1)).content.decode()
    assert "Not started" in badges(page) and "Open" not in badges(page)
    events.start_event(event=progressive_a)
    assert game_badges(signed_in, progressive_a) == ["In play", "To come", "To come", "To come"]
    events.close_round(round=progressive_a.rounds.get(number=1))
    assert game_badges(signed_in, progressive_a) == ["Closed", "In play", "To come", "To come"]
    standings = signed_in.get(reverse("standings:round", args=[progressive_a.pk, 3])).content.decode()
    assert "To come" in badges(standings) and "Open" not in badges(standings)


def test_a_later_games_sheet_is_saved_before_an_earlier_ones_only_when_asked(signed_in, progressive_a, director_a):
    events.start_event(event=progressive_a)
    round1 = progressive_a.rounds.get(number=1)
    for number in (1, 3):  # game 1: tables 2 and 4 have no sheet yet
        results.enter_sheet(table=progressive_a.tables.get(number=number), round=round1, sheet=GOOD, by=director_a)
    page = signed_in.get(url(progressive_a, 2)).content.decode()
    assert "Game 1 has no sheet yet from tables 2, 4." in page and "Save game 2 anyway" in page

    refused = signed_in.post(url(progressive_a, 2), form_data(1, GOOD))
    assert refused.status_code == 409
    assert not Submission.objects.filter(round__number=2).exists()
    said = [str(m) for m in get_messages(refused.wsgi_request)]
    assert any("Nothing was saved: game 1 has no sheet yet from tables 2, 4" in m for m in said), said
    assert 'value="60"' in refused.content.decode()  # what was typed is kept

    saved = signed_in.post(url(progressive_a, 2), {**form_data(1, GOOD), "ahead": "2"})
    assert saved.status_code == 302
    assert Submission.objects.filter(round__number=2, status="confirmed").count() == 1
    # Game 1 closed by the director with two tables missing: left so on purpose, no more warning.
    events.close_round(round=round1)
    assert signed_in.post(url(progressive_a, 2), form_data(2, GOOD)).status_code == 302


def test_saving_game_one_needs_no_warning(signed_in, progressive_a):
    events.start_event(event=progressive_a)
    page = signed_in.get(url(progressive_a, 1)).content.decode()
    assert "anyway" not in page and 'id="earlier-games"' not in page
    assert signed_in.post(url(progressive_a, 1), form_data(1, GOOD)).status_code == 302


def test_enter_scores_names_the_game_whose_sheets_come_next(signed_in, progressive_a, director_a, random_sheet):
    events.start_event(event=progressive_a)
    detail = reverse("events:detail", args=[progressive_a.pk])
    assert "Enter scores · game 1" in signed_in.get(detail).content.decode()
    round1 = progressive_a.rounds.get(number=1)
    for table in progressive_a.tables.all():
        results.enter_sheet(table=table, round=round1, sheet=random_sheet(), by=director_a)
    page = signed_in.get(detail).content.decode()  # game 1 is all in but not closed yet
    assert "Enter scores · game 2" in page and "Enter scores · game 1" not in page
    entry = signed_in.get(url(progressive_a, 1)).content.decode()
    assert 'id="next-game"' in entry and "Next: game 2" in entry


def test_only_the_game_in_play_can_be_closed_from_the_event_page(signed_in, progressive_a):
    """A game still to come has no Close (one mis-click would stop its tables sending sheets before
    it began); a closed game offers Re-open."""
    running = events.start_event(event=progressive_a)
    events.close_round(round=running.rounds.get(number=1))
    page = signed_in.get(reverse("events:detail", args=[running.pk])).content.decode()
    closes = re.findall(r"/games/(\d+)/close/", page)
    reopens = re.findall(r"/games/(\d+)/reopen/", page)
    assert closes == ["2"] and reopens == ["1"]
