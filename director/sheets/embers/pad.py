"""An Embers score pad as form boxes, and back (director/templates/director/_embers_pad.html).

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

``PadEntry.sheet`` makes the stored pad ``{"embers": [hand, …]}`` from the boxes (hands after the
last one typed are left out; a blank trick pile is passed on, and the engine names it); js/embers.js
(``handFromFields``) reads the same boxes alike for the live check. This module only reshapes what
was typed: every check is ``scoring.embers``'s (through ``results.embers``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.cards import SUIT_SYMBOLS, SUITS
from scoring.scores import DIRECTIONS

from .kind import PAD_KEY, pad_lines

SEAT_BOXES = (("cal", "calypsos"), ("unf", "unfinished"), ("rev", "revokes"))
BLANK_IS_NONE = ("calypsos", "unfinished", "revokes")
MAX_TEXT = 20


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
    """One table's pad as typed on a page (the score entry page's ``TableEntry`` for an Embers night)."""

    table: int
    prefix: str
    hands: int
    values: dict[str, str] = field(default_factory=dict)  # box name -> text typed
    errors: list[str] = field(default_factory=list)
    stale: bool = False

    def _typed(self, number: int) -> bool:
        return any(self.values.get(field_name(self.prefix, number, box), "").strip() for box, _, _ in boxes())

    @property
    def blank(self) -> bool:
        return not any(self._typed(n) for n in range(1, self.hands + 1))

    @property
    def played(self) -> int:
        """The hands up to the last one with anything typed."""
        return max((n for n in range(1, self.hands + 1) if self._typed(n)), default=0)

    def read(self) -> tuple[dict, list[str]]:
        """``(sheet, problems)`` as the score entry page reads a table (``TableEntry.read``): the pad's
        problems are the engine's, found when it is checked."""
        return self.sheet(), []

    def sheet(self) -> dict:
        hands = []
        for number in range(1, self.played + 1):
            hand: dict[str, dict] = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
            for box, section, key in boxes():
                value = self.values.get(field_name(self.prefix, number, box), "").strip()
                hand[section][key] = "0" if value == "" and section in BLANK_IS_NONE else value
            hands.append(hand)
        return {PAD_KEY: hands}


def read_pad(data, table: int, prefix: str, hands: int) -> PadEntry:
    entry = PadEntry(table, prefix, hands)
    for number in range(1, hands + 1):
        for box, _, _ in boxes():
            name = field_name(prefix, number, box)
            entry.values[name] = str(data.get(name, ""))[:MAX_TEXT]
    return entry


def read_pads(data, tables: list[int], hands: int) -> dict[int, PadEntry]:
    """The director's page: every table's pad (prefix ``t{table}-``)."""
    return {number: read_pad(data, number, f"t{number}-", hands) for number in tables}


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


def embers_card(cell, values: dict[str, str], hands: int) -> dict:
    """What the score entry page shows of an Embers table: its pad's boxes, and the stored pad
    scored hand by hand (``results.embers.pad_lines``) when there is one."""
    table = cell.table.number
    return {
        "prefix": f"t{table}-",
        "pad": pad_rows(f"t{table}-", values, hands, what=f"Table {table} "),
        "lines": pad_lines(cell.result.sheet) if cell.result is not None else None,
    }


def typed_pad(sheet, hands: int) -> dict | None:
    """A pad as typed on a phone (boxes or JSON), cut down to the pad's boxes as short text: safe
    to keep in the phone's session and to show back. None if it is not a pad."""
    if not isinstance(sheet, dict):
        return None
    return read_pad(pad_values("", sheet, hands), 0, "", hands).sheet()


def pad_differences(typed, sent, hands: int) -> int:
    """How many of the pad's boxes differ between two pads (as text: a typed "3" equals a stored 3)."""
    ours, theirs = pad_values("", typed, hands), pad_values("", sent, hands)
    return sum(ours.get(name, "") != theirs.get(name, "") for name in set(ours) | set(theirs))


def embers_view(sheet, compare=None) -> dict:
    """A stored pad as the audit pages show a sheet (``results.selectors.sheet_view``'s shape): its
    hands scored (``pad``) and, beside ``compare``, how many of its boxes differ (``changed``)."""
    hands = max(len(part) for part in (sheet.get(PAD_KEY), (compare or {}).get(PAD_KEY)) if isinstance(part, list))
    changed = pad_differences(sheet, compare, hands) if isinstance(compare, dict) else 0
    return {"embers": True, "pad": pad_lines(sheet), "seats": [], "piles": [], "changed": changed}
