"""Writes of the outbox. Filling and sending are separate: ``send_results`` writes one row per
consenting player (a unique constraint: never two) in one transaction and, once it commits, hands
each row still owed to the send task by its name (``SEND_TASK``: a Celery worker on the league
server, in-process on a laptop, where Celery runs eagerly). ``send_one`` sends a row holding its
lock, so two workers never send the same row and a worker killed mid-send leaves it waiting."""

from __future__ import annotations

import logging

from celery import signature
from django.db import transaction
from django.utils import timezone

from director.audit import services as audit
from director.clubs import services as clubs
from director.clubs.models import Player
from director.core.errors import Conflict, ValidationError

from . import messages
from .figures import changed, figures_of
from .models import Outbox

log = logging.getLogger(__name__)

SEND_TASK = "director.mail.tasks.send_message"
S = Outbox.Status
OWED = (S.WAITING, S.FAILED)
MAX_ATTEMPTS = 6  # the first send and five retries (tasks.backoff: about 21 minutes in all)


def _released(event) -> None:
    if not event.standings_released:
        raise Conflict(
            f"the standings of {event.name} are not released yet: switch Standings on before sending results",
            field="send",
        )


def _enqueue(ids: list[int]) -> None:
    for pk in ids:
        try:
            signature(SEND_TASK, args=(pk,)).apply_async()
        except Exception:  # the broker is down: the row stays waiting for the next "Send now"
            log.exception("could not enqueue outbox row %s", pk)


@transaction.atomic
def send_results(*, event, by=None) -> dict[str, int]:
    """Write the outbox of ``event`` (a row for each consenting player with an address who is in the
    standings and has none yet) and send every row not sent yet; ``Conflict`` before release."""
    _released(event)
    figures = figures_of(event)
    players = Player.objects.filter(pk__in=figures, email_consent_at__isnull=False).exclude(email="")
    new = [Outbox(event=event, player=p, address=p.email, figures=figures[p.pk]) for p in players]
    # A concurrent "send" writes the same rows: the constraint keeps one, the other is skipped.
    Outbox.objects.bulk_create(new, ignore_conflicts=True)
    # A message still owed (the laptop was offline) says what the standings say now, not at first.
    owed_rows = list(Outbox.objects.select_for_update().filter(event=event, status__in=OWED))
    stale = [row for row in owed_rows if row.player_id in figures and row.figures != figures[row.player_id]]
    for row in stale:
        row.figures = figures[row.player_id]
    Outbox.objects.bulk_update(stale, ["figures"])
    owed = [row.pk for row in owed_rows]
    counts = outbox_counts(event)
    audit.record("mail.send_results", event=event, user=by, after={"sending": len(owed), **counts})
    transaction.on_commit(lambda: _enqueue(owed))
    return {"sending": len(owed), **counts}


@transaction.atomic
def send_corrections(*, event, by=None) -> int:
    """Offer the corrected results to the players whose figures changed since their message was
    sent, and only to them: their rows become "corrected" messages waiting to go. Returns how many."""
    _released(event)
    now = figures_of(event)
    rows = list(Outbox.objects.select_for_update().filter(event=event, status=S.SENT))
    again = [row for row in rows if changed(row.figures, now.get(row.player_id))]
    for row in again:
        if row.player_id not in now:  # no longer in the standings: nothing to correct to
            continue
        row.kind, row.status, row.figures = Outbox.Kind.CORRECTED, S.WAITING, now[row.player_id]
        row.attempts, row.error = 0, ""
        row.save(update_fields=["kind", "status", "figures", "attempts", "error", "updated_at"])
    ids = [row.pk for row in again if row.status == S.WAITING]
    audit.record("mail.send_corrections", event=event, user=by, after={"corrected": len(ids)})
    transaction.on_commit(lambda: _enqueue(ids))
    return len(ids)


def corrections_due(event) -> int:
    """Sent messages whose figures have changed since (what "Send corrected results" would send)."""
    sent = list(Outbox.objects.filter(event=event, status=S.SENT).values_list("player_id", "figures"))
    if not sent:
        return 0
    now = figures_of(event)
    return sum(1 for player_id, figures in sent if player_id in now and changed(figures, now[player_id]))


def outbox_counts(event) -> dict[str, int]:
    """``{"sent", "waiting", "failed"}`` of the event's outbox (one query)."""
    counts = dict.fromkeys(S.values, 0)
    for status in Outbox.objects.filter(event=event).values_list("status", flat=True):
        counts[status] += 1
    return counts


def send_one(outbox_id: int) -> str:
    """Send one owed row: "sent", "skipped" (sent already, or another worker holds it) or "dropped"
    (the player withdrew consent meanwhile). A failure to send raises; the row stays owed."""
    with transaction.atomic():
        row = (
            Outbox.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event__club", "player")
            .filter(pk=outbox_id, status__in=OWED)
            .first()
        )
        if row is None:
            return "skipped"
        if not row.player.mail_consent:
            row.delete()
            return "dropped"
        messages.build(row).send()
        # Sent while the row is locked: were the process killed before this commit, the row is
        # still owed and goes again (the only way to a second copy: the few milliseconds between
        # the mail server's "accepted" and this commit).
        row.status, row.sent_at, row.error = S.SENT, timezone.now(), ""
        row.attempts += 1
        row.save(update_fields=["status", "sent_at", "error", "attempts", "updated_at"])
        return "sent"


@transaction.atomic
def record_failure(outbox_id: int, error: Exception, *, final: bool) -> None:
    """A send that failed: counted, its reason kept; ``final`` (no retry left) marks it failed."""
    text = f"{error.__class__.__name__}: {error}"[:300]
    row = Outbox.objects.select_for_update().filter(pk=outbox_id, status__in=OWED).first()
    if row is None:
        return
    row.attempts += 1
    row.error = text
    row.status = S.FAILED if final or row.attempts >= MAX_ATTEMPTS else S.WAITING
    row.save(update_fields=["attempts", "error", "status", "updated_at"])


@transaction.atomic
def unsubscribe(*, token: str) -> Player:
    """Withdraw the consent the signed link names (no sign-in: the signature is the proof); the
    player's waiting messages are dropped. ``ValidationError`` for a link not made here."""
    value = messages.read_token(token)
    player = Player.objects.filter(pk=(value or {}).get("p"), club_id=(value or {}).get("c")).first()
    if player is None:
        raise ValidationError("this unsubscribe link is not valid (was it copied whole?)", field="token")
    if player.email_consent_at is not None:
        clubs.update_player(player=player, consent=False)
        audit.record("mail.unsubscribe", club=player.club, obj=player, user=None, note="by the link in a message")
    Outbox.objects.filter(player=player, status__in=OWED).delete()
    player.refresh_from_db()
    return player
