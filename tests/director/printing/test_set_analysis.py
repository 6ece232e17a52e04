"""Analysis from the web app (issue 21.3): the director starts it from the event's game-set page,
a task (eager here) plays every set with club players, counting sets for the progress bar, and
the set page and the event's hand records show what it found."""

from __future__ import annotations

import pytest
from django.test import Client

from director.deals import services
from director.deals.adapters import to_game_set
from director.deals.models import AnalysisJob, GameSet
from director.printing.event_data import render_event
from scoring.analysis import analyse
from tests.director.conftest import PASSWORD

from .helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


@pytest.fixture
def few_games(monkeypatch):
    monkeypatch.setattr(services, "ANALYSIS_GAMES", 3)  # a real night plays 100 games a set


def test_the_set_page_starts_an_analysis_that_runs_eagerly(
    duplicate_a, director_a, few_games, django_capture_on_commit_callbacks
):
    client = signed_in(director_a)
    url = f"/events/{duplicate_a.pk}/sets/"
    assert b"Analyse the sets" in client.get(url).content
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"action": "analyse"})
    assert response.status_code == 302
    job = AnalysisJob.objects.get()
    assert (job.status, job.done, job.total, job.games, job.created_by) == ("done", 4, 4, 3, director_a)
    assert sorted(job.summaries, key=int) == ["1", "2", "3", "4"]
    # the command line's figures for the same set (seed 0, the event's rule)
    row = GameSet.objects.get(event=duplicate_a, number=2)
    assert job.summaries["2"] == analyse(to_game_set(row), duplicate_a.rules_variant, 3, 0).summary()

    status = client.get(f"/events/{duplicate_a.pk}/sets/analysis/{job.pk}/").json()
    assert status == {"status": "done", "done": 4, "total": 4, "error": ""}
    page = client.get(url).content.decode()
    assert "analysed 4 sets" in page and page.count("of uniformly dealt sets lean as far") == 4
    assert job.summaries["2"]["verdict"] in page


def test_the_event_hand_records_print_the_latest_analysis(
    duplicate_a, director_a, few_games, django_capture_on_commit_callbacks
):
    before = pdf_pages(render_event("hand-records", duplicate_a))
    assert all("No analysis supplied." in page for page in before)
    with django_capture_on_commit_callbacks(execute=True):
        services.start_analysis(event=duplicate_a, by=director_a, games=3)
    pages = pdf_pages(render_event("hand-records", duplicate_a))
    assert len(pages) == 4
    assert all("of uniformly dealt sets lean as far" in page and "n = 3" in page for page in pages)


def test_progress_counts_sets_while_it_runs(duplicate_a, director_a):
    job = services.start_analysis(event=duplicate_a, by=director_a, games=3)  # not run: no commit in a test
    assert services.claim_analysis(job.pk) is not None
    services.record_analysis_progress(job.pk, 2, 4)
    client = signed_in(director_a)
    assert client.get(f"/events/{duplicate_a.pk}/sets/analysis/{job.pk}/").json()["done"] == 2
    page = client.get(f"/events/{duplicate_a.pk}/sets/").content.decode()
    assert "2 of 4 sets" in page and 'data-status="running"' in page


def test_nothing_to_analyse_and_another_clubs_job(progressive_a, duplicate_a, director_a, director_b):
    client = signed_in(director_a)
    response = client.post(f"/events/{progressive_a.pk}/sets/", {"action": "analyse"}, follow=True)
    assert b"no complete game sets to analyse" in response.content and not AnalysisJob.objects.exists()
    job = services.start_analysis(event=duplicate_a, by=director_a, games=3)
    from director.clubs import services as clubs

    clubs.create_club(name="Other", slug="other", owner=director_b)
    assert signed_in(director_b).get(f"/events/{duplicate_a.pk}/sets/analysis/{job.pk}/").status_code == 404
