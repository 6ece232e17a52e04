from django.urls import path

from . import auction_views, views

app_name = "deals"

urlpatterns = [
    path("<int:event_id>/sets/", views.game_sets, name="sets"),
    path("<int:event_id>/sets/<int:number>/record/", views.record, name="record"),
    path("<int:event_id>/sets/analysis/<int:job_id>/", views.analysis_status, name="analysis_status"),
    path("<int:event_id>/auction-deals/", auction_views.auction_deals, name="auction"),
]
