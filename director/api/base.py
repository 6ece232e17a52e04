"""What every API view stands on: the scoped base view set, the body check, the error responses."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from director.clubs.access import clubs_for
from director.clubs.models import Club
from director.events.models import Event, Round, Table

from . import serializers as s
from .pagination import Pagination
from .parsers import StrictJSONParser

ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="bad input: `{field: [messages]}` or `{detail}`"),
    404: OpenApiResponse(s.ErrorSerializer, description="not found among your clubs' data"),
    409: OpenApiResponse(s.ErrorSerializer, description="clashes with the current state"),
}
NOT_FOUND = {404: ERRORS[404]}
SEATED = inline_serializer(
    "Seated",
    {
        "seatings": serializers.IntegerField(),
        # what is poor about the movement (repeated opponents, idle tables), with the fixes
        "warnings": serializers.ListField(child=serializers.DictField()),
    },
)


def _param(name: str, type_=OpenApiTypes.INT, description: str = "", enum=None) -> OpenApiParameter:
    return OpenApiParameter(name, type_, OpenApiParameter.QUERY, description=description, enum=enum)


def owned(queryset: QuerySet, pk: int, what: str):
    """The object ``pk`` of a queryset already scoped to the user's clubs, else a 404."""
    found = queryset.filter(pk=pk).first()
    if found is None:
        raise NotFound(f"no {what} {pk} among your clubs" + ("" if what == "club" else f"' {what}s"))
    return found


class ScopedViewSet(GenericViewSet):
    """Base: paginated, integer ids, JSON bodies, filters applied to lists only."""

    pagination_class = Pagination
    parser_classes = [StrictJSONParser]  # bodies are JSON (docs/api.md), so a number is a JSON number
    lookup_value_regex = r"[0-9]{1,18}"

    def clubs(self) -> QuerySet[Club]:
        return clubs_for(self.request.user)

    def filter_list(self, queryset: QuerySet) -> QuerySet:
        return queryset

    def filter_queryset(self, queryset):
        return self.filter_list(queryset) if self.action == "list" else queryset

    def created(self, data) -> Response:
        return Response(data, status=status.HTTP_201_CREATED)

    # Objects named in request bodies, scoped like everything else.
    def own_club(self, pk: int) -> Club:
        return owned(self.clubs(), pk, "club")

    def own_event(self, pk: int) -> Event:
        return owned(Event.objects.select_related("club").filter(club__in=self.clubs()), pk, "event")

    def own_table(self, pk: int) -> Table:
        return owned(Table.objects.select_related("event").filter(event__club__in=self.clubs()), pk, "table")

    def own_round(self, pk: int) -> Round:
        return owned(Round.objects.select_related("event").filter(event__club__in=self.clubs()), pk, "round")


def _valid(serializer_class, request, **kwargs) -> dict:
    """The body, read by ``serializer_class``. A field it does not know is a 400 naming it: left
    unread, a typo (``"standings_relased": true``) or a switch set elsewhere would answer 200 and do
    nothing."""
    serializer = serializer_class(data=request.data, **kwargs)
    if isinstance(request.data, dict):
        takes = sorted(name for name, field in serializer.fields.items() if not field.read_only)
        unknown = sorted(str(name) for name in request.data if name not in takes)
        if unknown:
            words = f"this request takes {', '.join(takes)}" if takes else "this request takes no fields"
            raise serializers.ValidationError({name[:40]: [f"unknown field: {words}"] for name in unknown[:20]})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
