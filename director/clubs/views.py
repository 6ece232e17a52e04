"""The director's club pages: choose a club, the club's dashboard of events, its players.

Every view authorises through ``clubs.access`` (another club's objects are a 404).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from director.core.errors import DomainError
from director.core.view_helpers import director_view, place_error
from director.events.selectors import events_for

from . import services
from .access import club_for, clubs_for
from .forms import ClubSettingsForm, ImportPlayersForm, PlayerEditForm, PlayerForm
from .selectors import club_list_for, players_of


def home(request):
    """The front page; a signed-in director goes straight to their club (or the club chooser)."""
    if clubs_for(request.user).exists():
        return redirect("clubs:choose")
    return render(request, "home.html")


@director_view
def choose_club(request):
    clubs = list(club_list_for(request.user))
    if len(clubs) == 1:
        return redirect("clubs:dashboard", slug=clubs[0].slug)
    return render(request, "director/choose_club.html", {"clubs": clubs})


@director_view
def dashboard(request, slug):
    club = club_for(request.user, slug)
    events = list(events_for(request.user, club=club))
    return render(
        request,
        "director/dashboard.html",
        {"club": club, "events": events, "other_clubs": club_list_for(request.user).exclude(pk=club.pk)},
    )


@director_view
def club_settings(request, slug):
    """The club's settings: a form of yes/no choices, saved by ``clubs.services.update_club_settings``."""
    club = club_for(request.user, slug)
    if request.method == "POST":
        form = ClubSettingsForm(request.POST)
        if form.is_valid():
            try:
                services.update_club_settings(club=club, by=request.user, **form.cleaned_data)
            except DomainError as error:
                place_error(form, error)
            else:
                messages.success(request, "Club settings saved.")
                return redirect("clubs:settings", slug=club.slug)
        status = 400
    else:
        form = ClubSettingsForm(initial={key: getattr(club, key) for key in services.CLUB_SETTINGS})
        status = 200
    return render(request, "director/club_settings.html", {"club": club, "form": form}, status=status)


def _players_page(request, club, *, add_form=None, import_form=None, editing=None, edit_form=None, status=200):
    """The Players page: quick add, import, the list (with ``editing``'s row as an edit form)."""
    search = request.GET.get("q", "").strip()
    listed = list(players_of(club, search=search))
    if editing is not None and editing.pk not in {p.pk for p in listed}:
        listed.insert(0, editing)  # the row being edited stays on the page whatever the search
    return render(
        request,
        "director/players.html",
        {
            "club": club,
            "players": listed,
            "search": search,
            "add_form": add_form or PlayerForm(prefix="add"),
            "import_form": import_form or ImportPlayersForm(prefix="import"),
            "editing": editing,
            "edit_form": edit_form,
        },
        status=status,
    )


def _players_url(club, *, search: str = "", anchor: str = "") -> str:
    url = reverse("clubs:players", args=[club.slug])
    if search:
        url += "?" + urlencode({"q": search})
    return url + (f"#{anchor}" if anchor else "")


@director_view
def players(request, slug):
    club = club_for(request.user, slug)
    if request.method != "POST":
        return _players_page(request, club)
    if "import" in request.POST.get("action", ""):
        import_form = ImportPlayersForm(request.POST, request.FILES, prefix="import")
        if import_form.is_valid():
            try:
                created = services.import_players_csv(club=club, text=import_form.cleaned_data["file"])
            except DomainError as error:
                place_error(import_form, error, default="file")
            else:
                messages.success(request, f"Imported {len(created)} new player{'s' * (len(created) != 1)}.")
                return redirect("clubs:players", slug=club.slug)
        return _players_page(request, club, import_form=import_form, status=400)
    add_form = PlayerForm(request.POST, prefix="add")
    if add_form.is_valid():
        try:
            player = services.add_player(club=club, **add_form.cleaned_data)
        except DomainError as error:
            place_error(add_form, error, default="name")
        else:
            messages.success(request, f"Added {player.name}.")
            return redirect(_players_url(club, anchor="add"))
    return _players_page(request, club, add_form=add_form, status=400)


def _club_player(club, player_id):
    player = players_of(club).filter(pk=player_id).first()
    if player is None:
        raise Http404("no such player in this club")
    return player


@director_view
def player_edit(request, slug, player_id):
    """Rename a player or set their membership number, in their row of the Players page."""
    club = club_for(request.user, slug)
    player = _club_player(club, player_id)
    search = request.GET.get("q", "").strip()
    if request.method != "POST":
        form = PlayerEditForm(
            initial={
                "name": player.name,
                "external_id": player.external_id,
                "email": player.email,
                "consent": player.email_consent_at is not None,
                "consent_how": player.email_consent_how,
            }
        )
        return _players_page(request, club, editing=player, edit_form=form)
    form = PlayerEditForm(request.POST)
    if form.is_valid():
        old_name = player.name
        try:
            player = services.update_player(player=player, **form.cleaned_data)
        except DomainError as error:
            place_error(form, error, default="name")
        else:
            if player.name != old_name:
                messages.success(request, f"Renamed {old_name} to {player.name}.")
            else:
                messages.success(request, f"Saved {player.name}.")
            return redirect(_players_url(club, search=search, anchor=f"player-{player.pk}"))
    return _players_page(request, club, editing=player, edit_form=form, status=400)


@require_POST
@director_view
def player_active(request, slug, player_id):
    club = club_for(request.user, slug)
    player = _club_player(club, player_id)
    try:
        services.update_player(player=player, active=request.POST.get("active") == "1")
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("clubs:players", slug=club.slug)


@director_view
def players_export(request, slug):
    """The member list as CSV, with addresses and consent: what the import reads back."""
    club = club_for(request.user, slug)
    response = HttpResponse(services.players_csv(club), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-players.csv"'
    return response
