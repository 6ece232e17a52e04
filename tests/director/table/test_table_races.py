"""What the database guarantees whatever the application does, and races between phones.

The race tests need PostgreSQL (threads cannot share pytest's in-memory SQLite database); run them
with ``DATABASE_URL=postgres://...`` (CI does).
"""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import IntegrityError, connection, connections, transaction
from django.utils import timezone

from director.core.errors import Conflict
from director.events import services as events
from director.events.models import Round
from director.results import services as results
from director.results.models import Submission
from director.table import services

S = Submission.Status


def _insert(table, round, version, status):
    """A raw INSERT, as a buggy script or a hand in psql would do it: no services, no ORM checks."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Submission._meta.db_table} (table_id, round_id, version, sheet, majors, minors, net, status,"
            " source, submitted_at, note, status_note) VALUES (%s, %s, %s, %s, 0, 0, 0, %s, 'import', %s, '', '')",
            [table.pk, round.pk, version, "{}", status, timezone.now()],
        )


def test_the_database_refuses_a_second_confirmed_sheet(running, tables):
    table, round = tables[1], running.rounds.get(number=1)
    _insert(table, round, 1, "confirmed")
    _insert(table, round, 2, "superseded")  # any number of other versions are fine
    _insert(table, round, 3, "submitted")
    with pytest.raises(IntegrityError), transaction.atomic():
        _insert(table, round, 4, "confirmed")
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.bulk_create(
            [Submission(table=table, round=round, version=5, sheet={}, majors=0, minors=0, net=0, status="confirmed")]
        )
    with pytest.raises(IntegrityError), transaction.atomic():  # flipping a row to confirmed behind the app's back
        Submission.objects.filter(table=table, round=round, version=3).update(status="confirmed")
    # Another game or table is independent.
    _insert(tables[2], round, 1, "confirmed")
    assert Submission.objects.filter(status="confirmed").count() == 2


def test_the_database_refuses_a_repeated_idempotency_key(running, tables):
    """Once per table (#29.6: a key is its own event's; another table of the event is refused by
    ``results.services.replayed``, under the table's lock, before the database is asked)."""
    round = running.rounds.get(number=1)
    Submission.objects.create(
        table=tables[1],
        round=round,
        version=1,
        sheet={},
        majors=0,
        minors=0,
        net=0,
        idempotency_key="k",
        source="table",
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.create(
            table=tables[1], round=round, version=2, sheet={}, majors=0, minors=0, net=0, idempotency_key="k"
        )


def _run(threads):
    barrier = threading.Barrier(len(threads))
    outcomes = [None] * len(threads)

    def wrap(i, fn):
        try:
            barrier.wait(5)
            outcomes[i] = fn()
        except Exception as error:  # collected for the assertions
            outcomes[i] = error
        finally:
            connections.close_all()

    workers = [threading.Thread(target=wrap, args=(i, fn)) for i, fn in enumerate(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_racing_phones(require_postgres, club_a, players_a, director_a, new_progressive, random_sheet):
    event = new_progressive(club_a, players_a, tables=4, by=director_a, phones="table")  # phones by table link
    events.start_event(event=event)
    table = event.tables.get(number=1)
    sheets = [random_sheet() for _ in range(8)]

    # Eight different sheets at once: one wins, seven are told to confirm or dispute.
    outcomes = _run(
        [
            (lambda s=s: services.submit(table=table, round_number=1, sheet=s, side="majors", idempotency_key=None))
            for s in sheets
        ]
    )
    won = [o for o in outcomes if isinstance(o, tuple)]
    lost = [o for o in outcomes if isinstance(o, services.AlreadySubmitted)]
    assert len(won) == 1 and len(lost) == 7, outcomes
    assert Submission.objects.filter(table=table).count() == 1

    # The same request eight times at once (a phone retrying): one row, every answer the same.
    other = event.tables.get(number=2)
    key = str(uuid.uuid4())
    outcomes = _run(
        [
            (lambda: services.submit(table=other, round_number=1, sheet=sheets[0], side="minors", idempotency_key=key))
            for _ in range(8)
        ]
    )
    assert all(isinstance(o, tuple) for o in outcomes), outcomes
    assert len({o[0].pk for o in outcomes}) == 1
    assert sum(1 for o in outcomes if o[1] is False) == 1
    assert Submission.objects.filter(table=other).count() == 1

    # Both opponents press confirm while the director closes the game.
    submission = won[0][0]
    round1 = event.rounds.get(number=1)
    outcomes = _run(
        [
            lambda: services.confirm(table=table, submission_id=submission.pk, side="minors"),
            lambda: services.confirm(table=table, submission_id=submission.pk, side="minors"),
            lambda: events.close_round(round=round1),
        ]
    )
    confirmed = Submission.objects.filter(table=table, status=S.CONFIRMED).count()
    assert confirmed in (0, 1)
    if confirmed:  # the confirms came first: both see the one confirmed sheet
        assert all(isinstance(o, Submission) for o in outcomes[:2]), outcomes
    else:  # the game closed first: neither confirm went through
        assert all(isinstance(o, Conflict) for o in outcomes[:2]), outcomes


# --- the director's side of the lock (#36.2): the director's confirm, finishing while a sheet is written
def _waiting_for_a_lock() -> bool:
    """Whether some other session of this database waits for a row lock now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0] > 0


def _until(condition, done, tries=400) -> bool:
    """Poll (bounded) until ``condition()`` holds or ``done`` is set; whether it held."""
    for _ in range(tries):
        if condition():
            return True
        if done.wait(0.025):
            return condition()
    return False


def _in_thread(fn):
    result, done = {}, threading.Event()

    def run():
        try:
            result["value"] = fn()
        except Exception as error:  # collected for the assertions
            result["value"] = error
        finally:
            connections.close_all()
            done.set()

    worker = threading.Thread(target=run)
    worker.start()
    return worker, done, result


@pytest.mark.django_db(transaction=True)
def test_the_directors_confirm_waits_for_the_games_lock(
    require_postgres, club_a, players_a, director_a, new_progressive, sheet
):
    """Mutant: ``results.confirm_submission`` without ``_lock_game``: the confirm would not wait."""
    event = events.start_event(event=new_progressive(club_a, players_a, tables=2, by=director_a, phones="table"))
    table, game = event.tables.get(number=1), event.rounds.get(number=1)
    sent, _ = services.submit(table=table, round_number=1, sheet=sheet, side="majors", idempotency_key=None)
    taken, release = threading.Event(), threading.Event()

    def holder():  # a writer holding game 1's lock (a close, another table's sheet)
        with transaction.atomic():
            events.lock_rounds(Round.objects.filter(pk=game.pk))
            taken.set()
            release.wait(20)

    hold, _, _ = _in_thread(holder)
    assert taken.wait(20)
    confirm, confirm_done, outcome = _in_thread(
        lambda: results.confirm_submission(submission=sent, by=director_a, note="as sent")
    )
    waited = _until(_waiting_for_a_lock, confirm_done)
    still = Submission.objects.get(pk=sent.pk).status
    release.set()
    hold.join(30)
    confirm.join(30)
    assert waited and still == S.SUBMITTED, "the director's confirm did not wait for the game's lock"
    assert isinstance(outcome["value"], Submission) and outcome["value"].status == S.CONFIRMED


@pytest.mark.django_db(transaction=True)
def test_finishing_while_a_sheet_is_written_waits_for_it_without_a_deadlock(
    require_postgres, club_a, players_a, director_a, new_progressive, sheet, monkeypatch
):
    """The phone's sheet holds its game's lock and then writes its audit entry (which refers to the
    event: ``FOR KEY SHARE``) while the finish, holding the event's row, waits for that game. Mutant:
    ``locked_event`` without ``no_key=True`` (``FOR UPDATE``): each waits for the other (a deadlock)."""
    from director.table import services as table_services

    event = events.start_event(event=new_progressive(club_a, players_a, tables=2, by=director_a, phones="table"))
    table = event.tables.get(number=1)
    in_flight, release = threading.Event(), threading.Event()
    real_record = table_services.record

    def record(*args, **kwargs):  # the sheet is written, its audit entry not yet
        in_flight.set()
        release.wait(20)
        return real_record(*args, **kwargs)

    monkeypatch.setattr(table_services, "record", record)
    phone, _, sent = _in_thread(
        lambda: services.submit(table=table, round_number=1, sheet=sheet, side="majors", idempotency_key="k-fin")
    )
    assert in_flight.wait(20)
    finish, finish_done, finished = _in_thread(lambda: results.finish_event(event=event, force=True))
    waited = _until(_waiting_for_a_lock, finish_done)
    release.set()
    phone.join(30)
    finish.join(30)
    assert waited, "the finish did not wait for the sheet being written"
    assert isinstance(sent["value"], tuple), sent["value"]
    assert isinstance(finished["value"], type(event)), finished["value"]
    row = Submission.objects.get(table=table)
    closed = event.rounds.get(number=1)
    assert closed.status == "closed" and closed.closed_at >= row.submitted_at
