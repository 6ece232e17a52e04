"""Reads for game sets. Hands are secret until released: callers showing hands to anyone but
the club's directors must check ``hands_visible``."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet

from director.events.models import Event, Seating
from director.sheets.registry import kind_of
from scoring import gamesets
from scoring.cards import SUITS, format_hand, sort_key

from .adapters import to_game_set
from .models import AnalysisJob, GameSet, GameSetFile


def game_sets_of(event: Event) -> QuerySet[GameSet]:
    return GameSet.objects.filter(event=event).order_by("number")


def set_file_of(event: Event) -> GameSetFile | None:
    return GameSetFile.objects.filter(event=event).first()


def sets_needed(event: Event) -> list[int]:
    """The game-set numbers the event's seating plays (empty when tables deal their own cards)."""
    numbers = (
        Seating.objects.filter(round__event=event)
        .exclude(game_set_number=None)
        .values_list("game_set_number", flat=True)
        .distinct()
    )
    return sorted(set(numbers))


@dataclass(frozen=True)
class CommitmentState:
    """Whether the event's commitment can be announced.

    ``value`` is the commitment only once it is final: every set the seating plays exists and
    every set is complete. Before that it is empty, and ``missing`` (sets the seating plays that
    do not exist) and ``incomplete`` (sets still being recorded) say why: any hash shown then
    would change with the next set and would not verify.
    """

    value: str
    missing: tuple[int, ...] = ()
    incomplete: tuple[int, ...] = ()

    @property
    def final(self) -> bool:
        return bool(self.value)


def commitment_state(
    event: Event,
    *,
    set_file: GameSetFile | None = None,
    sets: list[GameSet] | None = None,
    needed: list[int] | None = None,
) -> CommitmentState:
    """The commitment to announce for ``event``; pass what the caller already loaded to save queries."""
    set_file = set_file if set_file is not None else set_file_of(event)
    if kind_of(event).no_game_sets:  # an Auction team match's deals (``deals.auction``): stored when dealt
        return CommitmentState(set_file.commitment if set_file is not None else "")
    sets = sets if sets is not None else list(game_sets_of(event))
    needed = needed if needed is not None else sets_needed(event)
    have = {row.number for row in sets}
    missing = tuple(number for number in needed if number not in have)
    incomplete = tuple(row.number for row in sets if not row.complete)
    if set_file is None or not sets or missing or incomplete:
        return CommitmentState("", missing, incomplete)
    # Over the rows as they are now (what the stored value is kept equal to), so a stored value
    # left from before a re-seating or an edit is never the one shown.
    return CommitmentState(gamesets.commitment(to_game_set(row) for row in sets), missing, incomplete)


def hands_visible(event: Event, *, director: bool) -> bool:
    """Directors always see hands; everyone else only after the director released them."""
    return director or event.hands_released


@dataclass
class RecordingState:
    """What the hand-recording page shows for one set: what is left of the deck, which hands are
    incomplete, and problems per hand (keyed ``"deal.seat"``, e.g. ``"2.H"``)."""

    game_set: GameSet
    remaining: str  # suit-grouped, e.g. "S AAKK... H ..."
    remaining_count: int
    incomplete: list[str] = field(default_factory=list)  # "deal 2 H (9 cards)"
    problems: dict[str, list[str]] = field(default_factory=dict)
    can_fill_last: bool = False

    @property
    def complete(self) -> bool:
        return self.game_set.complete


def recording_state(row: GameSet) -> RecordingState:
    partial = to_game_set(row)
    problems: dict[str, list[str]] = {}
    incomplete = []
    empty = 0
    for d, deal in enumerate(partial.deals, start=1):
        for seat in SUITS:
            size = len(deal.get(seat, ()))
            if size == 0:
                empty += 1
            if size != gamesets.HAND_SIZE:
                incomplete.append(f"deal {d} {seat} ({size} cards)")
                if size:
                    problems.setdefault(f"{d}.{seat}", []).append(f"{size} cards, not {gamesets.HAND_SIZE}")
    try:
        left = gamesets.remaining_cards(partial)
    except gamesets.GameSetError as error:
        left = None
        problems.setdefault("set", []).extend(error.problems)
    remaining = format_hand(sorted(left.elements(), key=sort_key)) if left else ""
    count = sum(left.values()) if left else 0
    return RecordingState(
        game_set=row,
        remaining=remaining,
        remaining_count=count,
        incomplete=incomplete,
        problems=problems,
        can_fill_last=empty == 1 and count == gamesets.HAND_SIZE and len(incomplete) == 1,
    )


def latest_analysis(event: Event) -> AnalysisJob | None:
    """The event's most recent analysis job (running or finished), or ``None``."""
    return AnalysisJob.objects.filter(event=event).order_by("-created_at", "-id").first()


def analysis_summaries(event: Event) -> dict[int, dict]:
    """Set number → the analysis summary of the event's latest finished analysis (empty if none)."""
    done = AnalysisJob.objects.filter(event=event, status=AnalysisJob.Status.DONE)
    job = done.order_by("-finished_at", "-id").first()
    return {} if job is None else {int(number): summary for number, summary in job.summaries.items()}
