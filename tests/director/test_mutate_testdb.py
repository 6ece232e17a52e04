"""The trust path's mutation runs copy a saved test database into each session instead of migrating
(tests/mutmut_testdb.py, docs/testing.md): the first session saves it, the next runs no migration
and starts from the saved copy whatever an earlier session did to its tables."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection


@pytest.mark.django_db(transaction=True)
def test_a_transactional_test_empties_the_tables():
    assert ContentType.objects.exists()  # the migrations' rows: in the copy, whatever ran before
    assert "mode=memory" in connection.settings_dict["NAME"]  # the in-memory database, as pytest-django's
    ContentType.objects.all().delete()  # a flush would do as much
"""

CONFTEST = """
import os


def pytest_configure(config):
    if os.environ.get("PROBE_FORBID_MIGRATE"):
        from django.core.management.commands import migrate

        def refuse(*args, **kwargs):
            raise AssertionError("migrate ran: the saved test database was not used")

        migrate.Command.handle = refuse
"""


def _run(python, folder: Path, saved: Path, **env) -> subprocess.CompletedProcess:
    environ = {**os.environ, "CALYPSO_MUTATE_TESTDB": str(saved), **env}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.mutmut_testdb"]
    command += ["--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"), str(folder / "test_probe.py")]
    return python.run(command, cwd=ROOT, env=environ, capture_output=True, text=True, timeout=300)


def test_the_saved_test_database_is_made_once_then_copied_into_each_session(tmp_path, fresh_python):
    folder = tmp_path / "probe"
    folder.mkdir()
    (folder / "test_probe.py").write_text(PROBE)
    (folder / "conftest.py").write_text(CONFTEST)
    saved = tmp_path / "saved"
    first = _run(fresh_python, folder, saved)
    assert first.returncode == 0, first.stdout + first.stderr
    assert len(list(saved.glob("*.sqlite3"))) == 1
    # Again, with migrate refused: the copy is used, and the rows the first session deleted are back.
    again = _run(fresh_python, folder, saved, PROBE_FORBID_MIGRATE="1")
    assert again.returncode == 0, again.stdout + again.stderr
    # Without the plugin's folder, pytest-django's own set-up migrates (so the probe sees migrate refused).
    without = _run(fresh_python, folder, saved, PROBE_FORBID_MIGRATE="1", CALYPSO_MUTATE_TESTDB="")
    assert without.returncode != 0 and "migrate ran" in without.stdout
