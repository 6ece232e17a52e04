"""Playing Auction Calypso: a whole game card by card, its record and replay, and bots (AUCTION.md).

``AuctionGame`` referees one game: the optional draft, then per hand the deal from the 104-card
double pack (less the cards on the table), the auction (``scoring.auction.Auction``), declarer's
gift of trumps, 13 tricks, selling when the contract is in limbo, and ditching (down to the
26-card cap). Each hand is scored by the score pad, ``score_hand``, from the counts the play
produced; the engine also keeps its own accounting trick by trick (``HandRecord.ledger``), and the
two must agree (tests/scoring/test_auction_play.py, bench/auction.py).

**Trick play reuses the standard engine.** ``_fastplay.resolve_trick`` and ``take_trick`` work on
seats whose personal suit is their own number (S 0, H 1, D 2, C 3: partner ``seat ^ 1``, side
``seat >> 1``). In Auction Calypso the trumps change each hand, so the engine *relabels* the suits
for the hand: a card of the suit held as trump by seat ``k`` is played as a card of suit ``k``.
Relabelled, a hand is a standard deal, and the side's calypsos in progress of its two trump suits
are the four per-seat calypsos ``take_trick`` keeps; they are copied in before the first trick and
back after the last (the side's other two calypsos in progress wait for a later hand).

Seats are named ``S`` ``H`` ``D`` ``C`` (AUCTION.md's N E S W; see ``scoring.auction``). Sides are
``majors`` (S, H) and ``minors`` (D, C). Cards are ``Card`` objects of the 52 kinds; the double
pack holds two of each.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import _fastplay as fp
from .auction import (
    SIDES,
    VALUES,
    Auction,
    AuctionError,
    AuctionValues,
    Bid,
    Contract,
    HandScore,
    SideHand,
    assign_trumps,
    check_seat,
    parse_call,
    score_hand,
)
from .cards import CARDS, SUIT_SYMBOLS, SUITS, Card, CardError, parse_card
from .play import _PLAYABLE  # the follow-suit rule as a lookup table, by suit number
from .tricks import STANDARD, check_rule

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
        pad = score_hand(self.contract, declarers, defenders, self.sell, values)
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


class AuctionGame:
    """One game of Auction Calypso, action by action (AUCTION.md §1–§7).

    ``phase`` says what comes next and ``to_act`` who: ``draft_pick(card)``, ``call(call)``,
    ``give_trumps({seat: suit})``, ``play(card)``, ``sell(yes, cards=None)``, then ``ditch(side,
    cards)`` any number of times and ``next_hand()``. ``IllegalCall``/``IllegalMove`` (both
    ``AuctionError``) for an action out of phase or against the rules; nothing changes then.
    ``seed`` fixes every shuffle, so a game's ``record()`` replays exactly (``replay``).
    """

    def __init__(
        self,
        hands: int = 4,
        first_dealer: str = "S",
        *,
        draft: bool = False,
        seed: int | str | None = 0,
        rule: str = STANDARD,
        values: AuctionValues = VALUES,
        table: Mapping[str, Sequence[Card | str]] | None = None,
        deals: Sequence[Mapping[str, Sequence[Card | str]]] | None = None,
    ) -> None:
        """``table``: the calypsos in progress each side starts with (``{"majors": [...], ...}``), in
        place of the draft — a game resumed, or a team match whose tables start alike. ``deals``: the
        cards each seat is dealt in hands 1, 2, … (``{seat: cards}``), in place of the shuffle for
        as many hands as are given — real hands recorded at a table, or a test's."""
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise AuctionError(f"a game has at least one hand, not {hands!r}")
        self.hands = hands
        self.first_dealer = check_seat(first_dealer)
        self.draft_on = bool(draft)
        if seed is None:  # a fresh seed, kept, so that even this game can be replayed from its record
            seed = random.SystemRandom().randrange(1 << 63)
        self.seed = seed
        self.rule = check_rule(rule)
        self.values = values
        self._beat_leader = rule != STANDARD
        self._playable_table = _PLAYABLE[rule]
        self._random = random.Random(seed)
        # Calypsos in progress per side (0 majors, 1 minors) per suit: rank masks and sizes.
        self.mask = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.count = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.completed = [[0, 0, 0, 0], [0, 0, 0, 0]]
        self.totals = dict.fromkeys(SIDES, 0)
        self.records: list[HandRecord] = []
        self.actions: list[list[Any]] = []
        self.phase = "draft"
        self._dealer = _SEAT[first_dealer]
        self._turn = -1
        self._hands: list[list[list[int]]] = [[[], [], [], []] for _ in range(4)]
        self._deals = list(deals or [])
        self._table_given: dict[str, list[str]] = {}
        if table is not None:
            if self.draft_on:
                raise AuctionError("a game starts from a draft or from a given table, not both")
            self._lay_table(table)
        if self.draft_on:
            self._start_draft()
        else:
            self._start_hand()

    def _lay_table(self, table: Mapping[str, Sequence[Card | str]]) -> None:
        unknown = sorted(set(table) - set(SIDES))
        if unknown:
            raise AuctionError(f"table: {', '.join(map(repr, unknown))} is not a side (majors or minors)")
        for side, cards in table.items():
            s = SIDES.index(side)
            self._table_given[side] = []
            for card in cards:
                c = _card(card)
                self._table_given[side].append(str(CARDS[c]))
                if self.mask[s][c // 13] >> (c % 13) & 1:
                    raise AuctionError(f"table: the {side} have {CARDS[c]} twice (a calypso holds each rank once)")
                self.mask[s][c // 13] |= 1 << (c % 13)
                self.count[s][c // 13] += 1
            full = [SUIT_SYMBOLS[SUITS[k]] for k in range(4) if self.count[s][k] == HAND_SIZE]
            if full:
                raise AuctionError(f"table: the {side}' {', '.join(full)} calypso has 13 cards: it is complete")
            if sum(self.count[s]) > self.values.table_cap:
                raise AuctionError(f"table: the {side} have {sum(self.count[s])} cards, over the cap")

    # --- what the table shows ---------------------------------------------------------------------------------------

    @property
    def to_act(self) -> str | None:
        """The seat that acts next (``None`` while ditching and once the game is over)."""
        if self.phase == "auction":
            return self.auction.to_speak
        return SUITS[self._turn] if self._turn >= 0 else None

    @property
    def dealer(self) -> str:
        return SUITS[self._dealer]

    @property
    def hand_number(self) -> int:
        """The hand in play or just played, from 1 (0 during the draft)."""
        return len(self.records)

    @property
    def record_in_play(self) -> HandRecord:
        return self.records[-1]

    def on_table(self, side: str) -> int:
        """Cards ``side`` (``majors``/``minors``) holds in its calypsos in progress."""
        return len(self.table(side))

    def calypso(self, side: str, suit: str) -> list[Card]:
        """The cards of ``side``'s calypso in progress in ``suit``, low to high."""
        s, side_number = SUITS.index(suit), SIDES.index(side)
        mask = self.mask[side_number][s]
        if self.phase == "play":  # the hand's trump suits live in the relabelled calypsos until the hand ends
            seat = self._label[s]
            if seat >> 1 == side_number:
                mask = self._mask4[seat]
        return [CARDS[s * 13 + r] for r in _bits(mask)]

    def table(self, side: str) -> list[Card]:
        """Every card of ``side``'s calypsos in progress (suits S H D C, low to high)."""
        return [card for suit in SUITS for card in self.calypso(side, suit)]

    def hand(self, seat: str) -> list[Card]:
        """The cards ``seat`` holds in the hand in play."""
        return [CARDS[c] for suit in self._hands[_SEAT[check_seat(seat)]] for c in suit]

    def trump_of(self, seat: str) -> str:
        """``seat``'s trump suit this hand (after the trumps are given)."""
        return SUITS[self._trump[_SEAT[seat]]]

    @property
    def current_trick(self) -> list[tuple[str, Card]]:
        seats = self._order(self._leader)
        return [(SUITS[seats[i]], CARDS[c]) for i, c in enumerate(self._trick)]

    def _order(self, leader: int) -> list[int]:
        seats = [leader]
        for _ in range(3):
            seats.append(_NEXT[seats[-1]])
        return seats

    def _expect(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalMove(f"cannot {what} now: the game is at {self.phase!r}, not {phase!r}")

    # --- the draft (AUCTION.md §2) ----------------------------------------------------------------------------------

    def _start_draft(self) -> None:
        self._pack = [c for c in range(52) for _ in range(PACK_COPIES)]
        self._random.shuffle(self._pack)
        self._round = 0
        self._start_round()

    def _start_round(self) -> None:
        self._face_up = [self._pack.pop() for _ in range(DRAFT_CARDS)]
        # Round 1 starts with dealer's left, 2 dealer's partner, 3 dealer's right, 4 dealer.
        seat = self._dealer
        for _ in range(self._round + 1):
            seat = _NEXT[seat]
        self._turn = seat

    @property
    def face_up(self) -> list[Card]:
        """The draft's face-up cards still to take."""
        return [CARDS[c] for c in self._face_up] if self.phase == "draft" else []

    def draft_options(self) -> list[Card]:
        """What the player to pick may take: the face-up cards their side does not yet have in that
        suit's calypso in progress; if there is none, every face-up card (one is turned face down)."""
        if self.phase != "draft":
            return []
        mask = self.mask[self._turn >> 1]
        takeable = [c for c in self._face_up if not mask[c // 13] >> (c % 13) & 1]
        return [CARDS[c] for c in (takeable or self._face_up)]

    def draft_pick(self, card: Card | str) -> None:
        """The player to pick takes ``card`` into their side's calypso in progress of its suit, or, when
        they cannot take any face-up card, turns ``card`` face down."""
        self._expect("draft", "pick a draft card")
        c = _card(card)
        if c not in self._face_up:
            raise IllegalMove(f"{CARDS[c]} is not face up (face up: {' '.join(map(str, self.face_up))})")
        if CARDS[c] not in self.draft_options():
            raise IllegalMove(
                f"{SUITS[self._turn]}'s side already has {CARDS[c]} in its {SUIT_SYMBOLS[SUITS[c // 13]]} calypso; "
                "take a card it can use"
            )
        side = self._turn >> 1
        s, b = c // 13, 1 << (c % 13)
        self._face_up.remove(c)
        if self.mask[side][s] & b:
            self._pack.append(c)  # face down: back into the pack
        else:
            self.mask[side][s] |= b
            self.count[side][s] += 1
        self.actions.append(["draft", str(CARDS[c])])
        if self._face_up:
            self._turn = _NEXT[self._turn]
            return
        self._round += 1
        if self._round < DRAFT_ROUNDS:
            self._start_round()
        else:
            self._start_hand()

    # --- a hand: deal and auction (AUCTION.md §1, §3) ---------------------------------------------------------------

    def _start_hand(self) -> None:
        pack = []
        for c in range(52):
            b, s = 1 << (c % 13), c // 13
            copies = PACK_COPIES - (self.mask[0][s] & b > 0) - (self.mask[1][s] & b > 0)
            pack.extend([c] * copies)
        hands: list[list[list[int]]] = [[[], [], [], []] for _ in range(4)]
        if len(self.records) < len(self._deals):
            self._given_deal(self._deals[len(self.records)], pack, hands)
        else:
            self._random.shuffle(pack)
            seat = self._dealer
            for c in pack[: 4 * HAND_SIZE]:  # one at a time, clockwise from dealer's left
                seat = _NEXT[seat]
                hands[seat][c // 13].append(c)
        for by_suit in hands:
            for cards in by_suit:
                cards.sort(reverse=True)
        self._hands = hands
        self.auction = Auction(SUITS[self._dealer], ORDER, self.values)
        self.records.append(
            HandRecord(
                number=len(self.records) + 1,
                dealer=SUITS[self._dealer],
                dealt={SUITS[s]: tuple(CARDS[c] for suit in hands[s] for c in suit) for s in range(4)},
                ledger={"table_before": (sum(self.count[0]), sum(self.count[1]))},
            )
        )
        self._face_up = []
        self.phase = "auction"
        self._turn = -1

    def _given_deal(self, deal: Mapping[str, Sequence[Card | str]], pack: list[int], hands: list) -> None:
        where = f"hand {len(self.records) + 1}"
        if not isinstance(deal, Mapping) or set(deal) != set(SUITS):
            raise AuctionError(f"{where}: a deal gives 13 cards to each seat S, H, D, C")
        left = {c: pack.count(c) for c in set(pack)}
        for seat in SUITS:
            cards = [_card(c) for c in deal[seat]]
            if len(cards) != HAND_SIZE:
                raise AuctionError(f"{where}: {seat} is dealt {len(cards)} cards, not {HAND_SIZE}")
            for c in cards:
                if left.get(c, 0) == 0:
                    raise AuctionError(f"{where}: {CARDS[c]} is not in the pack (two copies, less the table's)")
                left[c] -= 1
                hands[_SEAT[seat]][c // 13].append(c)

    def call(self, call: object) -> None:
        """The player to speak makes ``call`` (``pass``, ``double``, ``redouble``, a bid)."""
        if self.phase != "auction":
            raise IllegalMove(f"cannot call now: the game is at {self.phase!r}, not 'auction'")
        seat = self.auction.to_speak
        assert seat is not None
        self.auction.call(seat, call)
        made = self.auction.calls[-1][1]
        text = made.code if isinstance(made, Bid) else made
        self.record_in_play.calls.append((seat, text))
        self.actions.append(["call", text])
        if self.auction.finished:
            contract = self.auction.contract
            assert contract is not None and contract.declarer is not None
            self.record_in_play.contract = contract
            self.phase = "trumps"
            self._turn = _SEAT[contract.declarer]

    def give_trumps(self, trumps: Mapping[str, object]) -> None:
        """Declarer gives each seat its trump for the hand (``{seat: suit}``, declarer's the bid suit)."""
        self._expect("trumps", "give trumps")
        record = self.record_in_play
        assert record.contract is not None
        given = assign_trumps(record.contract, trumps)
        record.trumps = given
        self.actions.append(["trumps", dict(given)])
        self._start_play(given)

    # --- play (AUCTION.md §4) ---------------------------------------------------------------------------------------

    def _start_play(self, given: Mapping[str, str]) -> None:
        self._trump = [SUITS.index(given[SUITS[seat]]) for seat in range(4)]
        label = [0, 0, 0, 0]
        for seat, suit in enumerate(self._trump):
            label[suit] = seat
        self._label = label  # real suit → the seat whose trump it is (its suit in the relabelled hand)
        # The calypsos in progress of each seat's trump, for its side, by seat (= relabelled suit).
        self._mask4 = [self.mask[seat >> 1][self._trump[seat]] for seat in range(4)]
        self._count4 = [self.count[seat >> 1][self._trump[seat]] for seat in range(4)]
        self._start4 = tuple(self._count4)
        self._declarer = declarer = _SEAT[self.record_in_play.contract.declarer]  # type: ignore[union-attr]
        side = (declarer & 2, declarer | 1)  # the declarer's side's seats (S H or D C)
        self.record_in_play.noted = {SUITS[self._trump[seat]]: self._start4[seat] for seat in side}
        self._done4 = [0, 0, 0, 0]
        self._pile2 = [0, 0]
        self._completions: list[tuple[int, int]] = []  # (seat whose suit, cards it needed) in order
        self._ledger = {"contract_points": 0, "defender_points": 0, "declarer_required": []}
        self._leader = self._turn = _NEXT[self._dealer]
        self._trick: list[int] = []
        self._tricks_done = 0
        self.phase = "play"

    @property
    def led_suit(self) -> str | None:
        return SUITS[self._trick[0] // 13] if self.phase == "play" and self._trick else None

    def _playable(self, seat: int) -> tuple[int, ...]:
        if not self._trick:
            return _ALL
        led = self._trick[0] // 13
        return self._playable_table[led][self._trump[seat]][bool(self._hands[seat][led])]

    def legal_plays(self) -> list[Card]:
        """The cards the player to play may play (standard trick rules with this hand's trumps)."""
        if self.phase != "play":
            return []
        hand = self._hands[self._turn]
        return [CARDS[c] for s in self._playable(self._turn) for c in hand[s]]

    def play(self, card: Card | str) -> str | None:
        """The player to play plays ``card``; returns the seat that won the trick when it completes one."""
        self._expect("play", "play a card")
        c = _card(card)
        seat = self._turn
        hand = self._hands[seat]
        s = c // 13
        if c not in hand[s]:
            raise IllegalMove(f"hand {self.hand_number}: {SUITS[seat]} does not hold {CARDS[c]}")
        if s not in self._playable(seat):
            led = SUITS[self._trick[0] // 13]
            raise IllegalMove(
                f"hand {self.hand_number}: {SUITS[seat]} must follow {SUIT_SYMBOLS[led]}, not play {CARDS[c]}"
            )
        hand[s].remove(c)
        self._trick.append(c)
        self.actions.append(["play", _TEXT[c]])
        if len(self._trick) < 4:
            self._turn = _NEXT[seat]
            return None
        return self._finish_trick()

    def _finish_trick(self) -> str:
        seats = self._order(self._leader)
        label = self._label
        cards = [label[c // 13] * 13 + c % 13 for c in self._trick]
        winner = seats[fp.resolve_trick(cards, seats, self._beat_leader)]
        side = winner >> 1
        piled, done = self._pile2[side], self._done4[:]
        fp.take_trick(cards, winner, self._mask4, self._count4, self._done4, self._pile2, False)
        # The engine's own accounting, trick by trick.
        ledger = self._ledger
        taken = self._pile2[side] - piled
        declaring = side == self._declarer >> 1
        for owner in (winner, winner ^ 1):
            for k in range(done[owner], self._done4[owner]):
                needed = HAND_SIZE - self._start4[owner] if k == 0 else HAND_SIZE
                self._completions.append((owner, needed))
                if declaring:
                    ledger["declarer_required"].append((owner, needed))
                else:
                    ledger["defender_points"] += self.values.calypso
        if declaring:
            ledger["contract_points"] += self.values.declarer_card * taken
        else:
            ledger["defender_points"] += self.values.defender_card * taken
        self.record_in_play.tricks.append((SUITS[self._leader], tuple(CARDS[c] for c in self._trick)))
        self._trick = []
        self._tricks_done += 1
        if self._tricks_done < HAND_SIZE:
            self._leader = self._turn = winner
        else:
            self._end_play()
        return SUITS[winner]

    def taken(self, side: str) -> SideHand:
        """What ``side`` has taken so far in the hand in play (or just played), as the score pad reads it."""
        if self.phase in ("draft", "auction", "trumps"):
            return SideHand(0, 0, 0)
        return self._side_hand(SIDES.index(side))

    def _side_hand(self, side: int) -> SideHand:
        seats = (2 * side, 2 * side + 1)
        added = sum(self._count4[s] - self._start4[s] + HAND_SIZE * self._done4[s] for s in seats)
        done = [(s, n) for s, n in self._completions if s >> 1 == side]
        if side == self._declarer >> 1:  # the bid suit's calypso counts first (AUCTION.md §5)
            first = next((i for i, (s, _) in enumerate(done) if s == self._declarer), None)
            if first is not None:
                done.insert(0, done.pop(first))
        return SideHand(self._pile2[side], added, len(done), tuple(n for _, n in done))

    def _end_play(self) -> None:
        # The hand's calypsos in progress go back to their sides.
        for seat in range(4):
            self.mask[seat >> 1][self._trump[seat]] = self._mask4[seat]
            self.count[seat >> 1][self._trump[seat]] = self._count4[seat]
            self.completed[seat >> 1][self._trump[seat]] += self._done4[seat]
        record = self.record_in_play
        side = self._declarer >> 1
        record.declarers = self._side_hand(side)
        record.defenders = self._side_hand(1 - side)
        self._settle_ledger()
        if record.ledger["outcome"] == "limbo":
            self.phase = "sell"
            self._turn = self._declarer
        else:
            self._score(None)

    def _settle_ledger(self) -> None:
        """The engine's own verdict on the hand, from what it counted trick by trick (AUCTION.md §5–§6)."""
        record = self.record_in_play
        contract = record.contract
        assert contract is not None and record.declarers is not None
        values, ledger = self.values, self._ledger
        bid = contract.bid
        owners = [s for s, _ in ledger["declarer_required"]]
        made = [n for _, n in ledger["declarer_required"]]
        # the bonus: the first calypso of the bid suit (the declarer's trump), then the others as completed
        first = owners.index(self._declarer) if self._declarer in owners else -1
        ordered = sorted(range(len(made)), key=lambda i: (i != first, i))
        points = ledger["contract_points"]
        if bid.calypsos and len(made) >= bid.calypsos:
            points += sum(values.first_card + values.further_card * (made[i] - 1) for i in ordered[: bid.calypsos])
        short = max(0, bid.points - points)
        added = record.declarers.added
        if len(made) < bid.calypsos or short > values.sell_price * added:
            outcome = "loss"
        elif short:
            outcome = "limbo"
        else:
            outcome = "win"
        record.ledger.update(
            contract_points=points,
            outcome=outcome,
            short=short,
            calypsos=len(made),
            defenders=ledger["defender_points"],
        )

    # --- after the hand (AUCTION.md §5–§7) --------------------------------------------------------------------------

    @property
    def to_sell(self) -> int:
        """Cards declarer must sell to make a contract in limbo (0 outside the sale)."""
        if self.phase != "sell":
            return 0
        return math.ceil(self.record_in_play.ledger["short"] / self.values.sell_price)

    @property
    def can_sell(self) -> bool:
        """Whether declarer's side holds the cards in progress to sell (a side cannot sell what it has not)."""
        side = SIDES[self._declarer >> 1]
        return self.phase == "sell" and self.on_table(side) >= self.to_sell

    def sell(self, yes: bool, cards: Sequence[Card | str] | None = None) -> None:
        """Declarer sells (``yes``) the cards needed to make the contract exactly, or does not.

        ``cards``: which cards of the side's calypsos in progress to sell; by default the engine
        takes them from the smallest calypsos in progress first, lowest ranks first."""
        self._expect("sell", "sell")
        if not isinstance(yes, bool):
            raise IllegalMove(f"sell is true or false, not {yes!r}")
        side = self._declarer >> 1
        sold: list[int] = []
        if yes:
            need = self.to_sell
            if cards is None:
                sold = self._cheapest(side, need)
                if len(sold) < need:
                    raise IllegalMove(
                        f"{SIDES[side]} hold {len(sold)} cards in progress and cannot sell the {need} needed"
                    )
            else:
                sold = [_card(c) for c in cards]
                if len(sold) != need:
                    raise IllegalMove(f"declarer must sell exactly {need} cards to make the contract, not {len(sold)}")
                self._check_held(side, sold)
            for c in sold:
                self.mask[side][c // 13] &= ~(1 << (c % 13))
                self.count[side][c // 13] -= 1
            self.record_in_play.sold = tuple(CARDS[c] for c in sold)
        self.actions.append(["sell", yes, [str(CARDS[c]) for c in sold]])
        self._score(yes)

    def _cheapest(self, side: int, n: int) -> list[int]:
        counts = self.count[side]
        out: list[int] = []
        for s in sorted(range(4), key=lambda s: (counts[s], s)):
            for r in _bits(self.mask[side][s]):
                if len(out) == n:
                    return out
                out.append(s * 13 + r)
        return out

    def _check_held(self, side: int, cards: list[int]) -> None:
        if len(set(cards)) != len(cards):
            raise IllegalMove("the same card is named twice (a calypso holds each rank once)")
        for c in cards:
            if not self.mask[side][c // 13] >> (c % 13) & 1:
                raise IllegalMove(f"{CARDS[c]} is not in the {SIDES[side]}' calypsos in progress")

    def _score(self, sell: bool | None) -> None:
        record = self.record_in_play
        assert record.contract is not None and record.declarers is not None and record.defenders is not None
        record.sell = sell
        score = score_hand(record.contract, record.declarers, record.defenders, sell, self.values)
        record.score = score
        ledger = record.ledger
        # The engine's contract line: win (bid + over/2) × f; sold bid + pts × (f − 1) (0/1/3 as f is 1/2/4,
        # i.e. f − 1); not sold −bid − deficit × f; lost −(bid + deficit) × f.
        bid, pts, short = record.contract.bid.points, ledger["contract_points"], ledger["short"]
        f = record.contract.factor
        outcome = ledger["outcome"]
        if outcome == "limbo":
            outcome = "limbo-sold" if sell else "limbo-unsold"
        line = {
            "win": (bid * 2 + pts - bid) * f // 2,
            "limbo-sold": bid + pts * (f - 1),
            "limbo-unsold": -bid - short * f,
            "loss": -(bid + short) * f,
        }[outcome]
        side = self._declarer >> 1
        made = outcome in ("win", "limbo-sold")
        calypsos = ledger["calypsos"]
        bonus = (self.values.calypso * calypsos + self.values.calypso_bid * record.contract.bid.calypsos) if made else 0
        ledger.update(outcome=outcome, declarers=line + bonus)
        self.totals[SIDES[side]] += score.declarers
        self.totals[SIDES[1 - side]] += score.defenders
        self.phase = "ditch"
        self._turn = -1

    def must_ditch(self, side: str) -> int:
        """Cards ``side`` must still ditch before the next hand (over the 26-card cap)."""
        return max(0, self.on_table(side) - self.values.table_cap)

    def ditch(self, side: str, cards: Sequence[Card | str]) -> None:
        """``side`` ditches ``cards`` from its calypsos in progress (no score)."""
        self._expect("ditch", "ditch")
        if side not in SIDES:
            raise IllegalMove(f"{side!r} is not a side (majors or minors)")
        s = SIDES.index(side)
        taken = [_card(c) for c in cards]
        self._check_held(s, taken)
        for c in taken:
            self.mask[s][c // 13] &= ~(1 << (c % 13))
            self.count[s][c // 13] -= 1
        record = self.record_in_play
        record.ditched[side] = record.ditched.get(side, ()) + tuple(CARDS[c] for c in taken)
        self.actions.append(["ditch", side, [str(CARDS[c]) for c in taken]])

    def next_hand(self) -> None:
        """End the hand: every side must be at or under the cap; then deal the next hand (or end)."""
        self._expect("ditch", "go on to the next hand")
        over = [f"{side} {self.on_table(side)}" for side in SIDES if self.must_ditch(side)]
        if over:
            raise IllegalMove(
                f"more than {self.values.table_cap} cards on the table ({', '.join(over)}): ditch down to "
                f"{self.values.table_cap} first"
            )
        self.record_in_play.ledger["table_after"] = (sum(self.count[0]), sum(self.count[1]))
        self.actions.append(["next"])
        if len(self.records) >= self.hands:
            self.phase = "over"
            return
        self._dealer = _NEXT[self._dealer]
        self._start_hand()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    # --- record and replay ------------------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The game as JSON (docs/formats.md, "Auction play record"): its settings and every action."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "hands": self.hands,
            "first_dealer": self.first_dealer,
            "draft": self.draft_on,
            "seed": self.seed,
            "rule": self.rule,
            "actions": [list(a) for a in self.actions],
        }
        if self.values != VALUES:
            data["values"] = dict(self.values.__dict__)
        if self._table_given:
            data["table"] = self._table_given
        if self._deals:
            data["deals"] = [{seat: [str(c) for c in cards] for seat, cards in deal.items()} for deal in self._deals]
        return data


def replay(record: Mapping[str, Any]) -> AuctionGame:
    """Re-play an ``AuctionGame.record()``; ``AuctionError`` naming the first action that cannot happen."""
    if not isinstance(record, Mapping) or record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise AuctionError(f"not an Auction play record (format {RECORD_FORMAT!r})")
    try:
        game = AuctionGame(
            record.get("hands", 4),
            record.get("first_dealer", "S"),
            draft=record.get("draft", False),
            seed=record.get("seed", 0),
            rule=record.get("rule", STANDARD),
            values=AuctionValues(**record.get("values", {})),
            table=record.get("table"),
            deals=record.get("deals"),
        )
    except (AuctionError, TypeError, ValueError, AttributeError) as error:
        raise AuctionError(f"the record's settings: {error}") from None
    actions = record.get("actions", [])
    if not isinstance(actions, Sequence) or isinstance(actions, str):
        raise AuctionError("the record's actions must be a list")
    for i, action in enumerate(actions):
        try:
            kind, *args = action
            if kind == "draft":
                game.draft_pick(*args)
            elif kind == "call":
                game.call(*args)
            elif kind == "trumps":
                game.give_trumps(*args)
            elif kind == "play":
                game.play(*args)
            elif kind == "sell":
                game.sell(args[0], args[1] if args[0] else None)
            elif kind == "ditch":
                game.ditch(*args)
            elif kind == "next":
                game.next_hand()
            else:
                raise AuctionError(f"unknown action {kind!r}")
        except (AuctionError, TypeError, ValueError) as error:
            raise AuctionError(f"action {i + 1} {action!r}: {error}") from None
    return game


# --- bots -----------------------------------------------------------------------------------------------------------


class AuctionBot(Protocol):
    """Anything that takes every decision of one seat (and of its side, for selling and ditching)."""

    def draft(self, game: AuctionGame) -> Card: ...
    def call(self, game: AuctionGame) -> object: ...
    def trumps(self, game: AuctionGame) -> dict[str, str]: ...
    def play(self, game: AuctionGame) -> Card: ...
    def sell(self, game: AuctionGame) -> bool: ...
    def ditch(self, game: AuctionGame, side: str) -> list[Card]: ...


class RandomBot:
    """Uniformly random legal choices; bids now and then (the minimum bid in a random suit, sometimes
    with more points or a calypso more), doubles sometimes, ditches only what the cap forces.
    Seeded: deterministic."""

    def __init__(self, seed: int | str | None = 0, bid_chance: float = 0.3) -> None:
        self._random = random.Random(seed)
        self.bid_chance = bid_chance

    def _pick(self, items: Sequence[Any]) -> Any:
        return items[int(self._random.random() * len(items))]

    def draft(self, game: AuctionGame) -> Card:
        return self._pick(game.draft_options())

    def call(self, game: AuctionGame) -> object:
        options = game.auction.legal_calls()
        rnd = self._random.random
        if options and rnd() >= self.bid_chance:
            if "double" in options and rnd() < 0.1:
                return "double"
            if "redouble" in options and rnd() < 0.2:
                return "redouble"
            return "pass"
        bid = game.auction.minimum_bid(self._pick(SUITS))
        extra = self._pick((0, 0, 10, 30))
        calypsos = bid.calypsos + (1 if bid.calypsos < 4 and rnd() < 0.1 else 0)
        return Bid(bid.points + extra, calypsos, bid.suit)

    def trumps(self, game: AuctionGame) -> dict[str, str]:
        contract = game.record_in_play.contract
        assert contract is not None and contract.declarer is not None
        others = [s for s in SUITS if s != contract.bid.suit]
        self._random.shuffle(others)
        seats = [s for s in SUITS if s != contract.declarer]
        return {contract.declarer: contract.bid.suit, **dict(zip(seats, others, strict=True))}

    def play(self, game: AuctionGame) -> Card:
        return self._pick(game.legal_plays())

    def sell(self, game: AuctionGame) -> bool:
        return game.can_sell and self._random.random() < 0.5

    def ditch(self, game: AuctionGame, side: str) -> list[Card]:
        table = game.table(side)
        self._random.shuffle(table)
        return table[: game.must_ditch(side)]


class SimpleBot(RandomBot):
    """A simple club player (seeded). Drafts for its side's biggest calypsos; bids its longest suit
    when its hand and its side's calypso there promise the points (a calypso when it is nearly
    complete); gives its partner the suit of its side's biggest calypso in progress; plays greedily
    one trick deep (wins tricks worth winning cheaply, throws low cards on lost ones); always sells
    out of limbo when it can; ditches only what it must, from its smallest calypsos."""

    def draft(self, game: AuctionGame) -> Card:
        counts = game.count[_SEAT[game.to_act] >> 1]  # type: ignore[index]
        return max(game.draft_options(), key=lambda card: (counts[card.index // 13], self._random.random()))

    def _estimate(self, game: AuctionGame, seat: str, suit: str) -> tuple[int, int]:
        """(points, calypsos) this seat would dare to bid in ``suit``."""
        held = [c for c in game.hand(seat) if c.suit == suit]
        side = SIDES[_SEAT[seat] >> 1]
        on_table = game.count[SIDES.index(side)][SUITS.index(suit)]
        points = 160 + 12 * len(held) + 4 * sum(c.rank_value for c in held) // max(1, len(held))
        calypsos = 1 if on_table >= 10 else 0
        return points - points % 10, calypsos

    def call(self, game: AuctionGame) -> object:
        seat = game.to_act
        assert seat is not None
        auction = game.auction
        best: Bid | None = None
        for suit in SUITS:
            points, calypsos = self._estimate(game, seat, suit)
            wanted = auction.minimum_bid(suit)
            if calypsos > wanted.calypsos and wanted.points <= points:
                wanted = Bid(wanted.points, calypsos, suit)
            if wanted.points <= points + self._random.random() * 20 and (best is None or wanted > best):
                best = wanted
        options = auction.legal_calls()
        last = auction.last_bid
        bidder = auction.last_bidder
        if best is not None and (not options or bidder is None or _SEAT[bidder] >> 1 != _SEAT[seat] >> 1):
            return best
        if not options:
            return auction.minimum_bid(max(SUITS, key=lambda s: self._estimate(game, seat, s)[0]))
        if "double" in options and last is not None and last.points >= 320:
            return "double"
        return "pass"

    def trumps(self, game: AuctionGame) -> dict[str, str]:
        contract = game.record_in_play.contract
        assert contract is not None and contract.declarer is not None
        declarer = contract.declarer
        side = _SEAT[declarer] >> 1
        counts = game.count
        others = [s for s in SUITS if s != contract.bid.suit]
        # partner: our biggest calypso in progress; opponents: theirs smallest
        mine = max(others, key=lambda s: counts[side][SUITS.index(s)])
        rest = sorted((s for s in others if s != mine), key=lambda s: counts[1 - side][SUITS.index(s)])
        partner = SUITS[_SEAT[declarer] ^ 1]
        opponents = [s for s in SUITS if _SEAT[s] >> 1 != side]
        return {declarer: contract.bid.suit, partner: mine, **dict(zip(opponents, rest, strict=True))}

    def play(self, game: AuctionGame) -> Card:
        legal = game.legal_plays()
        if len(legal) == 1:
            return legal[0]
        me = game._turn
        seats = game._order(game._leader)[: len(game._trick) + 1]
        label = game._label
        trick = [label[c // 13] * 13 + c % 13 for c in game._trick]
        last = len(trick) == 3
        best, best_score = legal[0], float("-inf")
        for card in {c.index: c for c in legal}.values():
            c = label[card.index // 13] * 13 + card.index % 13
            cards = [*trick, c]
            winner = seats[fp.resolve_trick(cards, seats, game._beat_leader)]
            worth = sum(
                30 if (x // 13) >> 1 == me >> 1 and not game._mask4[x // 13] >> (x % 13) & 1 else 10 for x in cards
            )
            ours = winner >> 1 == me >> 1
            score = (worth if ours else -worth) * (1.0 if last else 0.6) - card.rank_value * 2
            score += self._random.random() * 4
            if score > best_score:
                best, best_score = card, score
        return best

    def sell(self, game: AuctionGame) -> bool:
        return game.can_sell

    def ditch(self, game: AuctionGame, side: str) -> list[Card]:
        s = SIDES.index(side)
        need = game.must_ditch(side)
        cards = sorted(game.table(side), key=lambda card: (game.count[s][card.index // 13], card.rank_value))
        return cards[:need]


def advance(game: AuctionGame, bots: AuctionBot | Mapping[str, AuctionBot], until: tuple[str, ...] = ()) -> None:
    """Let ``bots`` (one for every seat, or one per seat) take the game's decisions until its phase is
    one of ``until`` or the game is over. A side's selling is decided by declarer's bot, its ditching
    by the bot of its first seat (S for the majors, D for the minors)."""
    by_seat = bots if isinstance(bots, Mapping) else dict.fromkeys(SUITS, bots)
    while game.phase != "over" and game.phase not in until:
        phase = game.phase
        if phase == "ditch":
            for side, seat in zip(SIDES, ("S", "D"), strict=True):
                cards = by_seat[seat].ditch(game, side)
                if cards:
                    game.ditch(side, cards)
            game.next_hand()
            continue
        bot = by_seat[game.to_act]  # type: ignore[index]
        if phase == "play":
            game.play(bot.play(game))
        elif phase == "auction":
            game.call(bot.call(game))
        elif phase == "draft":
            game.draft_pick(bot.draft(game))
        elif phase == "trumps":
            game.give_trumps(bot.trumps(game))
        else:
            game.sell(bot.sell(game))


def play_auction_game(
    bots: AuctionBot | Mapping[str, AuctionBot], hands: int = 4, first_dealer: str = "S", **options: Any
) -> AuctionGame:
    """Play a whole game with ``bots`` (see ``advance``); ``options`` are ``AuctionGame``'s (draft,
    seed, rule, values, table, deals)."""
    game = AuctionGame(hands, first_dealer, **options)
    advance(game, bots)
    return game


__all__ = [
    "RECORD_FORMAT",
    "AuctionBot",
    "AuctionGame",
    "HandRecord",
    "IllegalMove",
    "RandomBot",
    "SimpleBot",
    "advance",
    "parse_call",
    "play_auction_game",
    "replay",
]
