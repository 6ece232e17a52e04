"""Scoring a game from its scoresheet (RULES.md §5).

A scoresheet records, after the fourth deal, what each player has in front of them:

* ``calypsos``: completed calypsoes per player (seat suit → count);
* ``unfinished``: cards in each player's unfinished calypso (0–12);
* ``trick_piles``: cards in each partnership's trick pile (``majors`` = S+H, ``minors`` = D+C);
* ``revokes``: revokes made by each player (each one gives 260 to the other partnership).

``check_sheet`` lists every problem (for a form that shows them as the director types);
``ScoreSheet.validate`` raises ``ScoreSheetError`` with all of them; ``score_game`` scores a sheet.
The cutthroat form (four — or, three-handed, three — individual trick piles and scores) is
``CutthroatSheet`` / ``score_cutthroat``; the coöperative table total is ``cooperative_total``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import COPIES, DECK_SIZE, SIDE_SUITS, SIDE_SYMBOLS, SUIT_SYMBOLS, SUITS, is_suit

CALYPSO_CARDS = 13
THREE_HANDED_COPIES = 3
"""Three-handed cutthroat plays three packs with one suit removed (117 cards)."""
UNFINISHED_POINTS = 20
"""Points per card in an unfinished calypso."""
TRICK_PILE_POINTS = 10
"""Points per card in a trick pile."""
REVOKE_POINTS = 260
"""Points to the other side for each revoke."""
DIRECTIONS = ("majors", "minors")
SIDE = {"S": "majors", "H": "majors", "D": "minors", "C": "minors"}
"""The partnership (direction) of each seat."""
MEMBERS = SIDE_SUITS
"""The seats of each partnership."""

_CALYPSO_VALUES = (0, 500, 750)  # the 1st is worth 500, the 2nd 750, the 3rd and later 1000 each
_LATER_CALYPSO = 1000


class ScoreSheetError(ValueError):
    """A scoresheet that cannot be right. ``problems`` lists every problem; the message joins them."""

    def __init__(self, message: str, problems: Sequence[str] | None = None) -> None:
        super().__init__(message)
        self.problems: list[str] = list(problems) if problems is not None else [message]


def check_side(side: str) -> str:
    """Return ``side`` if it is ``majors`` or ``minors``; else raise ``ScoreSheetError`` naming it."""
    if side not in DIRECTIONS:
        raise ScoreSheetError(f"{side!r} is not a side (use 'majors' or 'minors')")
    return side


def calypso_points(completed: int) -> int:
    """Points for ``completed`` calypsoes of one player: 0, 500, 1250, 2250, 3250, then +1000 each."""
    if not isinstance(completed, int) or isinstance(completed, bool) or completed < 0:
        raise ValueError(f"completed calypsoes must be a whole number ≥ 0, not {completed!r}")
    if completed < len(_CALYPSO_VALUES):
        return sum(_CALYPSO_VALUES[: completed + 1])
    return sum(_CALYPSO_VALUES) + _LATER_CALYPSO * (completed - len(_CALYPSO_VALUES) + 1)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ASCII digits and spaces only (as the browser's check reads them): "٣" is not taken for 3.
_INTEGER_TEXT = re.compile(r"\s*[+-]?\d+\s*", re.ASCII)


def _whole(value: Any, name: str, problems: list[str]) -> int | None:
    """``value`` as an int (ints and digit strings from forms), or None with a problem recorded."""
    if isinstance(value, bool) or value is None:
        problems.append(f"{name} must be a whole number, not {value!r}")
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _INTEGER_TEXT.fullmatch(value):
        return int(value)
    if isinstance(value, str) and not value.strip():  # a box left blank: named as missing, not as ''
        problems.append(f"{name} is missing")
        return None
    problems.append(f"{name} must be a whole number, not {value!r}")
    return None


def _counts(
    data: Mapping[str, Any], key: str, names: Sequence[str], problems: list[str], *, required: bool = True
) -> dict[str, int]:
    """The mapping ``data[key]`` (names → whole numbers), recording every problem on the way."""
    raw = data.get(key)
    if raw is None and not required:
        return {name: 0 for name in names}
    if not isinstance(raw, Mapping):
        problems.append(f"{key} must be an object with {', '.join(names)}")
        return {}
    result: dict[str, int] = {}
    for name in names:
        if name not in raw:
            if required:
                problems.append(f"{key}.{name} is missing")
            else:  # an optional mapping (revokes) need only name those with something to record
                result[name] = 0
            continue
        value = _whole(raw[name], f"{key}.{name}", problems)
        if value is not None:
            result[name] = value
    known = set(names)  # names may be the string "SHDC": test whole names, not substrings
    for name in raw:
        if name not in known:
            problems.append(f"{key}: {name!r} is not one of {', '.join(names)}")
    return result


def _conservation(calypsos: int, unfinished: int, piles: Mapping[str, int], deck: int) -> list[str]:
    pile_total = sum(piles.values())
    total = CALYPSO_CARDS * calypsos + unfinished + pile_total
    if total == deck:
        return []
    gap = total - deck
    how = f"{_plural(-gap, 'card')} missing" if gap < 0 else f"{_plural(gap, 'card')} too many"
    piles_text = " + ".join(str(v) for v in piles.values())
    return [
        f"cards add up to {total}, not {deck}: {how} "
        f"(calypsos 13×{calypsos} = {CALYPSO_CARDS * calypsos}, unfinished {unfinished}, "
        f"trick piles {piles_text} = {pile_total})"
    ]


COUNT_DIGITS = 20
"""A count longer than this many characters is shown cut short in a message (``_count_text``)."""


def _count_text(value: int) -> str:
    """A count as shown in a message: a number longer than ``COUNT_DIGITS`` characters is cut short
    (it was never typed on purpose, and a message should not be as long as it)."""
    text = str(value)
    return text if len(text) <= COUNT_DIGITS else text[:COUNT_DIGITS] + "…"


def count_ranges(per_suit: int = COPIES * CALYPSO_CARDS, deck: int = DECK_SIZE) -> dict[str, tuple[int, str]]:
    """The most each count of a sheet may be (the least is 0), with the rule that says so, for a
    game with ``per_suit`` cards of each suit and ``deck`` cards in play (partnership and cutthroat:
    52 and 208; three-handed: 39 and 117). The one statement of these ranges: the checks here, the
    API's schema and ``js/scores.js`` (tested against these) follow it."""
    most = per_suit // CALYPSO_CARDS
    return {
        "calypsos": (most, f"a player completes at most {most} calypsos ({per_suit} cards)"),
        "unfinished": (CALYPSO_CARDS - 1, "an unfinished calypso holds 0–12 cards (13 complete a calypso)"),
        "trick_piles": (deck, f"a trick pile holds at most the {deck} cards in play"),
        # Every trick takes one card from each player, who holds per_suit cards over the game.
        "revokes": (per_suit, f"a player makes at most {per_suit} revokes (one a trick)"),
    }


def _pile_problems(piles: Mapping[str, int], deck: int) -> list[str]:
    most, why = count_ranges(deck=deck)["trick_piles"]
    problems = []
    for side, value in piles.items():
        if value < 0:
            problems.append(f"trick_piles.{side} is {_count_text(value)}: counts cannot be negative")
        elif value > most:
            problems.append(f"trick_piles.{side} is {_count_text(value)}: {why}")
    return problems


def _player_problems(
    calypsos: Mapping[str, int], unfinished: Mapping[str, int], revokes: Mapping[str, int], per_suit: int
) -> tuple[list[str], list[str]]:
    """``(out_of_range, too_many)``: counts outside their own range (``count_ranges``: negative,
    unfinished 13 or more, more calypsoes than a suit has copies, more revokes than tricks), then
    players holding more cards of their suit than exist. Only the first make a card total
    meaningless."""
    ranges = count_ranges(per_suit)
    ranged: list[str] = []
    for kind, values in (("calypsos", calypsos), ("unfinished", unfinished), ("revokes", revokes)):
        for seat, value in values.items():
            if value < 0:
                ranged.append(f"{kind}.{seat} is {_count_text(value)}: counts cannot be negative")
    for kind, values in (("calypsos", calypsos), ("unfinished", unfinished), ("revokes", revokes)):
        most, why = ranges[kind]
        ranged.extend(f"{kind}.{seat} is {_count_text(value)}: {why}" for seat, value in values.items() if value > most)
    most = ranges["calypsos"][0]
    too_many: list[str] = []
    for seat in calypsos:  # in seat order (a set's order would change from run to run)
        if seat not in unfinished:
            continue
        c, u = calypsos[seat], unfinished[seat]
        if 0 <= c <= most and 0 <= u < CALYPSO_CARDS and CALYPSO_CARDS * c + u > per_suit:
            too_many.append(
                f"{seat}: {c} calypsos and {u} unfinished make {CALYPSO_CARDS * c + u} cards of one suit; "
                f"there are only {per_suit} ({CALYPSO_CARDS * c + u - per_suit} too many)"
            )
    return ranged, too_many


# --- Partnership scoring ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreSheet:
    """One partnership game's scoresheet (counts of cards and calypsoes, not points)."""

    calypsos: dict[str, int]
    unfinished: dict[str, int]
    trick_piles: dict[str, int]
    revokes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SUITS, 0))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, validate: bool = True) -> ScoreSheet:
        """Build from ``{"calypsos": {"S":1,...}, "unfinished": {...}, "trick_piles": {"majors": 60,
        "minors": 55}, "revokes": {"S":0,...}}`` (``revokes`` optional, default none).

        Counts may be ints or digit strings (from a form); anything else is refused naming the field.
        With ``validate`` (the default) the arithmetic is checked too. All problems are reported
        together in one ``ScoreSheetError``.
        """
        problems = _structure_problems(data)
        if problems:
            raise ScoreSheetError("; ".join(problems), problems)
        sheet = cls(
            calypsos=_counts(data, "calypsos", SUITS, []),
            unfinished=_counts(data, "unfinished", SUITS, []),
            trick_piles=_counts(data, "trick_piles", DIRECTIONS, []),
            revokes=_counts(data, "revokes", SUITS, [], required=False),
        )
        return sheet.validate() if validate else sheet

    def to_dict(self) -> dict[str, dict[str, int]]:
        """The JSON shape read by ``from_dict``."""
        return {
            "calypsos": {seat: self.calypsos[seat] for seat in SUITS},
            "unfinished": {seat: self.unfinished[seat] for seat in SUITS},
            "trick_piles": {side: self.trick_piles[side] for side in DIRECTIONS},
            "revokes": {seat: self.revokes.get(seat, 0) for seat in SUITS},
        }

    def problems(self) -> list[str]:
        """Every problem with this sheet (empty when it adds up)."""
        return check_sheet(self)

    def validate(self) -> ScoreSheet:
        """Raise ``ScoreSheetError`` naming every problem; return ``self`` when the sheet adds up."""
        problems = self.problems()
        if problems:
            raise ScoreSheetError("; ".join(problems), problems)
        return self


SHEET_FORMAT = "calypso-scoresheet/1"
"""The optional ``format`` tag of a scoresheet file."""


def _header_problems(data: Mapping[str, Any]) -> list[str]:
    problems = []
    if "format" in data and data["format"] != SHEET_FORMAT:
        problems.append(f"format is {data['format']!r}, expected {SHEET_FORMAT!r}")
    if "form" in data and data["form"] not in ("partnership", "cutthroat"):
        problems.append(f"form is {data['form']!r}, expected 'partnership' or 'cutthroat'")
    return problems


def _structure_problems(data: Any) -> list[str]:
    if not isinstance(data, Mapping):
        return [f"a scoresheet must be an object, not {type(data).__name__}"]
    problems: list[str] = []
    _counts(data, "calypsos", SUITS, problems)
    _counts(data, "unfinished", SUITS, problems)
    _counts(data, "trick_piles", DIRECTIONS, problems)
    _counts(data, "revokes", SUITS, problems, required=False)
    for key in data:
        if key not in ("calypsos", "unfinished", "trick_piles", "revokes", "format", "form"):
            problems.append(f"{key!r} is not part of a scoresheet")
    problems.extend(_header_problems(data))
    return problems


def check_sheet(sheet: ScoreSheet | Mapping[str, Any]) -> list[str]:
    """Every problem with a partnership scoresheet, as phrases for a person (empty when it adds up).

    ``sheet`` is a ``ScoreSheet`` or the raw dict (e.g. a half-typed form). Checks: every count
    present and a whole number; no negative counts; unfinished 0–12; 13 × calypsos + unfinished ≤ 52
    per player; card conservation (13 × all calypsos + all unfinished + both trick piles = 208),
    saying by how much it is out.
    """
    data: Any = _fields(sheet) if isinstance(sheet, ScoreSheet) else sheet
    problems = _structure_problems(data)
    if not isinstance(data, Mapping):
        return problems
    calypsos = _counts(data, "calypsos", SUITS, [])
    unfinished = _counts(data, "unfinished", SUITS, [])
    piles = _counts(data, "trick_piles", DIRECTIONS, [])
    revokes = _counts(data, "revokes", SUITS, [], required=False)
    ranged, too_many = _player_problems(calypsos, unfinished, revokes, COPIES * CALYPSO_CARDS)
    ranged = _pile_problems(piles, DECK_SIZE) + ranged
    problems.extend(ranged + too_many)
    # A count out of its range is named on its own: a card total built from it would say nothing.
    if not ranged and len(calypsos) == len(unfinished) == len(SUITS) and len(piles) == len(DIRECTIONS):
        problems.extend(_conservation(sum(calypsos.values()), sum(unfinished.values()), piles, DECK_SIZE))
    return problems


def _fields(sheet: ScoreSheet | CutthroatSheet) -> dict[str, Any]:
    return {
        "calypsos": sheet.calypsos,
        "unfinished": sheet.unfinished,
        "trick_piles": sheet.trick_piles,
        "revokes": sheet.revokes,
    }


@dataclass(frozen=True)
class PlayerScore:
    """One player's part of a game score."""

    seat: str
    calypsos: int
    calypso_points: int
    unfinished: int
    unfinished_points: int

    @property
    def points(self) -> int:
        """Calypso points + unfinished-calypso points."""
        return self.calypso_points + self.unfinished_points


@dataclass(frozen=True)
class GameScore:
    """The score of a partnership game: ``majors``, ``minors`` and ``net`` = majors − minors."""

    majors: int
    minors: int
    players: dict[str, PlayerScore]
    trick_pile_points: dict[str, int]
    revoke_points: dict[str, int]

    @property
    def net(self) -> int:
        """The majors' net: their score minus the minors' (the minors' net is ``-net``)."""
        return self.majors - self.minors

    def score(self, side: str) -> int:
        """The score of ``side`` (``majors`` or ``minors``)."""
        return self.majors if check_side(side) == "majors" else self.minors

    def net_for(self, side: str) -> int:
        """``side``'s net: its score minus the other side's."""
        return self.net if check_side(side) == "majors" else -self.net

    @property
    def table_total(self) -> int:
        """The coöperative table total: both partnerships' scores added."""
        return self.majors + self.minors

    @property
    def winner(self) -> str | None:
        """``majors``, ``minors``, or ``None`` for a tie."""
        return None if self.net == 0 else ("majors" if self.net > 0 else "minors")

    def to_dict(self) -> dict[str, Any]:
        """Scores as JSON: totals, net and the per-player and per-side breakdown."""
        return {
            "majors": self.majors,
            "minors": self.minors,
            "net": self.net,
            "players": {
                seat: {
                    "calypsos": p.calypsos,
                    "calypso_points": p.calypso_points,
                    "unfinished": p.unfinished,
                    "unfinished_points": p.unfinished_points,
                }
                for seat, p in self.players.items()
            },
            "trick_pile_points": dict(self.trick_pile_points),
            "revoke_points": dict(self.revoke_points),
        }


def _player(seat: str, calypsos: int, unfinished: int) -> PlayerScore:
    return PlayerScore(seat, calypsos, calypso_points(calypsos), unfinished, UNFINISHED_POINTS * unfinished)


def score_game(sheet: ScoreSheet | Mapping[str, Any]) -> GameScore:
    """Score a partnership game (RULES.md §5); raises ``ScoreSheetError`` if the sheet does not add up.

    Each side scores both players' calypso points (each player's calypsoes counted separately:
    500 + 500 for one each, not 500 + 750) and 20 per unfinished-calypso card, 10 per card in its
    trick pile, and 260 per revoke made by either opponent.
    """
    if not isinstance(sheet, ScoreSheet):
        sheet = ScoreSheet.from_dict(sheet)
    sheet.validate()
    players = {seat: _player(seat, sheet.calypsos[seat], sheet.unfinished[seat]) for seat in SUITS}
    piles = {side: TRICK_PILE_POINTS * sheet.trick_piles[side] for side in DIRECTIONS}
    revokes = {
        side: REVOKE_POINTS * sum(sheet.revokes.get(seat, 0) for seat in SUITS if SIDE[seat] != side)
        for side in DIRECTIONS
    }
    totals = {
        side: sum(players[seat].points for seat in MEMBERS[side]) + piles[side] + revokes[side] for side in DIRECTIONS
    }
    return GameScore(totals["majors"], totals["minors"], players, piles, revokes)


# --- Cutthroat ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CutthroatSheet:
    """A cutthroat scoresheet: per player calypsos, unfinished, own trick pile and revokes.

    Four players (208 cards) or, three-handed, three players (one suit removed from three packs:
    117 cards, at most 39 of a suit per player); the seats are the keys of ``calypsos``.
    """

    calypsos: dict[str, int]
    unfinished: dict[str, int]
    trick_piles: dict[str, int]
    revokes: dict[str, int] = field(default_factory=dict)

    @property
    def seats(self) -> tuple[str, ...]:
        """The players' suits, in ``S H D C`` order."""
        return tuple(seat for seat in SUITS if seat in self.calypsos)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, validate: bool = True) -> CutthroatSheet:
        """Build from ``{"calypsos": {...}, "unfinished": {...}, "trick_piles": {"S": 40, ...},
        "revokes": {...}}``, every mapping keyed by the same 3 or 4 seats (``revokes`` optional)."""
        seats, problems = _cutthroat_structure(data)
        if problems:
            raise ScoreSheetError("; ".join(problems), problems)
        sheet = cls(
            calypsos=_counts(data, "calypsos", seats, []),
            unfinished=_counts(data, "unfinished", seats, []),
            trick_piles=_counts(data, "trick_piles", seats, []),
            revokes=_counts(data, "revokes", seats, [], required=False),
        )
        return sheet.validate() if validate else sheet

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape read by ``from_dict`` (with ``"form": "cutthroat"``)."""
        seats = self.seats
        return {
            "form": "cutthroat",
            "calypsos": {s: self.calypsos[s] for s in seats},
            "unfinished": {s: self.unfinished[s] for s in seats},
            "trick_piles": {s: self.trick_piles[s] for s in seats},
            "revokes": {s: self.revokes.get(s, 0) for s in seats},
        }

    def problems(self) -> list[str]:
        """Every problem with this sheet (empty when it adds up)."""
        return check_cutthroat(self)

    def validate(self) -> CutthroatSheet:
        """Raise ``ScoreSheetError`` naming every problem; return ``self`` when the sheet adds up."""
        problems = self.problems()
        if problems:
            raise ScoreSheetError("; ".join(problems), problems)
        return self


def _cutthroat_structure(data: Any) -> tuple[tuple[str, ...], list[str]]:
    if not isinstance(data, Mapping):
        return (), [f"a scoresheet must be an object, not {type(data).__name__}"]
    raw = data.get("calypsos")
    if not isinstance(raw, Mapping):
        return (), ["calypsos must be an object keyed by the players' suits"]
    seats = tuple(seat for seat in SUITS if seat in raw)
    problems: list[str] = []
    if len(seats) not in (3, 4):
        problems.append(f"cutthroat needs 3 or 4 players, calypsos names {len(seats)}")
    for key in ("calypsos", "unfinished", "trick_piles"):
        _counts(data, key, seats, problems)
    _counts(data, "revokes", seats, problems, required=False)
    for key in data:
        if key not in ("calypsos", "unfinished", "trick_piles", "revokes", "format", "form"):
            problems.append(f"{key!r} is not part of a scoresheet")
    problems.extend(_header_problems(data))
    return seats, problems


def check_cutthroat(sheet: CutthroatSheet | Mapping[str, Any]) -> list[str]:
    """Every problem with a cutthroat scoresheet (as ``check_sheet``; 117 cards when three-handed)."""
    data: Any = _fields(sheet) if isinstance(sheet, CutthroatSheet) else sheet
    seats, problems = _cutthroat_structure(data)
    if not isinstance(data, Mapping) or not seats:
        return problems
    copies = COPIES if len(seats) == 4 else THREE_HANDED_COPIES
    return problems + _individual_count_problems(
        data, seats, copies * CALYPSO_CARDS * len(seats), copies * CALYPSO_CARDS
    )


def _individual_count_problems(data: Mapping[str, Any], seats: Sequence[str], deck: int, per_suit: int) -> list[str]:
    """The count checks of a sheet with a trick pile per player: ranges, at most ``per_suit`` cards of
    a player's suit, and card conservation (``deck`` cards) once every count is in range."""
    calypsos = _counts(data, "calypsos", seats, [])
    unfinished = _counts(data, "unfinished", seats, [])
    piles = _counts(data, "trick_piles", seats, [])
    revokes = _counts(data, "revokes", seats, [], required=False)
    ranged, too_many = _player_problems(calypsos, unfinished, revokes, per_suit)
    ranged = _pile_problems(piles, deck) + ranged
    problems = ranged + too_many
    if not ranged and len(calypsos) == len(unfinished) == len(piles) == len(seats) in (3, 4):
        problems.extend(_conservation(sum(calypsos.values()), sum(unfinished.values()), piles, deck))
    return problems


@dataclass(frozen=True)
class CutthroatScore:
    """Individual scores of a cutthroat game."""

    scores: dict[str, int]
    players: dict[str, PlayerScore]
    trick_pile_points: dict[str, int]
    revoke_points: dict[str, int]

    @property
    def table_total(self) -> int:
        """The coöperative table total: all players' scores added."""
        return sum(self.scores.values())

    def to_dict(self) -> dict[str, Any]:
        """Scores as JSON."""
        return {
            "scores": dict(self.scores),
            "trick_pile_points": dict(self.trick_pile_points),
            "revoke_points": dict(self.revoke_points),
        }


def score_cutthroat(sheet: CutthroatSheet | Mapping[str, Any]) -> CutthroatScore:
    """Score a cutthroat game: each player's calypso and unfinished points + 10 per card in their own
    trick pile + 260 for each revoke by any other player (every other player is an opponent).
    Raises ``ScoreSheetError`` if the sheet does not add up."""
    if not isinstance(sheet, CutthroatSheet):
        sheet = CutthroatSheet.from_dict(sheet)
    sheet.validate()
    return _individual_scores(sheet)


def _individual_scores(sheet: CutthroatSheet) -> CutthroatScore:
    """The individual scores of a checked sheet with a trick pile per player (``score_cutthroat``)."""
    seats = sheet.seats
    players = {seat: _player(seat, sheet.calypsos[seat], sheet.unfinished[seat]) for seat in seats}
    piles = {seat: TRICK_PILE_POINTS * sheet.trick_piles[seat] for seat in seats}
    revokes = {seat: REVOKE_POINTS * sum(sheet.revokes.get(s, 0) for s in seats if s != seat) for seat in seats}
    scores = {seat: players[seat].points + piles[seat] + revokes[seat] for seat in seats}
    return CutthroatScore(scores, players, piles, revokes)


def cooperative_total(sheet: ScoreSheet | CutthroatSheet | Mapping[str, Any]) -> int:
    """The coöperative table total: the four (or three) scores summed into one figure.

    A mapping is read as a cutthroat sheet when its ``trick_piles`` are keyed by seats (or its
    ``form`` is ``"cutthroat"``), otherwise as a partnership sheet.
    """
    if isinstance(sheet, CutthroatSheet) or (not isinstance(sheet, ScoreSheet) and sheet_form(sheet) == "cutthroat"):
        return score_cutthroat(sheet).table_total
    return score_game(sheet).table_total


def sheet_form(data: Mapping[str, Any]) -> str:
    """``"cutthroat"`` or ``"partnership"`` for a raw scoresheet dict (its ``form``, else its trick piles' keys)."""
    form = data.get("form") if isinstance(data, Mapping) else None
    if form in ("cutthroat", "partnership"):
        return form
    piles = data.get("trick_piles") if isinstance(data, Mapping) else None
    if isinstance(piles, Mapping) and piles and all(is_suit(key) for key in piles):
        return "cutthroat"
    return "partnership"


# --- A sheet's problems in the sheet's own words ----------------------------------------------------------------

SHEET_WORDS: dict[str, Any] = {
    "sections": {"calypsos": "Calypsos", "unfinished": "Unfinished", "trick_piles": "Trick pile", "revokes": "Revokes"},
    "places": {
        **{seat: f"{symbol} player" for seat, symbol in SUIT_SYMBOLS.items()},
        **SIDE_SYMBOLS,
    },
    # (pattern, replacement): $1 section, $2 place, $3 what follows. Plain regular expressions
    # that Python and JavaScript read alike (js/scores.js applies the same list).
    "rules": [
        [r"\b(calypsos|unfinished|trick_piles|revokes)\.(S|H|D|C|majors|minors)\b( must be| is missing)?", "field"],
        [r"^(S|H|D|C): ", "seat"],
        [r"^(calypsos|unfinished|trick_piles|revokes)\b", "section"],
    ],
}
"""How a problem's field paths read on a player's sheet: ``calypsos.S`` is "Calypsos — ♠ player"."""


def in_sheet_words(problem: str) -> str:
    """``problem`` (from ``check_sheet`` or ``check_cutthroat``) as a player reads it: field paths
    such as ``calypsos.S`` or ``trick_piles.majors`` become the sheet's words ("Calypsos — ♠ player:
    must be a whole number"). The API and command line keep the paths, which name the JSON."""
    sections, places = SHEET_WORDS["sections"], SHEET_WORDS["places"]

    def field(match: re.Match) -> str:
        label = f"{sections[match[1]]} — {places[match[2]]}"
        follows = match[3] or ""
        if follows == " must be":
            return f"{label}: must be"
        return f"{label}: missing" if follows == " is missing" else label

    for pattern, kind in SHEET_WORDS["rules"]:
        if kind == "field":
            problem = re.sub(pattern, field, problem)
        elif kind == "seat":
            problem = re.sub(pattern, lambda m: f"{places[m[1]]}: ", problem)
        else:
            problem = re.sub(pattern, lambda m: sections[m[1]], problem)
    return problem
