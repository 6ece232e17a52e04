"""docs/rules.md, the project's own rules page: its worked examples are what the engine computes,
the README links to it (not to a file outside the repository), and the app serves it at /rules/,
linked from the foot of every page."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from scoring.cards import parse_card
from scoring.matchpoints import matchpoints, percentage, top
from scoring.scores import score_game
from scoring.tricks import BEAT_THE_LEADER, STANDARD, trick_winner

ROOT = Path(__file__).resolve().parents[2]
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def winner(cards: str, suits: str, rule: str = STANDARD) -> str:
    played = [parse_card(card) for card in cards.split()]
    return str(played[trick_winner(played, list(suits), rule)])


@pytest.mark.parametrize(
    "cards,suits,rule,won",
    [
        ("9S 4D KS QC", "SDHC", STANDARD, "QC"),  # two trump-ins: the higher wins
        ("9S 4D KS 3S", "SDHC", STANDARD, "4D"),  # a lone trump-in beats the own-suit lead
        ("5H AH 6H 7H", "HCSD", STANDARD, "5H"),  # own suit led, nobody trumped in: the leader
        ("9S 4D KS 3S", "SDHC", BEAT_THE_LEADER, "9S"),  # the 4 is not higher than the led 9
        ("9S 4D KS QC", "SDHC", BEAT_THE_LEADER, "QC"),
    ],
)
def test_the_trick_examples_are_the_engines(cards, suits, rule, won):
    assert winner(cards, suits, rule) == won
    assert all(card in RULES for card in cards.split()[:2])


def test_the_worked_scoresheet_is_the_engines():
    score = score_game(
        {
            "calypsos": {"S": 2, "H": 1, "D": 1, "C": 0},
            "unfinished": {"S": 5, "H": 0, "D": 7, "C": 9},
            "trick_piles": {"majors": 70, "minors": 65},
            "revokes": {"S": 0, "H": 0, "D": 0, "C": 1},
        }
    )
    assert (score.majors, score.minors, score.net) == (2810, 1470, 1340)
    for figure in ("**2810**", "**1470**", "**+1340**", "makes 208"):
        assert figure in RULES


def test_the_matchpoint_examples_are_the_engines():
    assert matchpoints([340, -120, 340, 60]) == [Fraction(5, 2), 0, Fraction(5, 2), 1]
    factored = matchpoints([340, -120, 60, None])
    assert factored == [Fraction(17, 6), Fraction(1, 6), Fraction(3, 2), None]
    shown = [round(float(percentage(mp, top(4))), 1) for mp in factored[:3]]
    assert shown == [94.4, 5.6, 50.0]
    for figure in ("2⅚", "94.4 %", "1½, 50 %", "⅙", "5.6 %"):
        assert figure in RULES


def test_the_readme_links_the_projects_own_rules_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme
    assert "../shared/RULES.md" not in readme


@pytest.mark.django_db
def test_the_app_serves_the_rules_page_linked_from_every_page(client):
    page = client.get("/rules/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<h1>The rules of Calypso</h1>" in text and "<table>" in text and "Neuberg" in text
    assert 'href="/rules/"' in client.get("/login/").content.decode()
