"""Game sets attached to an event, and where they came from.

``GameSet.deals`` is a list of four dicts (deal 1 first) mapping seat suit to a list of canonical
card strings — the shape of ``scoring.gamesets.GameSet.to_dict()["deals"]``. While a director
records hands by hand a set may be incomplete (``complete`` is False); only a set that passed
``scoring.gamesets`` validation is complete.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS

# How the pages name a first dealer and an orientation (the model stores the codes).
DEALER_LABELS = {suit: f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}" for suit in SUITS}
ORIENTATION_LABELS = {order: " → ".join(SUIT_SYMBOLS[suit] for suit in order) for order in ("SDHC", "SCHD")}


def empty_deals() -> list:
    return [{suit: [] for suit in SUITS} for _ in range(4)]


class GameSetFile(models.Model):
    """The event's set of game sets as a whole: its source and, for generated sets, the commitment.

    For a generated file the ``commitment`` (a hash over the sets) is shown to the director before
    play; the ``seed`` that produced the sets is kept secret until ``seed_revealed``, so anyone can
    check afterwards that the cards were not chosen after the fact.
    """

    class Source(models.TextChoices):
        GENERATED = "generated", "Generated"
        IMPORTED = "imported", "Imported from a file"
        RECORDED = "recorded", "Recorded by hand"

    event = models.OneToOneField("events.Event", on_delete=models.CASCADE, related_name="set_file")
    source = models.CharField(max_length=16, choices=Source.choices)
    commitment = models.CharField(max_length=128, blank=True, default="")
    seed = models.CharField(max_length=128, blank=True, default="")
    seed_revealed = models.BooleanField(default=False)
    released = models.BooleanField(default=False, help_text="hands released to the public after play")
    file_name = models.CharField(max_length=200, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Game sets of {self.event} ({self.source})"

    @property
    def public_seed(self) -> str:
        """The seed, or an empty string while it is still secret."""
        return self.seed if self.seed_revealed else ""


class GameSet(models.Model):
    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="game_sets")
    number = models.PositiveSmallIntegerField()
    first_dealer = models.CharField(max_length=1, choices=[(s, s) for s in SUITS], default="S")
    orientation = models.CharField(max_length=4, choices=[("SDHC", "S→D→H→C"), ("SCHD", "S→C→H→D")], default="SDHC")
    deals = models.JSONField(default=empty_deals)
    complete = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="deals_gameset_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deals_gameset_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Game set {self.number}"

    @property
    def first_dealer_label(self) -> str:
        return DEALER_LABELS.get(self.first_dealer, self.first_dealer)

    @property
    def orientation_label(self) -> str:
        return ORIENTATION_LABELS.get(self.orientation, self.orientation)


class AnalysisJob(models.Model):
    """The play engine's analysis of an event's game sets (``scoring.analysis.analyse_sets``), run
    by a Celery task (in-process on the laptop, where no broker is configured). ``done``/``total``
    count the sets analysed, for the browser's progress bar; ``summaries`` maps set numbers (as
    text) to ``Analysis.summary()``, what the hand records and the game-set page print. Status moves
    ``queued → running → done | failed`` by compare-and-swap updates (``services``)."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="analysis_jobs")
    players = models.CharField(max_length=8, default="club")
    games = models.PositiveIntegerField(default=100)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    summaries = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"analysis of {self.event_id} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class AuctionDeal(models.Model):
    """One round's deal of an Auction Calypso team match, the same at both tables: the draft's face-up
    cards and the first hand (``scoring.auction.deal.AuctionDeal.to_dict()``, docs/formats.md). Made by
    ``deals.auction.deal_auction_rounds`` from the secret seed kept on the event's ``GameSetFile``, and
    as secret as game sets: directors only until the hands are released."""

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="auction_deals")
    number = models.PositiveSmallIntegerField(help_text="the round (game) it is played in")
    deal = models.JSONField(help_text="scoring.auction.deal.AuctionDeal.to_dict()")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="deals_auctiondeal_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deals_auctiondeal_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Auction deal, round {self.number}"
