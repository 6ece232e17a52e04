"""The round's score entry form: one scoresheet per table, read from fields named
``t<table>-<kind>-<key>`` (kind ``cal``/``unf``/``rev`` with a seat S H D C, or ``pile`` with
``majors``/``minors`` — cutthroat: with a seat, one trick pile per player). A cutthroat table also
has ``t<table>-absent``: blank for four players, or the suit nobody holds when it is played
three-handed (117 cards). Values are passed on as typed; ``scoring.scores`` is the judge of them.

An Auction Calypso event's tables each have a score pad instead: the boxes of
``director.core.auction_pad`` with the prefix ``t<table>-``, read by its ``read_pad``."""

from __future__ import annotations

from dataclasses import dataclass, field

from director.core import auction_pad
from scoring.cards import SUITS as SEATS
from scoring.variants import neutralised_cards

SIDES = ("majors", "minors")
KINDS = {"cal": "calypsos", "unf": "unfinished", "rev": "revokes"}


def field_names(table: int, *, cutthroat: bool = False, seats: str = SEATS) -> list[tuple[str, str, str]]:
    """``(form field name, sheet section, key)`` in tab order: per seat calypsoes and unfinished
    (cutthroat: and the seat's trick pile), then the two trick piles (partnership), then revokes.
    ``seats``: a club night's table of three has boxes for its three seats only."""
    names = []
    for seat in seats:
        names.append((f"t{table}-cal-{seat}", "calypsos", seat))
        names.append((f"t{table}-unf-{seat}", "unfinished", seat))
        if cutthroat:
            names.append((f"t{table}-pile-{seat}", "trick_piles", seat))
    if not cutthroat:
        for side in SIDES:
            names.append((f"t{table}-pile-{side}", "trick_piles", side))
    for seat in seats:
        names.append((f"t{table}-rev-{seat}", "revokes", seat))
    return names


def absent_name(table: int) -> str:
    return f"t{table}-absent"


@dataclass
class TableEntry:
    table: int
    values: dict[str, str] = field(default_factory=dict)  # form field name -> text typed
    errors: list[str] = field(default_factory=list)
    cutthroat: bool = False
    absent: str = ""  # cutthroat three-handed: the seat nobody plays
    seats: str = SEATS  # a club night's table of three: its seats ...
    tag: str = ""  # ... and its sheet's "form" (cutthroat, or neutralised)
    stale: bool = False  # the table's sheet changed while the page was open: show what stands now
    pad_hands: int = 0  # an Auction Calypso event: the pad's rows (its hands per round)

    @property
    def prefix(self) -> str:
        return f"t{self.table}-"

    @property
    def blank(self) -> bool:
        if self.pad_hands:  # a pad's selects post "0" untouched: blank is what its reader says
            return auction_pad.is_blank(*self.read())
        return not any(v.strip() for v in self.values.values())

    def read(self) -> tuple[object, list[str]]:
        """``(sheet, problems)``: the sheet as typed, and what stops it being read (an Auction pad's
        blank boxes, named by ``auction_pad.read_pad``; a Calypso sheet has none here)."""
        if self.pad_hands:
            return auction_pad.read_pad(self.values, self.prefix, self.pad_hands)
        return self.sheet(), []

    def sheet(self) -> dict:
        """The sheet as typed; blank revokes count as none. A three-handed cutthroat sheet leaves
        out the absent seat (whatever was typed in its boxes)."""
        sheet: dict[str, dict] = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
        for name, section, key in field_names(self.table, cutthroat=self.cutthroat, seats=self.seats):
            if self.cutthroat and key == self.absent:
                continue
            value = self.values.get(name, "").strip()
            if section == "revokes" and value == "":
                value = "0"
            sheet[section][key] = value
        if self.cutthroat:
            sheet["form"] = self.tag or "cutthroat"  # type: ignore[assignment]
        return sheet


def read_entries(
    data,
    tables: list[int],
    *,
    cutthroat: bool = False,
    threes: dict[int, tuple[str, str]] | None = None,
    pad_hands: int = 0,
) -> dict[int, TableEntry]:
    """Each table's typed sheet. ``threes``: a club night's tables of three, ``{table: (variant,
    seats)}`` — a trick pile per player for its seats only (no "absent" choice: its seats are known).
    ``pad_hands``: an Auction event's pads, that many hands each."""
    entries = {}
    for number in tables:
        if pad_hands:
            entry = TableEntry(number, pad_hands=pad_hands)
            entry.values = auction_pad.pad_values(data, entry.prefix, pad_hands)
            entries[number] = entry
            continue
        three = (threes or {}).get(number)
        entry = TableEntry(number, cutthroat=cutthroat or three is not None)
        if three is not None:
            entry.seats, entry.tag = three[1], "neutralised" if neutralised_cards(three[0]) else "cutthroat"
        elif cutthroat:
            absent = str(data.get(absent_name(number), "")).strip()
            entry.absent = absent if absent in SEATS and len(absent) == 1 else ""
        for name, _, key in field_names(number, cutthroat=entry.cutthroat, seats=entry.seats):
            if cutthroat and key == entry.absent:
                continue
            entry.values[name] = str(data.get(name, ""))[:20]
        entries[number] = entry
    return entries


def values_from_sheet(table: int, sheet: dict, *, cutthroat: bool = False, seats: str = SEATS) -> dict[str, str]:
    """Form values showing a stored sheet (cutthroat three-handed: the absent seat too)."""
    values = {}
    for name, section, key in field_names(table, cutthroat=cutthroat, seats=seats):
        value = (sheet.get(section) or {}).get(key, "")
        values[name] = "" if value is None else str(value)
    if cutthroat and seats == SEATS:
        named = sheet.get("calypsos") or {}
        missing = [seat for seat in SEATS if seat not in named]
        values[absent_name(table)] = missing[0] if len(missing) == 1 else ""
    return values
