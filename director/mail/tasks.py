"""The send task: one outbox row a task, retried with backoff when the mail server fails, rate
limited per worker (``MAIL_PER_MINUTE``). A task that finds its row sent already does nothing, so a
task delivered twice (a worker lost, a second "Send now") never sends twice."""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.conf import settings

from . import services

# What a retry may cure: the server or the network, not a message the server refuses outright.
TRANSIENT = (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError, smtplib.SMTPResponseException, OSError)


def backoff(retries: int) -> int:
    """Seconds before retry ``retries + 1``: 20 s, 40 s, 80 s, … at most 10 minutes."""
    return min(600, 20 * 2**retries)


@shared_task(
    bind=True,
    name=services.SEND_TASK,
    rate_limit=settings.MAIL_RATE_LIMIT,
    max_retries=services.MAX_ATTEMPTS - 1,
    acks_late=True,
    reject_on_worker_lost=True,
)
def send_message(self, outbox_id: int) -> str:
    try:
        return services.send_one(outbox_id)
    except TRANSIENT as error:
        final = self.request.is_eager or self.request.retries >= self.max_retries
        services.record_failure(outbox_id, error, final=final)
        if final:  # on a laptop: the row waits, failed, for the next "Send now"
            return "failed"
        raise self.retry(exc=error, countdown=backoff(self.request.retries)) from error
