from django.urls import path

from director.events import views as event_views

from . import views

app_name = "clubs"

urlpatterns = [
    path("", views.choose_club, name="choose"),
    path("<slug:slug>/", views.dashboard, name="dashboard"),
    path("<slug:slug>/settings/", views.club_settings, name="settings"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/players.csv", views.players_export, name="players_export"),
    path("<slug:slug>/players/<int:player_id>/edit/", views.player_edit, name="player_edit"),
    path("<slug:slug>/players/<int:player_id>/active/", views.player_active, name="player_active"),
    path("<slug:slug>/events/new/", event_views.new_event, name="new_event"),
]
