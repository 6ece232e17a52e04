"""At-table score entry: what a table's secret link may read and write, built on
``results.services`` (which owns the append-only submissions).

A table link reaches exactly one thing: its own table's sheet for the event's current game (the
first open game of a running event), and only if the table is seated in it. Everything here runs
in one transaction that first takes the table's row lock and the game's row lock, so

* a retried request (same idempotency key) finds the first result and creates nothing;
* two different submissions racing for one table and game queue on the lock: the first wins, the
  second is refused with "already submitted — confirm or dispute" (``AlreadySubmitted``);
* the director closing the game or finishing the event (``events.services.close_round``,
  ``finish_event``, which lock the games first: ``lock_rounds``) waits for, or is waited on by, a
  table's write, which holds its game's lock and reads the event's and the game's state under it:
  a table never writes to a closed game or a finished event, and a close time is recorded only
  after the sheets in flight are written;
* the submission and its audit entry are written together or not at all.

Which side submitted is kept on the submission (``Submission.submitted_side``): the other side
confirms or disputes, and the status update itself refuses the sender (``results.services``).

Who acts: on a night of table links (``Event.phones`` "table") whoever holds the link, for the side
they name. On a night of player codes (``events.codes``) a phone acts for the player (or
partnership) whose code it opened — ``holder`` — and only at the table where that player sits in
the game now being played, for their own side; a table's link alone writes nothing (403), and only
an opponent of the sender confirms or disputes (``results.services.opponents_only``).
"""

from __future__ import annotations

from django.db import transaction

from director.audit.services import record
from director.core.errors import Conflict, NotFound, PermissionDenied, ValidationError
from director.events import codes
from director.events import services as event_services
from director.events.models import MAJORS, MINORS, Event, Round, Seating, Table
from director.results import services as results
from director.results.models import Submission
from scoring.cards import SIDE_SYMBOLS as SIDE_SUITS

from .selectors import SIDES, live_submission, submitted_side

S = Submission.Status


class AlreadySubmitted(Conflict):
    """Another sheet for this table and game is pending or confirmed: confirm or dispute it."""

    def __init__(self, message: str):
        super().__init__(message, field="sheet", code="already-submitted")


def other_side(side: str) -> str:
    return MINORS if side == MAJORS else MAJORS


def _check_side(side) -> str:
    if side not in SIDES:
        raise ValidationError("say which side you are: majors (♠♥) or minors (♦♣)", field="side")
    return side


class Acting:
    """Who is acting at a table: the side, and on a night of player codes the players."""

    def __init__(self, side: str, holder: codes.Holder | None = None):
        self.side = side
        self.holder = holder

    @property
    def players(self) -> frozenset[int] | None:
        return self.holder.player_ids if self.holder is not None else None

    @property
    def player(self):
        return self.holder.player if self.holder is not None else None

    @property
    def partnership(self):
        return self.holder.partnership if self.holder is not None else None

    def audit(self) -> dict:
        return {"player": self.holder.name} if self.holder is not None else {}


def acting(table: Table, round: Round, holder: codes.Holder | None, side) -> Acting:
    """Who acts at ``table`` in game ``round``: the side named (a night of table links), or the
    player whose code the phone opened, seated at this table in this game (``PermissionDenied``
    otherwise: a table's link alone, another night's code, a player who has moved on)."""
    event = table.event
    if not codes.uses_codes(event):
        return Acting(_check_side(side))
    if holder is None or holder.event.pk != event.pk:
        raise PermissionDenied(
            f"{event.name} uses player codes: open the code on your tally card (or type it at the page's "
            "address) — a table's link alone cannot send, confirm or dispute a sheet",
            field="player",
            code="player-code-needed",
        )
    place = codes.place_in(holder, round)
    if place is None or place.table_id != table.pk:
        now = f"you play at table {place.table} now" if place is not None else "you are not seated in it"
        raise PermissionDenied(
            f"{holder.name} is not at table {table.number} in game {round.number} ({now}): "
            "your page shows your table — open it again",
            field="player",
            code="not-at-this-table",
        )
    return Acting(place.direction, holder)


def _locked_game(table: Table, round_number) -> tuple[Table, Round]:
    """Lock the table, then the game it may write to; refuse a finished event and any other game
    (closed, past, future)."""
    table = Table.objects.select_for_update(of=("self",)).select_related("event").get(pk=table.pk)
    event = table.event
    results.check_accepting(event)
    if event.status != Event.Status.RUNNING:
        raise Conflict(f"{event.name} is not running; ask the director", field="round")
    open_games = Round.objects.filter(event=event, status=Round.Status.OPEN).order_by("number")[:1]
    current = next(iter(event_services.lock_rounds(open_games)), None)
    # Read again under the game's lock: a finish or a close that this write queued behind is seen.
    event.status = Event.objects.values_list("status", flat=True).get(pk=event.pk)
    results.check_accepting(event, current)
    if current is None:
        raise Conflict("every game of this event is closed; ask the director", field="round")
    if round_number is not None and str(round_number) != str(current.number):
        raise Conflict(
            f"game {round_number} is not open at this table; the current game is game {current.number} "
            "(reload the page)",
            field="round",
        )
    if not Seating.objects.filter(round=current, table=table).exists():
        raise NotFound(f"nobody is seated at table {table.number} in game {current.number}", field="round")
    return table, current


def submit(
    *,
    table: Table,
    round_number,
    sheet: dict,
    side: str,
    idempotency_key: str | None,
    ip: str | None = None,
    phone: str | None = None,
    holder: codes.Holder | None = None,
) -> tuple[Submission, bool]:
    """The ``side`` at ``table`` (``holder``'s, on a night of player codes: ``acting``) submits its
    sheet for the current game from ``phone`` (the id the page keeps in the phone's session).
    Returns the submission and whether it is a replay of an earlier request with the same key (then
    nothing was written).

    Raises ``AlreadySubmitted`` when another sheet is pending or confirmed, ``Conflict`` when the
    game is not the table's current one, ``ValidationError`` for a sheet that does not add up.
    """
    if not codes.uses_codes(table.event):
        side = _check_side(side)
    results.check_key(idempotency_key)
    with transaction.atomic():
        table, round = _locked_game_or_replay(table, round_number, idempotency_key)
        if isinstance(round, Submission):
            return round, True
        who = acting(table, round, holder, side)
        side = who.side
        live = live_submission(table, round)
        if live is not None and live.status in (S.SUBMITTED, S.CONFIRMED):
            raise AlreadySubmitted(
                f"table {table.number}, game {round.number} is already submitted — confirm or dispute it"
            )
        submission = results.submit_from_table(
            table=table,
            round=round,
            sheet=sheet,
            ip=ip,
            idempotency_key=idempotency_key or None,
            side=side,
            phone=phone or "",
            player=who.player,
            partnership=who.partnership,
        )
        record(
            "table.submit",
            table=table,
            event=table.event_id,
            club=table.event.club_id,
            obj=submission,
            after={
                "side": side,
                **who.audit(),
                "round": round.number,
                "version": submission.version,
                "majors": submission.majors,
                "minors": submission.minors,
                "net": submission.net,
                "sheet": submission.sheet,
            },
            before=submission_summary(live),
            ip=ip,
        )
        return submission, False


def submission_summary(submission: Submission | None) -> dict | None:
    if submission is None:
        return None
    return {
        "version": submission.version,
        "status": submission.status,
        "majors": submission.majors,
        "minors": submission.minors,
        "net": submission.net,
    }


def _locked_game_or_replay(table: Table, round_number, key):
    """The locked table and game, or — for a retried key — ``(table, earlier submission)``.

    A retry is answered with the first result even if the game has closed since."""
    locked = Table.objects.select_for_update().get(pk=table.pk)
    earlier = results.replayed(key, locked)  # any game: a retry after the game moved on
    if earlier is not None:
        return locked, earlier
    return _locked_game(locked, round_number)


def _own_submission(table: Table, submission_id) -> Submission:
    try:
        submission_id = int(submission_id)
    except (TypeError, ValueError):
        raise ValidationError("say which sheet (its number) you mean", field="submission") from None
    submission = Submission.objects.select_related("round", "table").filter(pk=submission_id, table=table).first()
    if submission is None:
        raise NotFound("that sheet is not this table's", field="submission")
    return submission


def _in_current_game(submission: Submission, round: Round) -> None:
    if submission.round_id != round.pk:
        raise Conflict(
            f"that sheet is for game {submission.round.number}; the current game is game {round.number}",
            field="submission",
        )


def sent_from(submission: Submission | None, phone: str | None) -> bool:
    """Whether ``phone`` is the phone that sent ``submission`` (its page must not offer to confirm it)."""
    return bool(submission is not None and phone and submission.submitted_phone == phone[:40])


def _check_opponents(submission: Submission, side: str, verb: str, phone: str | None) -> None:
    """Double entry: the opponents of the side that sent the sheet confirm or dispute it, on their
    own phone (``results.services`` refuses the sender again in the status update itself)."""
    entered_by = submitted_side(submission)
    if sent_from(submission, phone):
        theirs = f"the {SIDE_SUITS[other_side(entered_by)]} side" if entered_by else "the opponents"
        raise Conflict(
            f"this phone sent the sheet, so it cannot {verb} it: {theirs} {verb} it on their own phone "
            "(scan the table's code), or ask the director",
            field="side",
            code="sent-from-this-phone",
        )
    if entered_by is not None and entered_by == side:
        theirs = other_side(entered_by)
        raise Conflict(
            f"the {SIDE_SUITS[entered_by]} side entered this sheet; the opponents ({SIDE_SUITS[theirs]}) {verb} it",
            field="side",
        )


def confirm(
    *,
    table: Table,
    submission_id,
    side: str,
    ip: str | None = None,
    phone: str | None = None,
    holder: codes.Holder | None = None,
) -> Submission:
    """The opponents of the side that submitted confirm the sheet. Confirming a confirmed sheet
    again (a retry) returns it unchanged; a disputed or replaced one is refused."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        submission = _own_submission(table, submission_id)
        if submission.status == S.CONFIRMED:
            return submission  # a retry, or both phones pressed confirm
        table, round = _locked_game(table, None)
        _in_current_game(submission, round)
        if submission.status != S.SUBMITTED:
            raise Conflict(
                f"version {submission.version} is {submission.status}; the director decides now", field="status"
            )
        who = acting(table, round, holder, side)
        side = who.side
        if who.holder is not None:  # the player, not the phone, is who must be an opponent
            results.opponents_only(submission, who.players, "confirm")
        else:
            _check_opponents(submission, side, "confirm", phone)
        confirmed = results.confirm_submission(
            submission=submission,
            by_table=table,
            side=side if who.holder is None else "",
            phone=(phone or "") if who.holder is None else "",
            players=who.players,
            by_player=who.player,
            by_partnership=who.partnership,
        )
        record(
            "table.confirm",
            table=table,
            event=table.event_id,
            club=table.event.club_id,
            obj=confirmed,
            before={"status": S.SUBMITTED},
            after={
                "status": S.CONFIRMED,
                "side": side,
                **who.audit(),
                "round": round.number,
                "version": confirmed.version,
            },
            ip=ip,
        )
        return confirmed


def dispute(
    *,
    table: Table,
    submission_id,
    side: str,
    note: str = "",
    sheet: dict | None = None,
    ip: str | None = None,
    phone: str | None = None,
    holder: codes.Holder | None = None,
) -> Submission:
    """The opponents say the sheet is wrong: it is flagged to the director (a corrected sheet may
    then be submitted). Disputing a disputed sheet again returns it unchanged.

    ``sheet``: the disputing side's own sheet (typed on their phone), kept with the dispute as the
    correction they propose; it must add up, or nothing is written."""
    note = (note or "").strip()[:500]
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        submission = _own_submission(table, submission_id)
        if submission.status == S.DISPUTED:
            return submission
        table, round = _locked_game(table, None)
        _in_current_game(submission, round)
        if submission.status != S.SUBMITTED:
            raise Conflict(
                f"version {submission.version} is {submission.status}; it cannot be disputed", field="status"
            )
        who = acting(table, round, holder, side)
        side = who.side
        if who.holder is not None:
            results.opponents_only(submission, who.players, "dispute")
        else:
            _check_opponents(submission, side, "dispute", phone)
        disputed = results.dispute_submission(
            submission=submission,
            by_table=table,
            note=note,
            side=side if who.holder is None else "",
            proposal=sheet,
            phone=(phone or "") if who.holder is None else "",
            players=who.players,
            by_player=who.player,
            by_partnership=who.partnership,
        )
        record(
            "table.dispute",
            table=table,
            event=table.event_id,
            club=table.event.club_id,
            obj=disputed,
            before={"status": S.SUBMITTED},
            after={
                "status": S.DISPUTED,
                "side": side,
                **who.audit(),
                "round": round.number,
                "version": disputed.version,
                "proposal": disputed.proposal,
            },
            note=note,
            ip=ip,
        )
        return disputed
