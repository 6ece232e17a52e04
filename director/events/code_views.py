"""The director's page of an event's player codes (issue 29, ``events.codes``): each player's (or
partnership's) code as printed on their tally card, and "re-issue" for a lost card."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from director.core.errors import DomainError
from director.core.view_helpers import director_view

from . import codes
from .access import event_for


@director_view
def player_codes(request, event_id):
    event = event_for(request.user, event_id)
    codes.ensure_codes(event)  # a player seated since the codes were issued gets one now
    rows = [
        {"row": row, "name": codes.holder_name(row), "code": codes.shown(row.code)} for row in codes.codes_of(event)
    ]
    return render(request, "director/player_codes.html", {"event": event, "club": event.club, "rows": rows})


@require_POST
@director_view
def reissue_code(request, event_id, code_id):
    event = event_for(request.user, event_id)
    try:
        row = codes.reissue(event=event, code_id=code_id, by=request.user)
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"{codes.holder_name(row)} has a new code, {codes.shown(row.code)}: the old one no longer works. "
            "Reprint their tally card (Print → tally cards), or give them the new code.",
        )
    return redirect("events:codes", event_id=event.pk)
