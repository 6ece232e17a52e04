"""The director's audit pages under ``/events/<id>/audit/`` (included from ``director/urls.py``)."""

from django.urls import path

from . import views

app_name = "audit"

urlpatterns = [
    path("<int:event_id>/audit/", views.event_log, name="event_log"),
    path(
        "<int:event_id>/audit/games/<int:number>/tables/<int:table_number>/",
        views.sheet_history,
        name="sheet_history",
    ),
    path(
        "<int:event_id>/audit/games/<int:number>/tables/<int:table_number>/override/",
        views.override,
        name="override",
    ),
]
