"""scoring.movements.edit: renumbering, swaps, latecomers and a side of three's seats, on plain
movements (no database)."""

import pytest

from scoring import movements as mv
from scoring.movements import edit


def progressive_with_a_bye():
    """Three majors (1-3) against two minors (4, 5): a majors partnership sits out each game."""
    return mv.progressive_pairs([1, 2, 3], [4, 5], 3, 3)


def test_relabel_gives_the_events_numbers_everywhere():
    engine = mv.team_match(["A", "B"])
    movement = edit.relabel(engine, {1: 11, 2: 12, 3: 13, 4: 14}, {11: (101, 102)})
    assert movement.rounds[0][1] == mv.TableRound(11, 14, 1)
    assert movement.teams == {"A": (11, 12), "B": (13, 14)}
    assert movement.members == {11: (101, 102)}
    assert engine.rounds[0][1] == mv.TableRound(1, 4, 1)  # the original is untouched


def test_relabel_keeps_the_notes_only_when_nothing_is_renumbered():
    engine = progressive_with_a_bye()
    engine.notes = ["partnership 1 meets partnership 4 twice", "a general note"]
    assert edit.relabel(engine, {n: n for n in range(1, 6)}, {}).notes == engine.notes
    assert edit.relabel(engine, {1: 7}, {}).notes == ["a general note"]


def test_units_from_a_game_include_those_sitting_out():
    movement = progressive_with_a_bye()
    assert edit.units_from(movement, 3) == {1, 2, 3, 4, 5}
    individual = mv.progressive_individual_start(list(range(1, 9)), seed=1)
    assert edit.units_from(individual, 1) == set(range(1, 9))


def test_swap_exchanges_places_from_a_game_on():
    movement = progressive_with_a_bye()
    edit.swap(movement, 4, 5, 2)
    assert movement.rounds[0][2] == mv.TableRound(2, 4)  # game 1 as it was
    assert movement.rounds[1][1] == mv.TableRound(1, 4) and movement.rounds[1][3] == mv.TableRound(3, 5)
    assert edit.swap(movement, 1, 3, 3).sitting_out == [[1], [2], [1]]


def test_swap_exchanges_two_players_inside_their_sides():
    movement = mv.Movement(kind=mv.PROGRESSIVE_INDIVIDUAL, tables=1, rounds=[{1: mv.TableRound((1, 2), (3, 4))}])
    assert edit.swap(movement, 2, 3, 1).rounds[0][1] == mv.TableRound((1, 3), (2, 4))


def test_directions_come_from_the_seats_then_from_the_record():
    movement = progressive_with_a_bye()
    assert edit.first_direction(movement, 1) == (mv.MAJORS, 2)
    assert edit.first_direction(movement, 9) == (None, None)
    assert edit.direction_of(movement, 5, {}) == mv.MINORS
    assert edit.direction_of(movement, 9, {9: mv.MINORS}) == mv.MINORS
    assert edit.direction_of(movement, 9, {9: ""}) is None


def test_meetings_and_home_tables():
    movement = progressive_with_a_bye()
    assert edit.met(movement, 1, 4) == 1 and edit.met(movement, 4, 5) == 0
    assert edit.home_table(movement, 1, 1) == 1  # game 1: sits out; its nearest game is at table 1
    assert edit.home_table(movement, 9, 1) is None


def test_the_game_set_of_a_new_table_follows_the_movement():
    assert edit.game_set_for(progressive_with_a_bye(), 1, 1, 6) == (True, None)
    assert edit.game_set_for(mv.barometer(2, 2), 2, 5, 6) == (True, 2)
    mitchell = mv.mitchell(3, 2)
    mitchell.game_sets = 4
    assert edit.game_set_for(mitchell, 1, 7, 8) == (True, 4)  # the one set no table plays
    assert edit.game_set_for(mv.mitchell(3, 2), 1, 7, 8) == (False, None)  # every set is in play
    assert edit.game_set_for(mv.team_match(["A", "B"]), 1, 5, 6) == (False, None)


def test_a_latecomer_sits_opposite_the_byes_else_with_the_fewer():
    movement = progressive_with_a_bye()
    directions = {1: mv.MAJORS, 2: mv.MAJORS, 3: mv.MAJORS, 4: mv.MINORS, 5: mv.MINORS}
    assert edit.latecomer_direction(movement, 1, directions) == mv.MINORS  # majors 1 has a bye
    full = mv.progressive_pairs([1, 2], [3, 4], 2, 2)
    assert edit.latecomer_direction(full, 1, {1: mv.MAJORS, 2: mv.MINORS}) == mv.MAJORS  # a tie: majors
    assert edit.latecomer_direction(full, 1, {1: mv.MAJORS, 2: mv.MAJORS}) == mv.MINORS


def test_a_late_partnership_plays_the_byes_at_their_tables():
    movement = progressive_with_a_bye()
    directions = {1: mv.MAJORS, 2: mv.MAJORS, 3: mv.MAJORS, 4: mv.MINORS, 5: mv.MINORS, 6: mv.MINORS}
    placements = edit.place_pair(movement, 6, mv.MINORS, 1, directions)
    assert placements == [(1, 1), (2, 2), (3, 3)]  # each game's bye, at its own table
    assert movement.sitting_out == [[], [], []]
    assert movement.rounds[0][1] == mv.TableRound(1, 6)
    movement.validate()


def test_a_late_partnership_with_nobody_to_play_sits_out():
    movement = mv.progressive_pairs([1, 2], [3, 4], 2, 2)
    assert edit.place_pair(movement, 5, mv.MAJORS, 2, {}) == [(2, None)]
    assert movement.sitting_out == [[], [5]]


def test_latecomers_join_the_smallest_tables_or_make_a_new_one():
    movement = mv.progressive_individual_start(list(range(1, 9)), seed=1)
    assert edit.place_players(movement, [9], 1) == [(1, 1)]
    entry = movement.rounds[0][1]
    assert len(movement.players_of(entry.majors)) + len(movement.players_of(entry.minors)) == 5
    assert edit.place_players(movement, [10, 11, 12, 13], 1) == [(1, 3)] * 4
    assert movement.rounds[0][3] == mv.TableRound((10, 11), (12, 13)) and movement.tables == 3


def test_a_latecomer_finds_no_room_at_tables_of_six():
    movement = mv.Movement(kind=mv.PROGRESSIVE_INDIVIDUAL, tables=1, rounds=[{1: mv.TableRound((1, 2, 3), (4, 5, 6))}])
    with pytest.raises(mv.MovementError, match="every table in game 1 has six players"):
        edit.place_players(movement, [7], 1)


def test_drop_after_forgets_the_later_games():
    movement = mv.progressive_individual_start(list(range(1, 9)), seed=1)
    movement = mv.progressive_individual_next(movement, {1: 100, 2: -100})
    movement.notes.append("round 2: a note")
    assert len(movement.rounds) == 2
    edit.drop_after(movement, 1)
    assert len(movement.rounds) == 1 and movement.results == [] and len(movement.cuts) == 1
    assert not any(n.startswith("round 2:") for n in movement.notes)


def test_first_seats_of_a_side_of_three():
    assert edit.first_seats([1, 2], []) == (1, 2)
    x, y, z, _ = mv.sit_out_order([7, 8, 9])
    assert edit.first_seats([7, 8, 9], [x, y, z, x]) == (z, y)
    assert edit.first_seats([7, 8, 9], [x, y, z, x]) == mv.deal_lineup([7, 8, 9])[0]
    with pytest.raises(mv.MovementError, match="X, Y, Z, X"):
        edit.first_seats([7, 8, 9], [7, 8, 7, 8])


def test_a_side_of_three_rotates_who_sits_out_between_games():
    """The seatings' default sit-out order is the engine's (``apply_plan`` counts the side's games)."""
    orders = [mv.sit_out_order([1, 2, 3], game_index) for game_index in (0, 1, 2)]
    assert [o[0] for o in orders] == [3, 1, 2]  # a different player misses two deals each game
    assert all(o[0] == o[3] and len(set(o)) == 3 for o in orders)
    assert mv.sit_out_order([1, 2]) == ()
