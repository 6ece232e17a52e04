"""An Embers night through the rest of the app: the API sets one up and takes a pad (a wrong one is a
400 naming its hand), and every page that shows results or sheets reads a stored pad without failing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.events.models import Round, Table
from director.results import services as results
from tests.director.api.helpers import client_for
from tests.director.conftest import PASSWORD
from tests.director.embers.conftest import FINAL, PAD, hand

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def test_the_api_sets_up_an_embers_night_and_refuses_it_where_it_cannot_be(club_a, director_a):
    api = client_for(director_a)
    base = {"club": club_a.pk, "name": "Embers", "date": "2025-05-02"}
    made = api.post("/api/events/", {**base, "game": "embers", "embers_hands": 5}, format="json")
    assert made.status_code == 201, made.content
    assert (made.json()["game"], made.json()["embers_hands"]) == ("embers", 5)
    refused = api.post(
        "/api/events/", {**base, "name": "D", "type": "duplicate-pairs", "game": "embers"}, format="json"
    )
    assert refused.status_code == 400 and "game" in refused.json()
    too_many = api.post("/api/events/", {**base, "name": "H", "game": "embers", "embers_hands": 13}, format="json")
    assert too_many.status_code == 400 and "embers_hands" in too_many.json()


def test_the_api_takes_a_pad_and_names_a_wrong_hand(embers_running, director_a):
    api = client_for(director_a)
    place = {
        "table": Table.objects.get(event=embers_running, number=1).pk,
        "round": Round.objects.get(event=embers_running, number=1).pk,
    }
    wrong = {"embers": [PAD["embers"][0], hand(piles=(20, 20))]}
    refused = api.post("/api/results/", {**place, "sheet": wrong}, format="json")
    assert refused.status_code == 400
    # the green room falls from 10 to 0: 0 + (0 − 10) + 40 = 30
    assert "hand 2: cards add up to 30, not the 52 dealt: 22 missing" in str(refused.json())
    saved = api.post("/api/results/", {**place, "sheet": PAD}, format="json")
    assert saved.status_code == 201, saved.content
    assert (saved.json()["majors"], saved.json()["minors"]) == FINAL and saved.json()["sheet"] == PAD


@pytest.fixture
def scored(embers_running, director_a):
    for table in (1, 2):
        results.enter_sheet(
            table=Table.objects.get(event=embers_running, number=table),
            round=Round.objects.get(event=embers_running, number=1),
            sheet=PAD,
            by=director_a,
        )
    return embers_running


def test_every_results_page_reads_a_stored_pad(scored, client, director_a):
    client.login(username="dora", password=PASSWORD)
    event = scored.pk
    urls = [
        reverse("events:detail", args=[event]),
        reverse("results:entry", args=[event, 1]),
        reverse("standings:standings", args=[event]),
        reverse("standings:round", args=[event, 1]),
        reverse("standings:scorecards", args=[event]),
        reverse("standings:tallies", args=[event]),
        reverse("standings:export", args=[event, "tallies", "csv"]),
        reverse("audit:event_log", args=[event]),
        reverse("audit:sheet_history", args=[event, 1, 1]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
    detail = client.get(reverse("events:detail", args=[event])).content.decode()
    assert "Embers Calypso, 3 packs, 1 fire hand, up to 4 hands a game" in detail
    standings = client.get(reverse("standings:standings", args=[event])).content.decode()
    assert "+1,020" in standings or "+1020" in standings  # the pad's net, 1900 − 880


def test_the_sheet_history_shows_each_version_of_a_pad_scored_and_what_changed(scored, client, director_a):
    corrected = {"embers": [hand(cal=(1, 0, 0, 0), unf=(5, 3, 0, 2), piles=(16, 13)), PAD["embers"][1]]}
    results.enter_sheet(
        table=Table.objects.get(event=scored, number=1),
        round=Round.objects.get(event=scored, number=1),
        sheet=corrected,
        by=director_a,
    )
    client.login(username="dora", password=PASSWORD)
    page = client.get(reverse("audit:sheet_history", args=[scored.pk, 1, 1])).content.decode()
    assert page.count('class="embers-lines') == 2
    assert "<b>1900</b>" in page and "<b>1890</b>" in page  # both versions' final ♠♥ totals
    assert "2 boxes changed from version 1" in page
