"""An Auction game's constants, ``IllegalMove``, card helpers and ``HandRecord`` (one hand as played,
with the engine's own accounting and ``disagreements`` against the score pad)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .. import _fastplay as fp
from ..auction import SIDES, VALUES, AuctionError, AuctionValues, Contract, HandScore, SideHand, score_hand
from ..cards import CARDS, SUITS, Card, CardError, parse_card

RECORD_FORMAT = "calypso-auction-play/1"
PACK_COPIES = 2
PACK = 52 * PACK_COPIES
HAND_SIZE = 13
DRAFT_ROUNDS = 4
DRAFT_CARDS = 8
ORDER = "SDHC"  # clockwise
PHASES = ("draft", "auction", "trumps", "play", "sell", "ditch", "over")

_SEAT = {seat: i for i, seat in enumerate(SUITS)}
_TEXT = tuple(str(card) for card in CARDS)
_ALL = (0, 1, 2, 3)
_NEXT = fp.next_seats(ORDER)
# _ORDER[leader]: the four seats of a trick in turn order from its leader.
_ORDER = tuple((s, _NEXT[s], _NEXT[_NEXT[s]], _NEXT[_NEXT[_NEXT[s]]]) for s in range(4))
_FULL = fp.FULL


class IllegalMove(AuctionError):
    """A draft pick, trump gift, card, sale or ditch the game does not allow now; says why."""


def _card(card: Card | str) -> int:
    if isinstance(card, Card):
        return card.index
    try:
        return parse_card(card).index
    except CardError as error:
        raise IllegalMove(str(error)) from None


_PACK = tuple(c for c in range(52) for _ in range(PACK_COPIES))  # the double pack in card order


def _shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, draw for draw: CPython's ``Random.shuffle`` swaps position i (from the end)
    with ``_randbelow(i + 1)``, which takes ``getrandbits(k)`` for the k bits of i + 1 until one is
    below i + 1 (tests/scoring/test_auction_shuffle.py holds it to that on many lists). Inline here:
    a whole pack without a method call per card."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _bits(mask: int) -> list[int]:
    return [r for r in range(13) if mask >> r & 1]


@dataclass
class HandRecord:
    """One hand as played: who dealt, the cards dealt, the auction, trumps, tricks, what each side took
    (``declarers``/``defenders`` as the score pad reads them), the sale, the score and the ledger.

    ``ledger`` is the engine's own accounting, kept trick by trick: ``contract_points``,
    ``outcome``, ``declarers``, ``defenders`` (each side's points for the hand), and the cards each
    side holds on the table before and after the hand (``table_before``, ``table_after``: majors,
    minors)."""

    number: int
    dealer: str
    dealt: dict[str, tuple[Card, ...]]
    calls: list[tuple[str, str]] = field(default_factory=list)
    contract: Contract | None = None
    trumps: dict[str, str] = field(default_factory=dict)
    noted: dict[str, int] = field(default_factory=dict)
    """What is noted before play (AUCTION.md §3): the cards declarer's side already holds in the
    calypsos in progress of its two trump suits, by suit (13 minus these are the cards required)."""
    tricks: list[tuple[str, tuple[Card, ...]]] = field(default_factory=list)
    declarers: SideHand | None = None
    defenders: SideHand | None = None
    sell: bool | None = None
    sold: tuple[Card, ...] = ()
    ditched: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    score: HandScore | None = None
    ledger: dict[str, Any] = field(default_factory=dict)

    @property
    def declarer_side(self) -> str:
        assert self.contract is not None and self.contract.declarer is not None
        return SIDES[_SEAT[self.contract.declarer] >> 1]

    def disagreements(self, values: AuctionValues = VALUES) -> list[str]:
        """Where the score pad and the engine's own accounting of this (finished) hand differ: the
        52-card check, the pad's score of the engine's counts against the ledger's outcome, contract
        points and side totals, and each side's table (before + P − 13 × C − sold − ditched = after,
        at most the cap). Empty when they agree."""
        out: list[str] = []
        declarers, defenders, ledger = self.declarers, self.defenders, self.ledger
        if declarers is None or defenders is None or self.score is None or "table_after" not in ledger:
            return [f"hand {self.number} is not finished"]
        total = declarers.trick_pile + declarers.added + defenders.trick_pile + defenders.added
        if total != 52:
            out.append(f"T + P of both sides is {total}, not 52")
        assert self.contract is not None
        try:
            pad = score_hand(self.contract, declarers, defenders, self.sell, values)
        except AuctionError as refused:  # counts the pad cannot score: that is the disagreement
            out.append(f"the pad refuses the hand: {refused}")
        else:
            for name in ("outcome", "contract_points", "declarers", "defenders"):
                if getattr(pad, name) != ledger[name]:
                    out.append(f"{name}: the pad says {getattr(pad, name)}, the engine {ledger[name]}")
        side = SIDES.index(self.declarer_side)
        for s, took in ((side, declarers), (1 - side, defenders)):
            sold = len(self.sold) if s == side else 0
            ditched = len(self.ditched.get(SIDES[s], ()))
            expected = ledger["table_before"][s] + took.added - HAND_SIZE * took.calypsos - sold - ditched
            after = ledger["table_after"][s]
            if after != expected or after > values.table_cap:
                out.append(f"{SIDES[s]} end with {after} cards on the table, not {expected}")
        return out
