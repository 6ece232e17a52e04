"""What the director decides about results beyond the scoresheets: adjustments and options.

- ``ArtificialScore``: an artificial adjusted score (Average ``A``, Average-plus ``A+``,
  Average-minus ``A-``; RULES.md §7) for one side of one table in one round, instead of (or in the
  absence of) a real result. Each side is awarded separately; the two need not balance.
- ``FouledSet``: a game set that not every table played with the same cards, split into groups
  of plays (round, table) each matchpointed within itself and factored to the set's full count.
- ``StandingsOptions``: the per-event choices of how standings are ranked (tie-break, team method,
  and for duplicate pairs a list per direction or one overall list).

Adjustments are a log: a row is never edited or deleted; withdrawing one stamps ``withdrawn_at``
(who and why too), and the database allows one live row per place.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

ARTIFICIAL_CODES = [("A", "Average (50 %)"), ("A+", "Average-plus (60 %)"), ("A-", "Average-minus (40 %)")]
DIRECTIONS = [("majors", "Majors (Spades & Hearts)"), ("minors", "Minors (Diamonds & Clubs)")]


class Adjustment(models.Model):
    """Common fields: the reason and who/when, and the same for a withdrawal."""

    reason = models.TextField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    withdrawn_reason = models.TextField(blank=True, default="")

    class Meta:
        abstract = True

    @property
    def live(self) -> bool:
        return self.withdrawn_at is None


class ArtificialScore(Adjustment):
    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="artificial_scores")
    round = models.ForeignKey("events.Round", on_delete=models.CASCADE, related_name="artificial_scores")
    table = models.ForeignKey("events.Table", on_delete=models.CASCADE, related_name="artificial_scores")
    direction = models.CharField(max_length=8, choices=DIRECTIONS)
    code = models.CharField(max_length=2, choices=ARTIFICIAL_CODES)

    class Meta:
        ordering = ["round__number", "table__number", "direction", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table", "direction"],
                condition=Q(withdrawn_at__isnull=True),
                name="standings_one_live_artificial_per_side",
            ),
            models.CheckConstraint(condition=Q(code__in=["A", "A+", "A-"]), name="standings_artificial_code"),
            models.CheckConstraint(condition=Q(direction__in=["majors", "minors"]), name="standings_artificial_dir"),
        ]

    def __str__(self) -> str:
        return f"{self.code} to {self.direction}, table {self.table.number}, game {self.round.number}"


class FouledSet(Adjustment):
    """``groups``: a list of groups, each a list of ``[round number, table number]`` plays."""

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="fouled_sets")
    game_set_number = models.PositiveSmallIntegerField()
    groups = models.JSONField()

    class Meta:
        ordering = ["game_set_number", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "game_set_number"],
                condition=Q(withdrawn_at__isnull=True),
                name="standings_one_live_fouling_per_set",
            ),
        ]

    def __str__(self) -> str:
        return f"Set {self.game_set_number} fouled ({len(self.groups)} groups)"


class StandingsOptions(models.Model):
    class TieBreak(models.TextChoices):
        NONE = "none", "None (equal totals share a rank)"
        HEAD_TO_HEAD = "head-to-head", "Head-to-head"
        COUNT_BACK = "count-back", "Count-back (last game, last two…)"

    class TeamMethod(models.TextChoices):
        MATCH_POINTS = "match-points", "Match points (win 2, draw 1)"
        BOARD_A_MATCH = "board-a-match", "Board-a-match (per game set)"
        AGGREGATE = "aggregate", "Aggregate (Konstam)"

    class Ranking(models.TextChoices):
        # scoring.standings.RANKINGS; "auto" is scoring.standings.ranking_for's choice
        AUTO = "auto", "As the movement suggests: two for a Mitchell"
        SEPARATE = "separate", "Two lists: ♠♥ pairs (N/S), ♦♣ pairs (E/W)"
        OVERALL = "overall", "One overall list"

    event = models.OneToOneField("events.Event", on_delete=models.CASCADE, related_name="standings_options")
    tie_break = models.CharField(max_length=16, choices=TieBreak.choices, default=TieBreak.NONE)
    team_method = models.CharField(max_length=16, choices=TeamMethod.choices, default=TeamMethod.MATCH_POINTS)
    ranking = models.CharField(
        max_length=16,
        choices=Ranking.choices,
        default=Ranking.AUTO,
        help_text="duplicate pairs: a list per direction, or one overall list",
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Standings options of {self.event}"


class TallyCardEntry(models.Model):
    """A paper tally card as typed into the cross-check page, so the director can come back to it.

    Append-only and versioned: each save that changes a card writes a new row (version 1, 2, …
    per event and entrant) with who and when; the highest version is the card as it stands. A card
    cleared on the page is saved as a version with no lines and no total.
    """

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="tally_card_entries")
    entrant = models.CharField(max_length=32)  # a partnership number or (individual events) a player id, as text
    version = models.PositiveIntegerField()
    lines = models.JSONField(default=dict, blank=True)  # {"1": 120, "3": -40}: game -> net as written
    total = models.IntegerField(null=True, blank=True)  # the total written at the bottom, if any
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "entrant", "version"]
        constraints = [
            models.UniqueConstraint(fields=["event", "entrant", "version"], name="standings_one_tally_card_version"),
            models.CheckConstraint(condition=Q(version__gte=1), name="standings_tally_card_version_from_1"),
        ]

    def __str__(self) -> str:
        return f"tally card {self.entrant} v{self.version} ({self.event_id})"

    @property
    def nets(self) -> dict[int, int]:
        return {int(game): int(net) for game, net in (self.lines or {}).items()}
