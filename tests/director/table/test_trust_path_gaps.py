"""The trust path's gaps that mutation testing found (#36 point 2): each test here fails on the
mutant named in its docstring (applied by hand, seen failing, reverted)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from director.core.errors import Conflict
from director.events import services as events
from director.results import services as results
from director.results.models import Submission
from tests.director.table.test_table_after_close import LockSpy

pytestmark = pytest.mark.django_db


@pytest.fixture
def lock_spy(monkeypatch):
    spy = LockSpy(events.lock_rounds)
    monkeypatch.setattr(events, "lock_rounds", spy)
    return spy


# --- (1) a dispute after the director closed the game ---------------------------------------------------
def test_a_phone_cannot_dispute_a_sheet_of_a_game_the_director_closed(phone, running, sheet):
    """Mutant: ``table.services.dispute`` without its current-game check (``_in_current_game``)."""
    p = phone(1)
    sid = p.submit(sheet).json()["submission"]["id"]
    events.close_round(round=running.rounds.get(number=1))
    answer = p.dispute(sid, note="too late")
    assert answer.status_code == 409
    assert answer.json()["error"] == "that sheet is for game 1; the current game is game 2"
    assert Submission.objects.get(pk=sid).status == "submitted"


def test_the_results_service_itself_refuses_a_dispute_in_a_closed_game(phone, running, sheet, director_a):
    """Mutant: ``results.dispute_submission`` without ``check_accepting`` for a table's dispute. The
    director still may (``by``)."""
    sid = phone(1).submit(sheet).json()["submission"]["id"]
    events.close_round(round=running.rounds.get(number=1))
    row = Submission.objects.get(pk=sid)
    with pytest.raises(Conflict) as refused:
        results.dispute_submission(submission=row, by_table=row.table, side="minors", phone="another phone")
    assert refused.value.code == "game-closed"
    assert Submission.objects.get(pk=sid).status == "submitted"
    disputed = results.dispute_submission(submission=row, by=director_a, note="the director looks again")
    assert disputed.status == "disputed"


# --- (3) the director's confirm takes the game's lock -------------------------------------------------
def test_the_directors_confirm_takes_its_games_lock(phone, running, sheet, director_a, lock_spy):
    """Mutant: ``results.confirm_submission`` without ``_lock_game`` (the phone's path takes the lock
    earlier, in ``table.services``, so only the director's confirm shows it)."""
    sid = phone(1).submit(sheet).json()["submission"]["id"]
    game = running.rounds.get(number=1)
    before = len(lock_spy.calls)
    results.confirm_submission(submission=Submission.objects.get(pk=sid), by=director_a, note="as sent")
    assert lock_spy.calls[before:] == [{game.pk}]
    assert Submission.objects.get(pk=sid).status == "confirmed"


def test_a_close_that_lands_while_the_directors_confirm_waits_still_lets_the_director_confirm(
    phone, running, sheet, director_a, lock_spy
):
    """The close queues on the same lock: the director's confirm is not refused by a closed game
    (the director corrects closed games), and the close time is recorded."""
    sid = phone(1).submit(sheet).json()["submission"]["id"]
    game = running.rounds.get(number=1)
    lock_spy.before = lambda: events.close_round(round=game)
    done = results.confirm_submission(submission=Submission.objects.get(pk=sid), by=director_a)
    assert done.status == "confirmed"
    game.refresh_from_db()
    assert game.status == "closed" and game.closed_at is not None


# --- (5) losing an insert race in results.services._create ----------------------------------------------
# ``_create`` is called as a request that lost the race finds it: the winner's row is already there
# (its check for a replayed key came before the winner committed), so its own insert meets the
# database's constraint.
def _fields(running, sheet, **extra):
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    return dict(table=table, round=game, sheet=sheet, majors=0, minors=0, net=0, **extra)


def test_losing_the_insert_race_with_the_same_key_returns_the_winners_sheet(running, sheet):
    """Mutant: ``_create`` without its fallback for a key (re-raising, or a Conflict)."""
    fields = _fields(running, sheet, status="submitted", source="table")
    won = Submission.objects.create(version=1, idempotency_key="same-request", **fields)
    created, new = results._create(key="same-request", **fields)
    assert new is False and created.pk == won.pk
    assert Submission.objects.filter(table=fields["table"]).count() == 1


def test_losing_the_insert_race_without_a_key_is_a_conflict_and_writes_nothing(running, sheet):
    """Without a key the lost race is a ``Conflict`` naming the table and game, never an
    ``IntegrityError`` (a 500), and the outer transaction stays usable (the savepoint)."""
    fields = _fields(running, sheet, source="director")
    Submission.objects.create(version=1, status="confirmed", **fields)
    with pytest.raises(Conflict) as lost:
        results._create(key=None, status="confirmed", **fields)
    assert lost.value.problems == ["table 1, game 1 already has a confirmed sheet"]
    assert isinstance(lost.value.__cause__, IntegrityError)
    assert Submission.objects.filter(table=fields["table"]).count() == 1
