"""The suits' order and symbols are defined once, in ``scoring.cards`` (#15.5): no other module of
director/ or scoring/ spells "SHDC" or a bare suit symbol ("♠", "♠♥", …) as a constant of its own.
Symbols inside a sentence (a message, a printed label's words) are words, not constants."""

from __future__ import annotations

import ast
from pathlib import Path

from scoring import cards, movements

ROOT = Path(__file__).resolve().parent.parent
SYMBOLS = set(cards.SUIT_SYMBOLS.values())


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def is_suit_constant(text: str) -> bool:
    bare = "".join(text.split())
    return text == cards.SUITS or (bool(bare) and set(bare) <= SYMBOLS)


def copies() -> list[str]:
    found = []
    for top in ("director", "scoring"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" in path.parts or path == ROOT / "scoring" / "cards.py":
                continue
            tree = ast.parse(path.read_text())
            docs = _docstrings(tree)
            for node in ast.walk(tree):
                text = node.value if isinstance(node, ast.Constant) and id(node) not in docs else None
                if isinstance(text, str) and is_suit_constant(text):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
                if isinstance(node, ast.Tuple | ast.List) and spelled_out(node):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: the suits letter by letter")
    for path in sorted((ROOT / "director" / "templates").rglob("*.html")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if f'"{cards.SUITS}"' in line or f"'{cards.SUITS}'" in line:
                found.append(f"{path.relative_to(ROOT)}:{number}: {cards.SUITS!r} in a template")
    return found


def spelled_out(node: ast.Tuple | ast.List) -> bool:
    """``("S", "H", "D", "C")``: the suit order written again, one letter at a time."""
    letters = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return len(letters) == len(node.elts) and "".join(letters) == cards.SUITS


def test_suit_order_and_symbols_come_from_scoring_cards():
    assert copies() == []


def test_what_counts_as_a_copy():
    assert all(is_suit_constant(t) for t in ("SHDC", "♠", "♠♥", " ♦♣", "♠ ", "♠♥♦♣"))
    assert not any(is_suit_constant(t) for t in ("Majors ♠♥", "290♥", "S", "SH", "", " "))
    assert spelled_out(ast.parse('("S", "H", "D", "C")').body[0].value)
    assert spelled_out(ast.parse('["S", "H", "D", "C"]').body[0].value)
    assert not spelled_out(ast.parse('("C", "D", "H", "S")').body[0].value)  # the auction's order: another rule
    assert not spelled_out(ast.parse('("S", "H")').body[0].value)


def test_majors_is_a_direction_only():
    # scoring.cards names the suits of a side MAJOR_SUITS / MINOR_SUITS; MAJORS is the direction.
    assert not hasattr(cards, "MAJORS") and not hasattr(cards, "MINORS")
    assert movements.MAJORS == "majors" and cards.SIDE_SUITS[movements.MAJORS] == cards.MAJOR_SUITS == ("S", "H")
    assert cards.SIDE_SYMBOLS == {"majors": "♠♥", "minors": "♦♣"}
