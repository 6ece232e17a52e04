"""What a cutthroat event's tally cards hold: each player's own score, written without a sign."""

from __future__ import annotations

from director.sheets.base import as_typed, whole_number


def parse_score(text) -> int | None:
    """A cutthroat score as written on a card: ``1,250``, ``900`` (no sign needed; a ``+`` is let
    pass); blank → None. A player's own score is never negative, so ``-40`` is refused."""
    cleaned = as_typed(text)
    if not cleaned:
        return None
    if not whole_number(cleaned):
        raise ValueError(f"{str(text).strip()!r} is not a score (write it as on the card, like 1,250)")
    score = int(cleaned)
    if score < 0:
        raise ValueError(f"{str(text).strip()!r} is negative: a cutthroat score never is (write it like 1,250)")
    return score
