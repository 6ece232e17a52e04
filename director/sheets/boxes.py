"""The boxes of a 208-card sheet — Calypso by partnership, Duet, coöp, cutthroat, a club night's table
of three — on the phone and on the director's score entry page: one reader for both (they had a copy
each, whose tab orders had drifted apart).

A box is named ``{prefix}{box}-{key}`` (the phone has no prefix, the score entry page ``t{table}-``):

=================  ================================================================================
``cal-{seat}``     calypsoes the seat's player completed
``unf-{seat}``     cards in the seat's unfinished calypso
``pile-{side}``    a side's trick pile (``majors``, ``minors``); a sheet of individual scores has a
                   trick pile per player instead, ``pile-{seat}``
``rev-{seat}``     revokes by the seat's player (blank: none)
=================  ================================================================================

Only the kind's seats have boxes (a table of three: its three). Values are passed on as typed, cut
to ``MAX_TEXT`` characters: the engine (the kind's ``score``) is the judge of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from director.sheets.base import TypedSheet
from scoring.cards import SIDE_SYMBOLS, SUIT_SYMBOLS, SUITS
from scoring.scores import DIRECTIONS

MAX_TEXT = 20
SECTIONS = ("calypsos", "unfinished", "trick_piles", "revokes")
PILE_LABELS = {**SIDE_SYMBOLS, **SUIT_SYMBOLS}


def text(value) -> str:
    """A box's text as posted, cut to ``MAX_TEXT`` characters (an absent box is blank)."""
    return "" if value is None else str(value)[:MAX_TEXT]


@dataclass(frozen=True)
class SheetBox:
    """One box of a sheet as read, and — when compared with another sheet — what it says there."""

    value: str
    changed: bool = False
    other: str = ""


def _shown(value) -> str:
    return "" if value is None else str(value).strip()


class SheetBoxes:
    """The 208-card family's part of the kind's contract (``SheetKind``'s entry section), mixed into
    each of those kinds. A cutthroat table may leave a seat out (``left_out``)."""

    def boxes(self, prefix: str = "") -> list[tuple[str, str, str]]:
        """``(box name, sheet section, key)`` in tab order: per seat its calypsoes and unfinished cards
        (and its trick pile, for individual scores), the two sides' trick piles, then the revokes."""
        names = []
        for seat in self.seats:
            names.append((f"{prefix}cal-{seat}", "calypsos", seat))
            names.append((f"{prefix}unf-{seat}", "unfinished", seat))
            if self.individual:
                names.append((f"{prefix}pile-{seat}", "trick_piles", seat))
        if not self.individual:
            names.extend((f"{prefix}pile-{side}", "trick_piles", side) for side in DIRECTIONS)
        names.extend((f"{prefix}rev-{seat}", "revokes", seat) for seat in self.seats)
        return names

    def left_out(self, data, prefix: str = "") -> str:
        """The seat a post says nobody holds ("" for none: only a cutthroat table may leave one out)."""
        return ""

    def read(self, data, prefix: str = "") -> TypedSheet:
        absent = self.left_out(data, prefix)
        values = {name: text(data.get(name)) for name, _, key in self.boxes(prefix) if key != absent}
        sheet: dict = {section: {} for section in SECTIONS}
        for name, section, key in self.boxes(prefix):
            if key == absent:
                continue  # the empty seat's boxes are not the sheet's, whatever was typed in them
            value = values[name].strip()
            sheet[section][key] = "0" if section == "revokes" and value == "" else value
        if self.tag:
            sheet["form"] = self.tag
        blank = not any(value.strip() for value in values.values())
        return TypedSheet(values | self.left_out_values(absent, prefix), sheet, blank=blank)

    def left_out_values(self, absent: str, prefix: str) -> dict[str, str]:
        """The box that says which seat is empty, for a kind that has one."""
        return {}

    def values(self, sheet, prefix: str = "") -> dict[str, str]:
        if not isinstance(sheet, Mapping):
            return {}
        values = {}
        for name, section, key in self.boxes(prefix):
            part = sheet.get(section)
            value = part.get(key, "") if isinstance(part, Mapping) else ""
            values[name] = "" if value is None else str(value)
        return values

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        def box(short: str, key: str) -> dict:
            name = f"{prefix}{short}-{key}"
            return {"name": name, "value": values.get(name, ""), "kind": short, "key": key}

        names = players or {}
        seats = [
            {
                **row,
                "player": names.get(row["seat"], ""),
                **{short: box(short, row["seat"]) for short in ("cal", "unf", "pile", "rev")},
            }
            for row in self.seated(None)
        ]
        keys = self.seats if self.individual else DIRECTIONS
        marks = self.side_marks  # a side's trick pile is marked with its seats' suits
        return {
            "prefix": prefix,
            "label": label,
            "seats": seats,
            "piles": [
                {
                    "key": key,
                    "label": PILE_LABELS[key],
                    "marks": marks.get(key, [(key, PILE_LABELS[key])]),
                    "box": box("pile", key),
                }
                for key in keys
            ],
        }

    def view(self, sheet, compare=None) -> dict:
        """One row per seat with its boxes (calypsoes, unfinished cards, revokes), then the trick
        piles; boxes are compared as text, so a typed "3" equals a stored 3."""
        sheet = sheet if isinstance(sheet, Mapping) else {}
        other = compare if isinstance(compare, Mapping) else None

        def section(of, name) -> Mapping:
            part = of.get(name) if of is not None else None
            return part if isinstance(part, Mapping) else {}

        def box(name: str, key: str) -> SheetBox:
            value = _shown(section(sheet, name).get(key))
            if other is None:
                return SheetBox(value)
            was = _shown(section(other, name).get(key))
            return SheetBox(value, value != was, was)

        seat_keys = set()
        for name in ("calypsos", "unfinished", "revokes"):
            seat_keys |= set(section(sheet, name)) | set(section(other, name))
        seats = [
            {
                "seat": seat,
                "symbol": SUIT_SYMBOLS.get(seat, seat),
                "boxes": [box(name, seat) for name in ("calypsos", "unfinished", "revokes")],
            }
            for seat in sorted(seat_keys, key=lambda s: (SUITS.find(s) % 5, s))
        ]
        pile_keys = list(section(sheet, "trick_piles"))
        pile_keys += [k for k in section(other, "trick_piles") if k not in pile_keys]
        piles = [{"key": key, "label": PILE_LABELS.get(key, key), "box": box("trick_piles", key)} for key in pile_keys]
        boxes = [b for row in seats for b in row["boxes"]] + [p["box"] for p in piles]
        return {
            "template": "sheets/view.html",
            "seats": seats,
            "piles": piles,
            "changed": sum(b.changed for b in boxes),
        }
