"""The phone page of an Embers night's table (docs/variants.md, "Embers at the club"): the pad's
boxes in place of the 208-card sheet, the pad sent scored hand by hand, and a phone's own typed pad
beside the one sent first. The checks, double entry and confirmation are the results services'."""

from __future__ import annotations

from director.events.embers import is_embers
from director.sheets.embers.kind import pad_lines
from director.sheets.embers.pad import embers_view, pad_rows, pad_values


def embers_context(state, values) -> dict:
    """What the page's template needs of an Embers night (``embers`` False otherwise)."""
    event = state.event
    if not is_embers(event):
        return {"embers": False}
    submission = state.submission
    return {
        "embers": True,
        "embers_rows": pad_rows("", values or {}, event.embers_hands),
        "embers_lines": pad_lines(submission.sheet) if submission is not None else None,
    }


def embers_typed(kept: dict, state, problems: list[str], scored) -> dict:
    """A phone's own pad beside the one sent first: how many boxes differ, its problems or scores."""
    hands = state.event.embers_hands
    return {
        "view": embers_view(kept["sheet"], state.submission.sheet),
        "values": pad_values("", kept["sheet"], hands),
        "problems": problems,
        "scores": scored,
        "lines": None if problems else pad_lines(kept["sheet"]),
    }
