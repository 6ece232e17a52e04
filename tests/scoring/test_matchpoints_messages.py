"""What the matchpoint functions tell a director when an entry is wrong: the exact words, naming
the argument and the entry (the per-message checks ``make mutate`` found missing), and the
defaults a caller relies on."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.matchpoints import (
    MatchpointError,
    artificial_matchpoints,
    matchpoints,
    matchpoints_groups,
    other_side,
    percentage,
    round_half_up,
    session_percentage,
    top,
)


def message(call) -> str:
    with pytest.raises(MatchpointError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: matchpoints("120"), "nets must be a list of entries (nets, None or A/A+/A-), not '120'"),
        (lambda: matchpoints([120, "Z"]), "entry 2: 'Z' is not an artificial score; use A, A+ or A-"),
        (lambda: matchpoints([120, [1]]), "entry 2: [1] is not a net, None (not played) or an artificial score"),
        (lambda: artificial_matchpoints("B", 4), "'B' is not an artificial score; use A, A+ or A-"),
        (lambda: other_side("x", 4), "matchpoints 'x' is not a number"),
        (lambda: percentage("x", 6), "matchpoints 'x' is not a number"),
        (lambda: percentage(3, "y"), "top 'y' is not a number"),
        (lambda: session_percentage([("x", 6)]), "matchpoints 'x' is not a number"),
        (lambda: session_percentage([(3, "y")]), "top 'y' is not a number"),
        (lambda: round_half_up("z"), "value 'z' is not a number"),
        (lambda: top(0), "the number of results expected must be a whole number ≥ 1, not 0"),
        (lambda: top(2.0), "the number of results expected must be a whole number ≥ 1, not 2.0"),
        (lambda: top(True), "the number of results expected must be a whole number ≥ 1, not True"),
        (lambda: matchpoints_groups([[1], "2"], 4), "group 2 must be a list of entries"),
        # entries are numbered across the groups, as the director's traveller lists them
        (lambda: matchpoints_groups([[1, 2], [3, "Q"]], 5), "entry 4: 'Q' is not an artificial score"),
        (lambda: matchpoints_groups([[1], [2], [3, "Q"]], 5), "entry 4: 'Q' is not an artificial score"),
    ],
)
def test_each_refusal_names_the_argument_and_the_entry(call, words):
    said = message(call)
    assert said.startswith(words), said


def test_artificial_codes_ignore_spaces_but_nothing_else():
    # "A +" typed with a space is A+ (60 % of top); a stray letter is refused.
    assert artificial_matchpoints("A +", 4) == Fraction(top(4) * 60, 100)
    assert artificial_matchpoints(" a - ", 4) == Fraction(top(4) * 40, 100)
    assert "'AX +'" in message(lambda: artificial_matchpoints("AX +", 4))


def test_groups_validate_the_expected_count_with_the_scale_given():
    # 1 result expected has a top of 0 on both scales; the expected count is checked whatever the scale
    with pytest.raises(MatchpointError, match="unknown matchpoint scale"):
        matchpoints_groups([[1]], 2, scale="nope")
    assert matchpoints_groups([[10, 20]], 2, scale="ebu") == [[Fraction(0), Fraction(2)]]


def test_rounding_defaults_to_one_place_and_rounds_half_away_from_zero():
    assert round_half_up(Fraction(1, 4)) == Decimal("0.3")
    assert round_half_up(Fraction(-1, 4)) == Decimal("-0.3")
    assert round_half_up(0) == Decimal("0.0")
    assert str(round_half_up(0)) == "0.0"


def test_a_session_of_unplayed_sets_has_no_percentage_but_a_zero_score_counts():
    assert session_percentage([(None, 6), (None, 6)]) is None
    assert session_percentage([(0, 6)]) == 0
