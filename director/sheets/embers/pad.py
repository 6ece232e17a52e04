"""An Embers score pad as boxes, and back (templates/sheets/embers/pad.html): the Embers kind's part
of the entry contract (``PadBoxes``, mixed into ``Kind``), and a stored pad scored for the pages.

A pad has a row of boxes a hand, named ``{prefix}hand-{n}-{box}`` (``n`` from 1; the director's
page uses the prefix ``t{table}-``, the phone none):

=================  ==================================================================================
``cal-{seat}``     calypsoes the seat's player completed in the hand (blank: none)
``unf-{seat}``     cards in the player's calypso in progress at the end of the hand, the green room
                   (blank: none)
``pile-majors``    cards the ♠♥ side won to its trick pile in the hand (bound for the sin bin)
``pile-minors``    the same for ♦♣
``rev-{seat}``     revokes by the player in the hand (blank: none)
=================  ==================================================================================

``read_pad`` makes the stored pad ``{"embers": [hand, …]}`` from the boxes (hands after the last one
typed are left out; a blank trick pile is passed on, and the engine names it); embers.js
(``padFromFields``) reads the same boxes alike for the live check. This module only reshapes what
was typed: every check is ``scoring.embers``'s (through the kind's ``problems`` and ``score``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.safestring import mark_safe

from director.sheets.base import TypedSheet
from scoring.cards import SUIT_SYMBOLS, SUITS
from scoring.embers import score_embers
from scoring.scores import DIRECTIONS, ScoreSheetError

PAD_KEY = "embers"
SEAT_BOXES = (("cal", "calypsos"), ("unf", "unfinished"), ("rev", "revokes"))
BLANK_IS_NONE = ("calypsos", "unfinished", "revokes")
MAX_TEXT = 20


def is_embers_pad(sheet) -> bool:
    return isinstance(sheet, Mapping) and PAD_KEY in sheet


def pad_lines(sheet) -> dict | None:
    """A stored pad as the pages show it: per hand what was written, its points and the running
    totals, then the in-progress points and the final totals (``None`` for a sheet that is not a
    pad that scores — it was checked when stored)."""
    if not is_embers_pad(sheet):
        return None
    try:
        scored = score_embers(sheet[PAD_KEY])
    except (ScoreSheetError, TypeError):
        return None
    return {
        "hands": [
            {"number": n, "hand": hand, "score": score}
            for n, (hand, score) in enumerate(zip(sheet[PAD_KEY], scored.hands, strict=True), start=1)
        ],
        "unfinished_points": scored.unfinished_points,
        "final": scored.final,
    }


def boxes() -> list[tuple[str, str, str]]:
    """``(box, pad section, key)`` of one hand in tab order: per seat calypsoes and in progress, the
    two trick piles, then the revokes."""
    out = []
    for seat in SUITS:
        out.append((f"cal-{seat}", "calypsos", seat))
        out.append((f"unf-{seat}", "unfinished", seat))
    out.extend((f"pile-{side}", "trick_piles", side) for side in DIRECTIONS)
    out.extend((f"rev-{seat}", "revokes", seat) for seat in SUITS)
    return out


def field_name(prefix: str, number: int, box: str) -> str:
    return f"{prefix}hand-{number}-{box}"


@dataclass
class PadEntry:
    """One pad as typed in its boxes (``values``: box name -> text)."""

    prefix: str
    hands: int
    values: dict[str, str] = field(default_factory=dict)

    def _typed(self, number: int) -> bool:
        return any(self.values.get(field_name(self.prefix, number, box), "").strip() for box, _, _ in boxes())

    @property
    def blank(self) -> bool:
        return not any(self._typed(n) for n in range(1, self.hands + 1))

    @property
    def played(self) -> int:
        """The hands up to the last one with anything typed."""
        return max((n for n in range(1, self.hands + 1) if self._typed(n)), default=0)

    def sheet(self) -> dict:
        hands = []
        for number in range(1, self.played + 1):
            hand: dict[str, dict] = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
            for box, section, key in boxes():
                value = self.values.get(field_name(self.prefix, number, box), "").strip()
                hand[section][key] = "0" if value == "" and section in BLANK_IS_NONE else value
            hands.append(hand)
        return {PAD_KEY: hands}


def read_pad(data, prefix: str, hands: int) -> PadEntry:
    entry = PadEntry(prefix, hands)
    for number in range(1, hands + 1):
        for box, _, _ in boxes():
            name = field_name(prefix, number, box)
            entry.values[name] = str(data.get(name, ""))[:MAX_TEXT]
    return entry


def pad_values(prefix: str, sheet, hands: int) -> dict[str, str]:
    """Box values showing a stored pad."""
    values: dict[str, str] = {}
    stored = sheet.get(PAD_KEY) if isinstance(sheet, dict) else None
    for number, hand in enumerate(stored if isinstance(stored, list) else [], start=1):
        if number > hands or not isinstance(hand, dict):
            break
        for box, section, key in boxes():
            part = hand.get(section)
            value = part.get(key, "") if isinstance(part, dict) else ""
            text = "" if value is None else str(value)[:MAX_TEXT].strip()
            shown = "" if text in ("0", "") and section in BLANK_IS_NONE else text
            values[field_name(prefix, number, box)] = shown
    return values


def pad_rows(prefix: str, values: dict[str, str], hands: int, what: str = "") -> list[dict]:
    """The pad's rows for the template: per hand its seats' boxes and its two trick piles."""

    def box(number: int, name: str, key: str, words: str) -> dict:
        full = field_name(prefix, number, name)
        return {"name": full, "value": values.get(full, ""), "label": f"{what}hand {number} {words}", "key": key}

    rows = []
    for number in range(1, hands + 1):
        seats = [
            {
                "seat": seat,
                "symbol": SUIT_SYMBOLS[seat],
                **{
                    short: box(number, f"{short}-{seat}", seat, f"{SUIT_SYMBOLS[seat]} {section}")
                    for short, section in SEAT_BOXES
                },
            }
            for seat in SUITS
        ]
        piles = [box(number, f"pile-{side}", side, f"{side} trick pile") for side in DIRECTIONS]
        rows.append({"number": number, "seats": seats, "piles": piles})
    return rows


def pad_differences(typed, sent, hands: int) -> int:
    """How many of the pad's boxes differ between two pads (as text: a typed "3" equals a stored 3)."""
    ours, theirs = pad_values("", typed, hands), pad_values("", sent, hands)
    return sum(ours.get(name, "") != theirs.get(name, "") for name in set(ours) | set(theirs))


def embers_view(sheet, compare=None) -> dict:
    """A stored pad as the pages show a sheet beside another: its hands scored (``pad``) and, beside
    ``compare``, how many of its boxes differ (``changed``)."""
    parts = [part for part in ((sheet or {}).get(PAD_KEY), (compare or {}).get(PAD_KEY)) if isinstance(part, list)]
    hands = max((len(part) for part in parts), default=0)
    changed = pad_differences(sheet, compare, hands) if isinstance(compare, dict) else 0
    return {
        "template": "sheets/embers/view.html",
        "pad": pad_lines(sheet),
        "seats": [],
        "piles": [],
        "changed": changed,
    }


class PadBoxes:
    """The Embers kind's part of the entry contract (``SheetKind``'s entry section)."""

    phone_template = "sheets/embers/phone.html"
    director_template = "sheets/embers/director.html"
    help_template = "sheets/embers/help.html"
    sheet_template = "sheets/embers/lines.html"
    compare_template = "sheets/embers/compare.html"
    scripts = ("sheets/embers/embers.js", "sheets/embers/embers-pad.js")
    shape_words = f"its hands ({PAD_KEY})"

    @property
    def entry_prompt(self) -> str:
        return mark_safe("After the game's last hand, one side enters the score pad below")  # words, no markup

    def read(self, data, prefix: str = "") -> TypedSheet:
        entry = read_pad(data, prefix, self.hands)
        return TypedSheet(entry.values, entry.sheet(), blank=entry.blank)

    def values(self, sheet, prefix: str = "") -> dict[str, str]:
        return pad_values(prefix, sheet, self.hands)

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        return {
            "prefix": prefix,
            "label": label,
            "rows": pad_rows(prefix, values, self.hands, f"{label} " if label else ""),
        }

    def view(self, sheet, compare=None) -> dict:
        return embers_view(sheet if isinstance(sheet, dict) else {}, compare)
