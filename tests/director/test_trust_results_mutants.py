"""Tests that kill the surviving mutants of the results' services (``director/results/services.py``,
#36): ``make mutate ARGS="--trust --tests=… director.results.services*"`` (docs/testing.md). Each
asserts what a changed rule gets wrong: the rows a write leaves, its audit entry, a refusal's words."""

from __future__ import annotations

import pytest

from director.audit.models import AuditEntry
from director.results import services as results
from director.results.models import Submission

pytestmark = pytest.mark.django_db
S = Submission.Status


@pytest.fixture
def place(running):
    return running.tables.get(number=1), running.rounds.get(number=1)


# --- withdraw_result ------------------------------------------------------------------------------------------
def test_a_withdrawal_supersedes_for_the_director_and_is_logged_with_what_it_took_back(place, sheet, director_a):
    """Mutants of ``withdraw_result``: the superseded rows' who and why (the default words when no
    note is given), the audit entry's action, event, who, what it took back, note."""
    table, game = place
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    assert results.withdraw_result(table=table, round=game, by=director_a) == 1
    row = Submission.objects.get()
    assert (row.status, row.status_changed_by, row.status_note) == (
        S.SUPERSEDED,
        director_a,
        "withdrawn by the director",
    )
    entry = AuditEntry.objects.get(action="results.withdraw")
    assert (entry.actor, entry.user, entry.event_id) == ("dora", director_a, table.event_id)
    assert entry.after == {"table": 1, "round": 1, "superseded": 1}
    assert entry.note == ""


def test_a_withdrawals_note_is_kept_on_the_rows_and_the_entry(place, sheet, director_a):
    table, game = place
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    results.withdraw_result(table=table, round=game, by=director_a, note="entered for the wrong table")
    assert Submission.objects.get().status_note == "entered for the wrong table"
    assert AuditEntry.objects.get(action="results.withdraw").note == "entered for the wrong table"
