"""A print job: one PDF of one event, rendered by a Celery task and kept as a file row.

Status moves ``queued → running → done | failed`` by compare-and-swap updates only
(``services``); ``done``/``total`` are written by the task as it goes, so the browser's status
poll reads the row and works with or without a Celery result backend.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


def job_file_name(job: PrintJob, filename: str) -> str:
    return f"printing/event-{job.event_id}/{filename}"


class PrintJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to=job_file_name, blank=True, max_length=255)
    size = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, default="")
    task_id = models.CharField(max_length=64, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"], name="printing_job_event_created")]
        constraints = [
            models.CheckConstraint(condition=Q(done__lte=models.F("total")), name="printing_job_done_le_total"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.event_id} ({self.status})"

    @property
    def title(self) -> str:
        """The document in words ("Hand records")."""
        from .documents import title

        return title(self.kind)

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0
