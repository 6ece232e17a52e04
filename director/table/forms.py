"""Reading the table's scoresheet from the page's form fields or a JSON body.

Fields: ``cal-S``, ``unf-S``, ``rev-S`` per seat (S H D C), and the trick piles ``pile-majors`` and
``pile-minors`` (cutthroat and a club night's table of three: ``pile-S`` ... one per player, for
the table's seats only); an Auction Calypso pad (``pad_hands``, the event's hands per round): the
boxes of ``director.core.auction_pad`` with no prefix (``hand-1-points`` ...), read by its
``read_pad``. Values are passed on as typed:
``scoring.scores`` (through ``results.services``) is the judge of them. Blank revokes are none.
"""

from __future__ import annotations

from director.core import auction_pad
from scoring.cards import SUITS as SEATS

SIDES = ("majors", "minors")
MAX_TEXT = 20


def field_names(*, cutthroat: bool = False, seats: str = SEATS) -> list[tuple[str, str, str]]:
    """``(field name, sheet section, key)`` in tab order; ``seats``: a table of three's seats."""
    names = []
    for seat in seats:
        names.append((f"cal-{seat}", "calypsos", seat))
        names.append((f"unf-{seat}", "unfinished", seat))
    for key in seats if cutthroat else SIDES:
        names.append((f"pile-{key}", "trick_piles", key))
    for seat in seats:
        names.append((f"rev-{seat}", "revokes", seat))
    return names


def sheet_from_fields(data, *, cutthroat: bool = False, seats: str = SEATS, tag: str = "") -> dict:
    """The sheet typed in the fields. ``tag``: its ``form`` (``cutthroat``, or ``neutralised`` at a
    Neutralised table of three), default ``cutthroat`` for a sheet with a trick pile per player."""
    sheet: dict[str, dict] = {"calypsos": {}, "unfinished": {}, "trick_piles": {}, "revokes": {}}
    for name, section, key in field_names(cutthroat=cutthroat, seats=seats):
        value = str(data.get(name, "") or "")[:MAX_TEXT].strip()
        if section == "revokes" and value == "":
            value = "0"
        sheet[section][key] = value
    if cutthroat:
        sheet["form"] = tag or "cutthroat"  # type: ignore[assignment]
    return sheet


def values_from_sheet(sheet: dict | None, *, pad_hands: int = 0) -> dict[str, str]:
    """Form values showing a stored sheet (to put a disputed sheet back in the form)."""
    values: dict[str, str] = {}
    if not sheet:
        return values
    if pad_hands:
        return auction_pad.fields_of_pad(sheet, "", pad_hands)
    for section, prefix in (("calypsos", "cal"), ("unfinished", "unf"), ("trick_piles", "pile"), ("revokes", "rev")):
        for key, value in (sheet.get(section) or {}).items():
            values[f"{prefix}-{key}"] = str(value)
    return values


def typed_sheet(
    sheet, *, cutthroat: bool = False, seats: str = SEATS, tag: str = "", pad_hands: int = 0
) -> dict | None:
    """A sheet as typed on a phone (form fields or the page's JSON), cut down to the sheet's boxes
    as short text: safe to keep in the phone's session and to show back. None if it is not a sheet."""
    if not isinstance(sheet, dict):
        return None
    if pad_hands:
        return auction_pad.typed_pad(sheet, pad_hands)
    fields = {}
    for name, section, key in field_names(cutthroat=cutthroat, seats=seats):
        part = sheet.get(section)
        value = part.get(key) if isinstance(part, dict) else None
        fields[name] = "" if value is None else str(value)
    return sheet_from_fields(fields, cutthroat=cutthroat, seats=seats, tag=tag)
