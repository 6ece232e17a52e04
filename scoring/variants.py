"""Score pads of the tables of three (RULES.md §5 and docs/variants.md).

* **Three-handed cutthroat**: three packs with one suit removed (117 cards), the three players
  holding the other three suits; its sheet is ``scores.CutthroatSheet`` with three seats.
  ``three_handed_seats(removed)`` names the players clockwise.
* **Neutralised Calypso** (Sheinwold): a quad-deck less one two (the 2♣: 207 cards); ♣ is nobody's
  trump, so the players are ♠ ♥ ♦ and every club ends in a trick pile. ``NeutralisedSheet`` is a
  cutthroat sheet of those three seats checked against 207 cards; ``score_neutralised`` scores it as cutthroat.
* **Split partnership** (Parlett): played as cutthroat; each player's total is their own score
  plus the score of the player on their right. ``score_split`` reads either sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import COPIES, RANKS, SUIT_SYMBOLS, SUITS, is_suit
from .gamesets import ORIENTATIONS
from .scores import (
    CALYPSO_CARDS,
    THREE_HANDED_COPIES,
    CutthroatScore,
    CutthroatSheet,
    ScoreSheetError,
    _cutthroat_structure,
    _individual_count_problems,
    _individual_scores,
    check_cutthroat,
)

THREE_HANDED_DECK = THREE_HANDED_COPIES * CALYPSO_CARDS * 3  # 117
THREE_HANDED_DEALS = 3
DEFAULT_REMOVED_SUIT = "D"
"""The suit taken out of the three packs unless the game names another."""

NEUTRAL_SUIT = "C"
"""Neutralised Calypso's side suit: nobody's trump, never in a calypso."""
NEUTRALISED_REMOVED = "2C"
"""The card taken out of the quad-deck to make 207 (a neutral card, so every player's suit stays whole)."""
NEUTRALISED_DECK = COPIES * len(RANKS) * len(SUITS) - 1  # 207
NEUTRALISED_DEAL_SIZES = (13, 13, 13, 13, 17)
"""Cards to each player in each of the five deals: 3 × (4 × 13 + 17) = 207."""
NEUTRAL_CARDS = COPIES * len(RANKS) - 1  # 51 clubs, all of which end in trick piles


def clockwise_seats(players: str, orientation: str = ORIENTATIONS[0]) -> str:
    """The seats of ``players`` (suit letters) in clockwise order from ♠ (or the first present),
    as they sit in ``orientation``: three-handed, a removed suit's chair is simply empty."""
    if orientation not in ORIENTATIONS:
        raise ValueError(f"orientation {orientation!r} is not one of {', '.join(ORIENTATIONS)}")
    if not players or any(not is_suit(p) for p in players) or len(set(players)) != len(players):
        raise ValueError(f"{players!r} is not a set of seats (suit letters S, H, D, C, each once)")
    return "".join(seat for seat in orientation if seat in players)


def three_handed_seats(removed: str = DEFAULT_REMOVED_SUIT, orientation: str = ORIENTATIONS[0]) -> str:
    """The three players of three-handed cutthroat, clockwise: every suit but ``removed``."""
    if not is_suit(removed):
        raise ValueError(f"{removed!r} is not a suit to remove (use S, H, D or C)")
    return clockwise_seats("".join(s for s in SUITS if s != removed), orientation)


NEUTRALISED_SEATS = three_handed_seats(NEUTRAL_SUIT)  # "SDH": ♠ → ♦ → ♥ clockwise


# --- Neutralised Calypso's sheet ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NeutralisedSheet(CutthroatSheet):
    """A Neutralised Calypso sheet: ``CutthroatSheet`` keyed by ``S H D``, 207 cards, every club in
    a trick pile. ``scores.score_cutthroat`` and ``cooperative_total`` score it as cutthroat."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, validate: bool = True) -> NeutralisedSheet:
        """Build from the cutthroat sheet's JSON (``"form": "neutralised"`` or none)."""
        problems = _neutralised_structure(data)[1]
        if problems:
            raise ScoreSheetError("; ".join(problems), problems)
        plain = {key: value for key, value in data.items() if key != "form"}
        sheet = super().from_dict(plain, validate=False)  # a NeutralisedSheet: cls is passed on
        return sheet.validate() if validate else sheet  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape ``from_dict`` reads, with ``"form": "neutralised"``."""
        return {**super().to_dict(), "form": "neutralised"}

    def problems(self) -> list[str]:
        """Every problem with this sheet (empty when it adds up)."""
        return check_neutralised(self)


def _neutralised_structure(data: Any) -> tuple[tuple[str, ...], list[str]]:
    if isinstance(data, Mapping) and data.get("form") == "neutralised":
        data = {key: value for key, value in data.items() if key != "form"}
    seats, problems = _cutthroat_structure(data)
    if seats and set(seats) != set(NEUTRALISED_SEATS):
        problems.insert(0, f"Neutralised Calypso is played by ♠ ♥ ♦ (S, H, D), not {' '.join(seats)}: ♣ is nobody's")
    return seats, problems


def check_neutralised(sheet: NeutralisedSheet | Mapping[str, Any]) -> list[str]:
    """Every problem with a Neutralised Calypso sheet, as ``scores.check_cutthroat`` lists them but
    for 207 cards: 13 × all calypsos + all unfinished + the three trick piles = 207 and at most 52
    of a player's own suit."""
    data: Any = sheet.to_dict() if isinstance(sheet, NeutralisedSheet) else sheet
    seats, problems = _neutralised_structure(data)
    if not seats or set(seats) != set(NEUTRALISED_SEATS):
        return problems  # other players than ♠ ♦ ♥: their counts would only add noise
    # As check_cutthroat, the counts are checked beside the sheet's other problems (a box left blank on
    # a page is one of those: the browser's live check, js/scores.js, counts it as not typed yet).
    # The clubs' floor (the trick piles hold at least the 51 clubs) needs no check of its own: a player
    # holds at most 52 of their suit, so 207 − 3 × 52 = 51 cards are in piles whenever the counts add up.
    return problems + _individual_count_problems(data, seats, NEUTRALISED_DECK, COPIES * CALYPSO_CARDS)


def score_neutralised(sheet: NeutralisedSheet | Mapping[str, Any]) -> CutthroatScore:
    """Score a Neutralised Calypso game as cutthroat: each player's calypsos and unfinished cards, 10 a
    card of their own trick pile, 260 for each revoke by another. ``ScoreSheetError`` if it does not add up."""
    if not isinstance(sheet, NeutralisedSheet):
        sheet = NeutralisedSheet.from_dict(sheet)
    return _individual_scores(sheet.validate())


# --- Split partnership ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SplitScore:
    """Split-partnership scores: ``own`` (each player's cutthroat score), ``right_of`` (who sits at
    each player's right) and ``totals`` (own + the right-hand player's own), ``winners`` the best."""

    own: dict[str, int]
    right_of: dict[str, str]
    totals: dict[str, int]

    @property
    def winners(self) -> tuple[str, ...]:
        """The seats with the highest total (more than one on a tie)."""
        best = max(self.totals.values())
        return tuple(seat for seat, total in self.totals.items() if total == best)

    def to_dict(self) -> dict[str, Any]:
        """As JSON."""
        return {"own": dict(self.own), "right_of": dict(self.right_of), "totals": dict(self.totals)}


def split_totals(own: Mapping[str, int], clockwise: Sequence[str]) -> SplitScore:
    """Each player's own score plus that of the player on their right — the player before them in
    ``clockwise`` order (play passes to the left). ``clockwise`` names exactly the seats of ``own``."""
    order = tuple(clockwise)
    if sorted(order) != sorted(own) or len(set(order)) != len(order):
        raise ValueError(f"the seating {''.join(order)!r} does not name the players {''.join(own)!r} once each")
    right_of = {seat: order[i - 1] for i, seat in enumerate(order)}
    totals = {seat: own[seat] + own[right_of[seat]] for seat in order}
    return SplitScore(dict(own), right_of, totals)


def score_split(sheet: CutthroatSheet | Mapping[str, Any], clockwise: Sequence[str] | None = None) -> SplitScore:
    """Split-partnership scores of a cutthroat sheet (three-handed or four) or a Neutralised sheet
    (a mapping with ``"form": "neutralised"``). ``clockwise`` defaults to the default orientation's
    order of the sheet's seats. ``ScoreSheetError`` if the sheet does not add up."""
    if not isinstance(sheet, CutthroatSheet):
        neutral = isinstance(sheet, Mapping) and sheet.get("form") == "neutralised"
        sheet = (NeutralisedSheet if neutral else CutthroatSheet).from_dict(sheet)
    own = _individual_scores(sheet.validate()).scores
    return split_totals(own, clockwise if clockwise is not None else clockwise_seats("".join(sheet.seats)))


# --- the sheet of a progressive individual's table of three ----------------------------------------------------------

THREE_HANDED = "three-handed"
SPLIT = "split"
NEUTRALISED = "neutralised"
NEUTRALISED_SPLIT = "neutralised-split"
TABLE_FORMS = (THREE_HANDED, SPLIT, NEUTRALISED, NEUTRALISED_SPLIT)
"""What a club night's table of three plays (``scoring.movements.odd``): the form of its sheet."""


def neutralised_cards(form: str) -> bool:
    """Does a table of three playing ``form`` play Neutralised Calypso's 207 cards (♠ ♦ ♥)?"""
    return form in (NEUTRALISED, NEUTRALISED_SPLIT)


def split_scoring(form: str) -> bool:
    """Is a table of three playing ``form`` scored as split partnership (own + right-hand player's)?"""
    return form in (SPLIT, NEUTRALISED_SPLIT)


def _named_seats(data: Any) -> tuple[str, ...]:
    raw = data.get("calypsos") if isinstance(data, Mapping) else None
    return tuple(seat for seat in SUITS if seat in raw) if isinstance(raw, Mapping) else ()


def check_table_sheet(variant: str, data: Any, seats: str) -> list[str]:
    """Every problem with the sheet of a table of three playing ``variant`` in ``seats`` (clockwise
    suits, e.g. ``"SHC"``): Neutralised (also scored split) as ``check_neutralised`` (207 cards);
    three-handed and split as ``scores.check_cutthroat`` (117 cards), naming exactly the table's
    three seats."""
    if variant not in TABLE_FORMS:
        raise ValueError(f"{variant!r} is not the form of a table of three ({', '.join(TABLE_FORMS)})")
    if neutralised_cards(variant):
        return check_neutralised(data)
    problems = check_cutthroat(data)
    named = _named_seats(data)
    if named and set(named) != set(seats):
        marks = " ".join(SUIT_SYMBOLS[s] for s in seats)
        problems.insert(0, f"this table is played by {marks} ({', '.join(seats)}), not {' '.join(named)}")
    return problems


@dataclass(frozen=True)
class TableScore:
    """A table of three's scores by seat: ``own`` (cutthroat), ``totals`` (split: own + the right-hand
    player's own; otherwise own) and ``nets``, the tally figure — the player's total less the
    average of the other two's, on a four's scale (``table_nets``)."""

    variant: str
    own: dict[str, int]
    totals: dict[str, int]
    nets: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "own": dict(self.own), "totals": dict(self.totals), "nets": dict(self.nets)}


def table_nets(totals: Mapping[str, int]) -> dict[str, int]:
    """Each player's figure for a progressive tally: the player's total less the average of the
    others' at the table — ``(n × own − all) / (n − 1)`` — so a table of three's figures are on a
    four's scale (a four's net is one side's total less the other's: own less the one other).
    With two players it is plain A − B. The figures of a table add up to zero, the tally's
    cross-check.

    A figure that does not divide (never with Calypso's scores, all in tens) is rounded so the
    table still adds up to zero: each figure rounded down, then the units left over go one each to
    the figures with the largest remainders, the higher figure first, then the earlier seat —
    at a three, of the two odd figures the higher is rounded up and the lower down
    (docs/rules-choices.md, "The tally of a player at a table of three")."""
    if len(totals) < 2:
        return {seat: 0 for seat in totals}
    everyone, others = sum(totals.values()), len(totals) - 1
    raw = {seat: len(totals) * total - everyone for seat, total in totals.items()}
    figures = {seat: value // others for seat, value in raw.items()}
    left = -sum(figures.values())  # whole units the remainders make (the raw figures add up to 0)
    order = list(totals)
    ranked = sorted(order, key=lambda seat: (-(raw[seat] % others), -raw[seat], order.index(seat)))
    for seat in ranked[:left]:
        figures[seat] += 1
    return figures


def score_table_sheet(variant: str, data: Any, seats: str) -> TableScore:
    """Check and score the sheet of a table of three (``check_table_sheet``); ``ScoreSheetError``
    listing every problem when it does not add up."""
    problems = check_table_sheet(variant, data, seats)
    if problems:
        raise ScoreSheetError("; ".join(problems), problems)
    sheet = (NeutralisedSheet if neutralised_cards(variant) else CutthroatSheet).from_dict(data)
    own = _individual_scores(sheet).scores
    totals = split_totals(own, clockwise_seats(seats)).totals if split_scoring(variant) else dict(own)
    return TableScore(variant, dict(own), totals, table_nets(totals))


__all__ = [
    "DEFAULT_REMOVED_SUIT",
    "NEUTRALISED",
    "NEUTRALISED_DEAL_SIZES",
    "NEUTRALISED_DECK",
    "NEUTRALISED_REMOVED",
    "NEUTRALISED_SEATS",
    "NEUTRALISED_SPLIT",
    "NEUTRAL_CARDS",
    "NEUTRAL_SUIT",
    "SPLIT",
    "TABLE_FORMS",
    "THREE_HANDED",
    "THREE_HANDED_DEALS",
    "THREE_HANDED_DECK",
    "NeutralisedSheet",
    "SplitScore",
    "TableScore",
    "check_neutralised",
    "check_table_sheet",
    "clockwise_seats",
    "neutralised_cards",
    "score_neutralised",
    "score_split",
    "score_table_sheet",
    "split_scoring",
    "split_totals",
    "table_nets",
    "three_handed_seats",
]
