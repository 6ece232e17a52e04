"""``/me/``: a player's own page on a night of player codes (included from ``director/urls.py``)."""

from django.urls import path

from . import player_views

app_name = "player"

urlpatterns = [
    path("", player_views.page, name="page"),
    path("code/", player_views.open_code, name="open"),
    path("state/", player_views.state, name="state"),
    path("<str:code>/", player_views.open_code, name="code"),
]
