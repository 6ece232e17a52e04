"""Where a game set goes after a round (issue 14, point 7): what a Bridgemate tells the table."""

from __future__ import annotations

from scoring import movements as mv


def test_a_mitchells_sets_move_down_one_table():
    movement = mv.mitchell(4, 4)
    assert [movement.where_set_next(s, 1) for s in (1, 2, 3, 4)] == [(4,), (1,), (2,), (3,)]
    assert movement.where_set_next(1, 4) == ()  # no game after the last


def test_a_team_match_swaps_its_two_sets():
    movement = mv.team_match()
    assert movement.where_set_next(1, 1) == (2,) and movement.where_set_next(2, 1) == (1,)


def test_a_barometer_set_is_not_played_again():
    movement = mv.barometer(3, 3)
    assert movement.where_set_next(1, 1) == ()
    assert movement.where_set_next(2, 1) == (1, 2, 3)  # every table plays the next set (its own copy)


def test_a_progressive_has_no_sets_to_pass_on():
    assert mv.progressive_pairs(3, 3, 3, 3).where_set_next(1, 1) == ()
