"""The pads of tables of three (RULES.md §5, docs/variants.md): every refusal word for word, the
mirrored orientation, ties in split partnership, and sheets given as objects as well as JSON."""

from __future__ import annotations

import pytest

from scoring.scores import CutthroatSheet, ScoreSheetError
from scoring.variants import (
    NeutralisedSheet,
    check_neutralised,
    clockwise_seats,
    score_neutralised,
    score_split,
    split_totals,
    three_handed_seats,
)
from tests.scoring.test_variant_sheets import NEUTRALISED, THREE  # the worked sheets, written once

NOBODYS = "Neutralised Calypso is played by ♠ ♥ ♦ (S, H, D), not S H C: ♣ is nobody's"


def refusal(call, error=ValueError) -> str:
    with pytest.raises(error) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: clockwise_seats("SHD", "SHDC"), "orientation 'SHDC' is not one of SDHC, SCHD"),
        (lambda: clockwise_seats(""), "'' is not a set of seats (suit letters S, H, D, C, each once)"),
        (lambda: clockwise_seats("SSH"), "'SSH' is not a set of seats (suit letters S, H, D, C, each once)"),
        (lambda: clockwise_seats("SX"), "'SX' is not a set of seats (suit letters S, H, D, C, each once)"),
        (lambda: three_handed_seats("X"), "'X' is not a suit to remove (use S, H, D or C)"),
        (
            lambda: split_totals({"S": 1, "H": 2, "C": 3}, "SHD"),
            "the seating 'SHD' does not name the players 'SHC' once each",
        ),
        (
            lambda: split_totals({"S": 1, "H": 2, "C": 3}, "SHCS"),
            "the seating 'SHCS' does not name the players 'SHC' once each",
        ),
        (
            lambda: split_totals({"S": 1, "H": 2, "C": 3}, "SH"),
            "the seating 'SH' does not name the players 'SHC' once each",
        ),
    ],
)
def test_seatings_that_cannot_be_are_refused_saying_why(call, words):
    assert refusal(call) == words


def test_in_the_mirrored_orientation_the_three_sit_the_other_way_round():
    # RULES.md §1: mirrored ♠ → ♣ → ♥ → ♦. Without ♦: ♠ → ♣ → ♥; without ♠: ♣ → ♥ → ♦.
    assert three_handed_seats("D", "SCHD") == "SCH"
    assert three_handed_seats("S", "SCHD") == "CHD"
    assert clockwise_seats("HDC", "SCHD") == "CHD"


def test_a_neutralised_sheet_of_the_wrong_players_is_refused_with_every_problem():
    assert check_neutralised({**THREE, "form": "neutralised"}) == [NOBODYS]
    with pytest.raises(ScoreSheetError) as caught:
        NeutralisedSheet.from_dict(THREE)
    assert str(caught.value) == NOBODYS and caught.value.problems == [NOBODYS]


def test_a_neutralised_sheet_kept_unchecked_still_lists_its_problems():
    sheet = NeutralisedSheet.from_dict({**NEUTRALISED, "trick_piles": {"S": 60, "H": 40, "D": 57}}, validate=False)
    (problem,) = sheet.problems()
    assert "add up to 208, not 207: 1 card too many" in problem
    assert check_neutralised(sheet) == sheet.problems()
    with pytest.raises(ScoreSheetError):
        score_neutralised(sheet)


def test_sheets_given_as_objects_score_as_their_json():
    neutralised = NeutralisedSheet.from_dict(NEUTRALISED)
    assert check_neutralised(neutralised) == []
    assert score_neutralised(neutralised).scores == {"S": 1200, "H": 460, "D": 1890}
    assert score_split(neutralised).totals == {"S": 1660, "D": 3090, "H": 2350}
    assert score_split(CutthroatSheet.from_dict(THREE)).totals == {"S": 2490, "H": 960, "C": 1850}
    # The sheet's own JSON round trip names its form.
    assert NeutralisedSheet.from_dict(neutralised.to_dict()) == neutralised


def test_a_neutralised_sheet_without_its_form_is_read_as_neutralised_by_its_own_reader():
    plain = {key: value for key, value in NEUTRALISED.items() if key != "form"}
    assert NeutralisedSheet.from_dict(plain) == NeutralisedSheet.from_dict(NEUTRALISED)


def test_split_partnership_ties_name_every_winner():
    # Clockwise S → H → C, so each adds the own score of the one before: S + C, H + S, C + H.
    # Own 100, 300, 200: 300, 400, 500 — C alone; 100 each: 200 each, all three win.
    assert split_totals({"S": 100, "H": 300, "C": 200}, "SHC").winners == ("C",)
    assert split_totals({"S": 100, "H": 100, "C": 100}, "SHC").winners == ("S", "H", "C")
    alone = split_totals({"S": 300, "H": 100, "C": 200}, "SHC")  # S 500, H 400, C 300
    assert alone.winners == ("S",)
    two = split_totals({"S": 200, "H": 100, "C": 300}, "SHC")  # S 500, H 300, C 400
    assert two.to_dict() == {
        "own": {"S": 200, "H": 100, "C": 300},
        "right_of": {"S": "C", "H": "S", "C": "H"},
        "totals": {"S": 500, "H": 300, "C": 400},
    }
    both = split_totals({"S": 200, "H": 200, "D": 100, "C": 200}, "SDHC")  # S 400, D 300, H 300, C 400
    assert both.winners == ("S", "C")


BROKEN = {"calypsos": {"S": 1, "H": 0, "C": 2}, "unfinished": {"S": 5, "H": 3, "C": "x"}}
BROKEN_PROBLEMS = [
    NOBODYS,
    "unfinished.C must be a whole number, not 'x'",
    "trick_piles must be an object with S, H, C",
]


def test_a_neutralised_sheet_with_several_problems_lists_them_all_players_first():
    assert check_neutralised(BROKEN) == BROKEN_PROBLEMS
    with pytest.raises(ScoreSheetError) as caught:
        NeutralisedSheet.from_dict(BROKEN, validate=False)  # the structure is checked even so
    assert caught.value.problems == BROKEN_PROBLEMS
    assert str(caught.value) == "; ".join(BROKEN_PROBLEMS)


def test_a_neutralised_sheet_that_is_not_an_object_is_refused_not_crashed_on():
    assert check_neutralised(None) == ["a scoresheet must be an object, not NoneType"]
    assert check_neutralised(["S"]) == ["a scoresheet must be an object, not list"]


def test_a_neutralised_sheet_that_does_not_add_up_is_refused_when_read():
    bad = {**NEUTRALISED, "trick_piles": {"S": 60, "H": 40, "D": 57}}
    with pytest.raises(ScoreSheetError, match="add up to 208, not 207"):
        NeutralisedSheet.from_dict(bad)
    assert NeutralisedSheet.from_dict(bad, validate=False).trick_piles["D"] == 57
