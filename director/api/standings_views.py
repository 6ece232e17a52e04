"""``/api/events/{id}/standings/`` and ``/api/events/{id}/travellers/[?set=N]`` (issue 21.6):
an event's results as the director's pages, the PDF and the CSV export show them.

The rows are ``director.standings.exports``'s — the functions the CSV and JSON exports write — so
the API cannot disagree with them; only the per-game columns are gathered into ``per_game`` and a
traveller's lines grouped by set. A pairs event ranked by direction has two ``lists`` (its ♠♥ and
its ♦♣ pairs, each ranked from 1), as the pages show them; ``standings`` holds every list's rows.
Standings come from the cached ``standings.page.standings_page`` (recomputed after each write to the event's
results, the ranking option included), travellers from ``event_results``. Another club's event
is a 404, as everywhere in the API.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from director.clubs.access import clubs_for
from director.events.models import Event
from director.standings import exports
from director.standings.page import standings_page
from director.standings.selectors import TEAMS, event_results

from . import standings_serializers as s
from .params import int_param
from .serializers import ErrorSerializer
from .views import owned

NOT_FOUND = {404: OpenApiResponse(ErrorSerializer, description="not found among your clubs' data")}
ERRORS = {400: OpenApiResponse(ErrorSerializer, description="a bad `set`"), **NOT_FOUND}


def event_for(user, event_id: int) -> Event:
    """The event ``event_id`` of one of the user's clubs, else a 404 (as every API path with an id)."""
    return owned(Event.objects.filter(club__in=clubs_for(user)).select_related("club"), event_id, "event")


def _event(event) -> dict:
    return {"id": event.pk, "name": event.name, "date": event.date.isoformat(), "type": event.type}


def _scale(event, results) -> str | None:
    return event.matchpoint_scale if results.uses_matchpoints else None


def standing(row: dict) -> dict:
    """An export row with its ``game_N`` columns gathered into ``per_game`` (keyed by game number)."""
    out = {key: value for key, value in row.items() if not key.startswith("game_")}
    out["per_game"] = {key[len("game_") :]: value for key, value in row.items() if key.startswith("game_")}
    return out


def _traveller(number: int, lines: list[dict]) -> dict:
    top = lines[0]["top"] if lines else None
    drop = ("game_set", "top")
    kept = [{key: value for key, value in line.items() if key not in drop} for line in lines]
    return {"game_set": number, "top": top, "lines": kept}


class StandingsView(APIView):
    @extend_schema(
        summary="The event's standings (and team standings), as on the standings page and in the CSV export",
        responses={200: s.StandingsSerializer, **NOT_FOUND},
        tags=["results"],
    )
    def get(self, request, id: int):  # "id": the name of an object's id in every API path
        event = event_for(request.user, id)
        page = standings_page(event)
        return Response(
            {
                "event": _event(event),
                "kind": page.kind,
                "scale": _scale(event, page),
                "games": [r.number for r in page.rounds],
                "ranking": "separate" if page.separate else "overall",
                "standings": [standing(row) for row in exports.standings_rows(page)],
                "lists": [
                    {**part, "standings": [standing(row) for row in part["standings"]]}
                    for part in exports.standings_lists(page)
                ],
                "teams": exports.team_rows(page) if page.kind == TEAMS else None,
                "coop": page.coop.to_dict() if page.coop is not None else None,
            }
        )


class TravellersView(APIView):
    @extend_schema(
        summary="Every game set's traveller (or one set's: ?set=N), as on the travellers pages and in the CSV export",
        parameters=[
            OpenApiParameter("set", OpenApiTypes.INT, OpenApiParameter.QUERY, description="one game set's number")
        ],
        responses={200: s.TravellersSerializer, **ERRORS},
        tags=["results"],
    )
    def get(self, request, id: int):  # "id": the name of an object's id in every API path
        event = event_for(request.user, id)
        number = int_param(request, "set", minimum=1)
        results = event_results(event)
        sets = results.game_sets() if number is None else [number]
        rows = exports.traveller_rows(results, number)
        if number is not None and not rows:
            raise NotFound(f"no table plays game set {number} in {event.name}")
        found = [_traveller(n, [row for row in rows if row["game_set"] == n]) for n in sets]
        return Response({"event": _event(event), "scale": _scale(event, results), "travellers": found})
