"""The results resources of the REST API: scoresheet submissions (a Calypso sheet or an Auction
Calypso pad, read by the table's kind of sheet: ``director.sheets.registry``), the sheet check, and the
adjustments (artificial scores, fouled sets)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status
from rest_framework.decorators import action
from rest_framework.response import Response

from director.audit.context import request_ip
from director.movements import corrections
from director.results import selectors as result_selectors
from director.results import services as result_services
from director.results.adapters import score_sheet, sheet_problems
from director.results.models import Submission
from director.sheets.registry import by_name, kind_of
from director.standings import services as standings_services
from director.standings.models import ArtificialScore, FouledSet

from . import results_serializers as s
from .base import ERRORS, NOT_FOUND, ScopedViewSet, _param, _valid, owned  # noqa: F401
from .fields import sheet_type_problems
from .params import bool_param, choice_param, int_param


# --- results --------------------------------------------------------------------------------------
@extend_schema_view(
    list=extend_schema(
        summary="Scoresheet submissions (every version), by event, game and table",
        parameters=[
            _param("event"),
            _param("round", description="round id"),
            _param("table", description="table id"),
            _param("round_number", description="game number (with event)"),
            _param("table_number", description="table number (with event)"),
            _param("status", OpenApiTypes.STR, enum=Submission.Status.values),
            _param("live", OpenApiTypes.BOOL, "only confirmed, submitted or disputed versions"),
        ],
    ),
    retrieve=extend_schema(summary="One version of a sheet", responses={200: s.SubmissionSerializer, **NOT_FOUND}),
)
class ResultViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.SubmissionSerializer

    def get_queryset(self):
        return (
            Submission.objects.filter(round__event__club__in=self.clubs())
            .select_related("table", "round", "submitted_by_user", "status_changed_by")
            .order_by("round__event_id", "round__number", "table__number", "version")
        )

    def filter_list(self, queryset):
        request = self.request
        for name, lookup in (
            ("event", "round__event_id"),
            ("round", "round_id"),
            ("table", "table_id"),
            ("round_number", "round__number"),
            ("table_number", "table__number"),
        ):
            if (value := int_param(request, name)) is not None:
                queryset = queryset.filter(**{lookup: value})
        if sheet_status := choice_param(request, "status", Submission.Status.values):
            queryset = queryset.filter(status=sheet_status)
        if bool_param(request, "live"):
            queryset = queryset.filter(status__in=result_selectors.LIVE)
        return queryset

    @extend_schema(
        summary="Enter or correct a table's sheet for a game: a new version (confirmed by default)",
        request=s.SubmissionCreateSerializer,
        responses={201: s.SubmissionSerializer, 200: s.SubmissionSerializer, **ERRORS},
    )
    def create(self, request):
        data = _valid(s.SubmissionCreateSerializer, request)
        table, round_ = self.own_table(data["table"]), self.own_round(data["round"])
        # The service says whether this was a retry (decided under its lock), never a read here first.
        submission, created = result_services.enter_sheet_once(
            table=table,
            round=round_,
            sheet=data["sheet"],
            by=request.user,
            confirm=data["confirm"],
            ip=request_ip(request._request),  # behind a trusted proxy, the address it forwards
            idempotency_key=data["idempotency_key"] or None,
            note=data["note"],
        )
        body = dict(s.SubmissionSerializer(self.get_queryset().get(pk=submission.pk)).data)
        # A correction that later seating was drawn from (a progressive individual): said and logged.
        notice = corrections.seating_notice(round_.event, round_.number) if created and data["confirm"] else None
        if notice is not None:
            corrections.record_correction(notice, by=request.user)
        body["seating"] = notice.as_dict() if notice is not None else None
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(
        summary="Every version of this table's sheet for this game, oldest first",
        responses={200: s.SubmissionSerializer(many=True), **NOT_FOUND},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def history(self, request, pk=None):
        submission = self.get_object()
        versions = result_selectors.history(submission.table, submission.round).select_related("table", "round")
        return Response(s.SubmissionSerializer(versions, many=True).data)

    @extend_schema(
        summary="Confirm this version (what was confirmed before is superseded)",
        request=s.NoteSerializer,
        responses={200: s.SubmissionSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        submission = self.get_object()
        data = _valid(s.NoteSerializer, request)
        result_services.confirm_submission(submission=submission, by=request.user, note=data["note"])
        return Response(s.SubmissionSerializer(self.get_queryset().get(pk=submission.pk)).data)

    @extend_schema(
        summary="Mark a submitted version disputed",
        request=s.NoteSerializer,
        responses={200: s.SubmissionSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def dispute(self, request, pk=None):
        submission = self.get_object()
        data = _valid(s.NoteSerializer, request)
        result_services.dispute_submission(submission=submission, by=request.user, note=data["note"])
        return Response(s.SubmissionSerializer(self.get_queryset().get(pk=submission.pk)).data)

    @extend_schema(
        summary="Withdraw whatever sheet stands for a table and game (nothing is deleted)",
        request=s.WithdrawSerializer,
        responses={200: s.WithdrawnSerializer, **ERRORS},
    )
    @action(detail=False, methods=["post"])
    def withdraw(self, request):
        data = _valid(s.WithdrawSerializer, request)
        table, round_ = self.own_table(data["table"]), self.own_round(data["round"])
        count = result_services.withdraw_result(table=table, round=round_, by=request.user, note=data["note"])
        return Response({"withdrawn": count})

    @extend_schema(
        summary="Check a sheet without saving it: its problems, or its scores",
        request=s.SheetCheckSerializer,
        responses={200: s.SheetCheckResultSerializer, 400: ERRORS[400]},
    )
    @action(detail=False, methods=["post"])
    def check(self, request):
        data = _valid(s.SheetCheckSerializer, request)
        if data.get("event") is not None:  # the event's own kind: its form, an Auction event's values
            kind = kind_of(self.own_event(data["event"]))
        else:
            kind = by_name(data["form"])()
        sheet = data["sheet"]
        problems = ([] if kind.pad else sheet_type_problems(sheet)) or sheet_problems(sheet, kind=kind)
        body = {"ok": not problems, "problems": problems, "majors": None, "minors": None, "net": None, "scores": None}
        if not problems and (seat_scores := kind.seat_scores(sheet)) is not None:
            body["scores"] = seat_scores
        elif not problems:
            scored = score_sheet(sheet, kind=kind)
            body.update(majors=scored.majors, minors=scored.minors, net=scored.net)
        return Response(body)


# --- adjustments ----------------------------------------------------------------------------------------
def _adjustment_filters(view, queryset):
    if (event := int_param(view.request, "event")) is not None:
        queryset = queryset.filter(event_id=event)
    if (live := bool_param(view.request, "live")) is not None:
        queryset = queryset.filter(withdrawn_at__isnull=live)
    return queryset


_ADJUSTMENT_FILTERS = [_param("event"), _param("live", OpenApiTypes.BOOL, "only live (or only withdrawn) ones")]


@extend_schema_view(
    list=extend_schema(summary="Artificial scores (A, A+, A-) of your clubs' events", parameters=_ADJUSTMENT_FILTERS),
    retrieve=extend_schema(summary="One artificial score", responses={200: s.ArtificialScoreSerializer, **NOT_FOUND}),
)
class ArtificialScoreViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.ArtificialScoreSerializer

    def get_queryset(self):
        return (
            ArtificialScore.objects.filter(event__club__in=self.clubs())
            .select_related("round", "table", "created_by", "withdrawn_by")
            .order_by("event_id", "round__number", "table__number", "direction", "created_at", "id")
        )

    def filter_list(self, queryset):
        return _adjustment_filters(self, queryset)

    @extend_schema(
        summary="Give one side of a table an artificial score for a game (replaces a live one there)",
        request=s.ArtificialScoreCreateSerializer,
        responses={201: s.ArtificialScoreSerializer, **ERRORS},
    )
    def create(self, request):
        data = _valid(s.ArtificialScoreCreateSerializer, request)
        adjustment = standings_services.set_artificial(
            event=self.own_event(data["event"]),
            round_number=data["game"],
            table_number=data["table"],
            direction=data["direction"],
            code=data["code"],
            reason=data["reason"],
            by=request.user,
        )
        return self.created(s.ArtificialScoreSerializer(self.get_queryset().get(pk=adjustment.pk)).data)

    @extend_schema(
        summary="Withdraw this artificial score (it stays in the log, stamped)",
        request=s.WithdrawAdjustmentSerializer,
        responses={200: s.ArtificialScoreSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        data = _valid(s.WithdrawAdjustmentSerializer, request)
        adjustment = standings_services.withdraw_artificial(
            adjustment=self.get_object(), by=request.user, reason=data["reason"]
        )
        return Response(s.ArtificialScoreSerializer(self.get_queryset().get(pk=adjustment.pk)).data)


@extend_schema_view(
    list=extend_schema(summary="Fouled-set rulings of your clubs' events", parameters=_ADJUSTMENT_FILTERS),
    retrieve=extend_schema(summary="One fouled-set ruling", responses={200: s.FouledSetSerializer, **NOT_FOUND}),
)
class FouledSetViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, ScopedViewSet):
    serializer_class = s.FouledSetSerializer

    def get_queryset(self):
        return (
            FouledSet.objects.filter(event__club__in=self.clubs())
            .select_related("created_by", "withdrawn_by")
            .order_by("event_id", "game_set_number", "created_at", "id")
        )

    def filter_list(self, queryset):
        return _adjustment_filters(self, queryset)

    @extend_schema(
        summary="Declare a game set fouled: its plays split into the groups that played one version",
        request=s.FouledSetCreateSerializer,
        responses={201: s.FouledSetSerializer, **ERRORS},
    )
    def create(self, request):
        data = _valid(s.FouledSetCreateSerializer, request)
        fouling = standings_services.set_fouled(
            event=self.own_event(data["event"]),
            game_set=data["game_set"],
            groups=data["groups"],
            reason=data["reason"],
            by=request.user,
        )
        return self.created(s.FouledSetSerializer(self.get_queryset().get(pk=fouling.pk)).data)

    @extend_schema(
        summary="Withdraw this ruling (it stays in the log, stamped)",
        request=s.WithdrawAdjustmentSerializer,
        responses={200: s.FouledSetSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        data = _valid(s.WithdrawAdjustmentSerializer, request)
        fouling = standings_services.withdraw_fouled(fouling=self.get_object(), by=request.user, reason=data["reason"])
        return Response(s.FouledSetSerializer(self.get_queryset().get(pk=fouling.pk)).data)
