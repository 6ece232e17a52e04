"""The night's flow (#30): one next step on the event page for every event type (``next_step``),
no irreversible click (Close, Seat, Finish, Release ask first: a single POST without the
confirmation acts on nothing), and test nights deleted from the director's pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.audit.models import AuditEntry
from director.deals import services as deals
from director.events.models import Event, Round
from director.events.selectors import NightFacts, next_step
from director.results import services as results

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


# --- 2. the next step, per event type and state --------------------------------------------------------
PAIRS = {"games": 4}
INDIVIDUAL = {"games": 3, "seated_from_results": True}
DUPLICATE = {"games": 4, "hands": "hands"}
AUCTION_TEAMS = {"games": 2, "hands": "deals"}


@pytest.mark.parametrize(
    "facts,action,words",
    [
        # every type, set up but nobody seated
        (NightFacts(status="draft", **PAIRS), "build", "build the movement"),
        # duplicate pairs / teams / coöp: the sets before the start
        (NightFacts(status="draft", seated=True, hands_ready=False, **DUPLICATE), "sets", "same deals"),
        (NightFacts(status="draft", seated=True, hands_ready=False, **AUCTION_TEAMS), "deals", "deal them"),
        (NightFacts(status="draft", seated=True, **PAIRS), "start", "opens game 1"),
        (NightFacts(status="draft", seated=True, **DUPLICATE), "start", "opens game 1"),
        # running: scores, then close; an individual seats the next game from the results
        (
            NightFacts(status="running", seated=True, current=1, current_tables=3, current_missing=(2, 3), **PAIRS),
            "scores",
            "tables 2, 3 have no confirmed sheet",
        ),
        (NightFacts(status="running", seated=True, current=1, current_tables=3, **PAIRS), "close", "game 2 starts"),
        (
            NightFacts(status="running", seated=True, current=1, current_tables=3, **INDIVIDUAL),
            "close",
            "seat game 2 from its results",
        ),
        (NightFacts(status="running", seated=True, current=2, current_tables=0, **INDIVIDUAL), "seat", "winners stay"),
        (NightFacts(status="running", seated=True, current=4, current_tables=3, **PAIRS), "finish", "last game"),
        (NightFacts(status="running", seated=True, current=None, **AUCTION_TEAMS), "finish", "closed"),
        # finished: the hands or deals (cards) after play, then the results
        (NightFacts(status="finished", seated=True, **DUPLICATE), "release-hands", "hands they played"),
        (NightFacts(status="finished", seated=True, **AUCTION_TEAMS), "release-deals", "deals they played"),
        (NightFacts(status="finished", seated=True, hands_released=True, **DUPLICATE), "release-results", "standings"),
        (NightFacts(status="finished", seated=True, **PAIRS), "release-results", "standings"),
        (NightFacts(status="finished", seated=True, results_released=True, **PAIRS), "done", "nothing is left"),
    ],
)
def test_next_step_for_each_type_and_state(facts, action, words):
    step = next_step(facts)
    assert step.action == action and words in step.why, step


def test_event_page_shows_one_next_step_with_why(client, running, sheet, director_a):
    client.force_login(director_a)
    url = reverse("events:detail", args=[running.pk])
    page = client.get(url).content.decode()
    assert 'id="next-step"' in page and "Enter scores · game 1" in page and "no confirmed sheet yet" in page
    for table in running.tables.all():
        results.enter_sheet(table=table, round=running.rounds.get(number=1), sheet=sheet, by=director_a)
    page = client.get(url).content.decode()
    assert "Close game 1…" in page and "close it, then game 2 starts" in page


# --- 3. no irreversible click ---------------------------------------------------------------------------
def test_close_asks_first(client, running, director_a):
    client.force_login(director_a)
    url = reverse("events:close_round", args=[running.pk, 1])
    first = client.post(url)
    assert first.status_code == 200 and "Close game 1?" in first.content.decode()
    assert Round.objects.get(event=running, number=1).status == "open"
    client.post(url, {"confirm": "1"})
    assert Round.objects.get(event=running, number=1).status == "closed"


def test_start_asks_first_without_script(client, progressive_a, director_a):
    """Starting cannot be taken back (a running event never returns to a draft): the first press
    asks on a confirm page that says so, and starts nothing; its button starts the event."""
    client.force_login(director_a)
    url = reverse("events:start", args=[progressive_a.pk])
    first = client.post(url)
    body = first.content.decode()
    assert first.status_code == 200 and f"Start {progressive_a.name}?" in body
    assert "does not go back to a draft" in body and 'name="confirm" value="1"' in body
    progressive_a.refresh_from_db()
    assert progressive_a.status == Event.Status.DRAFT
    assert client.post(url, {"confirm": "1"}).status_code == 302
    progressive_a.refresh_from_db()
    assert progressive_a.status == Event.Status.RUNNING


def test_finish_asks_first_even_with_everything_in(client, running, sheet, director_a):
    for game in running.rounds.all():
        for table in running.tables.filter(seatings__round=game).distinct():
            results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    client.force_login(director_a)
    url = reverse("events:finish", args=[running.pk])
    first = client.post(url)
    assert first.status_code == 200 and "Every open game closes" in first.content.decode()
    running.refresh_from_db()
    assert running.status == Event.Status.RUNNING
    client.post(url, {"confirm": "1"})
    running.refresh_from_db()
    assert running.status == Event.Status.FINISHED


def test_releasing_results_asks_first_taking_them_down_does_not(client, running, director_a):
    client.force_login(director_a)
    url = reverse("events:switches", args=[running.pk])
    first = client.post(url, {"standings_released": "on"})
    assert first.status_code == 200 and "the standings" in first.content.decode()
    assert 'name="standings_released" value="on"' in first.content.decode()
    running.refresh_from_db()
    assert not running.standings_released
    client.post(url, {"standings_released": "on", "confirm": "1"})
    running.refresh_from_db()
    assert running.standings_released
    assert client.post(url, {}).status_code == 302  # off again at once
    running.refresh_from_db()
    assert not running.standings_released


def test_releasing_hands_before_play_says_the_cards_become_public(client, club_a, players_a, director_a):
    from director.movements import night

    event = night.set_up_night(
        club=club_a,
        by=director_a,
        name="Dup",
        date="2025-03-14",
        type="duplicate-pairs",
        games=2,
        players=[p.pk for p in players_a[:8]],
    )
    deals.generate_game_sets(event=event, by=director_a)
    client.force_login(director_a)
    url = reverse("deals:sets", args=[event.pk])
    first = client.post(url, {"action": "release"})
    body = first.content.decode()
    assert first.status_code == 200 and "The cards become public" in body and "before they play" in body
    event.refresh_from_db()
    assert not event.hands_released
    client.post(url, {"action": "release", "confirm": "1"})
    event.refresh_from_db()
    assert event.hands_released


# --- 4. deleting a test night ---------------------------------------------------------------------------
def test_delete_a_draft_asks_then_deletes_and_logs(client, progressive_a, director_a):
    client.force_login(director_a)
    url = reverse("events:delete", args=[progressive_a.pk])
    assert "Delete the event" in client.get(url).content.decode()
    assert client.post(url).status_code == 200  # no confirmation: nothing deleted
    assert Event.objects.filter(pk=progressive_a.pk).exists()
    done = client.post(url, {"confirm": "1"})
    assert done.status_code == 302
    assert not Event.objects.filter(pk=progressive_a.pk).exists()
    entry = AuditEntry.objects.get(action="events.delete")
    assert entry.after["name"] == progressive_a.name and entry.club_id == progressive_a.club_id


def test_delete_an_event_with_results_needs_its_name_typed(client, running, sheet, director_a):
    results.enter_sheet(table=running.tables.first(), round=running.rounds.get(number=1), sheet=sheet, by=director_a)
    client.force_login(director_a)
    url = reverse("events:delete", args=[running.pk])
    assert 'name="typed_name"' in client.get(url).content.decode()
    client.post(url, {"confirm": "1", "typed_name": "something else"})
    assert Event.objects.filter(pk=running.pk).exists()
    client.post(url, {"confirm": "1", "typed_name": f"  {running.name.upper()} "})
    assert not Event.objects.filter(pk=running.pk).exists()


def test_another_clubs_director_cannot_delete(client, progressive_a, director_b):
    client.force_login(director_b)
    url = reverse("events:delete", args=[progressive_a.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {"confirm": "1"}).status_code == 404
    assert Event.objects.filter(pk=progressive_a.pk).exists()
