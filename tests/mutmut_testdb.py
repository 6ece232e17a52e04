"""A pytest plugin for the trust path's mutation runs (``make mutate ARGS=--trust``, loaded with
``-p tests.mutmut_testdb``): the test database built once, then copied into each mutant's session.

mutmut runs a pytest session per mutant, forked from its own process. pytest-django builds the
SQLite test database in every session by running all the migrations (about 4 s of CPU, most of a
mutant's time when it runs the few tests that reach it). Here the first session builds it as
pytest-django does and saves it with SQLite's backup API to ``$CALYPSO_MUTATE_TESTDB/KEY.sqlite3``;
every later session opens the same in-memory database pytest-django would have made and copies the
saved one into it (a few milliseconds) — the way Django's own parallel runner clones an in-memory
SQLite database. ``KEY`` hashes Django's version and every installed app's migration files, so a new
migration builds a new copy. Every session starts from the copy, so a test that empties the tables
(``transaction=True``) leaves nothing behind for the next mutant.

Without ``CALYPSO_MUTATE_TESTDB`` in the environment (``make test``, the engine's run), or when the
database is not SQLite in memory, pytest-django's own set-up runs unchanged.
"""

from __future__ import annotations

import gc
import hashlib
import os
import sqlite3
from pathlib import Path
from types import ModuleType

import pytest
from _pytest.unraisableexception import gc_collect_iterations_key

ENV = "CALYPSO_MUTATE_TESTDB"


def template_key() -> str:
    """A hash of what the test database's contents come from: Django's version and the migration
    files of every installed app."""
    import django
    from django.apps import apps

    digest = hashlib.sha1(django.get_version().encode())
    for app in sorted(apps.get_app_configs(), key=lambda a: a.label):
        folder = Path(app.path) / "migrations"
        for path in sorted(folder.glob("*.py")) if folder.is_dir() else []:
            digest.update(f"{app.label}/{path.name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def saved_django_db_setup(request, django_test_environment, django_db_blocker, django_db_modify_db_settings):
    from django.conf import settings
    from django.db import connections
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _get_databases_for_setup

    folder = Path(os.environ[ENV])

    aliases, serialized = _get_databases_for_setup(request.session.items)
    connection = connections["default"]
    in_memory = connection.vendor == "sqlite" and connection.creation.is_in_memory_db(
        connection.creation._get_test_db_name()
    )
    if not in_memory or set(aliases or {"default"}) != {"default"}:
        with django_db_blocker.unblock():
            db_cfg = setup_databases(verbosity=0, interactive=False, aliases=aliases, serialized_aliases=serialized)
    else:
        saved = folder / f"{template_key()}.sqlite3"
        with django_db_blocker.unblock():
            if saved.exists():
                old_name = connection.settings_dict["NAME"]
                name = connection.creation._get_test_db_name()
                connection.close()
                settings.DATABASES["default"]["NAME"] = name
                connection.settings_dict["NAME"] = name
                connection.ensure_connection()
                source = sqlite3.connect(f"file:{saved}?mode=ro", uri=True)
                try:
                    source.backup(connection.connection)
                finally:
                    source.close()
                if "default" in (serialized or ()):
                    connection._test_serialized_contents = connection.creation.serialize_db_to_string()
                db_cfg = [(connection, old_name, True)]
            else:
                db_cfg = setup_databases(verbosity=0, interactive=False, aliases=aliases, serialized_aliases=serialized)
                folder.mkdir(parents=True, exist_ok=True)
                partial = saved.with_suffix(f".{os.getpid()}.part")
                target = sqlite3.connect(partial)
                try:
                    connection.ensure_connection()
                    connection.connection.backup(target)
                finally:
                    target.close()
                os.replace(partial, saved)
    yield
    with django_db_blocker.unblock():
        teardown_databases(db_cfg, verbosity=0)


def pytest_configure(config):
    folder = os.environ.get(ENV)
    if folder:
        # A mutant's session is forked from mutmut's process, which holds every module the tests
        # import: a full garbage collection walks all of it. pytest collects once at the end of each
        # session (to report unraisable exceptions: none matter here), about 0.3–1.5 s a mutant, and
        # the tests' own collections walk it again. Frozen, the inherited objects are never walked.
        gc.freeze()
        config.stash[gc_collect_iterations_key] = 0
    if folder and config.pluginmanager.hasplugin("django"):
        # Registered after pytest-django, so this plugin's django_db_setup is the one tests get.
        # (pytest reads a plugin's fixtures from a module's or a class's attributes, not an object's.)
        holder = ModuleType("calypso_saved_test_database")
        holder.django_db_setup = pytest.fixture(saved_django_db_setup, scope="session", name="django_db_setup")
        config.pluginmanager.register(holder, "calypso-saved-test-database")
