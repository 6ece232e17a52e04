"""The floors of docs/domain.md ("Floors"), enforced: every import in director/ and scoring/ —
module-level or inside a function — goes down a floor, or sideways to an app lower in ``DOMAIN``;
never up, never in a circle.

Read with ``ast`` (nothing is imported), so a function-local import that hides a circle is caught
like any other. Each module stands on one floor:

    0 scoring        the pure engine; imports nothing of director
    1 core           director.core and the project's settings, config and Celery app
    2 domain         an app's models, services, selectors, adapters, tasks, …: in ``DOMAIN`` order
    3 kinds          the kinds of table sheet (director.sheets.<kind>: their engine calls, boxes, printed
                     pads); reached only through the registry (director.sheets.registry, on the core
                     floor), which imports them by name as Django's app registry imports INSTALLED_APPS
    4 audience       an app's views, forms, admin, template tags and management commands; the API
    5 routes         an app's URL modules (they may route to any app's views)
    6 top            director.urls, director.wsgi, director.demo (the demo and ``serve``)

Two more rules on the same reading: no import circle at all, at any remove (the strongly connected
components of the import graph; a task module imports its service, and the service enqueues the
task by its name), and no module outside director/sheets imports a kind's folder — the registry
alone reaches the kinds.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The domain apps, bottom first: an app may import the apps before it, never those after it.
# (The audit log is written by everyone, so it stands lowest; ``movements`` (#15.1) stands on
# events and results, below what reads the seating: standings, printing and the table's pages.)
DOMAIN = ("audit", "clubs", "events", "results", "deals", "movements", "standings", "printing", "mail", "table")

SCORING, CORE, DOMAIN_FLOOR, KINDS, AUDIENCE, ROUTES, TOP = range(7)
FLOOR_NAMES = ("scoring", "core", "domain", "kinds", "audience", "routes", "top")
# The sheet kinds' package: its registry and base stand on the core floor, each kind's folder on its own.
SHEETS_CORE = {"director.sheets", "director.sheets.base", "director.sheets.registry"}
# Modules of a domain app that serve an audience rather than hold the domain.
AUDIENCE_MODULES = ("views", "forms", "admin", "templatetags", "management")
PROJECT_CORE = {"director", "director.settings", "director.conf", "director.celery", "director.backup"}
PROJECT_TOP = {"director.urls", "director.wsgi", "director.cli", "director.__main__"}

# Imports that break the floors today and are being moved by another piece of work. The list may
# only shrink: an entry that no longer occurs fails ``test_the_allow_list_only_shrinks``.
ALLOWED_FOR_NOW: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def modules() -> dict[str, Path]:
    found = {}
    for top in ("director", "scoring"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def imports(name: str, path: Path) -> list[tuple[str, int]]:
    """``(module imported, line)`` for every import statement anywhere in the module."""
    return list(_imports(name, path))


# Six tests read the same ~500 modules: each is parsed once a process (the files do not change
# while the tests run), which was most of these tests' time.
@functools.cache
def _imports(name: str, path: Path) -> tuple[tuple[str, int], ...]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:  # `from director.events import views` imports the views module
                sub = f"{target}.{alias.name}"
                found.append((sub if is_module(sub) else target, node.lineno))
    return tuple((target, line) for target, line in found if target.split(".")[0] in ("director", "scoring"))


def place(name: str) -> tuple[int, str]:
    """``(floor, app)`` of a module."""
    parts = name.split(".")
    if parts[0] == "scoring":
        return SCORING, "scoring"
    if name in PROJECT_CORE or parts[1] == "core" or name in SHEETS_CORE:
        return CORE, "core"
    if parts[1] == "sheets":
        return KINDS, "sheets"
    if name in PROJECT_TOP or parts[1] == "demo":
        return TOP, "top"
    app = parts[1]
    if app == "api":
        return AUDIENCE, app
    rest = parts[2] if len(parts) > 2 else ""
    if rest == "urls" or rest.endswith("_urls"):
        return ROUTES, app
    if rest in AUDIENCE_MODULES or rest.endswith(("_views", "_forms")):
        return AUDIENCE, app
    return DOMAIN_FLOOR, app


def problem(source: str, target: str) -> str | None:
    """Why ``source`` may not import ``target``, or None."""
    (floor, app), (to_floor, to_app) = place(source), place(target)
    where = f"{FLOOR_NAMES[floor]} ({app}) imports {FLOOR_NAMES[to_floor]} ({to_app})"
    if to_floor > floor:
        return f"up a floor: {where}"
    if to_floor < floor or app == to_app or floor in (CORE, TOP):
        return None
    if floor == DOMAIN_FLOOR:
        if app not in DOMAIN or to_app not in DOMAIN:
            return f"an app missing from DOMAIN: {where}"
        if DOMAIN.index(to_app) > DOMAIN.index(app):
            return f"up the DOMAIN order: {where}"
        return None
    if floor == AUDIENCE:
        return f"one audience's module imports another's: {where}"
    return None  # routes may include each other


def violations() -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for name, path in modules().items():
        for target, line in imports(name, path):
            why = problem(name, target)
            if why:
                found.setdefault((name, target), []).append(f"{path.relative_to(ROOT)}:{line}: {why}")
    return found


def test_every_import_keeps_to_the_floors():
    broken = {pair: where for pair, where in violations().items() if pair not in ALLOWED_FOR_NOW}
    assert not broken, "imports against the floors (docs/domain.md):\n" + "\n".join(
        line for where in broken.values() for line in where
    )


def test_the_allow_list_only_shrinks():
    stale = sorted(set(ALLOWED_FOR_NOW) - set(violations()))
    assert not stale, f"these imports are gone; delete them from ALLOWED_FOR_NOW: {stale}"


def test_every_app_of_director_has_a_floor():
    apps = {p.name for p in (ROOT / "director").iterdir() if (p / "__init__.py").exists()}
    assert apps - set(DOMAIN) - {"core", "api", "demo", "sheets"} == set()


@pytest.mark.parametrize(
    "source,target,why",
    [
        ("director.core.views", "director.clubs.access", "up a floor"),
        ("director.clubs.access", "director.events.models", "up the DOMAIN order"),
        ("director.events.services", "director.events.views", "up a floor"),
        ("director.results.views", "director.clubs.views", "one audience's module imports another's"),
        ("director.core.health", "director.demo.management.commands.demo", "up a floor"),
        ("scoring.cards", "director.core.errors", "up a floor"),
    ],
)
def test_the_checker_refuses(source, target, why):
    assert problem(source, target).startswith(why)


@pytest.mark.parametrize(
    "source,target",
    [
        ("director.events.services", "director.clubs.services"),
        ("director.events.views", "director.deals.selectors"),
        ("director.clubs.urls", "director.events.views"),
        ("director.demo.management.commands.demo", "director.results.simulate"),
        ("director.api.views", "director.core.errors"),
    ],
)
def test_the_checker_allows(source, target):
    assert problem(source, target) is None


def test_function_local_imports_are_read(tmp_path, monkeypatch):
    path = tmp_path / "mod.py"
    path.write_text("def f():\n    from director.events.models import Event\n")
    assert ("director.events.models", 2) in imports("director.clubs.mod", path)


# --- no import circles --------------------------------------------------------------------------------
# Circles another piece of work is removing, each by its modules (sorted). May only shrink: a circle
# that is gone fails ``test_the_known_circles_only_shrink``.
KNOWN_CIRCLES: dict[tuple[str, ...], str] = {}


def import_graph() -> dict[str, set[str]]:
    """Which modules of director/ and scoring/ each one imports, anywhere in it (a package's parent
    is not counted: Python runs it first, whoever imports what)."""
    found = modules()
    graph: dict[str, set[str]] = {name: set() for name in found}
    for name, path in found.items():
        graph[name] |= {target for target, _ in imports(name, path) if target in found and target != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative),
    each sorted: every module of one imports, at some remove, every other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(tuple(sorted(component)))
    return sorted(found)


def test_no_module_imports_itself_through_others():
    found = [circle for circle in circles(import_graph()) if circle not in KNOWN_CIRCLES]
    assert not found, "import circles (each module of one imports the others):\n" + "\n".join(
        " ↔ ".join(circle) for circle in found
    )


def test_the_known_circles_only_shrink():
    stale = sorted(set(KNOWN_CIRCLES) - set(circles(import_graph())))
    assert not stale, f"these circles are gone; delete them from KNOWN_CIRCLES: {stale}"


def test_the_circle_finder_finds_a_circle_at_any_remove():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert circles(graph) == [("a", "b", "c")]


# --- the kinds' folders are reached through the registry only ------------------------------------------
# Modules outside director/sheets that still import a kind's folder, with what they import; another
# piece of work is moving each onto the registry. May only shrink.
KIND_FOLDERS_FOR_NOW: dict[tuple[str, str], str] = {}


def is_kind_folder(name: str) -> bool:
    """A module of a kind's folder (``director.sheets.<kind>…``), not the registry or the base."""
    return name.startswith("director.sheets.") and name not in SHEETS_CORE


def kind_folder_imports() -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for name, path in modules().items():
        if name == "director.sheets" or name.startswith("director.sheets."):
            continue
        for target, line in imports(name, path):
            if is_kind_folder(target):
                found.setdefault((name, target), []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_only_the_registry_reaches_the_kinds_folders():
    broken = {pair: where for pair, where in kind_folder_imports().items() if pair not in KIND_FOLDERS_FOR_NOW}
    assert not broken, "ask director.sheets.registry (kind_of, by_name) instead of importing a kind's folder:\n" + (
        "\n".join(f"{line}: {source} imports {target}" for (source, target), where in broken.items() for line in where)
    )


def test_the_kind_folder_allow_list_only_shrinks():
    stale = sorted(set(KIND_FOLDERS_FOR_NOW) - set(kind_folder_imports()))
    assert not stale, f"these imports are gone; delete them from KIND_FOLDERS_FOR_NOW: {stale}"
