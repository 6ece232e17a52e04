"""results 0004: the side that sent a table's sheet becomes a column, filled from the audit log's
``table.submit`` entries; the double-entry rule then reads the column (issue #14.3)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE_RESULTS = ("results", "0003_dispute_proposal")
AFTER_RESULTS = ("results", "0004_submission_side")


def migrate_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def others_latest() -> list:
    return [node for node in MigrationExecutor(connection).loader.graph.leaf_nodes() if node[0] != "results"]


@pytest.fixture
def old_schema(transactional_db):
    """Every app at its latest, results at 0003 (no ``submitted_side``); the latest again afterwards."""
    apps = migrate_to([*others_latest(), BEFORE_RESULTS])
    yield apps
    migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_the_backfill_takes_each_table_sheets_side_from_the_audit_log(old_schema):
    apps = old_schema
    club = apps.get_model("clubs", "Club").objects.create(name="Port of Spain", slug="pos")
    event = apps.get_model("events", "Event").objects.create(club=club, name="Friday", date=datetime.date(2025, 5, 2))
    round1 = apps.get_model("events", "Round").objects.create(event=event, number=1)
    tables = [apps.get_model("events", "Table").objects.create(event=event, number=n, token=f"tok-{n}") for n in (1, 2)]
    Submission = apps.get_model("results", "Submission")
    AuditEntry = apps.get_model("audit", "AuditEntry")
    numbers = {"sheet": {}, "majors": 0, "minors": 0, "net": 0}

    def sheet(table, version, source, side=None):
        row = Submission.objects.create(table=table, round=round1, version=version, source=source, **numbers)
        if side is not None:
            AuditEntry.objects.create(
                at=datetime.datetime(2025, 5, 2, 20, 0, tzinfo=datetime.UTC),
                actor=f"table {table.number}",
                action="table.submit",
                object_type="results.submission",
                object_id=str(row.pk),
                after={"side": side, "round": 1, "version": version},
            )
        return row

    by_majors = sheet(tables[0], 1, "table", "majors")
    by_minors = sheet(tables[0], 2, "table", "minors")
    by_director = sheet(tables[1], 1, "director")
    unlogged = sheet(tables[1], 2, "table")  # its log entry was purged: nothing to go on
    odd = sheet(tables[1], 3, "table", "north")  # not a side: left blank
    AuditEntry.objects.create(  # another action on the same row says nothing about who sent it
        at=datetime.datetime(2025, 5, 2, 20, 5, tzinfo=datetime.UTC),
        actor="table 2",
        action="table.confirm",
        object_type="results.submission",
        object_id=str(by_director.pk),
        after={"side": "minors"},
    )

    apps = migrate_to([*others_latest(), AFTER_RESULTS])
    sides = dict(apps.get_model("results", "Submission").objects.values_list("pk", "submitted_side"))
    assert sides == {by_majors.pk: "majors", by_minors.pk: "minors", by_director.pk: "", unlogged.pk: "", odd.pk: ""}


@pytest.mark.django_db
def test_the_rule_survives_an_audit_purge(client, progressive_a, sheet):
    """With the log emptied, the side that sent a sheet still cannot confirm it."""
    from director.audit.models import AuditEntry
    from director.core.errors import Conflict
    from director.events import services as events
    from director.table import services as table_services
    from tests.director.conftest import table_links

    events.start_event(event=table_links(progressive_a))  # the side rule of a night of table links
    table = progressive_a.tables.get(number=1)
    sent, _ = table_services.submit(table=table, round_number=1, sheet=sheet, side="minors", idempotency_key=None)
    AuditEntry.objects.all()._raw_delete(AuditEntry.objects.db)  # a purge (entries are never edited one by one)
    assert table_services.submitted_side(sent) == "minors"
    with pytest.raises(Conflict, match="opponents"):
        table_services.confirm(table=table, submission_id=sent.pk, side="minors")
    assert table_services.confirm(table=table, submission_id=sent.pk, side="majors").status == "confirmed"


@pytest.mark.django_db
def test_the_status_update_itself_refuses_the_sender(progressive_a, sheet):
    """``results.services`` keeps the side on the row and the confirm/dispute update excludes it."""
    from director.core.errors import Conflict
    from director.events import services as events
    from director.results import services as results

    events.start_event(event=progressive_a)
    table, round1 = progressive_a.tables.get(number=2), progressive_a.rounds.get(number=1)
    sent = results.submit_from_table(table=table, round=round1, sheet=sheet, side="majors")
    assert sent.submitted_side == "majors"
    for write in (results.confirm_submission, results.dispute_submission):
        with pytest.raises(Conflict, match="the side that sent a sheet cannot"):
            write(submission=sent, by_table=table, side="majors")
    sent.refresh_from_db()
    assert sent.status == "submitted"
    assert results.confirm_submission(submission=sent, by_table=table, side="minors").status_changed_side == "minors"
