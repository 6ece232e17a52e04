"""The trust path's locks, seen by a spy (#36): SQLite takes no row locks, so a writer that stopped
taking its table's or its game's lock, or took them in the other order, or dropped ``no_key``,
would pass every other test run on SQLite (`make mutate ARGS=--trust`'s mutants did).

The spy records every ``select_for_update`` as (model, its arguments) in call order; the rows
are still read, so each service runs as it does on PostgreSQL."""

from __future__ import annotations

import pytest
from django.db.models.query import QuerySet

from director.events.locks import lock_rounds, locked_event
from director.events.models import Event, Round, Table
from director.results import services as results
from director.results.models import Submission
from director.table import services as table_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def locks(monkeypatch):
    taken: list[tuple[str, dict]] = []
    real = QuerySet.select_for_update

    def spy(self, *args, **kwargs):
        assert not args, "select_for_update takes keywords only"
        taken.append((self.model.__name__, kwargs))
        return real(self, **kwargs)

    monkeypatch.setattr(QuerySet, "select_for_update", spy)
    return taken


TABLE = ("Table", {})
GAME = ("Round", {"of": ("self",), "no_key": True})
EVENT = ("Event", {"no_key": True})


def test_locked_event_rereads_the_event_for_no_key_update_and_marks_its_results_changed(running, locks, monkeypatch):
    marked = []
    monkeypatch.setattr("director.events.locks.results_changed", marked.append)
    Event.objects.filter(pk=running.pk).update(name="Renamed meanwhile")
    fresh = locked_event(running)
    assert locks == [EVENT]
    assert fresh.pk == running.pk and fresh.name == "Renamed meanwhile"  # read again, under the lock
    assert marked == [running.pk]


def test_lock_rounds_locks_only_the_games_rows_in_the_order_given(running, locks):
    games = Round.objects.filter(event=running).order_by("-number")
    locked = lock_rounds(games)
    assert locks == [GAME]
    assert [game.number for game in locked] == sorted((g.number for g in running.rounds.all()), reverse=True)
    assert isinstance(locked, list)


def first_table_and_game(event):
    return event.tables.order_by("number").first(), event.rounds.get(number=1)


def test_a_directors_sheet_takes_the_tables_lock_then_the_games(running, sheet, director_a, locks):
    table, game = first_table_and_game(running)
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    assert locks[:2] == [TABLE, GAME]


def test_a_tables_sheet_takes_the_tables_lock_then_the_games(running, sheet, locks):
    table, game = first_table_and_game(running)
    results.submit_from_table(table=table, round=game, sheet=sheet)
    assert locks[:2] == [TABLE, GAME]


def test_the_directors_confirm_and_dispute_take_the_tables_lock_then_the_games(running, sheet, director_a, locks):
    table, game = first_table_and_game(running)
    sent = results.submit_from_table(table=table, round=game, sheet=sheet)
    del locks[:]
    results.dispute_submission(submission=sent, by=director_a, note="our pile was 99")
    assert locks[:2] == [TABLE, GAME]
    del locks[:]
    confirmed = results.confirm_submission(submission=Submission.objects.get(pk=sent.pk), by=director_a)
    assert locks[:2] == [TABLE, GAME]
    assert confirmed.status == Submission.Status.CONFIRMED


def test_withdrawing_takes_the_tables_lock_then_the_games(running, sheet, director_a, locks):
    table, game = first_table_and_game(running)
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    del locks[:]
    results.withdraw_result(table=table, round=game, by=director_a, note="wrong table")
    assert locks[:2] == [TABLE, GAME]


def test_finishing_locks_the_event_then_every_game(running, locks):
    results.finish_event(event=running, force=True)
    assert locks[:2] == [EVENT, GAME]
    assert Table.objects.filter(event=running).exists()


def test_a_phones_sheet_locks_its_table_row_alone_then_the_game(running, sheet, locks):
    """Mutants of ``table.services._locked_game``'s lock: ``of=("self",)`` locks the table's row
    alone; without it PostgreSQL would lock the joined event's row too, and every table of the
    night would queue behind each other's sheets."""
    Event.objects.filter(pk=running.pk).update(phones=Event.Phones.TABLE)
    table, _ = first_table_and_game(running)
    table_services.submit(table=table, round_number=1, sheet=sheet, side="majors", idempotency_key="k-lock")
    assert locks[:3] == [TABLE, ("Table", {"of": ("self",)}), GAME]
