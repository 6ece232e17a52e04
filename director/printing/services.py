"""Print jobs: the only writers of ``PrintJob`` rows.

``start_print_job`` checks the request, creates the row and enqueues the task
``director.printing.tasks.render_document`` once the transaction commits (eagerly in-process when
no broker is configured). The task moves the row by compare-and-swap: ``claim_job`` (queued →
running), ``record_progress`` (done/total while running), ``complete_job`` (running → done, with
the stored file) and ``fail_job`` (queued/running → failed, with a message).

The task module imports this one, never the other way round: the task is enqueued by its name
(``RENDER_TASK``) as a Celery signature, which runs the registered task itself — eagerly when no
broker is configured (the app's ``ready`` imports the tasks module to register it) — or sends the
message by name to a worker.
"""

from __future__ import annotations

import datetime
import logging

from celery import signature
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from director.core.errors import ValidationError

from .models import PrintJob
from .options import ENVELOPE_CHOICES, LANGUAGE_CHOICES, PAPER_CHOICES

log = logging.getLogger(__name__)

J = PrintJob.Status
HAND_KINDS = ("envelopes", "duplication", "hand-records", "auction-deals")
GAME_SET_KINDS = HAND_KINDS[:3]
EVENT_KINDS = ("scoresheets", "tally-cards", "guide-cards", "results")
RENDER_TASK = "director.printing.tasks.render_document"
"""The print task's registered name (``tasks.render_document``)."""
# A job queued this long without a worker taking it is reported as failed.
QUEUED_TIMEOUT = datetime.timedelta(minutes=30)


def clean_options(options: dict | None) -> dict:
    """The stored options of a job: paper, envelope, lang (validated; ``ValidationError`` names
    the field)."""
    options = dict(options or {})
    clean = {}
    for name, choices, default in (
        ("paper", PAPER_CHOICES, "a4"),
        ("envelope", ENVELOPE_CHOICES, "c6"),
        ("lang", LANGUAGE_CHOICES, "en"),
    ):
        value = str(options.get(name) or default).strip().lower()
        if value not in choices:
            raise ValidationError(f"unknown {name} {value!r}: choose one of {', '.join(choices)}", field=name)
        clean[name] = value
    return clean


def check_printable(event, kind: str) -> None:
    """Refuse up front what would only fail in the task: a document this kind of event cannot have,
    no game sets, nobody seated (``ValidationError`` saying which)."""
    from director.deals.auction import check_team_match, deals_state
    from director.deals.models import GameSet
    from director.events.models import Seating

    from .documents import KINDS

    document = KINDS.get(kind)
    if document is None:
        titles = ", ".join(document.title for document in KINDS.values())
        raise ValidationError(f"unknown document {kind!r}: choose one of {titles}", field="kind")
    if document.render is None:
        raise ValidationError(f"{document.title} cannot be printed yet", field="kind")
    if document.source == "match":
        check_team_match(event)
        state = deals_state(event)
        if state is not None and state.problem:
            raise ValidationError(f"{event.name}: {state.problem}", field="kind")
        return
    if document.needs_game_sets and not event.is_duplicate:
        raise ValidationError(
            f"{event.name} is a progressive night: its hands are dealt at the table, "
            f"so it has no {document.title.lower()} (those are for duplicate events)",
            field="kind",
        )
    if kind in GAME_SET_KINDS:
        sets = list(GameSet.objects.filter(event=event).values_list("number", "complete"))
        if not sets:
            raise ValidationError(f"{event.name} has no game sets: generate or import them first", field="kind")
        incomplete = [str(n) for n, complete in sets if not complete]
        if incomplete:
            raise ValidationError(f"game set {', '.join(incomplete)} is not complete yet", field="kind")
    elif not Seating.objects.filter(round__event=event).exists():
        raise ValidationError(f"nobody is seated in {event.name} yet: seat the event first", field="kind")


def start_print_job(*, event, kind: str, options: dict | None = None, by=None) -> PrintJob:
    """Create a job for document ``kind`` of ``event`` and enqueue its task after commit."""
    clean = clean_options(options)
    with transaction.atomic():
        check_printable(event, kind)
        job = PrintJob.objects.create(event=event, kind=kind, options=clean, created_by=by)
        transaction.on_commit(lambda: enqueue(job.pk))
    return job


def enqueue(job_id: int) -> None:
    """Hand the job to Celery (runs it here and now when no broker is configured)."""
    try:
        result = signature(RENDER_TASK, args=(job_id,)).apply_async()
    except Exception as error:  # the broker is down: say so on the job instead of a 500
        log.exception("could not enqueue print job %s", job_id)
        fail_job(job_id, f"the job could not be queued ({error.__class__.__name__}); try again later")
        return
    PrintJob.objects.filter(pk=job_id, task_id="").update(task_id=result.id or "")


def claim_job(job_id: int) -> PrintJob | None:
    """queued → running; ``None`` when the job is gone or someone else already took it."""
    now = timezone.now()
    if PrintJob.objects.filter(pk=job_id, status=J.QUEUED).update(status=J.RUNNING, started_at=now) != 1:
        return None
    return PrintJob.objects.select_related("event", "event__club").get(pk=job_id)


def record_progress(job_id: int, done: int, total: int) -> bool:
    """Write the job's progress while it runs (no-op once it has finished)."""
    total = max(int(total), 0)
    done = min(max(int(done), 0), total)
    return PrintJob.objects.filter(pk=job_id, status=J.RUNNING).update(done=done, total=total) == 1


def file_name(job: PrintJob) -> str:
    """The PDF's name in words: the event, the document, the job ("club-night-hand-envelopes-7.pdf")."""
    event = slugify(job.event.name)[:60] or "event"
    return f"{event}-{slugify(job.title)}-{job.pk}.pdf"


def complete_job(job_id: int, data: bytes) -> bool:
    """Store the PDF and mark the job done (running → done). If the job was failed meanwhile
    (timed out), the file is removed again and ``False`` returned."""
    job = PrintJob.objects.select_related("event").get(pk=job_id)
    name = default_storage.save(job.file.field.generate_filename(job, file_name(job)), ContentFile(data))
    updated = PrintJob.objects.filter(pk=job_id, status=J.RUNNING).update(
        status=J.DONE,
        file=name,
        size=len(data),
        done=max(job.total, 1),
        total=max(job.total, 1),
        finished_at=timezone.now(),
    )
    if updated != 1:
        default_storage.delete(name)
        return False
    return True


def fail_job(job_id: int, message: str) -> bool:
    """queued/running → failed with ``message`` (what the director sees)."""
    return (
        PrintJob.objects.filter(pk=job_id, status__in=(J.QUEUED, J.RUNNING)).update(
            status=J.FAILED, error=message[:2000], finished_at=timezone.now()
        )
        == 1
    )


def expire_stale(job: PrintJob) -> PrintJob:
    """A job whose worker died (hard time limit, a crash) would stay 'running' for ever: once it is
    older than the hard limit plus a margin, or queued for ``QUEUED_TIMEOUT``, report it failed."""
    now = timezone.now()
    hard = datetime.timedelta(seconds=getattr(settings, "CELERY_TASK_TIME_LIMIT", 360) + 60)
    message = ""
    if job.status == J.RUNNING and job.started_at and now - job.started_at > hard:
        message = f"the job did not finish within {int(hard.total_seconds())} s (the worker stopped); try again"
    elif job.status == J.QUEUED and now - job.created_at > QUEUED_TIMEOUT:
        message = "no worker picked the job up; check that the Celery worker is running"
    if message and fail_job(job.pk, message):
        job.refresh_from_db()
    return job


def delete_job(job: PrintJob) -> None:
    """Delete the job; its file goes once the deletion commits (``signals``)."""
    job.delete()
