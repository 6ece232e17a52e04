"""Game sets: one pre-arranged game of 4 deals × 4 hands (RULES.md §2).

CONTRACT (other modules rely on it): ``GameSet(number, deals, first_dealer, orientation)`` where
``deals`` is a tuple of 4 dicts mapping seat suit (``S H D C``) to a tuple of ``Card``;
``first_dealer`` is a suit; ``orientation`` is ``"SDHC"`` (clockwise ♠→♦→♥→♣, the default) or
``"SCHD"`` (mirrored). ``GameSet.from_dict`` / ``to_dict`` use the JSON shape of docs/formats.md.
Deal numbers in the API (``dealer(deal)``, ``leader(deal)``) are 0-based; messages meant for people
count deals from 1.

Also here:

* validation: ``GameSet.problems()`` lists everything wrong, ``GameSet.validate()`` raises
  ``GameSetError`` naming all of it;
* ``remaining_cards(partial)`` and ``complete_game_set(partial)``: directors type 15 hands and the
  16th is derived from what is left of the quad-deck;
* ``deal_game_sets(n, seed=None)``: uniformly random sets, reproducible from a published seed
  (construction in ``docs/formats.md`` and in ``deal_game_set``);
* ``commitment(sets)``: SHA-256 over ``canonical_text(sets)``, published before play;
* ``save_game_sets`` / ``load_game_sets``: the ``calypso-gamesets/1`` JSON file.
"""

from __future__ import annotations

import hashlib
import json
import operator
import os
import secrets
import struct
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import (
    BY_TEXT,
    CARDS,
    COPIES,
    DECK_SIZE,
    DISPLAY_ORDER,
    SUIT_NAMES,
    SUITS,
    Card,
    CardError,
    format_cards,
    is_suit,
    parse_card,
    parse_cards,
    sort_key,
)

ORIENTATIONS = ("SDHC", "SCHD")
DEALS_PER_GAME = 4
HAND_SIZE = 13
FORMAT = "calypso-gamesets/1"
"""The ``format`` tag of a game-set file; also the domain-separation prefix of the seed construction."""

_DOMAIN = FORMAT.encode("ascii")
_MAX_NUMBER = 2**32 - 1  # set numbers go into the seed construction as 4 bytes

# What this module has checked about a set, this very object, so that playing it does not check it
# again: an attribute outside the dataclass's fields (so not compared, printed, copied by
# ``dataclasses.replace`` or rebuilt by ``GameSet(...)``) holding one of two private tokens. A set
# built by hand carries none and is checked when played; an unpickled set carries a copy of the
# token, which is not the token, so it is checked again too. ``vouched`` reads it.
_VALID = object()  # checked valid (hands in any order): validate(), from_dict
_SORTED = object()  # valid, and every hand in hand order as well: dealt here
VALID = 1
SORTED = 2


def _vouch(game_set: GameSet, token: object) -> GameSet:
    object.__setattr__(game_set, "_checked", token)
    return game_set


def vouched(game_set: object) -> int:
    """What this module has checked of ``game_set``, this very object: ``SORTED`` (2) when it dealt
    it (valid, every hand sorted in hand order), ``VALID`` (1) when it was checked valid (by
    ``validate``, ``from_dict``, ``load_game_sets``), else 0. A ``GameSet`` is frozen, so what was
    checked stays true; the play engine checks only a set this says nothing about."""
    token = getattr(game_set, "__dict__", {}).get("_checked")
    return SORTED if token is _SORTED else VALID if token is _VALID else 0


class GameSetError(ValueError):
    """A game set that is not a valid arrangement of the quad-deck.

    ``problems`` lists every problem found; the message joins them with ``; ``.
    """

    def __init__(self, message: str, problems: Sequence[str] | None = None) -> None:
        super().__init__(message)
        self.problems: list[str] = list(problems) if problems is not None else [message]


def _seat(seat: str) -> str:
    return f"{seat} ({SUIT_NAMES[seat]})" if seat in SUIT_NAMES else repr(seat)


@dataclass(frozen=True)
class GameSet:
    """One pre-arranged game: ``deals[d][seat]`` is the hand of ``seat`` in deal ``d`` (0-based)."""

    number: int
    deals: tuple[dict[str, tuple[Card, ...]], ...]
    first_dealer: str = "S"
    orientation: str = "SDHC"
    meta: dict = field(default_factory=dict, compare=False)

    def clockwise(self) -> str:
        """Seats in clockwise order starting from Spades."""
        return self.orientation

    def _clockwise_from(self, seat: str, steps: int) -> str:
        """The seat ``steps`` places clockwise (to the left) of ``seat``."""
        order = self.orientation
        if order not in ORIENTATIONS:
            raise GameSetError(f"game set {self.number}: orientation {order!r} is not one of {', '.join(ORIENTATIONS)}")
        if not is_suit(seat):
            raise GameSetError(f"game set {self.number}: {seat!r} is not a seat (use S, H, D or C)")
        return order[(order.index(seat) + steps) % 4]

    def left_of(self, seat: str) -> str:
        """The seat at ``seat``'s left (next clockwise)."""
        return self._clockwise_from(seat, 1)

    def dealer(self, deal: int) -> str:
        """The dealer of deal ``deal`` (0-based): the deal passes to the left."""
        return self._clockwise_from(self.first_dealer, deal)

    def leader(self, deal: int) -> str:
        """Who leads to the first trick of deal ``deal`` (0-based): dealer's left."""
        return self.left_of(self.dealer(deal))

    def hand(self, deal: int, seat: str) -> tuple[Card, ...]:
        """The hand of ``seat`` in deal ``deal`` (0-based)."""
        return self.deals[deal][seat]

    def hands(self) -> Iterator[tuple[int, str, tuple[Card, ...]]]:
        """Every hand as ``(deal, seat, cards)``, deals 0-based, seats in ``S H D C`` order."""
        for d, deal in enumerate(self.deals):
            for seat in SUITS:
                if seat in deal:
                    yield d, seat, deal[seat]

    def canonical(self) -> GameSet:
        """The same set with every hand sorted (suits S H D C, ranks high to low)."""
        deals = tuple({seat: tuple(sorted(cards, key=sort_key)) for seat, cards in deal.items()} for deal in self.deals)
        return GameSet(self.number, deals, self.first_dealer, self.orientation, dict(self.meta))

    def problems(self) -> list[str]:
        """Everything wrong with this set, one phrase each (empty when the set is valid)."""
        return check_game_set(self)

    def validate(self) -> GameSet:
        """Raise ``GameSetError`` naming every problem; return ``self`` when valid."""
        problems = self.problems()
        if problems:
            raise GameSetError(f"game set {self.number}: " + "; ".join(problems), problems)
        return self if vouched(self) else _vouch(self, _VALID)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, validate: bool = True) -> GameSet:
        """Build a set from the JSON shape of docs/formats.md.

        Hands may be lists of card strings or one string in either card notation. Every problem
        (bad cards, with deal and seat, and — when ``validate`` — wrong hand sizes and card counts)
        is reported together in one ``GameSetError``. With ``validate=False`` a partial set is
        allowed: missing or ``null`` hands become empty tuples (see ``complete_game_set``).
        """
        if not isinstance(data, Mapping):
            raise GameSetError(f"a game set must be a JSON object, not {type(data).__name__}")
        problems: list[str] = []

        raw_number = data.get("number", 1)
        number = 0
        number_parsed = True
        if isinstance(raw_number, int) and not isinstance(raw_number, bool):
            number = raw_number
        elif isinstance(raw_number, str) and raw_number.strip().isdigit():
            number = int(raw_number)
        else:
            problems.append(f"set number {raw_number!r} is not a whole number")
            number_parsed = False

        first_dealer = data.get("first_dealer", "S")
        if isinstance(first_dealer, str) and is_suit(first_dealer.strip().upper()):
            first_dealer = first_dealer.strip().upper()
        orientation = data.get("orientation", "SDHC")
        if isinstance(orientation, str):
            orientation = orientation.strip().upper()

        raw_deals = data.get("deals")
        deals: list[dict[str, tuple[Card, ...]]] = []
        if not isinstance(raw_deals, list | tuple):
            problems.append(f"'deals' must be a list of {DEALS_PER_GAME} deals")
            raw_deals = []
        for d, raw_deal in enumerate(raw_deals, start=1):
            deal: dict[str, tuple[Card, ...]] = {}
            if not isinstance(raw_deal, Mapping):
                problems.append(f"deal {d} must be an object mapping seats S H D C to hands")
                deals.append(deal)
                continue
            for key in raw_deal:
                if not is_suit(key):
                    problems.append(f"deal {d}: {key!r} is not a seat (use S, H, D, C)")
            for seat in SUITS:
                raw_hand = raw_deal.get(seat)
                if raw_hand is None:
                    if not validate:  # a partial set; validation below names the missing hand
                        deal[seat] = ()
                    continue
                deal[seat] = _parse_hand(raw_hand, f"deal {d}, seat {seat}", problems)
            deals.append(deal)

        game_set = cls(number=number, deals=tuple(deals), first_dealer=first_dealer, orientation=orientation)
        if validate:
            checked = check_game_set(game_set, check_number=number_parsed)
            problems.extend(p for p in checked if p not in problems)
        if problems:
            raise GameSetError(f"game set {raw_number}: " + "; ".join(problems), problems)
        return _vouch(game_set, _VALID) if validate else game_set

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of docs/formats.md, cards as canonical strings in the stored order."""
        return {
            "number": self.number,
            "first_dealer": self.first_dealer,
            "orientation": self.orientation,
            "deals": [{seat: [str(card) for card in deal.get(seat, ())] for seat in SUITS} for deal in self.deals],
        }


def require_valid(game_set: Any) -> GameSet:
    """Return ``game_set`` when it is a valid ``GameSet``; else raise ``GameSetError`` naming every problem.

    What playing a game needs: 4 deals of 4 hands of 13, every card 4 times, one of the seats as
    first dealer and a known orientation (they fix the turn order and who leads each deal). A set
    this module dealt or has checked already (``vouched``) is not checked again.
    """
    if not isinstance(game_set, GameSet):
        raise GameSetError(f"{game_set!r} is not a GameSet: a game is played on a game set")
    return game_set if vouched(game_set) else game_set.validate()


def _parse_hand(raw: Any, where: str, problems: list[str]) -> tuple[Card, ...]:
    """Cards of one hand; bad cards are added to ``problems`` (all of them, not just the first)."""
    if isinstance(raw, str):
        try:
            return tuple(parse_cards(raw))
        except CardError as error:
            problems.append(f"{where}: {error}")
            return ()
    if not isinstance(raw, list | tuple):
        problems.append(f"{where}: a hand must be a list of cards, not {type(raw).__name__}")
        return ()
    cards: list[Card] = []
    canonical = _CANONICAL
    for text in raw:
        card = canonical.get(text) if isinstance(text, str) else text if isinstance(text, Card) else None
        if card is not None:  # the usual case: canonical text, as written by to_dict
            cards.append(card)
            continue
        try:
            cards.append(parse_card(text))
        except CardError as error:
            problems.append(f"{where}: {error}")
    return tuple(cards)


def check_game_set(game_set: GameSet, *, check_number: bool = True) -> list[str]:
    """Every problem with ``game_set`` as a list of phrases (empty when it is valid).

    Checks: a positive set number, a first dealer among ``S H D C``, an orientation among
    ``ORIENTATIONS``, exactly 4 deals of 4 hands of 13 cards, and every card exactly 4 times.
    """
    problems: list[str] = []
    number = game_set.number
    if check_number and (not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= _MAX_NUMBER):
        problems.append(f"set number {number!r} must be a whole number from 1 to {_MAX_NUMBER}")
    if not is_suit(game_set.first_dealer):
        problems.append(f"first dealer {game_set.first_dealer!r} is not a seat (use S, H, D or C)")
    if game_set.orientation not in ORIENTATIONS:
        problems.append(
            f"orientation {game_set.orientation!r} is not one of {', '.join(ORIENTATIONS)} "
            "(clockwise seats from Spades)"
        )
    if len(game_set.deals) != DEALS_PER_GAME:
        problems.append(f"{len(game_set.deals)} deals, not {DEALS_PER_GAME}")

    # Counted by identity first: the interned cards (scoring.cards.CARDS) are what parsing and
    # dealing give, and counting their ids needs no Card hashing, so playing a game pays little
    # for this check. Anything else is counted as Cards below.
    ids: list[int] = []
    for d, deal in enumerate(game_set.deals, start=1):
        for seat in SUITS:
            cards = deal.get(seat)
            if cards is None:
                problems.append(f"deal {d}: no hand for seat {_seat(seat)}")
                continue
            if len(cards) != HAND_SIZE:
                problems.append(f"deal {d}, seat {_seat(seat)}: {len(cards)} cards, not {HAND_SIZE}")
            ids.extend(map(id, cards))
        for key in deal:
            if not is_suit(key):
                problems.append(f"deal {d}: {key!r} is not a seat (use S, H, D, C)")

    by_id = Counter(ids)
    if by_id.keys() == _INTERNED_IDS and all(k == COPIES for k in by_id.values()):
        return problems  # the usual case, without building the detailed messages below
    counts: Counter[Card] = Counter()
    for deal in game_set.deals:
        for seat in SUITS:
            counts.update(deal.get(seat) or ())
    if len(counts) == len(_ALL_CARDS) and all(k == COPIES for k in counts.values()):
        return problems  # equal cards that are not the interned ones
    strangers = [item for item in counts if not isinstance(item, Card)]
    problems.extend(f"{item!r} is not a Card (parse card text with parse_card)" for item in strangers)
    for card in _ALL_CARDS:
        k = counts.get(card, 0)
        if k > COPIES:
            problems.append(f"{card} appears {k} times, not {COPIES} ({', '.join(_places(game_set, card))})")
        elif k < COPIES:
            problems.append(f"{card} appears {k} time{'' if k == 1 else 's'}, not {COPIES}")
    return problems


def _places(game_set: GameSet, card: Card) -> list[str]:
    """Where ``card`` is, as ``deal 2 H`` (``×2`` when a hand holds it twice)."""
    places = []
    for d, deal in enumerate(game_set.deals, start=1):
        for seat in SUITS:
            k = deal.get(seat, ()).count(card)
            if k:
                places.append(f"deal {d} {seat}" + (f"×{k}" if k > 1 else ""))
    return places


# --- The 16th hand ------------------------------------------------------------------------------------------------


def _typed_hands(partial: GameSet | Iterable[Any]) -> Iterator[tuple[str, Iterable[Card]]]:
    """(label, cards) for every typed hand of a partial set, in any of the accepted shapes."""
    if isinstance(partial, GameSet):
        partial = partial.deals
    for d, item in enumerate(partial, start=1):
        if isinstance(item, Mapping):
            for seat, cards in item.items():
                if cards:
                    yield f"deal {d} {seat}", cards
        elif item:
            yield f"hand {d}", item


def remaining_cards(partial: GameSet | Iterable[Any]) -> Counter[Card]:
    """What is left of the 208-card quad-deck once the hands typed so far are taken out.

    ``partial`` is a ``GameSet`` (possibly incomplete), a sequence of deals (mappings seat → cards;
    missing, ``None`` or empty hands are skipped) or simply an iterable of hands (iterables of
    ``Card``). Returns a ``Counter`` card → copies left (only positive counts). Raises
    ``GameSetError`` when a card has been typed more than 4 times, naming each such card.
    """
    counts: Counter[Card] = Counter()
    for _, cards in _typed_hands(partial):
        counts.update(cards)
    excess = [f"{card} typed {k} times, the deck has {COPIES}" for card, k in counts.items() if k > COPIES]
    if excess:
        excess.sort()
        raise GameSetError("too many copies: " + "; ".join(excess), excess)
    return Counter({card: COPIES - counts[card] for card in _ALL_CARDS if counts[card] < COPIES})


def complete_game_set(
    partial: GameSet | Sequence[Mapping[str, Iterable[Card] | None]],
    *,
    number: int | None = None,
    first_dealer: str | None = None,
    orientation: str | None = None,
) -> GameSet:
    """Fill in the one missing hand of a set from what is left of the deck, and validate.

    ``partial`` is a ``GameSet`` (e.g. ``GameSet.from_dict(data, validate=False)``) or 4 deals of
    seat → cards, where exactly one hand is missing (absent, ``None`` or empty). The keyword
    arguments override (or, for a plain sequence, supply; defaults 1, ``S``, ``SDHC``) the set's
    attributes. A complete set is just validated. Raises ``GameSetError`` when more than one hand is
    missing, or when what is left is not exactly 13 cards (naming the typed hands of the wrong size).
    """
    if isinstance(partial, GameSet):
        base_number, base_dealer, base_orientation = partial.number, partial.first_dealer, partial.orientation
        raw_deals: Sequence[Mapping[str, Any]] = partial.deals
    else:
        base_number, base_dealer, base_orientation = 1, "S", "SDHC"
        raw_deals = list(partial)
    number = base_number if number is None else number
    first_dealer = base_dealer if first_dealer is None else first_dealer
    orientation = base_orientation if orientation is None else orientation
    label = f"game set {number}"
    if len(raw_deals) != DEALS_PER_GAME:
        raise GameSetError(f"{label}: {len(raw_deals)} deals, not {DEALS_PER_GAME}")

    deals: list[dict[str, tuple[Card, ...]]] = []
    missing: list[tuple[int, str]] = []
    wrong_size: list[str] = []
    for d, raw_deal in enumerate(raw_deals):
        deal: dict[str, tuple[Card, ...]] = {}
        for seat in SUITS:
            cards = tuple(raw_deal.get(seat) or ())
            if not cards:
                missing.append((d, seat))
            elif len(cards) != HAND_SIZE:
                wrong_size.append(f"deal {d + 1}, seat {_seat(seat)}: {len(cards)} cards, not {HAND_SIZE}")
            deal[seat] = cards
        deals.append(deal)

    if len(missing) > 1:
        names = ", ".join(f"deal {d + 1} {seat}" for d, seat in missing)
        raise GameSetError(f"{label}: {len(missing)} hands are missing ({names}); only one can be derived")
    if missing:
        try:
            left = remaining_cards(deals)
        except GameSetError as error:
            raise GameSetError(f"{label}: {error}", error.problems) from None
        total = sum(left.values())
        if total != HAND_SIZE:
            d, seat = missing[0]
            problems = [
                f"the 15 typed hands leave {total} cards for deal {d + 1}, seat {_seat(seat)}, not {HAND_SIZE}",
                *wrong_size,
            ]
            raise GameSetError(f"{label}: " + "; ".join(problems), problems)
        d, seat = missing[0]
        deals[d][seat] = tuple(sorted(left.elements(), key=sort_key))
    return GameSet(number, tuple(deals), first_dealer, orientation).validate()


# --- Dealing --------------------------------------------------------------------------------------------------------

# Cards in display order (S H D C, ranks high to low): the shuffle works on these 52 indices so
# that sorting a hand is sorting small integers, and Card objects are only looked up, never built.
_ALL_CARDS = DISPLAY_ORDER
_INTERNED_IDS = frozenset(id(card) for card in CARDS)
_CANONICAL = BY_TEXT
_FRESH_DECK: tuple[int, ...] = tuple(position // COPIES for position in range(DECK_SIZE))
# Rejection limits for an unbiased draw from range(n) with a 32-bit word: accept w < limit.
_LIMITS: tuple[int, ...] = (0, *(2**32 - 2**32 % n for n in range(1, DECK_SIZE + 1)))
_FIRST_BLOCKS = (DECK_SIZE + 7) // 8 + 1  # 27 blocks = 216 words: 207 draws and some spare
_DRAWS = DECK_SIZE - 1
_POSITIONS: tuple[int, ...] = tuple(range(DECK_SIZE - 1, 0, -1))  # Fisher–Yates positions 207..1
_MODULI: tuple[int, ...] = tuple(i + 1 for i in _POSITIONS)
_ALWAYS_ACCEPTED = 2**32 - DECK_SIZE  # below every rejection limit
_SHA256_BLOCK = 64


def parse_seed(seed: str | bytes) -> bytes:
    """A seed as bytes: ``bytes`` as given, or text in hexadecimal (an optional ``0x`` prefix is ignored).

    Raises ``GameSetError`` for an empty seed or text that is not hexadecimal.
    """
    if isinstance(seed, bytes | bytearray):
        key = bytes(seed)
    elif isinstance(seed, str):
        text = seed.strip()
        if text[:2].lower() == "0x":
            text = text[2:]
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise GameSetError(f"seed {seed!r} is not hexadecimal (use digits 0-9 and a-f, an even number)") from None
    else:
        raise GameSetError(f"a seed must be hexadecimal text or bytes, not {type(seed).__name__}")
    if not key:
        raise GameSetError("the seed is empty")
    return key


def _hmac_pads(key: bytes) -> tuple[Any, Any]:
    """SHA-256 states after absorbing key⊕ipad and key⊕opad (RFC 2104), computed once per key.

    Copying them per block gives exactly ``hmac.digest(key, message, "sha256")``, about four times
    faster than the one-shot call, which re-derives the pads every time.
    """
    if len(key) > _SHA256_BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_SHA256_BLOCK, b"\0")
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    return inner, outer


def _words(pads: tuple[Any, Any], number: int, first_block: int, blocks: int) -> list[int]:
    """32-bit big-endian words of HMAC-SHA256(key, FORMAT ‖ number ‖ counter), counters in order."""
    inner, outer = pads
    prefix = _DOMAIN + number.to_bytes(4, "big")
    digests = []
    for counter in range(first_block, first_block + blocks):
        h = inner.copy()
        h.update(prefix + counter.to_bytes(4, "big"))
        o = outer.copy()
        o.update(h.digest())
        digests.append(o.digest())
    return list(struct.unpack(f">{blocks * 8}I", b"".join(digests)))


def _shuffled_deck(pads: tuple[Any, Any], number: int) -> list[int]:
    """The 208 card indices (display order) after the keyed Fisher–Yates shuffle of ``deal_game_set``."""
    words = _words(pads, number, 0, _FIRST_BLOCKS)
    return _fisher_yates(words, lambda have, need: _words(pads, number, have // 8, (need + 7) // 8 + 1))


def _fisher_yates(words: list[int], more: Callable[[int, int], list[int]]) -> list[int]:
    """Shuffle the fresh deck with the 32-bit ``words``; ``more(have, need)`` extends the stream.

    Draw k (for position i = 207 - k) uses the next word w: rejected when
    ``w >= 2**32 - 2**32 % (i + 1)``, otherwise j = ``w % (i + 1)``.
    """
    deck = list(_FRESH_DECK)
    if max(words[:_DRAWS]) < _ALWAYS_ACCEPTED:
        # No word can be rejected (the usual case; a rejection has probability < 2**-24 per word):
        # all 207 draws at once, in C, then the swaps.
        for i, j in zip(_POSITIONS, map(operator.mod, words, _MODULI), strict=False):
            deck[i], deck[j] = deck[j], deck[i]
        return deck
    limits = _LIMITS
    w = 0
    for i in _POSITIONS:
        n = i + 1
        while True:
            if w == len(words):
                words = words + more(len(words), i)
            x = words[w]
            w += 1
            if x < limits[n]:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _game_set_from_deck(deck: list[int], number: int, first_dealer: str, orientation: str) -> GameSet:
    lookup = _ALL_CARDS.__getitem__
    deals = tuple(
        {
            seat: tuple(map(lookup, sorted(deck[start : start + HAND_SIZE])))
            for seat, start in zip(SUITS, range(base, base + 52, HAND_SIZE), strict=True)
        }
        for base in range(0, DECK_SIZE, 52)
    )
    return _vouch(GameSet(number, deals, first_dealer, orientation), _SORTED)


def _check_seating(first_dealer: object, orientation: object) -> None:
    """Raise ``GameSetError`` unless ``first_dealer`` is one seat and ``orientation`` a known one."""
    if not is_suit(first_dealer):
        raise GameSetError(f"first dealer {first_dealer!r} is not a seat (use S, H, D or C)")
    if orientation not in ORIENTATIONS:
        raise GameSetError(f"orientation {orientation!r} is not one of {', '.join(ORIENTATIONS)}")


def deal_game_set(number: int, seed: str | bytes, *, first_dealer: str = "S", orientation: str = "SDHC") -> GameSet:
    """Game set ``number`` derived deterministically from ``seed`` (hex text or bytes).

    Construction (``calypso-gamesets/1``), so that anyone holding the published seed can regenerate:

    1. the key is the seed's bytes;
    2. the random stream is the concatenation, for counter = 0, 1, 2, ..., of
       ``HMAC-SHA256(key, b"calypso-gamesets/1" ‖ uint32_be(number) ‖ uint32_be(counter))``,
       read as consecutive unsigned 32-bit big-endian words;
    3. the deck is the 208 cards in display order (``AS AS AS AS KS KS ... 2C``: suits S H D C,
       ranks high to low, four copies each);
    4. Fisher–Yates: for i from 207 down to 1, take the next word w; if
       ``w >= 2**32 - (2**32 mod (i+1))`` discard it and take the next (rejection keeps the draw
       unbiased); otherwise swap positions i and ``w mod (i+1)``;
    5. deal d (1..4) seat k (0..3 for S H D C) gets positions ``52(d-1)+13k`` to ``52(d-1)+13k+12``;
       each hand is stored sorted.

    ``first_dealer`` and ``orientation`` are event choices and not derived from the seed.
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= _MAX_NUMBER:
        raise GameSetError(f"set number {number!r} must be a whole number from 1 to {_MAX_NUMBER}")
    _check_seating(first_dealer, orientation)
    pads = _hmac_pads(parse_seed(seed))
    return _game_set_from_deck(_shuffled_deck(pads, number), number, first_dealer, orientation)


def iter_game_sets(
    n: int, seed: str | bytes | None = None, *, start: int = 1, first_dealer: str = "S", orientation: str = "SDHC"
) -> Iterator[GameSet]:
    """Yield ``n`` game sets numbered ``start``, ``start + 1``, ...; see ``deal_game_sets``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise GameSetError(f"the number of sets must be a whole number ≥ 0, not {n!r}")
    _check_seating(first_dealer, orientation)
    if isinstance(start, bool) or not isinstance(start, int) or start < 1 or start + n - 1 > _MAX_NUMBER:
        raise GameSetError(f"set numbers must run from 1 to {_MAX_NUMBER}")
    # Without a seed, a fresh 256-bit key from the operating system's CSPRNG drives the same
    # construction; it is never stored, so those sets cannot be regenerated.
    pads = _hmac_pads(secrets.token_bytes(32) if seed is None else parse_seed(seed))
    for number in range(start, start + n):
        yield _game_set_from_deck(_shuffled_deck(pads, number), number, first_dealer, orientation)


def deal_game_sets(
    n: int, seed: str | bytes | None = None, *, start: int = 1, first_dealer: str = "S", orientation: str = "SDHC"
) -> list[GameSet]:
    """``n`` uniformly random game sets numbered ``start``.. (each hand sorted).

    With no seed the randomness comes from ``secrets``. With a seed (hex text or bytes) the sets
    are a pure function of (seed, set number) — see ``deal_game_set`` for the construction — so
    publishing the seed after the event lets anyone regenerate and check them. Keep the seed
    secret until play is over, and make it at least 16 random bytes: anyone who can guess it can
    regenerate the hands.
    """
    return list(iter_game_sets(n, seed, start=start, first_dealer=first_dealer, orientation=orientation))


# --- Commitment -----------------------------------------------------------------------------------------------------


def canonical_text(sets: Iterable[GameSet]) -> str:
    """The canonical serialisation hashed by ``commitment`` (docs/formats.md).

    A first line ``calypso-gamesets/1``; then for each set in increasing set number, a line
    ``set <number> <first_dealer> <orientation>`` followed by 16 lines ``<deal 1-4> <seat> <cards>``
    (deals in order, seats S H D C, the 13 cards canonical, sorted S H D C and ranks high to low,
    separated by single spaces). Every line ends with ``\\n``; no other whitespace.
    Raises ``GameSetError`` on two sets with the same number.
    """
    ordered = sorted(sets, key=lambda s: s.number)
    lines = [FORMAT]
    seen: set[int] = set()
    for game_set in ordered:
        if game_set.number in seen:
            raise GameSetError(f"two game sets are numbered {game_set.number}")
        seen.add(game_set.number)
        lines.append(f"set {game_set.number} {game_set.first_dealer} {game_set.orientation}")
        for d, deal in enumerate(game_set.deals, start=1):
            for seat in SUITS:
                lines.append(f"{d} {seat} {format_cards(sorted(deal.get(seat, ()), key=sort_key))}")
    return "\n".join(lines) + "\n"


def commitment(sets: Iterable[GameSet]) -> str:
    """SHA-256 (lowercase hex) of the UTF-8 ``canonical_text(sets)``: publish it before play."""
    return hashlib.sha256(canonical_text(sets).encode("utf-8")).hexdigest()


# --- Files ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameSetFile:
    """The contents of a ``calypso-gamesets/1`` file."""

    sets: tuple[GameSet, ...]
    seed: bytes | None
    commitment: str
    """The commitment as written in the file (``load_game_sets`` checks it unless told not to)."""

    @property
    def seed_hex(self) -> str | None:
        """The seed as lowercase hex, or ``None``."""
        return None if self.seed is None else self.seed.hex()


def game_sets_to_json(sets: Sequence[GameSet], seed: str | bytes | None = None) -> dict[str, Any]:
    """The file document: ``{"format", "commitment", "seed", "sets"}`` (sets in the given order)."""
    return {
        "format": FORMAT,
        "commitment": commitment(sets),
        "seed": None if seed is None else parse_seed(seed).hex(),
        "sets": [game_set.to_dict() for game_set in sets],
    }


def game_sets_from_json(data: Any, *, check_commitment: bool = True) -> GameSetFile:
    """Read a file document; every set is validated and all problems are reported together.

    With ``check_commitment`` a commitment that does not match the sets is an error too.
    """
    if not isinstance(data, Mapping):
        raise GameSetError("a game-set file must hold a JSON object")
    if data.get("format") != FORMAT:
        raise GameSetError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
    raw_sets = data.get("sets")
    if not isinstance(raw_sets, list):
        raise GameSetError("'sets' must be a list of game sets")
    problems: list[str] = []
    sets: list[GameSet] = []
    for i, raw in enumerate(raw_sets, start=1):
        try:
            sets.append(GameSet.from_dict(raw))
        except GameSetError as error:
            label = raw.get("number", f"#{i}") if isinstance(raw, Mapping) else f"#{i}"
            problems.extend(f"game set {label}: {p}" for p in error.problems)
    # Count numbers over every set, valid or not, so a clash is reported alongside other problems.
    # (A number that is not text or an int, e.g. a list, is already reported by from_dict.)
    numbers = Counter(
        raw["number"] for raw in raw_sets if isinstance(raw, Mapping) and isinstance(raw.get("number"), int | str)
    )
    problems.extend(f"{k} game sets are numbered {n}" for n, k in numbers.items() if k > 1)

    seed: bytes | None = None
    if data.get("seed") is not None:
        try:
            seed = parse_seed(data["seed"])
        except GameSetError as error:
            problems.append(str(error))
    stored = data.get("commitment")
    if not isinstance(stored, str):
        problems.append("'commitment' must be the SHA-256 hex string of the sets")
        stored = ""
    if problems:
        raise GameSetError("; ".join(problems), problems)
    if check_commitment:
        computed = commitment(sets)
        if stored.lower() != computed:
            raise GameSetError(f"the file's commitment {stored} does not match its sets ({computed})")
    return GameSetFile(tuple(sets), seed, stored.lower())


def save_game_sets(path: str | os.PathLike[str], sets: Sequence[GameSet], seed: str | bytes | None = None) -> str:
    """Write ``sets`` (and the seed, if any) to ``path`` atomically; return the commitment."""
    document = game_sets_to_json(sets, seed)
    target = Path(path)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(_dumps(document))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return document["commitment"]


def _dumps(document: dict[str, Any]) -> str:
    """The file text: one line per deal, so it reads (and diffs) well and writes fast."""
    dump = json.dumps
    head = ",\n ".join(f"{dump(key)}: {dump(document[key])}" for key in ("format", "commitment", "seed"))
    sets = []
    for game_set in document["sets"]:
        attributes = ", ".join(f"{dump(key)}: {dump(value)}" for key, value in game_set.items() if key != "deals")
        deals = ",\n    ".join(dump(deal) for deal in game_set["deals"])
        sets.append(f'  {{{attributes}, "deals": [\n    {deals}]}}')
    return "{" + head + ',\n "sets": [\n' + ",\n".join(sets) + "\n ]}\n"


def load_game_sets(path: str | os.PathLike[str], *, check_commitment: bool = True) -> GameSetFile:
    """Read and validate a ``calypso-gamesets/1`` file (see ``game_sets_from_json``).

    Raises ``GameSetError`` for invalid JSON or contents, its message starting with the path (its
    ``problems`` as found, without it); ``OSError`` when the file cannot be read.
    """
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GameSetError(f"{path}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    try:
        return game_sets_from_json(data, check_commitment=check_commitment)
    except GameSetError as error:
        raise GameSetError(f"{path}: {error}", error.problems) from None
