"""The outbox: one row per player per event (a unique constraint), written before anything is sent,
so a laptop without internet keeps what it owes and a second "send" sends only what was not sent."""

from __future__ import annotations

from django.db import models


class Outbox(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    class Kind(models.TextChoices):
        RESULTS = "results", "Results"
        CORRECTED = "corrected", "Corrected results"

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("clubs.Player", on_delete=models.CASCADE, related_name="+")
    address = models.EmailField(max_length=254)  # where it goes, fixed when the row is filled
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.RESULTS)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    # The player's place and figures as the message gives them (mail.figures.figures_of): what a
    # correction is compared with, and what the message says whenever it finally goes.
    figures = models.JSONField(default=dict)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True, default="")
    sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="mail_outbox_one_per_player_event")]
        indexes = [models.Index(fields=["event", "status"], name="mail_outbox_event_status")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.event_id} to {self.address} ({self.status})"
