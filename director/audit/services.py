"""Writing the audit log. ``record`` is the only writer; call it inside the transaction of the
change it describes, after the change (so a refused change leaves no entry)."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from .context import current_request, request_ip, request_user
from .models import AuditEntry

# What each action means, in the director's words (the audit page shows these).
ACTIONS = {
    "results.enter_sheet": "entered or corrected a scoresheet",
    "results.confirm": "confirmed a scoresheet",
    "results.dispute": "disputed a scoresheet",
    "results.withdraw": "withdrew a result",
    "table.submit": "submitted the table's scoresheet",
    "table.confirm": "confirmed the opponents' scoresheet",
    "table.dispute": "disputed the opponents' scoresheet",
    "deals.release_hands": "released or withdrew the hands",
    "deals.reveal_seed": "revealed the game sets' seed",
    "deals.deal_auction": "dealt the Auction team match's rounds",
    "events.apply_plan": "changed the seating (movement)",
    "events.public_switches": "changed what the public sees",
    "events.reissue_table_token": "re-issued a table's entry link",
    "events.reissue_player_code": "re-issued a player's code (a lost card)",
    "events.coop_bands": "changed the coöperative grade bands",
    "events.embers_short_game": "allowed an Embers game shorter than four hands",
    "clubs.settings": "changed the club's settings",
    "clubs.update_player": "changed a player (name, membership number, e-mail and consent, or active)",
    "events.start": "started the event",
    "events.finish": "finished the event",
    "events.reopen": "re-opened a finished event",
    "events.close_round": "closed a game",
    "events.finish_forced": "finished the event with unfinished results",
    "events.start_without_sets": "started a duplicate event without game sets",
    "events.reopen_round": "reopened a game",
    "standings.artificial": "gave an artificial score",
    "standings.withdraw_artificial": "withdrew an artificial score",
    "standings.fouled": "declared a game set fouled",
    "standings.withdraw_fouled": "withdrew a fouled-set ruling",
    "movements.build": "built the movement",
    "movements.swap": "swapped two places in the movement",
    "movements.latecomer": "seated a latecomer",
    "movements.next_round": "drew the next game of the movement",
    "movements.correction_seating": "corrected a sheet that later seating was drawn from",
    "movements.correction_kept": "kept the seating as played after a correction",
    "movements.correction_reseat": "re-seated a game after a correction",
    "events.delete": "deleted an event",
    "mail.send_results": "sent the results by e-mail",
    "mail.send_corrections": "sent corrected results by e-mail",
    "mail.unsubscribe": "a player unsubscribed from results by e-mail",
    "mail.export_player": "exported a player's personal data",
    "mail.erase_player": "erased a player's personal data",
}


def _jsonable(value):
    """``value`` as it will read back from the JSON column (dates become text, tuples lists)."""
    if value is None:
        return None
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def record(
    action: str,
    *,
    event=None,
    club=None,
    obj=None,
    before=None,
    after=None,
    user=None,
    table=None,
    note: str = "",
    ip: str | None = None,
) -> AuditEntry:
    """Log ``action`` (a key of ``ACTIONS``, or any dotted name) on ``obj`` of ``event``.

    Who acted: ``user``, else ``table`` (a table's entry link), else the signed-in user of the
    request being served, else "system". ``before``/``after`` are JSON-able values describing
    what changed (never card contents: the log is for directors, but hands stay in one place).
    """
    request = current_request()
    if user is None and table is None:
        user = request_user(request)
    if user is not None:
        actor = user.get_username()
    elif table is not None:
        actor = f"table {table.number}"
    else:
        actor = "system"
    event_id = getattr(event, "pk", event)
    if event_id is None and obj is not None:
        event_id = getattr(obj, "event_id", None)
    if event_id is None and table is not None:
        event_id = table.event_id
    club_id = getattr(club, "pk", club)
    if club_id is None and event_id is not None:
        # The log stands below the apps it records: it reaches the event's row through its own
        # foreign key, never by importing ``events``.
        events = AuditEntry._meta.get_field("event").related_model.objects
        club_id = getattr(event, "club_id", None)
        club_id = club_id or events.filter(pk=event_id).values_list("club_id", flat=True).first()
    return AuditEntry.objects.create(
        at=timezone.now(),
        user=user,
        actor=actor[:160],
        club_id=club_id,
        event_id=event_id,
        action=action,
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        object_repr=str(obj)[:200] if obj is not None else "",
        before=_jsonable(before),
        after=_jsonable(after),
        note=note or "",
        ip_address=ip or request_ip(request),
    )


def describe(action: str) -> str:
    return ACTIONS.get(action, action)


def submission_summary(submission) -> dict:
    """What the log keeps of a scoresheet version (numbers only; the sheet is in the submission)."""
    return {
        "table": submission.table.number,
        "round": submission.round.number,
        "version": submission.version,
        "status": submission.status,
        "source": submission.source,
        "majors": submission.majors,
        "minors": submission.minors,
        "net": submission.net,
    }


def record_submission(action: str, submission, *, user=None, table=None, before=None, note: str = ""):
    """Log a change to a scoresheet version (the one-line call ``results.services`` makes)."""
    return record(
        action,
        obj=submission,
        event=submission.round.event_id,
        user=user,
        table=table,
        before=before,
        after=submission_summary(submission),
        note=note,
    )
