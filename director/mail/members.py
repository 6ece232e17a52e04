"""A member's data on request (data-protection law): everything held about a player as JSON, and
the erasure of their personal data — the name becomes a placeholder, the address and consent go —
while their seats and partnerships, and so every past result and standing, stay whole. Both audited."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from director.audit import services as audit
from director.audit.models import AuditEntry
from director.clubs.models import Player
from director.core.errors import ValidationError
from director.events.models import Event

from .models import Outbox


def _events_of(player: Player):
    """The events the player played in (seated in person, or through a partnership)."""
    from django.db.models import Q

    seated = Q(rounds__seatings__seats__player=player) | Q(partnerships__members__player=player)
    ids = Event.objects.filter(seated, club=player.club_id).values("pk")
    return Event.objects.filter(pk__in=ids).order_by("date", "pk")


def player_record(player: Player) -> dict:
    """The member's personal data and where it is used (one query a part)."""
    return {
        "player": {
            "id": player.pk,
            "club": player.club.name,
            "name": player.name,
            "membership_number": player.external_id,
            "active": player.active,
            "email": player.email,
            "email_consent_at": player.email_consent_at.isoformat() if player.email_consent_at else None,
            "email_consent_how": player.email_consent_how,
            "email_withdrawn_at": player.email_withdrawn_at.isoformat() if player.email_withdrawn_at else None,
            "erased_at": player.erased_at.isoformat() if player.erased_at else None,
            "created_at": player.created_at.isoformat(),
        },
        "events": [{"id": e.pk, "name": e.name, "date": e.date.isoformat()} for e in _events_of(player)],
        "messages": [
            {"event": r.event_id, "to": r.address, "kind": r.kind, "status": r.status, "figures": r.figures}
            | {"sent_at": r.sent_at.isoformat() if r.sent_at else None}
            for r in Outbox.objects.filter(player=player).order_by("pk")
        ],
        "audit_log": [
            {"at": e.at.isoformat(), "action": e.action, "by": e.actor, "before": e.before, "after": e.after}
            for e in AuditEntry.objects.filter(object_type="clubs.player", object_id=str(player.pk)).order_by("pk")
        ],
    }


@transaction.atomic
def export_player(*, player: Player, by=None) -> dict:
    data = player_record(player)
    audit.record("mail.export_player", club=player.club, obj=player, user=by, note="personal data exported")
    return data


@transaction.atomic
def erase_player(*, player: Player, by=None, typed: str = "") -> Player:
    """Erase ``player``'s personal data once the director typed their name (as a confirmation)."""
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    if player.erased_at is not None:
        raise ValidationError(f"player {player.pk}'s personal data was erased already", field="typed")
    if " ".join(typed.split()).casefold() != player.name.casefold():
        raise ValidationError(f"type the player's name, {player.name}, to erase their personal data", field="typed")
    player.name = f"Erased player {player.pk}"  # unique in the club: the primary key is
    player.external_id = ""
    player.email = ""
    player.email_consent_at = None
    player.email_consent_how = ""
    player.email_withdrawn_at = None
    player.active = False
    player.erased_at = timezone.now()
    player.save()
    Outbox.objects.filter(player=player).update(address="erased@invalid", figures={})
    # The audit log is append-only (audit.models): its earlier entries keep the old name as the
    # record of who did what; it is readable by the club's directors only (docs/security.md).
    audit.record("mail.erase_player", club=player.club, obj=player, user=by, note="personal data erased")
    return player
