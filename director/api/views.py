"""The director's REST API: thin views over the selectors (reads) and services (writes).

Access: every queryset starts from ``clubs_for(request.user)``, so another club's object simply
does not exist for this user (404) and lists never show it. A parent named in a request body
(the club of a new player, the event of a new table, the table and game of a sheet) is looked up
the same way (404). Content a person typed — an unknown player in a partnership, a duplicate
table number, a sheet that does not add up — is refused by the services with a 400 naming the
field; see ``director.api.errors``.
"""

from __future__ import annotations

from django.db import transaction
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, serializers
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from director.audit import selectors as audit_selectors
from director.clubs import selectors as club_selectors
from director.clubs import services as club_services
from director.clubs.models import Club, Player, Season
from director.core.errors import Conflict
from director.deals import auction as deal_auction
from director.deals import selectors as deal_selectors
from director.deals import services as deal_services
from director.deals.models import GameSet
from director.events import lineup
from director.events import selectors as event_selectors
from director.events import services as event_services
from director.events.models import Event, Partnership, PartnershipMember, Round, Table, Team
from director.movements import services as movement_services
from director.printing import services as printing_services
from director.printing.models import PrintJob
from director.results import selectors as result_selectors
from director.results import services as result_services
from director.sheets import registry
from director.standings import tally_check

from . import serializers as s
from .base import ERRORS, NOT_FOUND, SEATED, ScopedViewSet, _param, _valid, owned  # noqa: F401
from .params import bool_param, choice_param, date_param, int_param, text_param


# --- clubs ----------------------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(summary="Your clubs"),
    retrieve=extend_schema(summary="One of your clubs", responses={200: s.ClubSerializer, **NOT_FOUND}),
)
class ClubViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.ClubSerializer

    def get_queryset(self):
        return club_selectors.club_list_for(self.request.user)

    @extend_schema(
        summary="Create a club (you become its owner)",
        request=s.ClubCreateSerializer,
        responses={201: s.ClubSerializer, 400: ERRORS[400]},
    )
    def create(self, request):
        data = _valid(s.ClubCreateSerializer, request)
        club = club_services.create_club(name=data["name"], slug=data.get("slug", ""), owner=request.user)
        return self.created(s.ClubSerializer(self.get_queryset().get(pk=club.pk)).data)

    @extend_schema(summary="The club's directors", responses={200: s.DirectorSerializer(many=True), **NOT_FOUND})
    @action(detail=True, methods=["get"], pagination_class=None)
    def directors(self, request, pk=None):
        club = self.get_object()
        return Response(s.DirectorSerializer(club_selectors.directors_of(club), many=True).data)


# --- players and seasons --------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(
        summary="Players of your clubs",
        parameters=[
            _param("club", description="only this club's players"),
            _param("active", OpenApiTypes.BOOL),
            _param("search", OpenApiTypes.STR, "part of the name"),
            _param("external_id", OpenApiTypes.STR),
        ],
    ),
    retrieve=extend_schema(summary="One player", responses={200: s.PlayerSerializer, **NOT_FOUND}),
)
class PlayerViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.PlayerSerializer
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        return Player.objects.filter(club__in=self.clubs()).order_by("club_id", "name", "id")

    def filter_list(self, queryset):
        request = self.request
        if (club := int_param(request, "club")) is not None:
            queryset = queryset.filter(club_id=club)
        if (active := bool_param(request, "active")) is not None:
            queryset = queryset.filter(active=active)
        if search := text_param(request, "search"):
            queryset = queryset.filter(name__icontains=search)
        if external_id := text_param(request, "external_id"):
            queryset = queryset.filter(external_id=external_id)
        return queryset

    @extend_schema(
        summary="Add a player to a club",
        request=s.PlayerCreateSerializer,
        responses={201: s.PlayerSerializer, **ERRORS},
    )
    def create(self, request):
        data = _valid(s.PlayerCreateSerializer, request)
        club = self.own_club(data["club"])
        player = club_services.add_player(club=club, name=data["name"], external_id=data["external_id"])
        return self.created(s.PlayerSerializer(player).data)

    @extend_schema(
        summary="Rename a player, change their id, or mark them (in)active",
        request=s.PlayerUpdateSerializer,
        responses={200: s.PlayerSerializer, **ERRORS},
    )
    def partial_update(self, request, pk=None):
        player = self.get_object()
        data = _valid(s.PlayerUpdateSerializer, request)
        player = club_services.update_player(player=player, **data)
        return Response(s.PlayerSerializer(player).data)

    @extend_schema(
        summary="Import members from CSV (names already in the club are skipped)",
        request=s.PlayerImportSerializer,
        responses={201: s.PlayerSerializer(many=True), **ERRORS},
    )
    @action(detail=False, methods=["post"], url_path="import", pagination_class=None)
    def import_csv(self, request):
        data = _valid(s.PlayerImportSerializer, request)
        club = self.own_club(data["club"])
        created = club_services.import_players_csv(club=club, text=data["csv"])
        return self.created(s.PlayerSerializer(created, many=True).data)


@extend_schema_view(
    list=extend_schema(summary="Seasons of your clubs", parameters=[_param("club")]),
    retrieve=extend_schema(summary="One season", responses={200: s.SeasonSerializer, **NOT_FOUND}),
)
class SeasonViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.SeasonSerializer

    def get_queryset(self):
        return Season.objects.filter(club__in=self.clubs()).order_by("club_id", "-starts_on", "name")

    def filter_list(self, queryset):
        if (club := int_param(self.request, "club")) is not None:
            queryset = queryset.filter(club_id=club)
        return queryset

    @extend_schema(
        summary="Add a season", request=s.SeasonCreateSerializer, responses={201: s.SeasonSerializer, **ERRORS}
    )
    def create(self, request):
        data = _valid(s.SeasonCreateSerializer, request)
        club = self.own_club(data.pop("club"))
        return self.created(s.SeasonSerializer(club_services.create_season(club=club, **data)).data)


# --- events ---------------------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(
        summary="Events of your clubs, newest first",
        parameters=[
            _param("club"),
            _param("status", OpenApiTypes.STR, enum=Event.Status.values),
            _param("type", OpenApiTypes.STR, enum=[t.value for t in registry.event_types()]),
            _param("season"),
            _param("date", OpenApiTypes.DATE, "on this day"),
            _param("date_from", OpenApiTypes.DATE, "on or after"),
            _param("date_to", OpenApiTypes.DATE, "on or before"),
        ],
    ),
    retrieve=extend_schema(summary="One event", responses={200: s.EventSerializer, **NOT_FOUND}),
)
class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.EventSerializer
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self):
        return event_selectors.events_for(self.request.user)

    def filter_list(self, queryset):
        request = self.request
        if (club := int_param(request, "club")) is not None:
            queryset = queryset.filter(club_id=club)
        if event_status := choice_param(request, "status", Event.Status.values):
            queryset = queryset.filter(status=event_status)
        if event_type := choice_param(request, "type", [t.value for t in registry.event_types()]):
            queryset = queryset.filter(type=event_type)
        if (season := int_param(request, "season")) is not None:
            queryset = queryset.filter(season_id=season)
        if day := date_param(request, "date"):
            queryset = queryset.filter(date=day)
        if first := date_param(request, "date_from"):
            queryset = queryset.filter(date__gte=first)
        if last := date_param(request, "date_to"):
            queryset = queryset.filter(date__lte=last)
        return queryset

    def _out(self, event: Event) -> Response:
        return s.EventSerializer(self.get_queryset().get(pk=event.pk)).data

    @staticmethod
    def _season(club: Club, data: dict) -> None:
        """Replace a season id in ``data`` by the club's season (a 400 when it is not the club's)."""
        if data.get("season") is not None:
            season = Season.objects.filter(club=club, pk=data["season"]).first()
            if season is None:
                raise serializers.ValidationError({"season": [f"{club.name} has no season {data['season']}"]})
            data["season"] = season

    @extend_schema(
        summary="Create a draft event (rounds 1..games; optionally numbered tables)",
        request=s.EventCreateSerializer,
        responses={201: s.EventSerializer, 200: s.EventSerializer, **ERRORS},
    )
    def create(self, request):
        data = dict(_valid(s.EventCreateSerializer, request))
        club = self.own_club(data.pop("club"))
        self._season(club, data)
        key = data.pop("idempotency_key") or None
        event, created = event_services.create_event_once(club=club, idempotency_key=key, by=request.user, **data)
        return self.created(self._out(event)) if created else Response(self._out(event))

    @extend_schema(
        summary="Change settings and public switches (type, form and games are fixed once started)",
        request=s.EventUpdateSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    def partial_update(self, request, pk=None):
        event = self.get_object()
        data = dict(_valid(s.EventUpdateSerializer, request))
        switches = {key: data.pop(key) for key in s.SWITCHES if key in data}
        self._season(event.club, data)
        with transaction.atomic():
            if data:
                event = event_services.update_event(event=event, **data)
            if switches:
                event = event_services.set_public_switches(event=event, **switches)
        return Response(self._out(event))

    def _move(self, service) -> Response:
        event = service(event=self.get_object())
        return Response(self._out(event))

    @extend_schema(
        summary="Start the event (draft → running). A duplicate event without game sets is a 409 saying why "
        '(field `game_sets`) unless `{"force": true}`',
        request=s.StartSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        event = self.get_object()
        data = _valid(s.StartSerializer, request)
        return Response(self._out(event_services.start_event(event=event, force=data["force"])))

    @extend_schema(
        summary="Finish the event (running → finished; open games close). While results are unfinished "
        'it is a 409 naming them (field `unfinished`) unless `{"force": true}`',
        request=s.FinishSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def finish(self, request, pk=None):
        event = self.get_object()
        data = _valid(s.FinishSerializer, request)
        return Response(self._out(result_services.finish_event(event=event, force=data["force"])))

    @extend_schema(summary="Reopen a finished event", request=None, responses={200: s.EventSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def reopen(self, request, pk=None):
        return self._move(event_services.reopen_event)

    @extend_schema(
        summary="Make the event have tables 1..count",
        request=s.TableCountSerializer,
        responses={200: s.TableSerializer(many=True), **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="table-count", pagination_class=None)
    def table_count(self, request, pk=None):
        event = self.get_object()
        data = _valid(s.TableCountSerializer, request)
        tables = lineup.set_table_count(event=event, count=data["count"])
        return Response(s.TableSerializer(tables, many=True).data)

    @extend_schema(
        summary="Draw partnerships at random from these players",
        request=s.DrawSerializer,
        responses={201: s.PartnershipSerializer(many=True), **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="draw-partnerships", pagination_class=None)
    def draw_partnerships(self, request, pk=None):
        event = self.get_object()
        data = _valid(s.DrawSerializer, request)
        lineup.draw_partnerships(event=event, **data)
        return self.created(s.PartnershipSerializer(event_selectors.partnerships_of(event), many=True).data)

    @extend_schema(
        summary="Seat every game by the event's movement, built from its partnerships, teams or players",
        request=None,
        responses={200: SEATED, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def seat(self, request, pk=None):
        event = self.get_object()
        written = movement_services.seat_event(event=event, by=request.user)
        event.refresh_from_db(fields=["movement"])
        warnings = [
            {"code": w.code, "message": w.message, "fixes": list(w.fixes)}
            for w in event_selectors.movement_warnings(event)
        ]
        return Response({"seatings": written, "warnings": warnings})

    @extend_schema(
        summary="Deprecated: the old name of seat (kept for one release)",
        request=None,
        deprecated=True,
        responses={200: SEATED, **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="seat-progressive")
    def seat_progressive(self, request, pk=None):
        return self.seat(request, pk=pk)

    @extend_schema(
        summary="The round grid: who sits where in every game, the set played, each result's status",
        responses={200: s.GridSerializer, **NOT_FOUND},
    )
    @action(detail=True, methods=["get"])
    def grid(self, request, pk=None):
        return Response(s.GridSerializer(result_selectors.results_grid(self.get_object())).data)

    @extend_schema(
        summary="Where the event's game sets came from (commitment; seed once revealed)",
        responses={200: s.GameSetFileSerializer, **NOT_FOUND},
    )
    @action(detail=True, methods=["get"], url_path="game-set-file")
    def game_set_file(self, request, pk=None):
        set_file = deal_selectors.set_file_of(self.get_object())
        if set_file is None:
            raise NotFound("this event has no game sets yet")
        return Response(s.GameSetFileSerializer(set_file).data)

    @extend_schema(
        summary="Reveal the seed of generated game sets (after play)",
        request=None,
        responses={200: s.GameSetFileSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="reveal-seed")
    def reveal_seed(self, request, pk=None):
        return Response(s.GameSetFileSerializer(deal_services.reveal_seed(event=self.get_object())).data)

    @extend_schema(
        summary="Release (or withdraw) the hands to the public after play; reveals a seed",
        request=s.ReleaseHandsSerializer,
        responses={200: s.GameSetFileSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="release-hands")
    def release_hands(self, request, pk=None):
        event = self.get_object()
        data = _valid(s.ReleaseHandsSerializer, request)
        return Response(s.GameSetFileSerializer(deal_services.release_hands(event=event, **data)).data)

    @extend_schema(
        methods=["GET"],
        summary="An Auction team match's deals: the draft's cards and each seat's first hand, per round",
        responses={200: s.AuctionDealsSerializer, **ERRORS},
    )
    @extend_schema(
        methods=["POST"],
        summary="Deal every round of an Auction team match (the same at both tables) from a secret seed",
        request=s.DealAuctionSerializer,
        responses={200: s.AuctionDealsSerializer, **ERRORS},
    )
    @action(detail=True, methods=["get", "post"], url_path="auction-deals")
    def auction_deals(self, request, pk=None):
        event = self.get_object()
        deal_auction.check_team_match(event)
        if request.method == "POST":
            data = _valid(s.DealAuctionSerializer, request)
            deal_auction.deal_auction_rounds(event=event, by=request.user, replace=data["replace"])
        state = deal_auction.deals_state(event)
        set_file = deal_selectors.set_file_of(event)
        body = {
            **{name: getattr(state, name) for name in ("rounds", "dealt", "draft", "problem", "released")},
            "commitment": set_file.commitment if set_file is not None else "",
            "deals": [deal.to_dict() for deal in deal_auction.auction_deals_of(event)],
        }
        return Response(s.AuctionDealsSerializer(body).data)

    @extend_schema(
        methods=["GET"],
        summary="The paper tally cards saved last time, cross-checked again",
        responses={200: s.TallyCheckSerializer, **NOT_FOUND},
    )
    @extend_schema(
        methods=["POST"],
        summary="Type the paper tally cards as written: saved (a new version of each that changed) and cross-checked",
        request=s.TallyCheckRequestSerializer,
        responses={200: s.TallyCheckSerializer, **ERRORS},
    )
    @action(detail=True, methods=["get", "post"], url_path="tally-check")
    def tally_check(self, request, pk=None):
        event = self.get_object()
        if request.method != "POST":
            return Response(s.TallyCheckSerializer(tally_check.check_tally_cards(event=event)).data)
        data = _valid(s.TallyCheckRequestSerializer, request)
        check = tally_check.check_tally_cards(
            event=event, cards=data["cards"], against_sheets=data["against"] == "sheets", by=request.user
        )
        if check.errors:  # a figure that is not one: nothing saved, nothing checked
            raise serializers.ValidationError(tally_check.error_fields(check))
        return Response(s.TallyCheckSerializer(check).data)


# --- tables, rounds, partnerships, teams -----------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(summary="Tables", parameters=[_param("event"), _param("number")]),
    retrieve=extend_schema(summary="One table", responses={200: s.TableSerializer, **NOT_FOUND}),
)
class TableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.TableSerializer

    def get_queryset(self):
        return Table.objects.filter(event__club__in=self.clubs()).order_by("event_id", "number")

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        if (number := int_param(self.request, "number")) is not None:
            queryset = queryset.filter(number=number)
        return queryset

    @extend_schema(summary="Add a table", request=s.TableCreateSerializer, responses={201: s.TableSerializer, **ERRORS})
    def create(self, request):
        data = _valid(s.TableCreateSerializer, request)
        event = self.own_event(data["event"])
        return self.created(s.TableSerializer(lineup.add_table(event=event, number=data["number"])).data)

    @extend_schema(
        summary="Issue a new secret for the table's entry link (the old link stops working)",
        request=None,
        responses={200: s.TableSerializer, **NOT_FOUND},
    )
    @action(detail=True, methods=["post"], url_path="reissue-token")
    def reissue_token(self, request, pk=None):
        return Response(s.TableSerializer(lineup.reissue_table_token(table=self.get_object())).data)


@extend_schema_view(
    list=extend_schema(
        summary="Rounds (games)",
        parameters=[_param("event"), _param("number"), _param("status", OpenApiTypes.STR, enum=Round.Status.values)],
    ),
    retrieve=extend_schema(summary="One round", responses={200: s.RoundSerializer, **NOT_FOUND}),
)
class RoundViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.RoundSerializer

    def get_queryset(self):
        return Round.objects.filter(event__club__in=self.clubs()).order_by("event_id", "number")

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        if (number := int_param(self.request, "number")) is not None:
            queryset = queryset.filter(number=number)
        if round_status := choice_param(self.request, "status", Round.Status.values):
            queryset = queryset.filter(status=round_status)
        return queryset

    @extend_schema(summary="Close a game to table entry", request=None, responses={200: s.RoundSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        return Response(s.RoundSerializer(event_services.close_round(round=self.get_object())).data)

    @extend_schema(summary="Reopen a closed game", request=None, responses={200: s.RoundSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def reopen(self, request, pk=None):
        return Response(s.RoundSerializer(event_services.reopen_round(round=self.get_object())).data)


@extend_schema_view(
    list=extend_schema(
        summary="Partnerships with their players in seat order",
        parameters=[_param("event"), _param("direction", OpenApiTypes.STR, enum=Partnership.Direction.values)],
    ),
    retrieve=extend_schema(summary="One partnership", responses={200: s.PartnershipSerializer, **NOT_FOUND}),
    destroy=extend_schema(summary="Remove a partnership that has no results", responses={204: None, **ERRORS}),
)
class PartnershipViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin, ScopedViewSet):
    serializer_class = s.PartnershipSerializer
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        from django.db.models import Prefetch

        members = PartnershipMember.objects.select_related("player").order_by("position")
        return (
            Partnership.objects.filter(event__club__in=self.clubs())
            .select_related("team")
            .prefetch_related(Prefetch("members", queryset=members))
            .order_by("event_id", "number")
        )

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        if direction := choice_param(self.request, "direction", Partnership.Direction.values):
            queryset = queryset.filter(direction=direction)
        return queryset

    def _out(self, partnership: Partnership):
        return s.PartnershipSerializer(self.get_queryset().get(pk=partnership.pk)).data

    @extend_schema(
        summary="Add a partnership of two or three of the club's players",
        request=s.PartnershipCreateSerializer,
        responses={201: s.PartnershipSerializer, **ERRORS},
    )
    def create(self, request):
        data = dict(_valid(s.PartnershipCreateSerializer, request))
        event = self.own_event(data.pop("event"))
        if data.get("team") is not None:
            team = Team.objects.filter(event=event, pk=data["team"]).first()
            if team is None:
                raise serializers.ValidationError({"team": [f"{event.name} has no team {data['team']}"]})
            data["team"] = team
        partnership = lineup.add_partnership(event=event, **data)
        return self.created(self._out(partnership))

    @extend_schema(
        summary="Change the players (not once the partnership has results)",
        request=s.PartnershipUpdateSerializer,
        responses={200: s.PartnershipSerializer, **ERRORS},
    )
    def partial_update(self, request, pk=None):
        partnership = self.get_object()
        data = _valid(s.PartnershipUpdateSerializer, request)
        lineup.set_partnership_players(partnership=partnership, players=data["players"])
        return Response(self._out(partnership))

    def perform_destroy(self, instance):
        lineup.remove_partnership(partnership=instance)


@extend_schema_view(
    list=extend_schema(summary="Teams with their partnerships", parameters=[_param("event")]),
    retrieve=extend_schema(summary="One team", responses={200: s.TeamSerializer, **NOT_FOUND}),
)
class TeamViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.TeamSerializer

    def get_queryset(self):
        from django.db.models import Prefetch

        return (
            Team.objects.filter(event__club__in=self.clubs())
            .prefetch_related(Prefetch("partnerships", queryset=Partnership.objects.order_by("number")))
            .order_by("event_id", "number")
        )

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        return queryset

    @extend_schema(
        summary="Add a team, optionally with some of the event's partnerships",
        request=s.TeamCreateSerializer,
        responses={201: s.TeamSerializer, **ERRORS},
    )
    def create(self, request):
        data = _valid(s.TeamCreateSerializer, request)
        event = self.own_event(data["event"])
        ids = list(dict.fromkeys(data["partnerships"]))
        found = {p.pk: p for p in Partnership.objects.filter(event=event, pk__in=ids)}
        unknown = [pk for pk in ids if pk not in found]
        if unknown:
            raise serializers.ValidationError({"partnerships": [f"{event.name} has no partnership {unknown[0]}"]})
        team = lineup.create_team(
            event=event, name=data["name"], number=data["number"], partnerships=[found[pk] for pk in ids]
        )
        return self.created(s.TeamSerializer(self.get_queryset().get(pk=team.pk)).data)


# --- game sets ------------------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(
        summary="Game sets with their hands (directors only)",
        parameters=[_param("event"), _param("number"), _param("complete", OpenApiTypes.BOOL)],
    ),
    retrieve=extend_schema(summary="One game set with its hands", responses={200: s.GameSetSerializer, **NOT_FOUND}),
    destroy=extend_schema(
        summary="Delete a game set (not once the event has results)", responses={204: None, **ERRORS}
    ),
)
class GameSetViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin, ScopedViewSet):
    serializer_class = s.GameSetSerializer
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return GameSet.objects.filter(event__club__in=self.clubs()).order_by("event_id", "number")

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        if (number := int_param(self.request, "number")) is not None:
            queryset = queryset.filter(number=number)
        if (complete := bool_param(self.request, "complete")) is not None:
            queryset = queryset.filter(complete=complete)
        return queryset

    def perform_destroy(self, instance):
        deal_services.delete_game_set(game_set=instance)

    @extend_schema(
        summary="Set the first dealer or the orientation",
        request=s.GameSetOptionsSerializer,
        responses={200: s.GameSetSerializer, **ERRORS},
    )
    def partial_update(self, request, pk=None):
        game_set = self.get_object()
        data = _valid(s.GameSetOptionsSerializer, request)
        return Response(s.GameSetSerializer(deal_services.set_game_set_options(game_set=game_set, **data)).data)

    @extend_schema(
        summary="What is left of the 208 cards, which hands are incomplete, problems per hand",
        responses={200: s.RecordingStateSerializer, **NOT_FOUND},
    )
    @action(detail=True, methods=["get"])
    def recording(self, request, pk=None):
        return Response(s.RecordingStateSerializer(deal_selectors.recording_state(self.get_object())).data)

    @extend_schema(
        summary="Fill the 16th hand from what is left of the 208 cards",
        request=None,
        responses={200: s.GameSetSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="fill-last-hand")
    def fill_last_hand(self, request, pk=None):
        return Response(s.GameSetSerializer(deal_services.fill_last_hand(game_set=self.get_object())).data)

    @extend_schema(
        summary="Record one hand typed by the director (the set is created on its first hand)",
        request=s.RecordHandSerializer,
        responses={200: s.RecordingStateSerializer, **ERRORS},
    )
    @action(detail=False, methods=["post"], url_path="record-hand")
    def record_hand(self, request):
        data = dict(_valid(s.RecordHandSerializer, request))
        event = self.own_event(data.pop("event"))
        row = deal_services.record_hand(event=event, by=request.user, **data)
        return Response(s.RecordingStateSerializer(deal_selectors.recording_state(row)).data)

    @extend_schema(
        summary="Generate random game sets from a secret seed (the commitment is shown now)",
        request=s.GenerateSerializer,
        responses={201: s.GameSetFileSerializer, **ERRORS},
    )
    @action(detail=False, methods=["post"])
    def generate(self, request):
        data = dict(_valid(s.GenerateSerializer, request))
        event = self.own_event(data.pop("event"))
        return self.created(
            s.GameSetFileSerializer(deal_services.generate_game_sets(event=event, by=request.user, **data)).data
        )

    @extend_schema(
        summary="Import a calypso-gamesets/1 file (every set validated, all problems reported)",
        request=s.ImportSerializer,
        responses={201: s.GameSetFileSerializer, **ERRORS},
    )
    @action(detail=False, methods=["post"], url_path="import")
    def import_file(self, request):
        data = dict(_valid(s.ImportSerializer, request))
        event = self.own_event(data.pop("event"))
        set_file = deal_services.import_game_sets(event=event, data=data.pop("file"), by=request.user, **data)
        return self.created(s.GameSetFileSerializer(set_file).data)


# --- printing -------------------------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(
        summary="Print jobs of your clubs' events, newest first",
        parameters=[_param("event"), _param("status", OpenApiTypes.STR, enum=PrintJob.Status.values)],
    ),
)
class PrintJobViewSet(mixins.ListModelMixin, ScopedViewSet):
    serializer_class = s.PrintJobSerializer

    def get_queryset(self):
        return PrintJob.objects.filter(event__club__in=self.clubs()).order_by("-created_at", "-id")

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        if job_status := choice_param(self.request, "status", PrintJob.Status.values):
            queryset = queryset.filter(status=job_status)
        return queryset

    def get_object(self):
        # A job whose worker died is reported failed rather than running for ever.
        return printing_services.expire_stale(super().get_object())

    @extend_schema(
        summary="Start rendering a document of an event as a PDF (poll the job for its progress)",
        request=s.PrintJobCreateSerializer,
        responses={201: s.PrintJobSerializer, **ERRORS},
    )
    def create(self, request):
        data = _valid(s.PrintJobCreateSerializer, request)
        job = printing_services.start_print_job(
            event=self.own_event(data["event"]),
            kind=data["kind"],
            options={name: data[name] for name in ("paper", "envelope", "lang")},
            by=request.user,
        )
        return self.created(s.PrintJobSerializer(self.get_queryset().get(pk=job.pk)).data)

    @extend_schema(
        summary="One print job: its status and progress (done of total pages), to poll",
        responses={200: s.PrintJobSerializer, **NOT_FOUND},
    )
    def retrieve(self, request, pk=None):
        return Response(s.PrintJobSerializer(self.get_object()).data)

    @extend_schema(
        summary="The job's PDF, once it is done (409 while it is not)",
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="the PDF"),
            404: ERRORS[404],
            409: ERRORS[409],
        },
    )
    @action(detail=True, methods=["get"])
    def download(self, request, pk=None):
        job = self.get_object()
        if job.status != PrintJob.Status.DONE:
            raise Conflict(f"the print job is {job.status}, not done: poll it until it is", field="status")
        try:
            handle = job.file.open("rb") if job.file else None
        except FileNotFoundError:
            handle = None
        if handle is None:
            raise NotFound("the file of this print job is gone")
        name = printing_services.file_name(job)
        return FileResponse(handle, as_attachment=True, filename=name, content_type="application/pdf")


# --- audit log ------------------------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(
        summary="The audit log of your clubs: who changed what, newest first",
        parameters=[_param("event"), _param("action", OpenApiTypes.STR, "actions starting with this (e.g. results.)")],
    ),
    retrieve=extend_schema(summary="One audit entry", responses={200: s.AuditEntrySerializer, **NOT_FOUND}),
)
class AuditEntryViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.AuditEntrySerializer

    def get_queryset(self):
        return audit_selectors.entries_for_clubs(self.clubs())

    def filter_list(self, queryset):
        if (event := int_param(self.request, "event")) is not None:
            queryset = queryset.filter(event_id=event)
        if action_prefix := text_param(self.request, "action"):
            queryset = queryset.filter(action__startswith=action_prefix)
        return queryset
