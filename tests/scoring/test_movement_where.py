"""``scoring.movements.next_places``: after each table's game, where its sides (or players) and its
game set go — the one where-next every page and card of the director's app words."""

from __future__ import annotations

import dataclasses

from scoring.movements import MAJORS, MINORS, Movement, TableRound, mitchell, next_places, progressive_pairs


def test_a_mitchell_moves_the_minors_up_and_the_sets_down():
    movement = mitchell(5, 3)
    places = next_places(movement, games=3)
    assert set(places) == {(r, t) for r in (1, 2, 3) for t in (1, 2, 3, 4, 5)}
    for (number, table), after in places.items():
        entry = movement.rounds[number - 1][table]
        if number == 3:  # the last game: nothing moves, the set goes back to the director
            assert (after.next_round, after.seated, after.moves, after.set_tables) == (None, False, (), ())
            assert after.game_set == entry.game_set
            continue
        majors, minors = after.moves
        assert (majors.direction, majors.unit, majors.table, majors.stays) == (MAJORS, entry.majors, table, True)
        assert (minors.direction, minors.unit, minors.table) == (MINORS, entry.minors, table % 5 + 1)
        assert not minors.stays and minors.new_direction == MINORS
        assert after.set_tables == ((table - 2) % 5 + 1,)  # the set moves down one table


def test_a_bye_a_player_who_left_and_a_game_not_seated_yet():
    byes = progressive_pairs(3, 4, 3, 4)  # 3 tables, 4 minors: one minors pair out each game
    out = byes.sitting_out[1][0]
    (move,) = (m for after in next_places(byes, 4).values() if after.round == 1 for m in after.moves if m.unit == out)
    assert move.sits_out and move.table is None and not move.stays
    # Games 1 and 2 seated of a session of 3: game 2 says the next is not seated yet.
    two = dataclasses.replace(byes, rounds=byes.rounds[:2], sitting_out=byes.sitting_out[:2])
    second = [(a.next_round, a.seated, a.moves) for (r, _), a in next_places(two, 3).items() if r == 2]
    assert second == [(3, False, ())] * 3
    # An individual: a player not in the next game at all (they left) gets no move; the others
    # are told their seat on a side of two.
    individual = Movement(
        kind="progressive-individual",
        tables=1,
        rounds=[{1: TableRound((1, 2), (3, 4))}, {1: TableRound((2, 1), (3, 5))}],
        sitting_out=[[], []],
    )
    (after, _) = next_places(individual, 2).values()
    assert [(m.unit, m.seat, m.stays, m.who) for m in after.moves] == [
        (1, "H", True, ""),
        (2, "S", True, ""),
        (3, "D", True, ""),
    ]
    assert [m.seat_symbol for m in after.moves] == ["♥", "♠", "♦"]
