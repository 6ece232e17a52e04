"""``/t/<token>/``: the table audience (included from ``director/urls.py``)."""

from django.urls import path

from . import views

app_name = "table"

urlpatterns = [
    path("worker.js", views.worker, name="worker"),  # the table page's service worker (scope: a table's link)
    path("<str:token>/", views.entry, name="entry"),
    path("<str:token>/state/", views.state, name="state"),
    path("<str:token>/submit/", views.submit, name="submit"),
    path("<str:token>/confirm/", views.confirm, name="confirm"),
    path("<str:token>/dispute/", views.dispute, name="dispute"),
]
