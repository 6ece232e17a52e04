"""The director's audit pages: the event's log, and one table's sheet history for one game with
the director's overrides (confirm a version, withdraw the result). Overrides go through
``results.services``, which writes the log entries."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from director.core.errors import DomainError, NotFound
from director.core.parsing import parse_text
from director.core.view_helpers import director_view
from director.events.access import event_for
from director.events.models import Table
from director.events.services import get_round
from director.results import selectors as results_selectors
from director.results import services as results_services
from director.results.models import Submission

from .models import AuditEntry
from .selectors import entries_for_event
from .sentences import read
from .services import ACTIONS

PAGE_SIZE = 100


def _table(event, number) -> Table:
    table = Table.objects.filter(event=event, number=number).first()
    if table is None:
        raise NotFound(f"{event.name} has no table {number}", field="table")
    return table


def _version_id(request) -> int | None:
    """The version the director picked (a submission's id), or None when the form sent something
    that is no id (a crafted post): then there is no such version, never a 500."""
    value = str(request.POST.get("submission", "")).strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 18 else None


def _history(entry) -> tuple[int, int] | None:
    """(game, table) of the sheet an entry is about, for a link to its history: the director's
    entries name the table; a table's own entries are by "table N"."""
    after = entry.after if isinstance(entry.after, dict) else {}
    game, table = after.get("round"), after.get("table")
    if table is None and entry.action.startswith("table.") and entry.actor.startswith("table "):
        table = entry.actor.removeprefix("table ")
    try:
        return (int(game), int(table)) if game is not None and table is not None else None
    except (TypeError, ValueError):
        return None


@director_view
def event_log(request, event_id):
    event = event_for(request.user, event_id)
    action = request.GET.get("action", "")
    if action not in ACTIONS and action not in {"results", "table", "deals", "events", "movements"}:
        action = ""
    page = Paginator(entries_for_event(event, action=action or None), PAGE_SIZE).get_page(request.GET.get("page"))
    # The director's own entries carry no sheet in the log: read it from the version they wrote.
    entered = {
        int(entry.object_id)
        for entry in page
        if entry.action == "results.enter_sheet" and entry.object_type == "results.submission" and entry.object_id
    }
    sheets = dict(Submission.objects.filter(pk__in=entered, round__event=event).values_list("pk", "sheet"))
    kind = results_selectors.kind_of_cell(event)  # the event's kind of sheet lays its sheets out
    for entry in page:
        entry.reading = read(entry)
        sheet = entry.reading.sheet
        entry.sheet_label = entry.reading.sheet_label
        if sheet is None and entry.object_id.isdigit() and int(entry.object_id) in sheets:
            sheet, entry.sheet_label = sheets[int(entry.object_id)], "Sheet entered"
        entry.sheet_view = kind.view(sheet) if sheet else None
        entry.history = _history(entry)
    disputed = list(results_selectors.disputed(event).order_by("round__number", "table__number"))
    return render(
        request,
        "director/audit/event_log.html",
        {"event": event, "club": event.club, "page": page, "action": action, "disputed": disputed},
    )


@director_view
def sheet_history(request, event_id, number, table_number):
    event = event_for(request.user, event_id)
    round_obj = get_round(event, number)
    table = _table(event, table_number)
    versions = list(results_selectors.history(table, round_obj))
    disputes = _disputes(versions)
    previous, kind = None, results_selectors.kind_of_cell(event)
    for version in versions:
        version.side = (version.submitted_side or None) if version.source == Submission.Source.TABLE else None
        # On a night of player codes: the player, or the partnership whose code it was, who acted.
        version.sent_by = _acted(version.submitted_by_player, version.submitted_by_partnership)
        version.answered_by = _acted(version.status_changed_by_player, version.status_changed_by_partnership)
        # Each version read as a sheet, its boxes marked where they differ from the version before.
        version.view = kind.view(version.sheet, previous.sheet if previous else None)
        version.changed_scores = {
            name: previous is not None and getattr(previous, name) != getattr(version, name)
            for name in ("majors", "minors", "net")
        }
        proposed = (version.proposal or {}).get("sheet")
        # the disputing side's own sheet, marked where it differs from the version they disputed
        version.proposal_view = kind.view(proposed, version.sheet) if proposed else None
        version.disputes = disputes.get(str(version.pk), [])
        previous = version
    return render(
        request,
        "director/audit/sheet_history.html",
        {"event": event, "club": event.club, "round": round_obj, "table": table, "versions": versions},
    )


def _acted(player, partnership) -> str:
    """Who acted at the table: "Partnership 3 (Ann & Bob)" on a night of partnership codes, the
    player's name on a night of player codes, "" on a night of table links."""
    if partnership is not None:
        return f"{partnership} ({' & '.join(m.player.name for m in partnership.members.all())})"
    return player.name if player is not None else ""


DISPUTED_BY = {"majors": "the ♠♥ side", "minors": "the ♦♣ side"}


def _disputes(versions) -> dict[str, list[dict]]:
    """Who disputed each version, when and why, from the audit log: a later status (the director's
    correction) replaces the dispute's note on the version itself, the log keeps it."""
    entries = AuditEntry.objects.filter(
        action__in=("table.dispute", "results.dispute"),
        object_type=Submission._meta.label_lower,
        object_id__in=[str(v.pk) for v in versions],
    ).order_by("at", "id")
    found: dict[str, list[dict]] = {}
    for entry in entries:
        side = (entry.after or {}).get("side") if isinstance(entry.after, dict) else None
        who = DISPUTED_BY.get(side) or entry.actor
        found.setdefault(entry.object_id, []).append({"who": who, "at": entry.at, "note": entry.note})
    return found


@require_POST
@director_view
def override(request, event_id, number, table_number):
    """The director confirms one version (over a dispute, or back to an earlier one), enters the
    sheet proposed with a dispute as a new confirmed version, or withdraws the table's result."""
    event = event_for(request.user, event_id)
    round_obj = get_round(event, number)
    table = _table(event, table_number)
    action = request.POST.get("action")
    try:
        note = parse_text(request.POST.get("note"), "the note", field="note")[:500]
        if action == "confirm":
            submission = Submission.objects.filter(pk=_version_id(request), table=table, round=round_obj).first()
            if submission is None:
                raise NotFound("no such version of this sheet", field="submission")
            results_services.confirm_submission(submission=submission, by=request.user, note=note)
            messages.success(request, f"Version {submission.version} is now the confirmed sheet.")
        elif action == "adopt":
            disputed = Submission.objects.filter(
                pk=_version_id(request), table=table, round=round_obj, status=Submission.Status.DISPUTED
            ).first()
            if disputed is None or not (disputed.proposal or {}).get("sheet"):
                raise NotFound("no disputed version with a proposed sheet", field="submission")
            created = results_services.enter_sheet(
                table=table,
                round=round_obj,
                sheet=disputed.proposal["sheet"],
                by=request.user,
                note=note or f"the sheet proposed with the dispute of version {disputed.version}",
            )
            messages.success(request, f"The proposed sheet is now version {created.version}, confirmed.")
        elif action == "withdraw":
            count = results_services.withdraw_result(table=table, round=round_obj, by=request.user, note=note)
            messages.success(request, f"Withdrawn: {count} version{'s' * (count != 1)} superseded.")
        else:
            messages.error(request, "Unknown action.")
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("audit:sheet_history", event_id=event.pk, number=round_obj.number, table_number=table.number)
