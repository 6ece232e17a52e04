"""The whole test suite, as `make test` runs it, with a timing summary at the end.

1. ruff over the project: lint, and the formatter in check mode (as `make lint`);
2. unit, web and browser tests on SQLite (two processes), including the static checks of the
   Docker files (tests/deploy/). The migrated test database is saved under var/testdb/ by the
   first process that needs it and copied into the others (tests/saved_testdb.py): a process
   copies it in milliseconds instead of running every migration (2–4 s of CPU);
3. integration tests against real PostgreSQL, Redis and a Celery worker, when the environment
   names them (CALYPSO_TEST_DATABASE_URL, CALYPSO_TEST_REDIS_URL). `.ci/run` provisions them.
   With CI=true the step always runs, and a missing service fails. Locally, with neither named,
   the step is not started (all its tests would skip, and collecting them costs 5–12 s of CPU):
   the timing summary says "not run — no services named".
   A test is an integration test if it is marked so or asks for `require_postgres` /
   `require_broker` (tests/conftest.py marks those itself), so it never runs in step 2.

How the integration step gets its worker: pytest-django creates the test database
(`test_<name>`) on that PostgreSQL server, then the session fixture `stack`
(tests/integration/conftest.py, stack.py) starts the league server's process layout natively,
with the commands read from deploy/docker-compose.yml and pointed at that test database:
collectstatic, `manage.py migrate`, gunicorn (`director.wsgi`) on a free 127.0.0.1 port and
`celery -A director worker --queues default,pdf`, all in production mode, sharing Redis and a
temporary MEDIA_ROOT with the tests. Tests that hand rows to the worker are marked
`django_db(transaction=True)` so what they write is committed. The processes are stopped
(SIGTERM, then SIGKILL after 20 s) before pytest-django drops the database, so nothing outlives
`make test`. Their logs are in pytest's tmp directory (`stack*/web.log`, `worker.log`).

The tests' data folder (secret key, static root) is the checkout's var/, as for `make run`, unless
CALYPSO_DATA or CALYPSO_DATA_DIR names another: never the user's own data folder, which an installed
`calypso-director` uses. The installed package itself is tested by `make package`
(tests/package/smoke.py: the built wheel in a fresh virtualenv; `.ci/run` runs it after this).

Extra arguments are passed to pytest (e.g. `make test ARGS="-k matchpoints"`).

`make test-fast` (``--fast``) runs only the engine's tests and the project's static checks
(FAST_PATHS below), for the edit loop; arguments naming test files or folders replace those paths.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
# The plugin that copies the saved, migrated test database into each worker (tests/saved_testdb.py).
SAVED_TESTDB = "tests.saved_testdb"


def step(name: str, command: list[str], env: dict | None = None) -> tuple[str, float, int]:
    print(f"\n=== {name}: {' '.join(command)}", flush=True)
    started = time.monotonic()
    code = subprocess.call(command, cwd=ROOT, env={**os.environ, **(env or {})})
    if code == 5:  # pytest: nothing collected (e.g. a -k filter); not a failure
        code = 0
    return name, time.monotonic() - started, code


def keep_bytecode(environ) -> None:
    """With PYTHONDONTWRITEBYTECODE set, every pytest worker (and every Python the tests start)
    compiled the project and assertion-rewrote ~600 test modules anew: about 11 s of CPU a process.
    The tests write their bytecode instead, next to the sources in ``__pycache__`` folders as Python
    does by default (git ignores them). Not under a folder of their own (PYTHONPYCACHEPREFIX, as
    before): a prefix is taken for every module, so the virtualenv's and the standard library's
    bytecode, made when they were installed, was ignored and compiled again into it — ≈ 47 s of CPU
    in the first ``make test`` of a fresh checkout, which is every CI run. A prefix the developer
    set is left as it is."""
    environ.pop("PYTHONDONTWRITEBYTECODE", None)


# `make test-fast`: the edit loop. The engine's tests and the static checks of the whole project
# (floors, sheet kinds, suit constants, the rules-choices document, the tools): no database, no
# browser, no server; about 2,500 tests in under 30 s on two idle cores. `make test` runs them too.
FAST_PATHS = [
    "tests/scoring",
    "tests/tools",
    "tests/test_import_floors.py",
    "tests/test_sheet_kinds.py",
    "tests/test_suit_constants.py",
    "tests/test_rules_choices_doc.py",
]


def rewrite_once() -> None:
    """The test modules' asserts rewritten once here, not by each worker (tests/rewritten_once.py)."""
    if str(ROOT) not in sys.path:  # run as a script: tests/ is on the path, not the checkout
        sys.path.insert(0, str(ROOT))
    from tests import rewritten_once

    made = rewritten_once.rewrite_missing(rewritten_once.test_modules(plugins=[SAVED_TESTDB]))
    if isinstance(made, str):
        print(f"=== test modules not rewritten beforehand: {made}", flush=True)
    elif made:
        print(f"=== test modules rewritten once for the workers: {made}", flush=True)


def fast(pytest: list[str], argv: list[str]) -> int:
    rewrite_once()
    workers = ["-n", os.environ.get("CALYPSO_TEST_WORKERS", "2")]
    marks = ["-m", "not integration and not browser"]
    named = any((ROOT / arg.split("::")[0]).exists() for arg in argv if not arg.startswith("-"))
    paths = [] if named else FAST_PATHS  # e.g. ARGS="-k matchpoints" filters the fast set
    name, seconds, code = step("engine + static checks", [*pytest, *workers, *marks, *argv, *paths])
    print(f"\n=== {name}: {seconds:.1f} s   {'ok' if code == 0 else f'FAILED ({code})'}")
    return code


def main(argv: list[str]) -> int:
    if not (os.environ.get("CALYPSO_DATA") or os.environ.get("CALYPSO_DATA_DIR")):
        os.environ["CALYPSO_DATA_DIR"] = str(ROOT / "var")
    keep_bytecode(os.environ)
    results = []
    pytest = [str(BIN / "python"), "-m", "pytest"]
    if argv[:1] == ["--fast"]:
        return fast(pytest, argv[1:])
    if not argv:
        results.append(step("lint", [str(BIN / "ruff"), "check", "."]))
        results.append(step("format", [str(BIN / "ruff"), "format", "--check", "."]))
    # Whole files to a worker (--dist loadfile): a module's shared set-up (tests/director/api's worlds,
    # a file's world or browser pages) is then built once, not once on each worker that drew some of
    # its tests, as the default `load` does when it deals a file's tests out alternately.
    workers = ["-n", os.environ.get("CALYPSO_TEST_WORKERS", "2"), "--dist", "loadfile"]
    # The migrated test database, saved once and copied into each worker (tests/saved_testdb.py).
    saved = ["-p", SAVED_TESTDB]
    sqlite_env = {"CALYPSO_SAVED_TESTDB": str(ROOT / "var" / "testdb")}
    sqlite = [*pytest, *workers, *saved, "-m", "not integration", *argv]
    rewrite_once()
    results.append(step("unit+web+browser (SQLite)", sqlite, sqlite_env))

    integration_env = {}
    if os.environ.get("CALYPSO_TEST_DATABASE_URL"):
        integration_env["DATABASE_URL"] = os.environ["CALYPSO_TEST_DATABASE_URL"]
    if os.environ.get("CALYPSO_TEST_REDIS_URL"):
        redis_url = os.environ["CALYPSO_TEST_REDIS_URL"]
        integration_env |= {"REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url}
    integration = "integration (PostgreSQL+Redis+worker)"
    if integration_env or os.environ.get("CI", "").lower() == "true":
        results.append(step(integration, [*pytest, "-m", "integration", *argv], integration_env))
    else:
        # Every one of its tests would skip: not worth starting pytest to collect them all (~5 s of CPU).
        results.append((integration, None, 0))

    print("\n=== timing summary")
    for name, seconds, code in results:
        if seconds is None:
            print(f"  {name:<40} not run — no services named; .ci/run provides them")
            continue
        print(f"  {name:<40} {seconds:7.1f} s   {'ok' if code == 0 else f'FAILED ({code})'}")
    total = sum(seconds or 0 for _, seconds, _ in results)
    print(f"  {'total':<40} {total:7.1f} s")
    return 0 if all(code == 0 for _, _, code in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
