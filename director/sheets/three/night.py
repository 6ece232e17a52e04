"""A progressive individual's choices for its table of three (``Event.three_table``, ``removed_suit``;
``scoring.movements.odd``): read and checked for ``events.services``, and their boxes on the new-night
page (shown for a progressive individual only; the suit out of the packs not for Neutralised)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from django import forms

from director.core.errors import Conflict, ValidationError
from director.core.parsing import parse_choice
from director.events.models import Event
from director.events.selectors import odd_table_seated
from scoring.cards import SUITS
from scoring.variants import DEFAULT_REMOVED_SUIT, neutralised_cards

WORDS = {"three_table": "what a table of three plays", "removed_suit": "the suit out of the three packs"}
SHOWN_FOR = Event.Type.PROGRESSIVE_INDIVIDUAL  # the one type that seats a table of three or two


def clean(values: Mapping) -> dict:
    found = {}
    if values.get("three_table"):
        found["three_table"] = parse_choice(
            values["three_table"], Event.ThreeTable, "what a table of three plays", field="three_table"
        )
    if values.get("removed_suit"):
        suit = values["removed_suit"]
        if not isinstance(suit, str) or suit not in tuple(SUITS):
            raise ValidationError(
                f"the suit out of the three packs must be one of S, H, D, C, not {suit!r}", field="removed_suit"
            )
        found["removed_suit"] = suit
    return found


def check(settings: Mapping, given: Mapping, event=None) -> None:
    """What a table of three plays fixes its seat rows (Neutralised ♠ ♦ ♥, three-handed without the
    removed suit): once a table of two or three is seated, neither can change under it."""
    if event is None or not event.is_individual:
        return
    changed = [key for key in WORDS if key in given and given[key] != getattr(event, key)]
    table = odd_table_seated(event) if changed else None
    if table is not None:
        raise Conflict(
            f"table {table} is seated as a table of three or two: what it plays and the suit left out are chosen "
            "when the night is set up, and cannot change once it is seated",
            field=changed[0],
        )


def fields() -> dict[str, forms.Field]:
    shown = {"data-types": SHOWN_FOR}
    # the variants that play 207 cards of four suits: no suit is out of the packs
    whole = [value for value in Event.ThreeTable.values if neutralised_cards(value)]
    return {
        "three_table": forms.ChoiceField(
            choices=Event.ThreeTable.choices,
            initial=Event.ThreeTable.THREE_HANDED,
            required=False,  # not sent: three-handed cutthroat
            label="A table of three plays",
            help_text="progressive individual of 3 or 7 players only (2 players play Calypso Duet)",
            widget=forms.Select(attrs=shown),
        ),
        "removed_suit": forms.ChoiceField(
            choices=Event._meta.get_field("removed_suit").choices,
            initial=DEFAULT_REMOVED_SUIT,
            required=False,  # not sent: ♦
            label="Suit out of the three packs",
            help_text="three-handed or split: the suit nobody holds (Neutralised plays ♠ ♦ ♥ from 207 cards)",
            widget=forms.Select(attrs=shown | {"data-hidden-when": json.dumps({"three_table": whole})}),
        ),
    }


def from_form(data: Mapping) -> dict:
    return {
        "three_table": data.get("three_table") or Event.ThreeTable.THREE_HANDED,
        "removed_suit": data.get("removed_suit") or DEFAULT_REMOVED_SUIT,
    }
