"""The print task: renders one ``PrintJob`` and stores its PDF (routed to the ``pdf`` queue).

It takes the job's primary key only. Progress goes two ways: ``update_state('PROGRESS',
meta={"done", "total"})`` for anyone holding the task's result, and the job row's ``done``/``total``
(what the browser polls — that works with no result backend and in eager mode too). Writes to the
row are throttled so that a 480-envelope batch does not make 480 updates.
"""

from __future__ import annotations

import logging
import time

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from . import services
from .options import PrintError

log = logging.getLogger(__name__)

PROGRESS_EVERY = 0.25  # seconds between progress writes (the first and last are always written)


class _Reporter:
    def __init__(self, task, job_id: int):
        self.task = task
        self.job_id = job_id
        self.last = 0.0
        self.backend = not task.request.is_eager

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done not in (1, total) and now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        services.record_progress(self.job_id, done, total)
        if self.backend:
            try:
                self.task.update_state(state="PROGRESS", meta={"job": self.job_id, "done": done, "total": total})
            except NotImplementedError:  # no result backend configured: the row is enough
                self.backend = False


@shared_task(bind=True, name=services.RENDER_TASK)
def render_document(self, job_id: int) -> dict:
    """Render print job ``job_id``; returns ``{"job", "status"}``. Never raises for a bad job: the
    error is written on the job for the director to read."""
    from .event_data import render_event

    job = services.claim_job(job_id)
    if job is None:
        return {"job": job_id, "status": "skipped"}
    try:
        data = render_event(job.kind, job.event, job.options, progress=_Reporter(self, job_id))
        services.complete_job(job_id, data)
    except SoftTimeLimitExceeded:
        services.fail_job(job_id, "the job took too long and was stopped; print fewer documents at once")
    except PrintError as error:
        services.fail_job(job_id, str(error))
    except Exception as error:  # the director sees a message, the log the traceback
        log.exception("print job %s failed", job_id)
        services.fail_job(job_id, f"unexpected error while printing ({error.__class__.__name__}: {error})")
    status = services.PrintJob.objects.filter(pk=job_id).values_list("status", flat=True).first()
    return {"job": job_id, "status": status}
