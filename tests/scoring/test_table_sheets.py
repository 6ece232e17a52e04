"""The sheet of a club night's table of three (issue #17.7): checked against the table's variant and
seats, scored as cutthroat or split, and turned into tally figures that add up to zero. Worked by
hand from RULES.md §5 and docs/variants.md."""

from __future__ import annotations

import pytest

from scoring.scores import ScoreSheetError
from scoring.variants import check_table_sheet, score_table_sheet, table_nets

# ♠ 1 calypso + 5 unfinished + 20 piled, ♥ 7 unfinished + 20 piled and one revoke, ♣ 2 calypsos + 3 + 23:
# 13 × 3 + 15 + 63 = 117 cards.
SHEET = {
    "calypsos": {"S": 1, "H": 0, "C": 2},
    "unfinished": {"S": 5, "H": 7, "C": 3},
    "trick_piles": {"S": 20, "H": 20, "C": 23},
    "revokes": {"S": 0, "H": 1, "C": 0},
}


def test_three_handed_scores_are_the_cutthroat_scores_and_the_figures_add_to_zero():
    scored = score_table_sheet("three-handed", SHEET, "SHC")
    # ♠: 500 + 5 × 20 + 20 × 10 + 260 (♥'s revoke) = 1060; ♥: 140 + 200 = 340; ♣: 1250 + 60 + 230 + 260 = 1800
    assert scored.own == scored.totals == {"S": 1060, "H": 340, "C": 1800}
    # each figure is own less the average of the other two: ♠ 1060 − (340 + 1800) / 2 = −10
    assert scored.nets == {"S": -10, "H": -1090, "C": 1100}
    assert sum(scored.nets.values()) == 0


def test_split_totals_add_the_right_hand_players_score():
    scored = score_table_sheet("split", SHEET, "SHC")
    # seated ♠ → ♥ → ♣: ♠'s right is ♣, ♥'s right is ♠, ♣'s right is ♥
    assert scored.totals == {"S": 1060 + 1800, "H": 340 + 1060, "C": 1800 + 340}
    assert scored.nets == {
        "S": 2860 - (1400 + 2140) // 2,
        "H": 1400 - (2860 + 2140) // 2,
        "C": 2140 - (2860 + 1400) // 2,
    }
    assert scored.to_dict()["variant"] == "split"


def test_neutralised_is_207_cards_of_spades_diamonds_hearts():
    sheet = {
        "form": "neutralised",
        "calypsos": {"S": 2, "D": 1, "H": 0},
        "unfinished": {"S": 4, "D": 6, "H": 9},
        "trick_piles": {"S": 60, "D": 50, "H": 39},
    }  # 13 × 3 + 19 + 149 = 207
    assert check_table_sheet("neutralised", sheet, "SDH") == []
    scored = score_table_sheet("neutralised", sheet, "SDH")
    assert scored.own == {"S": 1250 + 80 + 600, "D": 500 + 120 + 500, "H": 180 + 390}
    assert check_table_sheet("neutralised", {**sheet, "trick_piles": {"S": 61, "D": 50, "H": 39}}, "SDH") == [
        "cards add up to 208, not 207: 1 card too many "
        "(calypsos 13×3 = 39, unfinished 19, trick piles 61 + 39 + 50 = 150)"
    ]


def test_neutralised_in_split_partnership_adds_the_right_hand_players_score():
    sheet = {
        "calypsos": {"S": 2, "D": 1, "H": 0},
        "unfinished": {"S": 4, "D": 6, "H": 9},
        "trick_piles": {"S": 60, "D": 50, "H": 39},
    }
    scored = score_table_sheet("neutralised-split", sheet, "SDH")
    # own ♠ 1930, ♦ 1120, ♥ 570; seated ♠ → ♦ → ♥: ♠'s right is ♥, ♦'s is ♠, ♥'s is ♦
    assert scored.own == {"S": 1930, "D": 1120, "H": 570}
    assert scored.totals == {"S": 1930 + 570, "D": 1120 + 1930, "H": 570 + 1120}
    assert sum(scored.nets.values()) == 0 and scored.nets["D"] == 3050 - (2500 + 1690) // 2
    # its cards are Neutralised Calypso's: a three-handed sheet of 117 cards is refused
    assert check_table_sheet("neutralised-split", SHEET, "SDH")[0].startswith("Neutralised Calypso is played by")


def test_a_sheet_of_other_seats_or_cards_is_refused_naming_the_tables_seats():
    assert check_table_sheet("three-handed", SHEET, "SDH")[0] == "this table is played by ♠ ♦ ♥ (S, D, H), not S H C"
    four = {
        "calypsos": {"S": 1, "H": 0, "D": 0, "C": 2},
        "unfinished": {"S": 5, "H": 7, "D": 0, "C": 3},
        "trick_piles": {"S": 20, "H": 20, "D": 91, "C": 23},
    }
    assert check_table_sheet("split", four, "SHC") == ["this table is played by ♠ ♥ ♣ (S, H, C), not S H D C"]
    with pytest.raises(ScoreSheetError) as caught:
        score_table_sheet("three-handed", {**SHEET, "trick_piles": {"S": 20, "H": 20, "C": 24}}, "SHC")
    assert caught.value.problems == [
        "cards add up to 118, not 117: 1 card too many "
        "(calypsos 13×3 = 39, unfinished 15, trick piles 20 + 20 + 24 = 64)"
    ]
    with pytest.raises(ValueError, match="'duet' is not the form of a table of three"):
        check_table_sheet("duet", SHEET, "SC")
    assert check_table_sheet("three-handed", ["not", "a", "sheet"], "SHC") == [
        "a scoresheet must be an object, not list"
    ]


def test_table_nets_of_two_players_is_plain_difference():
    assert table_nets({"S": 900, "C": 600}) == {"S": 300, "C": -300}


def test_a_threes_figures_are_on_a_fours_scale():
    """A four's net is one difference (♠♥'s total less ♦♣'s); a three's figure is its total less the
    average of the other two's, so the same totals give the same figure whether they meet at a four
    or at a three where the other two are level — not twice it (3 × own − all, before)."""
    assert table_nets({"S": 1800, "C": 1060}) == {"S": 740, "C": -740}  # a four's two sides, or two players
    assert table_nets({"S": 1800, "H": 1060, "C": 1060}) == {"S": 740, "H": -370, "C": -370}
    # the worked sheet: ♣ 1800 against 1060 and 340 — the average of +740 and +1460
    assert table_nets({"S": 1060, "H": 340, "C": 1800})["C"] == (740 + 1460) // 2


@pytest.mark.parametrize(
    ("totals", "figures"),
    [
        # raw (3 × own − all) 2, −1, −1: halved 1, −½, −½ — of two equal halves the earlier seat's goes up
        ({"S": 1, "H": 0, "C": 0}, {"S": 1, "H": 0, "C": -1}),
        ({"S": 0, "H": 0, "C": 1}, {"S": 0, "H": -1, "C": 1}),  # raw −1, −1, 2
        ({"S": 0, "H": 2, "C": 1}, {"S": -2, "H": 2, "C": 0}),  # raw −3, 3, 0: the higher up, the lower down
        ({"S": 2, "H": 0, "C": 1}, {"S": 2, "H": -2, "C": 0}),
    ],
)
def test_figures_that_do_not_divide_are_rounded_and_still_add_to_zero(totals, figures):
    result = table_nets(totals)
    assert sum(result.values()) == 0
    assert result == figures
