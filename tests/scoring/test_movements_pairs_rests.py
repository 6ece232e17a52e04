"""Progressive pairs with more majors partnerships than tables (docs/movements.md): who rests each
game, and where a majors partnership coming back sits — worked by hand on small sessions."""

from __future__ import annotations

from collections import Counter

import pytest

from scoring.movements import progressive_pairs


def seating(movement) -> list[dict]:
    return [{t: (e.majors, e.minors) for t, e in tables.items()} for tables in movement.rounds]


def test_four_majors_at_two_tables_take_turns_and_meet_every_minors_once():
    # Majors 1-4, minors 5 and 6, two tables, four games. The minors move up a table each game
    # (5 at table 1 in games 1 and 3, at table 2 in 2 and 4). Game 1: majors 1 and 2 play, 3 and 4
    # rest. Game 2: 1 and 2 have the fewest byes (0), so they rest; 3 takes table 1 (v 6) and 4
    # table 2 (v 5), each meeting someone new. Game 3: all have one bye; 3 and 4 played last game,
    # so they rest — 1 and 2 do not sit out twice running. 1 cannot take table 1 (5 again), so it
    # takes table 2 (v 6) and 2 table 1 (v 5). Game 4: 1 and 2 have fewer byes than 3 and 4 (1
    # against 2), so they rest; 3 takes table 2 (v 5, since 6 is at table 1 again) and 4 table 1.
    movement = progressive_pairs(4, 2, 2, 4)
    assert movement.sitting_out == [[3, 4], [1, 2], [3, 4], [1, 2]]
    assert seating(movement) == [
        {1: (1, 5), 2: (2, 6)},
        {1: (3, 6), 2: (4, 5)},
        {1: (2, 5), 2: (1, 6)},
        {1: (4, 6), 2: (3, 5)},
    ]
    met = Counter(pair for game in seating(movement) for pair in game.values())
    assert sorted(met) == [(m, n) for m in (1, 2, 3, 4) for n in (5, 6)] and set(met.values()) == {1}
    assert movement.notes == []


def test_three_majors_at_two_tables_each_rest_once_in_three_games():
    # Majors 1-3, minors 4 and 5 at two tables. Game 1: 3 rests. Game 2: 1 and 2 have no bye; both
    # can rest without a repeat, so the first entered (1) rests and 3 takes table 1 (v 5). Game 3:
    # only 2 has no bye, so 2 rests; 1 comes back to table 2 (v 5; 4 is at table 1, met in game 1).
    movement = progressive_pairs(3, 2, 2, 3)
    assert movement.sitting_out == [[3], [1], [2]]
    assert seating(movement) == [{1: (1, 4), 2: (2, 5)}, {1: (3, 5), 2: (2, 4)}, {1: (3, 4), 2: (1, 5)}]


def test_many_majors_nobody_sits_out_twice_running_when_others_have_as_many_byes():
    # Twenty majors at ten tables: too many ways to choose ten to search them all, so the rest goes by
    # the rule alone. Game 1: 11-20 rest. Game 2: 1-10 have no bye, so they rest. Game 3: everyone
    # has one bye; those who played game 2 (11-20) rest, not 1-10 again.
    movement = progressive_pairs(20, 10, 10, 3)
    majors_out = [sorted(p for p in out if p <= 20) for out in movement.sitting_out]
    assert majors_out == [list(range(11, 21)), list(range(1, 11)), list(range(11, 21))]


@pytest.mark.parametrize(
    ("majors", "minors", "tables", "games"),
    [(3, 2, 2, 6), (3, 3, 2, 5), (4, 2, 2, 6), (5, 2, 2, 6), (4, 3, 3, 5), (5, 3, 3, 6), (5, 4, 4, 6)],
)
def test_more_majors_than_tables_repeat_no_more_meetings_than_the_numbers_force(majors, minors, tables, games):
    # tables × games meetings among majors × minors possible pairs: at least the difference must
    # be repeats (three majors and three minors at two tables for five games: 10 meetings, 9
    # pairs, so one repeat). The rests and returning tables are chosen so that no more happen.
    movement = progressive_pairs(majors, minors, tables, games)
    met = Counter(pair for game in seating(movement) for pair in game.values())
    assert sum(met.values()) == tables * games
    assert sum(count - 1 for count in met.values()) == max(0, tables * games - majors * minors)
    assert movement.notes[0] == f"{sum(c > 1 for c in met.values())} pairs of partnerships meet more than once"
