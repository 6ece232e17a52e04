"""The director's club pages: choose a club, the club's dashboard of events, its players.

Every view authorises through ``clubs.access`` (another club's objects are a 404). The helpers
here (``director_view``, ``place_error``) are shared by the other apps' director views.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from director.core.errors import DomainError, NotFound, PermissionDenied
from director.events.selectors import events_for

from . import services
from .access import club_for
from .forms import ImportPlayersForm, PlayerForm
from .selectors import club_list_for, players_of


def director_view(view):
    """Signed-in only (anonymous: to the sign-in page); ``NotFound`` is a 404, ``PermissionDenied`` a 403."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except NotFound as error:
            raise Http404(error.message) from error
        except PermissionDenied as error:
            raise DjangoPermissionDenied(error.message) from error

    return wrapper


def place_error(form, error: DomainError, *, fields: dict | None = None, default=None) -> None:
    """Put a service's error next to the form field it names (``fields`` maps service field names
    to form field names); otherwise on ``default`` or at the top of the form."""
    name = (fields or {}).get(error.field, error.field)
    if name not in form.fields:
        name = default
    for problem in error.problems if len(error.problems) > 1 else [error.message]:
        form.add_error(name, problem)


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
def players(request, slug):
    club = club_for(request.user, slug)
    add_form, import_form = PlayerForm(prefix="add"), ImportPlayersForm(prefix="import")
    if request.method == "POST":
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
        else:
            add_form = PlayerForm(request.POST, prefix="add")
            if add_form.is_valid():
                try:
                    player = services.add_player(club=club, **add_form.cleaned_data)
                except DomainError as error:
                    place_error(add_form, error, default="name")
                else:
                    messages.success(request, f"Added {player.name}.")
                    return redirect(reverse("clubs:players", args=[club.slug]) + "#add")
    search = request.GET.get("q", "").strip()
    return render(
        request,
        "director/players.html",
        {
            "club": club,
            "players": list(players_of(club, search=search)),
            "search": search,
            "add_form": add_form,
            "import_form": import_form,
        },
        status=400 if request.method == "POST" else 200,
    )


@require_POST
@director_view
def player_active(request, slug, player_id):
    club = club_for(request.user, slug)
    player = players_of(club).filter(pk=player_id).first()
    if player is None:
        raise Http404("no such player in this club")
    try:
        services.update_player(player=player, active=request.POST.get("active") == "1")
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("clubs:players", slug=club.slug)
