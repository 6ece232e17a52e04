"""A three-handed Auction pad as boxes, and back (templates/sheets/auction3/pad.html): the kind's part
of the entry contract (``PadBoxes``, mixed into ``Kind``). A plain form, read on the server: every
check is the engine's (``scoring.auction.three``).

Boxes (``n`` from 1, ``seat`` one of the table's three seats):

=============================  =====================================================================
``{prefix}hand-{n}-declarer``   the declarer's seat
``{prefix}hand-{n}-contract``   the contract as written: ``170♣``, ``1 & 20♠``, ``240H X``, ``misère``
``{prefix}hand-{n}-{seat}-trick_pile`` / ``-added`` / ``-calypsos`` / ``-cards_required``
                                what that player took: T, P, C and the cards each calypso still needed
``{prefix}hand-{n}-sell``       ``yes`` / ``no`` in limbo; blank otherwise
``{prefix}hand-{n}-misere_points``  the declarer's points in misère; blank otherwise
=============================  =====================================================================
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from director.sheets.base import TypedSheet
from scoring.cards import SUIT_SYMBOLS

PAD_KEY = "hands"
SEAT_BOXES = ("trick_pile", "added", "calypsos", "cards_required")
SEAT_WORDS = {"trick_pile": "T (trick pile)", "added": "P (cards added)", "calypsos": "C (calypsos)"}
SELL = {"yes": True, "no": False}
MAX_BOX = 40
_SPLIT = re.compile(r"[\s,;]+")


def name(prefix: str, number: int, box: str) -> str:
    return f"{prefix}hand-{number}-{box}"


def box_names(seats: str) -> list[str]:
    """A hand's boxes, after ``hand-{n}-``."""
    per_seat = [f"{seat}-{box}" for seat in seats for box in SEAT_BOXES]
    return ["declarer", "contract", *per_seat, "sell", "misere_points"]


def _whole(text: str, what: str, problems: list[str]) -> int:
    try:
        return int(text)
    except ValueError:
        problems.append(f"{what} is not a whole number: {text!r}")
        return 0


def hand_from_boxes(typed: Mapping[str, str], seats: str, number: int) -> tuple[dict | None, list[str]]:
    """One hand's boxes as the engine's JSON (None when every box is blank), with what cannot be read."""
    if not any(typed.values()):
        return None, []
    problems: list[str] = []
    where = f"hand {number}:"
    played = {}
    for seat in seats:
        symbol = SUIT_SYMBOLS[seat]
        hand = {}
        for box, words in SEAT_WORDS.items():
            text = typed[f"{seat}-{box}"]
            if not text:
                problems.append(f"{where} {symbol} {words} is blank")
            hand[box] = _whole(text, f"{where} {symbol} {words}", problems) if text else 0
        required = [r for r in _SPLIT.split(typed[f"{seat}-cards_required"]) if r]
        hand["cards_required"] = [_whole(r, f"{where} {symbol} cards required", problems) for r in required]
        played[seat] = hand
    if not typed["declarer"]:
        problems.append(f"{where} the declarer is blank")
    if not typed["contract"]:
        problems.append(f"{where} the contract is blank")
    hand = {"declarer": typed["declarer"], "contract": typed["contract"], "played": played}
    if typed["sell"] in SELL:
        hand["sell"] = SELL[typed["sell"]]
    if typed["misere_points"]:
        hand["misere_points"] = _whole(typed["misere_points"], f"{where} the misère points", problems)
    return hand, problems


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def values_of_hand(hand: Mapping, seats: str) -> dict[str, str]:
    """A stored hand in its boxes (after ``hand-{n}-``)."""
    played = hand.get("played") if isinstance(hand.get("played"), Mapping) else {}
    found = {"declarer": _text(hand.get("declarer")), "contract": _text(hand.get("contract"))}
    for seat in seats:
        mine = played.get(seat) if isinstance(played.get(seat), Mapping) else {}
        found |= {f"{seat}-{box}": _text(mine.get(box)) for box in SEAT_BOXES}
    return found | {"sell": _text(hand.get("sell")), "misere_points": _text(hand.get("misere_points"))}


class PadBoxes:
    """The kind's entry contract: its boxes read and filled, its widget, its templates."""

    phone_template = "sheets/auction3/phone.html"
    director_template = "sheets/auction3/director.html"
    help_template = "sheets/auction3/help.html"
    sheet_template = "sheets/auction3/lines.html"
    compare_template = "sheets/auction3/compare.html"
    sides_template = "sheets/three/_sides.html"  # who is entering it: the player, by seat
    scripts = ("sheets/auction/auction.js", "sheets/auction3/auction3-pad.js")  # each hand checked as typed
    shape_words = "its hands (hands)"

    @property
    def entry_prompt(self) -> str:
        return "After the game's hands, one player enters the score pad below"

    def read(self, data, prefix: str = "") -> TypedSheet:
        values: dict[str, str] = {}
        hands, problems = [], []
        for number in range(1, self.hands + 1):
            typed = {}
            for box in box_names(self.seats):
                key = name(prefix, number, box)
                typed[box] = str(data.get(key, "") or "").strip()[:MAX_BOX]
                values[key] = typed[box]
            hand, found = hand_from_boxes(typed, self.seats, number)
            if hand is not None:
                hands.append(hand)
                problems.extend(found)
        return TypedSheet(values, {PAD_KEY: hands}, problems, blank=not hands)

    def values(self, sheet, prefix: str = "") -> dict[str, str]:
        hands = sheet.get(PAD_KEY) if isinstance(sheet, Mapping) else None
        found: dict[str, str] = {}
        for number, hand in enumerate(hands if isinstance(hands, list) else [], start=1):
            if isinstance(hand, Mapping) and number <= self.hands:
                found |= {name(prefix, number, box): v for box, v in values_of_hand(hand, self.seats).items()}
        return found

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        players = players or {}
        seats = [{"seat": s, "symbol": SUIT_SYMBOLS[s], "player": players.get(s, "")} for s in self.seats]

        def box(number: int, key: str) -> dict:
            full = name(prefix, number, key)
            return {"name": full, "value": values.get(full, "")}

        rows = []
        for number in range(1, self.hands + 1):
            row = {k: box(number, k) for k in ("declarer", "contract", "sell", "misere_points")}
            row["players"] = [
                seat | {"boxes": {b: box(number, f"{seat['seat']}-{b}") for b in SEAT_BOXES}} for seat in seats
            ]
            filled = any(row[k]["value"] for k in ("declarer", "contract", "sell", "misere_points")) or any(
                b["value"] for p in row["players"] for b in p["boxes"].values()
            )
            # the first hand open; the others folded until typed (a phone's pad stays short, no script needed)
            rows.append(row | {"number": number, "id": f"{prefix}hand-{number}", "open": number == 1 or filled})
        return {"prefix": prefix, "rows": rows, "seats": seats, "label": label}

    def view(self, sheet, compare=None) -> dict:
        """The pad's boxes hand by hand; with ``compare`` each box that differs is marked."""
        mine = self.values(sheet if isinstance(sheet, Mapping) else {})
        other = self.values(compare) if isinstance(compare, Mapping) else None
        rows, changed = [], 0
        for number in range(1, self.hands + 1):
            keys = [name("", number, b) for b in box_names(self.seats)]
            if not any(mine.get(k) or (other or {}).get(k) for k in keys):
                continue
            cells = []
            for key in keys:
                value, was = mine.get(key, ""), (other or {}).get(key, "")
                differs = other is not None and value != was
                changed += differs
                cells.append(
                    {"box": key.removeprefix(f"hand-{number}-"), "value": value, "other": was, "changed": differs}
                )
            rows.append({"number": number, "boxes": cells})
        return {"template": "sheets/auction3/view.html", "pad": rows, "changed": changed}
