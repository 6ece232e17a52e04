"""Poor movements are named, with their fixes (issue 14, point 9): repeated opponents, idle tables."""

from __future__ import annotations

import pytest

from scoring import movements as mv
from scoring.movements import movement_warnings
from scoring.movements.warnings import IDLE, REPEATS

SEVEN = {1: ("a", "b"), 2: ("c", "d"), 3: ("e", "f", "g")}
ELEVEN = {1: ("a", "b"), 2: ("c", "d"), 3: ("e", "f"), 4: ("g", "h"), 5: ("i", "j", "k")}


def codes(movement) -> list[str]:
    return [warning.code for warning in movement_warnings(movement)]


def test_three_tables_of_progressive_for_four_games_repeat_opponents():
    (warning,) = movement_warnings(mv.progressive_pairs(3, 3, 3, 4))
    assert warning.code == REPEATS
    assert warning.message == (
        "The same opponents meet again: 3 pairs of partnerships meet twice in 4 games "
        "(1 and 4 in games 1 and 4; 2 and 5 in games 1 and 4; 3 and 6 in games 1 and 4)."
    )
    assert warning.fixes == (
        "Play 3 games instead of 4: nobody meets the same opponents twice.",
        "Play a progressive individual instead: partners and opponents change every game.",
    )


def test_a_four_table_mitchell_meets_twice_and_a_barometer_does_not():
    (warning,) = movement_warnings(mv.mitchell(4, 4))
    assert warning.code == REPEATS and "4 pairs of partnerships meet twice" in warning.message
    assert "1 and 5 in games 1 and 4" in warning.message
    assert warning.fixes[0] == "Play 3 games instead of 4: nobody meets the same opponents twice."
    assert warning.fixes[1].startswith("Use a barometer movement")
    assert movement_warnings(mv.barometer(4, 4)) == []


def test_seven_players_leave_a_table_idle_and_a_table_of_six_seats_more():
    movement = mv.progressive_pairs(2, 1, 2, 2, members=SEVEN)
    (warning,) = movement_warnings(movement)
    assert warning.code == IDLE
    assert warning.message == (
        "Only 1 of the 2 tables plays each game: 1 table stands idle while partnerships 1 and 2 take turns to sit out."
    )
    assert warning.fixes == (
        "A table of five or six: pair the 7 players as 2 partnerships of three, so one table plays every game "
        "and only 1 player waits instead of 2.",
    )


def test_eleven_players_as_four_partnerships_fill_two_tables():
    (warning,) = movement_warnings(mv.progressive_pairs(3, 2, 3, 2, members=ELEVEN))
    assert warning.code == IDLE and warning.message.startswith("Only 2 of the 3 tables play each game")
    assert warning.fixes == (
        "A table of five or six: pair the 11 players as 4 partnerships, 3 of them of three, so 2 tables play "
        "every game and nobody sits out.",
    )


@pytest.mark.parametrize(
    "movement",
    [
        mv.progressive_pairs(4, 4, 4, 4),
        mv.progressive_pairs(3, 3, 3, 3),
        mv.mitchell(3, 3),
        mv.mitchell(4, 3),
        mv.mitchell(5, 5),
        mv.barometer(6, 4),
        mv.team_match(),
        mv.progressive_individual_start(list(range(1, 9)), seed=1),
    ],
)
def test_good_movements_have_no_warnings(movement):
    assert movement_warnings(movement) == []


def test_a_movement_read_back_from_its_dict_gives_the_same_warnings():
    movement = mv.progressive_pairs(2, 1, 2, 4, members=SEVEN)
    assert movement_warnings(mv.Movement.from_dict(movement.to_dict())) == movement_warnings(movement)
    assert codes(movement) == [IDLE, REPEATS]
