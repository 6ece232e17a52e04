"""Forms for the movement pages (shape only; the rules are in ``movements.services``).

Every form carries ``expected``: the fingerprint of the movement the page showed, so a change made
from a stale page is refused instead of applied to a movement the director has not seen.
"""

from __future__ import annotations

from django import forms

from director.core.parsing import split_names
from director.events.models import Event
from scoring.cards import SIDE_SYMBOLS

AUTO = ""


class _MovementForm(forms.Form):
    expected = forms.CharField(required=False, widget=forms.HiddenInput)


class _FromRoundForm(_MovementForm):
    from_round = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label="From game", choices=[(AUTO, "the next game to start")]
    )

    def __init__(self, *args, rounds: list[int] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["from_round"].choices = [(AUTO, "the next game to start")] + [(n, f"game {n}") for n in rounds]


class SwapForm(_FromRoundForm):
    first = forms.TypedChoiceField(coerce=int, label="Swap")
    second = forms.TypedChoiceField(coerce=int, label="with")

    def __init__(self, *args, units: list[tuple[int, str]] = (), individual: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "— choose a player —" if individual else "— choose a partnership —"), *units]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", "choose two different ones to swap")
        return data


class LatecomerForm(_FromRoundForm):
    players = forms.TypedMultipleChoiceField(
        coerce=int, required=False, label="Latecomers", widget=forms.SelectMultiple(attrs={"size": 6})
    )
    new_players = forms.CharField(
        required=False,
        label="Or quick-add new players (one name per line)",
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": "Ann Baptiste\nKen Joseph"}),
    )
    direction = forms.ChoiceField(
        required=False,
        label="Direction",
        choices=[
            (AUTO, "whichever has a bye"),
            *((side, f"{side.title()} {symbols}") for side, symbols in SIDE_SYMBOLS.items()),
        ],
    )

    def __init__(self, *args, players: list[tuple[int, str]] = (), individual: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = list(players)
        if individual:
            del self.fields["direction"]
            self.fields["players"].help_text = "One to three join the smallest tables; four to six make a new table."
        else:
            self.fields["players"].help_text = "Two or three players: a new partnership."

    def clean(self):
        data = super().clean()
        data["new_names"] = split_names(data.get("new_players", ""))
        if not data.get("players") and not data["new_names"] and not self.errors.get("players"):
            self.add_error("players", "choose the latecomers (or type their names)")
        return data


class NextRoundForm(_MovementForm):
    individual_movement = forms.ChoiceField(
        choices=Event.IndividualMovement.choices,
        required=False,  # not sent: the event's own
        label="Of three losers, the one who moves down goes",
        widget=forms.RadioSelect,
    )


class BuildForm(_MovementForm):
    seed = forms.IntegerField(
        required=False, min_value=0, label="Seed", help_text="Individual events: the draw's seed (blank: keep it)."
    )
