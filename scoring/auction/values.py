"""Auction Calypso's constants, errors, score values (``AuctionValues``) and seats (AUCTION.md §3, §5–§7).

The ground the rest of ``scoring.auction`` stands on: seat letters and sides, the bid and score
constants, ``AuctionError``/``IllegalCall``, ``AuctionValues`` (every score value a club may tune)
and the seat helpers ``left_of``, ``partner_of``, ``check_seat``."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import is_suit

COMPASS: dict[str, str] = {"N": "S", "E": "D", "S": "H", "W": "C"}
"""AUCTION.md's compass seats → this project's seat names (default orientation ♠ → ♦ → ♥ → ♣)."""
ORIENTATION = "SDHC"
"""The seats clockwise from ``S``: each seat's left-hand neighbour is the next letter."""
SIDES = ("majors", "minors")
SIDE_OF: dict[str, str] = {"S": "majors", "H": "majors", "D": "minors", "C": "minors"}
BID_SUITS = "CDHS"
"""Suits from lowest to highest for ranking bids (bridge order: ♣ < ♦ < ♥ < ♠)."""
CALLS = ("pass", "double", "redouble")
MAX_CALYPSOS_BID = 4
HAND_CARDS = 52
"""Cards in play in one hand: 4 × 13."""
CALYPSO_CARDS = 13
OUTCOMES = ("win", "limbo-sold", "limbo-unsold", "loss")
DOUBLED_WORDS = ("undoubled", "doubled", "redoubled")
FACTORS = (1, 2, 4)
"""What an undoubled, doubled, redoubled contract's score is multiplied by (AUCTION.md §6)."""
LIMBO_EXTRA = (0, 1, 3)
"""Limbo's extra: sold scores bid + pts × this, not sold −(bid + deficit) − deficit × this (§6)."""
POINTS_STEP = 10
"""A bid's points are a multiple of this."""


class AuctionError(ValueError):
    """A bid, contract or score-pad entry that cannot be right; the message says what is wrong."""


class IllegalCall(AuctionError):
    """A call the auction does not allow now; ``seat`` and ``call`` are what was attempted."""

    def __init__(self, message: str, *, seat: str | None = None, call: object = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.call = call


@dataclass(frozen=True)
class AuctionValues:
    """The score values of Auction Calypso (AUCTION.md §3, §5–§7); the defaults are the rules'.

    ``minimum_bid`` may be raised above 220 but not lowered (a ``Bid`` below 220 is refused)."""

    minimum_bid: int = 220
    declarer_card: int = 10
    """Contract points per card in declarer's trick pile."""
    first_card: int = 100
    """Cards-required bonus for the first card a bid-and-made calypso still needed."""
    further_card: int = 80
    """... and for each further card it needed."""
    sell_price: int = 20
    """Points per card sold back from the calypsos in progress."""
    calypso: int = 500
    """Per calypso completed (not for a declarer side whose contract failed)."""
    calypso_bid: int = 400
    """Per calypso bid and made, to a declarer side whose contract succeeded."""
    defender_card: int = 5
    """Per card in the defenders' trick pile."""
    table_cap: int = 26
    """Cards a side may keep in its calypsos in progress between hands."""

    def bonus(self, cards_required: int) -> int:
        """The cards-required bonus of one calypso: 1 card → 100, 2 → 180, 3 → 260 … 13 → 1060."""
        return self.first_card + self.further_card * (cards_required - 1)


VALUES = AuctionValues()
MINIMUM_BID = VALUES.minimum_bid


def left_of(seat: str, steps: int = 1, orientation: str = ORIENTATION) -> str:
    """The seat ``steps`` places clockwise of ``seat`` (``left_of(dealer)`` leads and calls first)."""
    return orientation[(orientation.index(check_seat(seat)) + steps) % 4]


def partner_of(seat: str) -> str:
    """The seat opposite ``seat``: same side."""
    return {"S": "H", "H": "S", "D": "C", "C": "D"}[check_seat(seat)]


def check_seat(seat: object) -> str:
    """Return ``seat`` if it is a seat letter ``S``/``H``/``D``/``C``; else ``AuctionError`` naming it."""
    if not is_suit(seat):
        raise AuctionError(f"{seat!r} is not a seat (seats are S, H, D, C; N E S W are S D H C)")
    return seat  # type: ignore[return-value]


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        # isdecimal, not isdigit: int() reads every decimal digit but not "²" or "①"
        if isinstance(value, str) and value.strip().isdecimal():
            return int(value.strip())
        raise AuctionError(f"{what} must be a whole number, not {value!r}")
    return value
