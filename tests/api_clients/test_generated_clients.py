"""Clients generated from the schema the server serves, driven as a club's website would (#35).

Once a session: the schema is fetched from the test server (pytest-django's live server on
127.0.0.1), openapi-python-client generates the Python client from it (``--fail-on-warning``) and
openapi-typescript the TypeScript types. Then every generated module imports; the scripted
integration (``integration.py``) runs a night through the generated client against the live server
and is ``mypy --strict`` clean; the TypeScript use (``ts/client.ts``) passes ``tsc --noEmit``; so do
docs/api.md's two examples.

The tools: openapi-python-client and mypy are in .venv (requirements-dev.lock); openapi-typescript,
openapi-fetch and TypeScript in tests/api_clients/ts/node_modules, as its lock pins them (``npm ci``
by ``make test`` and .ci/run; nothing is fetched while the tests run). A missing one skips locally
and fails under CI=true.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import require

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent.parent / "docs" / "api.md"
TS = HERE / "ts"
# mypy's and tsc's caches live in the checkout's var/ (git-ignored) from one run to the next: the
# standard library's and the libraries' types are checked once, not on every run (each tool judges
# for itself what changed; ≈ 1.5 s and 0.6 s of CPU a run, docs/benchmarks.md 34.5).
CACHES = HERE.parent.parent / "var" / "tool-caches"
MYPY_CACHE = CACHES / "mypy"
TSC_BUILD_INFO = CACHES / "tsc" / "api-client.tsbuildinfo"
BIN = Path(sys.executable).parent
PACKAGE = "calypso_api"
# The PDF download as bytes (the generator reads application/pdf as nothing it knows); no
# formatter run over the generated code (it is read by the tests, not by people).
CONFIG = "content_type_overrides:\n  application/pdf: application/octet-stream\npost_hooks: []\n"

pytestmark = pytest.mark.django_db(transaction=True)


def _tool(name: str) -> str:
    path = BIN / name
    require(path.exists(), f"{name} in .venv (requirements-dev.lock)")
    return str(path)


def _run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, **kwargs)


@pytest.fixture(scope="session")
def served_schema(live_server, tmp_path_factory, django_db_blocker) -> Path:
    """The schema as the test server serves it, saved once for both generators. (A session fixture
    runs before a test's database is opened; the request's middleware reads the database.)"""
    url = f"{live_server.url}/api/schema/?format=json"
    with django_db_blocker.unblock(), urllib.request.urlopen(url, timeout=60) as response:
        schema = json.loads(response.read())
    path = tmp_path_factory.mktemp("api_schema") / "schema.json"
    path.write_text(json.dumps(schema))
    return path


@pytest.fixture(scope="session")
def python_client(served_schema, tmp_path_factory) -> Path:
    """The generated Python package's parent folder (``calypso_api`` in it), on ``sys.path``."""
    generator = _tool("openapi-python-client")
    root = tmp_path_factory.mktemp("python_client")
    config = root / "config.yaml"
    config.write_text(CONFIG)
    command = [generator, "generate", "--path", str(served_schema), "--output-path", str(root / PACKAGE)]
    done = _run([*command, "--meta", "none", "--config", str(config), "--fail-on-warning"], cwd=root)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "warning" not in output.lower(), output
    sys.path.insert(0, str(root))
    return root


def test_the_generated_python_client_imports_every_module(python_client):
    package = importlib.import_module(PACKAGE)
    names = [module.name for module in pkgutil.walk_packages(package.__path__, f"{PACKAGE}.")]
    assert len(names) > 150  # every operation and model has its module
    for name in names:
        importlib.import_module(name)
    models = importlib.import_module(f"{PACKAGE}.models")
    # The sheet and the deal are named types, their seat maps dictionaries, not S/H/D/C attributes.
    assert {"Sheet", "SeatCounts", "TrickPiles", "Deal", "Error"} <= set(dir(models))
    assert models.SeatCounts.from_dict({"S": 1, "D": 2}).additional_properties == {"S": 1, "D": 2}
    error = models.Error.from_dict({"number": ["taken"], "retry_after": "2026-03-06T20:00:00+00:00"})
    assert error.additional_properties == {"number": ["taken"]} and error.retry_after.hour == 20


def test_a_night_through_the_generated_python_client(python_client, live_server, django_user_model):
    django_user_model.objects.create_user("integrator", password="generated-client-1")
    integration = importlib.import_module("tests.api_clients.integration")
    integration.main(live_server.url, "integrator", "generated-client-1")


def _docs_example(language: str) -> str:
    """docs/api.md's example in ``language`` (its one block of it)."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```$", DOCS.read_text(), flags=re.S | re.M)
    assert len(blocks) == 1, f"docs/api.md: one {language} example, not {len(blocks)}"
    return blocks[0]


def test_the_integration_script_and_the_docs_example_are_mypy_strict_clean(python_client, tmp_path):
    mypy = _tool("mypy")
    example = tmp_path / "docs_example.py"
    example.write_text(_docs_example("python"))
    env = {**os.environ, "MYPYPATH": str(python_client)}
    command = [mypy, "--strict", "--cache-dir", str(MYPY_CACHE), str(HERE / "integration.py"), str(example)]
    done = _run(command, env=env, cwd=HERE.parent.parent)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_typescript_client_type_checks(served_schema):
    npx = shutil.which("npx")
    bins = TS / "node_modules" / ".bin"
    require(npx is not None and (bins / "tsc").exists(), "openapi-typescript and tsc (npm ci in tests/api_clients/ts)")
    generated = TS / "schema.d.ts"  # git-ignored, as is the docs' example; made afresh each run
    (TS / "docs_example.ts").write_text(_docs_example("ts"))
    done = _run([str(bins / "openapi-typescript"), str(served_schema), "-o", str(generated)], cwd=TS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warn" not in done.stderr.lower(), done.stderr
    incremental = ["--incremental", "--tsBuildInfoFile", str(TSC_BUILD_INFO)]
    done = _run([str(bins / "tsc"), "--noEmit", "-p", "tsconfig.json", *incremental], cwd=TS)
    assert done.returncode == 0, done.stdout + done.stderr
