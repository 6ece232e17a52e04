"""An Auction Calypso event's settings: hands per round, the draft, and the score values.

The one home of what a club may tune (AUCTION.md §7: "make them settings") and of the limits on
it: ``AuctionSettings.from_dict`` reads and checks what a director typed or an API client sent,
``to_dict`` is what an event stores (every value, so a stored event never changes meaning when a
default does). The values themselves are ``scoring.auction.AuctionValues``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .auction import VALUES, AuctionError, AuctionValues

DEFAULT_HANDS = 12  # AUCTION.md §1: "4 short, 12 ideal, 16 a long session"
MAX_HANDS = 32
MAX_VALUE = 100_000

# What each value is, in the club's words (the event form's labels and the errors say it).
VALUE_LABELS: dict[str, str] = {
    "minimum_bid": "minimum bid",
    "declarer_card": "points per card in declarer's trick pile",
    "first_card": "cards-required bonus, first card",
    "further_card": "cards-required bonus, each further card",
    "sell_price": "points per card sold",
    "calypso": "points per calypso",
    "calypso_bid": "bonus per calypso bid and made",
    "defender_card": "points per card in the defenders' trick pile",
    "table_cap": "cards a side may keep on the table",
}
VALUE_NAMES = tuple(f.name for f in fields(AuctionValues))
assert set(VALUE_NAMES) == set(VALUE_LABELS), "every AuctionValues field has its label"

# The lowest each value may be: a minimum bid below the rules' 220 is refused by Bid itself; a
# card must earn something where a rule divides or compares by it; 13 cards is one calypso.
VALUE_MINIMUM: dict[str, int] = {
    "minimum_bid": VALUES.minimum_bid,
    "declarer_card": 1,
    "first_card": 0,
    "further_card": 0,
    "sell_price": 1,
    "calypso": 0,
    "calypso_bid": 0,
    "defender_card": 0,
    "table_cap": 13,
}


def _whole(value: object, what: str, minimum: int, maximum: int) -> int:
    if isinstance(value, bool):
        raise AuctionError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, str):
        # isdecimal, not isdigit: int() reads every decimal digit but not "²" or "①"; one sign only
        text = value.strip()
        if text.removeprefix("-").isdecimal() and len(text) <= 12:
            value = int(text)
    if not isinstance(value, int):
        shown = value if not isinstance(value, str) else value[:20]
        raise AuctionError(f"{what} must be a whole number, not {shown!r}")
    if not minimum <= value <= maximum:
        raise AuctionError(f"{what} must be from {minimum} to {maximum}, not {value}")
    return value


def values_from_dict(data: object) -> AuctionValues:
    """``AuctionValues`` from JSON: any of its fields (the rest keep the rules' values). Every
    problem is named in one ``AuctionError``."""
    if data is None:
        return VALUES
    if not isinstance(data, Mapping):
        raise AuctionError(f"the score values are an object of {', '.join(VALUE_NAMES)}")
    unknown = sorted(str(k)[:40] for k in data if k not in VALUE_LABELS)
    if unknown:
        raise AuctionError(f"unknown score value {', '.join(map(repr, unknown))} (one of {', '.join(VALUE_NAMES)})")
    problems: list[str] = []
    clean: dict[str, int] = {}
    for name, value in data.items():
        try:
            clean[name] = _whole(value, f"{name} ({VALUE_LABELS[name]})", VALUE_MINIMUM[name], MAX_VALUE)
        except AuctionError as error:
            problems.append(str(error))
    if "minimum_bid" in clean and clean["minimum_bid"] % 10:
        problems.append(
            f"minimum_bid ({VALUE_LABELS['minimum_bid']}) must be a multiple of 10, not {clean['minimum_bid']}"
        )
    if problems:
        raise AuctionError("; ".join(problems))
    return AuctionValues(**clean)


@dataclass(frozen=True)
class AuctionSettings:
    """``hands``: hands played per round at each table; ``draft``: the optional draft (AUCTION.md §2)
    before the first hand; ``values``: the score values."""

    hands: int = DEFAULT_HANDS
    draft: bool = False
    values: AuctionValues = field(default=VALUES)

    @classmethod
    def from_dict(cls, data: object) -> AuctionSettings:
        """From JSON: ``{"hands": 12, "draft": false, "values": {"calypso": 500, …}}``; anything
        left out keeps its default. ``AuctionError`` naming every problem."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise AuctionError("the Auction settings are an object with hands, draft and values")
        unknown = sorted(str(k)[:40] for k in data if k not in ("hands", "draft", "values"))
        if unknown:
            raise AuctionError(f"unknown Auction setting {', '.join(map(repr, unknown))} (hands, draft, values)")
        problems: list[str] = []
        hands = DEFAULT_HANDS
        if "hands" in data:
            try:
                hands = _whole(data["hands"], "hands per round", 1, MAX_HANDS)
            except AuctionError as error:
                problems.append(str(error))
        draft = data.get("draft", False)
        if not isinstance(draft, bool):
            problems.append(f"draft must be true or false, not {str(draft)[:20]!r}")
        values = VALUES
        try:
            values = values_from_dict(data.get("values"))
        except AuctionError as error:
            problems.append(str(error))
        if problems:
            raise AuctionError("; ".join(problems))
        return cls(hands=hands, draft=draft, values=values)

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "draft": self.draft, "values": asdict(self.values)}

    def changed_values(self) -> dict[str, int]:
        """The values that differ from the rules' (what the event page points out)."""
        return {k: v for k, v in asdict(self.values).items() if v != getattr(VALUES, k)}


DEFAULTS = AuctionSettings()

__all__ = ["DEFAULTS", "VALUE_LABELS", "VALUE_NAMES", "AuctionSettings", "values_from_dict"]
