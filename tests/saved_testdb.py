"""The SQLite test database migrated once, saved, then copied into every later session or worker.

pytest-django builds the in-memory SQLite test database in every session, and in every xdist
worker, by running all the migrations (2–4 s of CPU each). Here the first session that needs
it builds it as pytest-django does and saves it with SQLite's backup API to ``FOLDER/KEY.sqlite3``;
every later one opens the same in-memory database pytest-django would have made and copies the
saved one into it (a few milliseconds) — the way Django's own parallel runner clones an in-memory
SQLite database. ``KEY`` hashes Django's version, every installed app's migration files and its
models' names and permissions, so a new or edited migration builds a new copy (and the older copies
are removed). Every session starts from the copy, so a test that empties the tables
(``transaction=True``) leaves nothing behind.

Two workers start at the same moment: the first takes a lock (``fcntl``) while it migrates and
saves, the other waits for it and copies. The copy is written under a temporary name and renamed,
so no session ever opens half a file. Without ``fcntl`` (Windows) there is no lock: a session that
finds no copy migrates itself, and saving is best effort.

Used by ``make test``'s SQLite step (tests/suite.py: ``-p tests.saved_testdb`` with
``CALYPSO_SAVED_TESTDB=var/testdb``) and by the trust path's mutation runs (tests/mutmut_testdb.py).
Without the folder in the environment, with another database than SQLite in memory, with
``--reuse-db`` or ``--nomigrations``, pytest-django's own set-up runs unchanged.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
from pathlib import Path
from types import ModuleType

import pytest

ENV = "CALYPSO_SAVED_TESTDB"


def template_key(app_configs=None) -> str:
    """A hash of what the test database's contents come from: Django's version, the migration
    files of every installed app (``app_configs``: the installed apps unless given), and its models'
    names and permissions, from which ``post_migrate`` makes the content types and permissions (a
    model added without its migration still gets its rows)."""
    import django

    if app_configs is None:
        from django.apps import apps

        app_configs = apps.get_app_configs()
    digest = hashlib.sha1(django.get_version().encode())
    for app in sorted(app_configs, key=lambda a: a.label):
        folder = Path(app.path) / "migrations"
        for path in sorted(folder.glob("*.py")) if folder.is_dir() else []:
            digest.update(f"{app.label}/{path.name}\0".encode())
            digest.update(path.read_bytes())
        for model in sorted(app.get_models(include_auto_created=True), key=lambda m: m._meta.label):
            meta = model._meta
            digest.update(
                repr((meta.label, meta.verbose_name_raw, meta.default_permissions, meta.permissions)).encode()
            )
    return digest.hexdigest()[:16]


@contextlib.contextmanager
def _alone(folder: Path):
    """Held while one process migrates and saves; another that wants the copy waits here."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock, each session without a copy migrates for itself
        yield
        return
    with open(folder / "saving.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _save(connection, saved: Path) -> None:
    partial = saved.with_suffix(f".{os.getpid()}.part")
    target = sqlite3.connect(partial)
    try:
        connection.ensure_connection()
        connection.connection.backup(target)
    finally:
        target.close()
    try:
        os.replace(partial, saved)
    except OSError:  # Windows: another session has the file open; its copy is as good
        partial.unlink(missing_ok=True)
        return
    for old in saved.parent.glob("*.sqlite3"):
        if old != saved:  # made from older migrations: never read again
            with contextlib.suppress(OSError):
                old.unlink()


def _copy(connection, saved: Path, serialized) -> list:
    """What ``create_test_db`` does after migrating, with the saved copy in place of the migrations."""
    from django.conf import settings

    old_name = connection.settings_dict["NAME"]
    name = connection.creation._get_test_db_name()
    connection.close()
    settings.DATABASES[connection.alias]["NAME"] = name
    connection.settings_dict["NAME"] = name
    connection.ensure_connection()
    source = sqlite3.connect(f"file:{saved}?mode=ro", uri=True)
    try:
        source.backup(connection.connection)
    finally:
        source.close()
    if connection.alias in (serialized or ()):  # for serialized_rollback, as create_test_db keeps it
        connection._test_serialized_contents = connection.creation.serialize_db_to_string()
    return [(connection, old_name, True)]


def set_up(request, folder: Path, blocker, migrations=True, keepdb=False, createdb=False):
    """pytest-django's ``django_db_setup``, with the default SQLite in-memory database copied from
    ``folder`` when a copy of the same migrations is there, made and saved there when not."""
    from django.db import connections
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _disable_migrations, _get_databases_for_setup

    verbosity = request.config.option.verbose
    keep = keepdb  # pytest-django's: --reuse-db keeps the database, --create-db makes it anew first
    keepdb = keep and not createdb
    aliases, serialized = _get_databases_for_setup(request.session.items)
    connection = connections["default"]
    shared = (
        migrations
        and not keepdb
        and set(aliases or {"default"}) == {"default"}
        and connection.vendor == "sqlite"
        and connection.creation.is_in_memory_db(connection.creation._get_test_db_name())
    )
    if not migrations:
        _disable_migrations()

    def migrate() -> list:
        return setup_databases(
            verbosity=verbosity, interactive=False, aliases=aliases, serialized_aliases=serialized, keepdb=keepdb
        )

    with blocker.unblock():
        if not shared:
            db_cfg = migrate()
        else:
            saved = folder / f"{template_key()}.sqlite3"
            db_cfg = None
            if not saved.exists():
                folder.mkdir(parents=True, exist_ok=True)
                with _alone(folder):
                    if not saved.exists():  # not saved by the session this one waited for
                        db_cfg = migrate()
                        _save(connection, saved)
            if db_cfg is None:
                db_cfg = _copy(connection, saved, serialized)
    yield
    if not keep:
        with blocker.unblock():
            teardown_databases(db_cfg, verbosity=verbosity)


def register(config, folder: Path, name: str) -> None:
    """Give the session's tests this module's ``django_db_setup`` in place of pytest-django's.

    Registered after pytest-django, so this one is the fixture tests get. (pytest reads a plugin's
    fixtures from a module's or a class's attributes, not an object's.)"""

    def django_db_setup(
        request,
        django_test_environment,
        django_db_blocker,
        django_db_use_migrations,
        django_db_keepdb,
        django_db_createdb,
        django_db_modify_db_settings,
    ):
        yield from set_up(
            request, folder, django_db_blocker, django_db_use_migrations, django_db_keepdb, django_db_createdb
        )

    holder = ModuleType(name)
    holder.django_db_setup = pytest.fixture(django_db_setup, scope="session", name="django_db_setup")
    config.pluginmanager.register(holder, name)


def pytest_configure(config):
    folder = os.environ.get(ENV)
    if folder and config.pluginmanager.hasplugin("django"):
        register(config, Path(folder), "calypso-saved-test-database")
