"""Auction Calypso's bidding: ``Bid``, ``Contract``, the ``Auction`` that referees the calls, and
declarer's gift of trumps (``assign_trumps``) (AUCTION.md §3)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..cards import SUIT_SYMBOLS, SUITS, CardError, parse_suit
from .values import (
    BID_SUITS,
    CALLS,
    DOUBLED_WORDS,
    FACTORS,
    MAX_CALYPSOS_BID,
    MINIMUM_BID,
    ORIENTATION,
    POINTS_STEP,
    SIDE_OF,
    VALUES,
    AuctionError,
    AuctionValues,
    IllegalCall,
    _whole,
    check_seat,
    left_of,
)

# --- bids -----------------------------------------------------------------------------------------------------------

_BID = re.compile(r"^(?:(\d+)\s*(?:&|and)\s*)?(\d+)\s*(\S)$", re.IGNORECASE)


@dataclass(frozen=True, eq=True)
class Bid:
    """A bid: ``points`` (a multiple of 10, at least 220), ``calypsos`` (0–4) and a ``suit``.

    Bids compare by rank: (calypsos, points, suit ♣ < ♦ < ♥ < ♠). ``str`` writes ``290♥`` or
    ``1 & 290♥``; ``Bid.parse`` reads that, ASCII suits (``290H``, ``1&290h``) and ``1 and 290♥``.
    """

    points: int
    calypsos: int
    suit: str

    def __post_init__(self) -> None:
        points = _whole(self.points, "a bid's points")
        calypsos = _whole(self.calypsos, "a bid's calypsos")
        if points < MINIMUM_BID:
            raise AuctionError(f"a bid is at least {MINIMUM_BID} points, not {points}")
        if points % POINTS_STEP:
            raise AuctionError(f"a bid's points are a multiple of {POINTS_STEP}, not {points}")
        if not 0 <= calypsos <= MAX_CALYPSOS_BID:
            raise AuctionError(f"a bid names 0 to {MAX_CALYPSOS_BID} calypsos, not {calypsos}")
        try:
            suit = parse_suit(self.suit)
        except CardError:
            raise AuctionError(f"{self.suit!r} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)") from None
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "calypsos", calypsos)

    @classmethod
    def parse(cls, text: str | Bid) -> Bid:
        """A bid from text: ``290S``, ``290♠``, ``1 & 290♥``, ``2 and 300d``. ``AuctionError`` naming
        what is wrong (not a bid, points below 220 or not in tens, calypsos outside 0–4)."""
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise AuctionError(f"{text!r} is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)")
        match = _BID.match(text.replace("\ufe0f", "").strip())
        if match is None:
            raise AuctionError(f"{text!r} is not a bid (write points and suit, e.g. 290♥ or 1 & 290♥)")
        calypsos, points, suit = match.groups()
        try:
            suit = parse_suit(suit)
        except CardError:
            raise AuctionError(f"{text!r}: {suit!r} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)") from None
        try:
            return cls(int(points), int(calypsos or 0), suit)
        except AuctionError as error:
            raise AuctionError(f"{text!r}: {error}") from None

    @property
    def rank(self) -> tuple[int, int, int]:
        """What bids are ordered by: (calypsos, points, suit ♣ 0 … ♠ 3)."""
        return (self.calypsos, self.points, BID_SUITS.index(self.suit))

    def __lt__(self, other: Bid) -> bool:
        return self.rank < other.rank

    def __le__(self, other: Bid) -> bool:
        return self.rank <= other.rank

    def __gt__(self, other: Bid) -> bool:
        return self.rank > other.rank

    def __ge__(self, other: Bid) -> bool:
        return self.rank >= other.rank

    def __str__(self) -> str:
        text = f"{self.points}{SUIT_SYMBOLS[self.suit]}"
        return f"{self.calypsos} & {text}" if self.calypsos else text

    @property
    def code(self) -> str:
        """ASCII form, ``1 & 290H`` (``Bid.parse`` reads it too)."""
        return f"{self.calypsos} & {self.points}{self.suit}" if self.calypsos else f"{self.points}{self.suit}"


def may_follow(bid: Bid, last: Bid | None) -> str | None:
    """Why ``bid`` may not follow ``last`` (``None`` if it may): at least as many points, higher rank."""
    if last is None:
        return None
    if bid.points < last.points:
        return f"{bid} has fewer points than {last} ({bid.points} < {last.points}): points may not fall"
    if bid.rank <= last.rank:
        return f"{bid} does not rank above {last} (compare calypsos, then points, then suit ♣ < ♦ < ♥ < ♠)"
    return None


# --- contracts ------------------------------------------------------------------------------------------------------

# DOTALL: a line break inside the text is read like any other character (without it nothing matched)
_CONTRACT = re.compile(r"^(.*?)\s*(XX|X|)\s*(?:by\s+(\S+))?$", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Contract:
    """The last bid, ``doubled`` 0 (no), 1 (doubled) or 2 (redoubled), and the ``declarer``'s seat
    (``None`` when the score pad is given only the contract). ``str``: ``1 & 290♥ XX by H``."""

    bid: Bid
    doubled: int = 0
    declarer: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.bid, Bid):
            object.__setattr__(self, "bid", Bid.parse(self.bid))
        doubled = _whole(self.doubled, "a contract's doubling")
        if doubled not in (0, 1, 2):
            raise AuctionError(f"a contract is undoubled (0), doubled (1) or redoubled (2), not {doubled}")
        object.__setattr__(self, "doubled", doubled)
        if self.declarer is not None:
            check_seat(self.declarer)

    @classmethod
    def parse(cls, text: str, declarer: str | None = None) -> Contract:
        """``"290♥"``, ``"1 & 290♥ X"``, ``"1 & 290H XX by H"``. ``AuctionError`` naming what is wrong."""
        if not isinstance(text, str):
            raise AuctionError(f"{text!r} is not a contract (e.g. 1 & 290♥ X)")
        match = _CONTRACT.match(text.replace("\ufe0f", "").strip())
        assert match is not None  # every text matches: the bid part is checked below
        bid_text, doubles, seat = match.groups()
        if seat is not None:
            seat = seat.upper()
            if declarer is not None and declarer != seat:
                raise AuctionError(f"{text!r} names declarer {seat}, not {declarer}")
            declarer = seat
        return cls(Bid.parse(bid_text), len(doubles), declarer)

    @property
    def factor(self) -> int:
        """1, 2 or 4 for undoubled, doubled, redoubled."""
        return FACTORS[self.doubled]

    @property
    def side(self) -> str | None:
        """The declarer's side, ``majors`` or ``minors`` (``None`` when the declarer is not known)."""
        return SIDE_OF[self.declarer] if self.declarer else None

    def __str__(self) -> str:
        text = str(self.bid) + ("", " X", " XX")[self.doubled]
        return f"{text} by {self.declarer}" if self.declarer else text


# --- the auction ----------------------------------------------------------------------------------------------------

Call = str | Bid


def parse_call(call: object) -> Call:
    """``"pass"``/``"p"``, ``"double"``/``"x"``, ``"redouble"``/``"xx"``, or a bid (``Bid`` or text)."""
    if isinstance(call, Bid):
        return call
    if isinstance(call, str):
        word = call.strip().lower()
        named = {"pass": "pass", "p": "pass", "double": "double", "x": "double", "redouble": "redouble"}
        if word in named:
            return named[word]
        if word == "xx":
            return "redouble"
        return Bid.parse(call)
    raise AuctionError(f"{call!r} is not a call (pass, double, redouble or a bid such as 290♥)")


class Auction:
    """The auction of one hand (AUCTION.md §3). Dealer's left calls first; calls go clockwise.

    A player passes, bids, doubles the opponents' last bid (not yet doubled) or redoubles the
    opponents' double; a player who passed may speak again. Three passes in a row after a bid end
    it; if the first three calls are passes, dealer must bid. ``IllegalCall`` for anything else.
    """

    def __init__(self, dealer: str, orientation: str = ORIENTATION, values: AuctionValues = VALUES) -> None:
        self.dealer = check_seat(dealer)
        if sorted(orientation) != sorted(SUITS):
            raise AuctionError(f"orientation {orientation!r} must name each seat S, H, D, C once")
        self.orientation = orientation
        self.values = values
        self.calls: list[tuple[str, Call]] = []
        self._bid: Bid | None = None
        self._bidder: str | None = None
        self._doubled = 0
        self._passes = 0  # passes in a row since the last bid, double or redouble (or the start)
        self._turn: str | None = left_of(dealer, orientation=orientation)

    @property
    def to_speak(self) -> str | None:
        """The seat whose turn it is to call, ``None`` once the auction is over."""
        return self._turn

    @property
    def finished(self) -> bool:
        """True once three players in a row have passed after a bid."""
        return self._turn is None

    @property
    def last_bid(self) -> Bid | None:
        return self._bid

    @property
    def last_bidder(self) -> str | None:
        """The seat that made the last bid (declarer once the auction is over)."""
        return self._bidder

    @property
    def doubled(self) -> int:
        """0, 1 or 2: whether the last bid stands doubled or redoubled."""
        return self._doubled

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over, else ``None``."""
        if not self.finished or self._bid is None:
            return None
        return Contract(self._bid, self._doubled, self._bidder)

    def _opponents_bid(self, seat: str) -> bool:
        return self._bidder is not None and SIDE_OF[self._bidder] != SIDE_OF[seat]

    def why_not(self, seat: str, call: Call) -> str | None:
        """Why ``seat`` may not make ``call`` now, or ``None`` if it may."""
        if self._turn is None:
            return f"the auction is over: {seat} cannot call {call}"
        if seat != self._turn:
            return f"it is {self._turn}'s turn to call, not {seat}'s"
        if call == "pass":
            if self._bid is None and len(self.calls) == 3:
                return f"the first three calls were passes: dealer ({seat}) must bid"
            return None
        if call == "double":
            if self._bid is None:
                return "there is no bid to double"
            if not self._opponents_bid(seat):
                return f"{self._bid} is {seat}'s own side's bid: double only the opponents' bid"
            if self._doubled:
                return f"{self._bid} is already {DOUBLED_WORDS[self._doubled]}"
            return None
        if call == "redouble":
            if self._bid is None or self._doubled != 1:
                what = "redoubled already" if self._doubled == 2 else "not doubled"
                return f"nothing to redouble: the last bid is {what}" if self._bid else "there is no bid to redouble"
            if self._opponents_bid(seat):
                return f"{seat} may redouble only the opponents' double of its own side's bid"
            return None
        assert isinstance(call, Bid)
        if call.points < self.values.minimum_bid:
            return f"a bid is at least {self.values.minimum_bid} points here, not {call.points}"
        return may_follow(call, self._bid)

    def call(self, seat: str, call: object) -> None:
        """Make ``call`` (``"pass"``, ``"double"``, ``"redouble"``, a ``Bid`` or bid text) for ``seat``."""
        seat = check_seat(seat)
        try:
            parsed = parse_call(call)
        except AuctionError as error:
            raise IllegalCall(str(error), seat=seat, call=call) from None
        reason = self.why_not(seat, parsed)
        if reason is not None:
            raise IllegalCall(reason, seat=seat, call=parsed)
        self.calls.append((seat, parsed))
        if parsed == "pass":
            self._passes += 1
        else:
            self._passes = 0
            if isinstance(parsed, Bid):
                self._bid, self._bidder, self._doubled = parsed, seat, 0
            else:
                self._doubled = 1 if parsed == "double" else 2
        if self._bid is not None and self._passes == 3:
            self._turn = None
        else:
            self._turn = left_of(seat, orientation=self.orientation)

    def legal_calls(self) -> list[str]:
        """The non-bid calls open to the player to speak: a subset of ``pass``, ``double``, ``redouble``."""
        seat = self._turn
        if seat is None:
            return []
        return [call for call in CALLS if self.why_not(seat, call) is None]

    def minimum_bid(self, suit: str) -> Bid:
        """The lowest bid in ``suit`` with no more calypsos than needed that may be made now."""
        last = self._bid
        points = max(self.values.minimum_bid, last.points if last else 0)
        calypsos = last.calypsos if last else 0
        bid = Bid(points, calypsos, suit)
        if last is not None and bid.rank <= last.rank:
            bid = Bid(points + 10, calypsos, suit)
        return bid


def assign_trumps(contract: Contract, trumps: Mapping[str, object]) -> dict[str, str]:
    """Check declarer's gift of trump suits: ``{seat: suit}`` for all four seats, all four suits
    different, declarer's the bid suit. Returns the suits as letters (``♥`` → ``H``)."""
    if contract.declarer is None:
        raise AuctionError("assigning trumps needs the contract's declarer")
    if not isinstance(trumps, Mapping):
        raise AuctionError("trumps are {seat: suit} for the four seats")
    seats = set(trumps)
    if seats != set(SUITS):
        missing = "".join(s for s in SUITS if s not in seats)
        extra = ", ".join(repr(s) for s in seats if s not in SUITS)
        parts = ([f"no suit for {missing}"] if missing else []) + ([f"unknown seats {extra}"] if extra else [])
        raise AuctionError("trumps need one suit for each seat S, H, D, C: " + "; ".join(parts))
    out: dict[str, str] = {}
    for seat in SUITS:
        try:
            out[seat] = parse_suit(trumps[seat])  # type: ignore[arg-type]
        except CardError as error:
            raise AuctionError(f"{seat}'s trump: {error}") from None
    repeated = sorted({s for s in out.values() if list(out.values()).count(s) > 1})
    if repeated:
        raise AuctionError(f"the four trump suits must differ: {', '.join(SUIT_SYMBOLS[s] for s in repeated)} twice")
    declarer = contract.declarer
    if out[declarer] != contract.bid.suit:
        raise AuctionError(
            f"declarer {declarer}'s trump is the bid suit {SUIT_SYMBOLS[contract.bid.suit]}, "
            f"not {SUIT_SYMBOLS[out[declarer]]}"
        )
    return out
