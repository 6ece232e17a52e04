"""#28: a kind of table sheet is decided in one place. Outside the kinds' own folders
(``director/sheets/<kind>/``), the registry and the engine (``scoring/``), no code, template or page
script asks "is this an Auction night? an Embers night? a table of three?" for itself: it asks the
registry for the table's kind and uses the kind's attributes (docs/domain.md, "Sheet kinds").

Read from the source, so a new predicate anywhere fails here naming its file and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What decides behaviour by kind of sheet: the old flags and the variants' names, as words or as parts
# of a snake_case name (``cutthroat_sheets``), not inside a longer word (the engine's ``CutthroatResult``).
PREDICATES = re.compile(
    r"(?<![a-z])(cutthroat|is_auction|is_embers|pad_hands|three[-_]handed|neutralised|duet)(?![a-z])"
    r"|Game\.EMBERS|TABLE_FORMS|Form\.CUTTHROAT",
    re.IGNORECASE,
)
# Where a kind may be named: its own folder (with the registry and base), and the model fields that
# store the event's choice (the database's words for what the kinds read: choices and constraints).
ALLOWED = ("director/sheets/", "director/events/migrations/", "director/events/models.py")
# The engine's port for the browser, held to scoring/ under node (tests/js): the engine names its forms.
ENGINE = ("director/core/static/js/scores.js",)
# Names published to others, not decisions: none left outside the kinds (the API's tally-check field
# ``cutthroat`` is published by the cutthroat kind itself: ``SheetKind.tally_check_fields``).
PUBLISHED: set[tuple[str, str]] = set()
SOURCES = ("*.py", "*.html", "*.js", "*.css")


def sources():
    for pattern in SOURCES:
        for path in sorted((ROOT / "director").rglob(pattern)):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(ALLOWED) and rel not in ENGINE:
                yield rel, path


def hits() -> list[str]:
    found = []
    for rel, path in sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if PREDICATES.search(line) and (rel, line.strip()) not in PUBLISHED:
                found.append(f"{rel}:{number}: {line.strip()[:100]}")
    return found


def test_no_kind_is_decided_outside_the_kinds_folders():
    found = hits()
    assert not found, "ask director.sheets.registry for the table's kind instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "line",
    [
        "if event.is_auction:",
        "cutthroat = event.form == 'cutthroat'",
        "{% if pad_hands %}",
        "variant == 'duet'",
        "return cutthroat_sheets(event)",
        "if event.game == Event.Game.EMBERS:",
    ],
)
def test_the_reader_sees_a_predicate(line):
    assert PREDICATES.search(line)


@pytest.mark.parametrize(
    "line", ["text.split(',')", "kind = kind_of(event)", "{% if kind.individual %}", "tally_engine.CutthroatResult"]
)
def test_the_reader_passes_plain_code(line):
    assert not PREDICATES.search(line)
