"""The engine stays pure: nothing under ``scoring/`` imports Django (DESIGN.md).

Two checks, because each misses what the other catches: the source scan sees an import inside a
function that no test happens to call; the fresh interpreter sees Django pulled in indirectly
through some other package.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import scoring

ROOT = Path(scoring.__file__).resolve().parent
FORBIDDEN = ("django", "rest_framework", "celery", "director")


def _imported_roots(source: str) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_the_scan_sees_imports_anywhere_in_a_module():
    source = "import os\n\ndef f():\n    from django.db import models\n    import celery.app\n"
    assert _imported_roots(source) == {"os", "django", "celery"}


def test_no_module_under_scoring_imports_the_web_stack():
    offenders = {}
    files = sorted(ROOT.rglob("*.py"))
    assert len(files) > 10  # the scan really walked the package
    for path in files:
        bad = _imported_roots(path.read_text(encoding="utf-8")) & set(FORBIDDEN)
        if bad:
            offenders[str(path.relative_to(ROOT.parent))] = sorted(bad)
    assert offenders == {}


def test_importing_every_scoring_module_loads_no_django():
    names = [m.name for m in pkgutil.walk_packages([str(ROOT)], prefix="scoring.")]
    assert "scoring.play" in names and "scoring.movements" in [n.rsplit(".", 1)[0] for n in names]
    program = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT.parent,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert json.loads(out.stdout) == []
