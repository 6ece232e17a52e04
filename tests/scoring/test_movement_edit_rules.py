"""scoring.movements.edit, worked by hand on small movements: what a director's edit keeps and
what it changes (renumbering with byes, swaps on duplicate sets, forgetting games, latecomers'
directions, tables and sets) — the cases ``make mutate`` found unasserted."""

from __future__ import annotations

import pytest

from scoring import movements as mv
from scoring.movements import MAJORS, MINORS, Movement, TableRound, edit


def test_relabel_renumbers_the_byes_and_keeps_partnerships_not_renumbered():
    movement = mv.progressive_pairs([1, 2, 3], [4, 5], 3, 3)  # majors 1, 2, 3 sit out games 1, 2, 3
    relabelled = edit.relabel(movement, {1: 11, 4: 14}, {})
    assert relabelled.sitting_out == [[11], [2], [3]]
    seated = {side for tables in relabelled.rounds for e in tables.values() for side in (e.majors, e.minors)}
    assert seated == {11, 2, 3, 14, 5}
    individual = Movement("manual", 1, [{1: TableRound((1, 2), (3, 4))}], sitting_out=[[(5, 6)]])
    assert edit.relabel(individual, {1: 9}, {}).rounds == individual.rounds  # players are not partnerships


def test_units_from_include_players_sitting_out_as_a_side():
    movement = Movement("manual", 1, [{1: TableRound(("a", "b"), ("c", "d"))}], sitting_out=[[("e", "f")]])
    assert edit.units_from(movement, 1) == {"a", "b", "c", "d", "e", "f"}


def test_swap_keeps_each_tables_game_set():
    movement = edit.swap(mv.mitchell(3, 2), 4, 5, 1)
    assert movement.rounds[0] == {1: TableRound(1, 5, 1), 2: TableRound(2, 4, 2), 3: TableRound(3, 6, 3)}


def three_games() -> Movement:
    """Eight players, three games; game 2's two tables tied (coins in round 2), notes on games 2 and 3."""
    movement = mv.progressive_individual_start(list(range(1, 9)), 2, seed=1)
    movement = mv.progressive_individual_next(movement, {1: "tie", 2: 100})
    movement = mv.progressive_individual_next(movement, {1: "tie", 2: "tie"})
    movement.notes[:] = ["round 2: chairs", "round 3: chairs", "a general note"]
    return movement


def test_drop_after_forgets_the_later_games_their_results_coins_and_notes_only():
    movement = three_games()
    assert [c.round for c in movement.coins] == [1, 2, 2]
    edit.drop_after(movement, 2)
    assert len(movement.rounds) == len(movement.sitting_out) == len(movement.cuts) == 2
    assert len(movement.results) == 1  # game 1's results seated game 2; game 2's are forgotten
    assert [c.round for c in movement.coins] == [1]  # game 2's coins went with its results
    assert movement.notes == ["round 2: chairs", "a general note"]
    edit.drop_after(movement, 1)
    assert (len(movement.rounds), movement.results, movement.coins) == (1, [], [])
    assert movement.notes == ["a general note"]


def test_drop_after_the_last_game_changes_nothing():
    movement = three_games()
    before = movement.copy()
    assert edit.drop_after(movement, 3) == before


def test_home_table_is_the_table_of_the_nearest_game():
    # Partnership 1 plays at table 2 in games 1 and 2, sits out game 3, plays at table 3 in 4 and 5.
    at = {1: 2, 2: 2, 4: 3, 5: 3}
    rounds = [{at[g]: TableRound(1, 10 + g)} if g in at else {1: TableRound(7, 8)} for g in range(1, 6)]
    movement = Movement("manual", 3, rounds)
    assert [edit.home_table(movement, 1, around) for around in (1, 2, 3, 4, 5)] == [2, 2, 2, 3, 3]


def test_a_new_table_in_a_barometer_game_with_two_sets_cannot_be_given_one():
    baro = mv.barometer(2, 2)
    baro.rounds[1][2] = TableRound(2, 3, 1)
    assert edit.game_set_for(baro, 2, 5, 6) == (False, None)


def mitchell_with_a_free_set() -> Movement:
    """Three tables, four sets. Game 1: 1v4 set 4, 2v5 set 2, 3v6 set 1. Game 2: 1v6 set 2,
    2v4 set 3; 3 and 5 sit out, so sets 1 and 4 are free in game 2."""
    return Movement(
        "mitchell",
        3,
        [
            {1: TableRound(1, 4, 4), 2: TableRound(2, 5, 2), 3: TableRound(3, 6, 1)},
            {1: TableRound(1, 6, 2), 2: TableRound(2, 4, 3)},
        ],
        sitting_out=[[], [3, 5]],
        game_sets=4,
    ).validate()


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (7, 8, (True, 1)),  # neither played: the first free set
        (7, 3, (True, 4)),  # 3 played set 1
        (3, 7, (True, 4)),
        (1, 3, (False, None)),  # 1 played set 4, 3 set 1: nothing left
    ],
)
def test_a_new_mitchell_table_plays_the_first_set_neither_partnership_has_played(a, b, expected):
    assert edit.game_set_for(mitchell_with_a_free_set(), 2, a, b) == expected


def test_a_mitchell_without_a_count_of_sets_has_none_to_give():
    movement = mitchell_with_a_free_set()
    movement.game_sets = None
    assert edit.game_set_for(movement, 2, 7, 8) == (False, None)


def test_a_latecomer_sits_opposite_the_bye_of_that_game():
    movement = Movement(
        "manual",
        2,
        [{1: TableRound(2, 4)}, {1: TableRound(1, 5)}],
        sitting_out=[[1], [4]],
    )
    directions = {1: MAJORS, 2: MAJORS, 4: MINORS, 5: MINORS, 7: MINORS}
    assert edit.latecomer_direction(movement, 1, directions) == MINORS  # majors 1 sits out game 1
    assert edit.latecomer_direction(movement, 2, directions) == MAJORS  # minors 4 sits out game 2
    # A partnership that never plays sits out as the event recorded it.
    never = Movement("manual", 1, [{1: TableRound(2, 4)}], sitting_out=[[9]])
    assert edit.latecomer_direction(never, 1, {9: MINORS}) == MAJORS


def test_with_no_bye_a_latecomer_joins_the_direction_with_fewer_partnerships():
    full = mv.progressive_pairs([1, 2], [3, 4], 2, 2)
    assert edit.latecomer_direction(full, 1, {1: MAJORS, 2: MAJORS, 3: MINORS}) == MINORS
    assert edit.latecomer_direction(full, 1, {1: MAJORS, 3: MINORS, 4: MINORS}) == MAJORS


def test_latecomers_go_to_the_smallest_table_and_the_smaller_side():
    movement = Movement(
        "manual",
        3,
        [
            {
                1: TableRound((1, 2), (3, 4, 5)),
                2: TableRound((6, 7, 8), (9, 10)),
                3: TableRound((11, 12), (13, 14), 3),
            }
        ],
    )
    # Table 3 has four: the first latecomer sits there, in the minors (sides equal: minors first),
    # keeping the table's game set; the next joins table 1's majors (five, the smaller side).
    assert edit.place_players(movement, [15, 16], 1) == [(1, 3), (1, 1)]
    assert movement.rounds[0][3] == TableRound((11, 12), (13, 14, 15), 3)
    assert movement.rounds[0][1] == TableRound((1, 2, 16), (3, 4, 5))


def test_latecomers_placed_from_a_later_game_leave_the_earlier_ones_alone():
    movement = mv.progressive_individual_start(list(range(1, 9)), 2, seed=1)
    movement = mv.progressive_individual_next(movement, {1: "majors", 2: "majors"})
    game_one = dict(movement.rounds[0])
    assert edit.place_players(movement, [9], 2) == [(2, 1)]
    assert movement.rounds[0] == game_one
    assert 9 in movement.rounds[1][1].minors + movement.rounds[1][1].majors


def test_four_latecomers_make_a_new_table_and_keep_it_in_every_game():
    movement = mv.progressive_individual_start(list(range(1, 9)), 2, seed=1)
    movement = mv.progressive_individual_next(movement, {1: "majors", 2: "majors"})
    # Table 3 in both games (not table 4 in game 2, with table 3 standing empty).
    assert edit.place_players(movement, [9, 10, 11, 12], 1) == [(1, 3)] * 4 + [(2, 3)] * 4
    assert movement.rounds[1][3] == TableRound((9, 10), (11, 12)) and movement.tables == 3


def test_a_latecomer_with_every_table_full_is_told_how_to_come_in():
    movement = Movement("manual", 1, [{1: TableRound((1, 2, 3), (4, 5, 6))}])
    with pytest.raises(mv.MovementError) as refused:
        edit.place_players(movement, [7], 1)
    assert str(refused.value) == (
        "every table in game 1 has six players; bring four latecomers in together to make a new table"
    )
