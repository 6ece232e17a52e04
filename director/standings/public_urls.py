"""Public results pages (no sign-in; each only once released). Included at ``p/``, namespace
``public``: ``/p/<club>/``, ``/p/<club>/ladder/``, ``/p/<club>/<event>/`` and below."""

from django.urls import path

from . import public_views as views

app_name = "public"

event = "<slug:slug>/<int:event_id>/"

urlpatterns = [
    path("<slug:slug>/", views.club_index, name="club"),
    path("<slug:slug>/ladder/", views.ladder, name="ladder"),
    path(event, views.standings, name="standings"),
    path(event + "standings.json", views.standings_json, name="standings_json"),
    path(event + "cards/", views.scorecards, name="scorecards"),
    path(event + "cards/<int:key>/", views.scorecard, name="scorecard"),
    path(event + "sets/", views.travellers, name="travellers"),
    path(event + "sets/<int:number>/", views.traveller, name="traveller"),
]
