"""A PDF job goes through the real broker and worker, and its file comes back (issue 9).

The director's service starts the job exactly as the print page does (``start_print_job``: a row,
then the task enqueued on commit); the task is routed to the ``pdf`` queue and run by the CI
worker (conftest ``stack``) against the test database; the stored PDF is then downloaded through
the director's download view and read back card by card.
"""

from __future__ import annotations

import time

import pytest
from celery.result import AsyncResult
from django.test import Client

from director.printing import services
from director.printing.models import PrintJob
from director.printing.words import ENGLISH
from tests.director.conftest import add_players, make_user
from tests.director.factories import make_duplicate
from tests.director.printing.helpers import parse_envelopes, pdf_pages

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TIMEOUT = 90  # seconds; 64 envelopes take well under one on an idle machine


def test_a_print_job_runs_on_the_worker_and_its_pdf_comes_back(stack):
    from director.clubs import services as clubs

    director = make_user("dora")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director)
    event = make_duplicate(club, add_players(club, 16), by=director)

    job = services.start_print_job(event=event, kind="envelopes", options={"paper": "a4"}, by=director)
    deadline = time.monotonic() + TIMEOUT
    seen = set()
    while time.monotonic() < deadline:
        job.refresh_from_db()
        seen.add(job.status)
        if job.finished:
            break
        time.sleep(0.1)
    assert job.status == "done", f"{job.status}: {job.error or 'no worker took the job'} (seen {seen})"
    assert job.task_id, "the job was not handed to the broker"
    assert AsyncResult(job.task_id).get(timeout=TIMEOUT) == {"job": job.pk, "status": "done"}
    assert job.task_id in stack.processes["worker"].log.read_text(errors="replace")  # it ran there
    assert (job.done, job.total) == (64, 64)
    assert (stack.media_root / job.file.name).is_file()  # written by the worker process

    client = Client()
    client.force_login(director)
    download = client.get(f"/events/{event.pk}/print/jobs/{job.pk}/download/")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    hands = parse_envelopes(pdf_pages(b"".join(download.streaming_content)), ENGLISH)
    assert {(h["set"], h["deal"], h["seat"]) for h in hands} == {
        (s, d, seat) for s in range(1, 5) for d in range(1, 5) for seat in "SHDC"
    }
    assert PrintJob.objects.count() == 1
