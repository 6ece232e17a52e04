"""Duplicate movements (RULES.md §6, docs/movements.md) worked by hand on small fields: a Mitchell's
skip and its one unavoidable repeat, a barometer of one table, a round robin's byes, and every
refusal word for word."""

from __future__ import annotations

import pytest

from scoring.movements import MovementError, TableRound, barometer, mitchell, round_robin, team_match
from scoring.movements.duplicate import _letters


def message(call) -> str:
    with pytest.raises(MovementError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: mitchell(1, 2), "a Mitchell of 1 table has 1 game set (one copy each), so at most 1 round, not 2"),
        (lambda: mitchell(3, 4), "a Mitchell of 3 tables has 3 game sets (one copy each), so at most 3 rounds, not 4"),
        (lambda: mitchell(0, 1), "the number of tables must be at least 1, not 0"),
        (lambda: mitchell(2, 0), "the number of rounds must be at least 1, not 0"),
        (lambda: barometer(0, 1), "the number of tables must be at least 1, not 0"),
        (lambda: barometer(2, 0), "the number of rounds must be at least 1, not 0"),
        (lambda: round_robin(1), "the number of teams must be at least 2, not 1"),
        (lambda: round_robin(["A"]), "a team event needs at least two teams, not 1"),
        (lambda: round_robin(["A", "B", "A"]), "two teams have the same name"),
        (lambda: team_match(["A", "B", "C"]), "a team match is between two teams, not 3; use round_robin"),
        (lambda: team_match(["A"]), "a team event needs at least two teams, not 1"),
    ],
)
def test_impossible_duplicate_movements_are_refused_saying_why(call, words):
    assert message(call) == words


def test_a_four_table_mitchell_skips_before_round_three_and_repeats_only_in_round_four():
    # Minors 5-8 start at tables 1-4 and move up one table a round, but with an even number of
    # tables they would meet the sets again after two rounds, so they move up two before round 3.
    # Sets move down one table a round: set s is at table s - r + 1 in round r (wrapping).
    movement = mitchell(4, 4)
    seated = [{t: (e.majors, e.minors, e.game_set) for t, e in r.items()} for r in movement.rounds]
    assert seated == [
        {1: (1, 5, 1), 2: (2, 6, 2), 3: (3, 7, 3), 4: (4, 8, 4)},
        {1: (1, 8, 2), 2: (2, 5, 3), 3: (3, 6, 4), 4: (4, 7, 1)},
        {1: (1, 6, 3), 2: (2, 7, 4), 3: (3, 8, 1), 4: (4, 5, 2)},
        {1: (1, 5, 4), 2: (2, 6, 1), 3: (3, 7, 2), 4: (4, 8, 3)},
    ]
    assert movement.notes == [
        "even number of tables: the minors skip a table before round 3",
        "partnerships 1 and 5 meet 2 times",
        "partnerships 2 and 6 meet 2 times",
        "partnerships 3 and 7 meet 2 times",
        "partnerships 4 and 8 meet 2 times",
    ]
    # Two rounds need no skip; an odd number of tables never skips.
    assert mitchell(4, 2).notes == [] and mitchell(5, 5).notes == []


def test_a_barometer_of_one_table_compares_nobody_and_repeats_its_one_meeting():
    movement = barometer(1, 2)
    assert movement.rounds == [{1: TableRound(1, 2, 1)}, {1: TableRound(1, 2, 2)}]
    assert movement.notes == ["one table: nobody is compared with anybody", "partnerships 1 and 2 meet 2 times"]
    assert barometer(2, 2).notes == []


def test_a_round_robin_of_three_teams_gives_each_team_one_bye_stage():
    # Teams A (1, 2), B (3, 4), C (5, 6). The circle method with a dummy: stage 1 A has the bye and
    # C hosts B; stage 2 B has the bye and C hosts A; stage 3 C has the bye and A hosts B. Each
    # stage is a Konstam match on two sets that swap tables.
    movement = round_robin(3)
    seated = [{t: (e.majors, e.minors, e.game_set) for t, e in r.items()} for r in movement.rounds]
    assert seated == [
        {1: (5, 4, 1), 2: (3, 6, 2)},
        {1: (5, 4, 2), 2: (3, 6, 1)},
        {1: (5, 2, 3), 2: (1, 6, 4)},
        {1: (5, 2, 4), 2: (1, 6, 3)},
        {1: (1, 4, 5), 2: (3, 2, 6)},
        {1: (1, 4, 6), 2: (3, 2, 5)},
    ]
    assert movement.sitting_out == [[1, 2], [1, 2], [3, 4], [3, 4], [5, 6], [5, 6]]
    assert (movement.tables, movement.game_sets) == (2, 6)
    assert movement.teams == {"A": (1, 2), "B": (3, 4), "C": (5, 6)}


@pytest.mark.parametrize(
    ("index", "name"),
    [(0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA"), (701, "ZZ"), (702, "AAA")],
)
def test_teams_are_lettered_like_spreadsheet_columns(index, name):
    assert _letters(index) == name


def test_a_team_match_is_two_tables_and_two_game_sets():
    movement = team_match(["North", "South"])
    assert (movement.tables, movement.game_sets) == (2, 2)
    assert movement.teams == {"North": (1, 2), "South": (3, 4)}
