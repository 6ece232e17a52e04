"""The migrated SQLite test database is saved once and copied into every later session or worker
(tests/saved_testdb.py: `make test`'s SQLite step; tests/mutmut_testdb.py: the trust path's mutation
runs; docs/testing.md): two sessions starting together migrate once, the copy holds exactly what
migrating gives, a session's flush does not reach the next, and a new migration makes a new copy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from tests.saved_testdb import template_key

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import os

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection


# Transactional: the tables are emptied (flushed) after it, and the next session must not see that.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_transactional_test_sees_the_migrations_rows():
    assert ContentType.objects.exists()  # the migrations' rows: in the copy, whatever ran before
    assert "mode=memory" in connection.settings_dict["NAME"]  # the in-memory database, as pytest-django's
    assert "contenttypes.contenttype" in connection._test_serialized_contents  # for serialized_rollback
    if os.environ.get("PROBE_DUMP"):  # the whole database: schema, migration rows, data
        with open(os.environ["PROBE_DUMP"], "w") as dump:
            dump.writelines(line + "\\n" for line in connection.connection.iterdump())
"""

CONFTEST = """
import os


def pytest_configure(config):
    from django.core.management.commands import migrate

    if os.environ.get("PROBE_FORBID_MIGRATE"):

        def refuse(*args, **kwargs):
            raise AssertionError("migrate ran: the saved test database was not used")

        migrate.Command.handle = refuse
    elif os.environ.get("PROBE_MIGRATED"):
        handle = migrate.Command.handle

        def counted(*args, **kwargs):
            with open(os.environ["PROBE_MIGRATED"], "a") as log:
                log.write(os.environ["PROBE_NAME"] + "\\n")
            return handle(*args, **kwargs)

        migrate.Command.handle = counted
"""


# The probe needs pytest-django and the plugin under test, not the suite's other plugins: leaving
# them out takes ≈ 0.6 s of CPU off each of the four sessions (1.66 → 1.07 s for one test).
UNUSED_PLUGINS = ("cacheprovider", "schemathesis", "hypothesispytest", "anyio", "xdist", "xdist.looponfail")


def _start(folder: Path, plugin: str, **env) -> subprocess.Popen:
    environ = {**os.environ, "CALYPSO_SAVED_TESTDB": "", "CALYPSO_MUTATE_TESTDB": "", **env}
    command = [sys.executable, "-m", "pytest", "-q", *(f"-pno:{name}" for name in UNUSED_PLUGINS), "-p", plugin]
    command += ["--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"), str(folder / "test_probe.py")]
    return subprocess.Popen(command, cwd=ROOT, env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _finish(session: subprocess.Popen) -> tuple[int, str]:
    out, _ = session.communicate(timeout=300)
    return session.returncode, out


def test_the_saved_test_database_is_made_once_then_copied_into_each_session(tmp_path):
    folder = tmp_path / "probe"
    folder.mkdir()
    (folder / "test_probe.py").write_text(PROBE)
    (folder / "conftest.py").write_text(CONFTEST)
    saved, migrated = tmp_path / "saved", tmp_path / "migrated.log"
    saved.mkdir()
    (saved / "0123456789abcdef.sqlite3").write_bytes(b"")  # from older migrations: removed on saving

    # Two sessions at once, as make test's two workers start: one migrates and saves, the other
    # waits for it and copies; both see the same database, to the last row.
    together = [
        _start(
            folder,
            "tests.saved_testdb",
            CALYPSO_SAVED_TESTDB=str(saved),
            PROBE_MIGRATED=str(migrated),
            PROBE_NAME=name,
            PROBE_DUMP=str(tmp_path / f"{name}.sql"),
        )
        for name in ("one", "two")
    ]
    for code, out in map(_finish, together):
        assert code == 0, out
    assert len(migrated.read_text().split()) == 1, "both sessions migrated"
    assert [path.name for path in saved.iterdir() if path.name != "saving.lock"] == [f"{template_key()}.sqlite3"]
    one, two = ((tmp_path / f"{name}.sql").read_text() for name in ("one", "two"))
    assert one == two
    assert 'CREATE TABLE "django_migrations"' in one and 'INSERT INTO "django_migrations" VALUES(' in one

    # Again, with migrate refused, through the mutation runs' plugin: the copy is used, and the rows
    # the first sessions' flushes emptied are back.
    again = _start(folder, "tests.mutmut_testdb", CALYPSO_MUTATE_TESTDB=str(saved), PROBE_FORBID_MIGRATE="1")
    code, out = _finish(again)
    assert code == 0, out
    # Without the folder, pytest-django's own set-up migrates (so the probe sees migrate refused).
    code, out = _finish(_start(folder, "tests.saved_testdb", PROBE_FORBID_MIGRATE="1"))
    assert code != 0 and "migrate ran" in out


def test_a_new_or_changed_migration_changes_the_key(tmp_path):
    apps = []
    for label in ("clubs", "events"):
        (tmp_path / label / "migrations").mkdir(parents=True)
        (tmp_path / label / "migrations" / "0001_initial.py").write_text("operations = []\n")
        apps.append(SimpleNamespace(label=label, path=str(tmp_path / label), get_models=lambda **_: []))
    (tmp_path / "plain").mkdir()  # an app without migrations
    models = []
    apps.append(SimpleNamespace(label="plain", path=str(tmp_path / "plain"), get_models=lambda **_: models))
    before = template_key(apps)
    assert template_key(list(reversed(apps))) == before  # the apps' order does not matter
    added = tmp_path / "events" / "migrations" / "0002_more.py"
    added.write_text("operations = []\n")
    assert template_key(apps) != before
    added.unlink()
    assert template_key(apps) == before
    (tmp_path / "clubs" / "migrations" / "0001_initial.py").write_text("operations = [None]\n")
    assert template_key(apps) != before
    changed = template_key(apps)
    # A model added without a migration: post_migrate still gives it a content type and permissions.
    meta = SimpleNamespace(label="plain.Note", verbose_name_raw="note", default_permissions=("view",), permissions=[])
    models.append(SimpleNamespace(_meta=meta))
    assert template_key(apps) != changed
    assert template_key() == template_key()  # the installed apps': the same in every session
