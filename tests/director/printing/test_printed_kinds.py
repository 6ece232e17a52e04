"""Every kind of table sheet draws its own printed page (``director/sheets/<kind>/printed.py``, or the
one of the kind it extends), in every print language; printing reaches the kinds only through the
registry, and its modules import each other without a circle (the print task imports its service,
which enqueues the task by name)."""

from __future__ import annotations

import re

import pytest

from director.printing import services, tasks
from director.printing.words import EVENT_WORDS
from director.sheets.base import printed
from director.sheets.registry import kinds
from tests.test_import_floors import SHEETS_CORE, imports, modules

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.mark.parametrize("kind", kinds(), ids=lambda kind: kind.name)
def test_every_kind_draws_its_page_in_every_print_language(kind):
    module = printed(kind)
    assert callable(module.draw)
    words = getattr(module, "WORDS", None)
    if isinstance(words, dict):  # the words only this kind prints: every language, the same fields to fill
        assert words.keys() == EVENT_WORDS.keys(), kind.name
        english = repr(words["en"])
        for lang, said in words.items():
            assert re.findall(r"\{\w+\}", repr(said)) == re.findall(r"\{\w+\}", english), lang


def test_a_kind_without_its_own_printed_module_prints_the_one_of_the_kind_it_extends():
    (coop,) = [kind for kind in kinds() if kind.name == "coop"]
    assert printed(coop).__name__ == "director.sheets.partnership.printed"


def test_the_print_task_is_enqueued_by_its_registered_name():
    assert tasks.render_document.name == services.RENDER_TASK


def test_printing_reaches_no_kind_s_folder_and_imports_itself_without_a_circle():
    printing = {name: path for name, path in modules().items() if name.startswith("director.printing")}
    imported = {name: {target for target, _ in imports(name, path)} for name, path in printing.items()}
    for name, targets in imported.items():
        folders = sorted(t for t in targets if t.startswith("director.sheets") and t not in SHEETS_CORE)
        assert not folders, (name, folders)
    graph = {name: {t for t in targets if t in printing and t != name} for name, targets in imported.items()}

    def reaches(start: str, goal: str, seen: set) -> bool:
        for target in graph[start] - seen:
            seen.add(target)
            if target == goal or reaches(target, goal, seen):
                return True
        return False

    circles = sorted(name for name in graph if reaches(name, name, set()))
    assert not circles, circles
