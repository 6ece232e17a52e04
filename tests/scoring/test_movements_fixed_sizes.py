"""An event type whose tables are all one size (three-handed Auction: three) seats game 1 so
(``progressive_individual_start(size=)``, ``fixed_sizes``): every table a three, in the seats of
three-handed play, and a count the tables cannot take is refused, naming it."""

from __future__ import annotations

import pytest

from scoring.movements import MovementError, progressive_individual_start
from scoring.movements.individual import fixed_sizes


def test_every_table_seats_the_size():
    assert fixed_sizes(9, 3) == {1: 3, 2: 3, 3: 3}
    assert fixed_sizes(3, 3) == {1: 3}  # exactly one table's worth fills it
    movement = progressive_individual_start(list(range(1, 7)), seed=2, size=3)
    first = movement.rounds[0]
    assert sorted(first) == [1, 2]
    assert all(entry.variant == "three-handed" and entry.seats == "SHC" for entry in first.values())


@pytest.mark.parametrize("players", [2, 4, 7])
def test_a_count_the_tables_cannot_take_is_refused(players):
    with pytest.raises(
        MovementError, match=rf"^{players} players cannot fill tables of 3: bring the count to a multiple of 3$"
    ):
        progressive_individual_start(list(range(1, players + 1)), size=3)


def test_without_a_size_the_movement_seats_four_to_six():
    first = progressive_individual_start(list(range(1, 7))).rounds[0]
    assert list(first) == [1] and first[1].variant is None  # one table of six, not two threes


def test_every_table_of_three_keeps_its_winner_and_sends_its_two_losers_up():
    from scoring.movements import progressive_individual_next

    movement = progressive_individual_start(list(range(1, 7)), seed=2, size=3)
    one, two = (movement.lineup(1, table)[0] for table in (1, 2))
    after = progressive_individual_next(movement, {1: "S", 2: "H"})
    assert after.results == [{1: "S", 2: "H"}]  # both tables' results, not the first only
    players = {
        table: set(after.players_of(e.majors) + after.players_of(e.minors)) for table, e in after.rounds[1].items()
    }
    # Winners stay; the other two move up one table (table 2's wrap to table 1).
    assert players == {
        1: {one["S"], two["S"], two["C"]},
        2: {two["H"], one["H"], one["C"]},
    }


def test_at_tables_of_three_everyone_meets_everyone_at_every_table_each_game():
    from scoring.movements import progressive_individual_next

    movement = progressive_individual_start(list(range(1, 7)), seed=2, size=3)
    one, two = ({*movement.lineup(1, table)[0].values()} for table in (1, 2))
    after = progressive_individual_next(movement, {1: "S", 2: "H"})
    three, four = ({*after.lineup(2, table)[0].values()} for table in (1, 2))
    expected: dict = {}
    for table in (one, two, three, four):  # each game's tables, both of them
        for a in table:
            for b in table:
                if a < b:
                    expected[a, b] = expected.get((a, b), 0) + 1
    met = {pair: n for pair, n in after.balance().met.items() if n}
    assert met == expected
    assert max(met.values()) == 2  # a pair that met at a three in both games counts twice


def test_a_result_that_names_no_direction_or_seat_is_refused():
    from scoring.movements import Movement, MovementError, progressive_individual_next

    movement = progressive_individual_start(list(range(1, 7)), seed=2, size=3)
    data = progressive_individual_next(movement, {1: "S", 2: "H"}).to_dict()
    data["results"] = [{"1": "X", "2": "H"}]
    with pytest.raises(MovementError) as caught:
        Movement.from_dict(data)
    assert str(caught.value) == "result at table 1: the winner is 'X', not majors, minors or a seat"


def test_a_table_of_three_read_without_its_seats_has_none_and_validate_says_so():
    from scoring.movements import Movement, MovementError

    data = progressive_individual_start(list(range(1, 7)), seed=2, size=3).to_dict()
    del data["rounds"][0]["2"]["seats"]
    movement = Movement.from_dict(data)
    assert movement.rounds[0][2].seats == ""
    with pytest.raises(MovementError) as caught:
        movement.validate()
    assert str(caught.value) == "round 1, table 2: a table of three has three seats, not ''"


def test_a_table_of_three_won_by_a_seat_it_does_not_have_names_its_seats():
    from scoring.movements import Movement, MovementError, progressive_individual_next

    movement = progressive_individual_start(list(range(1, 7)), seed=2, size=3)
    data = progressive_individual_next(movement, {1: "S", 2: "H"}).to_dict()
    data["results"] = [{"1": "D", "2": "H"}]  # ♦ is the removed suit: nobody sits there
    with pytest.raises(MovementError) as caught:
        Movement.from_dict(data).validate()
    assert str(caught.value) == "round 1, table 1: the winner is 'D', not one of its seats SHC"
