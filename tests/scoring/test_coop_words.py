"""Coöperative grades and comparisons (RULES.md §5, docs/variants.md): every refusal word for word,
shared ranks, and a session graded on the average of the sets a table played, rounded down."""

from __future__ import annotations

import pytest

from scoring.coop import Band, BandError, check_bands, compare_tables, coop_session, grade, parse_bands


def refusal(call, error=BandError) -> str:
    with pytest.raises(error) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("bands", "words"),
    [
        (["x"], "band 1 is 'x', not a Band(floor, name)"),
        ([Band(0, "Low"), (100, "High")], "band 2 is (100, 'High'), not a Band(floor, name)"),
        ([Band(-1, "Gold")], "band 1 ('Gold'): the floor must be a whole number ≥ 0, not -1"),
        ([Band("4000", "Gold")], "band 1 ('Gold'): the floor must be a whole number ≥ 0, not '4000'"),
        ([Band(True, "Gold")], "band 1 ('Gold'): the floor must be a whole number ≥ 0, not True"),
        ([Band(100.0, "Gold")], "band 1 ('Gold'): the floor must be a whole number ≥ 0, not 100.0"),
        ([Band(100, "")], "band 1 (from 100): a band needs a name"),
        ([Band(0, "Low"), Band(100, "  ")], "band 2 (from 100): a band needs a name"),
        ([Band(100, 5)], "band 1 (from 100): a band needs a name"),
        ([], "a club's grades need at least one band"),
        ([Band(4000, "Gold"), Band(4000, "Silver")], "bands 'Gold' and 'Silver' both start at 4000"),
        ([Band(100, "Gold"), Band(200, " gold ")], "two bands are called 'gold'"),
    ],
)
def test_bands_a_club_cannot_mean_are_refused_naming_the_band(bands, words):
    assert refusal(lambda: check_bands(bands)) == words


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([[1, 2, 3]], "band 1 is [1, 2, 3]: write it as [floor, name]"),
        ([[100, "A"], "x"], "band 2 is 'x': write it as [floor, name]"),
        ("Gold", "bands are an object of name → floor, or a list of [floor, name]"),
        (None, "bands are an object of name → floor, or a list of [floor, name]"),
    ],
)
def test_saved_bands_in_another_shape_are_refused_saying_how_to_write_them(data, words):
    assert refusal(lambda: parse_bands(data)) == words


def test_bands_are_read_from_a_list_of_pairs_in_any_order():
    assert parse_bands(((4000, "Gold"), [0, "Practice"])) == (Band(0, "Practice"), Band(4000, "Gold"))


def test_a_total_on_a_floor_earns_that_band_and_one_point_less_the_band_below():
    assert [grade(total) for total in (0, 3249, 3250, 3749, 3750, 4249, 4250, 4999, 5000)] == [
        "Practice", "Practice", "Bronze", "Bronze", "Silver", "Silver", "Gold", "Gold", "Calypso",
    ]  # fmt: skip


@pytest.mark.parametrize(("total", "words"), [(3630.5, "3630.5"), (True, "True"), ("3630", "'3630'")])
def test_a_total_that_is_not_a_whole_number_is_refused(total, words):
    assert refusal(lambda: grade(total), ValueError) == f"a table total is a whole number, not {words}"
    assert refusal(lambda: compare_tables({"A": 3000, "B": total}), ValueError) == (
        f"table B: the total must be a whole number, not {words}"
    )


def test_equal_tables_share_a_rank_and_the_next_rank_is_skipped():
    # Three tables on one set, 4000, 4000 and 3000 (sum 11000): differences 3 × 4000 − 11000 = 1000
    # each for the first two and 3 × 3000 − 11000 = −2000; ranks 1, 1, 3.
    rows = compare_tables({"C": 3000, "A": 4000, "B": 4000})
    assert [(r.table, r.total, r.grade, r.rank, r.difference) for r in rows] == [
        ("A", 4000, "Silver", 1, 1000),
        ("B", 4000, "Silver", 1, 1000),
        ("C", 3000, "Practice", 3, -2000),
    ]


def test_a_session_grades_each_table_on_its_average_over_the_sets_it_played_rounded_down():
    # Set 1: A 3749 v B 3000 (differences +749, −749). Set 2: A 3750 v X 3800 (−50, +50).
    # A: 7499 over two sets, an average of 3749.5, rounded down to 3749: Bronze, not Silver.
    # X played one set: graded on its 3800, Silver. Best first by the summed difference.
    rows = coop_session({1: {"A": 3749, "B": 3000}, 2: {"A": 3750, "X": 3800}})
    assert [(r.table, r.total, r.grade, r.rank, r.difference) for r in rows] == [
        ("A", 7499, "Bronze", 1, 699),
        ("X", 3800, "Silver", 2, 50),
        ("B", 3000, "Practice", 3, -749),
    ]


def test_a_session_uses_the_clubs_own_bands():
    bands = (Band(3000, "Pass"), Band(3800, "Merit"))
    rows = coop_session({1: {"A": 3749, "B": 2999}}, bands)
    assert [(r.table, r.grade) for r in rows] == [("A", "Pass"), ("B", None)]
    assert refusal(lambda: coop_session({1: {"A": 1}}, [])) == "a club's grades need at least one band"


def test_one_set_compared_with_the_clubs_own_bands():
    bands = (Band(3000, "Pass"), Band(3800, "Merit"))
    rows = compare_tables({"A": 3900, "B": 3100, "C": 2000}, bands)
    assert [(r.table, r.grade) for r in rows] == [("A", "Merit"), ("B", "Pass"), ("C", None)]
