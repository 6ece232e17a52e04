"""An Auction Calypso event's own settings (``Event.auction``: ``scoring.auction_settings``): read and
checked for ``events.services``, their boxes on the new-night page and the event page's card."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms

from director.core.errors import ValidationError
from director.events.models import AUCTION_TYPES, Event
from director.sheets import registry
from scoring.auction import AuctionError
from scoring.auction_settings import DEFAULTS, VALUE_LABELS, VALUE_NAMES, AuctionSettings

KEY = "auction"  # the Event field
WORDS = {KEY: "the Auction settings"}


def clean(values: Mapping) -> dict:
    """The settings given (``{}``: nothing set — kept, or the rules' defaults), checked."""
    if KEY not in values or values[KEY] == {}:
        return {}
    try:
        return {KEY: AuctionSettings.from_dict(values[KEY]).to_dict()}
    except AuctionError as error:
        raise ValidationError(f"the Auction settings are wrong: {error}", field=KEY) from error


def check(settings: Mapping, given: Mapping, event=None) -> dict:
    """An Auction event always stores its settings (the rules' defaults unless given); the other
    types store none, and refuse them rather than keep settings nothing reads."""
    if settings["type"] in AUCTION_TYPES:
        return {KEY: settings[KEY] or AuctionSettings().to_dict()}
    if given.get(KEY):
        label = registry.event_type(settings["type"]).label
        raise ValidationError(f"Auction settings are for Auction Calypso events, not {label}", field=KEY)
    return {KEY: {}}


def fields() -> dict[str, forms.Field]:
    """The settings as boxes (shape only: whole numbers; the limits are ``scoring.auction_settings``'s,
    through ``events.services``). Blank boxes keep the rules' values."""
    boxes: dict[str, forms.Field] = {
        "auction_hands": forms.IntegerField(
            required=False,
            initial=DEFAULTS.hands,
            label="Hands per round",
            help_text="Auction Calypso: 4 short, 12 ideal",
        ),
        "auction_draft": forms.BooleanField(
            required=False, initial=DEFAULTS.draft, label="Draft before the first hand"
        ),
    }
    for name in VALUE_NAMES:
        boxes[f"auction_{name}"] = forms.IntegerField(
            required=False, initial=getattr(DEFAULTS.values, name), label=VALUE_LABELS[name].capitalize()
        )
    return boxes


def from_boxes(data: Mapping) -> dict:
    """What ``events.services`` takes as ``auction`` (blank boxes left out: the defaults)."""
    values = {name: data[f"auction_{name}"] for name in VALUE_NAMES if data.get(f"auction_{name}") is not None}
    settings = {"draft": bool(data.get("auction_draft")), "values": values}
    if data.get("auction_hands") is not None:
        settings["hands"] = data["auction_hands"]
    return settings


def from_form(data: Mapping) -> dict:
    """The new-night form's boxes, when the night is an Auction Calypso one ({} otherwise)."""
    return {KEY: from_boxes(data)} if data.get("type") in AUCTION_TYPES else {}


class SettingsForm(forms.Form):
    """The event page's form that changes a draft event's settings."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields.update(fields())

    @staticmethod
    def initial_from(settings: AuctionSettings) -> dict:
        """The boxes showing stored settings."""
        initial = {"auction_hands": settings.hands, "auction_draft": settings.draft}
        initial |= {f"auction_{name}": getattr(settings.values, name) for name in VALUE_NAMES}
        return initial

    def settings(self) -> dict:
        """What ``events.services.update_event`` takes."""
        return {KEY: from_boxes(self.cleaned_data)}


def card(event, settings: AuctionSettings, form: SettingsForm | None) -> dict:
    """The event page's card: the settings, each value the event changed beside the rules' own, and
    the form to change them while the event is a draft."""
    changed = settings.changed_values()
    rules = AuctionSettings().values
    values = [
        (VALUE_LABELS[name], getattr(settings.values, name), getattr(rules, name) if name in changed else None)
        for name in VALUE_NAMES
    ]
    if form is None and event.status == Event.Status.DRAFT:
        form = SettingsForm(initial=SettingsForm.initial_from(settings))
    return {
        "auction": settings,
        "auction_values": values,
        "settings_form": form,
        "open_settings": form is not None,
        "team_match": event.is_team_event,
    }
