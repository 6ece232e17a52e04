"""An Auction Calypso score pad as form boxes — shared by the director's score entry page (boxes
named ``t<table>-h<hand>-<box>``) and the table's phone page (``h<hand>-<box>``), so both read a
pad the same way. Shape only: values are passed on as typed; ``scoring.auction`` (through
``results.adapters``) is the judge of them.

Per hand: ``declarer`` (seat S H D C), ``bid`` (``1 & 290♥``), ``dbl`` (blank, ``X`` or ``XX``),
the declarers' ``decl-T``, ``decl-P``, ``decl-C`` and ``decl-req`` (cards required, one number
per calypso, in order: ``4, 9``), the defenders' ``def-T``, ``def-P``, ``def-C``, and ``sell``
(``yes`` / ``no``, only when the contract is in limbo). Trailing blank hands are not played; a blank
hand before a filled one is a hand with nothing in it (the pad says what is missing).

A page script may send the whole pad as JSON in the hidden box ``pad`` (``t<table>-pad`` on the
director's page) instead: it is read in place of the boxes when it is not blank.
"""

from __future__ import annotations

import json
import re

from scoring.auction import ORIENTATION
from scoring.cards import SUIT_SYMBOLS

SEATS = ORIENTATION  # S D H C: the seats in playing order
SIDE_BOXES = (("T", "trick_pile"), ("P", "added"), ("C", "calypsos"))
DOUBLES = ("", "X", "XX")
SELLS = {"": None, "yes": True, "no": False}
MAX_TEXT = 20
MAX_JSON = 50_000


def choices() -> dict:
    """The pad's drop-down choices (``_auction_pad.html``)."""
    return {
        "seats": [("", "—")] + [(seat, f"{SUIT_SYMBOLS[seat]} {seat}") for seat in SEATS],
        "doubles": [("", "—"), ("X", "X"), ("XX", "XX")],
        "sells": [("", "—"), ("yes", "sold"), ("no", "not sold")],
    }


def hand_boxes(prefix: str, number: int) -> list[str]:
    """The box names of hand ``number``, in tab order."""
    head = f"{prefix}h{number}-"
    names = [f"{head}declarer", f"{head}bid", f"{head}dbl"]
    names += [f"{head}decl-{box}" for box, _ in SIDE_BOXES] + [f"{head}decl-req"]
    names += [f"{head}def-{box}" for box, _ in SIDE_BOXES]
    return [*names, f"{head}sell"]


def pad_box_names(prefix: str, hands: int) -> list[str]:
    return [name for number in range(1, hands + 1) for name in hand_boxes(prefix, number)] + [f"{prefix}pad"]


def read_values(data, prefix: str, hands: int) -> dict[str, str]:
    """The pad's boxes as typed (each cut to a few characters; the JSON box to ``MAX_JSON``)."""
    values = {name: str(data.get(name, "") or "")[:MAX_TEXT] for name in pad_box_names(prefix, hands)}
    values[f"{prefix}pad"] = str(data.get(f"{prefix}pad", "") or "")[:MAX_JSON]
    return values


def _side(values: dict, head: str, side: str, *, required: bool) -> dict:
    out: dict = {key: values.get(f"{head}{side}-{box}", "").strip() for box, key in SIDE_BOXES}
    if required:
        text = values.get(f"{head}{side}-req", "").strip()
        if text:
            out["cards_required"] = [part for part in re.split(r"[,;\s]+", text) if part]
    return out


def _hand(values: dict, head: str) -> dict:
    bid = values.get(f"{head}bid", "").strip()
    dbl = values.get(f"{head}dbl", "").strip().upper()
    hand: dict = {
        "contract": f"{bid} {dbl}".strip(),
        "declarers": _side(values, head, "decl", required=True),
        "defenders": _side(values, head, "def", required=False),
    }
    declarer = values.get(f"{head}declarer", "").strip().upper()
    if declarer:
        hand["declarer"] = declarer
    sell = values.get(f"{head}sell", "").strip().lower()
    if sell:
        hand["sell"] = SELLS.get(sell, sell)
    return hand


def pad_from_values(values: dict, prefix: str, hands: int):
    """The pad typed in the boxes (or sent in the JSON box): ``{"hands": [...]}``, or whatever the
    JSON box held (the pad's check names what is wrong with it)."""
    raw = values.get(f"{prefix}pad", "").strip()
    if raw:
        try:
            return json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, or nested too deep to read
            return raw[:40]
    filled = [n for n in range(1, hands + 1) if any(values.get(name, "").strip() for name in hand_boxes(prefix, n))]
    last = max(filled, default=0)
    return {"hands": [_hand(values, f"{prefix}h{n}-") for n in range(1, last + 1)]}


def values_from_pad(sheet, prefix: str) -> dict[str, str]:
    """The boxes showing a stored pad (or a typed one, whatever its shape: what is not a box's
    shape is left blank)."""
    values: dict[str, str] = {}
    hands = sheet.get("hands") if isinstance(sheet, dict) else None
    for number, hand in enumerate(hands if isinstance(hands, list) else [], start=1):
        if not isinstance(hand, dict):
            continue
        head = f"{prefix}h{number}-"
        contract = str(hand.get("contract", ""))
        dbl = contract.rsplit(" ", 1)[-1] if contract.endswith(" X") or contract.endswith(" XX") else ""
        values[f"{head}bid"] = contract[: len(contract) - len(dbl)].strip() if dbl else contract
        values[f"{head}dbl"] = dbl
        values[f"{head}declarer"] = str(hand.get("declarer") or "")
        for side, key in (("decl", "declarers"), ("def", "defenders")):
            counts = hand.get(key) if isinstance(hand.get(key), dict) else {}
            for box, field in SIDE_BOXES:
                values[f"{head}{side}-{box}"] = "" if counts.get(field) is None else str(counts.get(field))
            required = counts.get("cards_required")
            if side == "decl" and isinstance(required, list):
                values[f"{head}decl-req"] = ", ".join(str(r) for r in required)
        sell = hand.get("sell")
        values[f"{head}sell"] = "" if sell is None else ("yes" if sell else "no")
    return values


def pad_rows(values: dict, prefix: str, hands: int) -> list[dict]:
    """The pad's rows for a template: per hand its boxes' names and values."""
    rows = []
    for number in range(1, hands + 1):
        head = f"{prefix}h{number}-"

        def box(name: str, head: str = head) -> dict:
            return {"name": f"{head}{name}", "value": values.get(f"{head}{name}", "")}

        rows.append(
            {
                "number": number,
                "declarer": box("declarer"),
                "bid": box("bid"),
                "dbl": box("dbl"),
                "decl": [box(f"decl-{b}") for b, _ in SIDE_BOXES] + [box("decl-req")],
                "def": [box(f"def-{b}") for b, _ in SIDE_BOXES],
                "sell": box("sell"),
            }
        )
    return rows
