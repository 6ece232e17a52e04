"""Forms for the director's event pages (shape only; the rules are in ``events.services``)."""

from __future__ import annotations

import datetime
import re
import secrets

from django import forms

from director.core.parsing import split_names
from director.events.models import MAX_EMBERS_HANDS, Event
from director.events.services import MAX_GAMES
from scoring.auction_settings import DEFAULTS, VALUE_LABELS, VALUE_NAMES

DRAW, ENTERED = "draw", "entered"


class AuctionSettingsForm(forms.Form):
    """An Auction Calypso event's settings, as boxes (shape only: whole numbers; the limits are
    ``scoring.auction_settings``, through ``events.services``). Blank boxes keep the rules' values."""

    auction_hands = forms.IntegerField(
        required=False, initial=DEFAULTS.hands, label="Hands per round", help_text="Auction Calypso: 4 short, 12 ideal"
    )
    auction_draft = forms.BooleanField(required=False, initial=DEFAULTS.draft, label="Draft before the first hand")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in VALUE_NAMES:
            self.fields[f"auction_{name}"] = forms.IntegerField(
                required=False, initial=getattr(DEFAULTS.values, name), label=VALUE_LABELS[name].capitalize()
            )

    @staticmethod
    def initial_from(settings) -> dict:
        """The boxes showing stored ``AuctionSettings``."""
        initial = {"auction_hands": settings.hands, "auction_draft": settings.draft}
        initial |= {f"auction_{name}": getattr(settings.values, name) for name in VALUE_NAMES}
        return initial

    def value_fields(self):
        return [self[f"auction_{name}"] for name in VALUE_NAMES]

    def auction_settings(self) -> dict:
        """What ``events.services`` takes as ``auction`` (blank boxes left out: the defaults)."""
        data = self.cleaned_data
        values = {name: data[f"auction_{name}"] for name in VALUE_NAMES if data.get(f"auction_{name}") is not None}
        settings = {"draft": bool(data.get("auction_draft")), "values": values}
        if data.get("auction_hands") is not None:
            settings["hands"] = data["auction_hands"]
        return settings


class NewEventForm(AuctionSettingsForm):
    name = forms.CharField(max_length=160, label="Name")
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    type = forms.ChoiceField(choices=Event.Type.choices, label="Type")
    rules_variant = forms.ChoiceField(choices=Event.RulesVariant.choices, label="Rules")
    form = forms.ChoiceField(
        choices=Event.Form.choices,
        initial=Event.Form.PARTNERSHIP,
        required=False,  # not sent: partnership
        label="Play",
        help_text="cutthroat (four individual scores) only for a progressive individual",
    )
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=4, label="Games")
    individual_movement = forms.ChoiceField(
        choices=Event.IndividualMovement.choices,
        initial=Event.IndividualMovement.RULES,
        required=False,  # not sent: the rules' movement
        label="Individual movement",
        help_text="progressive individual only: where the one of three losers who moves down goes",
    )
    game = forms.ChoiceField(
        choices=Event.Game.choices,
        initial=Event.Game.CALYPSO,
        required=False,  # not sent: Calypso
        label="Game at the tables",
        help_text="Embers: progressive nights in partnerships only; each table keeps a score pad of hands",
    )
    embers_hands = forms.IntegerField(
        min_value=1, max_value=MAX_EMBERS_HANDS, initial=4, required=False, label="Embers: most hands a game"
    )
    three_table = forms.ChoiceField(
        choices=Event.ThreeTable.choices,
        initial=Event.ThreeTable.THREE_HANDED,
        required=False,  # not sent: three-handed cutthroat
        label="A table of three plays",
        help_text="progressive individual of 3 or 7 players only (2 players play Calypso Duet)",
    )
    removed_suit = forms.ChoiceField(
        choices=Event._meta.get_field("removed_suit").choices,
        initial="D",
        required=False,  # not sent: ♦
        label="Suit out of the three packs",
        help_text="three-handed or split: the suit nobody holds (Neutralised plays ♠ ♦ ♥ from 207 cards)",
    )
    season = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Season")
    players = forms.TypedMultipleChoiceField(
        coerce=int, required=False, label="Players", widget=forms.CheckboxSelectMultiple
    )
    new_players = forms.CharField(
        required=False,
        label="Quick-add new players (one name per line)",
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "Ann Baptiste\nKen Joseph"}),
    )
    pairing = forms.ChoiceField(
        choices=[(DRAW, "Draw partnerships at random"), (ENTERED, "Enter partnerships")],
        initial=DRAW,
        widget=forms.RadioSelect,
        label="Partnerships",
    )
    partnerships = forms.CharField(
        required=False,
        label="Partnerships, one a line (majors first, then minors)",
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "Ann Baptiste & Ken Joseph\nJo Ramdin & Al Lewis"}),
    )
    seed = forms.CharField(required=False, widget=forms.HiddenInput)  # tests and demos: a repeatable draw
    # A one-time token made when the form is drawn: submitting the same form again (browser Back)
    # is refused instead of setting up a second, identical night.
    once = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)
    # Shown when the club already has a night of this name and date (Back fetches the form again
    # with a new token and the boxes filled in): ticked, the second night is set up all the same.
    again = forms.BooleanField(required=False, label="This is another night with the same name and date")

    def __init__(self, *args, club_players=(), seasons=(), **kwargs):
        super().__init__(*args, **kwargs)
        today = datetime.date.today()
        self.fields["players"].choices = [(p.pk, p.name) for p in club_players]
        self.fields["season"].choices = [("", "— none —")] + [(s.pk, s.name) for s in seasons]
        # The season the night falls in, when the club has one for today.
        current = next(
            (
                s
                for s in seasons
                if (s.starts_on is None or s.starts_on <= today)
                and (s.ends_on is None or today <= s.ends_on)
                and (s.starts_on or s.ends_on)
            ),
            None,
        )
        self.fields["season"].initial = current.pk if current else None
        self.fields["date"].initial = today
        self.fields["once"].initial = secrets.token_urlsafe(18)
        self.fields["name"].initial = f"Club night {datetime.date.today():%d %b %Y}"

    def auction_settings(self) -> dict | None:
        """The Auction settings when the night is an Auction Calypso one (None otherwise)."""
        if self.cleaned_data.get("type") not in (Event.Type.AUCTION_PAIRS, Event.Type.AUCTION_TEAMS):
            return None
        return super().auction_settings()

    def clean(self):
        data = super().clean()
        data["new_names"] = split_names(data.get("new_players", ""))
        data["partnership_lines"] = []
        if data.get("pairing") == ENTERED:
            lines = [line.strip() for line in (data.get("partnerships") or "").splitlines() if line.strip()]
            if not lines:
                self.add_error("partnerships", "type the partnerships, one a line, or choose a random draw")
            for number, line in enumerate(lines, start=1):
                names = [
                    n for n in (re.sub(r"\s+", " ", part).strip() for part in re.split(r"&|\+|,|/| and ", line)) if n
                ]
                if not 2 <= len(names) <= 3:
                    self.add_error("partnerships", f"line {number} ({line!r}) has {len(names)} names, not 2 or 3")
                data["partnership_lines"].append(names)
        elif not data.get("players") and not data["new_names"]:
            self.add_error("players", "pick the players (or quick-add their names)")
        return data


class SwitchesForm(forms.Form):
    standings_released = forms.BooleanField(required=False, label="Standings")
    scorecards_released = forms.BooleanField(required=False, label="Score cards")
    travellers_released = forms.BooleanField(required=False, label="Travellers")
