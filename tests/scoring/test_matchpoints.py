"""Matchpoints (RULES.md §7): published examples, edge cases and properties."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.matchpoints import (
    MatchpointError,
    artificial_matchpoints,
    format_matchpoints,
    format_percentage,
    matchpoints,
    matchpoints_groups,
    other_side,
    percentage,
    round_half_up,
    session_percentage,
    top,
)

# --- the Neuberg example of issue 6: ten results of an eleven-table set, 2/1 (EBU) scale -------
# E = 11, A = 10, u = 2, top = 20. Distinct nets give raw M = 18, 16, …, 0, and
# (M + 1)·11/10 − 1 = 19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1.
NEUBERG_NETS = [900, 700, 500, 300, 100, -100, -300, -500, -700, -900, None]
NEUBERG_EBU = [F(n, 10) for n in (199, 177, 155, 133, 111, 89, 67, 45, 23, 1)]


def test_neuberg_example_ebu():
    assert matchpoints(NEUBERG_NETS, scale="ebu") == [*NEUBERG_EBU, None]
    shown = [format_matchpoints(mp) for mp in matchpoints(NEUBERG_NETS, scale="ebu")]
    assert shown == ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1", ""]


def test_neuberg_example_acbl_is_half_the_ebu_figures():
    # (M + ½)·11/10 − ½ with M = 9, 8, …, 0: 9.95, 8.85, …, 0.05; top 10.
    expected = [mp / 2 for mp in NEUBERG_EBU]
    assert matchpoints(NEUBERG_NETS, scale="acbl") == [*expected, None]
    assert expected[0] == F(995, 100) and expected[-1] == F(5, 100)


def test_neuberg_order_does_not_matter():
    shuffled = [NEUBERG_NETS[i] for i in (10, 3, 0, 9, 5, 1, 8, 2, 7, 4, 6)]
    by_net = dict(zip(NEUBERG_NETS, [*NEUBERG_EBU, None], strict=True))
    assert matchpoints(shuffled, "ebu") == [by_net[n] for n in shuffled]


# --- fully played sets, ties ---------------------------------------------------------------------


def test_fully_played_with_ties_both_scales():
    nets = [50, 30, 30, 10]
    assert matchpoints(nets) == [3, F(3, 2), F(3, 2), 0]
    assert matchpoints(nets, "acbl") == [3, F(3, 2), F(3, 2), 0]
    assert matchpoints(nets, "ebu") == [6, 3, 3, 0]


def test_all_tied_get_average():
    assert matchpoints([120] * 7, "acbl") == [3] * 7
    assert matchpoints([120] * 7, "ebu") == [6] * 7


def test_negative_nets_and_zero():
    assert matchpoints([-300, 0, -20, 40], "ebu") == [0, 4, 2, 6]


def test_results_are_fractions():
    assert all(type(mp) is F for mp in matchpoints([1, 2, 2, None, "A"]) if mp is not None)


# --- not played, artificial ----------------------------------------------------------------------


def test_not_played_ties_and_artificial_acbl():
    # E = 6, top 5; real A = 4: raw M 3, 1½, 1½, 0 → (M + ½)·6/4 − ½.
    nets = [200, 100, 100, "A", None, -50]
    assert matchpoints(nets, "acbl") == [F(19, 4), F(5, 2), F(5, 2), F(5, 2), None, F(1, 4)]


def test_not_played_ties_and_artificial_ebu():
    # E = 6, top 10; real A = 4: raw M 6, 3, 3, 0 → (M + 1)·6/4 − 1.
    nets = [200, 100, 100, "A-", None, -50]
    assert matchpoints(nets, "ebu") == [F(19, 2), 5, 5, 4, None, F(1, 2)]


@pytest.mark.parametrize(
    ("scale", "average", "plus", "minus"),
    [("acbl", 2, F(12, 5), F(8, 5)), ("ebu", 4, F(24, 5), F(16, 5))],
)
def test_artificial_scores_are_50_60_40_percent_of_top(scale, average, plus, minus):
    nets = [10, "A", "A+", "A-", 0]  # E = 5: top 4 (ACBL) or 8 (EBU)
    out = matchpoints(nets, scale)
    assert out[1:4] == [average, plus, minus]
    assert artificial_matchpoints("A+", 5, scale) == plus


def test_artificial_scores_are_not_compared():
    with_artificial = matchpoints([100, "A+", 50, "A-"], "ebu")
    not_played = matchpoints([100, None, 50, None], "ebu")
    assert [with_artificial[0], with_artificial[2]] == [not_played[0], not_played[2]]


def test_artificial_spellings():
    assert matchpoints(["a+ ", "A−", " A", 0], "acbl")[:3] == [F(9, 5), F(6, 5), F(3, 2)]


def test_both_sides_of_an_artificial_need_not_balance():
    assert matchpoints([0, "A+"], "ebu")[1] + matchpoints([0, "A+"], "ebu")[1] > top(2, "ebu")


def test_single_real_result_gets_average():
    assert matchpoints([None, 40, None, None], "acbl") == [None, F(3, 2), None, None]
    assert matchpoints([None, 40, "A", None], "ebu") == [None, 3, 3, None]


def test_degenerate_sets():
    assert matchpoints([]) == []
    assert matchpoints([None, None]) == [None, None]
    assert matchpoints([70]) == [0]  # played once: top 0
    assert matchpoints(["A+", None], "acbl") == [F(3, 5), None]


def test_other_numeric_types_compare_by_value():
    out = matchpoints([10, Decimal("10"), 10.0, F(20, 2), 9.5], "ebu")
    assert out == [5, 5, 5, 5, 0]


@pytest.mark.parametrize("bad", ["B", "", True, float("nan"), Decimal("Infinity"), [10], object()])
def test_bad_entries_say_where(bad):
    with pytest.raises(MatchpointError, match="entry 2"):
        matchpoints([10, bad, 20])


def test_unknown_scale():
    with pytest.raises(MatchpointError, match="scale"):
        matchpoints([1, 2], scale="imps")
    assert matchpoints([1, 2], scale=" EBU ") == [0, 2]


def test_top():
    assert top(11, "ebu") == 20 and top(11, "acbl") == 10 and top(1) == 0
    with pytest.raises(MatchpointError):
        top(0)


# --- fouled sets ---------------------------------------------------------------------------------


def test_fouled_set_groups_factored_to_expected():
    # E = 6, ACBL top 5. Group 1: A = 3, M 2, 1, 0 → (M + ½)·2 − ½. Group 2: A = 2, M 1, 0 → (M + ½)·3 − ½.
    out = matchpoints_groups([[100, 50, 0], [30, 20, None]], expected=6, scale="acbl")
    assert out == [[F(9, 2), F(5, 2), F(1, 2)], [4, 1, None]]
    # Each group's real results sum to A·top/2.
    assert sum(out[0]) == F(3 * 5, 2) and out[1][0] + out[1][1] == 5


def test_fouled_set_artificial_uses_expected_top_and_a_table_may_be_left_out():
    out = matchpoints_groups([[10, "A+"], [5, 5]], expected=5, scale="ebu")
    assert out[0][1] == F(24, 5)  # 60 % of top 8
    assert out[1] == [4, 4]


def test_fouled_set_single_group_is_plain_matchpoints():
    nets = [100, 20, None, "A", 20, -10]
    assert matchpoints_groups([nets], len(nets), "ebu") == [matchpoints(nets, "ebu")]


def test_fouled_set_more_entries_than_expected():
    with pytest.raises(MatchpointError, match="expected"):
        matchpoints_groups([[1, 2], [3, 4]], expected=3)


def test_fouled_set_bad_entry_position_counts_across_groups():
    with pytest.raises(MatchpointError, match="entry 4"):
        matchpoints_groups([[1, 2], [3, "Z"]], expected=4)


# --- other side, percentages, display -----------------------------------------------------------


def test_other_side_and_percentages():
    assert other_side(F(199, 10), 11, "ebu") == F(1, 10)
    assert percentage(F(199, 10), 20) == F(995, 10)
    assert percentage(0, 0) == 50
    assert session_percentage([(6, 8), (None, 8), (F(5, 2), 4)]) == F(850, 12)
    assert session_percentage([(None, 4)]) is None


def test_display_rounding_is_half_up_and_only_for_display():
    assert format_matchpoints(F(1, 20)) == "0.1"
    assert format_matchpoints(F(5, 2), places=0) == "3"
    assert format_matchpoints(F(2825, 1000), places=2) == "2.83"
    assert format_percentage(F(850, 12)) == "70.83"
    assert format_percentage(None) == ""
    assert round_half_up(F(-1, 20), 1) == Decimal("-0.1")


# --- properties ----------------------------------------------------------------------------------

nets_st = st.lists(
    st.one_of(
        st.integers(-30, 30).map(lambda n: n * 10),  # small range: plenty of ties
        st.none(),
        st.sampled_from(["A", "A+", "A-"]),
    ),
    min_size=1,
    max_size=40,
)
scale_st = st.sampled_from(["acbl", "ebu"])


def naive_matchpoints(nets, scale):
    """The definition, pairwise: a reference for the sorted implementation."""
    e = len(nets)
    u = 1 if scale == "acbl" else 2
    t = top(e, scale)
    real = [n for n in nets if isinstance(n, int)]
    a = len(real)
    out = []
    for n in nets:
        if n is None:
            out.append(None)
        elif isinstance(n, str):
            out.append(F(t * {"A": 50, "A+": 60, "A-": 40}[n], 100))
        else:
            m = sum(u if n > o else F(u, 2) if n == o else 0 for o in real) - F(u, 2)  # minus the tie with itself
            out.append((m + F(u, 2)) * e / a - F(u, 2))
    return out


@settings(max_examples=300, deadline=None)
@given(nets_st, scale_st)
def test_agrees_with_pairwise_definition(nets, scale):
    assert matchpoints(nets, scale) == naive_matchpoints(nets, scale)


@settings(max_examples=200, deadline=None)
@given(nets_st, scale_st)
def test_two_sides_sum_to_top_on_real_results(nets, scale):
    other = [-n if isinstance(n, int) else n for n in nets]
    ours, theirs = matchpoints(nets, scale), matchpoints(other, scale)
    for net, a, b in zip(nets, ours, theirs, strict=True):
        if isinstance(net, int):
            assert a + b == top(len(nets), scale)
            assert other_side(a, len(nets), scale) == b


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=1, max_size=40), scale_st)
def test_fully_played_set_sums_to_e_times_top_over_two(nets, scale):
    e = len(nets)
    assert sum(matchpoints(nets, scale)) == F(e * top(e, scale), 2)


@settings(max_examples=200, deadline=None)
@given(nets_st, scale_st)
def test_neuberg_real_results_sum_to_a_times_top_over_two_and_stay_in_range(nets, scale):
    out = matchpoints(nets, scale)
    real = [mp for net, mp in zip(nets, out, strict=True) if isinstance(net, int)]
    t = top(len(nets), scale)
    assert sum(real) == F(len(real) * t, 2)
    assert all(0 <= mp <= t for mp in real)


@settings(max_examples=200, deadline=None)
@given(nets_st, scale_st)
def test_better_net_never_scores_fewer(nets, scale):
    pairs = sorted((n, mp) for n, mp in zip(nets, matchpoints(nets, scale), strict=True) if isinstance(n, int))
    for (n1, m1), (n2, m2) in pairwise(pairs):
        assert (m1 < m2) if n1 < n2 else (m1 == m2)


# --- bad input: always a MatchpointError saying what and where -----------------------------------------------------


@pytest.mark.parametrize("nets", [None, 5, "AAA", {"1": 3}, b"12"])
def test_nets_that_are_not_a_list_are_refused(nets):
    # None used to matchpoint as an empty set ([]) and 5 was a TypeError.
    with pytest.raises(MatchpointError, match="list"):
        matchpoints(nets)


@pytest.mark.parametrize("bad", [Decimal("sNaN"), Decimal("NaN"), Decimal("Infinity"), float("-inf")])
def test_non_finite_nets_are_refused_by_position(bad):
    with pytest.raises(MatchpointError, match="entry 2"):
        matchpoints([10, bad, 0])


@pytest.mark.parametrize("code", [5, None, "B", ["A"]])
def test_artificial_matchpoints_of_a_non_code(code):
    with pytest.raises(MatchpointError, match="not an artificial score"):
        artificial_matchpoints(code, 5)


@pytest.mark.parametrize("groups", [None, 5, [5], [[1], None], "AB", [[1], "A"]])
def test_fouled_groups_that_are_not_lists_of_entries(groups):
    with pytest.raises(MatchpointError, match="group"):
        matchpoints_groups(groups, 5)


@pytest.mark.parametrize("value", ["x", None, [1], float("nan"), True])
def test_display_and_percentage_helpers_refuse_non_numbers(value):
    for call in (
        lambda: other_side(value, 5),
        lambda: percentage(value, 4),
        lambda: percentage(1, value),
        lambda: round_half_up(value),
        lambda: session_percentage([(value, 4)] if value is not None else [(1, value)]),
    ):
        with pytest.raises(MatchpointError):
            call()
    if value is not None:
        with pytest.raises(MatchpointError):
            format_matchpoints(value)
        with pytest.raises(MatchpointError):
            format_percentage(value)


def test_session_percentage_of_malformed_pairs():
    with pytest.raises(MatchpointError, match="pair"):
        session_percentage([(1,)])


_anything = st.one_of(
    st.none(),
    st.integers(-(10**6), 10**6),
    st.fractions(),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.sampled_from(["A", "A+", "A-", " a+ ", "A−", "B", "", "12"]),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(_anything, max_size=8), st.sampled_from(["acbl", "ebu", "ACBL", "x"]))
def test_any_entries_give_matchpoints_in_range_or_a_matchpoint_error(nets, scale):
    try:
        result = matchpoints(nets, scale)
    except MatchpointError:
        return
    assert len(result) == len(nets)
    if nets:
        high = top(len(nets), scale)
        assert all(mp is None or 0 <= mp <= high for mp in result)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(_anything, max_size=4), max_size=3), st.integers(-1, 12))
def test_any_groups_give_matchpoints_or_a_matchpoint_error(groups, expected):
    try:
        result = matchpoints_groups(groups, expected)
    except MatchpointError:
        return
    assert [len(g) for g in result] == [len(g) for g in groups]
