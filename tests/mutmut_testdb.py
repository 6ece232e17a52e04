"""A pytest plugin for the trust path's mutation runs (``make mutate ARGS=--trust``, loaded with
``-p tests.mutmut_testdb``): the test database built once, then copied into each mutant's session.

mutmut runs a pytest session per mutant, forked from its own process. pytest-django would build the
SQLite test database in every session by running all the migrations (about 4 s of CPU, most of a
mutant's time when it runs the few tests that reach it). The first session builds it and saves it
to ``$CALYPSO_MUTATE_TESTDB/KEY.sqlite3``; every later session copies it (tests/saved_testdb.py,
which ``make test`` uses too, with its own folder).

Without ``CALYPSO_MUTATE_TESTDB`` in the environment (the engine's run), or when the database is not
SQLite in memory, pytest-django's own set-up runs unchanged.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

from _pytest.unraisableexception import gc_collect_iterations_key

from tests.saved_testdb import register

ENV = "CALYPSO_MUTATE_TESTDB"


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
        register(config, Path(folder), "calypso-mutate-test-database")
