"""The round's score entry form: one scoresheet per table, read from fields named
``t<table>-<kind>-<key>`` (kind ``cal``/``unf``/``rev`` with a seat S H D C, or ``pile`` with
``majors``/``minors``). Values are passed on as typed; ``scoring.scores`` is the judge of them."""

from __future__ import annotations

from dataclasses import dataclass, field

SEATS = "SHDC"
SIDES = ("majors", "minors")
KINDS = {"cal": "calypsos", "unf": "unfinished", "rev": "revokes"}


def field_names(table: int) -> list[tuple[str, str, str]]:
    """``(form field name, sheet section, key)`` in tab order: per seat calypsoes and unfinished,
    then the trick piles, then revokes."""
    names = []
    for seat in SEATS:
        names.append((f"t{table}-cal-{seat}", "calypsos", seat))
        names.append((f"t{table}-unf-{seat}", "unfinished", seat))
    for side in SIDES:
        names.append((f"t{table}-pile-{side}", "trick_piles", side))
    for seat in SEATS:
        names.append((f"t{table}-rev-{seat}", "revokes", seat))
    return names


@dataclass
class TableEntry:
    table: int
    values: dict[str, str] = field(default_factory=dict)  # form field name -> text typed
    errors: list[str] = field(default_factory=list)

    @property
    def blank(self) -> bool:
        return not any(v.strip() for v in self.values.values())

    def sheet(self) -> dict:
        """The sheet as typed; blank revokes count as none."""
        sheet: dict[str, dict] = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
        for name, section, key in field_names(self.table):
            value = self.values.get(name, "").strip()
            if section == "revokes" and value == "":
                value = "0"
            sheet[section][key] = value
        return sheet


def read_entries(data, tables: list[int]) -> dict[int, TableEntry]:
    entries = {}
    for number in tables:
        entry = TableEntry(number)
        for name, _, _ in field_names(number):
            entry.values[name] = str(data.get(name, ""))[:20]
        entries[number] = entry
    return entries


def values_from_sheet(table: int, sheet: dict) -> dict[str, str]:
    """Form values showing a stored sheet."""
    values = {}
    for name, section, key in field_names(table):
        value = (sheet.get(section) or {}).get(key, "")
        values[name] = "" if value is None else str(value)
    return values
