"""Writes for scoresheets: append-only, versioned submissions (DESIGN.md).

Concurrency: every write for one table takes that table's row lock (``select_for_update`` inside
``transaction.atomic``) before it reads versions or statuses, so two writers for the same table
queue rather than interleave; status moves are also compare-and-swap updates. The database's
conditional unique constraint (one confirmed sheet per table and game) and the unique
idempotency key back this up whatever happens.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from director.audit.services import record, record_submission
from director.core.errors import Conflict, NotFound, ValidationError
from director.events.models import Event, Round, Table
from director.events.services import results_changed

from .adapters import score_sheet
from .models import Submission

S = Submission.Status
MAX_KEY = 80


def _check_key(key) -> str | None:
    if key in (None, ""):
        return None
    if not isinstance(key, str) or len(key) > MAX_KEY:
        raise ValidationError(
            f"the idempotency key must be text of at most {MAX_KEY} characters", field="idempotency_key"
        )
    return key


def _replay(key: str | None, table: Table, round: Round) -> Submission | None:
    """The submission an earlier request with this key created (a retry), or None."""
    if key is None:
        return None
    earlier = Submission.objects.filter(idempotency_key=key).first()
    if earlier is not None and (earlier.table_id != table.pk or earlier.round_id != round.pk):
        raise Conflict("this idempotency key was already used for another table or game", field="idempotency_key")
    return earlier


def _check_place(table: Table, round: Round) -> None:
    if table.event_id != round.event_id:
        raise NotFound(f"table {table.number} and game {round.number} are not in the same event", field="table")


def _lock_table(table: Table) -> Table:
    """Every write takes the table's lock first; it also marks the event's results changed (in the
    same transaction, so a refused write changes nothing)."""
    locked = Table.objects.select_for_update().get(pk=table.pk)
    results_changed(locked.event_id)
    return locked


def _create(*, key: str | None, **fields) -> Submission:
    version = (
        Submission.objects.filter(table=fields["table"], round=fields["round"]).aggregate(v=Max("version"))["v"] or 0
    ) + 1
    try:
        with transaction.atomic():  # a savepoint: a lost race leaves the outer transaction usable
            return Submission.objects.create(version=version, idempotency_key=key, **fields)
    except IntegrityError as error:
        if key is not None:
            earlier = Submission.objects.filter(idempotency_key=key).first()
            if earlier is not None:
                return earlier
        raise Conflict(
            f"table {fields['table'].number}, game {fields['round'].number} already has a confirmed sheet",
            field="sheet",
        ) from error


def _supersede(table: Table, round: Round, *, statuses, by=None, note: str = "") -> int:
    return Submission.objects.filter(table=table, round=round, status__in=statuses).update(
        status=S.SUPERSEDED, status_changed_at=timezone.now(), status_changed_by=by, status_note=note
    )


def enter_sheet(
    *,
    table: Table,
    round: Round,
    sheet: dict,
    by=None,
    confirm: bool = True,
    source: str = Submission.Source.DIRECTOR,
    ip: str | None = None,
    idempotency_key: str | None = None,
    note: str = "",
) -> Submission:
    """The director enters or corrects the sheet of ``table`` for game ``round``.

    A new version is written; with ``confirm`` (the default) it becomes the confirmed sheet and
    whatever was confirmed or pending before is superseded. A sheet that does not add up (208
    check), has a negative count or text where a number belongs raises ``ValidationError`` with
    every problem, and nothing is written. A repeated ``idempotency_key`` returns the first result.
    """
    key = _check_key(idempotency_key)
    _check_place(table, round)
    if source not in Submission.Source.values:
        raise ValidationError(f"unknown source {source!r}", field="source")
    earlier = _replay(key, table, round)
    if earlier is not None:
        return earlier
    scored = score_sheet(sheet, form=_form(round))
    with transaction.atomic():
        table = _lock_table(table)
        earlier = _replay(key, table, round)
        if earlier is not None:
            return earlier
        if confirm:
            _supersede(
                table, round, statuses=[S.CONFIRMED, S.SUBMITTED, S.DISPUTED], by=by, note="corrected by the director"
            )
        now = timezone.now()
        created = _create(
            key=key,
            table=table,
            round=round,
            sheet=scored.sheet,
            majors=scored.majors,
            minors=scored.minors,
            net=scored.net,
            status=S.CONFIRMED if confirm else S.SUBMITTED,
            source=source,
            submitted_by_user=by,
            ip_address=ip or None,
            note=note or "",
            status_changed_at=now if confirm else None,
            status_changed_by=by if confirm else None,
        )
        record_submission("results.enter_sheet", created, user=by, note=note)
        return created


def _form(round: Round) -> str:
    return Event.objects.filter(pk=round.event_id).values_list("form", flat=True).first() or "partnership"


def submit_from_table(
    *,
    table: Table,
    round: Round,
    sheet: dict,
    ip: str | None = None,
    idempotency_key: str | None = None,
    note: str = "",
) -> Submission:
    """A table submits its own sheet, to be confirmed by the opponents (issue 8 builds on this).

    Refused while another sheet is pending or confirmed for this table and game ("already
    submitted — confirm or dispute"), and once the director has closed the game.
    """
    key = _check_key(idempotency_key)
    _check_place(table, round)
    earlier = _replay(key, table, round)
    if earlier is not None:
        return earlier
    scored = score_sheet(sheet, form=_form(round))
    with transaction.atomic():
        table = _lock_table(table)
        earlier = _replay(key, table, round)
        if earlier is not None:
            return earlier
        if Round.objects.filter(pk=round.pk, status=Round.Status.CLOSED).exists():
            raise Conflict(f"game {round.number} is closed; ask the director", field="round")
        if Submission.objects.filter(table=table, round=round, status__in=[S.SUBMITTED, S.CONFIRMED]).exists():
            raise Conflict(
                f"table {table.number}, game {round.number} is already submitted — confirm or dispute it",
                field="sheet",
            )
        return _create(
            key=key,
            table=table,
            round=round,
            sheet=scored.sheet,
            majors=scored.majors,
            minors=scored.minors,
            net=scored.net,
            status=S.SUBMITTED,
            source=Submission.Source.TABLE,
            submitted_by_table=table,
            ip_address=ip or None,
            note=note or "",
        )


def confirm_submission(*, submission: Submission, by=None, by_table: Table | None = None, note: str = "") -> Submission:
    """Confirm a submitted (or disputed) sheet. The director (``by``) may confirm any version,
    superseding what was confirmed; a table (``by_table``) only a submitted one."""
    with transaction.atomic():
        table = _lock_table(submission.table)
        current = Submission.objects.get(pk=submission.pk)
        allowed = [S.SUBMITTED] if by_table is not None and by is None else [S.SUBMITTED, S.DISPUTED, S.SUPERSEDED]
        if current.status == S.CONFIRMED:
            return current
        if current.status not in allowed:
            raise Conflict(f"version {current.version} is {current.status} and cannot be confirmed", field="status")
        if by is None and by_table is not None and by_table.pk != table.pk:
            raise NotFound("this sheet is not for your table", field="submission")
        _supersede(table, current.round, statuses=[S.CONFIRMED], by=by, note=f"replaced by version {current.version}")
        moved = Submission.objects.filter(pk=current.pk, status=current.status).update(
            status=S.CONFIRMED,
            status_changed_at=timezone.now(),
            status_changed_by=by,
            status_changed_by_table=by_table,
            status_note=note or "",
        )
        if moved != 1:  # pragma: no cover - we hold the table lock
            raise Conflict("the sheet changed while it was being confirmed; try again", field="status")
        current.refresh_from_db()
        if by is not None:  # a table's confirmation is logged by director.table
            record_submission("results.confirm", current, user=by, note=note)
        return current


def dispute_submission(
    *,
    submission: Submission,
    by=None,
    by_table: Table | None = None,
    note: str = "",
    side: str = "",
    proposal: dict | None = None,
) -> Submission:
    """Mark a submitted sheet disputed (it is flagged to the director, who corrects or confirms).

    ``proposal``: the disputing side's own sheet, kept with the dispute as the correction they
    propose. It must add up (``ValidationError`` otherwise, and nothing is written)."""
    proposed = None
    if proposal is not None:
        scored = score_sheet(proposal, form=_form(submission.round))
        proposed = {"sheet": scored.sheet, "majors": scored.majors, "minors": scored.minors, "net": scored.net}
    with transaction.atomic():
        _lock_table(submission.table)
        moved = Submission.objects.filter(pk=submission.pk, status=S.SUBMITTED).update(
            status=S.DISPUTED,
            status_changed_at=timezone.now(),
            status_changed_by=by,
            status_changed_by_table=by_table,
            status_changed_side=side or "",
            status_note=note or "",
            proposal=proposed,
        )
        current = Submission.objects.get(pk=submission.pk)
        if moved != 1:
            raise Conflict(f"version {current.version} is {current.status}, not awaiting confirmation", field="status")
        if by is not None:  # a table's dispute is logged by director.table
            record_submission("results.dispute", current, user=by, before={"status": S.SUBMITTED}, note=note)
        return current


def withdraw_result(*, table: Table, round: Round, by=None, note: str = "") -> int:
    """The director takes back whatever sheet stands for a table and game (e.g. entered for the
    wrong table): every live version is superseded, nothing is deleted. Returns how many."""
    _check_place(table, round)
    with transaction.atomic():
        table = _lock_table(table)
        count = _supersede(
            table,
            round,
            statuses=[S.CONFIRMED, S.SUBMITTED, S.DISPUTED],
            by=by,
            note=note or "withdrawn by the director",
        )
        record(
            "results.withdraw",
            event=round.event_id,
            user=by,
            after={"table": table.number, "round": round.number, "superseded": count},
            note=note,
        )
        return count
