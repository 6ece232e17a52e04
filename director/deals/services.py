"""Writes for game sets: import a ``calypso-gamesets/1`` file, generate with a commitment, or record
by hand (hand by hand, with the last hand filled from what is left of the 208 cards).

All input errors raise ``ValidationError`` with every problem in ``problems`` and write nothing.
"""

from __future__ import annotations

import logging
import secrets

from django.db import models, transaction
from django.utils import timezone

from director.audit.services import record
from director.celery import app as celery_app
from director.core import json_body
from director.core.errors import Conflict, NotFound, ValidationError
from director.core.parsing import parse_int
from director.events import services as event_services
from director.events.models import Event, Seating
from director.sheets.registry import kind_of
from scoring import gamesets
from scoring.cards import SUITS, CardError, parse_cards, sort_key

from .adapters import row_fields, to_game_set
from .models import AnalysisJob, GameSet, GameSetFile
from .selectors import commitment_state

MAX_SETS = 200
Source = GameSetFile.Source


def _locked(event: Event) -> Event:
    """The event under its row lock, to add game sets to — never one whose kind of sheet has none."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    refuse_without_sets(event)
    return event


def refuse_without_sets(event: Event) -> None:
    """Game sets are 208-card Calypso deals: a kind of sheet whose hands are dealt otherwise (an
    Auction event's, from a 104-card pack at the table: docs/auction.md, "Club nights") has none."""
    why = kind_of(event).no_game_sets
    if why:
        raise ValidationError(f"{event.name} {why}, so it has no game sets", field="event")


def _game_set_error(error: gamesets.GameSetError, *, field: str = "file") -> ValidationError:
    return ValidationError(str(error), field=field, problems=error.problems)


def _refuse_if_played(event: Event) -> None:
    from director.results.models import Submission

    if Submission.objects.filter(round__event=event).exists():
        raise Conflict(f"{event.name} already has results; its game sets cannot be replaced", field="file")


def _refuse_if_set_played(row: GameSet, *, field: str) -> None:
    """A complete set that some table has already played (a sheet is in for it) keeps its hands:
    changing them would falsify the results and the commitment announced for them. A set still
    being recorded may be finished after its first table played it (hands recorded from that
    table's deal, so the next tables can replay it)."""
    if not row.pk or not row.complete:
        return
    played = Seating.objects.filter(
        round__event_id=row.event_id, game_set_number=row.number, round__submissions__table=models.F("table")
    )
    if played.exists():
        raise Conflict(
            f"game set {row.number} is complete and has been played: its hands and options cannot change "
            "(results are in for it)",
            field=field,
        )


def _replace_sets(event: Event, sets, *, source: str, commitment: str, seed: str, file_name: str, by) -> GameSetFile:
    GameSet.objects.filter(event=event).delete()
    GameSet.objects.bulk_create([GameSet(event=event, complete=True, **row_fields(s)) for s in sets])
    GameSetFile.objects.filter(event=event).delete()
    return GameSetFile.objects.create(
        event=event, source=source, commitment=commitment, seed=seed, file_name=file_name[:200], created_by=by
    )


@transaction.atomic
def import_game_sets(*, event: Event, data, file_name: str = "", by=None, replace: bool = False) -> GameSetFile:
    """Import a ``calypso-gamesets/1`` file (bytes, text or the parsed JSON object).

    Every set is validated (a set with 207 cards, a card five times, a bad commitment...) and all
    problems are reported together. A seed in the file is kept secret until revealed.
    """
    event = _locked(event)
    if isinstance(data, bytes | str):
        try:
            data = json_body.loads(data, limit=None, what="the file")
        except json_body.BadJSON as error:
            raise ValidationError(error.message, field="file") from None
    try:
        parsed = gamesets.game_sets_from_json(data)
    except gamesets.GameSetError as error:
        raise _game_set_error(error) from error
    if not parsed.sets:
        raise ValidationError("the file holds no game sets", field="file")
    if event.game_sets.exists():
        if not replace:
            raise Conflict(f"{event.name} already has game sets; replace them explicitly", field="file")
        _refuse_if_played(event)
    return _replace_sets(
        event,
        parsed.sets,
        source=Source.IMPORTED,
        commitment=parsed.commitment,
        seed=parsed.seed_hex or "",
        file_name=file_name,
        by=by,
    )


@transaction.atomic
def generate_game_sets(
    *,
    event: Event,
    count=None,
    by=None,
    first_dealer: str = "S",
    orientation: str = "SDHC",
    replace: bool = False,
    seed: str | None = None,
) -> GameSetFile:
    """Deal ``count`` random game sets (default: one per game) from a fresh secret seed.

    The commitment is stored (show it to the director before play); the seed stays hidden until
    ``reveal_seed``, after which anyone can regenerate the sets and check the commitment.
    ``seed`` is for tests and the demo only.
    """
    event = _locked(event)
    count = parse_int(
        event.games if count is None else count, "the number of game sets", field="count", minimum=1, maximum=MAX_SETS
    )
    if first_dealer not in SUITS:
        raise ValidationError(f"the first dealer must be one of S, H, D, C, not {first_dealer!r}", field="first_dealer")
    if orientation not in gamesets.ORIENTATIONS:
        raise ValidationError(f"the orientation must be SDHC or SCHD, not {orientation!r}", field="orientation")
    if event.game_sets.exists():
        if not replace:
            raise Conflict(f"{event.name} already has game sets; replace them explicitly", field="count")
        _refuse_if_played(event)
    seed = seed or secrets.token_hex(16)
    sets = gamesets.deal_game_sets(count, seed, first_dealer=first_dealer, orientation=orientation)
    return _replace_sets(
        event, sets, source=Source.GENERATED, commitment=gamesets.commitment(sets), seed=seed, file_name="", by=by
    )


@transaction.atomic
def reveal_seed(*, event: Event) -> GameSetFile:
    """Publish the seed (after play): from now on selectors show it."""
    updated = (
        GameSetFile.objects.filter(event=event).exclude(seed="").update(seed_revealed=True, updated_at=timezone.now())
    )
    if not updated:
        raise NotFound(f"{event.name} has no generated game sets with a seed", field="seed")
    record("deals.reveal_seed", event=event, after={"seed_revealed": True})
    return GameSetFile.objects.get(event=event)


@transaction.atomic
def release_hands(*, event: Event, released: bool = True) -> GameSetFile:
    """Release (or withdraw) the hands to the public after play; also reveals a generated seed."""
    set_file = GameSetFile.objects.select_for_update().filter(event=event).first()
    if set_file is None:
        raise NotFound(f"{event.name} has no game sets", field="released")
    set_file.released = released
    if released and set_file.seed:
        set_file.seed_revealed = True
    set_file.save()
    event_services.mark_hands_released(event=event, released=released)
    record("deals.release_hands", event=event, obj=set_file, after={"hands_released": released})
    return set_file


# --- recording by hand ------------------------------------------------------------------------------
def _recording_file(event: Event, by) -> GameSetFile:
    set_file = GameSetFile.objects.filter(event=event).first()
    if set_file is None:
        return GameSetFile.objects.create(event=event, source=Source.RECORDED, created_by=by)
    if set_file.source != Source.RECORDED:
        raise Conflict(
            f"{event.name}'s game sets were {set_file.source}; they cannot be recorded by hand", field="hand"
        )
    return set_file


def refresh_commitment(event: Event) -> None:
    """Store the commitment once it is final, blank before: every set the event's seating plays
    exists and every set is complete. A hash over the sets so far would change with the next set
    recorded, so it is never stored (nor shown, nor served) as one to announce.

    Called after every change to the sets; call it too after re-seating an event.
    """
    set_file = GameSetFile.objects.filter(event=event).first()
    if set_file is not None:  # the rule itself is the selector's, shared with every page and the API
        value = commitment_state(event, set_file=set_file).value
        GameSetFile.objects.filter(pk=set_file.pk).update(commitment=value, updated_at=timezone.now())


def _check_complete(row: GameSet) -> None:
    row.complete = not to_game_set(row).problems()


@transaction.atomic
def record_hand(*, event: Event, number, deal, seat: str, text: str, by=None) -> GameSet:
    """Save one hand of game set ``number`` typed by the director (``S AKQ72 H 9 D 5 C T8`` or a
    card list). The set is created on its first hand. Saving an empty text clears the hand.

    Refused, naming the hand: bad notation, more than 13 cards, or a card the set already has
    four times.
    """
    event = _locked(event)
    number = parse_int(number, "the game set number", field="number", minimum=1, maximum=MAX_SETS)
    deal = parse_int(deal, "the deal", field="deal", minimum=1, maximum=4)
    where = f"hands.{deal}.{seat}"
    if seat not in SUITS:
        raise ValidationError(f"the seat must be S, H, D or C, not {seat!r}", field="seat")
    label = f"game set {number}, deal {deal}, {seat} hand"
    try:
        cards = parse_cards(text or "")
    except CardError as error:
        raise ValidationError(f"{label}: {error}", field=where) from error
    if len(cards) > gamesets.HAND_SIZE:
        raise ValidationError(f"{label} has {len(cards)} cards, more than {gamesets.HAND_SIZE}", field=where)
    _recording_file(event, by)
    row, _ = GameSet.objects.select_for_update().get_or_create(event=event, number=number)
    _refuse_if_set_played(row, field=where)
    row.deals[deal - 1][seat] = [str(card) for card in sorted(cards, key=sort_key)]
    try:
        gamesets.remaining_cards(to_game_set(row))
    except gamesets.GameSetError as error:
        raise ValidationError(f"{label}: {error}", field=where, problems=error.problems) from error
    _check_complete(row)
    row.save()
    refresh_commitment(event)
    return row


@transaction.atomic
def set_game_set_options(
    *, game_set: GameSet, first_dealer: str | None = None, orientation: str | None = None
) -> GameSet:
    """Change a recorded set's first dealer or orientation. Refused for dealt or imported sets:
    the commitment covers both, so a change would leave the published commitment unverifiable."""
    row = GameSet.objects.select_for_update().get(pk=game_set.pk)
    source = GameSetFile.objects.filter(event_id=row.event_id).values_list("source", flat=True).first()
    if source not in (None, Source.RECORDED):
        label = Source(source).label.lower()
        field = "first_dealer" if first_dealer is not None else "orientation"
        raise Conflict(
            f"game set {row.number} was {label}: its first dealer and orientation are covered by the "
            "commitment and cannot be changed; deal or import the sets again to change them",
            field=field,
        )
    _refuse_if_set_played(row, field="first_dealer" if first_dealer is not None else "orientation")
    if first_dealer is not None:
        if first_dealer not in SUITS:
            raise ValidationError(f"the first dealer must be S, H, D or C, not {first_dealer!r}", field="first_dealer")
        row.first_dealer = first_dealer
    if orientation is not None:
        if orientation not in gamesets.ORIENTATIONS:
            raise ValidationError(f"the orientation must be SDHC or SCHD, not {orientation!r}", field="orientation")
        row.orientation = orientation
    row.save()
    refresh_commitment(row.event)
    return row


@transaction.atomic
def fill_last_hand(*, game_set: GameSet) -> GameSet:
    """Complete a set whose 15 hands are typed: the 16th is what is left of the 208 cards."""
    row = GameSet.objects.select_for_update().get(pk=game_set.pk)
    try:
        complete = gamesets.complete_game_set(to_game_set(row))
    except gamesets.GameSetError as error:
        raise _game_set_error(error, field="hands") from error
    for key, value in row_fields(complete).items():
        setattr(row, key, value)
    row.complete = True
    row.save()
    refresh_commitment(row.event)
    return row


@transaction.atomic
def delete_game_set(*, game_set: GameSet) -> None:
    _refuse_if_played(game_set.event)
    game_set.delete()
    refresh_commitment(game_set.event)


# --- analysis of the sets by the play engine (issue 21.3) ------------------------------------------
A = AnalysisJob.Status
ANALYSIS_GAMES = 100  # games a set, as ``python -m scoring analyse`` plays by default
ANALYSE_TASK = "director.deals.tasks.analyse_game_sets"
log = logging.getLogger(__name__)


def start_analysis(*, event: Event, by=None, games: int = ANALYSIS_GAMES, players: str = "club") -> AnalysisJob:
    """Analyse the event's complete game sets: a job counting the sets, its task enqueued after
    commit (run here and now when no broker is configured). ``ValidationError`` with no set."""
    refuse_without_sets(event)
    total = GameSet.objects.filter(event=event, complete=True).count()
    if not total:
        raise ValidationError("there are no complete game sets to analyse yet", field="sets")
    with transaction.atomic():
        job = AnalysisJob.objects.create(event=event, games=games, players=players, total=total, created_by=by)
        transaction.on_commit(lambda: enqueue_analysis(job.pk))
    return job


def enqueue_analysis(job_id: int) -> None:
    """Enqueue the analysis task by its name (``deals.tasks`` imports this module, not the other way)."""
    try:
        celery_app.signature(ANALYSE_TASK, args=(job_id,)).apply_async()
    except Exception as error:  # the broker is down: say so on the job instead of a 500
        log.exception("could not enqueue analysis %s", job_id)
        fail_analysis(job_id, f"the analysis could not be queued ({error.__class__.__name__}); try again later")


def claim_analysis(job_id: int) -> AnalysisJob | None:
    """queued → running; ``None`` when the job is gone or already taken."""
    if AnalysisJob.objects.filter(pk=job_id, status=A.QUEUED).update(status=A.RUNNING) != 1:
        return None
    return AnalysisJob.objects.select_related("event").get(pk=job_id)


def record_analysis_progress(job_id: int, done: int, total: int) -> bool:
    """Sets analysed so far (no-op once the job has finished)."""
    return AnalysisJob.objects.filter(pk=job_id, status=A.RUNNING).update(done=min(done, total), total=total) == 1


def complete_analysis(job_id: int, summaries: dict) -> bool:
    updated = AnalysisJob.objects.filter(pk=job_id, status=A.RUNNING).update(
        status=A.DONE, summaries=summaries, done=len(summaries), total=len(summaries), finished_at=timezone.now()
    )
    return updated == 1


def fail_analysis(job_id: int, message: str) -> bool:
    return (
        AnalysisJob.objects.filter(pk=job_id, status__in=(A.QUEUED, A.RUNNING)).update(
            status=A.FAILED, error=message[:2000], finished_at=timezone.now()
        )
        == 1
    )
