"""The audit log: who did what to an event, when, and what it was before and after.

Rows are written by ``director.audit.services.record`` inside the same transaction as the change
they describe (so a change and its log entry are both kept or both rolled back) and are never
changed afterwards. They survive the deletion of the user, club or event they mention: the
foreign keys are set to null and ``actor`` keeps the name.

``SignInDevice`` is the sign-in's, not the log's: the browsers a user has signed in from, which
``director.audit.login`` lets past the slow-down a username's failed sign-ins bring elsewhere.
"""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class AuditEntry(models.Model):
    at = models.DateTimeField(db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Who, in words: a username, "table 3" for a table's entry link, or "system".
    actor = models.CharField(max_length=160)
    club = models.ForeignKey("clubs.Club", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    event = models.ForeignKey(
        "events.Event", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries"
    )
    action = models.CharField(max_length=60, db_index=True)
    object_type = models.CharField(max_length=60, blank=True, default="")
    object_id = models.CharField(max_length=40, blank=True, default="")
    object_repr = models.CharField(max_length=200, blank=True, default="")
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    note = models.TextField(blank=True, default="")
    ip_address = models.GenericIPAddressField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [
            models.Index(fields=["event", "-at"], name="audit_event_at"),
            models.Index(fields=["object_type", "object_id"], name="audit_object"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.actor}: {self.action} {self.object_repr}".rstrip()

    def save(self, *args, **kwargs):
        # Append-only: an entry is written once and never edited.
        if not self._state.adding:
            raise RuntimeError("audit entries are never changed")
        super().save(*args, **kwargs)


class SignInDevice(models.Model):
    """A browser a user has signed in from: its device cookie's key (``director.audit.login``).

    From a known device a user is judged by that device's own failed sign-ins only: not slowed down
    by failures elsewhere for their username, nor locked out with an address someone else guesses
    from. Deleting the row (in the admin) forgets the device."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The random key the browser's signed cookie carries; one browser keeps one key for every user
    # who signs in on it, and is known to each of them by a row of its own.
    key = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    last_sign_in_at = models.DateTimeField(help_text="the device is forgotten LOGIN_DEVICE_DAYS after this")
    user_agent = models.CharField(max_length=255, blank=True, default="", help_text="at the last sign-in")
    ip_address = models.GenericIPAddressField(null=True, blank=True, help_text="at the last sign-in")
    # Wrong passwords typed on this device since it last signed in (counted again from 1 once the
    # last is LOGIN_LOCKOUT_MINUTES old): LOGIN_FAILURE_LIMIT of them lock the device out.
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key", "user"], name="audit_device_key_once_per_user")]

    def __str__(self) -> str:
        return f"{self.user} · {self.user_agent[:60] or 'a browser'}"
