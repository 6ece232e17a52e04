from django.urls import path

from . import views

app_name = "mail"

urlpatterns = [
    path("events/<int:event_id>/mail/send/", views.send_now, name="send"),
    path("clubs/<slug:slug>/players/<int:player_id>/data.json", views.player_data, name="player_data"),
    path("clubs/<slug:slug>/players/<int:player_id>/erase/", views.player_erase, name="player_erase"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
