"""Writes for results: adjustments, standings options and the round clock.

Every function runs in one transaction and raises a ``DomainError`` naming what is wrong; nothing
is written then. Adjustments are a log (see ``models``): making one writes a row with its reason,
who and when; withdrawing stamps it; a replacement withdraws the old row and writes a new one.
Concurrency: the table's (or event's) row is locked before checking what is live, and the
database allows one live row per place whatever happens.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from director.audit.services import record
from director.core.errors import Conflict, NotFound, ValidationError
from director.core.parsing import parse_text
from director.events.changes import results_changed
from director.events.models import Event, Round, Seating, Table
from scoring.matchpoints import ARTIFICIAL_PERCENT

from .models import ArtificialScore, FouledSet, StandingsOptions, TallyCardEntry

DIRECTIONS = ("majors", "minors")


def _reason(reason) -> str:
    text = _withdrawal_reason(reason)
    if not text:
        raise ValidationError("give a reason for the adjustment (it is logged and shown)", field="reason")
    return text


def _withdrawal_reason(reason) -> str:
    return parse_text(reason, "the reason", field="reason")


def _code(code) -> str:
    key = str(code or "").strip().upper().replace("−", "-").replace(" ", "")
    if key not in ARTIFICIAL_PERCENT:
        raise ValidationError(f"{code!r} is not an artificial score: use A, A+ or A-", field="code")
    return key


def _place(event: Event, round_number, table_number) -> tuple[Round, Table]:
    from director.core.parsing import parse_int

    round_number = parse_int(round_number, "the game number", field="round", minimum=1)
    table_number = parse_int(table_number, "the table number", field="table", minimum=1)
    round_obj = Round.objects.filter(event=event, number=round_number).first()
    if round_obj is None:
        raise NotFound(f"{event.name} has no game {round_number}", field="round")
    table = Table.objects.filter(event=event, number=table_number).first()
    if table is None:
        raise NotFound(f"{event.name} has no table {table_number}", field="table")
    return round_obj, table


@transaction.atomic
def set_artificial(
    *, event: Event, round_number, table_number, direction: str, code, reason, by=None
) -> ArtificialScore:
    """Award ``code`` (A, A+, A-) to one side of one table in one game, replacing any live
    artificial score there (the old row is kept, withdrawn). The side must be seated."""
    if direction not in DIRECTIONS:
        raise ValidationError(f"the side must be majors or minors, not {direction!r}", field="direction")
    code, reason = _code(code), _reason(reason)
    round_obj, table = _place(event, round_number, table_number)
    Table.objects.select_for_update().filter(pk=table.pk).first()
    if not Seating.objects.filter(round=round_obj, table=table, direction=direction).exists():
        raise NotFound(f"nobody sits {direction} at table {table.number} in game {round_obj.number}", field="table")
    now = timezone.now()
    ArtificialScore.objects.filter(round=round_obj, table=table, direction=direction, withdrawn_at=None).update(
        withdrawn_at=now, withdrawn_by=by, withdrawn_reason=f"replaced by {code}: {reason}"
    )
    try:
        with transaction.atomic():
            adjustment = ArtificialScore.objects.create(
                event=event, round=round_obj, table=table, direction=direction, code=code, reason=reason, created_by=by
            )
    except IntegrityError as error:  # pragma: no cover - we hold the table's lock
        raise Conflict("another adjustment was made here at the same moment; try again", field="code") from error
    after = {"game": round_obj.number, "table": table.number, "direction": direction, "code": code}
    record("standings.artificial", event=event, obj=adjustment, after=after, user=by, note=reason)
    results_changed(event.pk)
    return adjustment


@transaction.atomic
def withdraw_artificial(*, adjustment: ArtificialScore, by=None, reason: str = "") -> ArtificialScore:
    """Withdraw a live artificial score (compare-and-swap: a second withdrawal is refused)."""
    moved = ArtificialScore.objects.filter(pk=adjustment.pk, withdrawn_at=None).update(
        withdrawn_at=timezone.now(), withdrawn_by=by, withdrawn_reason=_withdrawal_reason(reason) or "withdrawn"
    )
    if moved != 1:
        raise Conflict("this adjustment was already withdrawn", field="adjustment")
    results_changed(adjustment.event_id)
    adjustment.refresh_from_db()
    before = {"code": adjustment.code, "direction": adjustment.direction}
    record(
        "standings.withdraw_artificial",
        event=adjustment.event_id,
        obj=adjustment,
        before=before,
        user=by,
        note=adjustment.withdrawn_reason,
    )
    return adjustment


def _clean_groups(event: Event, number: int, groups) -> list[list[list[int]]]:
    plays = set(
        Seating.objects.filter(round__event=event, game_set_number=number).values_list("round__number", "table__number")
    )
    if not plays:
        raise NotFound(f"no table plays game set {number} in {event.name}", field="game_set")
    clean: list[list[list[int]]] = []
    seen: set = set()
    for index, group in enumerate(groups or (), start=1):
        members = []
        for item in group:
            try:
                round_number, table_number = (int(v) for v in item)
            except (TypeError, ValueError) as error:
                raise ValidationError(f"group {index}: {item!r} is not (game, table)", field="groups") from error
            if (round_number, table_number) not in plays:
                raise ValidationError(
                    f"group {index}: table {table_number} does not play set {number} in game {round_number}",
                    field="groups",
                )
            if (round_number, table_number) in seen:
                raise ValidationError(f"table {table_number} in game {round_number} is in two groups", field="groups")
            seen.add((round_number, table_number))
            members.append([round_number, table_number])
        if members:
            clean.append(sorted(members))
    if len(clean) < 2:
        raise ValidationError("a fouled set needs at least two groups of tables", field="groups")
    missing = sorted(plays - seen)
    if missing:
        where = ", ".join(f"table {t} in game {r}" for r, t in missing)
        raise ValidationError(f"every play of set {number} must be in a group; missing: {where}", field="groups")
    return clean


@transaction.atomic
def set_fouled(*, event: Event, game_set, groups, reason, by=None) -> FouledSet:
    """Declare game set ``game_set`` fouled, its plays split into ``groups`` (lists of (game,
    table)); each group is matchpointed within itself (``scoring.matchpoints.matchpoints_groups``).
    Replaces a live fouling of the set (the old row is kept, withdrawn)."""
    from director.core.parsing import parse_int

    number = parse_int(game_set, "the game set", field="game_set", minimum=1)
    reason = _reason(reason)
    Event.objects.select_for_update().filter(pk=event.pk).first()
    clean = _clean_groups(event, number, groups)
    FouledSet.objects.filter(event=event, game_set_number=number, withdrawn_at=None).update(
        withdrawn_at=timezone.now(), withdrawn_by=by, withdrawn_reason=f"replaced: {reason}"
    )
    fouling = FouledSet.objects.create(event=event, game_set_number=number, groups=clean, reason=reason, created_by=by)
    after = {"game_set": number, "groups": clean}
    record("standings.fouled", event=event, obj=fouling, after=after, user=by, note=reason)
    results_changed(event.pk)
    return fouling


@transaction.atomic
def withdraw_fouled(*, fouling: FouledSet, by=None, reason: str = "") -> FouledSet:
    moved = FouledSet.objects.filter(pk=fouling.pk, withdrawn_at=None).update(
        withdrawn_at=timezone.now(), withdrawn_by=by, withdrawn_reason=_withdrawal_reason(reason) or "withdrawn"
    )
    if moved != 1:
        raise Conflict("this fouling was already withdrawn", field="fouling")
    results_changed(fouling.event_id)
    fouling.refresh_from_db()
    before = {"game_set": fouling.game_set_number}
    record(
        "standings.withdraw_fouled",
        event=fouling.event_id,
        obj=fouling,
        before=before,
        user=by,
        note=fouling.withdrawn_reason,
    )
    return fouling


@transaction.atomic
def set_options(
    *, event: Event, tie_break: str | None = None, team_method: str | None = None, ranking: str | None = None
) -> StandingsOptions:
    """How the event's standings are ranked: the tie-break, for teams the method, and for pairs a
    list per direction or one overall list. The results are marked changed, so every cached
    standings (page, public page, API) is recomputed with the new choice."""
    options, _ = StandingsOptions.objects.select_for_update().get_or_create(event=event)
    if tie_break is not None:
        if tie_break not in StandingsOptions.TieBreak.values:
            raise ValidationError(f"unknown tie-break {tie_break!r}", field="tie_break")
        options.tie_break = tie_break
    if team_method is not None:
        if team_method not in StandingsOptions.TeamMethod.values:
            raise ValidationError(f"unknown team method {team_method!r}", field="team_method")
        options.team_method = team_method
    if ranking is not None:
        if ranking not in StandingsOptions.Ranking.values:
            raise ValidationError(f"unknown ranking {ranking!r}: use auto, separate or overall", field="ranking")
        options.ranking = ranking
    options.save()
    results_changed(event.pk)
    return options


# --- paper tally cards -----------------------------------------------------------------------------------
def latest_tally_cards(event: Event) -> dict[str, TallyCardEntry]:
    """Each entrant's tally card as last saved (entrant key as text → its highest version)."""
    latest: dict[str, TallyCardEntry] = {}
    for row in TallyCardEntry.objects.filter(event=event).select_related("entered_by").order_by("version"):
        latest[row.entrant] = row
    return latest


def save_tally_cards(*, event: Event, cards: dict, by=None) -> list[TallyCardEntry]:
    """Save the paper tally cards typed on the cross-check page: ``{entrant key: (nets by game,
    total or None)}``. A card that differs from its last saved version (or is new and not blank)
    gets a new version with who and when; nothing is edited. Returns the rows written."""
    written = []
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()  # one saver at a time per event
        latest = latest_tally_cards(event)
        for key, (nets, total) in cards.items():
            entrant = str(key)
            lines = {str(int(game)): int(net) for game, net in sorted(nets.items())}
            total = None if total is None else int(total)
            last = latest.get(entrant)
            if last is None and not lines and total is None:
                continue
            if last is not None and last.lines == lines and last.total == total:
                continue
            try:
                with transaction.atomic():
                    row = TallyCardEntry.objects.create(
                        event=event,
                        entrant=entrant,
                        version=(last.version if last else 0) + 1,
                        lines=lines,
                        total=total,
                        entered_by=by,
                    )
            except IntegrityError as error:
                raise Conflict(f"the tally card of {entrant} was saved meanwhile: load the page again") from error
            written.append(row)
    return written
