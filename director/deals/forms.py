"""Forms for the game-set pages (shape only; ``deals.services`` and ``scoring.gamesets`` judge the cards)."""

from __future__ import annotations

from django import forms

from .models import DEALER_LABELS, ORIENTATION_LABELS
from .services import MAX_SETS

SEAT_CHOICES = list(DEALER_LABELS.items())
ORIENTATION_CHOICES = [
    ("SDHC", f"{ORIENTATION_LABELS['SDHC']} (default)"),
    ("SCHD", f"{ORIENTATION_LABELS['SCHD']} (mirrored)"),
]
MAX_FILE_BYTES = 5_000_000


class ImportSetsForm(forms.Form):
    file = forms.FileField(label="Game-set file (calypso-gamesets/1 JSON)")
    replace = forms.BooleanField(required=False, label="Replace the event's game sets")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError("the file is larger than 5 MB; is it a game-set file?")
        return upload


class GenerateSetsForm(forms.Form):
    count = forms.IntegerField(min_value=1, max_value=MAX_SETS, label="How many sets")
    first_dealer = forms.ChoiceField(choices=SEAT_CHOICES, initial="S", label="First dealer")
    orientation = forms.ChoiceField(choices=ORIENTATION_CHOICES, initial="SDHC", label="Orientation")
    replace = forms.BooleanField(required=False, label="Replace the event's game sets")


class SetOptionsForm(forms.Form):
    first_dealer = forms.ChoiceField(choices=SEAT_CHOICES, label="First dealer")
    orientation = forms.ChoiceField(choices=ORIENTATION_CHOICES, label="Orientation")


class DealAuctionForm(forms.Form):
    replace = forms.BooleanField(required=False, label="Deal again, replacing the deals (before any result is in)")
