"""Auction Calypso: bids, the auction, the contract, trumps and the score pad (AUCTION.md §3, §5, §6).

**Seats.** AUCTION.md names the four players N, E, S, W, clockwise, partners opposite. This module
names seats as the rest of the project does, by suit letter — ``S``, ``H``, ``D``, ``C`` — in the
default orientation, clockwise ♠ → ♦ → ♥ → ♣ (RULES.md §1):

    N = ``S``    E = ``D``    S(outh) = ``H``    W = ``C``    (``COMPASS``)

so the partnerships are the project's own: N–S is the *majors* (``S``, ``H``), E–W the *minors*
(``D``, ``C``), and an Auction night reuses the directions, tallies and movements of a standard
night. A seat's letter is its **name only**: in Auction Calypso the trump suits change every hand
(``assign_trumps``), so the player in seat ``H`` may hold ♣ as trump this hand. Compass letters are
not read as seats (``S`` would be ambiguous); ``COMPASS`` translates the published rules' examples.

**Bids** are ``Bid(points, calypsos, suit)``, written ``290♥`` (no calypsos) or ``1 & 290♥``; they
rank by (calypsos, points, suit ♣ < ♦ < ♥ < ♠). ``Auction`` referees the calls; ``Contract`` is the
outcome (``1 & 290♥ XX by H``).

**The score pad.** ``score_hand(contract, declarers, defenders, sell)`` scores one hand from what
each side took (``SideHand``: trick pile T, cards added to calypsos P, calypsos completed C, and the
cards each completed calypso still needed before the hand) and says why, line by line.

Every score value is a field of ``AuctionValues`` so clubs can tune them (AUCTION.md §7).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import SUIT_SYMBOLS, SUITS, CardError, is_suit, parse_suit

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


# --- the score pad --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideHand:
    """What one side took in one hand (AUCTION.md §5).

    ``trick_pile`` T: cards in its trick pile; ``added`` P: cards it added to calypsos (in progress
    or completed) this hand; ``calypsos`` C: calypsos it completed this hand; ``cards_required``: for
    each calypso completed, the cards it still needed before the hand (13 − cards it held), in the
    order the bonus counts them — the bid suit's calypso first, then the others in the order they
    were completed. It may be left empty where no bonus depends on it (the defenders; a contract
    with no calypsos bid); otherwise it has one value per calypso completed.
    """

    trick_pile: int
    added: int
    calypsos: int
    cards_required: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards_required", tuple(self.cards_required))

    @classmethod
    def from_dict(cls, data: object, who: str = "side") -> SideHand:
        """From JSON: ``{"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4]}``."""
        if not isinstance(data, Mapping):
            raise AuctionError(f"{who}: expected an object with trick_pile, added, calypsos, cards_required")
        known = {"trick_pile", "added", "calypsos", "cards_required"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise AuctionError(f"{who}: unknown field {', '.join(map(repr, unknown))}")
        missing = [key for key in ("trick_pile", "added", "calypsos") if key not in data]
        if missing:
            raise AuctionError(f"{who}: {', '.join(missing)} missing")
        required = data.get("cards_required", [])
        if not isinstance(required, Sequence) or isinstance(required, str):
            raise AuctionError(f"{who}.cards_required must be a list of numbers, not {required!r}")
        return cls(
            _whole(data["trick_pile"], f"{who}.trick_pile"),
            _whole(data["added"], f"{who}.added"),
            _whole(data["calypsos"], f"{who}.calypsos"),
            tuple(_whole(r, f"{who}.cards_required[{i}]") for i, r in enumerate(required)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "trick_pile": self.trick_pile,
            "added": self.added,
            "calypsos": self.calypsos,
            "cards_required": list(self.cards_required),
        }


@dataclass(frozen=True)
class HandScore:
    """One hand scored by ``score_hand``: what happened and what each side scores, with the reasons.

    ``declarers``/``defenders``: each side's total for the hand. ``contract_score`` is the
    declarer's contract line of the table (negative when lost); ``sold``: cards declarer sold
    (limbo-sold only). ``lines`` explain it, one step a line.
    """

    contract: Contract
    outcome: str
    contract_points: int
    deficit: int
    sold: int
    contract_score: int
    declarer_calypsos: int
    calypso_bid_bonus: int
    defender_calypsos: int
    defender_cards: int
    lines: tuple[str, ...] = field(default=())

    @property
    def declarers(self) -> int:
        """The declarer side's total for the hand."""
        return self.contract_score + self.declarer_calypsos + self.calypso_bid_bonus

    @property
    def defenders(self) -> int:
        """The defenders' total for the hand."""
        return self.defender_calypsos + self.defender_cards

    @property
    def made(self) -> bool:
        """True when the contract succeeded (won outright or sold out of limbo)."""
        return self.outcome in ("win", "limbo-sold")

    @property
    def explanation(self) -> str:
        return "\n".join(self.lines)

    def by_side(self) -> dict[str, int]:
        """``{"majors": …, "minors": …}`` (the contract must name its declarer)."""
        side = self.contract.side
        if side is None:
            raise AuctionError("the contract names no declarer: sides unknown")
        other = SIDES[1 - SIDES.index(side)]
        return {side: self.declarers, other: self.defenders}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "contract": str(self.contract),
            "outcome": self.outcome,
            "contract_points": self.contract_points,
            "deficit": self.deficit,
            "sold": self.sold,
            "contract_score": self.contract_score,
            "declarer_calypsos": self.declarer_calypsos,
            "calypso_bid_bonus": self.calypso_bid_bonus,
            "defender_calypsos": self.defender_calypsos,
            "defender_cards": self.defender_cards,
            "declarers": self.declarers,
            "defenders": self.defenders,
            "lines": list(self.lines),
        }
        if self.contract.declarer:
            data["sides"] = self.by_side()
        return data


def check_hand(declarers: SideHand, defenders: SideHand) -> list[str]:
    """Every reason the two sides' counts cannot be one hand's (empty when they can)."""
    problems: list[str] = []
    in_range = True
    for who, side in (("declarers", declarers), ("defenders", defenders)):
        counts = (("trick pile", side.trick_pile), ("added", side.added), ("calypsos", side.calypsos))
        bad = False
        for name, value in (*counts, *((f"cards required #{i + 1}", r) for i, r in enumerate(side.cards_required))):
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(f"{who}' {name} must be a whole number, not {value!r}")
                bad = True
            elif value < 0:
                problems.append(f"{who}' {name} is {value}: counts cannot be negative")
                bad = True
        if bad:
            in_range = False
            continue
        if side.trick_pile > HAND_CARDS or side.added > HAND_CARDS:
            problems.append(f"{who}' counts are over the {HAND_CARDS} cards of a hand")
            in_range = False
        required = side.cards_required
        if required and len(required) != side.calypsos:
            problems.append(
                f"{who} completed {side.calypsos} calypso{'s' if side.calypsos != 1 else ''} but "
                f"{len(required)} cards-required value{'s' if len(required) != 1 else ''} "
                f"{'are' if len(required) != 1 else 'is'} given (one per calypso)"
            )
        for i, r in enumerate(required):
            if not 1 <= r <= CALYPSO_CARDS:
                problems.append(
                    f"{who}' calypso #{i + 1} needed {r} cards: a calypso completed in a hand needed 1 to 13"
                )
        needed = sum(required) if required else side.calypsos
        if needed > side.added:
            problems.append(
                f"{who} completed {side.calypsos} calypso{'s' if side.calypsos != 1 else ''} needing "
                f"{needed} card{'s' if needed != 1 else ''} but added only {side.added} this hand"
            )
    if in_range:
        total = declarers.trick_pile + declarers.added + defenders.trick_pile + defenders.added
        if total != HAND_CARDS:
            gap = HAND_CARDS - total
            what = f"{gap} card{'s' if gap != 1 else ''} missing" if gap > 0 else f"{-gap} too many"
            problems.append(
                f"cards add up to {total}, not {HAND_CARDS}: {what} (declarers T {declarers.trick_pile} + "
                f"P {declarers.added}, defenders T {defenders.trick_pile} + P {defenders.added})"
            )
    return problems


def contract_points(contract: Contract, declarers: SideHand, values: AuctionValues = VALUES) -> tuple[int, list[str]]:
    """Declarer's contract points (10 × T + the cards-required bonus of each calypso bid and made)
    and the lines that show the sum."""
    bid = contract.bid
    t = declarers.trick_pile
    points = values.declarer_card * t
    lines = [f"trick pile: {t} × {values.declarer_card} = {points}"]
    if bid.calypsos and declarers.calypsos >= bid.calypsos:
        required = declarers.cards_required
        if len(required) < bid.calypsos:
            raise AuctionError(
                f"declarers made their {bid.calypsos} calypso{'s' if bid.calypsos > 1 else ''}: the cards each "
                "still needed before the hand are required for the bonus"
            )
        for i, r in enumerate(required[: bid.calypsos]):
            bonus = values.bonus(r)
            points += bonus
            lines.append(
                f"calypso #{i + 1} bid and made, {r} card{'s' if r != 1 else ''} needed: "
                f"{values.first_card} + {values.further_card} × {r - 1} = {bonus}"
            )
    lines.append(f"contract points {points} against {bid.points} bid")
    return points, lines


def score_hand(
    contract: Contract,
    declarers: SideHand,
    defenders: SideHand,
    sell: bool | None = None,
    values: AuctionValues = VALUES,
) -> HandScore:
    """Score one hand (AUCTION.md §5–§6).

    ``sell`` must be ``True``/``False`` exactly when the outcome is limbo (calypsos made, points
    short by at most 20 × P(decl)) and ``None`` otherwise. ``AuctionError`` saying what does not add
    up: the 52-card check, negative counts, more calypsos than the cards added can make, cards-
    required values that are impossible or missing, a sell choice where none is asked.
    """
    if not isinstance(contract, Contract):
        raise AuctionError(f"{contract!r} is not a Contract (use Contract.parse)")
    problems = check_hand(declarers, defenders)
    if problems:
        raise AuctionError("; ".join(problems))
    bid = contract.bid
    factor = contract.factor
    pts, lines = contract_points(contract, declarers, values)
    lines.insert(0, f"contract {contract} ({DOUBLED_WORDS[contract.doubled]}, ×{factor})")
    deficit = max(0, bid.points - pts)  # (decision) a lost contract's deficit is never negative
    made_calypsos = declarers.calypsos >= bid.calypsos
    cap = values.sell_price * declarers.added
    if not made_calypsos:
        outcome = "loss"
        lines.append(f"calypsos: {declarers.calypsos} made of {bid.calypsos} bid — lost outright")
    elif pts >= bid.points:
        outcome = "win"
    elif deficit <= cap:
        outcome = "limbo"
        lines.append(f"limbo: {deficit} short, within the selling cap {declarers.added} × {values.sell_price} = {cap}")
    else:
        outcome = "loss"
        lines.append(f"{deficit} short, over the selling cap {declarers.added} × {values.sell_price} = {cap} — lost")

    if outcome == "limbo":
        if not isinstance(sell, bool):
            raise AuctionError(
                f"the contract is in limbo ({deficit} points short, within the selling cap of {cap}): "
                f"sell must be true or false{'' if sell is None else f', not {sell!r}'}"
            )
        outcome = "limbo-sold" if sell else "limbo-unsold"
    elif sell is not None:
        raise AuctionError(f"sell is asked only when the contract is in limbo; this hand is {outcome}")

    sold = 0
    extra = LIMBO_EXTRA[contract.doubled]
    if outcome == "win":
        over = (pts - bid.points) // 2
        contract_score = (bid.points + over) * factor
        lines.append(f"won: ({bid.points} + overpoints {pts - bid.points} / 2) × {factor} = {contract_score}")
    elif outcome == "limbo-sold":
        sold = math.ceil(deficit / values.sell_price)
        contract_score = bid.points + pts * extra
        tail = f" + {pts} × {extra}" if extra else ""
        lines.append(
            f"sold {sold} card{'s' if sold != 1 else ''} ({deficit} short at {values.sell_price} each): "
            f"{bid.points}{tail} = {contract_score}"
        )
    elif outcome == "limbo-unsold":
        contract_score = -(bid.points + deficit) - deficit * extra
        lines.append(f"not sold: −({bid.points} + {deficit}) − {deficit} × {extra} = {contract_score}")
    else:
        contract_score = -(bid.points + deficit) * factor
        lines.append(f"lost: −({bid.points} + {deficit}) × {factor} = {contract_score}")

    made = outcome in ("win", "limbo-sold")
    declarer_calypsos = values.calypso * declarers.calypsos if made else 0
    bid_bonus = values.calypso_bid * bid.calypsos if made else 0
    if declarers.calypsos:
        if made:
            lines.append(f"declarers' calypsos: {declarers.calypsos} × {values.calypso} = {declarer_calypsos}")
        else:
            lines.append(f"declarers' {declarers.calypsos} calypso(s) score nothing: the contract failed")
    if bid_bonus:
        lines.append(f"calypsos bid and made: {bid.calypsos} × {values.calypso_bid} = {bid_bonus}")
    defender_calypsos = values.calypso * defenders.calypsos
    defender_cards = values.defender_card * defenders.trick_pile
    lines.append(
        f"defenders: {defenders.calypsos} calypso(s) × {values.calypso} + {defenders.trick_pile} cards × "
        f"{values.defender_card} = {defender_calypsos + defender_cards}"
    )
    total = contract_score + declarer_calypsos + bid_bonus
    lines.append(f"hand: declarers {total}, defenders {defender_calypsos + defender_cards}")
    return HandScore(
        contract=contract,
        outcome=outcome,
        contract_points=pts,
        deficit=deficit,
        sold=sold,
        contract_score=contract_score,
        declarer_calypsos=declarer_calypsos,
        calypso_bid_bonus=bid_bonus,
        defender_calypsos=defender_calypsos,
        defender_cards=defender_cards,
        lines=tuple(lines),
    )


def hand_from_dict(data: object, values: AuctionValues = VALUES) -> HandScore:
    """Score a hand given as JSON (docs/formats.md, "Auction score pad")."""
    if not isinstance(data, Mapping):
        raise AuctionError("an Auction hand is a JSON object with contract, declarers, defenders")
    fmt = data.get("format", HAND_FORMAT)
    if fmt != HAND_FORMAT:
        raise AuctionError(f"format {fmt!r} is not {HAND_FORMAT!r}")
    unknown = sorted(set(data) - {"format", "contract", "declarer", "declarers", "defenders", "sell"})
    if unknown:
        raise AuctionError(f"unknown field {', '.join(map(repr, unknown))}")
    if "contract" not in data:
        raise AuctionError('contract missing (e.g. "1 & 290♥ X")')
    declarer = data.get("declarer")
    if declarer is not None:
        check_seat(declarer)
    contract = Contract.parse(data["contract"], declarer)
    sell = data.get("sell")
    if sell is not None and not isinstance(sell, bool):
        raise AuctionError(f"sell must be true or false, not {sell!r}")
    return score_hand(
        contract,
        SideHand.from_dict(data.get("declarers"), "declarers"),
        SideHand.from_dict(data.get("defenders"), "defenders"),
        sell,
        values,
    )


HAND_FORMAT = "calypso-auction-hand/1"


def score_pad(hands: object, values: AuctionValues = VALUES) -> list[tuple[HandScore, dict[str, int]]]:
    """Score a pad's hands in order (a list of ``hand_from_dict`` objects, each naming its declarer):
    each hand's score with the running totals by side. ``AuctionError`` naming the hand that is wrong."""
    if not isinstance(hands, Sequence) or isinstance(hands, str) or not hands:
        raise AuctionError("a score pad is a list of hands")
    totals = dict.fromkeys(SIDES, 0)
    out = []
    for number, data in enumerate(hands, start=1):
        try:
            score = hand_from_dict(data, values)
            if score.contract.declarer is None:
                raise AuctionError('the declarer is needed to know which side scores what (e.g. "declarer": "H")')
        except AuctionError as error:
            raise AuctionError(f"hand {number}: {error}") from None
        for side, points in score.by_side().items():
            totals[side] += points
        out.append((score, dict(totals)))
    return out


__all__ = [
    "COMPASS",
    "HAND_FORMAT",
    "OUTCOMES",
    "VALUES",
    "Auction",
    "AuctionError",
    "AuctionValues",
    "Bid",
    "Contract",
    "HandScore",
    "IllegalCall",
    "SideHand",
    "assign_trumps",
    "check_hand",
    "contract_points",
    "hand_from_dict",
    "score_hand",
    "score_pad",
]
