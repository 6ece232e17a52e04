"""Writes for scoresheets: append-only, versioned submissions (DESIGN.md).

Concurrency: every write for one table takes that table's row lock (``select_for_update`` inside
``transaction.atomic``), then its game's (``events.services.lock_rounds``), before it reads
versions or statuses, so two writers for the same table queue rather than interleave, and closing
the game or finishing the event (which lock the games first) waits for a sheet being written: its
close time comes after the sheet, and a table's sheet that queued behind the close is refused
(``check_accepting``, read under the lock). Status moves are also compare-and-swap updates. The database's
conditional unique constraint (one confirmed sheet per table and game) and the unique
idempotency key back this up whatever happens.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from director.audit.services import record, record_submission
from director.core.errors import Conflict, DomainError, NotFound, PermissionDenied, ValidationError
from director.events import services as event_services
from director.events.changes import results_changed
from director.events.locks import locked_event
from director.events.models import Event, Round, Seat, Table
from director.events.selectors import table_variant
from director.sheets.base import SheetKind
from director.sheets.registry import kind_of

from . import selectors
from .adapters import score_sheet
from .models import Submission

S = Submission.Status
MAX_KEY = 80


def check_key(key) -> str | None:
    """An idempotency key as given (None for none); ``ValidationError`` when it is not short text."""
    if key in (None, ""):
        return None
    if not isinstance(key, str) or len(key) > MAX_KEY:
        raise ValidationError(
            f"the idempotency key must be text of at most {MAX_KEY} characters", field="idempotency_key"
        )
    return key


def replayed(key: str | None, table: Table, round: Round | None = None) -> Submission | None:
    """The submission an earlier request with this key created (a retry), or None: the one rule of
    a retried sheet, for the director's entry, the API and the table's phone. The key must be this
    table's — and this game's, when ``round`` is given (a phone's retry is answered even after its
    game has moved on, so it gives none) — or it is a ``Conflict``.

    A key belongs to its event (so to its club): it is looked up among the event's sheets only, and
    another event's use of the same key is no answer at all — neither its row nor a word of it."""
    if not key:
        return None
    earlier = (
        Submission.objects.select_related("round", "table")
        .filter(idempotency_key=key, table__event_id=table.event_id)
        .first()
    )
    if earlier is not None and (earlier.table_id != table.pk or (round is not None and earlier.round_id != round.pk)):
        where = "another table" if round is None else "another table or game"
        raise Conflict(f"this idempotency key was already used for {where}", field="idempotency_key")
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


def _lock_game(round_id: int) -> Round:
    """The game re-read under its row lock (after the table's): the lock a close waits on."""
    return event_services.lock_rounds(Round.objects.filter(pk=round_id))[0]


def check_accepting(event: Event, round: Round | None = None) -> None:
    """A table may still send a sheet (for ``round``): the event has not finished and the game is
    not closed. Read under the game's lock (``_lock_game``), so a sheet that arrives after the
    close is a ``Conflict``, never a row written after it."""
    if event.status == Event.Status.FINISHED:
        raise Conflict(
            f"{event.name} has finished: the director closed it, so sheets can no longer be sent from the table; "
            "ask the director",
            field="round",
            code="event-finished",
        )
    if round is not None and round.status == Round.Status.CLOSED:
        raise Conflict(f"game {round.number} is closed; ask the director", field="round", code="game-closed")


def _create(*, key: str | None, **fields) -> tuple[Submission, bool]:
    """``(the new version, True)``, or ``(the version a concurrent request with the same key
    wrote, False)``."""
    version = (
        Submission.objects.filter(table=fields["table"], round=fields["round"]).aggregate(v=Max("version"))["v"] or 0
    ) + 1
    try:
        with transaction.atomic():  # a savepoint: a lost race leaves the outer transaction usable
            return Submission.objects.create(version=version, idempotency_key=key, **fields), True
    except IntegrityError as error:
        if key is not None:
            earlier = Submission.objects.filter(idempotency_key=key, table=fields["table"]).first()
            if earlier is not None:
                return earlier, False
        raise Conflict(
            f"table {fields['table'].number}, game {fields['round'].number} already has a confirmed sheet",
            field="sheet",
        ) from error


def _supersede(table: Table, round: Round, *, statuses, by=None, note: str = "") -> int:
    return Submission.objects.filter(table=table, round=round, status__in=statuses).update(
        status=S.SUPERSEDED, status_changed_at=timezone.now(), status_changed_by=by, status_note=note
    )


def enter_sheet(**arguments) -> Submission:
    """``enter_sheet_once`` without saying whether the sheet was new."""
    return enter_sheet_once(**arguments)[0]


def enter_sheet_once(
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
) -> tuple[Submission, bool]:
    """The director enters or corrects the sheet of ``table`` for game ``round``: returns
    ``(submission, created)``.

    A new version is written; with ``confirm`` (the default) it becomes the confirmed sheet and
    whatever was confirmed or pending before is superseded. A sheet that does not add up (208
    check), has a negative count or text where a number belongs raises ``ValidationError`` with
    every problem, and nothing is written. A repeated ``idempotency_key`` returns the first result
    with ``created`` False — decided under the table's lock and the key's unique constraint, so two
    copies of one request sent at the same moment write one version and one of them says so.
    """
    key = check_key(idempotency_key)
    _check_place(table, round)
    if source not in Submission.Source.values:
        raise ValidationError(f"unknown source {source!r}", field="source")
    earlier = replayed(key, table, round)
    if earlier is not None:
        return earlier, False
    scored = score_sheet(sheet, kind=_kind(table, round))
    with transaction.atomic():
        table = _lock_table(table)
        _lock_game(round.pk)
        earlier = replayed(key, table, round)
        if earlier is not None:
            return earlier, False
        if confirm:
            _supersede(
                table, round, statuses=[S.CONFIRMED, S.SUBMITTED, S.DISPUTED], by=by, note="corrected by the director"
            )
        now = timezone.now()
        created, new = _create(
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
        if new:
            record_submission("results.enter_sheet", created, user=by, note=note)
        return created, new


def _kind(table: Table, round: Round) -> SheetKind:
    """The kind of sheet ``table`` plays in game ``round`` (the registry's answer for the event and
    the table's seating: a table of three's variant in its seats, a table of two)."""
    event = Event.objects.defer("movement").get(pk=round.event_id)
    variant, seats = table_variant(table, round)
    return kind_of(event, variant, seats)


def submit_from_table(
    *,
    table: Table,
    round: Round,
    sheet: dict,
    ip: str | None = None,
    idempotency_key: str | None = None,
    note: str = "",
    side: str = "",
    phone: str = "",
    player=None,
    partnership=None,
) -> Submission:
    """A table submits its own sheet, to be confirmed by the opponents (issue 8 builds on this).
    ``side``: which side sent it (majors / minors), ``phone``: the id of the phone that sent it,
    ``player``: on a night of player codes, the player whose phone it is (``opponents_only``), and
    ``partnership`` on a night of partnership codes, the partnership whose code it is; all kept on
    the row: an opponent confirms, from another phone.

    Refused while another sheet is pending or confirmed for this table and game ("already
    submitted — confirm or dispute"), and once the director has closed the game.
    """
    key = check_key(idempotency_key)
    _check_place(table, round)
    earlier = replayed(key, table, round)
    if earlier is not None:
        return earlier
    scored = score_sheet(sheet, kind=_kind(table, round))
    with transaction.atomic():
        table = _lock_table(table)
        game = _lock_game(round.pk)
        earlier = replayed(key, table, round)
        if earlier is not None:
            return earlier
        check_accepting(Event.objects.get(pk=game.event_id), game)
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
            submitted_side=side or "",
            submitted_phone=(phone or "")[:40],
            submitted_by_player=player,
            submitted_by_partnership=partnership,
            ip_address=ip or None,
            note=note or "",
        )[0]


def _not_by_the_sender(rows, side: str, phone: str, players: frozenset[int] | None = None):
    """At the table, only the side that did not send the sheet may confirm or dispute it, and not
    from the phone that sent it (nor, on a night of player codes, by the player who sent it): the
    rule is part of the status update itself (one query), whatever the caller checked before."""
    if players:
        rows = rows.exclude(submitted_by_player_id__in=players)
    if side:
        rows = rows.exclude(submitted_side=side)
    if phone:
        rows = rows.exclude(submitted_phone=phone[:40])
    return rows


def opponents_only(submission: Submission, players: frozenset[int] | None, verb: str) -> None:
    """On a night of player codes: ``players`` (a phone's player, or its partnership's players) sat
    at the sheet's table in its game, and against whoever sent it — at a sheet of individual
    scores (``kind.individual``) any other player, else the other side. The one
    rule for every caller; ``PermissionDenied`` (403) otherwise. Read under the table's lock."""
    if players is None:
        return
    table, round = submission.table, submission.round
    seated = dict(
        Seat.objects.filter(round_id=round.pk, seating__table_id=table.pk).values_list(
            "player_id", "seating__direction"
        )
    )
    if not players & seated.keys():
        raise PermissionDenied(
            f"you did not play at table {table.number} in game {round.number}, so you cannot {verb} its sheet",
            field="player",
            code="not-at-this-table",
        )
    sender = submission.submitted_by_player_id
    if _kind(table, round).individual:  # every player for themselves: only the sender is "their side"
        senders = {sender} if sender is not None else set()
    else:
        senders = {pid for pid, direction in seated.items() if direction == submission.submitted_side}
        senders |= {sender} if sender is not None else set()
    if players & senders:
        raise PermissionDenied(
            f"your side sent this sheet, so you cannot {verb} it: a player who sat against you does, "
            "on their own phone",
            field="player",
            code="own-side",
        )


def confirm_submission(
    *,
    submission: Submission,
    by=None,
    by_table: Table | None = None,
    note: str = "",
    side: str = "",
    phone: str = "",
    players: frozenset[int] | None = None,
    by_player=None,
    by_partnership=None,
) -> Submission:
    """Confirm a submitted (or disputed) sheet. The director (``by``) may confirm any version,
    superseding what was confirmed; a table (``by_table``) only a submitted one, and only the side
    (``side``) that did not send it, from another phone (``phone``) — on a night of player codes
    only an opponent of the sender (``players``, ``opponents_only``), recorded as ``by_player``."""
    with transaction.atomic():
        table = _lock_table(submission.table)
        _lock_game(submission.round_id)
        current = Submission.objects.select_related("table", "round").get(pk=submission.pk)
        allowed = [S.SUBMITTED] if by_table is not None and by is None else [S.SUBMITTED, S.DISPUTED, S.SUPERSEDED]
        if current.status == S.CONFIRMED:
            return current
        if current.status not in allowed:
            raise Conflict(f"version {current.version} is {current.status} and cannot be confirmed", field="status")
        if by is None and by_table is not None and by_table.pk != table.pk:
            raise NotFound("this sheet is not for your table", field="submission")
        if by is None:
            opponents_only(current, players, "confirm")
        _supersede(table, current.round, statuses=[S.CONFIRMED], by=by, note=f"replaced by version {current.version}")
        rows = Submission.objects.filter(pk=current.pk, status=current.status)
        moved = (_not_by_the_sender(rows, side, phone, players) if by is None else rows).update(
            status=S.CONFIRMED,
            status_changed_at=timezone.now(),
            status_changed_by=by,
            status_changed_by_table=by_table,
            status_changed_by_player=by_player,
            status_changed_by_partnership=by_partnership,
            status_changed_side=side or "",
            status_note=note or "",
        )
        if moved != 1:  # we hold the table lock: the sender tried to confirm its own sheet
            raise Conflict(
                "the side that sent a sheet cannot confirm it: the opponents do, on their own phone", field="side"
            )
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
    phone: str = "",
    players: frozenset[int] | None = None,
    by_player=None,
    by_partnership=None,
) -> Submission:
    """Mark a submitted sheet disputed (it is flagged to the director, who corrects or confirms).

    ``proposal``: the disputing side's own sheet, kept with the dispute as the correction they
    propose. It must add up (``ValidationError`` otherwise, and nothing is written)."""
    proposed = None
    if proposal is not None:
        scored = score_sheet(proposal, kind=_kind(submission.table, submission.round))
        proposed = {"sheet": scored.sheet, "majors": scored.majors, "minors": scored.minors, "net": scored.net}
    with transaction.atomic():
        _lock_table(submission.table)
        game = _lock_game(submission.round_id)
        if by is None:  # a table's dispute: never once the director has closed its game (read under its lock)
            check_accepting(Event.objects.get(pk=game.event_id), game)
            opponents_only(
                Submission.objects.select_related("table", "round").get(pk=submission.pk), players, "dispute"
            )
        rows = Submission.objects.filter(pk=submission.pk, status=S.SUBMITTED)
        moved = (_not_by_the_sender(rows, side, phone, players) if by is None else rows).update(
            status=S.DISPUTED,
            status_changed_at=timezone.now(),
            status_changed_by=by,
            status_changed_by_table=by_table,
            status_changed_by_player=by_player,
            status_changed_by_partnership=by_partnership,
            status_changed_side=side or "",
            status_note=note or "",
            proposal=proposed,
        )
        current = Submission.objects.get(pk=submission.pk)
        if moved != 1 and current.status == S.SUBMITTED:
            raise Conflict(
                "the side that sent a sheet cannot dispute it: the opponents do, on their own phone", field="side"
            )
        if moved != 1:
            raise Conflict(f"version {current.version} is {current.status}, not awaiting confirmation", field="status")
        if by is not None:  # a table's dispute is logged by director.table
            record_submission("results.dispute", current, user=by, before={"status": S.SUBMITTED}, note=note)
        return current


@dataclass
class PageSave:
    """What saving the director's score entry page did to one table's sheet.

    ``outcome``: ``entered`` (the first sheet), ``corrected`` (a new confirmed version replacing
    what stood), ``confirmed`` (the table's own sheet confirmed as sent), ``unchanged`` (the
    confirmed sheet as it stands) or ``left`` (a sheet awaiting the opponents or disputed, which the
    director did not touch: it stays as it is)."""

    table: int
    outcome: str
    submission: Submission | None


def _standing(table: Table, round: Round) -> Submission | None:
    """The sheet that stands for a table and game: the confirmed one, else the latest live one."""
    rows = list(
        Submission.objects.filter(table=table, round=round, status__in=[S.CONFIRMED, S.SUBMITTED, S.DISPUTED])
        .select_related("table", "round")
        .order_by("version")
    )
    confirmed = [r for r in rows if r.status == S.CONFIRMED]
    return confirmed[0] if confirmed else (rows[-1] if rows else None)


PENDING_WORDS = {S.SUBMITTED: "awaiting the opponents' confirmation", S.DISPUTED: "disputed"}


def save_from_page(
    *,
    table: Table,
    round: Round,
    sheet: dict | None,
    by,
    confirm_as_sent: bool = False,
    seen_version: int | None = None,
    seen_status: str | None = None,
    ip: str | None = None,
) -> PageSave:
    """One table of the director's score entry page ("Save game N").

    The page shows every table's standing sheet in its boxes, so a box the director left alone
    must not become a confirmation: a sheet awaiting the opponents or disputed is written only when
    the director acts on that table — ``confirm_as_sent`` (confirms that version as the table sent
    it, logged with the director's name) or numbers that differ from it (a correction: a new
    confirmed version). ``seen_version``: the version the page showed (0: no sheet yet); if the
    table sent another version since (or its status moved from ``seen_status``), nothing is
    written for this table (``Conflict``).
    ``sheet``: the numbers in the table's boxes (None when they are blank).
    """
    _check_place(table, round)
    scored = score_sheet(sheet, kind=_kind(table, round)) if sheet is not None else None
    with transaction.atomic():
        table = _lock_table(table)
        standing = _standing(table, round)
        moved = seen_version is not None and (standing.version if standing else 0) != seen_version
        if seen_status and standing is not None and standing.status != seen_status:
            moved = True  # e.g. the opponents disputed it since: the director must see that first
        shown = standing
        if moved and (standing is None or standing.version != seen_version):
            shown = Submission.objects.filter(table=table, round=round, version=seen_version).first()
        touched = scored is not None and (shown is None or scored.sheet != shown.sheet)
        if (touched or confirm_as_sent) and moved:
            now = f"version {standing.version} is {standing.get_status_display().lower()}" if standing else "none now"
            raise Conflict(
                f"table {table.number}'s sheet changed while the page was open ({now}): look at it again, then save",
                field=f"t{table.number}",
            )
        if confirm_as_sent:
            if standing is None or standing.status not in PENDING_WORDS:
                raise Conflict(f"table {table.number} has no sheet waiting to be confirmed", field=f"t{table.number}")
            if touched:
                raise ValidationError(
                    f"table {table.number}: the numbers differ from the sheet the table sent — save them as a "
                    "correction, or put them back to confirm the table's sheet as sent",
                    field=f"t{table.number}",
                )
            was = PENDING_WORDS[standing.status]
            note = f"table {table.number}'s sheet confirmed as sent by the director (it was {was})"
            confirmed = confirm_submission(submission=standing, by=by, note=note)
            return PageSave(table.number, "confirmed", confirmed)
        if not touched:
            if standing is not None and standing.status in PENDING_WORDS:
                return PageSave(table.number, "left", standing)
            return PageSave(table.number, "unchanged", standing)
        created = enter_sheet(
            table=table,
            round=round,
            sheet=scored.sheet,
            by=by,
            ip=ip,
            note="" if standing is None else f"replaces version {standing.version} ({standing.status})",
        )
        return PageSave(table.number, "entered" if standing is None else "corrected", created)


@dataclass
class PageSheet:
    """One table's sheet as typed on the director's score entry page, for ``save_page``."""

    table: Table
    kind: SheetKind
    sheet: object | None  # None: its boxes are blank (the director only confirms the table's own sheet)
    problems: list[str] = field(default_factory=list)  # what stops its boxes being read (the kind's read)
    confirm: bool = False  # "Confirm table N's sheet as sent"
    seen_version: int | None = None  # the version the page showed (0: none; None: the page did not say)
    seen_status: str | None = None


@dataclass
class PageResult:
    """What ``save_page`` did: every table's outcome, or — nothing saved — each table's problems,
    the tables whose sheet changed while the page was open, or that an earlier game comes first."""

    done: list[PageSave] = field(default_factory=list)
    problems: dict[int, list[str]] = field(default_factory=dict)  # table number -> what is wrong
    stale: set[int] = field(default_factory=set)
    ahead: bool = False

    @property
    def saved(self) -> bool:
        return not self.problems and not self.ahead


class _Undo(Exception):
    """Raised inside ``save_page``'s transaction to roll every table back."""


def save_page(
    *, round: Round, sheets: list[PageSheet], by, earlier_missing: bool = False, anyway: bool = False, ip=None
) -> PageResult:
    """The director's score entry page, "Save game N": each table's sheet checked by its kind, then
    every table saved (``save_from_page``) in one transaction — all of them, or none when one is
    wrong. New numbers for this game while an earlier game still lacks sheets (``earlier_missing``)
    are saved only ``anyway`` (the page's "Save game N anyway"): they are usually on the wrong page."""
    result = PageResult()
    for typed in sheets:
        problems = typed.problems or (typed.kind.problems(typed.sheet) if typed.sheet is not None else [])
        if problems:
            result.problems[typed.table.number] = problems
    if result.problems:
        return result
    try:
        with transaction.atomic():
            for typed in sheets:
                try:
                    result.done.append(
                        save_from_page(
                            table=typed.table,
                            round=round,
                            sheet=typed.sheet,
                            by=by,
                            confirm_as_sent=typed.confirm,
                            seen_version=typed.seen_version,
                            seen_status=typed.seen_status,
                            ip=ip,
                        )
                    )
                except DomainError as error:
                    result.problems[typed.table.number] = list(error.problems)
                    if isinstance(error, Conflict):
                        result.stale.add(typed.table.number)
            result.ahead = (
                not anyway and earlier_missing and any(s.outcome in ("entered", "corrected") for s in result.done)
            )
            if not result.saved:
                raise _Undo
    except _Undo:
        result.done = []
    return result


def withdraw_result(*, table: Table, round: Round, by=None, note: str = "") -> int:
    """The director takes back whatever sheet stands for a table and game (e.g. entered for the
    wrong table): every live version is superseded, nothing is deleted. Returns how many."""
    _check_place(table, round)
    with transaction.atomic():
        table = _lock_table(table)
        _lock_game(round.pk)
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


# --- finishing the event -------------------------------------------------------------------------------
@transaction.atomic
def finish_event(*, event: Event, force: bool = False) -> Event:
    """Running → finished (``events.services.mark_finished``: open games close). Refused
    (``Conflict``, field ``unfinished``) while results are unfinished (``selectors.unfinished_results``)
    unless ``force``: a forced finish is logged with what was left unfinished. The games are locked
    first (``events.services.lock_rounds``): the sheets being written are in before the check and the close time.

    The event's row is locked ``FOR NO KEY UPDATE`` (``events.locks.locked_event``): a sheet in
    flight, holding its game's lock, still writes its audit entry (which refers to the event, and so
    takes ``FOR KEY SHARE`` on it) while the finish waits for that game — under ``FOR UPDATE`` each
    would wait for the other."""
    event = locked_event(event)
    event_services.lock_rounds(Round.objects.filter(event=event).order_by("number"))
    unfinished = selectors.unfinished_results(event) if event.status == Event.Status.RUNNING else []
    if unfinished and not force:
        raise Conflict(
            f"{event.name} has unfinished results: {'; '.join(unfinished)} — finish anyway only on purpose",
            field="unfinished",
        )
    return event_services.mark_finished(event=event, unfinished=unfinished)
