"""The sheet of a table of three (``scoring.variants.score_table_sheet``): its stored JSON, the message
for a form that is not a table of three's, and every problem listed, the seats first (#22)."""

from __future__ import annotations

import pytest

from scoring.scores import ScoreSheetError
from scoring.variants import check_table_sheet, score_table_sheet

# 13 × 3 + (5 + 7 + 3) + (20 + 20 + 23) = 117 cards (as tests/scoring/test_table_sheets.py)
SHEET = {
    "calypsos": {"S": 1, "H": 0, "C": 2},
    "unfinished": {"S": 5, "H": 7, "C": 3},
    "trick_piles": {"S": 20, "H": 20, "C": 23},
    "revokes": {"S": 0, "H": 1, "C": 0},
}


def test_the_stored_score_names_its_fields():
    scored = score_table_sheet("three-handed", SHEET, "SHC")
    assert scored.to_dict() == {
        "variant": "three-handed",
        "own": {"S": 1060, "H": 340, "C": 1800},
        "totals": {"S": 1060, "H": 340, "C": 1800},
        "nets": {"S": -10, "H": -1090, "C": 1100},  # on a four's scale (docs/rules-choices.md)
    }


def test_a_form_that_is_not_a_table_of_threes_is_named_with_the_forms():
    with pytest.raises(ValueError) as caught:
        check_table_sheet("duet", SHEET, "SC")
    assert str(caught.value) == (
        "'duet' is not the form of a table of three (three-handed, split, neutralised, neutralised-split)"
    )


def test_a_sheet_of_other_seats_is_refused_when_scored():
    with pytest.raises(ScoreSheetError) as caught:
        score_table_sheet("three-handed", SHEET, "SDH")
    assert caught.value.problems == ["this table is played by ♠ ♦ ♥ (S, D, H), not S H C"]
    assert str(caught.value) == "this table is played by ♠ ♦ ♥ (S, D, H), not S H C"


def test_every_problem_is_listed_the_seats_first_and_the_message_joins_them():
    sheet = {**SHEET, "trick_piles": {"S": 20, "H": 20, "C": 24}}  # 118 cards
    problems = check_table_sheet("split", sheet, "SDH")
    assert len(problems) == 2
    assert problems[0] == "this table is played by ♠ ♦ ♥ (S, D, H), not S H C"
    assert problems[1].startswith("cards add up to 118, not 117: 1 card too many")
    with pytest.raises(ScoreSheetError) as caught:
        score_table_sheet("split", sheet, "SDH")
    assert caught.value.problems == problems
    assert str(caught.value) == f"{problems[0]}; {problems[1]}"
