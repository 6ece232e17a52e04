"""scoring.variants: the pads of tables of three — split partnership and Neutralised Calypso (docs/variants.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.scores import ScoreSheetError, cooperative_total, score_cutthroat
from scoring.variants import (
    NEUTRALISED_DECK,
    NEUTRALISED_SEATS,
    THREE_HANDED_DECK,
    NeutralisedSheet,
    check_neutralised,
    clockwise_seats,
    score_neutralised,
    score_split,
    split_totals,
    three_handed_seats,
)

# Three-handed, ♦ removed: S 1 calypso + 5, H 0 + 3, C 2 + 4; piles S 20, H 10, C 117 − 39 − 12 − 30 = 36.
THREE = {
    "form": "cutthroat",
    "calypsos": {"S": 1, "H": 0, "C": 2},
    "unfinished": {"S": 5, "H": 3, "C": 4},
    "trick_piles": {"S": 20, "H": 10, "C": 36},
}
# Neutralised: S 1 + 5, H 0 + 3, D 2 + 4; piles S 60, H 40, D 207 − 39 − 12 − 100 = 56.
NEUTRALISED = {
    "form": "neutralised",
    "calypsos": {"S": 1, "H": 0, "D": 2},
    "unfinished": {"S": 5, "H": 3, "D": 4},
    "trick_piles": {"S": 60, "H": 40, "D": 56},
}


def test_deck_sizes() -> None:
    assert THREE_HANDED_DECK == 3 * 3 * 13 == 117
    assert NEUTRALISED_DECK == 208 - 1 == 3 * (4 * 13 + 17)


def test_seats_sit_clockwise_in_the_default_orientation_with_the_removed_chair_empty() -> None:
    # Default orientation ♠ → ♦ → ♥ → ♣; without ♦: ♠ → ♥ → ♣; without ♣ (Neutralised): ♠ → ♦ → ♥.
    assert three_handed_seats() == "SHC"
    assert three_handed_seats("S") == "DHC"
    assert NEUTRALISED_SEATS == "SDH"
    assert clockwise_seats("SHD", "SCHD") == "SHD"
    with pytest.raises(ValueError, match="not a suit"):
        three_handed_seats("X")


def test_split_partnership_of_a_three_handed_sheet() -> None:
    # Own (cutthroat) scores: S 500 + 5×20 + 20×10 = 800; H 3×20 + 10×10 = 160; C 1250 + 4×20 + 36×10 = 1690.
    # Clockwise S → H → C: the player on S's right is C, on H's right S, on C's right H.
    # Totals: S 800 + 1690 = 2490, H 160 + 800 = 960, C 1690 + 160 = 1850.
    split = score_split(THREE)
    assert split.own == score_cutthroat(THREE).scores == {"S": 800, "H": 160, "C": 1690}
    assert split.right_of == {"S": "C", "H": "S", "C": "H"}
    assert split.totals == {"S": 2490, "H": 960, "C": 1850}
    assert split.winners == ("S",)


def test_split_partnership_follows_the_seating_given() -> None:
    # Seated S → C → H instead: right of S is H, of C is S, of H is C. S 800 + 160, C 1690 + 800, H 160 + 1690.
    assert score_split(THREE, "SCH").totals == {"S": 960, "C": 2490, "H": 1850}
    with pytest.raises(ValueError, match="does not name the players"):
        score_split(THREE, "SHD")


def test_neutralised_sheet_scores_as_cutthroat_and_split() -> None:
    # S 500 + 100 + 600 = 1200; H 60 + 400 = 460; D 1250 + 80 + 560 = 1890 (table total 3550).
    # Split, clockwise S → D → H: S + H = 1660, D + S = 3090, H + D = 2350.
    assert score_neutralised(NEUTRALISED).scores == {"S": 1200, "H": 460, "D": 1890}
    assert cooperative_total(NeutralisedSheet.from_dict(NEUTRALISED)) == 3550
    split = score_split(NEUTRALISED)
    assert split.totals == {"S": 1660, "D": 3090, "H": 2350}
    assert split.winners == ("D",)
    assert NeutralisedSheet.from_dict(NEUTRALISED).to_dict()["form"] == "neutralised"


def test_neutralised_conservation_is_207_not_117_or_208() -> None:
    # One card more in D's pile: 208 cards, the four-handed count, is one too many here.
    sheet = {**NEUTRALISED, "trick_piles": {"S": 60, "H": 40, "D": 57}}
    [problem] = check_neutralised(sheet)
    assert "add up to 208, not 207: 1 card too many" in problem
    with pytest.raises(ScoreSheetError, match="not 207"):
        score_neutralised(sheet)
    assert check_neutralised(NEUTRALISED) == []


def test_neutralised_is_played_by_spades_hearts_diamonds() -> None:
    sheet = {**THREE, "form": "neutralised"}  # S H C: clubs are nobody's
    assert "played by ♠ ♥ ♦" in check_neutralised(sheet)[0]


def test_a_neutralised_player_holds_at_most_52_of_their_suit() -> None:
    # S 4 calypsos (52 cards) and 1 unfinished = 53 of ♠: more than the four packs hold.
    sheet = {
        "calypsos": {"S": 4, "H": 0, "D": 0},
        "unfinished": {"S": 1, "H": 0, "D": 0},
        "trick_piles": {"S": 100, "H": 25, "D": 29},
    }
    assert any("53" in problem for problem in check_neutralised(sheet))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-3000, 6000), min_size=3, max_size=4, unique=True))
def test_split_totals_count_every_own_score_twice(scores: list[int]) -> None:
    seats = "SHDC"[: len(scores)]
    split = split_totals(dict(zip(seats, scores, strict=True)), seats)
    assert sum(split.totals.values()) == 2 * sum(scores)
    # Everyone is the right-hand neighbour of exactly one player.
    assert sorted(split.right_of.values()) == sorted(seats)


def test_a_revoke_reaches_the_split_totals_through_the_cutthroat_scores() -> None:
    # ♠ revokes once: ♥ and ♣ each gain 260 own (H 160 → 420, C 1690 → 1950).
    # Totals: S 800 + 1950 = 2750 (+260), H 420 + 800 = 1220 (+260), C 1950 + 420 = 2370 (+520).
    split = score_split({**THREE, "revokes": {"S": 1, "H": 0, "C": 0}})
    assert split.own == {"S": 800, "H": 420, "C": 1950}
    assert split.totals == {"S": 2750, "H": 1220, "C": 2370}
