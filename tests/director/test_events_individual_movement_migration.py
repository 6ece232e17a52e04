"""events 0004: the individual movement option. A progressive individual night already under way
keeps the size-keeping movement it was seated with; every other night takes the rules' movement."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("events", "0003_event_setup_token")]
AFTER = [("events", "0004_event_individual_movement")]


def migrate_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_schema(transactional_db):
    apps = migrate_to(BEFORE)
    yield apps
    migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_nights_under_way_keep_the_size_keeping_movement(old_schema):
    club = old_schema.get_model("clubs", "Club").objects.create(name="Port of Spain", slug="pos")
    Event = old_schema.get_model("events", "Event")
    made = {}
    for name, type, status in (
        ("running solo", "progressive-individual", "running"),
        ("finished solo", "progressive-individual", "finished"),
        ("draft solo", "progressive-individual", "draft"),
        ("running pairs", "progressive-pairs", "running"),
    ):
        made[name] = Event.objects.create(
            club=club, name=name, date=datetime.date(2025, 3, 14), type=type, status=status
        )
    apps = migrate_to(AFTER)
    moved = dict(apps.get_model("events", "Event").objects.values_list("name", "individual_movement"))
    assert moved == {
        "running solo": "fixed-sizes",
        "finished solo": "fixed-sizes",
        "draft solo": "rules",
        "running pairs": "rules",
    }
