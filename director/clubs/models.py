"""A club, the people who direct it, its players and its seasons."""

from __future__ import annotations

import re

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    # Club settings (the Club settings page). Off by default: a release sends mail only when the
    # club has chosen that (#33); otherwise the director presses "Send now" on the event page. The
    # database default too: code of an older migration state (a data migration) still inserts clubs.
    send_results_on_release = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ClubDirector(models.Model):
    """A user's role in a club. A user may direct several clubs; a club has several directors."""

    class Role(models.TextChoices):
        OWNER = "owner", "Owner"
        DIRECTOR = "director", "Director"
        ASSISTANT = "assistant", "Assistant"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="directors")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.DIRECTOR)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club__name", "user__username"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="clubs_director_once_per_club")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) at {self.club}"


def name_key(name) -> str:
    """What makes two player names the same person within a club: case and runs of spaces do not
    count ("  al   CHARLES " is "Al Charles"); casefold() folds every script (ß is ss)."""
    return re.sub(r"\s+", " ", str(name)).strip().casefold()


class Player(models.Model):
    """A club member. ``external_id`` is the league or membership number, optional. A name is
    unique in its club whatever its case or spacing ("Al Charles" and "al  CHARLES" are one person)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    # ``name_key(name)``, kept by save(): a new or renamed member's name is looked up by it (one
    # indexed row) instead of reading every member to compare casefolded names in Python.
    name_key = models.CharField(max_length=480, editable=False, default="")
    external_id = models.CharField(max_length=60, blank=True, default="")
    active = models.BooleanField(default=True)
    # Results by e-mail (#33): the address, and the club's record of the member's opt-in — when and
    # how it was given ("membership form", "asked at the club night"). No consent, no message; a
    # withdrawal (the unsubscribe link, or the director) clears the consent and keeps when it happened.
    email = models.EmailField(max_length=254, blank=True, default="")
    email_consent_at = models.DateTimeField(null=True, blank=True)
    email_consent_how = models.CharField(max_length=120, blank=True, default="")
    email_withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Set when the member's personal data was erased on request (mail.members.erase_player): the
    # name is a placeholder, the address and consent gone; their results stay in the standings.
    erased_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        indexes = [models.Index(fields=["club", "name_key"], name="clubs_player_name_key")]
        constraints = [
            # Names are stored with their spaces trimmed and collapsed (clubs.services); the services
            # also compare with casefold(), which this LOWER() backs up for the letters it folds.
            models.UniqueConstraint(
                F("club"),
                Lower("name"),
                name="clubs_player_name_ci_unique_per_club",
                violation_error_message="the club already has a player with this name (in another case)",
            ),
            models.UniqueConstraint(
                fields=["club", "external_id"],
                condition=~Q(external_id=""),
                name="clubs_player_external_id_unique_per_club",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.fill_derived()
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields and "name_key" not in fields:
            kwargs["update_fields"] = [*fields, "name_key"]
        super().save(*args, **kwargs)

    def fill_derived(self) -> None:
        """The columns computed from others (save() calls it; so does an import's bulk insert,
        audit.exchange, which bypasses save())."""
        self.name_key = name_key(self.name)

    @property
    def mail_consent(self) -> bool:
        """The member gets results by e-mail: an address and an opt-in on record."""
        return bool(self.email) and self.email_consent_at is not None


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="clubs_season_name_unique_per_club"),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True) | Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                name="clubs_season_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"
