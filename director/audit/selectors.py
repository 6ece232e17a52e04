"""Reads of the audit log."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import AuditEntry


def entries_for_event(event, *, action: str | None = None) -> QuerySet[AuditEntry]:
    """The event's entries, newest first (one query)."""
    entries = AuditEntry.objects.filter(event=event).select_related("user")
    if action:
        entries = entries.filter(action__startswith=action)
    return entries.order_by("-at", "-id")


def entries_for_object(obj) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(object_type=obj._meta.label_lower, object_id=str(obj.pk)).order_by("at", "id")


def entries_for_clubs(clubs) -> QuerySet[AuditEntry]:
    """The entries of these clubs (a queryset of clubs), newest first (one query)."""
    return AuditEntry.objects.filter(club__in=clubs).order_by("-at", "-id")
