"""An Embers pad scored by hand (issue #17, docs/variants.md): calypsos 500 / 750 / 1000 over the
whole game, 10 a trick-pile card hand by hand, 260 a revoke, 20 an unfinished card at the end only —
the JSON a director prints, and every problem named by its hand."""

from __future__ import annotations

import pytest

from scoring.embers import EmbersHand, check_pad, score_embers
from scoring.scores import ScoreSheetError

# Hand 1: ♠ completes a calypso; green room ends 2 + 5 + 3 + 0 = 10; piles 20 + 9: 13 + 10 + 29 = 52.
# ♦ revokes once. Hand 2: ♠ and ♦ complete one each; green room 10 → 11; piles 10 + 15: 26 + 1 + 25 = 52.
HAND_1 = {
    "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
    "unfinished": {"S": 2, "H": 5, "D": 3, "C": 0},
    "trick_piles": {"majors": 20, "minors": 9},
    "revokes": {"D": 1},
}
HAND_2 = {
    "calypsos": {"S": 1, "H": 0, "D": 1, "C": 0},
    "unfinished": {"S": 0, "H": 6, "D": 1, "C": 4},
    "trick_piles": {"majors": 10, "minors": 15},
}


def test_a_two_hand_pad_scored_hand_by_hand_then_the_green_room_at_the_end():
    # Hand 1: majors ♠ 500 + pile 200 + ♦'s revoke 260 = 960; minors pile 90.
    # Hand 2: ♠'s second calypso 750 + pile 100 = 850; minors ♦'s first 500 + pile 150 = 650.
    # End: green room H 6, D 1, C 4 cards at 20: majors + 120 = 1930, minors + 100 = 840; net 1090.
    score = score_embers([HAND_1, HAND_2])
    assert score.to_dict() == {
        "hands": [
            {
                "hand": 1,
                "calypso_points": {"S": 500, "H": 0, "D": 0, "C": 0},
                "trick_pile_points": {"majors": 200, "minors": 90},
                "revoke_points": {"majors": 260, "minors": 0},
                "points": {"majors": 960, "minors": 90},
                "totals": {"majors": 960, "minors": 90},
            },
            {
                "hand": 2,
                "calypso_points": {"S": 750, "H": 0, "D": 500, "C": 0},
                "trick_pile_points": {"majors": 100, "minors": 150},
                "revoke_points": {"majors": 0, "minors": 0},
                "points": {"majors": 850, "minors": 650},
                "totals": {"majors": 1810, "minors": 740},
            },
        ],
        "unfinished_points": {"S": 0, "H": 120, "D": 20, "C": 80},
        "final": {"majors": 1930, "minors": 840},
        "net": 1090,
    }


def test_a_pad_of_a_game_still_going_has_no_end_points_yet():
    score = score_embers([HAND_1, HAND_2], finished=False)
    assert score.unfinished_points is None
    assert score.final == {"majors": 1810, "minors": 740} and score.net == 1070
    assert score_embers([], finished=True).final == {"majors": 0, "minors": 0}


def test_a_hand_reads_back_from_its_json_with_every_revoke_written():
    hand = EmbersHand.from_dict(HAND_2)
    assert hand.to_dict() == {**HAND_2, "revokes": {"S": 0, "H": 0, "D": 0, "C": 0}}
    assert EmbersHand.from_dict(hand.to_dict()) == hand
    assert score_embers([EmbersHand.from_dict(HAND_1), hand]).net == 1090  # hands given as objects


def test_a_pad_that_does_not_add_up_names_the_hand_and_every_count():
    broken = [HAND_1, {**HAND_2, "trick_piles": {"majors": 10, "minors": 16}}]
    words = (
        "hand 2: cards add up to 53, not the 52 dealt: 1 too many (calypsos 13×2 = 26, green room 10 → 11, "
        "trick piles 10 + 16 = 26)"
    )
    assert check_pad(broken) == [words]
    with pytest.raises(ScoreSheetError) as caught:
        score_embers(broken)
    assert caught.value.problems == [words] and str(caught.value) == words
    short = [HAND_1, {**HAND_2, "trick_piles": {"majors": 10, "minors": 13}}]
    assert check_pad(short)[0].startswith("hand 2: cards add up to 50, not the 52 dealt: 2 missing (")


def test_a_malformed_hand_is_named_with_every_problem():
    problems = check_pad([HAND_1, {"calypsos": {"S": 1}}])
    assert problems == [
        "hand 2: calypsos.H is missing",
        "hand 2: calypsos.D is missing",
        "hand 2: calypsos.C is missing",
        "hand 2: unfinished must be an object with S, H, D, C",
        "hand 2: trick_piles must be an object with majors, minors",
    ]
    with pytest.raises(ScoreSheetError) as caught:
        score_embers([HAND_1, {"calypsos": {"S": 1}}])
    assert caught.value.problems == problems and str(caught.value) == "; ".join(problems)
    with pytest.raises(ScoreSheetError) as caught:
        EmbersHand.from_dict(["S"])
    assert str(caught.value) == "a hand of the pad is an object, not list"
    assert check_pad(["x"]) == ["hand 1: a hand of the pad is an object, not str"]
