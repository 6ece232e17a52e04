from django.urls import path

from . import views

app_name = "results"

urlpatterns = [
    path("<int:event_id>/games/<int:number>/scores/", views.score_entry, name="entry"),
]
