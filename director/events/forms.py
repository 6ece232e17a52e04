"""Forms for the director's event pages (shape only; the rules are in ``events.services``)."""

from __future__ import annotations

import datetime
import re
import secrets

from django import forms

from director.core.parsing import split_names
from director.events.models import Event
from director.events.services import MAX_GAMES
from director.sheets.registry import event_type_choices, general_first

DRAW, ENTERED = "draw", "entered"
INDIVIDUAL = {"data-types": Event.Type.PROGRESSIVE_INDIVIDUAL}  # a box shown for that type only (js/setup.js)


class NewEventForm(forms.Form):
    """The new club night: the event's boxes, each kind of sheet's own (``SheetKind.setting_fields``),
    who plays and how they are paired."""

    name = forms.CharField(max_length=160, label="Name")
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    type = forms.ChoiceField(choices=event_type_choices, label="Type")  # the kinds' types
    rules_variant = forms.ChoiceField(choices=Event.RulesVariant.choices, label="Rules")
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=4, label="Games")
    individual_movement = forms.ChoiceField(
        choices=Event.IndividualMovement.choices,
        initial=Event.IndividualMovement.RULES,
        required=False,  # not sent: the rules' movement
        label="Individual movement",
        help_text="progressive individual only: where the one of three losers who moves down goes",
        widget=forms.Select(attrs=INDIVIDUAL),
    )
    phones = forms.ChoiceField(  # not sent (an older form, a script): player codes, the safe default
        choices=Event.Phones.choices,
        initial=Event.Phones.PLAYER,
        required=False,
        label="Phones at the tables",
        help_text="With player codes, each player's tally card carries their own code: a sheet is sent by one "
        "side and confirmed only by a player who sat against it. With the table QR alone, whoever holds a "
        "table's link (a photo of its card will do) can send and confirm that table's sheet for either side "
        "in the game being played: the opponents' check is a matter of trust.",
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
        self.kinds = general_first()
        self.kind_fields: dict[type, list[str]] = {}
        for kind in self.kinds:
            own = kind.setting_fields()
            self.fields.update(own)
            self.kind_fields[kind] = list(own)
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

    def kind_boxes(self) -> list:
        """The kinds' boxes shown among the event's own (those of kinds without a block of their own)."""
        return [self[name] for kind in self.kinds if not kind.setup_template for name in self.kind_fields[kind]]

    def kind_blocks(self) -> list[tuple[str, list]]:
        """``(template, boxes)`` of each kind with a block of its own on the page."""
        return [
            (kind.setup_template, [self[name] for name in self.kind_fields[kind]])
            for kind in self.kinds
            if kind.setup_template
        ]

    def kind_settings(self) -> dict:
        """The kinds' boxes as ``events.services`` takes them."""
        settings: dict = {}
        for kind in self.kinds:
            settings |= kind.settings_from_form(self.cleaned_data)
        return settings

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
