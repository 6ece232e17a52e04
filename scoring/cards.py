"""Cards, card notation and the 208-card quad-deck (RULES.md §1).

Canonical notation is rank character then suit character: ``AS``, ``TD``, ``2C``. On input we
also accept ``10`` for ``T``, lower case, and the suit symbols ♠ ♥ ♦ ♣ (and their outline forms).
A hand may also be written suit-grouped, ``S AKQ72 H 9 D 5 C T8``; ``format_hand`` writes that
form, with ``-`` for a void suit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
"""Ranks, low to high."""
SUITS = "SHDC"
"""Suits in display order: the majors (Spades, Hearts), then the minors (Diamonds, Clubs)."""
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MAJOR_SUITS = ("S", "H")
MINOR_SUITS = ("D", "C")
# The suits, and their symbols, of each side (a direction: "majors" / "minors", as
# ``scoring.movements.MAJORS`` names it). ``MAJORS`` here once meant the suits; now only a direction is.
SIDE_SUITS = {"majors": MAJOR_SUITS, "minors": MINOR_SUITS}
SIDE_SYMBOLS = {side: "".join(SUIT_SYMBOLS[suit] for suit in suits) for side, suits in SIDE_SUITS.items()}
PARTNER = {"S": "H", "H": "S", "D": "C", "C": "D"}
COPIES = 4
DECK_SIZE = len(RANKS) * len(SUITS) * COPIES  # 208

_SUIT_ALIASES = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip
_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
SUIT_INDEX: dict[str, int] = {suit: i for i, suit in enumerate(SUITS)}
"""Each suit's position in ``SUITS`` (also a seat's number on the play engine's fast path)."""
_SUIT_INDEX = SUIT_INDEX


class CardError(ValueError):
    """Text that is not a card (or not a hand) in the notation above."""


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card: ``rank`` in ``RANKS`` and ``suit`` in ``SUITS``. ``str(card)`` is canonical.

    ``rank_value`` (0 for a two up to 12 for an ace) and ``index`` (a dense number 0..51,
    suit-major, handy for counting arrays) are worked out once, when the card is made: the play
    engine reads them on every card played.
    """

    rank: str
    suit: str
    rank_value: int = field(init=False, repr=False, compare=False)
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in _RANK_INDEX or self.suit not in _SUIT_INDEX:
            raise CardError(f"not a card: rank {self.rank!r}, suit {self.suit!r}")
        object.__setattr__(self, "rank_value", _RANK_INDEX[self.rank])
        object.__setattr__(self, "index", _SUIT_INDEX[self.suit] * 13 + _RANK_INDEX[self.rank])

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({self.rank + self.suit!r})"

    def __reduce__(self):
        # Unpickled (say, in a worker process of analyse_sets) as the interned card of that text.
        return (_interned, (self.rank, self.suit))

    @property
    def symbol(self) -> str:
        """Rank with the suit symbol, e.g. ``A♠``."""
        return self.rank + SUIT_SYMBOLS[self.suit]


# The 52 distinct cards, interned so lookups never build new objects.
CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_BY_TEXT = {str(card): card for card in CARDS}
BY_TEXT: dict[str, Card] = _BY_TEXT
"""Canonical text → the interned card (``"AS"`` → ``Card('AS')``): the fast path of parsing."""


def _interned(rank: str, suit: str) -> Card:
    return BY_TEXT.get(rank + suit) or Card(rank, suit)


def is_suit(value: object) -> bool:
    """True when ``value`` is exactly one suit letter ``S``/``H``/``D``/``C``.

    Use this rather than ``value in SUITS``: ``SUITS`` is a string, so ``"" in SUITS`` and
    ``"SH" in SUITS`` are true, and a non-text value makes ``in`` raise ``TypeError``.
    """
    return isinstance(value, str) and value in _SUIT_INDEX


def card_from_index(index: int) -> Card:
    """The card whose ``index`` is ``index`` (0..51)."""
    return CARDS[index]


def quad_deck() -> list[Card]:
    """The 208-card deck: every card four times, in sorting order."""
    return [card for card in CARDS for _ in range(COPIES)]


def sort_key(card: Card) -> tuple[int, int]:
    """Order used on hands and envelopes: suit S H D C, then rank high to low."""
    return (_SUIT_INDEX[card.suit], -_RANK_INDEX[card.rank])


DISPLAY_ORDER: tuple[Card, ...] = tuple(sorted(CARDS, key=sort_key))
"""The 52 cards in the order hands and envelopes show them: suits S H D C, ranks high to low."""


def _clean(text: str) -> str:
    if not isinstance(text, str):
        # JSON and forms can hand us numbers or None; say so rather than crash.
        raise CardError(f"{text!r} is not a card (expected text such as AS, TD, 10H)")
    # Phones insert the emoji variation selector after suit symbols.
    return text.replace("\ufe0f", "").strip()


def parse_suit(text: str) -> str:
    """A suit letter or symbol, returned as ``S``/``H``/``D``/``C``."""
    suit = _SUIT_ALIASES.get(_clean(text).upper())
    if suit is None:
        raise CardError(f"{text!r} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)")
    return suit


def parse_card(text: str) -> Card:
    """One card from text such as ``AS``, ``10h``, ``t♦``. Raises ``CardError`` naming the text."""
    cleaned = _clean(text)
    upper = cleaned.upper()
    card = _BY_TEXT.get(upper)
    if card is not None:
        return card
    if len(upper) >= 2:
        rank, suit = upper[:-1], _SUIT_ALIASES.get(upper[-1])
        if rank == "10":
            rank = "T"
        if suit is not None and rank in _RANK_INDEX:
            return _BY_TEXT[rank + suit]
    raise CardError(f"{text!r} is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)")


_SPLIT = re.compile(r"[\s,;]+")
_VOID = {"-", "—", "–", "void"}


def _parse_ranks(ranks: str, suit: str, where: str) -> list[Card]:
    cards: list[Card] = []
    i = 0
    upper = ranks.upper()
    while i < len(upper):
        if upper.startswith("10", i):
            rank, i = "T", i + 2
        else:
            rank, i = upper[i], i + 1
        if rank not in _RANK_INDEX:
            raise CardError(f"{rank!r} in {where!r} is not a rank (use 2-9, T or 10, J, Q, K, A)")
        cards.append(_BY_TEXT[rank + suit])
    return cards


def parse_cards(text: str) -> list[Card]:
    """A list of cards, in either notation.

    * a list: ``AS KS 10H, 2C`` (spaces, commas or semicolons between cards);
    * suit-grouped: ``S AKQ72 H 9 D 5 C T8`` (also ``♠ AAK ♥ - ...``; ``-`` marks a void).

    Cards keep the order they were written in. Raises ``CardError`` naming the bad text.
    """
    cleaned = _clean(text).replace(":", " ")
    # Symbols may be glued to their ranks in grouped form ("♠AKQ ♥9"): split them off.
    cleaned = re.sub(r"([♠♥♦♣♤♡♢♧])(?=\S)", r"\1 ", cleaned)
    tokens = [t for t in _SPLIT.split(cleaned) if t]
    if not tokens:  # empty, or nothing but separators
        return []
    if tokens[0].upper() not in _SUIT_ALIASES:
        return [parse_card(token) for token in tokens]

    cards: list[Card] = []
    suit: str | None = None
    seen: set[str] = set()
    for token in tokens:
        upper = token.upper()
        if upper in _SUIT_ALIASES:
            suit = _SUIT_ALIASES[upper]
            if suit in seen:
                raise CardError(f"suit {token!r} appears twice in {text!r}")
            seen.add(suit)
        elif token.lower() in _VOID:
            continue
        else:
            assert suit is not None  # the first token is a suit
            cards.extend(_parse_ranks(token, suit, token))
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical list notation: ``AS KS TH``, in the given order."""
    return " ".join(str(card) for card in cards)


def format_hand(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Suit-grouped canonical form, ranks high to low: ``S AKQ72 H 9 D - C T8``."""
    by_suit: dict[str, list[str]] = {suit: [] for suit in SUITS}
    for card in sorted(cards, key=sort_key):
        by_suit[card.suit].append(card.rank)
    parts = []
    for suit in SUITS:
        label = SUIT_SYMBOLS[suit] if symbols else suit
        parts.append(f"{label} {''.join(by_suit[suit]) or '-'}")
    return " ".join(parts)
