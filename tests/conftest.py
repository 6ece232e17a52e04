"""Shared test set-up: service requirements (fail under CI, skip locally), and cheap password hashing
and cache-backed sessions for every test that does not hand its users to another process."""

from __future__ import annotations

import contextlib
import gc
import os

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"


def require(condition: bool, what: str) -> None:
    """Skip a test that needs ``what`` when it is missing, except under CI where it fails."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI=true and {what} is not available", pytrace=False)
    pytest.skip(f"{what} is not available")


@pytest.fixture
def require_postgres(settings):
    require(settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), "PostgreSQL (DATABASE_URL)")


@pytest.fixture
def require_broker(settings):
    require(bool(settings.CELERY_BROKER_URL), "a Redis broker (CELERY_BROKER_URL)")


# A test that needs PostgreSQL or the broker is an integration test whatever its file says: it runs
# in the integration step (against the real services) and is left out of the SQLite step, where
# under CI=true it would fail for want of a service the step never provides.
SERVICE_FIXTURES = {"require_postgres", "require_broker"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if SERVICE_FIXTURES & set(getattr(item, "fixturenames", ())) and not item.get_closest_marker("integration"):
            item.add_marker(pytest.mark.integration)


# Every test client (django.test.Client, APIClient) loads the middleware anew on its first request,
# and WhiteNoise's __init__ then lists and stats every static file the finders know (Django's admin,
# DRF's, ours): ~50 ms of CPU a client, thousands of clients a run (about a third of the director
# tests' request time). A server loads it once per process, so production is not slowed by it; here
# the table is built once per process for the settings it was built under and handed to each new
# middleware (the same files, the same headers: StaticFile objects depend only on those settings).
WHITENOISE_SETTINGS = ("DEBUG", "STATIC_URL", "FORCE_SCRIPT_NAME", "STATICFILES_DIRS", "STATICFILES_FINDERS")


def _share_whitenoise_finder_tables() -> None:
    try:
        from whitenoise.middleware import WhiteNoiseMiddleware
    except ImportError:  # the engine's tests under mutmut run without the web stack
        return
    if getattr(WhiteNoiseMiddleware.add_files_from_finders, "shared", False):
        return
    scan = WhiteNoiseMiddleware.add_files_from_finders
    tables: dict[str, dict] = {}

    def add_files_from_finders(self):
        from django.conf import settings

        names = WHITENOISE_SETTINGS + tuple(name for name in dir(settings) if name.startswith("WHITENOISE_"))
        key = repr([(name, getattr(settings, name, None)) for name in names] + [settings.INSTALLED_APPS])
        if key not in tables:
            before = dict(self.files)
            scan(self)
            tables[key] = {url: file for url, file in self.files.items() if before.get(url) is not file}
        self.files.update(tables[key])

    add_files_from_finders.shared = True
    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders


# The cyclic garbage collector's full passes walked every object the collection left behind (Django,
# the test modules, thousands of test items) again and again: an eighth of a director test's CPU.
# It runs on every 10,000 new objects instead of every 700 from the start (the collection itself
# made it walk the growing heap: a worker's collection took 10.7 s of CPU on a fresh checkout, 6.7 s
# so; docs/benchmarks.md 34.5), and once collected, those objects, which live as long as the
# process, are moved out of its sight (gc.freeze).
GC_THRESHOLDS = (10_000, 50, 100)
# What the collector's thresholds were while the tests were collected (tests/tools/test_suite.py).
COLLECTED_WITH = pytest.StashKey[tuple]()


def pytest_configure(config):
    gc.set_threshold(*GC_THRESHOLDS)
    _share_whitenoise_finder_tables()
    if config.pluginmanager.hasplugin("django"):
        _flush_keeping_the_content_types()


def _flush_keeping_the_content_types() -> None:
    """After a transactional test (``django_db(transaction=True)``: the browser tests, the races)
    Django empties every table and its ``post_migrate`` makes the content types and permissions
    again, ≈ 25 ms a test for rows no test changes. On SQLite (``make test``) those two tables are
    kept instead and the rest is emptied as ``flush`` empties it, unless their row counts are no
    longer those of the migrated database (taken before the first such test): a test that added or
    deleted some gets Django's own flush. The kept rows keep their ids, as ContentType's cache of
    them expects. Other databases (the integration tests' PostgreSQL), ``available_apps`` and
    ``serialized_rollback`` keep Django's own flush."""
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from django.core.management import call_command
    from django.core.management.color import no_style
    from django.db import connections, transaction
    from django.test import TransactionTestCase

    djangos_setup = TransactionTestCase.__dict__["_fixture_setup"].__func__  # a class method
    djangos_teardown = TransactionTestCase._fixture_teardown
    kept = (ContentType._meta.db_table, Permission._meta.db_table)
    migrated: dict[str, tuple] = {}  # the kept tables' rows as migrated (before a first test), by database

    def rows(name: str) -> tuple:
        with connections[name].cursor() as cursor:
            cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {table})" for table in kept))
            return cursor.fetchone()

    def own_flush(test) -> bool:
        names = test._databases_names(include_mirrors=False)
        return (
            test.available_apps is None
            and not test.serialized_rollback
            and all(connections[name].vendor == "sqlite" for name in names)
        )

    def _fixture_setup(cls) -> None:
        if own_flush(cls):
            for name in cls._databases_names(include_mirrors=False):
                if name not in migrated:
                    migrated[name] = rows(name)
        djangos_setup(cls)

    def _fixture_teardown(self) -> None:
        if not own_flush(self):
            djangos_teardown(self)
            return
        for name in self._databases_names(include_mirrors=False):
            connection = connections[name]
            if rows(name) != migrated[name]:  # a test changed them: Django's flush and post_migrate
                call_command("flush", verbosity=0, interactive=False, database=name, reset_sequences=False)
                continue
            tables = [t for t in connection.introspection.django_table_names(only_existing=True) if t not in kept]
            with transaction.atomic(using=name):
                connection.ops.execute_sql_flush(connection.ops.sql_flush(no_style(), tables))

    TransactionTestCase._fixture_setup = classmethod(_fixture_setup)
    TransactionTestCase._fixture_teardown = _fixture_teardown


# The browser tests all to one worker (`make test`'s --dist loadfile, files otherwise whole to
# either): the other worker then never starts a Chromium, Playwright's driver, a live server or the
# browser tests' first, cold pages of its own (docs/benchmarks.md 34.5).
BROWSER_TESTS = "tests/browser/"


def browser_together(nodeid: str) -> str:
    """The unit of work a test goes to a worker with: its file, or all of tests/browser."""
    path = nodeid.split("::", 1)[0]
    return BROWSER_TESTS if path.startswith(BROWSER_TESTS) else path


@pytest.hookimpl(optionalhook=True)  # without pytest-xdist (-p no:xdist) the hook is unknown
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return browser_together(nodeid)

    return BrowserTogether(config, log)


def pytest_collection(session):
    session.config.stash[COLLECTED_WITH] = gc.get_threshold()


def pytest_collection_finish(session):
    # No gc.collect() first: a mutation run's session per mutant would pay a whole collection of
    # what it inherits from mutmut's process (tests/mutmut_testdb.py); freezing a little garbage is cheap.
    gc.freeze()


# Test sessions live in their own local-memory cache, not in the database: loading the session row
# was a query on every signed-in request (~0.3 ms of each ~4 ms). An alias of its own, so that tests
# clearing the default cache (throttles) do not sign their users out. Production keeps database
# sessions; the integration tests too (their gunicorn process reads the sessions this process writes).
TEST_SESSIONS = "test-sessions"
# Its own LOCATION: local-memory caches with the same LOCATION (the default's is "") share one store.
TEST_SESSIONS_CACHE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": TEST_SESSIONS}


def forget_test_sessions() -> None:
    """No test finds another's session (rolled-back ids are reused)."""
    from django.core.cache import caches

    caches[TEST_SESSIONS].clear()


@contextlib.contextmanager
def fast_test_settings():
    """MD5 hashing and cache-backed sessions (below); also entered by the fixtures that build a
    module's shared world (tests/director/api/conftest.py), whose users must hash the same way."""
    from django.conf import settings
    from django.test import override_settings

    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        CACHES={**settings.CACHES, TEST_SESSIONS: TEST_SESSIONS_CACHE},
        SESSION_ENGINE="django.contrib.sessions.backends.cache",
        SESSION_CACHE_ALIAS=TEST_SESSIONS,
    ):
        try:
            yield
        finally:
            forget_test_sessions()


@pytest.fixture(scope="session")
def _fast_settings_for_the_session(request):
    """``fast_test_settings`` entered once for the whole session, when no test of it is an
    integration test (``make test``'s SQLite step; ``-m "not integration"``): entering and leaving
    them around each test sent Django's setting_changed signals 4 × 2 times a test (~0.6 ms each of
    ~5,000 tests). True if so; a session with integration tests enters them test by test."""
    items = request.session.items
    if not request.config.pluginmanager.hasplugin("django") or any(i.get_closest_marker("integration") for i in items):
        yield False
        return
    with fast_test_settings():
        yield True


@pytest.fixture(autouse=True)
def _fast_password_hashing(request, _fast_settings_for_the_session):
    """PBKDF2's deliberate slowness (a million rounds, ~0.2 s of CPU a hash) is wasted on test users:
    every test hashes with MD5 — the browser tests too, whose live server runs in this process and
    reads the same settings. Not the integration tests: their users sign in to a gunicorn process
    with the production settings, which cannot read an MD5 hash."""
    if _fast_settings_for_the_session:
        yield
        forget_test_sessions()
        return
    if request.node.get_closest_marker("integration") or not request.config.pluginmanager.hasplugin("django"):
        yield  # (the engine's tests under mutmut run without pytest-django: no settings to change)
        return
    with fast_test_settings():
        yield


@pytest.fixture(scope="session")
def fresh_python():
    """A fresh Python for tests that read the settings under an environment of their own, forked
    from one zygote per worker instead of started anew (tests/fresh_python.py)."""
    from tests.fresh_python import FreshPython

    python = FreshPython()
    yield python
    python.close()
