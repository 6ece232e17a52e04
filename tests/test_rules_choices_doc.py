"""docs/rules-choices.md, the list of the choices made where RULES.md is silent: every quote of
RULES.md is word for word, every test it names exists, and the README and the movements page link
to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules-choices.md"
# ../shared from the project root (README), or from the folder of worktrees the project sits in
FOUND = [p for p in (ROOT.parent / "shared" / "RULES.md", ROOT.parent.parent / "shared" / "RULES.md") if p.exists()]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def quote_blocks(text: str) -> list[str]:
    """Each run of ``>`` lines, joined."""
    blocks, current = [], []
    for line in text.splitlines():
        if line.startswith(">"):
            current.append(line[1:].strip())
        elif current:
            blocks.append(flat(" ".join(current)))
            current = []
    return blocks


def test_every_quote_of_rules_md_is_word_for_word():
    if not FOUND:
        pytest.skip("../shared/RULES.md is not here")
    rules = flat(FOUND[0].read_text())
    checked = 0
    for block in quote_blocks(DOC.read_text()):
        if "issue 22" in block:  # the rules page RULES.md was written from, quoted by the issue
            continue
        for quoted in re.findall(r'"([^"]+)"', block):
            for fragment in quoted.split("…"):
                fragment = fragment.strip()
                if fragment:
                    assert fragment in rules, fragment
                    checked += 1
    assert checked >= 20


def test_every_test_named_exists():
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", DOC.read_text())
    assert len(named) >= 15
    for path, name in named:
        source = (ROOT / path).read_text()
        assert re.search(rf"^def {name}\(", source, re.M), f"{path}::{name}"


def test_the_readme_and_the_movements_page_link_to_it():
    assert "(docs/rules-choices.md)" in (ROOT / "README.md").read_text()
    assert "(rules-choices.md)" in (ROOT / "docs" / "movements.md").read_text()
