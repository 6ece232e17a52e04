"""Three-handed Auction Calypso: a score pad only (AUCTION.md §8).

The earlier three-handed rules (a 208-card deck, 17 cards each, one player against the other two
each hand, optional seeded calypsos) are supported **as a score pad only**: per hand the declarer,
the contract and each player's result **as entered**. The engine does not compute the results from
cards — the three-handed rules' scoring is not part of AUCTION.md — so it checks what it can (three
distinct players, a declarer among them, a contract that parses, one whole-number result per player)
and keeps the running totals. See docs/auction.md, "Three-handed Auction Calypso".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .bidding import Contract
from .values import AuctionError

THREE = 3
"""Players at a three-handed pad."""

_BY = re.compile(r"\sby(\s|$)", re.IGNORECASE)

HAND_KEYS = ("declarer", "contract", "results")
"""The keys of one hand's JSON object, all required."""


def check_players(players: object) -> tuple[str, ...]:
    """The pad's three players, by name: three distinct, non-empty texts. ``AuctionError`` otherwise."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise AuctionError(f"players: a three-handed pad names its three players in a list, not {players!r}")
    names = []
    for position, name in enumerate(players, start=1):
        if not isinstance(name, str) or not name.strip():
            raise AuctionError(f"players: player {position} must be a name, not {name!r}")
        if name.strip() in names:
            raise AuctionError(f"players: {name.strip()} is named twice")
        names.append(name.strip())
    if len(names) != THREE:
        raise AuctionError(f"players: a three-handed pad has three players, not {len(names)}")
    return tuple(names)


def _result(name: str, value: object) -> int:
    # JSON integers only: bool, float and text (even "12" or "²") are refused.
    if isinstance(value, bool) or not isinstance(value, int):
        raise AuctionError(f"results: {name}'s result must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class ThreeHandedHand:
    """One hand of a three-handed pad: the ``declarer`` (a player's name), the ``contract`` (without a
    declarer: ``Contract.parse`` reads it) and ``results``, each player's result as entered."""

    declarer: str
    contract: Contract
    results: Mapping[str, int]

    @classmethod
    def from_dict(cls, data: object, players: Sequence[str]) -> ThreeHandedHand:
        """Read ``{"declarer": "Ann", "contract": "1 & 290♥ X", "results": {"Ann": 300, ...}}`` for the
        pad's ``players``. ``AuctionError`` naming the field that is wrong."""
        names = check_players(players)
        if not isinstance(data, Mapping):
            raise AuctionError(f"a hand is a JSON object, not {data!r}")
        missing = [key for key in HAND_KEYS if key not in data]
        if missing:
            raise AuctionError(f"missing {', '.join(missing)}")
        extra = sorted(str(key) for key in data if key not in HAND_KEYS)
        if extra:
            raise AuctionError(f"unknown key {', '.join(extra)} (a hand has declarer, contract, results)")
        declarer = data["declarer"]
        if declarer not in names:
            raise AuctionError(f"declarer: {declarer!r} is not one of the pad's players ({', '.join(names)})")
        if isinstance(data["contract"], str) and _BY.search(data["contract"]):
            raise AuctionError('contract: the declarer is given in "declarer", not with "by"')
        try:
            contract = Contract.parse(data["contract"])
        except AuctionError as error:
            raise AuctionError(f"contract: {error}") from None
        results = data["results"]
        if not isinstance(results, Mapping):
            raise AuctionError(f"results: one result per player, as an object, not {results!r}")
        unknown = [str(name) for name in results if name not in names]
        if unknown:
            verb = "is" if len(unknown) == 1 else "are"
            raise AuctionError(
                f"results: {', '.join(unknown)} {verb} not one of the pad's players ({', '.join(names)})"
            )
        absent = [name for name in names if name not in results]
        if absent:
            raise AuctionError(f"results: no result for {', '.join(absent)}")
        return cls(declarer, contract, {name: _result(name, results[name]) for name in names})

    def to_dict(self) -> dict[str, object]:
        """The JSON ``from_dict`` reads."""
        return {"declarer": self.declarer, "contract": str(self.contract), "results": dict(self.results)}


def score_three_handed_pad(players: object, hands: object) -> list[tuple[ThreeHandedHand, dict[str, int]]]:
    """Check a three-handed pad (its ``players`` and its ``hands`` in order, as ``ThreeHandedHand`` or
    their JSON) and return each hand with the running totals per player. ``AuctionError`` naming the
    hand and the field that is wrong."""
    names = check_players(players)
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise AuctionError(f"hands: a three-handed pad's hands are a list, not {hands!r}")
    if not hands:
        raise AuctionError("hands: the pad has no hands")
    totals = dict.fromkeys(names, 0)
    out = []
    for number, data in enumerate(hands, start=1):
        try:
            hand = ThreeHandedHand.from_dict(data.to_dict() if isinstance(data, ThreeHandedHand) else data, names)
        except AuctionError as error:
            raise AuctionError(f"hand {number}: {error}") from None
        for name in names:
            totals[name] += hand.results[name]
        out.append((hand, dict(totals)))
    return out
