"""``AuctionGame``: one game of Auction Calypso action by action — the table, the deal, the auction,
trumps and trick play — with its ``record()`` and ``replay``. The draft (``draft.py``) and what
follows the play (``selling.py``) are its parts."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .. import _fastplay as fp
from ..auction import SIDES, VALUES, Auction, AuctionError, AuctionValues, Bid, SideHand, assign_trumps, check_seat
from ..cards import CARDS, SUIT_SYMBOLS, SUITS, Card
from ..play import _MUST_FOLLOW, _PLAYABLE  # the follow-suit rule as a lookup table, by suit number
from ..tricks import STANDARD, check_rule
from .draft import _Draft
from .records import (
    _ALL,
    _NEXT,
    _ORDER,
    _PACK,
    _SEAT,
    _TEXT,
    HAND_SIZE,
    ORDER,
    RECORD_FORMAT,
    HandRecord,
    IllegalMove,
    _bits,
    _card,
    _shuffle,
)
from .selling import _AfterHand


class AuctionGame(_Draft, _AfterHand):
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
        self._must_follow = _MUST_FOLLOW[rule]
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
        side_number = SIDES.index(side)
        return sum(self._calypso_mask(side_number, s).bit_count() for s in range(4))

    def _calypso_mask(self, side_number: int, s: int) -> int:
        """The ranks of ``side_number``'s calypso in progress in suit number ``s``."""
        if self.phase == "play":  # the hand's trump suits live in the relabelled calypsos until the hand ends
            seat = self._label[s]
            if seat >> 1 == side_number:
                return self._mask4[seat]
        return self.mask[side_number][s]

    def calypso(self, side: str, suit: str) -> list[Card]:
        """The cards of ``side``'s calypso in progress in ``suit``, low to high."""
        s, side_number = SUITS.index(suit), SIDES.index(side)
        return [CARDS[s * 13 + r] for r in _bits(self._calypso_mask(side_number, s))]

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
        return list(_ORDER[leader])

    def _expect(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalMove(f"cannot {what} now: the game is at {self.phase!r}, not {phase!r}")

    # --- a hand: deal and auction (AUCTION.md §1, §3) ---------------------------------------------------------------

    def _start_hand(self) -> None:
        # The double pack in card order, less one copy of each card a side holds on the table.
        pack = list(_PACK)
        for masks in self.mask:
            for s, m in enumerate(masks):
                for r in _bits(m):
                    pack.remove(s * 13 + r)
        hands: list[list[list[int]]] = [[[], [], [], []] for _ in range(4)]
        if len(self.records) < len(self._deals):
            self._given_deal(self._deals[len(self.records)], pack, hands)
        else:
            _shuffle(self._random, pack)
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
                dealt={SUITS[s]: tuple([CARDS[c] for suit in hands[s] for c in suit]) for s in range(4)},
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
        self._relabel = [label[c // 13] * 13 + c % 13 for c in range(52)]  # each card, relabelled
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
        return [CARDS[c] for c in self._legal()]

    def _legal(self) -> list[int]:
        """``legal_plays()`` as card numbers, for the bots, which read it before the next play and never
        change it."""
        if self.phase != "play":
            return []
        turn = self._turn
        hand = self._hands[turn]
        trick = self._trick
        if not trick:
            return hand[0] + hand[1] + hand[2] + hand[3]
        led = trick[0] // 13
        held = hand[led]
        if held and self._must_follow:
            return held
        suits = self._playable_table[led][self._trump[turn]][1 if held else 0]
        if len(suits) == 1:
            return hand[suits[0]]
        if len(suits) == 2:
            return hand[suits[0]] + hand[suits[1]]
        return hand[0] + hand[1] + hand[2] + hand[3]  # any card: the four suits in order

    def play(self, card: Card | str) -> str | None:
        """The player to play plays ``card``; returns the seat that won the trick when it completes one."""
        if self.phase != "play":
            self._expect("play", "play a card")
        c = card.index if card.__class__ is Card else _card(card)
        seat = self._turn
        hand = self._hands[seat]
        s = c // 13
        held = hand[s]
        try:
            place = held.index(c)
        except ValueError:
            raise IllegalMove(f"hand {self.hand_number}: {SUITS[seat]} does not hold {CARDS[c]}") from None
        trick = self._trick
        # Following the led suit is always allowed; anything else as the follow-suit table says.
        if trick and s != trick[0] // 13 and s not in self._playable(seat):
            led = SUITS[trick[0] // 13]
            raise IllegalMove(
                f"hand {self.hand_number}: {SUITS[seat]} must follow {SUIT_SYMBOLS[led]}, not play {CARDS[c]}"
            )
        del held[place]
        trick.append(c)
        self.actions.append(["play", _TEXT[c]])
        if len(trick) < 4:
            self._turn = _NEXT[seat]
            return None
        return self._finish_trick()

    def _finish_trick(self) -> str:
        seats = _ORDER[self._leader]
        relabel = self._relabel
        trick = self._trick
        first, second, third, fourth = trick
        cards = [relabel[first], relabel[second], relabel[third], relabel[fourth]]
        winner = seats[fp.resolve_trick(cards, seats, self._beat_leader)]
        side = winner >> 1
        done4 = self._done4
        before = (done4[winner], done4[winner ^ 1])
        fp.take_trick(cards, winner, self._mask4, self._count4, done4, self._pile2, False)
        # The engine's own accounting, trick by trick: the calypsos completed (the cards each side
        # takes to its pile are counted in _pile2 and priced when the hand ends).
        declaring = side == self._declarer >> 1
        completed = (done4[winner], done4[winner ^ 1]) != before
        for owner, was in zip((winner, winner ^ 1), before, strict=True) if completed else ():
            for k in range(was, done4[owner]):
                needed = HAND_SIZE - self._start4[owner] if k == 0 else HAND_SIZE
                self._completions.append((owner, needed))
                ledger = self._ledger
                if declaring:
                    ledger["declarer_required"].append((owner, needed))
                else:
                    ledger["defender_points"] += self.values.calypso
        played = (CARDS[first], CARDS[second], CARDS[third], CARDS[fourth])
        self.records[-1].tricks.append((SUITS[self._leader], played))
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
        side = self._declarer >> 1
        ledger["contract_points"] += values.declarer_card * self._pile2[side]
        ledger["defender_points"] += values.defender_card * self._pile2[1 - side]
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
