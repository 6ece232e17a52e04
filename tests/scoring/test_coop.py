"""scoring.coop: a coöp table's grade and the difference between tables on the same sets (RULES.md §5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.coop import DEFAULT_BANDS, Band, BandError, compare_tables, coop_session, grade, parse_bands, table_total
from scoring.gamesets import deal_game_sets
from scoring.play import simulate_random_game
from scoring.scores import cooperative_total

# The worked partnership sheet of test_scores: calypsos S1 H0 D2 C0, unfinished 5 3 4 7, majors' pile 60,
# minors' pile 208 − 13×3 − 19 − 60 = 90.
SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 3, "D": 4, "C": 7},
    "trick_piles": {"majors": 60, "minors": 90},
}


def test_a_sheets_table_total_and_its_default_grade() -> None:
    # S 500 + 5×20 = 600, H 3×20 = 60, D 1250 + 4×20 = 1330, C 7×20 = 140; piles (60 + 90) × 10 = 1500.
    # 600 + 60 + 1330 + 140 + 1500 = 3630: at least Bronze's 3250, under Silver's 3750.
    assert cooperative_total(SHEET) == 3630
    assert grade(3630) == "Bronze"


@pytest.mark.parametrize(
    ("total", "name"),
    [(2080, "Practice"), (3249, "Practice"), (3250, "Bronze"), (3749, "Bronze"), (3750, "Silver"), (4250, "Gold"),
     (4999, "Gold"), (5000, "Calypso"), (13000, "Calypso")],
)  # fmt: skip
def test_default_bands_floor_is_reached_exactly_at_the_floor(total: int, name: str) -> None:
    assert grade(total) == name


def test_a_clubs_own_bands_in_any_order_and_below_the_lowest_no_grade() -> None:
    bands = parse_bands({"Gold": 4000, "Silver": 3500})
    assert bands == (Band(3500, "Silver"), Band(4000, "Gold"))
    assert grade(3499, bands) is None
    assert grade(3500, bands) == "Silver"
    assert grade(4100, bands) == "Gold"
    assert parse_bands([[4000, "Gold"], [3500, "Silver"]]) == bands


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({}, "at least one band"),
        ({"Gold": 4000, "Silver": 4000}, "both start at 4000"),
        ({"Gold": -1}, "≥ 0"),
        ({"Gold": "4000"}, "whole number"),
        ({"": 100}, "needs a name"),
        ({"Gold": 100, "gold ": 200}, "two bands are called"),
        ([[1, 2, 3]], "[floor, name]"),
        ("Gold", "an object"),
    ],
)
def test_bands_a_club_cannot_mean_are_refused_saying_why(data: object, says: str) -> None:
    with pytest.raises(BandError, match=says.replace("[", r"\[").replace("]", r"\]")):
        parse_bands(data)


def test_grade_refuses_a_total_that_is_not_a_whole_number() -> None:
    with pytest.raises(ValueError, match="whole number"):
        grade(3630.5)  # type: ignore[arg-type]


def test_three_tables_on_one_set() -> None:
    # Sum 3630 + 4000 + 3630 = 11260, three tables.
    # Table 2: (4000 − 3630) + (4000 − 3630) = 740 = 3 × 4000 − 11260.
    # Tables 1 and 3: (3630 − 4000) + (3630 − 3630) = −370 each; 740 − 370 − 370 = 0.
    rows = compare_tables({1: 3630, 2: 4000, 3: 3630})
    assert [(r.table, r.total, r.grade, r.rank, r.difference) for r in rows] == [
        (2, 4000, "Silver", 1, 740),
        (1, 3630, "Bronze", 2, -370),
        (3, 3630, "Bronze", 2, -370),
    ]


def test_two_tables_differ_by_the_plain_difference() -> None:
    rows = compare_tables({"A": 3900, "B": 3400})
    assert {r.table: r.difference for r in rows} == {"A": 500, "B": -500}


def test_a_session_adds_each_tables_differences_and_grades_the_average() -> None:
    # Set 1: A 4000, B 3600 → +400 / −400. Set 2: A 3000, B 3800, C 3700 (sum 10500):
    # A 9000 − 10500 = −1500, B 11400 − 10500 = +900, C 11100 − 10500 = +600.
    # Totals: A −1100 (7000 over 2 sets: 3500 Bronze), B +500 (7400: 3700 Bronze), C +600 (3700 Bronze).
    rows = coop_session({1: {"A": 4000, "B": 3600}, 2: {"A": 3000, "B": 3800, "C": 3700}})
    assert [(r.table, r.total, r.difference, r.rank, r.grade) for r in rows] == [
        ("C", 3700, 600, 1, "Bronze"),
        ("B", 7400, 500, 2, "Bronze"),
        ("A", 7000, -1100, 3, "Bronze"),
    ]


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(1, 30), st.integers(2080, 13000), min_size=1, max_size=12))
def test_differences_on_a_set_add_up_to_zero_and_follow_the_totals(totals: dict[int, int]) -> None:
    rows = compare_tables(totals)
    assert sum(r.difference for r in rows) == 0
    assert [r.total for r in rows] == sorted(totals.values(), reverse=True)
    for a in rows:
        for b in rows:
            assert (a.total > b.total) == (a.difference > b.difference)
            assert (a.total > b.total) == (a.rank < b.rank)


def test_random_games_grade_within_the_default_bands() -> None:
    sets = deal_game_sets(6, seed="c00f")
    totals = {gs.number: cooperative_total(simulate_random_game(gs, seed=gs.number)) for gs in sets}
    rows = compare_tables(totals, DEFAULT_BANDS)
    # Every total is at least 208 × 10 (all cards in piles) and gets a default grade.
    assert all(r.total >= 2080 and r.grade is not None for r in rows)
    assert sum(r.difference for r in rows) == 0


def test_table_total_reads_every_variants_sheet() -> None:
    # Neutralised: S 1 calypso + 5, H 3, D 2 + 4; piles 60, 40, 56 (207 cards):
    # 500 + 100 + 600 + 60 + 400 + 1250 + 80 + 560 = 3550.
    neutralised = {
        "form": "neutralised",
        "calypsos": {"S": 1, "H": 0, "D": 2},
        "unfinished": {"S": 5, "H": 3, "D": 4},
        "trick_piles": {"S": 60, "H": 40, "D": 56},
    }
    assert table_total(neutralised) == 3550
    assert table_total(SHEET) == cooperative_total(SHEET) == 3630
