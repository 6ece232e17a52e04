"""The deal of one round of an Auction Calypso team match, the same at both tables (AUCTION.md §1–§2).

A team match plays each round "duplicate-style": both tables start from the same draft and the
same first hand, so the two results compare. ``deal_round(number, seed, draft=...)`` deals it,
reproducibly from a secret seed (hex, as game sets take it, ``scoring.gamesets.parse_seed``):

* **the draft** (when the event drafts): the 4 × 8 cards the dealer turns face up, round by round,
  in the order they are turned;
* **the first hand**: 13 cards to each seat, one at a time clockwise from dealer's left;
* **aside**: the rest of the 104-card pack, which takes no part in the first hand.

**Decision** (the rules are silent on duplicate play): the first hand is dealt from the 72 cards
the draft did not turn up, so it is the same at both tables whatever the players picked. A card
turned face down in the draft (AUCTION.md §2: "shuffled together for hand 1") therefore joins the
cards left aside instead. Without a draft, 52 cards are dealt from the 104 and 52 lie aside.

Each card is a ``scoring.cards.Card``; the pack holds every card twice, and the two copies are the
same ``Card`` (as ``scoring.auction_play`` deals them): a partition is checked by counting.

Construction: the pack is the 104 cards in display order (``AS AS KS KS … 2C 2C``), shuffled by
``random.Random(HMAC-SHA256(seed, "calypso-auction-deal/1" ‖ uint32_be(round)))``; the draft takes
its cards from the top of the shuffled pack, 8 a round, then the hand's 52, then the rest is aside.
The dealer of round ``n`` is ``ORDER[(n - 1) % 4]`` (♠, ♦, ♥, ♣ in turn), so each seat deals a round.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..auction_play.records import DRAFT_CARDS, DRAFT_ROUNDS, HAND_SIZE, ORDER, PACK, PACK_COPIES
from ..cards import DISPLAY_ORDER, SUITS, Card, CardError, format_cards, parse_card, sort_key
from ..gamesets import GameSetError, parse_seed
from .values import AuctionError, left_of

FORMAT = "calypso-auction-deal/1"
MAX_ROUNDS = 200
DRAFTED = DRAFT_ROUNDS * DRAFT_CARDS  # 32 cards turned up in a draft


class AuctionDealError(AuctionError):
    """A deal that is not a partition of the 104-card pack, or a request that cannot be dealt;
    ``problems`` lists every problem found (the message joins them)."""

    def __init__(self, message: str, problems: Sequence[str] | None = None) -> None:
        super().__init__(message)
        self.problems: list[str] = list(problems) if problems is not None else [message]


def dealer_of(number: int) -> str:
    """Who deals round ``number`` (from 1): ♠, ♦, ♥, ♣ in turn, clockwise."""
    return ORDER[(number - 1) % len(ORDER)]


def draft_first(dealer: str, draft_round: int) -> str:
    """Who picks first in draft round ``draft_round`` (1–4): dealer's left, partner, right, dealer."""
    return left_of(dealer, draft_round)


@dataclass(frozen=True)
class AuctionDeal:
    """Round ``number``'s deal: ``draft`` (``()`` or four rounds of eight cards, in the order turned
    up), ``hands`` (seat → 13 cards, sorted ♠ ♥ ♦ ♣, ranks high to low) and ``aside`` (sorted)."""

    number: int
    dealer: str
    draft: tuple[tuple[Card, ...], ...]
    hands: Mapping[str, tuple[Card, ...]]
    aside: tuple[Card, ...]

    @property
    def leader(self) -> str:
        """Dealer's left: the first card of the hand goes there, and that player leads."""
        return left_of(self.dealer)

    def problems(self) -> list[str]:
        """Everything that keeps this from being a deal of the 104-card pack (empty when it is one)."""
        where = f"round {self.number}"
        out = []
        if self.dealer not in ORDER:
            out.append(f"{where}: dealer {self.dealer!r} is not a seat (S, H, D or C)")
        if self.draft and (len(self.draft) != DRAFT_ROUNDS or any(len(cards) != DRAFT_CARDS for cards in self.draft)):
            sizes = ", ".join(str(len(cards)) for cards in self.draft)
            out.append(f"{where}: a draft is {DRAFT_ROUNDS} rounds of {DRAFT_CARDS} cards, not {sizes}")
        if sorted(self.hands) != sorted(SUITS):
            out.append(f"{where}: the hands are for seats {', '.join(sorted(self.hands)) or 'none'}, not S H D C")
        for seat in SUITS:
            size = len(self.hands.get(seat, ()))
            if seat in self.hands and size != HAND_SIZE:
                out.append(f"{where}: seat {seat} has {size} cards, not {HAND_SIZE}")
        aside = PACK - HAND_SIZE * len(SUITS) - (DRAFTED if self.draft else 0)
        if len(self.aside) != aside:
            out.append(f"{where}: {len(self.aside)} cards aside, not {aside}")
        counts = Counter(self.cards())
        wrong = [card for card in DISPLAY_ORDER if counts[card] != PACK_COPIES]
        for card in wrong:
            out.append(f"{where}: {card} is in the deal {counts[card]} times, not {PACK_COPIES}")
        return out

    def cards(self) -> list[Card]:
        """Every card of the deal: draft, hands (S H D C), aside — the 104 when it is right."""
        return [
            *(card for cards in self.draft for card in cards),
            *(card for seat in SUITS for card in self.hands.get(seat, ())),
            *self.aside,
        ]

    def validate(self) -> AuctionDeal:
        problems = self.problems()
        if problems:
            raise AuctionDealError("; ".join(problems), problems)
        return self

    def to_dict(self) -> dict[str, Any]:
        """The stored JSON (docs/formats.md, "Auction team-match deal"): cards as canonical text."""
        return {
            "round": self.number,
            "dealer": self.dealer,
            "draft": [[str(card) for card in cards] for cards in self.draft],
            "hands": {seat: [str(card) for card in self.hands[seat]] for seat in SUITS},
            "aside": [str(card) for card in self.aside],
        }

    @classmethod
    def from_dict(cls, data: Any) -> AuctionDeal:
        """Read ``to_dict``'s JSON back, checked: an ``AuctionDealError`` naming every wrong field."""
        if not isinstance(data, Mapping):
            raise AuctionDealError(f"a deal is a JSON object, not {type(data).__name__}")
        problems: list[str] = []
        unknown = sorted(set(data) - {"round", "dealer", "draft", "hands", "aside"})
        if unknown:
            problems.append(f"unknown field {unknown[0]!r}")
        number = data.get("round")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_ROUNDS:
            problems.append(f"round: {number!r} is not a round number from 1 to {MAX_ROUNDS}")
            number = 0
        dealer = data.get("dealer")
        if not isinstance(dealer, str):
            problems.append(f"dealer: {dealer!r} is not a seat")
            dealer = ""
        draft_raw = data.get("draft", [])
        if not isinstance(draft_raw, list):
            problems.append("draft: not a list of rounds")
            draft_raw = []
        draft = tuple(_cards(raw, f"draft[{i}]", problems) for i, raw in enumerate(draft_raw))
        hands_raw = data.get("hands")
        if not isinstance(hands_raw, Mapping):
            problems.append("hands: not an object of seats")
            hands_raw = {}
        hands = {str(seat): _cards(raw, f"hands.{seat}", problems) for seat, raw in hands_raw.items()}
        aside = _cards(data.get("aside"), "aside", problems)
        if problems:
            raise AuctionDealError("; ".join(problems), problems)
        return cls(number, dealer, draft, hands, aside).validate()


def _cards(raw: Any, where: str, problems: list[str]) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        problems.append(f"{where}: not a list of cards")
        return ()
    cards = []
    for i, text in enumerate(raw):
        try:
            cards.append(parse_card(text))
        except CardError as error:
            problems.append(f"{where}[{i}]: {error}")
    return tuple(cards)


def _shuffled_pack(key: bytes, number: int) -> list[Card]:
    digest = hmac.digest(key, FORMAT.encode() + number.to_bytes(4, "big"), "sha256")
    pack = [card for card in DISPLAY_ORDER for _ in range(PACK_COPIES)]
    random.Random(digest).shuffle(pack)
    return pack


def deal_round(number: int, seed: str | bytes, *, draft: bool) -> AuctionDeal:
    """Round ``number``'s deal from ``seed`` (hex text or bytes): the same arguments, the same deal."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_ROUNDS:
        raise AuctionDealError(f"the round must be a whole number from 1 to {MAX_ROUNDS}, not {number!r}")
    try:
        key = parse_seed(seed)
    except GameSetError as error:
        raise AuctionDealError(str(error)) from None
    pack = _shuffled_pack(key, number)
    turned = pack[:DRAFTED] if draft else []
    rest = pack[len(turned) :]
    dealer = dealer_of(number)
    hands: dict[str, list[Card]] = {seat: [] for seat in SUITS}
    seat = dealer
    for card in rest[: HAND_SIZE * len(SUITS)]:  # one at a time, clockwise from dealer's left
        seat = left_of(seat)
        hands[seat].append(card)
    return AuctionDeal(
        number=number,
        dealer=dealer,
        draft=tuple(tuple(turned[i : i + DRAFT_CARDS]) for i in range(0, len(turned), DRAFT_CARDS)),
        hands={seat: tuple(sorted(hands[seat], key=sort_key)) for seat in SUITS},
        aside=tuple(sorted(rest[HAND_SIZE * len(SUITS) :], key=sort_key)),
    )


def deal_rounds(count: int, seed: str | bytes, *, draft: bool) -> list[AuctionDeal]:
    """Rounds 1 to ``count`` (each a ``deal_round``)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_ROUNDS:
        raise AuctionDealError(f"the number of rounds must be a whole number from 1 to {MAX_ROUNDS}, not {count!r}")
    return [deal_round(number, seed, draft=draft) for number in range(1, count + 1)]


def commitment(deals: Iterable[AuctionDeal]) -> str:
    """SHA-256 (hex) over the deals, to announce before play: a first line ``calypso-auction-deal/1``,
    then per round in order ``round <n> <dealer>``, ``draft <k> <cards>`` per draft round, ``<seat>
    <cards>`` per seat S H D C and ``aside <cards>``; every line ends with a newline."""
    lines = [FORMAT]
    for deal in sorted(deals, key=lambda d: d.number):
        lines.append(f"round {deal.number} {deal.dealer}")
        lines += [f"draft {k} {format_cards(cards)}" for k, cards in enumerate(deal.draft, start=1)]
        lines += [f"{seat} {format_cards(deal.hands[seat])}" for seat in SUITS]
        lines.append(f"aside {format_cards(deal.aside)}")
    return hashlib.sha256(("\n".join(lines) + "\n").encode("utf-8")).hexdigest()
