"""A print job's PDF leaves the disk with its row, however the row goes, and only if it goes."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import transaction
from django.test import Client

from director.events.models import Event
from director.printing import services
from director.printing.models import PrintJob
from tests.director.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return Path(settings.MEDIA_ROOT)


def printed(event, director, kind="envelopes") -> tuple[PrintJob, Path]:
    job = services.start_print_job(event=event, kind=kind, by=director)
    job.refresh_from_db()
    assert job.status == "done", job.error
    path = Path(job.file.path)
    assert path.is_file() and path.read_bytes().startswith(b"%PDF")
    return job, path


def test_deleting_a_job_from_the_print_page_removes_its_file(duplicate_a, director_a):
    job, path = printed(duplicate_a, director_a)
    kept, kept_path = printed(duplicate_a, director_a, kind="duplication")
    client = Client()
    assert client.login(username=director_a.username, password=PASSWORD)

    response = client.post(f"/events/{duplicate_a.pk}/print/jobs/{job.pk}/delete/")

    assert response.status_code == 302
    assert not PrintJob.objects.filter(pk=job.pk).exists() and not path.exists()
    assert PrintJob.objects.filter(pk=kept.pk).exists() and kept_path.is_file()


def test_deleting_the_event_removes_every_pdf_it_printed(duplicate_a, director_a, media):
    paths = [printed(duplicate_a, director_a, kind)[1] for kind in ("envelopes", "hand-records")]

    Event.objects.filter(pk=duplicate_a.pk).delete()  # as the admin or demo --reset do: by cascade

    assert PrintJob.objects.count() == 0
    assert [p for p in paths if p.exists()] == []
    assert [p for p in media.rglob("*.pdf")] == []


def test_a_deletion_that_rolls_back_keeps_the_file(duplicate_a, director_a):
    job, path = printed(duplicate_a, director_a)

    with pytest.raises(RuntimeError), transaction.atomic():
        Event.objects.filter(pk=duplicate_a.pk).delete()
        raise RuntimeError("something later in the same transaction failed")

    assert PrintJob.objects.filter(pk=job.pk).exists() and path.is_file()
