from django.urls import path

from . import code_views, views

app_name = "events"

urlpatterns = [
    path("<int:event_id>/", views.event_detail, name="detail"),
    path("<int:event_id>/start/", views.start, name="start"),
    path("<int:event_id>/finish/", views.finish, name="finish"),
    path("<int:event_id>/reopen/", views.reopen, name="reopen"),
    path("<int:event_id>/delete/", views.delete, name="delete"),
    path("<int:event_id>/switches/", views.switches, name="switches"),
    path("<int:event_id>/settings/", views.kind_settings, name="kind_settings"),  # its kind of sheet's own
    path("<int:event_id>/games/<int:number>/close/", views.close_round, name="close_round"),
    path("<int:event_id>/games/<int:number>/reopen/", views.reopen_round, name="reopen_round"),
    path("<int:event_id>/tables/<int:number>/reissue/", views.reissue_token, name="reissue_token"),
    path("<int:event_id>/codes/", code_views.player_codes, name="codes"),
    path("<int:event_id>/codes/<int:code_id>/reissue/", code_views.reissue_code, name="reissue_code"),
]
