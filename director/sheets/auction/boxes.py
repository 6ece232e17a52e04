"""An Auction Calypso score pad as boxes, and back (templates/sheets/auction/pad.html): the Auction
kind's part of the entry contract (``PadBoxes``, mixed into ``Kind``), and its pad laid out for people
(``pad_view``).

The pad's boxes are named ``{prefix}hand-{n}-{box}`` (``n`` from 1), the per-side boxes
``{prefix}hand-{n}-{side}-{box}`` with ``side`` ``majors`` (♠ ♥ seats, N–S) or ``minors``
(♦ ♣, E–W):

====================  ============================================================================
``declarer``          ``S`` ``H`` ``D`` ``C`` (the seat that made the last bid)
``calypsos``          calypsos bid, ``0``–``4``
``points``            points bid (``290``)
``suit``              the bid suit, ``C`` ``D`` ``H`` ``S``
``doubled``           ``0`` (no), ``1`` (X, doubled), ``2`` (XX, redoubled)
``sell``              ``yes`` / ``no``: asked only in limbo; blank otherwise
``{side}-trick_pile`` T: cards in that side's trick pile this hand
``{side}-added``      P: cards it added to calypsos this hand
``{side}-calypsos``   C: calypsos it completed this hand
``{side}-cards_required``  the cards each completed calypso still needed before the hand, bid
                      suit's first (``4, 13``; commas or spaces); blank where no bonus needs it
====================  ============================================================================

``sheet_from_post`` turns a post (with or without the page's script) into the stored sheet
``{"hands": [<calypsos-auction-hand/1>...]}`` that ``scoring.auction.score_pad`` scores; auction.js
(``handFromFields``) assembles the same JSON in the browser into the hidden ``{prefix}sheet``, and
tests/js holds the two alike. This module only reshapes what was typed: every check is the engine's.

``read_pad`` is what the pages call (the director's score entry page, prefix ``t<table>-``, and the
table's phone page, no prefix): the boxes, each cut to ``MAX_BOX`` characters, read by
``sheet_from_post``; only when every box is blank, the JSON box ``{prefix}sheet`` (a client that
sends the pad as JSON), at most ``MAX_JSON`` characters. The boxes come first because the page
script leaves a half-typed hand out of its JSON, and a hand left out must be named, not dropped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from django.utils.html import format_html

from director.sheets.base import TypedSheet
from director.sheets.boxes import SheetBox
from scoring.auction import (
    BID_SUITS,
    COMPASS,
    MAX_CALYPSOS_BID,
    ORIENTATION,
    SIDE_OF,
    SIDES,
    VALUES,
    AuctionError,
    AuctionValues,
    Contract,
)
from scoring.cards import SIDE_SYMBOLS, SUIT_SYMBOLS

HAND_BOXES = ("declarer", "calypsos", "points", "suit", "doubled", "sell")
SIDE_BOXES = ("trick_pile", "added", "calypsos", "cards_required")
REQUIRED = ("declarer", "points", "suit", *(f"{side}-{box}" for side in SIDES for box in SIDE_BOXES[:3]))
"""The boxes a hand cannot be scored without (a blank one is named, not guessed)."""
DOUBLED = {"": "", "0": "", "1": " X", "2": " XX"}
SELL = {"yes": True, "no": False, "": None}
_SPLIT = re.compile(r"[\s,;]+")
MAX_BOX = 40  # characters kept of a box (cards required "4, 13" is the longest a pad needs)
MAX_JSON = 50_000  # characters of the JSON box read
COMPASS_OF = {seat: compass for compass, seat in COMPASS.items()}


BOX_WORDS = {
    "declarer": "the declarer",
    "points": "the points bid",
    "suit": "the bid suit",
    **{
        f"{side}-{box}": f"{words} {name}"
        for side, words in SIDE_SYMBOLS.items()
        for box, name in (("trick_pile", "T (trick pile)"), ("added", "P (cards added)"), ("calypsos", "C (calypsos)"))
    },
}


def box_names() -> list[str]:
    """Every box of one hand, as named after ``{prefix}hand-{n}-``."""
    return [*HAND_BOXES, *(f"{side}-{box}" for side in SIDES for box in SIDE_BOXES)]


def field_name(prefix: str, number: int, box: str) -> str:
    return f"{prefix}hand-{number}-{box}"


def _count(text: str) -> int | str:
    """A typed count as a number when it is one (as the engine reads it), else as typed, for the
    engine to name."""
    stripped = text.strip()
    return int(stripped) if stripped.isdecimal() else text


def split_required(text: str) -> list[int | str]:
    """``"4, 13"`` or ``"4 13"`` → ``[4, 13]``; a blank box is none."""
    return [_count(part) for part in _SPLIT.split(text) if part]


def hand_from_fields(fields: Mapping[str, str]) -> tuple[dict[str, Any] | None, list[str]]:
    """One hand's boxes (``box_names()`` → text) as a ``calypso-auction-hand/1`` object, with the
    required boxes left blank. ``(None, [])`` when every box is blank (the hand is not played yet);
    ``(None, blanks)`` when some required box is blank."""
    text = {box: "" if fields.get(box) is None else str(fields.get(box)) for box in box_names()}
    untouched = {"calypsos": "0", "doubled": "0"}
    if all(value.strip() in ("", untouched.get(box, "")) for box, value in text.items()):
        return None, []
    blanks = [box for box in REQUIRED if not text[box].strip()]
    if blanks:
        return None, blanks
    declarer = text["declarer"].strip()
    side = SIDE_OF.get(declarer, SIDES[0])
    other = SIDES[1 - SIDES.index(side)]
    calypsos = text["calypsos"].strip() or "0"
    suit = text["suit"].strip()
    bid = f"{text['points'].strip()}{SUIT_SYMBOLS.get(suit, suit)}"
    doubled = text["doubled"].strip()
    contract = (bid if calypsos == "0" else f"{calypsos} & {bid}") + DOUBLED.get(doubled, f" {doubled}")
    sell = text["sell"].strip()

    def side_hand(name: str) -> dict[str, Any]:
        hand: dict[str, Any] = {box: _count(text[f"{name}-{box}"]) for box in SIDE_BOXES[:3]}
        hand["cards_required"] = split_required(text[f"{name}-cards_required"])
        return hand

    return {
        "contract": contract,
        "declarer": declarer,
        "declarers": side_hand(side),
        "defenders": side_hand(other),
        "sell": SELL.get(sell, sell),
    }, blanks


def sheet_from_post(data: Mapping[str, Any], prefix: str, hands: int) -> tuple[dict[str, Any], list[str]]:
    """The pad of a post (``request.POST``): ``({"hands": [...]}, problems)``. The problems are the
    boxes left blank, by hand, and a blank hand before a filled one; the hands themselves are checked
    by ``scoring.auction.score_pad``. Trailing blank hands are hands not played."""
    read = [
        hand_from_fields({box: data.get(field_name(prefix, n, box), "") for box in box_names()})
        for n in range(1, hands + 1)
    ]
    while read and read[-1] == (None, []):
        read.pop()
    problems = []
    for number, (hand, blanks) in enumerate(read, start=1):
        if blanks:
            problems.append(f"hand {number}: fill in {', '.join(BOX_WORDS[box] for box in blanks)}")
        elif hand is None:
            problems.append(f"hand {number} is blank, but a later hand is filled in (hands go in the order played)")
    return {"hands": [hand for hand, _ in read if hand is not None]}, problems


def pad_field_names(prefix: str, hands: int) -> list[str]:
    """Every box of a pad of ``hands`` hands, and its JSON box, in tab order."""
    return [field_name(prefix, n, box) for n in range(1, hands + 1) for box in box_names()] + [f"{prefix}sheet"]


def pad_values(data: Mapping[str, Any], prefix: str, hands: int) -> dict[str, str]:
    """The pad's boxes of a post as short text (a refused post is shown again from these)."""
    values = {name: str(data.get(name, "") or "")[:MAX_BOX] for name in pad_field_names(prefix, hands)}
    values[f"{prefix}sheet"] = str(data.get(f"{prefix}sheet", "") or "")[: MAX_JSON + 1]
    return values


def read_pad(data: Mapping[str, Any], prefix: str, hands: int) -> tuple[Any, list[str]]:
    """The pad a page's post sent: ``(sheet, problems)`` — the boxes' (``sheet_from_post``), or,
    when every box is blank, the JSON box's value as sent (``None`` with a problem when it is too
    long or not JSON): whatever its shape, ``results.adapters`` names what is wrong with it."""
    values = pad_values(data, prefix, hands)
    sheet, problems = sheet_from_post(values, prefix, hands)
    raw = values[f"{prefix}sheet"].strip()
    if sheet["hands"] or problems or not raw:
        return sheet, problems
    if len(raw) > MAX_JSON:
        return None, [f"the score pad's JSON ({prefix}sheet) is longer than {MAX_JSON:,} characters"]
    try:
        return json.loads(raw), []
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        return None, [f"the score pad's JSON ({prefix}sheet) is not JSON: {raw[:40]!r}"]


def is_blank(sheet: Any, problems: list[str]) -> bool:
    """A pad with nothing typed (no hand, nothing to say about it)."""
    return not problems and isinstance(sheet, Mapping) and sheet.get("hands") == []


def _shown_fields(hand: Any) -> dict[str, str]:
    """``fields_from_hand`` for a hand that may not score (kept as typed): what is not a box's shape
    is left blank."""
    try:
        return fields_from_hand(hand)
    except (AuctionError, KeyError, TypeError, ValueError, AttributeError):
        return {}


def fields_of_pad(sheet: Any, prefix: str, hands: int) -> dict[str, str]:
    """A pad (stored, or kept as typed) in its boxes, ``{box name: text}``: at most ``hands`` hands;
    a hand that is not a hand's shape is left blank."""
    saved = sheet.get("hands") if isinstance(sheet, Mapping) else None
    fields: dict[str, str] = {}
    for number, hand in enumerate(saved[:hands] if isinstance(saved, list) else [], start=1):
        for box, text in _shown_fields(hand).items():
            fields[field_name(prefix, number, box)] = text[:MAX_BOX]
    return fields


def fields_from_hand(hand: Mapping[str, Any]) -> dict[str, str]:
    """A stored hand (one that scores) as its boxes' text, to show a saved pad again."""
    declarer = hand["declarer"]
    contract = Contract.parse(hand["contract"], declarer)
    bid = contract.bid
    fields = {
        "declarer": declarer,
        "calypsos": str(bid.calypsos),
        "points": str(bid.points),
        "suit": bid.suit,
        "doubled": str(contract.doubled),
        "sell": {True: "yes", False: "no"}.get(hand.get("sell"), ""),
    }
    side = SIDE_OF[declarer]
    for name, key in ((side, "declarers"), (SIDES[1 - SIDES.index(side)], "defenders")):
        taken = hand[key]
        for box in SIDE_BOXES[:3]:
            fields[f"{name}-{box}"] = str(taken[box])
        required = taken.get("cards_required")  # kept as typed: what is not a list is left blank
        fields[f"{name}-cards_required"] = ", ".join(str(r) for r in required) if isinstance(required, list) else ""
    return fields


SIDE_WORDS = {"majors": (SIDE_SYMBOLS["majors"], "N–S"), "minors": (SIDE_SYMBOLS["minors"], "E–W")}


def pad_context(
    prefix: str,
    hands: int,
    *,
    sheet: Mapping[str, Any] | None = None,
    post: Mapping[str, Any] | None = None,
    values: AuctionValues | None = None,
    players: Mapping[str, str] | None = None,
    label: str = "",
) -> dict[str, Any]:
    """What templates/sheets/auction/pad.html needs: ``hands`` rows (the event's hands per round),
    each box's name and value — from ``post`` (a refused post shown again), else the saved ``sheet``,
    else blank — the event's score values for the live check, and the players' names by seat."""
    if hands < 1:
        raise AuctionError(f"a pad has at least one hand, not {hands}")
    hands_saved = sheet.get("hands") if isinstance(sheet, Mapping) else None
    saved = list(hands_saved) if isinstance(hands_saved, list) else []
    rows = []
    for number in range(1, hands + 1):
        if post is not None:
            typed = {box: str(post.get(field_name(prefix, number, box), "")) for box in box_names()}
        elif number <= len(saved):
            typed = _shown_fields(saved[number - 1])
        else:
            typed = {}

        def box(name: str, number: int = number, typed: dict = typed) -> dict[str, str]:
            return {"name": field_name(prefix, number, name), "value": typed.get(name, "")}

        sides = [
            {
                "side": side,
                "symbols": SIDE_WORDS[side][0],
                "compass": SIDE_WORDS[side][1],
                "boxes": {name: box(f"{side}-{name}") for name in SIDE_BOXES},
            }
            for side in SIDES
        ]
        filled = any(value.strip() not in ("", "0") for value in typed.values())
        rows.append(
            {
                "number": number,
                "id": f"{prefix}hand-{number}",
                "hand": {name: box(name) for name in HAND_BOXES},
                "sides": sides,
                "filled": filled,
            }
        )
    names = players or {}
    return {
        "prefix": prefix,
        "label": label,
        "rows": rows,
        "hands": hands,
        "sheet_name": f"{prefix}sheet",
        "values_json": json.dumps(asdict(values or VALUES)),
        "seats": [
            {"seat": seat, "symbol": SUIT_SYMBOLS[seat], "compass": COMPASS_OF[seat], "player": names.get(seat, "")}
            for seat in ORIENTATION
        ],
        "suits": [{"suit": suit, "symbol": SUIT_SYMBOLS[suit]} for suit in BID_SUITS],
        "calypsos_bid": list(range(MAX_CALYPSOS_BID + 1)),
    }


# --- the pad laid out for people (the audit pages, a phone's own pad beside the one sent first)
PAD_COLUMNS = (
    ("declarer", "Declarer"),
    ("contract", "Contract"),
    ("declarers.trick_pile", "T"),
    ("declarers.added", "P"),
    ("declarers.calypsos", "C"),
    ("declarers.cards_required", "Cards required"),
    ("defenders.trick_pile", "T"),
    ("defenders.added", "P"),
    ("defenders.calypsos", "C"),
    ("sell", "Sell"),
)
"""A pad's boxes as people read them, in the pad's column order."""
MAX_PAD_HANDS_SHOWN = 32


def _text(value) -> str:
    return "" if value is None else str(value).strip()


def _pad_value(hand, path: str) -> str:
    value = hand if isinstance(hand, dict) else {}
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, bool):
        return "sold" if value else "not sold"
    return _text(value)[:40]


def pad_view(sheet, compare=None) -> dict:
    """A pad laid out for people, hand by hand: with ``compare``, every box that differs is marked
    and carries the other pad's value."""

    def hands_of(pad) -> list:
        hands = pad.get("hands") if isinstance(pad, dict) else None
        return hands[:MAX_PAD_HANDS_SHOWN] if isinstance(hands, list) else []

    mine, theirs = hands_of(sheet), hands_of(compare)
    rows = []
    for index in range(max(len(mine), len(theirs))):
        hand = mine[index] if index < len(mine) else {}
        was = theirs[index] if index < len(theirs) else {}
        boxes = []
        for path, _ in PAD_COLUMNS:
            value = _pad_value(hand, path)
            if compare is None:
                boxes.append(SheetBox(value))
            else:
                other = _pad_value(was, path)
                boxes.append(SheetBox(value, value != other, other))
        rows.append({"number": index + 1, "boxes": boxes})
    changed = sum(b.changed for row in rows for b in row["boxes"])
    return {
        "template": "sheets/auction/view.html",
        "pad": rows,
        "columns": [label for _, label in PAD_COLUMNS],
        "seats": [],
        "piles": [],
        "changed": changed,
    }


class PadBoxes:
    """The Auction kind's part of the entry contract (``SheetKind``'s entry section)."""

    phone_template = "sheets/auction/phone.html"
    director_template = "sheets/auction/director.html"
    help_template = "sheets/auction/help.html"
    sheet_template = "sheets/auction/lines.html"
    compare_template = "sheets/auction/compare.html"
    scripts = ("sheets/auction/auction.js", "sheets/auction/auction-pad.js")
    shape_words = "its hands (hands)"

    @property
    def entry_prompt(self) -> str:
        return format_html("After the round's {} hands, one side enters the score pad below", self.hands)

    def read(self, data, prefix: str = "") -> TypedSheet:
        values = pad_values(data, prefix, self.hands)
        sheet, problems = read_pad(values, prefix, self.hands)
        return TypedSheet(values, sheet, problems, blank=is_blank(sheet, problems))

    def values(self, sheet, prefix: str = "") -> dict[str, str]:
        return fields_of_pad(sheet, prefix, self.hands)

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        return pad_context(prefix, self.hands, post=values, values=self.settings.values, players=players, label=label)

    def view(self, sheet, compare=None) -> dict:
        return pad_view(sheet if isinstance(sheet, dict) else {}, compare if isinstance(compare, dict) else None)
