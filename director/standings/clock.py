"""The round clock on the projector (pure; ``static/standings/projector.js`` mirrors it).

A game is four deals in ``length`` minutes, so at each quarter the director's announcement moves
on (RULES.md §6): "you should be finishing the first deal", "… the second deal", then "last deal"
once three quarters are gone, and "time" at the end.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

PROMPTS = (
    "Game on: first deal",
    "You should be finishing the first deal",
    "You should be finishing the second deal",
    "Last deal",
    "Time",
)


@dataclass(frozen=True)
class ClockState:
    running: bool
    elapsed: int  # seconds since the start (0 when not started)
    remaining: int  # seconds left, never negative
    length: int  # seconds in the game
    quarter: int  # 0..3 while playing, 4 once time is up
    prompt: str

    def as_dict(self) -> dict:
        return asdict(self)


def clock_state(started_at: datetime | None, length_minutes: int, now: datetime) -> ClockState:
    length = max(1, int(length_minutes)) * 60
    if started_at is None:
        return ClockState(False, 0, length, length, 0, "The clock has not started")
    elapsed = max(0, int((now - started_at).total_seconds()))
    quarter = min(4, elapsed * 4 // length)
    return ClockState(True, elapsed, max(0, length - elapsed), length, quarter, PROMPTS[quarter])


def mmss(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"
