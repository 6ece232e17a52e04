"""What goes on the pages, as plain data: hands, card → hands maps, per-hand statistics.

No reportlab here and no Django: the renderers turn these into pages, the tests compare them with
what the PDFs read back as.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.cards import CARDS, PARTNER, SUITS, Card, sort_key
from scoring.gamesets import GameSet

from .layout import RANK_LABELS
from .options import PrintInputError

# The order a person sorts a quad-deck in: by suit (♠ ♥ ♦ ♣), then rank from the ace down.
SORTING_ORDER: tuple[Card, ...] = tuple(sorted(CARDS, key=sort_key))


def rank_label(rank: str) -> str:
    return RANK_LABELS.get(rank, rank)


@dataclass(frozen=True)
class Hand:
    """One envelope's worth: the 13 cards one seat receives in one deal of one set."""

    set_number: int
    deal: int  # 1-based, as printed
    seat: str  # S H D C
    cards: tuple[Card, ...]  # sorted: suit ♠ ♥ ♦ ♣, rank high to low, repeats kept
    dealer: str
    leader: str
    orientation: str  # clockwise seat order of the set, e.g. "SDHC"

    def ranks(self, suit: str) -> list[str]:
        """Printed ranks of ``suit`` in this hand, high to low, repeats kept: ``['A', 'A', '7']``."""
        return [rank_label(card.rank) for card in self.cards if card.suit == suit]

    @property
    def lengths(self) -> tuple[int, ...]:
        """Suit lengths in ♠ ♥ ♦ ♣ order."""
        counts = Counter(card.suit for card in self.cards)
        return tuple(counts[suit] for suit in SUITS)

    @property
    def own(self) -> int:
        """Cards of the seat's own (trump) suit."""
        return sum(1 for card in self.cards if card.suit == self.seat)

    @property
    def partner(self) -> int:
        """Cards of the partner's suit."""
        return sum(1 for card in self.cards if card.suit == PARTNER[self.seat])


def check_game_set(game_set: GameSet) -> None:
    """Raise ``PrintInputError`` unless ``game_set`` is 4 deals × 4 seats × 13 cards holding the
    quad-deck exactly (every card four times), naming every problem."""
    problems = game_set.problems()
    if problems:
        raise PrintInputError(f"set {game_set.number}: " + "; ".join(problems))


def check_game_sets(sets: Iterable[GameSet]) -> list[GameSet]:
    """All of ``sets`` checked with ``check_game_set``, as a list; set numbers must be unique."""
    checked = list(sets)
    if not checked:
        raise PrintInputError("no game sets to print")
    seen: set[int] = set()
    for game_set in checked:
        if not isinstance(game_set, GameSet):
            raise PrintInputError(f"expected scoring.gamesets.GameSet objects, got {type(game_set).__name__}")
        if game_set.number in seen:
            raise PrintInputError(f"set number {game_set.number} appears twice")
        seen.add(game_set.number)
        check_game_set(game_set)
    return checked


def hands(game_set: GameSet) -> list[Hand]:
    """The 16 hands of a set, deal by deal, seats in ♠ ♥ ♦ ♣ order."""
    result = []
    for index, deal in enumerate(game_set.deals):
        dealer, leader = game_set.dealer(index), game_set.leader(index)
        for seat in SUITS:
            cards = tuple(sorted(deal[seat], key=sort_key))
            result.append(Hand(game_set.number, index + 1, seat, cards, dealer, leader, game_set.orientation))
    return result


def copies_by_card(game_set: GameSet) -> list[tuple[Card, list[tuple[int, str]]]]:
    """For each of the 52 cards in sorting order, the (deal, seat) of its four copies, deal by deal.

    A hand that holds two copies is listed twice."""
    where: dict[Card, list[tuple[int, str]]] = {card: [] for card in SORTING_ORDER}
    for index, deal in enumerate(game_set.deals):
        for seat in SUITS:
            for card in deal[seat]:
                where[card].append((index + 1, seat))
    for places in where.values():
        places.sort(key=lambda place: (place[0], SUITS.index(place[1])))
    return list(where.items())


def own_suit_totals(game_set: GameSet) -> dict[str, int]:
    """Cards of its own suit each seat receives over the four deals (of the 52 in the deck)."""
    return {seat: sum(1 for deal in game_set.deals for card in deal[seat] if card.suit == seat) for seat in SUITS}


def hands_of(sets: Sequence[GameSet]) -> list[Hand]:
    return [hand for game_set in sets for hand in hands(game_set)]
