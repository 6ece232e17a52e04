"""clubs 0002: the case-insensitive name constraint goes on only over names that allow it; an
existing database with names that differ only in case or spaces is refused, naming the players."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("clubs", "0001_initial")]
AFTER = [("clubs", "0002_player_name_unique_ignoring_case")]


def migrate_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(scope="module")
def _back_at_0001(django_db_setup, django_db_blocker):
    """The database taken back to clubs 0001 once for the module (every app's later migrations
    undone: most of a test's time), and forward to the latest schema after its last test."""
    with django_db_blocker.unblock():
        migrate_to(BEFORE)
    yield
    with django_db_blocker.unblock():
        apps = migrate_to(BEFORE)  # from 0002, where a test left it
        apps.get_model("clubs", "Player").objects.all().delete()  # the clashing rows would stop the way back
        migrate_to(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.fixture
def old_schema(_back_at_0001, transactional_db):
    """The apps as of clubs 0001 (exact-name constraint only); a test that went on to 0002 is
    taken back that one step (the tables are emptied after each test, transactional_db's flush)."""
    return migrate_to(BEFORE)


def make_club(apps, name="Port of Spain", slug="pos"):
    return apps.get_model("clubs", "Club").objects.create(name=name, slug=slug)


def test_the_migration_refuses_names_that_differ_only_in_case_and_names_them(old_schema):
    Player = old_schema.get_model("clubs", "Player")
    club = make_club(old_schema)
    al = Player.objects.create(club=club, name="Al Charles")
    twin = Player.objects.create(club=club, name="al  CHARLES ")
    Player.objects.create(club=club, name="Ken   Ali")
    other = make_club(old_schema, "San Fernando", "sando")
    Player.objects.create(club=other, name="AL CHARLES")  # another club: no clash
    with pytest.raises(Exception, match="differ only in case or spaces") as caught:
        migrate_to(AFTER)
    message = str(caught.value)
    assert f"Port of Spain: 'Al Charles' (id {al.pk}), 'al  CHARLES ' (id {twin.pk})" in message
    assert "San Fernando" not in message and "Ken" not in message
    # Nothing changed: still at 0001, no name tidied, both players kept.
    applied = MigrationExecutor(connection).loader.applied_migrations
    assert ("clubs", "0002_player_name_unique_ignoring_case") not in applied
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == [
        "Al Charles",
        "Ken   Ali",
        "al  CHARLES ",
    ]


def test_the_migration_tidies_spaces_then_refuses_a_case_variant_insert(old_schema):
    from django.db import IntegrityError, transaction

    Player = old_schema.get_model("clubs", "Player")
    club = make_club(old_schema)
    Player.objects.create(club=club, name="  Ken   Ali ")
    Player.objects.create(club=club, name="Al Charles")
    apps = migrate_to(AFTER)
    Player = apps.get_model("clubs", "Player")
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Al Charles", "Ken Ali"]
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club_id=club.pk, name="AL CHARLES")
    Player.objects.create(club_id=club.pk, name="Al Charles Jr")
