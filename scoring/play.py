"""Playing a whole game: the referee, the play record, and players for simulation.

``GameState`` plays one game set deal by deal and trick by trick under one trick rule
(``scoring.tricks``) and one scoring form (``"partnership"`` or ``"cutthroat"``). It knows whose
turn it is, which cards are legal, the renounce indicators of the deal (RULES.md §3), where every
won card went (RULES.md §4, with the completion exception) and, at the end, the scoresheet.

Deals and tricks are numbered from 0 in the API (``state.deal``, ``state.trick``) as in
``GameSet.dealer(deal)``; messages meant for people number them from 1.

A **play record** (docs/formats.md, "Play record") is JSON: the game set reference and, per deal, the
13 tricks as lists of cards in play order. ``replay`` re-plays one and says where it goes wrong.
"""

from __future__ import annotations

import random
import weakref
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from . import _fastplay as fp
from .cards import CARDS, DISPLAY_ORDER, SUIT_INDEX, SUIT_NAMES, SUITS, Card, CardError, is_suit, parse_card
from .gamesets import ORIENTATIONS, SORTED, GameSet, commitment, require_valid, vouched
from .tricks import ALL_FOURS, RULES, STANDARD, check_rule, playable_suits

FORMS: tuple[str, ...] = ("partnership", "cutthroat")
"""Scoring forms ``GameState`` plays: partnerships (majors v minors) or four individuals."""
RECORD_FORMAT = "calypso-play/1"
SIDES = ("majors", "minors")
TRICKS_PER_DEAL = 13

_SEAT = SUIT_INDEX
_DISPLAY_ORDER = tuple(card.index for card in DISPLAY_ORDER)
_DISPLAY_POSITION = {c: position for position, c in enumerate(_DISPLAY_ORDER)}
_SUIT_OF = fp.SUIT_OF.__getitem__


def _playable_table(rule: str) -> tuple:
    """``table[led][own][holds_led]``: the suit numbers a player may play from, as
    ``tricks.playable_suits`` says (the rule is written there once; this is its lookup table)."""
    return tuple(
        tuple(
            tuple(
                tuple(_SEAT[suit] for suit in playable_suits(SUITS[led], SUITS[own], holds, rule))
                for holds in (False, True)
            )
            for own in range(4)
        )
        for led in range(4)
    )


_PLAYABLE = {rule: _playable_table(rule) for rule in RULES}
# Whether, under the rule, a player holding the led suit may play that suit only (whoever they are).
_MUST_FOLLOW = {
    rule: all(by_own[True] == (led,) for led, by_led in enumerate(table) for by_own in by_led)
    for rule, table in _PLAYABLE.items()
}
# ``_FOLLOW[rule][led][own]``: the suits a player holding the led suit may play (checked per card).
_FOLLOW = {
    rule: tuple(tuple(by_seat[True] for by_seat in by_led) for by_led in table) for rule, table in _PLAYABLE.items()
}


def _seating(orientation: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """``(next, order)``: each seat's left-hand neighbour, and from each leader the four seats in
    turn order (the seats of a trick are ``order[leader][:cards played]``)."""
    following = fp.next_seats(orientation)
    order = []
    for leader in range(4):
        seats = [leader]
        while len(seats) < 4:
            seats.append(following[seats[-1]])
        order.append(tuple(seats))
    return following, tuple(order)


_SEATING = {orientation: _seating(orientation) for orientation in ORIENTATIONS}


class _Prepared(weakref.ref):
    """A game set's hands as the referee deals them, kept while the set lives (a weak reference to
    it): ``numbers``, every card number of the set in deal, seat (S H D C) and hand order (suits S H
    D C, high first); ``cuts``, where each suit of each hand starts in it (five a hand, 20 a deal,
    the fifth the next hand's start); ``leaders``, who leads each deal. A handful of objects a set,
    so a first game leaves the cyclic garbage collector almost nothing new to follow."""

    __slots__ = ("cuts", "key", "leaders", "numbers")


def _forget(ref: _Prepared) -> None:
    _PREPARED.pop(ref.key, None)


# Each game set's hands, checked and sorted once per GameSet object (a GameSet is frozen), so a bot
# playing thousands of games of one set, or a referee replaying it, pays for that only once.
_PREPARED: dict[int, _Prepared] = {}


def _prepared_deals(game_set: GameSet) -> _Prepared:
    """The set's ``_Prepared`` hands, made the first time it is played.

    ``GameSetError`` if ``game_set`` is not a valid set: checked the first time only, and not at all
    when ``gamesets`` dealt or checked it (``vouched``); a set it dealt is not sorted again either.
    """
    key = id(game_set)
    entry = _PREPARED.get(key)
    if entry is not None and entry() is game_set:
        return entry
    if vouched(game_set) == SORTED:
        numbers = [card.index for deal in game_set.deals for seat in SUITS for card in deal[seat]]
    else:
        require_valid(game_set)
        order, place = _DISPLAY_ORDER, _DISPLAY_POSITION
        numbers = [
            order[p]
            for deal in game_set.deals
            for seat in SUITS
            for p in sorted([place[card.index] for card in deal[seat]])
        ]
    cuts = []
    for start in range(0, len(numbers), 13):  # within a hand the suits come in order: bisect them
        end = start + 13
        h = bisect_left(numbers, 1, start, end, key=_SUIT_OF)
        d = bisect_left(numbers, 2, h, end, key=_SUIT_OF)
        cuts += (start, h, d, bisect_left(numbers, 3, d, end, key=_SUIT_OF), end)
    entry = _PREPARED[key] = _Prepared(game_set, _forget)
    entry.key = key
    entry.numbers = numbers
    entry.cuts = tuple(cuts)
    entry.leaders = tuple(_SEAT[game_set.leader(d)] for d in range(len(game_set.deals)))
    return entry


class IllegalPlay(ValueError):
    """A card that may not be played now; the message says which rule it breaks.

    ``deal`` and ``trick`` are 0-based; ``seat`` is the player's suit; ``card`` the card offered.
    """

    def __init__(self, message: str, *, deal: int, trick: int, seat: str | None, card: Card | None) -> None:
        super().__init__(message)
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.card = card


class ReplayError(ValueError):
    """A play record that cannot have happened: names the deal, trick, seat and card, and why."""

    def __init__(
        self, message: str, *, deal: int | None = None, trick: int | None = None, seat: str | None = None, card=None
    ) -> None:
        super().__init__(message)
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.card = card


def _seat_index(seat: str) -> int:
    """The index of ``seat`` in ``SUITS``; ``ValueError`` naming it when it is not a seat."""
    if not is_suit(seat):
        raise ValueError(f"{seat!r} is not a seat (use S, H, D or C)")
    return _SEAT[seat]


def check_form(form: str) -> str:
    """Return ``form`` if it is a known scoring form, else raise ``ValueError`` naming it."""
    if form not in FORMS:
        raise ValueError(f"unknown scoring form {form!r} (known forms: {', '.join(map(repr, FORMS))})")
    return form


class GameState:
    """One game of a game set in play (RULES.md §2–§4).

    ``allow_revokes=False`` (a referee or a simulation) rejects a failure to follow suit with
    ``IllegalPlay``; ``allow_revokes=True`` (recording real table play) accepts it and records the
    revoke against the player, for the 260-point penalty in ``score_sheet()``.
    """

    def __init__(
        self,
        game_set: GameSet,
        rule: str = STANDARD,
        form: str = "partnership",
        allow_revokes: bool = False,
    ) -> None:
        """Start the game at deal 1, trick 1; ``GameSetError`` if ``game_set`` is not a valid set."""
        self._deals = _prepared_deals(game_set)  # checks the set (GameSetError when not valid)
        self.game_set = game_set
        self.rule = check_rule(rule)
        self.form = check_form(form)
        self.allow_revokes = allow_revokes
        self._cutthroat = form == "cutthroat"
        self._beat_leader = rule != STANDARD
        self._next, self._order = _SEATING[game_set.orientation]
        self._playable = _PLAYABLE[self.rule]
        self._must_follow = _MUST_FOLLOW[self.rule]
        self._follow = _FOLLOW[self.rule]
        # Calypsoes in progress (rank masks and sizes), completed calypsoes, piles, revokes.
        self._mask = [0, 0, 0, 0]
        self._count = [0, 0, 0, 0]
        self._done = [0, 0, 0, 0]
        self._pile = [0, 0, 0, 0] if self._cutthroat else [0, 0]
        self._revokes = [0, 0, 0, 0]
        self._record: list[list[list[int]]] = []
        self._winners: list[list[int]] = []
        self._deal = -1
        self._start_deal(0)

    # --- progress ---------------------------------------------------------------------------

    def _start_deal(self, d: int) -> None:
        self._deal = d
        self._trick_no = 0
        # Each seat's hand as four suit lists (S H D C) of card numbers in hand order: legal_plays()
        # joins lists and finds a played card's place by comparing integers; Cards only at the edge.
        prepared = self._deals
        numbers, cuts = prepared.numbers, prepared.cuts
        hands = []
        for i in range(20 * d, 20 * d + 20, 5):
            s, h, di, c, end = cuts[i : i + 5]
            hands.append([numbers[s:h], numbers[h:di], numbers[di:c], numbers[c:end]])
        self._hands = hands
        self._renounced = [0, 0, 0, 0]  # bit per suit shown void this deal
        self._leader = prepared.leaders[d]
        self._turn = self._leader
        self._cards: list[int] = []
        self._led = -1  # the suit led to the trick in progress, -1 before the lead
        self._deal_record: list[list[int]] = []
        self._deal_winners: list[int] = []
        self._record.append(self._deal_record)
        self._winners.append(self._deal_winners)

    @property
    def is_over(self) -> bool:
        """True once all four deals have been played."""
        return self._turn < 0

    @property
    def deal(self) -> int:
        """The deal in play, 0..3 (3 after the game is over)."""
        return self._deal

    @property
    def trick(self) -> int:
        """The trick in play within the deal, 0..12 (13 after the last trick of the game)."""
        return self._trick_no

    @property
    def to_play(self) -> str | None:
        """The seat (suit) whose turn it is, or ``None`` when the game is over."""
        return None if self._turn < 0 else SUITS[self._turn]

    @property
    def leader(self) -> str | None:
        """The seat that led (or is to lead) the current trick, ``None`` when the game is over."""
        return None if self._turn < 0 else SUITS[self._leader]

    @property
    def led_suit(self) -> str | None:
        """The suit led to the current trick, or ``None`` before the lead."""
        return SUITS[self._cards[0] // 13] if self._cards else None

    @property
    def current_trick(self) -> list[tuple[str, Card]]:
        """The cards played to the trick in progress: ``(seat, card)`` in play order."""
        return [(SUITS[s], CARDS[c]) for s, c in zip(self._seats, self._cards, strict=True)]

    @property
    def _seats(self) -> tuple[int, ...]:
        """The seat numbers that played the cards of the trick in progress, in play order."""
        return self._order[self._leader][: len(self._cards)]

    @property
    def cards_played(self) -> int:
        """How many cards have been played so far in the game (208 at the end)."""
        return sum(len(t) for deal in self._record for t in deal)

    def hand(self, seat: str) -> list[Card]:
        """The cards ``seat`` still holds in this deal, in hand order (suits S H D C, high first)."""
        spades, hearts, diamonds, clubs = self._hands[_seat_index(seat)]
        return [CARDS[c] for c in spades + hearts + diamonds + clubs]

    def legal_plays(self) -> list[Card]:
        """The cards the player to play may play (repeated cards kept), in hand order
        (``tricks.legal_plays`` of ``hand()``, read from the suit lists)."""
        return [CARDS[c] for c in self._legal()]

    def _legal(self) -> list[int]:
        """``legal_plays()`` as card numbers: for this module's players, which read it before the next
        play and never change it (it may be the hand's own suit list)."""
        turn = self._turn
        if turn < 0:
            return []
        hand = self._hands[turn]
        led = self._led
        if led >= 0:
            held = hand[led]
            if held and self._must_follow:
                return held
            suits = self._playable[led][turn][1 if held else 0]
            if len(suits) == 1:
                return held
            if len(suits) == 2:
                return hand[suits[0]] + hand[suits[1]]
        return hand[0] + hand[1] + hand[2] + hand[3]

    def _play_out(self, draws: list) -> None:
        """The rest of the game for four ``RandomPlayer``s (``play_game``): ``draws[seat]`` is the
        seat's ``random``. The draws, the cards and every change to the state are those of
        ``RandomPlayer.choose`` and ``play`` card by card (tests/scoring/test_games_unchanged.py), in
        one loop: a card drawn from ``_legal`` needs none of ``play``'s checks but the renounce."""
        follow, playable, must_follow, after = self._follow, self._playable, self._must_follow, self._next
        finish_trick = self._finish_trick
        turn = self._turn
        while turn >= 0:
            hand = self._hands[turn]
            led = self._led
            if led < 0:
                numbers = hand[0] + hand[1] + hand[2] + hand[3]
            else:  # _legal
                held = hand[led]
                if held and must_follow:
                    numbers = held
                else:
                    suits = playable[led][turn][1 if held else 0]
                    if len(suits) == 1:
                        numbers = held
                    elif len(suits) == 2:
                        numbers = hand[suits[0]] + hand[suits[1]]
                    else:
                        numbers = hand[0] + hand[1] + hand[2] + hand[3]
            c = numbers[int(draws[turn]() * len(numbers))]
            suit = c // 13
            if led < 0:
                self._led = suit
            elif suit != led and suit not in follow[led][turn]:  # as in play
                if hand[led]:
                    self._revokes[turn] += 1
                self._renounced[turn] |= 1 << led
            held = hand[suit]
            del held[held.index(c)]
            cards = self._cards
            cards.append(c)
            if len(cards) < 4:
                turn = self._turn = after[turn]
            else:
                finish_trick()
                turn = self._turn

    # --- the rules ------------------------------------------------------------------------------

    def _where(self) -> str:
        return f"deal {self._deal + 1}, trick {self._trick_no + 1}"

    def _illegal(self, c: int) -> IllegalPlay:
        """Why card index ``c`` may not be played now (``play`` has found that it may not)."""
        turn = self._turn
        card = CARDS[c]
        if turn < 0:
            return IllegalPlay(
                f"the game is over: {card} cannot be played",
                deal=self._deal,
                trick=self._trick_no,
                seat=None,
                card=card,
            )
        seat = SUITS[turn]
        if c not in self._hands[turn][c // 13]:
            return IllegalPlay(
                f"{self._where()}: {SUIT_NAMES[seat]} ({seat}) does not hold {card}",
                deal=self._deal,
                trick=self._trick_no,
                seat=seat,
                card=card,
            )
        led = self._cards[0] // 13
        held = len(self._hands[turn][led])
        led_name = SUIT_NAMES[SUITS[led]].lower()
        also = f" or play {SUIT_NAMES[seat].lower()} (All Fours)" if self.rule == ALL_FOURS else ""
        return IllegalPlay(
            f"{self._where()}: {SUIT_NAMES[seat]} ({seat}) must follow suit — holds {held} "
            f"{led_name} and may not play {card}; follow {led_name}{also}",
            deal=self._deal,
            trick=self._trick_no,
            seat=seat,
            card=card,
        )

    def play(self, card: Card | str) -> str | None:
        """Play ``card`` (a ``Card`` or its notation) for the player whose turn it is.

        Raises ``IllegalPlay`` (nothing changes) for a card the player does not hold, a failure to
        follow suit (unless ``allow_revokes``), or a play after the end of the game. Returns the
        seat that won the trick when this card completed it, else ``None``.
        """
        if card.__class__ is not Card:
            try:
                card = parse_card(card)
            except CardError as exc:
                where = {"deal": self._deal, "trick": self._trick_no, "seat": self.to_play}
                raise IllegalPlay(str(exc), **where, card=None) from exc
        c = card.index
        turn = self._turn
        if turn < 0:
            raise self._illegal(c)
        suit = c // 13
        hand = self._hands[turn]
        held = hand[suit]
        try:
            place = held.index(c)
        except ValueError:  # not held
            raise self._illegal(c) from None
        led = self._led
        if led < 0:
            self._led = suit
        elif suit != led and suit not in self._follow[led][turn]:
            # Not a card its player may play while holding the led suit (tricks.playable_suits).
            if hand[led]:
                if not self.allow_revokes:
                    raise self._illegal(c)
                self._revokes[turn] += 1
            # Shown publicly void in the led suit (under All Fours a trump-in shows nothing).
            self._renounced[turn] |= 1 << led
        del held[place]
        cards = self._cards
        cards.append(c)
        if len(cards) < 4:
            self._turn = self._next[turn]
            return None
        return self._finish_trick()

    def _finish_trick(self) -> str:
        cards, seats = self._cards, self._order[self._leader]
        winner = seats[fp.resolve_trick(cards, seats, self._beat_leader)]
        fp.take_trick(cards, winner, self._mask, self._count, self._done, self._pile, self._cutthroat)
        self._deal_record.append(cards)
        self._deal_winners.append(winner)
        self._cards = []
        self._led = -1
        trick = self._trick_no = self._trick_no + 1
        if trick < TRICKS_PER_DEAL:
            self._leader = self._turn = winner
        elif self._deal + 1 < len(self.game_set.deals):
            self._start_deal(self._deal + 1)
        else:
            self._turn = -1
        return SUITS[winner]

    # --- what the table can see -------------------------------------------------------------

    @property
    def renounces(self) -> dict[str, str]:
        """Renounce indicators of the current deal: seat -> suits it has publicly failed to follow."""
        return {
            seat: "".join(SUITS[s] for s in range(4) if self._renounced[i] >> s & 1) for i, seat in enumerate(SUITS)
        }

    def calypso(self, seat: str) -> list[Card]:
        """The calypso in progress of ``seat``: its cards, two first."""
        i = _seat_index(seat)
        return [CARDS[i * 13 + r] for r in range(13) if self._mask[i] >> r & 1]

    def needs(self, seat: str) -> list[Card]:
        """The cards of its own suit that ``seat``'s calypso in progress still lacks."""
        i = _seat_index(seat)
        return [CARDS[i * 13 + r] for r in range(13) if not self._mask[i] >> r & 1]

    @property
    def completed(self) -> dict[str, int]:
        """Completed calypsoes per seat."""
        return {seat: self._done[i] for i, seat in enumerate(SUITS)}

    @property
    def trick_piles(self) -> dict[str, int]:
        """Cards in each trick pile: per side (``majors``/``minors``), or per seat in cutthroat."""
        names = SUITS if self._cutthroat else SIDES
        return dict(zip(names, self._pile, strict=True))

    @property
    def revokes(self) -> dict[str, int]:
        """Revokes recorded against each seat (only with ``allow_revokes``)."""
        return {seat: self._revokes[i] for i, seat in enumerate(SUITS)}

    def tricks_won(self, deal: int | None = None) -> list[str]:
        """Winners of the tricks played so far in ``deal`` (0..3; default: the current deal)."""
        d = self._deal if deal is None else deal
        if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < len(self.game_set.deals):
            raise ValueError(f"deal {d!r} is not a deal of the game (deals are numbered 0 to 3)")
        return [SUITS[w] for w in self._winners[d]] if d < len(self._winners) else []

    def cards_placed(self) -> int:
        """Cards in completed and unfinished calypsoes and trick piles: 4 × tricks taken so far."""
        return 13 * sum(self._done) + sum(self._count) + sum(self._pile)

    # --- the end --------------------------------------------------------------------------------

    def sheet_dict(self) -> dict[str, Any]:
        """The scoresheet as the plain dict ``ScoreSheet.from_dict`` reads (any time in the game)."""
        sheet: dict[str, Any] = {
            "calypsos": self.completed,
            "unfinished": {seat: self._count[i] for i, seat in enumerate(SUITS)},
            "trick_piles": self.trick_piles,
            "revokes": self.revokes,
        }
        if self._cutthroat:
            sheet["form"] = "cutthroat"
        return sheet

    def score_sheet(self):
        """The scoresheet of the finished game, revokes included: a ``scoring.scores.ScoreSheet``
        (partnership) or ``CutthroatSheet`` (cutthroat). Raises ``ValueError`` before the end."""
        if not self.is_over:
            raise ValueError(f"the game is not over: {self._where()}, {self.cards_played} of 208 cards played")
        from .scores import CutthroatSheet, ScoreSheet  # imported late: play needs scores only at the end

        sheet_type = CutthroatSheet if self._cutthroat else ScoreSheet
        return sheet_type.from_dict(self.sheet_dict())

    def score(self):
        """The game's score: ``score_game`` (partnership) or ``score_cutthroat`` of ``score_sheet()``."""
        from .scores import score_cutthroat, score_game

        return (score_cutthroat if self._cutthroat else score_game)(self.score_sheet())

    def record(self) -> dict[str, Any]:
        """The play record so far (docs/formats.md, "Play record"); ``replay`` reads it back."""
        deals = []
        for d, tricks in enumerate(self._record):
            played = [[str(CARDS[c]) for c in t] for t in tricks]
            if d == self._deal and self._cards:
                played.append([str(CARDS[c]) for c in self._cards])
            if played or d == 0:
                deals.append({"tricks": played})
        return {
            "format": RECORD_FORMAT,
            "game_set": set_reference(self.game_set),
            "rule": self.rule,
            "form": self.form,
            "allow_revokes": self.allow_revokes,
            "deals": deals,
        }


def set_reference(game_set: GameSet) -> dict[str, Any]:
    """How a play record names its game set: the number and ``commitment([game_set])``, the SHA-256
    of the set's canonical text, so a record cannot be replayed on other hands by mistake."""
    return {"number": game_set.number, "commitment": commitment([game_set])}


def replay(
    game_set: GameSet,
    record: Mapping[str, Any],
    rule: str | None = None,
    *,
    form: str | None = None,
    allow_revokes: bool | None = None,
) -> GameState:
    """Re-play a play record on ``game_set`` and return the resulting ``GameState``.

    ``rule``/``form``/``allow_revokes`` default to the record's own (else standard, partnership,
    no revokes); a record naming a different rule or form than asked for is refused. A record may
    stop part-way (a game in progress). Raises ``ReplayError`` at the first impossible card, naming
    the deal, trick, seat and card (1-based for people) and why.
    """
    if not isinstance(record, Mapping):
        raise ReplayError("a play record is a JSON object with a 'deals' list")
    fmt = record.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise ReplayError(f"not a play record: format {fmt!r}, expected {RECORD_FORMAT!r}")
    for key, asked in (("rule", rule), ("form", form)):
        if asked is not None and record.get(key) not in (None, asked):
            raise ReplayError(f"the record was played under {key} {record[key]!r}, not {asked!r}")
    ref = record.get("game_set")
    number = ref.get("number") if isinstance(ref, Mapping) else ref
    if number is not None and number != game_set.number:
        raise ReplayError(f"the record is of game set {number}, not game set {game_set.number}")
    sealed = ref.get("commitment") if isinstance(ref, Mapping) else None
    if sealed is not None and str(sealed).lower() != commitment([game_set]):
        raise ReplayError(
            f"the record was played on other hands than game set {game_set.number}: its commitment "
            f"{sealed} is not the set's {commitment([game_set])}"
        )
    if allow_revokes is None:
        allow_revokes = record.get("allow_revokes", False)
        # JSON true/false only: bool("false") would silently turn revokes on.
        if not isinstance(allow_revokes, bool):
            raise ReplayError(f"'allow_revokes' must be true or false, not {allow_revokes!r}")
    try:
        state = GameState(
            game_set,
            rule=rule or record.get("rule") or STANDARD,
            form=form or record.get("form") or "partnership",
            allow_revokes=allow_revokes,
        )
    except ValueError as exc:
        raise ReplayError(str(exc)) from exc

    deals = record.get("deals")
    if not isinstance(deals, Sequence) or isinstance(deals, str):
        raise ReplayError("the play record has no 'deals' list")
    if len(deals) > 4:
        raise ReplayError(f"the play record has {len(deals)} deals; a game has 4")
    for d, deal in enumerate(deals):
        tricks = deal.get("tricks") if isinstance(deal, Mapping) else deal
        if not isinstance(tricks, Sequence) or isinstance(tricks, str):
            raise ReplayError(f"deal {d + 1}: expected a list of tricks", deal=d)
        if len(tricks) > TRICKS_PER_DEAL:
            raise ReplayError(f"deal {d + 1} has {len(tricks)} tricks; a deal has 13", deal=d)
        last_deal = d == len(deals) - 1
        if not last_deal and len(tricks) != TRICKS_PER_DEAL:
            raise ReplayError(f"deal {d + 1} has {len(tricks)} tricks but deal {d + 2} follows; a deal has 13", deal=d)
        for t, trick in enumerate(tricks):
            if not isinstance(trick, Sequence) or isinstance(trick, str):
                raise ReplayError(f"deal {d + 1}, trick {t + 1}: expected a list of cards", deal=d, trick=t)
            last = last_deal and t == len(tricks) - 1
            if len(trick) > 4 or (len(trick) < 4 and not last):
                raise ReplayError(f"deal {d + 1}, trick {t + 1} has {len(trick)} cards; a trick has 4", deal=d, trick=t)
            for position, text in enumerate(trick):
                seat = state.to_play
                where = f"deal {d + 1}, trick {t + 1}, card {position + 1} ({SUIT_NAMES[seat]}, {seat})"
                try:
                    card = text if isinstance(text, Card) else parse_card(str(text))
                except CardError as exc:
                    raise ReplayError(f"{where}: {exc}", deal=d, trick=t, seat=seat, card=text) from exc
                try:
                    state.play(card)
                except IllegalPlay as exc:
                    reason = str(exc).split(": ", 1)[-1]
                    raise ReplayError(
                        f"{where}: {card} is impossible — {reason}", deal=d, trick=t, seat=seat, card=card
                    ) from exc
    return state


# --- players ------------------------------------------------------------------------------------


class Player(Protocol):
    """Anything that picks a legal card for the player to play in a ``GameState``."""

    def choose(self, state: GameState) -> Card: ...


class RandomPlayer:
    """Plays a uniformly random legal card (each held copy equally likely). Seeded: deterministic."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self._random = random.Random(seed).random

    def choose(self, state: GameState) -> Card:
        if state.__class__ is GameState:  # the referee's own card numbers: no list of Cards built
            numbers = state._legal()
            return CARDS[numbers[int(self._random() * len(numbers))]]
        legal = state.legal_plays()  # any other game with the same API (tables of three, Embers)
        return legal[int(self._random() * len(legal))]


def play_game(
    game_set: GameSet,
    players: Player | Mapping[str, Player],
    rule: str = STANDARD,
    form: str = "partnership",
) -> GameState:
    """Play a whole game of ``game_set``: ``players`` is one player for all seats or one per seat."""
    state = GameState(game_set, rule=rule, form=form)
    by_seat = players if isinstance(players, Mapping) else dict.fromkeys(SUITS, players)
    seated = [by_seat[seat] for seat in SUITS]  # by seat number, as state._turn counts them
    if all(player.__class__ is RandomPlayer for player in seated):
        # The whole game in one loop (GameState._play_out): three calls a card (choose, _legal,
        # play), a Card looked up and checked, were two thirds of a game's time. The same draws.
        state._play_out([player._random for player in seated])
        return state
    choosers = [player.choose for player in seated]
    play = state.play
    while state._turn >= 0:
        play(choosers[state._turn](state))
    return state


def simulate_random_game(
    game_set: GameSet,
    rule: str = STANDARD,
    form: str = "partnership",
    seed: int | str | None = 0,
    *,
    tables: fp.SetTables | None = None,
    record: bool = False,
) -> dict[str, Any]:
    """A game with four uniformly random legal players on the integer fast path.

    Returns the scoresheet dict (as ``GameState.sheet_dict``) and, with ``record=True``, the play
    record under ``"record"``. ``tables`` (``_fastplay.SetTables(game_set)``) may be passed to save
    re-building them for each game of the same set.
    """
    check_rule(rule)
    check_form(form)
    tables = tables or fp.SetTables(game_set)
    tricks: list | None = [] if record else None
    done, count, _mask, pile = fp.simulate_random(tables, rule, form == "cutthroat", random.Random(seed).random, tricks)
    names = SUITS if form == "cutthroat" else SIDES
    sheet: dict[str, Any] = {
        "calypsos": dict(zip(SUITS, done, strict=True)),
        "unfinished": dict(zip(SUITS, count, strict=True)),
        "trick_piles": dict(zip(names, pile, strict=True)),
        "revokes": dict.fromkeys(SUITS, 0),
    }
    if form == "cutthroat":
        sheet["form"] = "cutthroat"
    if tricks is not None:
        sheet["record"] = {
            "format": RECORD_FORMAT,
            "game_set": set_reference(game_set),
            "rule": rule,
            "form": form,
            "allow_revokes": False,
            "deals": [{"tricks": [[str(CARDS[c]) for c in t] for t in deal]} for deal in tricks],
        }
    return sheet
