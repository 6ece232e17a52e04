"""Reads for clubs and players (a constant number of queries each)."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from .access import club_for, clubs_for, is_director, require_director  # noqa: F401  (re-exported)
from .models import Club, ClubDirector, Player, Season


def club_list_for(user) -> QuerySet[Club]:
    """The user's clubs with player and event counts annotated."""
    return (
        clubs_for(user)
        .annotate(player_count=Count("players", distinct=True), event_count=Count("events", distinct=True))
        .order_by("name")
    )


def players_of(club: Club, *, active_only: bool = False, search: str = "") -> QuerySet[Player]:
    players = Player.objects.filter(club=club)
    if active_only:
        players = players.filter(active=True)
    if search:
        players = players.filter(name__icontains=search)
    return players.order_by("name")


def directors_of(club: Club) -> QuerySet[ClubDirector]:
    return ClubDirector.objects.filter(club=club).select_related("user").order_by("user__username")


def seasons_of(club: Club) -> QuerySet[Season]:
    return Season.objects.filter(club=club).order_by("-starts_on", "name")
