"""A progressive individual played cutthroat: the event's ``form`` (partnership or cutthroat), read
and checked for ``events.services``, and its box on the new-night page (shown for the types that may
be played so; hidden, it goes back to partnership)."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms

from director.core.errors import ValidationError
from director.core.parsing import parse_choice
from director.events.models import Event

WORDS = {"form": "the form"}
TYPES = (Event.Type.PROGRESSIVE_INDIVIDUAL,)
"""The types that may be played cutthroat (no partnerships); the others are partnership games."""


def clean(values: Mapping) -> dict:
    return {"form": parse_choice(values["form"], Event.Form, "the form", field="form")} if "form" in values else {}


def check(settings: Mapping, given: Mapping, event=None) -> None:
    if settings["form"] == Event.Form.CUTTHROAT and settings["type"] not in TYPES:
        raise ValidationError(f"a {settings['type']} event is played in partnerships, not cutthroat", field="form")


def fields() -> dict[str, forms.Field]:
    shown = {"data-types": " ".join(TYPES), "data-default": Event.Form.PARTNERSHIP}
    return {
        "form": forms.ChoiceField(
            choices=Event.Form.choices,
            initial=Event.Form.PARTNERSHIP,
            required=False,  # not sent: partnership
            label="Play",
            help_text="cutthroat (four individual scores) only for a progressive individual",
            widget=forms.Select(attrs=shown),
        )
    }


def from_form(data: Mapping) -> dict:
    return {"form": data.get("form") or Event.Form.PARTNERSHIP}
