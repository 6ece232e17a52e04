"""Director results pages, exports, charts, the projector and the club's season ladder.

Included from ``director/urls.py`` at the root, namespace ``standings``.
"""

from django.urls import path, register_converter

from . import coop_views, views


class FormatConverter:
    regex = "csv|json|png|svg|pdf"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(FormatConverter, "fmt")

app_name = "standings"

event = "events/<int:event_id>/results/"

urlpatterns = [
    path(event, views.standings, name="standings"),
    path(event + "options/", views.options, name="options"),
    path(event + "grades/", coop_views.coop_bands, name="coop_bands"),
    path(event + "games/", views.round_results, name="rounds"),
    path(event + "games/<int:number>/", views.round_results, name="round"),
    path(event + "sets/", views.travellers, name="travellers"),
    path(event + "sets/<int:number>/", views.traveller, name="traveller"),
    path(event + "cards/", views.scorecards, name="scorecards"),
    path(event + "cards/<int:key>/", views.scorecard, name="scorecard"),
    path(event + "tallies/", views.tallies, name="tallies"),
    path(event + "adjustments/", views.adjustments, name="adjustments"),
    path(event + "export/", views.exports_page, name="exports"),
    path(event + "export/<slug:what>.<fmt:fmt>", views.export, name="export"),
    path(event + "charts/running.<fmt:fmt>", views.chart_running, name="chart_running"),
    path(event + "charts/sets/<int:number>.<fmt:fmt>", views.chart_set, name="chart_set"),
    path(event + "charts/games/<int:number>.<fmt:fmt>", views.chart_game, name="chart_game"),
    path(event + "clock/", views.clock, name="clock"),
    path("events/<int:event_id>/projector/", views.projector, name="projector"),
    path("events/<int:event_id>/projector.json", views.projector_json, name="projector_json"),
    path("clubs/<slug:slug>/ladder/", views.ladder, name="ladder"),
]
