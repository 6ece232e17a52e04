"""A print job through the real stack (tests/integration/conftest.py ``stack``): the task goes
through Redis to the Celery worker on the ``pdf`` queue, which renders from the test database,
writes progress on the job row and stores the PDF under the shared MEDIA_ROOT."""

from __future__ import annotations

import datetime
import time

import pytest
from celery.result import AsyncResult
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.printing import services
from director.printing.models import PrintJob
from director.printing.words import ENGLISH
from tests.director.printing.helpers import parse_envelopes, pdf_pages

pytestmark = pytest.mark.integration

TIMEOUT = 60


def wait_for(job: PrintJob) -> PrintJob:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.finished:
            return job
        time.sleep(0.05)
    raise AssertionError(f"print job {job.pk} still {job.status} after {TIMEOUT} s")


@pytest.mark.django_db(transaction=True)
def test_a_pdf_job_goes_through_the_worker_and_its_file_comes_back(stack):
    user = get_user_model().objects.create_user("ci-printer", password="x" * 12)
    club = clubs.create_club(name="CI Calypso Club", slug="ci-print", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 9)]
    event = events.create_event(
        club=club, name="CI duplicate", date=datetime.date(2025, 3, 21), type="duplicate-pairs", games=2, by=user
    )
    lineup.draw_partnerships(event=event, players=players, seed=11)
    deals.generate_game_sets(event=event, count=2, by=user, seed=f"{11:064x}")
    movements.seat_event(event=event)

    job = services.start_print_job(event=event, kind="envelopes", options={"envelope": "labels"}, by=user)
    job = wait_for(job)
    assert job.status == "done", job.error
    assert (job.done, job.total) == (32, 32)
    assert job.task_id
    assert AsyncResult(job.task_id).get(timeout=TIMEOUT) == {"job": job.pk, "status": "done"}
    assert (stack.media_root / job.file.name).is_file()
    with job.file.open("rb") as stored:
        hands = parse_envelopes(pdf_pages(stored.read()), ENGLISH)
    assert sorted((h["set"], h["deal"], h["seat"]) for h in hands) == sorted(
        (s, d, seat) for s in (1, 2) for d in range(1, 5) for seat in "SHDC"
    )

    # An event document too, and the status endpoint's view of it through gunicorn needs a session:
    # the row is what the browser polls, so check it directly.
    results = services.start_print_job(event=event, kind="guide-cards", by=user)
    results = wait_for(results)
    assert results.status == "done", results.error
    assert results.size > 0 and (stack.media_root / results.file.name).is_file()


@pytest.mark.django_db(transaction=True)
def test_a_failing_job_reports_its_error(stack):
    user = get_user_model().objects.create_user("ci-printer-2", password="x" * 12)
    club = clubs.create_club(name="CI Calypso Club 2", slug="ci-print-2", owner=user)
    event = events.create_event(club=club, name="Nobody seated", date=datetime.date(2025, 3, 22), by=user)
    job = PrintJob.objects.create(event=event, kind="scoresheets", created_by=user)
    services.enqueue(job.pk)
    job = wait_for(job)
    assert job.status == "failed" and "nobody seated" in job.error
