"""Game sets: one pre-arranged game of 4 deals × 4 hands (RULES.md §2).

CONTRACT (other modules rely on it): ``GameSet(number, deals, first_dealer, orientation)`` where
``deals`` is a tuple of 4 dicts mapping seat suit (``S H D C``) to a tuple of ``Card``;
``first_dealer`` is a suit; ``orientation`` is ``"SDHC"`` (clockwise ♠→♦→♥→♣, the default) or
``"SCHD"`` (mirrored). ``GameSet.from_dict`` / ``to_dict`` use the JSON shape of docs/formats.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUITS, Card, parse_card

ORIENTATIONS = ("SDHC", "SCHD")
DEALS_PER_GAME = 4
HAND_SIZE = 13


class GameSetError(ValueError):
    """A game set that is not a valid arrangement of the quad-deck."""


@dataclass(frozen=True)
class GameSet:
    number: int
    deals: tuple[dict[str, tuple[Card, ...]], ...]
    first_dealer: str = "S"
    orientation: str = "SDHC"
    meta: dict = field(default_factory=dict, compare=False)

    def clockwise(self) -> str:
        """Seats in clockwise order starting from Spades."""
        return self.orientation

    def left_of(self, seat: str) -> str:
        order = self.orientation
        return order[(order.index(seat) + 1) % 4]

    def dealer(self, deal: int) -> str:
        """The dealer of deal ``deal`` (0-based): the deal passes to the left."""
        order = self.orientation
        return order[(order.index(self.first_dealer) + deal) % 4]

    def leader(self, deal: int) -> str:
        """Who leads to the first trick of deal ``deal`` (0-based): dealer's left."""
        return self.left_of(self.dealer(deal))

    @classmethod
    def from_dict(cls, data: dict) -> GameSet:
        deals = tuple(
            {seat: tuple(parse_card(text) for text in deal.get(seat, ())) for seat in SUITS}
            for deal in data.get("deals", ())
        )
        return cls(
            number=int(data.get("number", 1)),
            deals=deals,
            first_dealer=data.get("first_dealer", "S"),
            orientation=data.get("orientation", "SDHC"),
        )

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "first_dealer": self.first_dealer,
            "orientation": self.orientation,
            "deals": [{seat: [str(card) for card in deal[seat]] for seat in SUITS} for deal in self.deals],
        }
