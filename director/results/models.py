"""Scoresheets as append-only, versioned submissions (DESIGN.md, after Tabbycat's ballots).

Every entry or correction of one table's sheet for one game is a new row with the next
``version``. What a row says (sheet, scores, who, how, when, from where) never changes; only
``status`` moves on — submitted → confirmed / disputed, and any of them → superseded — and only
through a compare-and-swap or under the table's row lock in ``results.services``.

The database refuses a second confirmed sheet for one table and game (conditional unique
constraint), whatever the application does, and a repeated idempotency key.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Submission(models.Model):
    class Status(models.TextChoices):
        SUBMITTED = "submitted", "Submitted, awaiting confirmation"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        SUPERSEDED = "superseded", "Superseded"

    class Source(models.TextChoices):
        DIRECTOR = "director", "Director"
        TABLE = "table", "Table"
        IMPORT = "import", "Import"

    table = models.ForeignKey("events.Table", on_delete=models.CASCADE, related_name="submissions")
    round = models.ForeignKey("events.Round", on_delete=models.CASCADE, related_name="submissions")
    version = models.PositiveIntegerField()
    sheet = models.JSONField(help_text="scoring.scores.ScoreSheet.to_dict()")
    majors = models.IntegerField(help_text="the majors partnership's score")
    minors = models.IntegerField(help_text="the minors partnership's score")
    net = models.IntegerField(help_text="majors − minors")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SUBMITTED)
    source = models.CharField(max_length=10, choices=Source.choices)
    submitted_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="submissions"
    )
    submitted_by_table = models.ForeignKey(
        "events.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # A table's own sheet: the side that sent it (majors / minors), so the other side confirms it
    # (blank when the director or the API entered it).
    submitted_side = models.CharField(max_length=6, blank=True, default="", db_default="")
    # ... and the phone it was sent from (a random id kept in that phone's session, not the session
    # key): a confirmation must come from another phone, whatever side that phone says it is.
    submitted_phone = models.CharField(max_length=40, blank=True, default="", db_default="")
    # ... and, on a night of player codes (``Event.phones``), the player whose phone sent it: only a
    # player who sat against them confirms. On a night of partnership codes the partnership, whose
    # code it was, is who sent it (the director's history names it); ``submitted_by_player`` then
    # holds its first player, for the rule above.
    submitted_by_player = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    submitted_by_partnership = models.ForeignKey(
        "events.Partnership", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now_add=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    # A client's key for one request, so a retry writes nothing new: the table's own (unique per
    # table below, looked up within the table's event), never a club-wide or site-wide name. Null,
    # not "", for none: the constraint then lets any number of sheets have none.
    idempotency_key = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001
    note = models.TextField(blank=True, default="")
    # When, by whom and why the status last moved (confirm, dispute, supersede).
    status_note = models.TextField(blank=True, default="")
    status_changed_at = models.DateTimeField(null=True, blank=True)
    status_changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status_changed_by_table = models.ForeignKey(
        "events.Table", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status_changed_by_player = models.ForeignKey(
        "clubs.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status_changed_by_partnership = models.ForeignKey(
        "events.Partnership", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # At the table: which side (majors / minors) confirmed or disputed.
    status_changed_side = models.CharField(max_length=6, blank=True, default="", db_default="")
    # A dispute may carry the disputing side's own sheet as the correction they propose (checked and
    # scored when the dispute is made): {"sheet": ..., "majors": ..., "minors": ..., "net": ...}.
    # It is not a version: the players send it as one, or the director enters it.
    proposal = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round__number", "table__number", "version"]
        indexes = [models.Index(fields=["round", "status"], name="results_sub_round_status")]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "round"],
                condition=Q(status="confirmed"),
                name="results_one_confirmed_sheet_per_table_game",
            ),
            models.UniqueConstraint(fields=["table", "round", "version"], name="results_version_unique"),
            # Key first: the index also serves the look-up of a key within an event (services.replayed).
            models.UniqueConstraint(fields=["idempotency_key", "table"], name="results_key_unique_per_table"),
            models.CheckConstraint(condition=Q(version__gte=1), name="results_version_positive"),
            models.CheckConstraint(condition=Q(net=models.F("majors") - models.F("minors")), name="results_net"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.round} · v{self.version} ({self.status})"
