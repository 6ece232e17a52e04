"""Tables of three and two (``scoring.movements.odd``) and where-next (``scoring.movements.where``):
the words a director reads for the table sizes and a wrong variant, and where-next when the session
ends before the movement does or a player of a side has left (#22)."""

from __future__ import annotations

from scoring.movements import MAJORS, MINORS, Movement, TableRound, mitchell, next_places
from scoring.movements.odd import describe_sizes, seats_problem


def test_every_table_size_has_its_words():
    assert describe_sizes((2,)) == "a Duet of two"
    assert describe_sizes((6, 5, 4, 3, 2)) == "a six and a five and a four and a three and a Duet of two"


def test_a_variant_that_no_table_of_three_or_two_plays_is_named_with_the_ones_that_do():
    assert seats_problem("cutthroat", "SHD") == (
        "'cutthroat' is not a variant of a table of three or two "
        "(three-handed, split, neutralised, neutralised-split, duet)"
    )


def test_a_session_shorter_than_the_movement_moves_nobody_after_its_last_game():
    """docs: the session's last game says so; nothing and no set moves on, though the movement has more."""
    movement = mitchell(3, 3)
    places = next_places(movement, games=1)
    assert set(places) == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)}
    for table in (1, 2, 3):
        after = places[1, table]
        assert (after.round, after.table, after.next_round, after.seated) == (1, table, None, False)
        assert after.moves == () and after.set_tables == ()
        assert after.game_set == movement.rounds[0][table].game_set
    assert places[2, 3].table == 3 and places[2, 3].round == 2


def test_a_player_who_left_does_not_stop_the_moves_of_the_rest_of_their_side():
    individual = Movement(
        kind="progressive-individual",
        tables=1,
        rounds=[{1: TableRound((1, 2), (3, 4))}, {1: TableRound((5, 2), (4, 3))}],
        sitting_out=[[], []],
    )
    after = next_places(individual, 2)[1, 1]
    assert (after.table, after.next_round, after.seated) == (1, 2, True)
    assert after.game_set is None and after.set_tables == ()  # no game set: none to pass on
    assert [(m.direction, m.unit, m.table, m.new_direction, m.seat, m.stays) for m in after.moves] == [
        (MAJORS, 2, 1, MAJORS, "H", True),
        (MINORS, 3, 1, MINORS, "C", True),
        (MINORS, 4, 1, MINORS, "D", True),
    ]
