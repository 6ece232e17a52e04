"""Reads for game sets. Hands are secret until released: callers showing hands to anyone but
the club's directors must check ``hands_visible``."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet

from director.events.models import Event
from scoring import gamesets
from scoring.cards import SUITS, format_hand, sort_key

from .adapters import to_game_set
from .models import GameSet, GameSetFile


def game_sets_of(event: Event) -> QuerySet[GameSet]:
    return GameSet.objects.filter(event=event).order_by("number")


def set_file_of(event: Event) -> GameSetFile | None:
    return GameSetFile.objects.filter(event=event).first()


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
