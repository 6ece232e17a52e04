"""The analysis task: the play engine plays each of an event's game sets (``scoring.analysis``) and
stores what the hand records print (issue 21.3).

It takes the job's primary key only. The sets are analysed one after another in the task's own
process (a Celery worker's processes may not start processes of their own; on the league server
several workers share the sets of several events), each set's progress written on the job row,
which the browser polls. Seeded as ``python -m scoring analyse`` (seed 0), so the web app and the
command line give the same figures for the same sets.
"""

from __future__ import annotations

import logging

from celery import shared_task

from . import services
from .adapters import to_game_set
from .models import GameSet

log = logging.getLogger(__name__)


@shared_task(bind=True, name=services.ANALYSE_TASK)
def analyse_game_sets(self, job_id: int) -> dict:
    """Analyse the sets of analysis job ``job_id``; returns ``{"job", "status"}``. Never raises for a
    bad job: the error is written on the job for the director to read."""
    from scoring.analysis import analyse_sets

    job = services.claim_analysis(job_id)
    if job is None:
        return {"job": job_id, "status": "skipped"}
    try:
        rows = GameSet.objects.filter(event=job.event, complete=True).order_by("number")
        sets = [to_game_set(row) for row in rows]
        results = analyse_sets(
            sets,
            job.event.rules_variant,
            job.games,
            0,
            players=job.players,
            jobs=1,
            progress=lambda done, total: services.record_analysis_progress(job_id, done, total),
        )
        services.complete_analysis(job_id, {str(result.game_set): result.summary() for result in results})
    except Exception as error:  # the director sees a message, the log the traceback
        log.exception("analysis %s failed", job_id)
        services.fail_analysis(job_id, f"the analysis failed ({error.__class__.__name__}: {error})")
    status = services.AnalysisJob.objects.filter(pk=job_id).values_list("status", flat=True).first()
    return {"job": job_id, "status": status}
