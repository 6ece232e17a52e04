"""``/api/``: the director's REST API, its OpenAPI schema and a docs page (no CDN)."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from . import auth, docs, results_views, standings_views, views
from .schema import SchemaView

router = DefaultRouter()
router.include_format_suffixes = False
router.register("clubs", views.ClubViewSet, basename="club")
router.register("players", views.PlayerViewSet, basename="player")
router.register("seasons", views.SeasonViewSet, basename="season")
router.register("events", views.EventViewSet, basename="event")
router.register("tables", views.TableViewSet, basename="table")
router.register("rounds", views.RoundViewSet, basename="round")
router.register("partnerships", views.PartnershipViewSet, basename="partnership")
router.register("teams", views.TeamViewSet, basename="team")
router.register("game-sets", views.GameSetViewSet, basename="game-set")
router.register("results", results_views.ResultViewSet, basename="result")
router.register("artificial-scores", results_views.ArtificialScoreViewSet, basename="artificial-score")
router.register("fouled-sets", results_views.FouledSetViewSet, basename="fouled-set")
router.register("print-jobs", views.PrintJobViewSet, basename="print-job")
router.register("audit-entries", views.AuditEntryViewSet, basename="audit-entry")

app_name = "api"
urlpatterns = [
    path("auth/token/", auth.ObtainToken.as_view(), name="token"),
    path("auth/token/revoke/", auth.RevokeToken.as_view(), name="token-revoke"),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("docs/", docs.docs, name="docs"),
    path("events/<int:id>/standings/", standings_views.StandingsView.as_view(), name="event-standings"),
    path("events/<int:id>/travellers/", standings_views.TravellersView.as_view(), name="event-travellers"),
    path("", include(router.urls)),
]
