"""Finishing an event: refused while results are unfinished unless forced (service), and a
two-step "Finish" on the event page that lists what is unfinished before "Finish anyway"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.audit.models import AuditEntry
from director.core.errors import Conflict
from director.events import services as events
from director.events.models import Event, Round
from director.results import selectors as result_selectors
from director.results import services as results

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def progressive_a(club_a, players_a, director_a, new_progressive):
    """3 tables, 4 games; ``running`` starts it. After ``fill``: game 1 all confirmed; game 2 table 3
    disputed, table 2 awaiting confirmation, table 1 confirmed; games 3 and 4 have nothing."""
    return new_progressive(club_a, players_a, tables=3, games=4, by=director_a)


def fill(event, sheet, director):
    game1, game2 = event.rounds.get(number=1), event.rounds.get(number=2)
    for table in event.tables.all():
        results.enter_sheet(table=table, round=game1, sheet=sheet, by=director)
    events.close_round(round=game1)  # tables send sheets for the game under way
    results.enter_sheet(table=event.tables.get(number=1), round=game2, sheet=sheet, by=director)
    results.submit_from_table(table=event.tables.get(number=2), round=game2, sheet=sheet)
    disputed = results.submit_from_table(table=event.tables.get(number=3), round=game2, sheet=sheet)
    results.dispute_submission(submission=disputed, by=director, note="our pile was 99")


def everything_confirmed(event, sheet, director):
    for game in event.rounds.all():
        for table in event.tables.filter(seatings__round=game).distinct():
            results.enter_sheet(table=table, round=game, sheet=sheet, by=director)


def test_unfinished_results_name_the_games_and_tables(running, sheet, director_a):
    fill(running, sheet, director_a)
    assert result_selectors.unfinished_results(running) == [
        "games 3, 4 have no results",
        "game 2: table 3 has a disputed sheet",
        "game 2: table 2 has a sheet awaiting confirmation",
    ]


def test_the_service_refuses_unless_forced_and_logs_the_forced_finish(running, sheet, director_a):
    fill(running, sheet, director_a)
    with pytest.raises(Conflict, match="unfinished results: games 3, 4 have no results") as refused:
        results.finish_event(event=running)
    assert refused.value.field == "unfinished"
    running.refresh_from_db()
    assert running.status == Event.Status.RUNNING and running.rounds.filter(status=Round.Status.OPEN).count() == 3
    assert not AuditEntry.objects.filter(action="events.finish_forced").exists()

    results.finish_event(event=running, force=True)
    running.refresh_from_db()
    assert running.status == Event.Status.FINISHED and not running.rounds.filter(status=Round.Status.OPEN).exists()
    entry = AuditEntry.objects.get(action="events.finish_forced")
    assert entry.event_id == running.pk and "game 2: table 3 has a disputed sheet" in entry.after["unfinished"]


def test_a_complete_event_finishes_without_force_and_without_a_forced_log(running, sheet, director_a):
    everything_confirmed(running, sheet, director_a)
    assert result_selectors.unfinished_results(running) == []
    results.finish_event(event=running)
    running.refresh_from_db()
    assert running.status == Event.Status.FINISHED
    assert not AuditEntry.objects.filter(action="events.finish_forced").exists()


def test_finish_on_the_page_asks_first_then_finish_anyway(client, running, sheet, director_a):
    fill(running, sheet, director_a)
    client.force_login(director_a)
    url = reverse("events:finish", args=[running.pk])
    first = client.post(url)  # the confirm step (#30): what is unfinished, and "Finish anyway"
    assert first.status_code == 200
    running.refresh_from_db()
    assert running.status == Event.Status.RUNNING  # nothing closed by the first press

    page = first.content.decode()
    assert "games 3, 4 have no results" in page and "game 2: table 3 has a disputed sheet" in page
    assert 'name="force" value="1"' in page and "Finish anyway" in page

    done = client.post(url, {"force": "1"}, follow=True)
    running.refresh_from_db()
    assert running.status == Event.Status.FINISHED
    assert "Finished with unfinished results (logged)" in done.content.decode()
    assert AuditEntry.objects.filter(action="events.finish_forced", event=running).count() == 1


def test_finish_on_the_page_with_nothing_unfinished_finishes_once_confirmed(client, running, sheet, director_a):
    everything_confirmed(running, sheet, director_a)
    client.force_login(director_a)
    response = client.post(reverse("events:finish", args=[running.pk]), {"confirm": "1"}, follow=True)
    running.refresh_from_db()
    assert running.status == Event.Status.FINISHED
    assert "Finished: every game is closed." in response.content.decode()
    assert "with unfinished results?" not in response.content.decode()


def test_the_event_page_shows_no_finish_warning_unless_asked(client, running, sheet, director_a):
    fill(running, sheet, director_a)
    client.force_login(director_a)
    page = client.get(reverse("events:detail", args=[running.pk])).content.decode()
    assert "Finish anyway" not in page
