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
    event = new_progressive(club_a, players_a, tables=4, by=director_a)
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
