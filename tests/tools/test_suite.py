"""What `make test` (tests/suite.py) starts: the SQLite step copies the saved test database
(tests/saved_testdb.py), and the integration step is not started where all its tests would skip."""

from __future__ import annotations

import gc
from types import SimpleNamespace

import pytest

from tests import suite

SERVICES = ("CALYPSO_TEST_DATABASE_URL", "CALYPSO_TEST_REDIS_URL", "CI")


@pytest.fixture
def started(monkeypatch, tmp_path):
    """The steps main() would start, as (name, command, environment), none of them run."""
    steps = []

    def step(name, command, env=None):
        steps.append((name, command, env or {}))
        return name, 1.0, 0

    monkeypatch.setattr(suite, "step", step)
    monkeypatch.setattr(suite, "rewrite_once", lambda: None)  # the checkout's pycs: not these tests' business
    monkeypatch.setenv("CALYPSO_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    for name in SERVICES:
        monkeypatch.delenv(name, raising=False)
    return steps


def test_the_sqlite_step_copies_the_saved_test_database_from_var(started):
    assert suite.main(["tests/director/web"]) == 0
    name, command, env = started[0]
    assert name.startswith("unit+web+browser") and "-p" in command
    assert command[command.index("-p") + 1] == "tests.saved_testdb"
    assert env["CALYPSO_SAVED_TESTDB"] == str(suite.ROOT / "var" / "testdb")


def test_the_test_modules_are_rewritten_once_before_the_workers_start(started, monkeypatch):
    before = []
    monkeypatch.setattr(suite, "rewrite_once", lambda: before.append(len(started)))
    assert suite.main(["tests/director/web"]) == 0
    assert before == [0] and started[0][0].startswith("unit+web+browser")
    assert suite.main(["--fast"]) == 0
    assert before[1:] == [len(started) - 1]  # make test-fast's workers too


def test_without_services_the_integration_step_is_not_started(started, capsys):
    assert suite.main(["tests/director/web"]) == 0
    assert [name for name, _, _ in started] == ["unit+web+browser (SQLite)"]
    out = capsys.readouterr().out
    assert "integration (PostgreSQL+Redis+worker)" in out
    assert "not run — no services named; .ci/run provides them" in out


@pytest.mark.parametrize(
    ("variable", "value", "passed"),
    [
        ("CI", "true", {}),  # a missing service fails there
        ("CALYPSO_TEST_DATABASE_URL", "postgres://x/y", {"DATABASE_URL": "postgres://x/y"}),
        ("CALYPSO_TEST_REDIS_URL", "redis://x/1", {"REDIS_URL": "redis://x/1", "CELERY_BROKER_URL": "redis://x/1"}),
    ],
)
def test_with_services_named_or_under_ci_the_integration_step_runs(started, monkeypatch, variable, value, passed):
    monkeypatch.setenv(variable, value)
    assert suite.main(["-k", "mail"]) == 0
    name, command, env = started[-1]
    assert name == "integration (PostgreSQL+Redis+worker)"
    assert command[-4:] == ["-m", "integration", "-k", "mail"] and env == passed


def test_the_tests_write_their_bytecode_beside_the_sources_not_under_a_prefix_of_their_own():
    """A prefix folder is taken for every module, so the virtualenv's bytecode made at install time
    was ignored and compiled again on a fresh checkout; a prefix the developer set stays."""
    environ = {"PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin"}
    suite.keep_bytecode(environ)
    assert environ == {"PATH": "/usr/bin"}
    own = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": "/somewhere/of/mine"}
    suite.keep_bytecode(own)
    assert own == {"PYTHONPYCACHEPREFIX": "/somewhere/of/mine"}


def test_the_garbage_collector_runs_seldom_from_before_the_tests_are_collected(pytestconfig):
    """Collecting thousands of tests made the collector walk the growing heap again and again (four
    seconds of a fresh worker's collection): its thresholds are set when pytest is configured."""
    from tests.conftest import COLLECTED_WITH, GC_THRESHOLDS

    assert pytestconfig.stash[COLLECTED_WITH] == GC_THRESHOLDS
    assert gc.get_threshold() == GC_THRESHOLDS


def test_the_browser_tests_go_to_one_worker_together_and_every_other_file_whole():
    """Two workers each running Chromium beside the other cost ≈ 30 s of CPU more than one worker
    running all the browser tests while the other runs the rest (docs/benchmarks.md 34.5)."""
    pytest.importorskip("xdist")
    from tests.conftest import pytest_xdist_make_scheduler

    options = {"dist": "loadfile", "tx": ["2*popen"]}
    config = SimpleNamespace(getoption=options.get, getvalue=options.get)
    scope = pytest_xdist_make_scheduler(config, None)._split_scope
    assert scope("tests/browser/test_axe.py::test_axe_finds_nothing_on_any_page") == scope(
        "tests/browser/test_a11y.py::test_the_save_bar_never_covers_the_focused_box[phone]"
    )
    assert scope("tests/director/test_secrecy.py::test_a") == scope("tests/director/test_secrecy.py::test_b[3]")
    assert scope("tests/director/test_secrecy.py::test_a") != scope("tests/director/test_demo.py::test_a")
    assert scope("tests/director/test_secrecy.py::test_a") != scope("tests/browser/test_axe.py::test_a")
    options["dist"] = "load"
    assert pytest_xdist_make_scheduler(config, None) is None  # another --dist: xdist's own
