"""Auction Calypso's score pad: what each side took (``SideHand``), one hand's score and why
(``score_hand``, ``HandScore``), a hand read from JSON (``hand_from_dict``) and a whole pad with
running totals (``score_pad``) (AUCTION.md §5, §6)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bidding import Contract
from .values import (
    CALYPSO_CARDS,
    DOUBLED_WORDS,
    HAND_CARDS,
    LIMBO_EXTRA,
    SIDES,
    VALUES,
    AuctionError,
    AuctionValues,
    _whole,
    check_seat,
)

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


def side_problems(
    side: SideHand, owner: str, subject: str, hand_cards: int = HAND_CARDS, *, every_calypso: bool = False
) -> tuple[list[str], bool]:
    """What is wrong with one side's (or player's) counts, and whether they can enter a card total:
    ``owner`` is the possessive the messages use (``declarers'``, ``Ann's``), ``subject`` the name
    (``declarers``, ``Ann``). Whole numbers, not negative, at most ``hand_cards``; cards-required
    values 1–13, one per calypso completed when any is given (always, with ``every_calypso``), and
    fitting in the cards added."""
    problems: list[str] = []
    counts = (("trick pile", side.trick_pile), ("added", side.added), ("calypsos", side.calypsos))
    bad = False
    for name, value in (*counts, *((f"cards required #{i + 1}", r) for i, r in enumerate(side.cards_required))):
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{owner} {name} must be a whole number, not {value!r}")
            bad = True
        elif value < 0:
            problems.append(f"{owner} {name} is {value}: counts cannot be negative")
            bad = True
    if bad:
        return problems, False
    counted = True
    if side.trick_pile > hand_cards or side.added > hand_cards:
        problems.append(f"{owner} counts are over the {hand_cards} cards of a hand")
        counted = False
    required = side.cards_required
    if (required or every_calypso) and len(required) != side.calypsos:
        problems.append(
            f"{subject} completed {side.calypsos} calypso{'s' if side.calypsos != 1 else ''} but "
            f"{len(required)} cards-required value{'s' if len(required) != 1 else ''} "
            f"{'are' if len(required) != 1 else 'is'} given (one per calypso)"
        )
    for i, r in enumerate(required):
        if not 1 <= r <= CALYPSO_CARDS:
            problems.append(f"{owner} calypso #{i + 1} needed {r} cards: a calypso completed in a hand needed 1 to 13")
    needed = sum(required) if required else side.calypsos
    if needed > side.added:
        problems.append(
            f"{subject} completed {side.calypsos} calypso{'s' if side.calypsos != 1 else ''} needing "
            f"{needed} card{'s' if needed != 1 else ''} but added only {side.added} this hand"
        )
    return problems, counted


def check_hand(declarers: SideHand, defenders: SideHand) -> list[str]:
    """Every reason the two sides' counts cannot be one hand's (empty when they can)."""
    problems: list[str] = []
    in_range = True
    for who, side in (("declarers", declarers), ("defenders", defenders)):
        found, counted = side_problems(side, f"{who}'", who)
        problems.extend(found)
        in_range = in_range and counted
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
