"""Forms for the director's club pages. They parse and check the shape of input only; the rules
(a name already taken, a bad CSV line) live in ``clubs.services`` and come back as ``DomainError``s
that the views place next to the field they concern."""

from __future__ import annotations

from django import forms

MAX_CSV_BYTES = 1_000_000


class ClubSettingsForm(forms.Form):
    send_results_on_release = forms.BooleanField(
        required=False,
        widget=forms.CheckboxInput(attrs={"aria-describedby": "id_send_results_on_release-help"}),
        label="Send results by e-mail when the standings are released",
        help_text=(
            "Each consenting player with an address gets their results as soon as an event's Standings "
            "are switched on; switching them off and on again sends nothing twice. Off: the director "
            'presses "Send now" on the event page.'
        ),
    )


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=120, label="Name")
    external_id = forms.CharField(max_length=60, required=False, label="Membership number")
    # The address is checked by clubs.services (its message names the player and the address).
    email = forms.CharField(
        max_length=254, required=False, label="E-mail address", widget=forms.EmailInput(attrs={"autocomplete": "off"})
    )
    consent = forms.BooleanField(required=False, label="Agreed to receive results by e-mail")
    consent_how = forms.CharField(
        max_length=120, required=False, label="How they agreed", help_text="e.g. membership form, asked in person"
    )


class PlayerEditForm(PlayerForm):
    """A player's row on the Players page turned into a form: the cursor starts in the name."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("prefix", "edit")
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs["autofocus"] = True


class ImportPlayersForm(forms.Form):
    file = forms.FileField(label="Member list (CSV: name, optional external_id, email, consent_at, consent_how)")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            raise forms.ValidationError("the file is larger than 1 MB; is it the member list?")
        raw = upload.read()
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise forms.ValidationError(
                "the file is not UTF-8 text (save it from the spreadsheet as CSV UTF-8)"
            ) from error
