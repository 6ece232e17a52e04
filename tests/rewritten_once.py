"""pytest rewrites the asserts of each test module when it first imports it and keeps the result
beside it (``__pycache__/NAME.cpython-311-pytest-X.pyc``, checked against the source's hash before
it is used). On a fresh checkout — every CI run — `make test`'s two workers each rewrote all ~320
test modules at once, ≈ 3.6 s of CPU each; ``rewrite_missing`` does it once before they start, for
the modules whose rewritten copy is missing or out of date, and the workers then find it ready.

It calls pytest's own rewriting, private functions of ``_pytest.assertion.rewrite`` (pytest is pinned
in requirements-dev.lock; tests/tools/test_rewritten_once.py checks that a worker's pytest takes
what it writes). Should they change, it says so and leaves the work to the workers, as before. It
rewrites as pytest's default configuration does: a project that sets ``enable_assertion_pass_hook``
is left to pytest."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent


def test_modules(root: Path = ROOT, plugins: Iterable[str] = ()) -> list[Path]:
    """What pytest rewrites in `make test`: the test modules, the conftest files and the plugin
    modules it is given with ``-p`` (dotted names, under ``root``)."""
    tests = root / "tests"
    found = [path for path in tests.rglob("*.py") if path.name.startswith("test_") or path.name == "conftest.py"]
    named = {root.joinpath(*plugin.split(".")).with_suffix(".py") for plugin in plugins}
    return sorted({*found, *named} - {tests / "rewritten_once.py"})


def rewrite_missing(modules: Iterable[Path], root: Path = ROOT) -> int | str:
    """Rewrites each module whose rewritten copy is missing or stale; returns how many, or why none."""
    options = tomllib.loads((root / "pyproject.toml").read_text()).get("tool", {}).get("pytest", {})
    if "enable_assertion_pass_hook" in options.get("ini_options", {}):
        return "enable_assertion_pass_hook is set: pytest rewrites with it"
    try:
        from _pytest.assertion import rewrite

        cache_dir, tail = rewrite.get_cache_dir, rewrite.PYC_TAIL
        read, rewrite_test, write = rewrite._read_pyc, rewrite._rewrite_test, rewrite._write_pyc
    except (ImportError, AttributeError) as missing:
        return f"pytest's rewriting has changed ({missing}): the workers rewrite"
    state = SimpleNamespace(trace=lambda message: None)  # what _write_pyc reports a failure to
    made = 0
    for source in modules:
        pyc = cache_dir(source) / (source.name[:-3] + tail)
        if read(source, pyc) is not None:
            continue
        try:
            source_hash, code = rewrite_test(source, None)  # None: pytest's default configuration
        except (SyntaxError, ValueError, OSError):
            continue  # pytest reports it, as a collection error, in the test's own words
        pyc.parent.mkdir(parents=True, exist_ok=True)
        made += bool(write(state, code, source_hash, pyc))
    return made
