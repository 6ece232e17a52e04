"""Playing the tables of three and two: three-handed cutthroat, Neutralised Calypso and Calypso Duet.

Each is the standard game with another deck, other seats and other deals (docs/variants.md):

=================  ========  ===========================  ==========================  ===========
variant            players   deck                         deals (cards to each hand)  placement
=================  ========  ===========================  ==========================  ===========
``three-handed``   3         3 packs less one suit (117)  13, 13, 13                  cutthroat
``neutralised``    3 (♠♦♥)   quad-deck less the 2♣ (207)  13, 13, 13, 13, 17          cutthroat
``duet``           2 (4 h.)  quad-deck (208)              13, 13, 13, 13              partnership
=================  ========  ===========================  ==========================  ===========

**Trick play is the play engine's.** A seat is still the number of its suit and its own trump, so
``_fastplay.resolve_trick`` (any number of cards) and ``_fastplay.take_trick`` decide the trick and
place it unchanged: at a table of three a trick is three cards; Neutralised's ♣ is nobody's seat,
so a club never trumps in, a club lead is never a trump lead, and a club always goes to the trick
pile; Duet's four hands are the four seats of a partnership game (♠ hand and ♥ dummy for the majors
player, ♣ hand and ♦ dummy for the minors player). The follow-suit rule is ``play._PLAYABLE``.

A ``TableSet`` is one dealt game (like ``gamesets.GameSet``): the variant, its hands deal by deal,
the first dealer and (three-handed) the removed suit. ``deal_table_set`` deals one from a seed;
``TableGame`` referees it card by card; ``record()``/``replay`` write and re-play what was played;
``play_table_game`` and ``simulate_table_game`` play it with bots (``play.RandomPlayer`` plays here).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from . import _fastplay as fp
from .cards import CARDS, DISPLAY_ORDER, SUIT_INDEX, SUIT_NAMES, SUITS, Card, CardError, is_suit, parse_card, sort_key
from .cards import parse_cards as _parse_cards
from .play import _PLAYABLE, IllegalPlay, RandomPlayer, ReplayError
from .scores import CutthroatSheet, ScoreSheet, score_cutthroat, score_game
from .tricks import STANDARD, check_rule
from .variants import (
    DEFAULT_REMOVED_SUIT,
    NEUTRALISED_DEAL_SIZES,
    NEUTRALISED_REMOVED,
    NEUTRALISED_SEATS,
    NeutralisedSheet,
    SplitScore,
    score_split,
    three_handed_seats,
)

RECORD_FORMAT = "calypso-table-play/1"
VARIANTS = ("three-handed", "neutralised", "duet", "embers")
"""The tables this module referees (``embers`` is one hand of Embers Calypso: ``scoring.embers``)."""
EMBERS_PACKS = 3
EMBERS_MOST_PACKS = 6  # an Embers game may use up to six packs (scoring.embers_settings)
PLAYERS = ("majors", "minors")
"""Duet's two players."""
DUET_HANDS = {"majors": ("S", "H"), "minors": ("C", "D")}
"""Each Duet player's secret hand (black suit) and dummy (red suit)."""
DUET_ORDER = {"majors": "CHDS", "minors": "SDHC"}
"""Duet's order of play to the first trick, by dealer (issue #17: dealer majors: ♣, ♥ dummy, ♦ dummy,
♠; dealer minors: ♠, ♦ dummy, ♥ dummy, ♣); the deal keeps that cycle."""
EXCHANGE_CARDS = 3

_DISPLAY_POSITION = {card.index: position for position, card in enumerate(DISPLAY_ORDER)}


class TableSetError(ValueError):
    """A dealt table game that cannot be: ``problems`` lists everything wrong."""

    def __init__(self, message: str, problems: Sequence[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) if problems is not None else [message]


def check_variant(variant: str) -> str:
    """``variant`` if the engine plays it, else ``ValueError`` naming the known ones."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown table variant {variant!r} (known: {', '.join(map(repr, VARIANTS))})")
    return variant


def seats_of(variant: str, removed: str = DEFAULT_REMOVED_SUIT) -> str:
    """The seats (suits) that play, in clockwise order: three-handed every suit but ``removed``,
    Neutralised ♠ ♦ ♥, Duet all four hands (their order changes by dealer: ``TableSet.order``),
    an Embers hand the four players."""
    check_variant(variant)
    if variant == "three-handed":
        return three_handed_seats(removed)
    return NEUTRALISED_SEATS if variant == "neutralised" else "SDHC"


def deck_of(variant: str, removed: str = DEFAULT_REMOVED_SUIT) -> Counter[Card]:
    """The cards a game of ``variant`` is played with, each with its number of copies (an Embers
    hand: the three packs its 52 cards are dealt from)."""
    check_variant(variant)
    if variant == "embers":
        return Counter(dict.fromkeys(CARDS, EMBERS_PACKS))
    if variant == "three-handed":
        suits = seats_of(variant, removed)
        return Counter({card: 3 for card in CARDS if card.suit in suits})
    deck = Counter(dict.fromkeys(CARDS, 4))
    if variant == "neutralised":
        deck[parse_card(NEUTRALISED_REMOVED)] -= 1
    return deck


def deal_sizes_of(variant: str) -> tuple[int, ...]:
    """Cards dealt to each hand in each deal of ``variant``."""
    check_variant(variant)
    if variant == "embers":
        return (13,)
    if variant == "three-handed":
        return (13, 13, 13)
    return NEUTRALISED_DEAL_SIZES if variant == "neutralised" else (13, 13, 13, 13)


def form_of(variant: str) -> str:
    """Where won cards go: ``cutthroat`` at a table of three, ``partnership`` in Duet and Embers."""
    return "partnership" if check_variant(variant) in ("duet", "embers") else "cutthroat"


@dataclass(frozen=True)
class TableSet:
    """One dealt game of a table variant: ``deals[d][seat]`` is a hand (a tuple of ``Card``).

    ``first_dealer`` is a seat (three-handed, Neutralised) or a Duet player (``majors``/``minors``);
    ``removed`` the suit taken out three-handed (ignored otherwise). ``problems()``/``validate()``
    check the hands against the variant's deck and deal sizes.
    """

    variant: str
    deals: tuple[dict[str, tuple[Card, ...]], ...]
    first_dealer: str
    removed: str = DEFAULT_REMOVED_SUIT

    @property
    def seats(self) -> str:
        """The seats that hold cards, clockwise (Duet: S D H C, the hands' suits)."""
        return seats_of(self.variant, self.removed)

    def dealer(self, deal: int) -> str:
        """Who deals ``deal`` (0-based): the deal passes to the left each time; in Duet the two
        players take turns."""
        if self.variant == "duet":
            return PLAYERS[(PLAYERS.index(self.first_dealer) + deal) % 2]
        seats = self.seats
        return seats[(seats.index(self.first_dealer) + deal) % len(seats)]

    def order(self, deal: int) -> str:
        """The seats in order of play for ``deal``, the first being the one who leads to its first
        trick: the dealer's left, then clockwise; in Duet, ``DUET_ORDER`` by dealer."""
        if self.variant == "duet":
            return DUET_ORDER[self.dealer(deal)]
        seats = self.seats
        first = (seats.index(self.dealer(deal)) + 1) % len(seats)
        return seats[first:] + seats[:first]

    def leader(self, deal: int) -> str:
        """The seat that leads to the first trick of ``deal``."""
        return self.order(deal)[0]

    def problems(self) -> list[str]:
        """Everything wrong with the set: unknown variant or dealer, seats, hand sizes, the deck."""
        if self.variant not in VARIANTS:
            return [f"unknown table variant {self.variant!r} (known: {', '.join(VARIANTS)})"]
        problems: list[str] = []
        if self.variant == "three-handed" and not is_suit(self.removed):
            return [f"removed suit {self.removed!r} is not a suit (use S, H, D or C)"]
        dealers = PLAYERS if self.variant == "duet" else tuple(self.seats)
        if self.first_dealer not in dealers:
            problems.append(f"first dealer {self.first_dealer!r} is not one of {', '.join(dealers)}")
        sizes = deal_sizes_of(self.variant)
        if len(self.deals) != len(sizes):
            problems.append(f"{self.variant} has {len(sizes)} deals, not {len(self.deals)}")
        held: Counter[Card] = Counter()
        for d, deal in enumerate(self.deals):
            if set(deal) != set(self.seats):
                problems.append(f"deal {d + 1} has hands for {''.join(sorted(deal))}, not {self.seats}")
                continue
            for seat in self.seats:
                hand = deal[seat]
                if d < len(sizes) and len(hand) != sizes[d]:
                    problems.append(f"deal {d + 1}, {SUIT_NAMES[seat]}: {len(hand)} cards, not {sizes[d]}")
                held.update(hand)
        deck = deck_of(self.variant, self.removed)
        for card in DISPLAY_ORDER:
            if self.variant == "embers":  # an Embers hand is 52 of the packs' cards, not all of them
                if held[card] > EMBERS_MOST_PACKS:
                    problems.append(
                        f"{card} is dealt {held[card]} times; an Embers hand is dealt from at most "
                        f"{EMBERS_MOST_PACKS} packs"
                    )
                continue  # the game (scoring.embers) checks it against its own packs
            if held[card] != deck[card]:
                problems.append(f"{card} is dealt {held[card]} times; the {self.variant} deck has {deck[card]}")
        return problems

    def validate(self) -> TableSet:
        """``self`` when the set is right, else ``TableSetError`` naming every problem."""
        problems = self.problems()
        if problems:
            raise TableSetError("; ".join(problems), problems)
        return self

    def to_dict(self) -> dict[str, Any]:
        """JSON: ``{"variant", "first_dealer", "removed", "deals": [{seat: "AS KS …"}]}``."""
        return {
            "variant": self.variant,
            "first_dealer": self.first_dealer,
            "removed": self.removed,
            "deals": [
                {seat: " ".join(str(c) for c in sorted(deal[seat], key=sort_key)) for seat in self.seats}
                for deal in self.deals
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSet:
        """Read ``to_dict``'s JSON (hands as card text); ``TableSetError`` if it is not a right set."""
        try:
            deals = tuple(
                {seat: tuple(_parse_cards(text)) for seat, text in deal.items()} for deal in data.get("deals", ())
            )
            table_set = cls(str(data["variant"]), deals, str(data["first_dealer"]), str(data.get("removed", "D")))
        except (CardError, KeyError, AttributeError, TypeError) as exc:
            raise TableSetError(f"not a table set: {exc}") from exc
        return table_set.validate()

    def commitment(self) -> str:
        """SHA-256 of the set's JSON (sorted keys, hands in display order): names it in a play record."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def deal_table_set(
    variant: str, seed: int | str | None = 0, *, first_dealer: str | None = None, removed: str = DEFAULT_REMOVED_SUIT
) -> TableSet:
    """Shuffle the variant's deck once (RULES.md §2) from ``seed`` and deal every deal from it."""
    check_variant(variant)
    seats = seats_of(variant, removed)
    if first_dealer is None:
        first_dealer = "majors" if variant == "duet" else seats[0]
    cards = list(deck_of(variant, removed).elements())
    random.Random(seed).shuffle(cards)
    deals = []
    at = 0
    for size in deal_sizes_of(variant):
        deal = {}
        for seat in seats:
            deal[seat] = tuple(sorted(cards[at : at + size], key=sort_key))
            at += size
        deals.append(deal)
    return TableSet(variant, tuple(deals), first_dealer, removed).validate()


class TableGame:
    """One game of a ``TableSet`` in play, card by card (``play.GameState``'s rules at another table).

    ``deal`` and ``trick`` (0-based) say where the game is; ``to_play``, ``legal_plays()``,
    ``play(card)`` as in ``GameState``; ``IllegalPlay`` for a card
    not held, a failure to follow (unless ``allow_revokes``) or a card after the end. With
    ``exchange=True`` (Duet only) each deal opens with the call-and-response exchange:
    ``exchange_due`` names the player, ``exchange(take, give)`` makes it.
    """

    def __init__(
        self,
        table_set: TableSet,
        rule: str = STANDARD,
        *,
        allow_revokes: bool = False,
        exchange: bool = False,
        calypsos: tuple[Sequence[int], Sequence[int], Sequence[int]] | None = None,
    ) -> None:
        """``calypsos`` carries in what is on the table before the first trick (Embers): per seat
        number the rank masks and sizes of the calypsoes in progress and the completed count."""
        self.table_set = table_set.validate()
        self.variant = table_set.variant
        self.rule = check_rule(rule)
        self.allow_revokes = allow_revokes
        if exchange and self.variant != "duet":
            raise ValueError("the call-and-response exchange is Calypso Duet's; other tables do not exchange")
        self.exchanges = exchange
        self.form = form_of(self.variant)
        self._cutthroat = self.form == "cutthroat"
        self._beat_leader = rule != STANDARD
        self._playable = _PLAYABLE[self.rule]
        masks, counts, done = calypsos or ((0,) * 4, (0,) * 4, (0,) * 4)
        self._mask, self._count, self._done = list(masks), list(counts), list(done)
        self._pile = [0, 0, 0, 0] if self._cutthroat else [0, 0]
        self._revokes = [0, 0, 0, 0]
        self._played = 0
        self._record: list[dict[str, Any]] = []
        self.deal = -1
        self._start_deal(0)

    # --- progress ---------------------------------------------------------------------------

    def _start_deal(self, d: int) -> None:
        self.deal = d
        self.trick = 0
        self._hands = [[[], [], [], []] for _ in range(4)]  # seat → suit → card numbers, high first
        for seat, hand in self.table_set.deals[d].items():
            self._give(SUIT_INDEX[seat], [card.index for card in hand])
        order = [SUIT_INDEX[s] for s in self.table_set.order(d)]
        self._next = {seat: order[(i + 1) % len(order)] for i, seat in enumerate(order)}
        self._size = len(order)
        self._tricks_per_deal = deal_sizes_of(self.variant)[d]
        self._leader = self._turn = order[0]
        self._renounced = [0, 0, 0, 0]
        self._cards: list[int] = []
        self._seats: list[int] = []
        self._deal_record: dict[str, Any] = {"tricks": []}
        self._record.append(self._deal_record)
        self._to_exchange = [self._player_of(order[0]), self._player_of(order[1])] if self.exchanges else []

    def _give(self, seat: int, numbers: Sequence[int]) -> None:
        hand = self._hands[seat]
        for c in numbers:
            hand[c // 13].append(c)
        for suit in hand:
            suit.sort(key=_DISPLAY_POSITION.__getitem__)

    @staticmethod
    def _player_of(seat: int) -> str:
        return PLAYERS[seat >> 1]

    @property
    def is_over(self) -> bool:
        """True once the last deal's last trick is taken."""
        return self._turn < 0

    @property
    def to_play(self) -> str | None:
        """The seat to play a card, ``None`` when the game is over or an exchange is due."""
        return None if self._turn < 0 or self._to_exchange else SUITS[self._turn]

    @property
    def exchange_due(self) -> str | None:
        """Duet with the exchange: the player (``majors``/``minors``) who exchanges next, else ``None``."""
        return self._to_exchange[0] if self._to_exchange else None

    @property
    def current_trick(self) -> list[tuple[str, Card]]:
        """The trick in progress: ``(seat, card)`` in play order."""
        return [(SUITS[s], CARDS[c]) for s, c in zip(self._seats, self._cards, strict=True)]

    @property
    def renounces(self) -> dict[str, str]:
        """Per seat of the table, the suits it has shown void this deal."""
        return {
            seat: "".join(SUITS[s] for s in range(4) if self._renounced[SUIT_INDEX[seat]] >> s & 1)
            for seat in self.table_set.seats
        }

    def hand(self, seat: str) -> list[Card]:
        """The cards ``seat`` still holds, in hand order."""
        if not is_suit(seat):
            raise ValueError(f"{seat!r} is not a seat (use S, H, D or C)")
        return [CARDS[c] for suit in self._hands[SUIT_INDEX[seat]] for c in suit]

    @property
    def player_to_play(self) -> str | None:
        """Duet: the player (``majors``/``minors``) who plays the card ``to_play`` names, from their
        hand or their dummy. At a table of three: the seat to play."""
        seat = self.to_play
        if seat is None or self.variant != "duet":
            return seat
        return PLAYERS[SUIT_INDEX[seat] >> 1]

    def visible_hands(self, player: str) -> tuple[str, ...]:
        """Duet, double dummy: the hands ``player`` sees — their own hand and both dummies (the
        opponent's hand stays secret). At a table of three a player sees only their own hand."""
        if self.variant != "duet":
            if player not in self.table_set.seats:
                raise ValueError(f"{player!r} is not a seat of this table ({self.table_set.seats})")
            return (player,)
        if player not in PLAYERS:
            raise ValueError(f"{player!r} is not a Duet player (majors or minors)")
        other = PLAYERS[1 - PLAYERS.index(player)]
        return (DUET_HANDS[player][0], DUET_HANDS[player][1], DUET_HANDS[other][1])

    def legal_plays(self) -> list[Card]:
        """The cards the player to play may play, in hand order (repeated cards kept)."""
        if self.to_play is None:
            return []
        hand = self._hands[self._turn]
        if self._cards:
            led = self._cards[0] // 13
            suits = self._playable[led][self._turn][bool(hand[led])]
        else:
            suits = (0, 1, 2, 3)
        return [CARDS[c] for s in suits for c in hand[s]]

    def _where(self) -> str:
        return f"deal {self.deal + 1}, trick {self.trick + 1}"

    def _illegal(self, message: str, card: Card | None) -> IllegalPlay:
        seat = None if self._turn < 0 else SUITS[self._turn]
        return IllegalPlay(message, deal=self.deal, trick=self.trick, seat=seat, card=card)

    def play(self, card: Card | str) -> str | None:
        """Play ``card`` for the seat to play; the seat that took the trick when it completes one."""
        if not isinstance(card, Card):
            try:
                card = parse_card(card)
            except CardError as exc:
                raise self._illegal(str(exc), None) from exc
        if self._turn < 0:
            raise self._illegal(f"the game is over: {card} cannot be played", card)
        if self._to_exchange:
            raise self._illegal(f"{self._where()}: the {self._to_exchange[0]} player's exchange comes first", card)
        turn, c = self._turn, card.index
        seat = SUITS[turn]
        hand = self._hands[turn]
        if c not in hand[c // 13]:
            raise self._illegal(f"{self._where()}: {SUIT_NAMES[seat]} ({seat}) does not hold {card}", card)
        if self._cards:
            led = self._cards[0] // 13
            # Not a suit its player may play while holding the led suit: a revoke when they hold it,
            # and either way a public renounce (under All Fours a trump-in shows nothing).
            if c // 13 not in self._playable[led][turn][True]:
                if hand[led] and not self.allow_revokes:
                    held = len(hand[led])
                    name = SUIT_NAMES[SUITS[led]].lower()
                    raise self._illegal(
                        f"{self._where()}: {SUIT_NAMES[seat]} ({seat}) must follow suit — holds {held} {name} "
                        f"and may not play {card}",
                        card,
                    )
                if hand[led]:
                    self._revokes[turn] += 1
                self._renounced[turn] |= 1 << led
        hand[c // 13].remove(c)
        self._played += 1
        self._cards.append(c)
        self._seats.append(turn)
        if len(self._cards) < self._size:
            self._turn = self._next[turn]
            return None
        return self._finish_trick()

    def _finish_trick(self) -> str:
        cards, seats = self._cards, self._seats
        winner = seats[fp.resolve_trick(cards, seats, self._beat_leader)]
        fp.take_trick(cards, winner, self._mask, self._count, self._done, self._pile, self._cutthroat)
        self._deal_record["tricks"].append([str(CARDS[c]) for c in cards])
        self._cards, self._seats = [], []
        self.trick += 1
        if self.trick < self._tricks_per_deal:
            self._leader = self._turn = winner
        elif self.deal + 1 < len(self.table_set.deals):
            self._start_deal(self.deal + 1)
        else:
            self._turn = -1
        return SUITS[winner]

    def exchange(self, take: Sequence[Card | str], give: Sequence[Card | str]) -> None:
        """Duet's call and response for the player ``exchange_due`` names: ``take`` three cards from
        the dummy into the hand and ``give`` three of the hand's own (held before the call) to the
        dummy, at once. ``IllegalPlay`` (nothing changes) for the wrong count or cards not held."""
        player = self.exchange_due
        if player is None:
            raise self._illegal(f"{self._where()}: no exchange is due", None)
        hand_seat, dummy_seat = (SUIT_INDEX[s] for s in DUET_HANDS[player])
        moves = []
        for cards, seat, what in ((take, dummy_seat, "the dummy"), (give, hand_seat, "the hand")):
            try:
                numbers = [c.index if isinstance(c, Card) else parse_card(c).index for c in cards]
            except CardError as exc:
                raise self._illegal(str(exc), None) from exc
            if len(numbers) != EXCHANGE_CARDS:
                raise self._illegal(
                    f"the {player} player exchanges {EXCHANGE_CARDS} cards each way, not {len(numbers)}", None
                )
            held = Counter(c for suit in self._hands[seat] for c in suit)
            short = Counter(numbers) - held
            if short:
                missing = " ".join(str(CARDS[c]) for c in sorted(short.elements()))
                raise self._illegal(f"{what} of the {player} player does not hold {missing}", None)
            moves.append(numbers)
        taken, given = moves
        for c in taken:
            self._hands[dummy_seat][c // 13].remove(c)
        for c in given:
            self._hands[hand_seat][c // 13].remove(c)
        self._give(hand_seat, taken)
        self._give(dummy_seat, given)
        record = self._deal_record.setdefault("exchanges", {})
        record[player] = {"take": [str(CARDS[c]) for c in taken], "give": [str(CARDS[c]) for c in given]}
        self._to_exchange.pop(0)

    # --- what is on the table ---------------------------------------------------------------------

    @property
    def completed(self) -> dict[str, int]:
        """Completed calypsoes per seat of the table."""
        return {seat: self._done[SUIT_INDEX[seat]] for seat in self.table_set.seats}

    @property
    def unfinished(self) -> dict[str, int]:
        """Cards in each seat's calypso in progress."""
        return {seat: self._count[SUIT_INDEX[seat]] for seat in self.table_set.seats}

    @property
    def trick_piles(self) -> dict[str, int]:
        """Cards in each trick pile: per seat at a table of three, per side in Duet."""
        if self._cutthroat:
            return {seat: self._pile[SUIT_INDEX[seat]] for seat in self.table_set.seats}
        return dict(zip(PLAYERS, self._pile, strict=True))

    @property
    def cards_played(self) -> int:
        """Cards played so far (the trick in progress included): the whole deck at the end."""
        return self._played

    def calypso_state(self) -> tuple[list[int], list[int], list[int]]:
        """Copies of the rank masks and sizes of the calypsoes in progress and the completed counts,
        per seat number (what ``calypsos=`` carries into the next Embers hand)."""
        return self._mask[:], self._count[:], self._done[:]

    @property
    def revokes(self) -> dict[str, int]:
        """Revokes recorded against each seat of the table (only with ``allow_revokes``)."""
        return {seat: self._revokes[SUIT_INDEX[seat]] for seat in self.table_set.seats}

    def cards_placed(self) -> int:
        """Cards in calypsoes and trick piles: every card of the tricks taken so far."""
        return 13 * sum(self._done) + sum(self._count) + sum(self._pile)

    def sheet_dict(self) -> dict[str, Any]:
        """The scoresheet so far: a cutthroat sheet of the three seats (``"form"`` ``cutthroat``,
        or ``neutralised``), or Duet's partnership sheet."""
        sheet: dict[str, Any] = {
            "calypsos": self.completed,
            "unfinished": self.unfinished,
            "trick_piles": self.trick_piles,
            "revokes": self.revokes,
        }
        if self._cutthroat:
            sheet["form"] = "neutralised" if self.variant == "neutralised" else "cutthroat"
        return sheet

    def score_sheet(self) -> CutthroatSheet | ScoreSheet:
        """The finished game's sheet (checked): ``CutthroatSheet`` (117 cards), ``NeutralisedSheet``
        (207) or ``ScoreSheet`` (Duet, 208). ``ValueError`` before the end."""
        if not self.is_over:
            raise ValueError(f"the game is not over: {self._where()}")
        if self.variant == "embers":
            raise ValueError("an Embers hand is scored on the Embers pad (scoring.embers), not a game's sheet")
        data = self.sheet_dict()
        if self.variant == "duet":
            return ScoreSheet.from_dict(data)
        return (NeutralisedSheet if self.variant == "neutralised" else CutthroatSheet).from_dict(data)

    def score(self):
        """``score_cutthroat`` of the sheet at a table of three, ``score_game`` in Duet."""
        sheet = self.score_sheet()
        return score_game(sheet) if isinstance(sheet, ScoreSheet) else score_cutthroat(sheet)

    def split_score(self) -> SplitScore:
        """Split partnership (a table of three): each player's own score plus their right-hand
        neighbour's, as the players sit (``variants.score_split``)."""
        if not self._cutthroat:
            raise ValueError("split partnership is scored at a table of three, not in Duet")
        return score_split(self.score_sheet(), self.table_set.seats)

    def record(self) -> dict[str, Any]:
        """What was played (docs/variants.md, "Files": table play record); ``replay`` reads it back."""
        deals = [dict(deal, tricks=list(deal["tricks"])) for deal in self._record]
        if self._cards:
            deals[-1]["tricks"].append([str(CARDS[c]) for c in self._cards])
        return {
            "format": RECORD_FORMAT,
            "variant": self.variant,
            "table_set": self.table_set.commitment(),
            "rule": self.rule,
            "allow_revokes": self.allow_revokes,
            "exchange": self.exchanges,
            "deals": deals,
        }


def replay(table_set: TableSet, record: Mapping[str, Any]) -> TableGame:
    """Re-play a table play record on ``table_set``; ``ReplayError`` at the first thing that cannot
    have happened (deal, trick and card counted from 1)."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise ReplayError(f"not a table play record (format {RECORD_FORMAT!r})")
    if record.get("variant") != table_set.variant:
        raise ReplayError(f"the record is of {record.get('variant')!r}, not {table_set.variant!r}")
    if record.get("table_set") not in (None, table_set.commitment()):
        raise ReplayError("the record was played on other hands than this table set")
    try:
        game = TableGame(
            table_set,
            record.get("rule", STANDARD),
            allow_revokes=record.get("allow_revokes") is True,
            exchange=record.get("exchange") is True,
        )
    except ValueError as exc:
        raise ReplayError(str(exc)) from exc
    for d, deal in enumerate(record.get("deals") or []):
        if game.deal != d:
            raise ReplayError(f"deal {d + 1} starts before deal {d} is over", deal=d)
        try:
            for player in list(game._to_exchange):
                moves = (deal.get("exchanges") or {}).get(player) or {}
                game.exchange(moves.get("take", ()), moves.get("give", ()))
            tricks = deal.get("tricks", [])
            if len(tricks) > game._tricks_per_deal:
                raise ReplayError(f"deal {d + 1} has {len(tricks)} tricks; it has {game._tricks_per_deal}", deal=d)
            for t, trick in enumerate(tricks):
                if len(trick) > game._size:
                    raise ReplayError(f"deal {d + 1}, trick {t + 1} has {len(trick)} cards, not {game._size}", deal=d)
                for text in trick:
                    seat = game.to_play
                    try:
                        game.play(text)
                    except IllegalPlay as exc:
                        where = f"deal {d + 1}, trick {t + 1}"
                        raise ReplayError(f"{where}: {exc}", deal=d, trick=t, seat=seat, card=text) from exc
        except IllegalPlay as exc:
            raise ReplayError(f"deal {d + 1}: {exc}", deal=d) from exc
    return game


# --- bots -------------------------------------------------------------------------------------


class TablePlayer(Protocol):
    """Chooses cards (``choose``) and, in Duet with the exchange, the exchange (``exchange``)."""

    def choose(self, state: TableGame) -> Card: ...


class RandomTablePlayer(RandomPlayer):
    """``play.RandomPlayer`` (a uniformly random legal card) and, when an exchange is due, three
    random cards of the dummy for three random cards of the hand."""

    def __init__(self, seed: int | str | None = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(f"exchange:{seed}")

    def exchange(self, state: TableGame) -> tuple[list[Card], list[Card]]:
        """Three random cards of the dummy to take and three of the hand to give."""
        player = state.exchange_due
        assert player is not None
        hand, dummy = DUET_HANDS[player]
        return self._rng.sample(state.hand(dummy), EXCHANGE_CARDS), self._rng.sample(state.hand(hand), EXCHANGE_CARDS)


def play_table_game(
    table_set: TableSet, player: TablePlayer, rule: str = STANDARD, *, exchange: bool = False
) -> TableGame:
    """Play a whole game of ``table_set`` with ``player`` choosing for every seat (and exchange)."""
    game = TableGame(table_set, rule, exchange=exchange)
    while not game.is_over:
        if game.exchange_due is not None:
            game.exchange(*player.exchange(game))  # type: ignore[attr-defined]
        else:
            game.play(player.choose(game))
    return game


def simulate_table_game(
    variant: str, seed: int | str = 0, rule: str = STANDARD, *, exchange: bool = False, removed: str = "D"
) -> TableGame:
    """Deal a game of ``variant`` from ``seed`` and play it with random players."""
    table_set = deal_table_set(variant, seed, removed=removed)
    return play_table_game(table_set, RandomTablePlayer(seed), rule, exchange=exchange)


__all__ = [
    "DUET_HANDS",
    "DUET_ORDER",
    "RECORD_FORMAT",
    "VARIANTS",
    "RandomTablePlayer",
    "TableGame",
    "TableSet",
    "TableSetError",
    "deal_table_set",
    "deck_of",
    "play_table_game",
    "replay",
    "seats_of",
    "simulate_table_game",
]
