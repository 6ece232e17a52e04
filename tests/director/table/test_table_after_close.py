"""Closing and sheets queue on one lock, the game's row (``events.services.lock_rounds``).

SQLite runs one writer at a time, so a race cannot be shown with threads here (the PostgreSQL
races are in test_table_races.py). Instead the interleavings are made deterministic: the lock
function is wrapped so that the other party acts at the very moment the lock is taken — the
director finishes the event while a sheet waits for the lock, or a sheet lands while the director's
finish waits for it. What the waiting party then does proves it reads the state under the lock."""

from __future__ import annotations

import pytest

from director.audit.models import AuditEntry
from director.events import services as events
from director.results import services as results
from director.results.models import Submission
from director.table import services as table_services

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

FINISHED = "has finished: the director closed it, so sheets can no longer be sent from the table; ask the director"


class LockSpy:
    """``events.lock_rounds``, noting the games each call locked; ``before`` runs once, just before
    the next lock is taken."""

    def __init__(self, real):
        self.real, self.calls, self.before = real, [], None

    def __call__(self, rounds):
        hook, self.before = self.before, None
        if hook is not None:
            hook()  # the other party acts now: it takes the lock (through this spy) and is done
        locked = self.real(rounds)
        self.calls.append({r.pk for r in locked})
        return locked


@pytest.fixture
def lock_spy(monkeypatch):
    spy = LockSpy(events.lock_rounds)
    monkeypatch.setattr(events, "lock_rounds", spy)
    return spy


def test_a_sheet_after_the_event_finished_is_a_409_saying_so(phone, running, sheet):
    results.finish_event(event=running, force=True)
    response = phone(1).submit(sheet)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "event-finished" and body["field"] == "round"
    assert body["error"] == f"{running.name} {FINISHED}"
    assert not Submission.objects.exists()


def test_confirming_after_the_event_finished_is_a_409_saying_so(phone, running, sheet):
    submitted = phone(1).submit(sheet).json()["submission"]
    results.finish_event(event=running, force=True)
    response = phone(1).confirm(submitted["id"])
    assert response.status_code == 409 and response.json()["code"] == "event-finished"
    assert Submission.objects.get(pk=submitted["id"]).status == "submitted"


def test_the_sheets_and_the_finish_take_the_same_lock(phone, running, sheet, director_a, lock_spy):
    game = running.rounds.get(number=1)
    submitted = phone(1).submit(sheet).json()["submission"]
    phone(1).confirm(submitted["id"])
    results.enter_sheet(table=running.tables.get(number=2), round=game, sheet=sheet, by=director_a)
    sheets = list(lock_spy.calls)
    assert len(sheets) >= 3 and all(locked == {game.pk} for locked in sheets)
    results.finish_event(event=running, force=True)
    assert lock_spy.calls[len(sheets) :] == [set(running.rounds.values_list("pk", flat=True))]


def test_a_sheet_that_waited_behind_the_finish_reads_the_finish_under_the_lock(phone, running, sheet, lock_spy):
    """The director's finish lands while the phone's sheet waits for the lock: the sheet must see it
    once it holds the lock — a check made before taking the lock would write a row after the close."""
    lock_spy.before = lambda: results.finish_event(event=running, force=True)
    response = phone(1).submit(sheet)
    assert response.status_code == 409 and response.json()["code"] == "event-finished"
    assert not Submission.objects.filter(source="table").exists()


def test_a_sheet_that_waited_behind_closing_its_game_reads_the_close_under_the_lock(phone, running, sheet, lock_spy):
    lock_spy.before = lambda: events.close_round(round=running.rounds.get(number=1))
    response = phone(1).submit(sheet, round=1)
    assert response.status_code == 409
    assert "game 1 is not open at this table" in response.json()["error"]
    assert not Submission.objects.filter(source="table").exists()


def test_the_finish_sees_the_sheet_it_waited_for_and_closes_after_it(tables, running, sheet, lock_spy):
    """A sheet holds the lock when the director presses finish: the finish counts it (awaiting
    confirmation, not "no result") and records a close time after it was written."""
    written = []
    lock_spy.before = lambda: written.append(
        table_services.submit(table=tables[1], round_number=1, sheet=sheet, side="majors", idempotency_key="k")[0]
    )
    results.finish_event(event=running, force=True)
    game = running.rounds.get(number=1)
    assert written and game.closed_at >= written[0].submitted_at
    forced = AuditEntry.objects.get(action="events.finish_forced")
    assert "game 1: table 1 has a sheet awaiting confirmation" in forced.after["unfinished"]


def test_closing_a_game_takes_the_lock_before_its_close_time(running, sheet, tables, lock_spy):
    game = running.rounds.get(number=1)
    written = []
    lock_spy.before = lambda: written.append(
        results.submit_from_table(table=tables[2], round=game, sheet=sheet, idempotency_key="racing")
    )
    events.close_round(round=game)
    game.refresh_from_db()
    assert written and game.closed_at >= written[0].submitted_at


def test_the_director_may_still_correct_a_finished_event(running, sheet, tables, director_a):
    """The close refuses the tables, not the director's corrections (new versions, logged)."""
    results.finish_event(event=running, force=True)
    correction = results.enter_sheet(table=tables[1], round=running.rounds.get(number=1), sheet=sheet, by=director_a)
    assert correction.status == "confirmed"
