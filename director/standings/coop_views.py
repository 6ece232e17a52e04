"""The director's page for a duplicate coöperative event's grade bands (``events.grades``)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render

from director.core.errors import DomainError
from director.core.view_helpers import director_view
from director.events.access import event_for
from director.events.grades import MAX_TEXT, bands_of, bands_text, set_grade_bands

from .page import standings_page
from .selectors import COOP, ranking_of


class BandsForm(forms.Form):
    bands = forms.CharField(
        label="Grade bands",
        required=False,
        max_length=MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 7, "spellcheck": "false"}),
        help_text="One band a line: its name, a colon and the table total it starts from (Gold: 4250). "
        "Leave it empty for the default bands.",
    )


@director_view
def coop_bands(request, event_id):
    event = event_for(request.user, event_id)
    if ranking_of(event) != COOP:
        raise Http404("grade bands are for duplicate coöperative events")
    status = 200
    if request.method == "POST":
        form = BandsForm(request.POST)
        if form.is_valid():
            try:
                set_grade_bands(event=event, bands=form.cleaned_data["bands"], by=request.user)
            except DomainError as error:
                form.add_error("bands", error.message)
            else:
                messages.success(request, "Grade bands saved: the standings show the new grades.")
                return redirect("standings:standings", event_id=event.pk)
        status = 400
    else:
        form = BandsForm(initial={"bands": bands_text(bands_of(event)) if event.coop_bands else ""})
    page = standings_page(event)
    context = {
        "event": event,
        "club": event.club,
        "results": page,
        "tab": "standings",
        "kind": page.sheet_kind,
        "ranking": page.kind,
        "game_sets": page.game_sets,
        "form": form,
        "bands": bands_of(event),
        "default": not event.coop_bands,
    }
    return render(request, "director/standings/coop_bands.html", context, status=status)
