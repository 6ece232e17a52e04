"""Three-handed Auction Calypso, scored from what was played (AUCTION.md §8; the v0.0.1 document).

The earlier three-handed rules: a 208-card deck, 17 cards to each of three players (51 a hand), one
player — the declarer — against the other two each hand, as in Skat. A hand is scored from what each
player took, as the four-handed pad (``scoring.auction.pad``) scores a side:

* **contracts** (``ThreeContract``): a bid without calypsos is at least 170 points (``170♣``); a bid
  with calypsos names at least 10 points (``1 & 20♠``, the final contract of the document's example
  auction); points in tens, 0–4 calypsos, doubled ``X`` or redoubled ``XX``; or **misère**;
* **declarer**: 10 a card of their trick pile; short of the bid with the calypsos made, they may
  **sell** up to the cards they added to calypsos, 20 a card — bid 240 with 19 cards (190) sells 3
  (250); a contract made scores the bid × 1 / 2 / 4 (undoubled, doubled, redoubled) + the points
  (240 + 250 = 490; doubled 480 + 250 = 730); a contract failed loses the bid × 1 / 2 / 4 (−240,
  doubled −480);
* **defenders**: each scores 5 a card of both defenders' trick piles (7 + 10 cards: 85 each);
* **misère**: the declarer's points as the document counts them; 0 up to 12, then 30 a point
  (10 / 18 / 23 points: 0 / −180 / −330);
* **the calypso bonus**: each calypso completed earns its player 40 + 10 n², n the cards it still
  needed before the hand (1 card: 50; 13: 1730) — the declarer's only when the contract is made.

Every figure is a field of ``ThreeHandedValues``. docs/auction.md, "Three-handed Auction Calypso",
quotes the words each figure rests on and marks what is a reading of the figures.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..cards import SUIT_SYMBOLS, CardError, parse_suit
from .pad import SideHand, side_problems
from .values import BID_SUITS, DOUBLED_WORDS, FACTORS, MAX_CALYPSOS_BID, POINTS_STEP, AuctionError

THREE = 3
"""Players at a three-handed table."""
DECK = 208
"""The three-handed deck: four packs."""
HAND_CARDS = 51
"""Cards in play in one hand: 17 to each of three players."""
MINIMUM_BID = 170
"""The least a bid without calypsos may name (``170♣``)."""
MINIMUM_CALYPSO_POINTS = 10
"""The least a bid with calypsos may name (``1 & 20♠`` is a contract)."""
MISERE = "misère"
OUTCOMES = ("win", "limbo-sold", "limbo-unsold", "loss", "misère")

_BID = re.compile(r"^(?:(\d+)\s*(?:&|and)\s*)?(\d+)\s*(\S)$", re.IGNORECASE)
_MISERE = re.compile(r"^mis[eè]re$", re.IGNORECASE)
_CONTRACT = re.compile(r"^(.*?)\s*(XX|X|)$", re.IGNORECASE | re.DOTALL)
_BY = re.compile(r"\sby(\s|$)", re.IGNORECASE)

HAND_KEYS = ("declarer", "contract", "played", "sell", "misere_points")
"""The keys of one hand's JSON object: the first three always, ``sell`` in limbo, ``misere_points`` in misère."""


@dataclass(frozen=True)
class ThreeHandedValues:
    """The figures of three-handed scoring; the defaults are the document's."""

    declarer_card: int = 10
    """Points a card of declarer's trick pile."""
    sell_price: int = 20
    """Points a card sold back from declarer's calypsos in progress."""
    defender_card: int = 5
    """Each defender's points a card of both defenders' trick piles."""
    calypso_base: int = 40
    calypso_square: int = 10
    """The calypso bonus: ``calypso_base + calypso_square × n²``, n the cards it needed."""
    misere_allowance: int = 12
    """Misère points that cost nothing."""
    misere_point: int = 30
    """What each misère point over the allowance costs."""

    def calypso_bonus(self, needed: int) -> int:
        """The bonus of a calypso that still needed ``needed`` cards before the hand: 1 → 50 … 13 → 1730."""
        return self.calypso_base + self.calypso_square * needed * needed

    def misere_score(self, points: int) -> int:
        """Declarer's misère score: 0 up to the allowance, then minus 30 a point (18 → −180)."""
        return -self.misere_point * max(0, points - self.misere_allowance)


VALUES = ThreeHandedValues()


def _whole(value: object, what: str) -> int:
    # JSON integers only: bool, float and text (even "12" or "²") are refused.
    if isinstance(value, bool) or not isinstance(value, int):
        raise AuctionError(f"{what} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class ThreeBid:
    """A three-handed bid: ``points``, ``calypsos`` (0–4) and a ``suit``, or misère (``suit`` None,
    ``ThreeBid.misere()``). Without calypsos a bid names at least 170 points, with calypsos at least
    10; points in tens. ``str`` writes ``170♣``, ``1 & 20♠`` or ``misère``."""

    points: int
    calypsos: int
    suit: str | None

    def __post_init__(self) -> None:
        if self.suit is None:
            if (self.points, self.calypsos) != (0, 0):
                raise AuctionError("misère names no points and no calypsos")
            return
        points = _whole(self.points, "a bid's points")
        calypsos = _whole(self.calypsos, "a bid's calypsos")
        if not 0 <= calypsos <= MAX_CALYPSOS_BID:
            raise AuctionError(f"a bid names 0 to {MAX_CALYPSOS_BID} calypsos, not {calypsos}")
        least = MINIMUM_CALYPSO_POINTS if calypsos else MINIMUM_BID
        if points < least:
            with_what = "with calypsos" if calypsos else "without calypsos"
            raise AuctionError(f"a three-handed bid {with_what} is at least {least} points, not {points}")
        if points % POINTS_STEP:
            raise AuctionError(f"a bid's points are a multiple of {POINTS_STEP}, not {points}")
        try:
            suit = parse_suit(self.suit)
        except CardError:
            raise AuctionError(f"{self.suit!r} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)") from None
        object.__setattr__(self, "suit", suit)

    @classmethod
    def misere(cls) -> ThreeBid:
        return cls(0, 0, None)

    @property
    def is_misere(self) -> bool:
        return self.suit is None

    @classmethod
    def parse(cls, text: object) -> ThreeBid:
        """``170♣``, ``170C``, ``1 & 20♠``, ``1 and 20s``, ``misère`` (``misere``). ``AuctionError`` naming
        what is wrong."""
        if isinstance(text, ThreeBid):
            return text
        if not isinstance(text, str):
            raise AuctionError(f"{text!r} is not a bid (e.g. 170♣, 1 & 20♠ or misère)")
        clean = text.replace("\ufe0f", "").strip()
        if _MISERE.match(clean):
            return cls.misere()
        match = _BID.match(clean)
        if match is None:
            raise AuctionError(f"{text!r} is not a bid (e.g. 170♣, 1 & 20♠ or misère)")
        calypsos, points, suit = match.groups()
        try:
            return cls(int(points), int(calypsos or 0), suit)
        except AuctionError as error:
            raise AuctionError(f"{text!r}: {error}") from None

    @property
    def rank(self) -> tuple[int, int, int]:
        """(calypsos, points, suit ♣ 0 … ♠ 3) of a suit bid: a bid with more calypsos ranks higher
        whatever its points (``1 & 20♠`` over ``240♥``)."""
        if self.suit is None:
            raise AuctionError("misère has no rank among the suit bids")
        return (self.calypsos, self.points, BID_SUITS.index(self.suit))

    def __str__(self) -> str:
        if self.suit is None:
            return MISERE
        text = f"{self.points}{SUIT_SYMBOLS[self.suit]}"
        return f"{self.calypsos} & {text}" if self.calypsos else text


@dataclass(frozen=True)
class ThreeContract:
    """The final bid and ``doubled`` 0 / 1 / 2 (misère is not doubled). ``str``: ``1 & 20♠ X``."""

    bid: ThreeBid
    doubled: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.bid, ThreeBid):
            object.__setattr__(self, "bid", ThreeBid.parse(self.bid))
        doubled = _whole(self.doubled, "a contract's doubling")
        if doubled not in (0, 1, 2):
            raise AuctionError(f"a contract is undoubled (0), doubled (1) or redoubled (2), not {doubled}")
        if doubled and self.bid.is_misere:
            raise AuctionError("misère is played undoubled")
        object.__setattr__(self, "doubled", doubled)

    @classmethod
    def parse(cls, text: object) -> ThreeContract:
        """``"170♣"``, ``"240♥ X"``, ``"1 & 20♠ XX"``, ``"misère"``."""
        if not isinstance(text, str):
            raise AuctionError(f"{text!r} is not a contract (e.g. 240♥ X, 1 & 20♠ or misère)")
        match = _CONTRACT.match(text.replace("\ufe0f", "").strip())
        assert match is not None  # every text matches: the bid part is checked below
        bid_text, doubles = match.groups()
        return cls(ThreeBid.parse(bid_text), len(doubles))

    @property
    def factor(self) -> int:
        """What the bid is multiplied by: 1, 2 or 4 for undoubled, doubled, redoubled."""
        return FACTORS[self.doubled]

    def __str__(self) -> str:
        return str(self.bid) + ("", " X", " XX")[self.doubled]


def check_players(players: object) -> tuple[str, ...]:
    """The three players, by name: three distinct, non-empty texts. ``AuctionError`` otherwise."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise AuctionError(f"players: a three-handed pad names its three players in a list, not {players!r}")
    names = []
    for position, name in enumerate(players, start=1):
        if not isinstance(name, str) or not name.strip():
            raise AuctionError(f"players: player {position} must be a name, not {name!r}")
        if name.strip() in names:
            raise AuctionError(f"players: {name.strip()} is named twice")
        names.append(name.strip())
    if len(names) != THREE:
        raise AuctionError(f"players: a three-handed pad has three players, not {len(names)}")
    return tuple(names)


def check_three_hand(played: Mapping[str, SideHand]) -> list[str]:
    """Every reason the three players' counts cannot be one hand's (empty when they can): whole,
    not negative, at most 51; one cards-required value (1–13) per calypso completed, fitting in the
    cards added; and T + P of the three = 51."""
    problems: list[str] = []
    in_range = True
    for name, hand in played.items():
        found, counted = side_problems(hand, f"{name}'s", name, HAND_CARDS, every_calypso=True)
        problems.extend(found)
        in_range = in_range and counted
    if in_range:
        total = sum(hand.trick_pile + hand.added for hand in played.values())
        if total != HAND_CARDS:
            gap = HAND_CARDS - total
            what = f"{gap} card{'s' if gap != 1 else ''} missing" if gap > 0 else f"{-gap} too many"
            each = ", ".join(f"{name} T {hand.trick_pile} + P {hand.added}" for name, hand in played.items())
            problems.append(f"cards add up to {total}, not {HAND_CARDS}: {what} ({each})")
    return problems


@dataclass(frozen=True)
class ThreeHandScore:
    """One three-handed hand scored: the outcome, declarer's contract points (before any sale), the
    shortfall and cards sold, declarer's contract score, each player's calypso bonus, each defender's
    card points, each player's total (``scores``) and the lines that explain it."""

    contract: ThreeContract
    declarer: str
    outcome: str
    contract_points: int
    deficit: int
    sold: int
    contract_score: int
    calypso_bonus: dict[str, int]
    defender_cards: int
    scores: dict[str, int]
    lines: tuple[str, ...] = field(default=())

    @property
    def made(self) -> bool:
        """The contract succeeded: won, sold out of limbo, or a misère that cost nothing."""
        return self.outcome in ("win", "limbo-sold") or (self.outcome == MISERE and self.contract_score == 0)

    @property
    def explanation(self) -> str:
        return "\n".join(self.lines)

    def to_dict(self) -> dict[str, Any]:
        """As JSON: every field, the contract as text (``240♥ X``)."""
        return {**asdict(self), "contract": str(self.contract), "lines": list(self.lines)}


def _bonuses(played: Mapping[str, SideHand], values: ThreeHandedValues, lines: list[str]) -> dict[str, int]:
    bonus = {}
    for name, hand in played.items():
        bonus[name] = sum(values.calypso_bonus(n) for n in hand.cards_required)
        for n in hand.cards_required:
            lines.append(
                f"{name}'s calypso, {n} card{'s' if n != 1 else ''} needed: {values.calypso_base} + "
                f"{values.calypso_square} × {n}² = {values.calypso_bonus(n)}"
            )
    return bonus


def score_three_hand(
    contract: ThreeContract | str,
    declarer: str,
    played: Mapping[str, SideHand],
    *,
    sell: bool | None = None,
    misere_points: int | None = None,
    values: ThreeHandedValues = VALUES,
) -> ThreeHandScore:
    """Score one three-handed hand from what each of the three players took (``played``: name →
    ``SideHand``, the declarer among them).

    ``sell`` must be ``True``/``False`` exactly when the contract is in limbo (calypsos made, points
    short by at most 20 × the cards declarer added); ``misere_points`` exactly when the contract is
    misère. ``AuctionError`` naming what does not add up.
    """
    contract = contract if isinstance(contract, ThreeContract) else ThreeContract.parse(contract)
    if len(played) != THREE or declarer not in played:
        raise AuctionError(
            f"a three-handed hand is what each of three players took, the declarer {declarer!r} among them"
        )
    problems = check_three_hand(played)
    if problems:
        raise AuctionError("; ".join(problems))
    bid = contract.bid
    mine = played[declarer]
    defenders = [name for name in played if name != declarer]
    lines = [f"{declarer} declares {contract} ({DOUBLED_WORDS[contract.doubled]}, the bid ×{contract.factor})"]
    bonus = _bonuses(played, values, lines)
    pile = sum(played[name].trick_pile for name in defenders)
    defender_cards = values.defender_card * pile
    pts = values.declarer_card * mine.trick_pile
    deficit = sold = 0
    if bid.is_misere:
        if isinstance(misere_points, bool) or not isinstance(misere_points, int) or misere_points < 0:
            raise AuctionError(
                f"misère: misere_points must be the declarer's points, a whole number, not {misere_points!r}"
            )
        if sell is not None:
            raise AuctionError("sell is asked only when a suit contract is in limbo; this hand is misère")
        outcome, contract_score = MISERE, values.misere_score(misere_points)
        over = max(0, misere_points - values.misere_allowance)
        lines.append(
            f"misère, {misere_points} points: {over} over {values.misere_allowance} × {values.misere_point} "
            f"= {-contract_score}, scores {contract_score}"
        )
        pts = misere_points
    else:
        if misere_points is not None:
            raise AuctionError(f"misere_points are asked only in misère; this hand is {contract}")
        lines.append(
            f"{declarer}'s trick pile: {mine.trick_pile} × {values.declarer_card} = {pts} against {bid.points} bid"
        )
        deficit = max(0, bid.points - pts)
        cap = values.sell_price * mine.added
        if mine.calypsos < bid.calypsos:
            outcome = "loss"
            lines.append(f"calypsos: {mine.calypsos} made of {bid.calypsos} bid — lost")
        elif not deficit:
            outcome = "win"
        elif deficit <= cap:
            if not isinstance(sell, bool):
                raise AuctionError(
                    f"the contract is in limbo ({deficit} points short, within the selling cap of {cap}): "
                    f"sell must be true or false{'' if sell is None else f', not {sell!r}'}"
                )
            outcome = "limbo-sold" if sell else "limbo-unsold"
        else:
            outcome = "loss"
            lines.append(f"{deficit} short, over the selling cap {mine.added} × {values.sell_price} = {cap} — lost")
        if sell is not None and not outcome.startswith("limbo"):
            raise AuctionError(f"sell is asked only when the contract is in limbo; this hand is {outcome}")
        if outcome == "limbo-sold":
            sold = math.ceil(deficit / values.sell_price)
            lines.append(
                f"sold {sold} card{'s' if sold != 1 else ''} × {values.sell_price}: {pts} + {sold * values.sell_price}"
            )
        if outcome in ("win", "limbo-sold"):
            contract_score = bid.points * contract.factor + pts + sold * values.sell_price
            lines.append(
                f"made: {bid.points} × {contract.factor} + {pts + sold * values.sell_price} = {contract_score}"
            )
        else:
            contract_score = -bid.points * contract.factor
            lines.append(f"failed: −{bid.points} × {contract.factor} = {contract_score}")
    made = outcome in ("win", "limbo-sold") or (outcome == MISERE and contract_score == 0)
    if not made and bonus[declarer]:
        lines.append(f"{declarer}'s calypso bonus {bonus[declarer]} does not count: the contract failed")
        bonus[declarer] = 0
    scores = {name: bonus[name] + (contract_score if name == declarer else defender_cards) for name in played}
    lines.append(
        f"defenders: {' + '.join(str(played[name].trick_pile) for name in defenders)} cards × "
        f"{values.defender_card} = {defender_cards} each"
    )
    lines.append("hand: " + ", ".join(f"{name} {points}" for name, points in scores.items()))
    return ThreeHandScore(
        contract=contract,
        declarer=declarer,
        outcome=outcome,
        contract_points=pts,
        deficit=deficit,
        sold=sold,
        contract_score=contract_score,
        calypso_bonus=bonus,
        defender_cards=defender_cards,
        scores=scores,
        lines=tuple(lines),
    )


@dataclass(frozen=True)
class ThreeHandedHand:
    """One hand of a three-handed pad as written: the ``declarer`` (a player's name), the
    ``contract``, what each player took (``played``), the sell choice in limbo and the misère points."""

    declarer: str
    contract: ThreeContract
    played: Mapping[str, SideHand]
    sell: bool | None = None
    misere_points: int | None = None

    @classmethod
    def from_dict(cls, data: object, players: Sequence[str]) -> ThreeHandedHand:
        """Read ``{"declarer": "Ann", "contract": "240♥ X", "played": {"Ann": {"trick_pile": 19, "added": 5,
        "calypsos": 0, "cards_required": []}, …}, "sell": true}`` for the pad's ``players``.
        ``AuctionError`` naming the field that is wrong."""
        names = check_players(players)
        if not isinstance(data, Mapping):
            raise AuctionError(f"a hand is a JSON object, not {data!r}")
        missing = [key for key in HAND_KEYS[:3] if key not in data]
        if missing:
            raise AuctionError(f"missing {', '.join(missing)}")
        extra = sorted(str(key) for key in data if key not in HAND_KEYS)
        if extra:
            raise AuctionError(
                f"unknown key {', '.join(extra)} (a hand has declarer, contract, played, and sell or misere_points)"
            )
        declarer = data["declarer"]
        if declarer not in names:
            raise AuctionError(f"declarer: {declarer!r} is not one of the pad's players ({', '.join(names)})")
        if isinstance(data["contract"], str) and _BY.search(data["contract"]):
            raise AuctionError('contract: the declarer is given in "declarer", not with "by"')
        try:
            contract = ThreeContract.parse(data["contract"])
        except AuctionError as error:
            raise AuctionError(f"contract: {error}") from None
        played = data["played"]
        if not isinstance(played, Mapping):
            raise AuctionError(f"played: what each player took, as an object by name, not {played!r}")
        unknown = sorted(str(name) for name in played if name not in names)
        if unknown:
            verb = "is" if len(unknown) == 1 else "are"
            raise AuctionError(f"played: {', '.join(unknown)} {verb} not one of the pad's players ({', '.join(names)})")
        absent = [name for name in names if name not in played]
        if absent:
            raise AuctionError(f"played: nothing for {', '.join(absent)}")
        sell = data.get("sell")
        if sell is not None and not isinstance(sell, bool):
            raise AuctionError(f"sell must be true or false, not {sell!r}")
        hands = {name: SideHand.from_dict(played[name], f"played.{name}") for name in names}
        return cls(declarer, contract, hands, sell, data.get("misere_points"))

    def score(self, values: ThreeHandedValues = VALUES) -> ThreeHandScore:
        return score_three_hand(
            self.contract, self.declarer, self.played, sell=self.sell, misere_points=self.misere_points, values=values
        )

    def to_dict(self) -> dict[str, object]:
        """The JSON ``from_dict`` reads."""
        data: dict[str, object] = {
            "declarer": self.declarer,
            "contract": str(self.contract),
            "played": {name: hand.to_dict() for name, hand in self.played.items()},
        }
        if self.sell is not None:
            data["sell"] = self.sell
        if self.misere_points is not None:
            data["misere_points"] = self.misere_points
        return data


def score_three_handed_pad(
    players: object, hands: object, values: ThreeHandedValues = VALUES
) -> list[tuple[ThreeHandScore, dict[str, int]]]:
    """Check and score a three-handed pad (its ``players`` and its ``hands`` in order, as
    ``ThreeHandedHand`` or their JSON): each hand's score with the running totals per player.
    ``AuctionError`` naming the hand and what is wrong."""
    names = check_players(players)
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise AuctionError(f"hands: a three-handed pad's hands are a list, not {hands!r}")
    if not hands:
        raise AuctionError("hands: the pad has no hands")
    totals = dict.fromkeys(names, 0)
    out = []
    for number, data in enumerate(hands, start=1):
        try:
            hand = ThreeHandedHand.from_dict(data.to_dict() if isinstance(data, ThreeHandedHand) else data, names)
            score = hand.score(values)
        except AuctionError as error:
            raise AuctionError(f"hand {number}: {error}") from None
        for name in names:
            totals[name] += score.scores[name]
        out.append((score, dict(totals)))
    return out
