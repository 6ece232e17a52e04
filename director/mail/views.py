"""The director's "Send now" and "Send corrected results" (the event page's e-mail card), a
member's data export and erasure, and the players' unsubscribe page (no sign-in: a signed link)."""

from __future__ import annotations

import json

from django.contrib import messages as flash
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from director.clubs.access import club_for
from director.clubs.models import Player
from director.core.errors import DomainError, NotFound
from director.core.view_helpers import director_view
from director.events.access import event_for

from . import members, services
from .messages import read_token


def _event_page(event) -> str:
    return reverse("events:detail", args=[event.pk]) + "#mail"


@require_POST
@director_view
def send_now(request, event_id):
    event = event_for(request.user, event_id)
    try:
        if request.POST.get("what") == "corrections":
            count = services.send_corrections(event=event, by=request.user)
            flash.success(request, f"Sending corrected results to {count} player{'s' * (count != 1)}.")
        else:
            result = services.send_results(event=event, by=request.user)
            flash.success(request, f"Sending {result['sending']} message{'s' * (result['sending'] != 1)}.")
    except DomainError as error:
        flash.error(request, error.message)
    return redirect(_event_page(event))


def _club_player(request, slug, player_id) -> Player:
    club = club_for(request.user, slug)
    player = Player.objects.filter(club=club, pk=player_id).select_related("club").first()
    if player is None:
        raise NotFound("no such player in this club")
    return player


@director_view
def player_data(request, slug, player_id):
    """Everything held about a member, as a JSON file (audited)."""
    player = _club_player(request, slug, player_id)
    data = members.export_player(player=player, by=request.user)
    response = HttpResponse(json.dumps(data, indent=2, ensure_ascii=False), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.json"'
    return response


@director_view
def player_erase(request, slug, player_id):
    """Confirm, then erase a member's personal data; their results stay in the standings."""
    player = _club_player(request, slug, player_id)
    if request.method == "POST":
        try:
            members.erase_player(player=player, by=request.user, typed=request.POST.get("typed", ""))
        except DomainError as error:
            return render(
                request, "mail/erase.html", {"player": player, "club": player.club, "error": error}, status=400
            )
        flash.success(request, "The player's personal data was erased; their results stay in the standings.")
        return redirect("clubs:players", slug=player.club.slug)
    return render(request, "mail/erase.html", {"player": player, "club": player.club})


@csrf_exempt  # the signed token is the proof, and mail programs post the one-click form (RFC 8058) without a cookie
def unsubscribe(request, token):
    """GET: a page with one button (link scanners fetch links; only a POST withdraws). POST: withdraw."""
    if request.method == "POST":
        try:
            player = services.unsubscribe(token=token)
        except DomainError as error:
            return render(request, "mail/unsubscribe.html", {"error": error}, status=400)
        return render(request, "mail/unsubscribe.html", {"player": player, "done": True})
    value = read_token(token)
    player = Player.objects.filter(pk=(value or {}).get("p"), club_id=(value or {}).get("c")).first()
    context = {"token": token, "invalid": player is None, "club": player.club if player else None}
    return render(request, "mail/unsubscribe.html", context, status=200 if player else 400)
