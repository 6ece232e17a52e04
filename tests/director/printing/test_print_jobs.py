"""Print jobs through the director's print page with the eager Celery task (no broker)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from director.core.errors import ValidationError
from director.printing import services
from director.printing.models import PrintJob
from director.printing.words import ENGLISH
from tests.director.conftest import PASSWORD

from .helpers import page_sizes, parse_envelopes, pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_print_page_starts_a_job_that_runs_eagerly(duplicate_a, director_a, django_capture_on_commit_callbacks):
    client = signed_in(director_a)
    page = client.get(f"/events/{duplicate_a.pk}/print/")
    assert page.status_code == 200
    assert b"Start printing" in page.content and b"envelopes" in page.content

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/events/{duplicate_a.pk}/print/", {"kind": ["envelopes"], "paper": "a4", "envelope": "c6", "lang": "en"}
        )
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"?job={job.pk}")
    assert (job.status, job.done, job.total, job.created_by) == ("done", 64, 64, director_a)

    status = client.get(f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/status/").json()
    assert status["status"] == "done" and status["percent"] == 100
    assert status["download"] == f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/download/"

    download = client.get(status["download"])
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert "attachment" in download["Content-Disposition"]
    data = b"".join(download.streaming_content)
    hands = parse_envelopes(pdf_pages(data), ENGLISH)
    assert len(hands) == 64  # 4 sets × 16
    assert {(h["set"], h["deal"], h["seat"]) for h in hands} == {
        (s, d, seat) for s in range(1, 5) for d in range(1, 5) for seat in "SHDC"
    }

    listed = client.get(f"/events/{duplicate_a.pk}/print/")
    assert f'id="job-{job.pk}"'.encode() in listed.content and b"Download PDF" in listed.content


def test_several_documents_and_options(duplicate_a, director_a, django_capture_on_commit_callbacks):
    client = signed_in(director_a)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"/events/{duplicate_a.pk}/print/",
            {"kind": ["duplication", "hand-records"], "paper": "letter", "envelope": "c6", "lang": "fr"},
        )
    jobs = {job.kind: job for job in PrintJob.objects.all()}
    assert set(jobs) == {"duplication", "hand-records"}
    for job in jobs.values():
        assert job.status == "done", job.error
        data = job.file.read()
        assert page_sizes(data) == [(612.0, 792.0)] * 4
    assert "Relevé des donnes" in pdf_pages(jobs["hand-records"].file.open("rb").read())[0]


def test_other_clubs_director_gets_404(duplicate_a, director_a, director_b, club_b, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.start_print_job(event=duplicate_a, kind="envelopes", by=director_a)
    other = signed_in(director_b)
    for url in (
        f"/events/{duplicate_a.pk}/print/",
        f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/status/",
        f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/download/",
    ):
        assert other.get(url).status_code == 404, url
    assert other.post(f"/events/{duplicate_a.pk}/print/", {"kind": "envelopes"}).status_code == 404
    assert PrintJob.objects.count() == 1
    # Anonymous visitors go to the sign-in page; the hand documents are never public.
    anonymous = Client().get(f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/download/")
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]


def test_a_job_of_another_event_is_404(duplicate_a, progressive_a, director_a, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.start_print_job(event=duplicate_a, kind="envelopes", by=director_a)
    client = signed_in(director_a)
    assert client.get(f"/events/{progressive_a.pk}/print/jobs/{job.pk}/status/").status_code == 404


def test_refusals_before_queueing(progressive_a, director_a):
    with pytest.raises(ValidationError, match="progressive night: its hands are dealt at the table"):
        services.start_print_job(event=progressive_a, kind="envelopes", by=director_a)
    with pytest.raises(ValidationError, match="unknown document"):
        services.start_print_job(event=progressive_a, kind="menus", by=director_a)
    with pytest.raises(ValidationError, match="unknown paper"):
        services.start_print_job(event=progressive_a, kind="scoresheets", options={"paper": "a3"})
    assert not PrintJob.objects.exists()
    client = signed_in(director_a)
    response = client.post(f"/events/{progressive_a.pk}/print/", {"kind": "envelopes"})
    assert response.status_code == 400 and b"no hand envelopes" in response.content


def test_a_duplicate_event_without_game_sets_cannot_print_hands(club_a, director_a):
    import datetime

    from director.events import services as events

    event = events.create_event(
        club=club_a, name="Sets to come", date=datetime.date(2025, 3, 21), type="duplicate-pairs", games=4
    )
    with pytest.raises(ValidationError, match="no game sets"):
        services.start_print_job(event=event, kind="envelopes", by=director_a)
    response = signed_in(director_a).post(f"/events/{event.pk}/print/", {"kind": "envelopes"}, follow=True)
    assert b"Hand envelopes: Sets to come has no game sets" in response.content


def test_the_task_reports_progress_and_fails_cleanly(duplicate_a, director_a, monkeypatch):
    from director.printing import tasks

    job = PrintJob.objects.create(event=duplicate_a, kind="envelopes", options={"envelope": "labels"})
    seen = []
    real = services.record_progress
    monkeypatch.setattr(tasks, "PROGRESS_EVERY", 0)
    monkeypatch.setattr(services, "record_progress", lambda *a: seen.append(a) or real(*a))
    assert tasks.render_document.apply(args=(job.pk,)).get() == {"job": job.pk, "status": "done"}
    assert seen[0] == (job.pk, 1, 64) and seen[-1] == (job.pk, 64, 64)
    # Run twice: the second finds nothing to claim.
    assert tasks.render_document.apply(args=(job.pk,)).get()["status"] == "skipped"

    broken = PrintJob.objects.create(event=duplicate_a, kind="envelopes", options={"lang": "xx"})
    tasks.render_document.apply(args=(broken.pk,))
    broken.refresh_from_db()
    assert broken.status == "failed" and "unknown language" in broken.error


def test_soft_time_limit_fails_the_job(duplicate_a, monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    from director.printing import event_data, tasks

    def slow(*args, **kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(event_data, "render_event", slow)
    job = PrintJob.objects.create(event=duplicate_a, kind="envelopes")
    tasks.render_document.apply(args=(job.pk,))
    job.refresh_from_db()
    assert job.status == "failed" and "took too long" in job.error
    assert job.finished_at is not None and not job.file


def test_a_stale_running_job_is_reported_failed(duplicate_a, director_a, settings):
    import datetime

    from django.utils import timezone

    job = PrintJob.objects.create(event=duplicate_a, kind="envelopes", status="running")
    PrintJob.objects.filter(pk=job.pk).update(started_at=timezone.now() - datetime.timedelta(hours=1))
    client = signed_in(director_a)
    status = client.get(f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/status/").json()
    assert status["status"] == "failed" and "did not finish" in status["error"]


# The print page offers only the documents the event can have, named in words, and the server
# refuses the others whatever the form sent (#14.11).

HAND_DOCUMENTS = ("Hand envelopes", "Duplication sheets", "Hand records")
EVENT_DOCUMENTS = ("Scoresheets", "Tally cards", "Table guide cards", "Results")


def offered(html: str) -> list[str]:
    return re.findall(r'name="kind" value="([^"]+)"', html)


def test_a_progressive_night_is_offered_no_hand_documents(progressive_a, director_a):
    html = signed_in(director_a).get(f"/events/{progressive_a.pk}/print/").content.decode()
    assert offered(html) == ["scoresheets", "tally-cards", "guide-cards", "results"]
    for title in EVENT_DOCUMENTS:
        assert f"<strong>{title}</strong>" in html
    for title in HAND_DOCUMENTS:
        assert title not in html
    assert "<strong>tally-cards</strong>" not in html
    assert 'name="envelope"' not in html  # no envelope sizes to choose either


def test_a_duplicate_event_is_offered_every_document_in_words(duplicate_a, director_a):
    html = signed_in(director_a).get(f"/events/{duplicate_a.pk}/print/").content.decode()
    assert offered(html) == [
        "envelopes", "duplication", "hand-records", "scoresheets", "tally-cards", "guide-cards", "results"
    ]  # fmt: skip
    for title in HAND_DOCUMENTS + EVENT_DOCUMENTS:
        assert f"<strong>{title}</strong>" in html
    assert "<strong>hand-records</strong>" not in html and 'name="envelope"' in html


def test_the_server_refuses_hand_documents_of_a_progressive_night(progressive_a, director_a):
    client = signed_in(director_a)
    response = client.post(f"/events/{progressive_a.pk}/print/", {"kind": ["envelopes", "scoresheets"]})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Hand envelopes: " in html and "is a progressive night" in html and "no hand envelopes" in html
    assert not PrintJob.objects.exists()  # not even the scoresheets: the request as a whole is refused
    assert 'value="scoresheets" checked' in html  # the director's other choices are kept

    response = client.post(f"/events/{progressive_a.pk}/print/", {"kind": "menus"})
    assert response.status_code == 400 and "unknown document" in response.content.decode()
    with pytest.raises(services.ValidationError, match="no duplication sheets"):
        services.start_print_job(event=progressive_a, kind="duplication", by=director_a)


def test_jobs_and_their_files_are_named_in_words(duplicate_a, director_a, django_capture_on_commit_callbacks):
    client = signed_in(director_a)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/events/{duplicate_a.pk}/print/", {"kind": ["hand-records", "tally-cards"]})
    records = PrintJob.objects.get(kind="hand-records")
    assert services.file_name(records) == f"duplicate-pairs-hand-records-{records.pk}.pdf"
    tally = PrintJob.objects.get(kind="tally-cards")
    html = client.get(f"/events/{duplicate_a.pk}/print/").content.decode()
    assert "<td><strong>Hand records</strong>" in html and "<td><strong>Tally cards</strong>" in html
    assert f"duplicate-pairs-tally-cards-{tally.pk}.pdf" in html
    status = client.get(f"/events/{duplicate_a.pk}/print/jobs/{tally.pk}/status/").json()
    assert status["title"] == "Tally cards" and status["file_name"].endswith(f"tally-cards-{tally.pk}.pdf")
    download = client.get(status["download"])
    assert f'filename="duplicate-pairs-tally-cards-{tally.pk}.pdf"' in download["Content-Disposition"]

    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(f"/events/{duplicate_a.pk}/print/", {"kind": "guide-cards", "lang": "xx"}, follow=True)
    assert "unknown lang" in refused.content.decode()
