"""Mutation testing, as `make mutate` runs it (not part of `make test`: minutes to hours).

mutmut (configured in pyproject.toml's [tool.mutmut]) copies ``scoring/`` to ``mutants/``, makes
every small change to it a rule could suffer (``<`` for ``<=``, ``+ 1`` for ``+ 2``, a dropped
argument, another string) and runs, for each change, the tests of ``tests/scoring`` that reach the
changed function. A mutant the tests fail on is *killed*; one they pass with *survived*: a rule
that could change unnoticed.

``--trust`` does the same for the trust path (who may send, confirm, dispute and sign in: the
modules in ``TRUST``) with the director's tests on SQLite, in a folder of its own
(``build/mutate-trust/``, with its own ``pyproject.toml`` written here) so that its results and
mutmut's statistics never mix with the engine's.

Then this script reads mutmut's results and prints a line per module and, last,

    mutation score: K killed of N (P %)

where N leaves out the equivalent mutants listed in ``tests/mutation_equivalents/`` (a change
that cannot alter any result, each with a reason; a file per module, named after it) and K counts
killed mutants and those that ran past their time limit (a mutant that loops forever is caught).

A listing names a mutant by its number *and* by what it changes: ``NAME @FINGERPRINT # reason``,
the fingerprint being a hash of the diff's changed lines and the line before them
(``fingerprint``). mutmut numbers a function's mutants in order, so a changed function renumbers
them; a listing whose number now points at another change is followed to the mutant with its
fingerprint in the same function (and reported, to be renumbered), and refused when no mutant has
it (the change it describes is gone). A listed mutant that a test killed is refused: it was not
equivalent. ``--fingerprint NAME…`` prints the line to paste for a new listing.

The surviving mutants' names are written to ``mutants/survivors.txt``; ``.venv/bin/mutmut show
NAME`` (in ``build/mutate-trust/`` for the trust path) shows the change.
docs/testing.md says how to read a survivor.

    make mutate                                # every module of scoring/
    make mutate ARGS="scoring.tallies*"        # mutants whose name matches (mutmut's own patterns)
    make mutate ARGS="--report"                # only re-read the last run's results
    make mutate ARGS="--trust"                 # the trust path's modules
    make mutate ARGS="--trust director.events.locks*"
    make mutate ARGS="--trust --tests=tests/director/test_trust_mutants.py director.events.locks*"
                                               # (its own folder, build/mutate-trust-HASH/)
    make mutate ARGS="--fingerprint scoring.cards.x_deck__mutmut_3"
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents"
BIN = Path(sys.executable).parent

KILLED = {1, 3, 24, -24, 36, 152, 255, 37}  # failed, pytest internal error, timeouts, type check
NOT_RUN = {None, 2}

# The trust path (#36): who may send, confirm, dispute and sign in. Each runs against the director's
# tests on SQLite (tests/director, not the browser's or the integration tests').
TRUST = (
    "director/results/services.py",
    "director/table/services.py",
    "director/events/locks.py",
    "director/audit/login.py",
    "director/events/codes.py",
)
TRUST_ROOT = ROOT / "build" / "mutate-trust"
TRUST_TESTS = ["tests/director"]
# Linked into TRUST_ROOT: what the director's tests import or read (mutmut copies them to mutants/).
TRUST_LINKS = ("director", "scoring", "tests", "manage.py", "docs", "README.md")

PLUGIN = ["-p", "tests.mutmut_plugin"]  # see tests/mutmut_plugin.py
# The trust path's test database, built once and copied into each mutant's session (tests/mutmut_testdb.py).
TESTDB_PLUGIN = ["-p", "tests.mutmut_testdb"]
TESTDB = ROOT / "build" / "mutate-testdb"
LISTING = re.compile(r"^(?P<name>\S+)(?:\s+@(?P<print>[0-9a-f]{8}))?$")


def module_of(name: str) -> str:
    return name.split(".x_")[0].split(".x\u01c1")[0]


def function_of(name: str) -> str:
    return name.rpartition("__mutmut_")[0]


@dataclass
class Listing:
    name: str
    fingerprint: str | None
    reason: str
    where: str


def equivalents(folder: Path = EQUIVALENTS) -> dict[str, Listing]:
    """The listed equivalent mutants: name → listing, from every module's ``.txt`` in ``folder``.

    A line without a reason, a name listed twice, or a name filed under another module's file is an
    error naming the file and line."""
    listed: dict[str, Listing] = {}
    for path in sorted(folder.glob("*.txt")) if folder.is_dir() else []:
        if path.name == "README.txt":
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            head, _, reason = line.partition("#")
            head, reason = head.strip(), reason.strip()
            where = f"{path.name}:{number}: {head}"
            match = LISTING.match(head)
            if not match:
                raise SystemExit(f"{where} is not a mutant's name (NAME, or NAME @FINGERPRINT, then # reason)")
            name = match["name"]
            if not reason:
                raise SystemExit(f"{where} has no reason (write it after a #)")
            if module_of(name) != path.stem:
                raise SystemExit(f"{where} belongs in {module_of(name)}.txt")
            if name in listed:
                raise SystemExit(f"{where} is listed twice")
            listed[name] = Listing(name, match["print"], reason, where)
    return listed


def read_results(mutants: Path) -> tuple[dict[str, int | None], dict[str, str]]:
    """Every mutant's exit code from mutmut's ``.meta`` files (``None``: not run), and the source
    file (relative to the run's folder) of each."""
    codes: dict[str, int | None] = {}
    paths: dict[str, str] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        found = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
        codes.update(found)
        source = str(meta.relative_to(mutants))[: -len(".meta")]
        paths.update(dict.fromkeys(found, source))
    return codes, paths


def changed_lines(diff: str) -> str:
    """What a mutant's diff changes: its ``-``/``+`` lines and the line before each run of them,
    stripped, without file names, line numbers or the rest of the function (so a change elsewhere
    in the function leaves it alone)."""
    kept: list[str] = []
    previous = ""
    in_change = False
    for line in diff.splitlines():
        if line.startswith(("---", "+++", "@@")):
            previous, in_change = "", False
            continue
        if line[:1] in "-+" and line:
            if not in_change:
                kept.append(" " + previous.strip())
            kept.append(line[0] + line[1:].strip())
            in_change = True
        else:
            previous, in_change = line[1:], False
    return "\n".join(kept)


def fingerprint(diff: str) -> str:
    return hashlib.sha1(changed_lines(diff).encode("utf-8")).hexdigest()[:8]


class Diffs:
    """Mutants' diffs, read with mutmut's own ``show`` (from the run's folder), remembered."""

    def __init__(self, root: Path, paths: dict[str, str]):
        self.root, self.paths, self.seen = root, paths, {}

    def __call__(self, name: str) -> str | None:
        if name not in self.seen:
            self.seen[name] = self._read(name)
        return self.seen[name]

    def _read(self, name: str) -> str | None:
        from mutmut.mutation.diff_apply import get_diff_for_mutant

        if name not in self.paths:
            return None
        here = Path.cwd()
        os.chdir(self.root)
        try:
            return get_diff_for_mutant(name, path=self.paths[name])
        except (FileNotFoundError, OSError):
            return None
        finally:
            os.chdir(here)


@dataclass
class Check:
    """What the listings say against what mutmut has: ``skip`` the names left out of the score."""

    skip: set[str] = field(default_factory=set)
    killed: list[str] = field(default_factory=list)  # listed, but a test killed it
    gone: list[str] = field(default_factory=list)  # listed, no such mutant or change any more
    moved: list[str] = field(default_factory=list)  # listed by an old number; the change is now another
    unprinted: list[str] = field(default_factory=list)  # listed without a fingerprint

    @property
    def refused(self) -> bool:
        return bool(self.killed or self.gone)


def check(listed: dict[str, Listing], codes: dict[str, int | None], diff) -> Check:
    """Follow each listing to its mutant: by number when the fingerprint agrees, else to the one
    mutant of the same function whose change has that fingerprint (a renumbering, reported)."""
    result = Check()
    by_function: dict[str, list[str]] = {}
    for name in codes:
        by_function.setdefault(function_of(name), []).append(name)
    for item in listed.values():
        target = item.name
        if item.fingerprint is None:
            result.unprinted.append(item.where)
            if target not in codes:
                result.gone.append(f"{item.where}: no such mutant")
                continue
        else:
            here = diff(target) if target in codes else None
            if here is None or fingerprint(here) != item.fingerprint:
                same = [
                    other
                    for other in by_function.get(function_of(target), [])
                    if (d := diff(other)) is not None and fingerprint(d) == item.fingerprint
                ]
                if len(same) != 1:
                    what = "no mutant of its function makes that change" if not same else "several do"
                    result.gone.append(f"{item.where} @{item.fingerprint}: {what} (the code changed)")
                    continue
                target = same[0]
                result.moved.append(f"{item.where} is now {target.rpartition('__mutmut_')[2]}")
        if codes[target] in KILLED:
            result.killed.append(f"{item.where}: killed by a test, so not equivalent")
            continue
        result.skip.add(target)
    return result


def score(codes: dict[str, int | None], skip) -> tuple[int, int, list[str], Counter, Counter]:
    """``(killed, counted, survivors, killed per module, counted per module)`` of the mutants run."""
    killed = counted = 0
    survivors: list[str] = []
    per_killed: Counter = Counter()
    per_counted: Counter = Counter()
    for name, code in codes.items():
        if code in NOT_RUN or name in skip:
            continue
        module = module_of(name)
        counted += 1
        per_counted[module] += 1
        if code in KILLED:
            killed += 1
            per_killed[module] += 1
        else:
            survivors.append(name)
    return killed, counted, survivors, per_killed, per_counted


def trust_config(tests: list[str] | None = None) -> str:
    """The trust path's ``pyproject.toml``: mutmut's settings, and pytest's as in the project's.
    ``tests``: the tests to run instead of ``TRUST_TESTS`` (mutmut's statistics of which test reaches
    which function cover only these)."""
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"]["ini_options"]

    def toml(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [
        "# Written by tests/mutate.py --trust: do not edit (edit TRUST there).",
        "[tool.mutmut]",
        f"source_paths = {toml(['director'])}",
        f"only_mutate = {toml(list(TRUST))}",
        f"also_copy = {toml(['scoring', 'manage.py', 'docs', 'README.md'])}",
        # Django's plugin stays on (the director's tests need it); -m leaves out PostgreSQL's tests.
        "pytest_add_cli_args = "
        + toml(
            ["-p", "no:cacheprovider", "-q", "-x", "-m", "not integration and not browser", *PLUGIN, *TESTDB_PLUGIN]
        ),
        f"pytest_add_cli_args_test_selection = {toml(tests or TRUST_TESTS)}",
        "",
        "[tool.pytest.ini_options]",
        *(f"{key} = {toml(value)}" for key, value in pytest_options.items()),
        "",
    ]
    return "\n".join(lines)


def trust_root(tests: list[str] | None = None) -> Path:
    """The trust path's folder: ``TRUST_ROOT``, or one per choice of ``tests`` (mutmut drops every
    result when its configuration changes, so each selection keeps its own)."""
    if not tests:
        return TRUST_ROOT
    return TRUST_ROOT.with_name(f"{TRUST_ROOT.name}-{hashlib.sha1(','.join(tests).encode()).hexdigest()[:8]}")


def prepare_trust(tests: list[str] | None = None) -> Path:
    root = trust_root(tests)
    root.mkdir(parents=True, exist_ok=True)
    config = root / "pyproject.toml"
    text = trust_config(tests)
    if not config.exists() or config.read_text("utf-8") != text:
        config.write_text(text, "utf-8")
    for name in TRUST_LINKS:
        link = root / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    return root


def run_env(trust: bool) -> dict[str, str]:
    """mutmut's environment: the trust path's saved test database (tests/mutmut_testdb.py), and
    with ``PYTHONDONTWRITEBYTECODE`` set, bytecode kept under build/ as tests/suite.py keeps it."""
    env = dict(os.environ)
    if trust:
        env.setdefault("CALYPSO_MUTATE_TESTDB", str(TESTDB))
    if env.pop("PYTHONDONTWRITEBYTECODE", None):
        env.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / "build" / "mutate-pycache"))
    return env


def print_fingerprints(names: list[str], root: Path) -> int:
    _, paths = read_results(root / "mutants")
    diff = Diffs(root, paths)
    for name in names:
        text = diff(name)
        if text is None:
            print(f"{name}: no such mutant in {root / 'mutants'}", file=sys.stderr)
            return 1
        print(text)
        print(f"{name} @{fingerprint(text)}  # ")
    return 0


def main(argv: list[str]) -> int:
    trust = "--trust" in argv
    tests = [t for a in argv if a.startswith("--tests=") for t in a.partition("=")[2].split(",") if t]
    argv = [a for a in argv if a != "--trust" and not a.startswith("--tests=")]
    root = prepare_trust(tests) if trust else ROOT
    if "--fingerprint" in argv:
        return print_fingerprints([a for a in argv if a != "--fingerprint"], root)
    if "--report" not in argv:
        jobs = os.environ.get("MUTATE_JOBS") or str(os.cpu_count() or 1)
        code = subprocess.call(
            [str(BIN / "mutmut"), "run", "--max-children", jobs, *argv], cwd=root, env=run_env(trust)
        )
        if code not in (0, 1):
            print(f"mutmut run stopped with exit code {code}", file=sys.stderr)
            return code
    mutants = root / "mutants"
    codes, paths = read_results(mutants)
    prefix = "director." if trust else "scoring"
    codes = {name: code for name, code in codes.items() if name.startswith(prefix)}
    listed = {name: item for name, item in equivalents().items() if name.startswith(prefix)}
    found = check(listed, codes, Diffs(root, paths))
    for moved in found.moved:
        print(f"renumbered (update the listing): {moved}")
    if found.unprinted:
        print(f'{len(found.unprinted)} listings have no fingerprint yet (make mutate ARGS="--fingerprint NAME")')
    for line in found.killed + found.gone:
        print(f"refused: {line}", file=sys.stderr)
    killed, counted, survivors, per_killed, per_counted = score(codes, found.skip)
    if not counted:
        print("no mutants have been run yet", file=sys.stderr)
        return 1
    (mutants / "survivors.txt").write_text("".join(f"{name}\n" for name in sorted(survivors)), "utf-8")
    print(f"\n{'module':32}{'killed':>8}{'of':>8}{'score':>9}")
    for module in sorted(per_counted):
        k, n = per_killed[module], per_counted[module]
        print(f"{module:32}{k:8d}{n:8d}{100 * k / n:8.1f}%")
    print(f"{len(survivors)} survivors in {mutants / 'survivors.txt'}; {len(found.skip)} listed as equivalent")
    if found.refused:
        print(
            f"refused: {len(found.killed)} listed mutants were killed, {len(found.gone)} listings name no mutant;"
            " correct tests/mutation_equivalents/ (no score until then)",
            file=sys.stderr,
        )
        return 1
    print(f"mutation score: {killed} killed of {counted} ({100 * killed / counted:.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
