"""A sheet's problems in the sheet's own words (for players), and the details of checking that the
browser's copy must match exactly: ASCII digits only, problems in seat order."""

from __future__ import annotations

import pytest

from scoring.scores import check_cutthroat, check_sheet, in_sheet_words

GOOD = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
}


@pytest.mark.parametrize(
    ("problem", "words"),
    [
        ("calypsos.S must be a whole number, not 'x'", "Calypsos — ♠ player: must be a whole number, not 'x'"),
        ("unfinished.D is missing", "Unfinished — ♦ player: missing"),
        ("trick_piles.majors is 209: too many", "Trick pile — ♠♥ is 209: too many"),
        ("trick_piles.C is -1: counts cannot be negative", "Trick pile — ♣ player is -1: counts cannot be negative"),
        ("revokes.H is -2: counts cannot be negative", "Revokes — ♥ player is -2: counts cannot be negative"),
        ("S: 4 calypsos and 1 unfinished make 53 cards", "♠ player: 4 calypsos and 1 unfinished make 53 cards"),
        ("trick_piles must be an object with majors, minors", "Trick pile must be an object with majors, minors"),
        ("cards add up to 207, not 208: 1 card missing", "cards add up to 207, not 208: 1 card missing"),
    ],
)
def test_field_paths_become_the_sheets_words(problem, words):
    assert in_sheet_words(problem) == words


def test_every_problem_of_a_typed_sheet_reads_without_paths():
    sheet = {**GOOD, "calypsos": {"S": "x", "H": "5", "D": "-1", "C": ""}, "trick_piles": {"majors": "209"}}
    for problem in map(in_sheet_words, check_sheet(sheet)):
        assert "calypsos." not in problem and "trick_piles." not in problem, problem


def test_only_ascii_digits_are_counts():
    assert check_sheet({**GOOD, "calypsos": {**GOOD["calypsos"], "D": "２"}}) == [
        "calypsos.D must be a whole number, not '２'"
    ]
    assert check_sheet({**GOOD, "calypsos": {**GOOD["calypsos"], "D": " +02 "}}) == []


def test_too_many_of_a_suit_is_named_in_seat_order():
    sheet = {
        "calypsos": {"S": 4, "H": 0, "D": 3, "C": 4},
        "unfinished": {"S": 12, "H": 0, "D": 12, "C": 1},
        "trick_piles": {"S": 0, "H": 0, "D": 0, "C": 0},
    }
    too_many = [p[:2] for p in check_cutthroat(sheet) if "cards of one suit" in p]
    assert too_many == ["S:", "C:"]
