"""The movement pages, included under ``events/<event_id>/movement/`` (namespace ``movements``)."""

from django.urls import path

from . import views

app_name = "movements"

urlpatterns = [
    path("", views.movement, name="movement"),
    path("balance/", views.balance, name="balance"),
    path("build/", views.build, name="build"),
    path("swap/", views.swap, name="swap"),
    path("latecomer/", views.latecomer, name="latecomer"),
    path("next/", views.next_round, name="next"),
    path("correction/<int:number>/", views.correction, name="correction"),
]
