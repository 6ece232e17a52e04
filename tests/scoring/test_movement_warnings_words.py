"""The warnings a set-up page shows for a poor movement, word for word, in the cases the first
tests did not reach: many repeats, three or more meetings, a barometer, idle tables with no
partnership to blame, and names as well as numbers (issue 14, point 9; ``make mutate``)."""

from __future__ import annotations

from scoring import movements as mv
from scoring.movements import movement_warnings
from scoring.movements.warnings import IDLE, REPEATS

PROGRESSIVE_FIX = "Play a progressive individual instead: partners and opponents change every game."


def test_more_than_four_repeated_pairs_are_counted_after_the_first_four():
    # Five tables for six games: game 6 is game 1 again, so all five pairs of game 1 meet twice.
    (warning,) = movement_warnings(mv.progressive_pairs(5, 5, 5, 6))
    assert warning.message == (
        "The same opponents meet again: 5 pairs of partnerships meet twice in 6 games (1 and 6 in games 1 and 6; "
        "2 and 7 in games 1 and 6; 3 and 8 in games 1 and 6; 4 and 9 in games 1 and 6 and 1 more)."
    )
    assert warning.fixes == ("Play 5 games instead of 6: nobody meets the same opponents twice.", PROGRESSIVE_FIX)


def test_pairs_meeting_three_times_are_said_so_and_the_clean_games_counted():
    # Two tables for five games: minors 3 is at table 1 in games 1, 3 and 5.
    (warning,) = movement_warnings(mv.progressive_pairs(2, 2, 2, 5))
    assert warning.message == (
        "The same opponents meet again: 4 pairs of partnerships meet three times in 5 games "
        "(1 and 3 in games 1, 3 and 5; 2 and 4 in games 1, 3 and 5; 1 and 4 in games 2 and 4; "
        "2 and 3 in games 2 and 4)."
    )
    assert warning.fixes == ("Play 2 games instead of 5: nobody meets the same opponents twice.", PROGRESSIVE_FIX)


def test_one_table_for_four_games_meets_four_times():
    (warning,) = movement_warnings(mv.progressive_pairs(1, 1, 1, 4))
    assert warning.message == (
        "The same opponents meet again: 1 pair of partnerships meet 4 times in 4 games "
        "(1 and 2 in games 1, 2, 3 and 4)."
    )
    assert warning.fixes == ("Play 1 game instead of 4: nobody meets the same opponents twice.", PROGRESSIVE_FIX)


def test_a_barometer_that_repeats_suggests_a_mitchell():
    # Two tables, three games: the minors are back at their first tables in game 3.
    (warning,) = movement_warnings(mv.barometer(2, 3))
    assert warning.code == REPEATS
    assert warning.message == (
        "The same opponents meet again: 2 pairs of partnerships meet twice in 3 games "
        "(1 and 3 in games 1 and 3; 2 and 4 in games 1 and 3)."
    )
    assert warning.fixes == (
        "Play 2 games instead of 3: nobody meets the same opponents twice.",
        "Use a Mitchell movement for this number of games.",
    )


def test_a_four_table_mitchell_suggests_the_barometer_in_full():
    (warning,) = movement_warnings(mv.mitchell(4, 4))
    assert warning.fixes[1] == (
        "Use a barometer movement: every table plays the same game set each game, and in 4 games "
        "nobody meets the same opponents twice."
    )


def test_a_round_robin_plays_each_match_twice_by_design():
    assert movement_warnings(mv.round_robin(4)) == []


def test_two_of_three_tables_idle_while_three_majors_take_turns():
    # Three majors, one minors, three tables: one table plays, two stand idle (the minors meet each
    # majors once). Eight players fill two tables of four.
    (idle,) = movement_warnings(mv.progressive_pairs(3, 1, 3, 3))
    assert idle.code == IDLE
    assert idle.message == (
        "Only 1 of the 3 tables plays each game: 2 tables stand idle while partnerships 1, 2 and 3 take turns "
        "to sit out."
    )
    assert idle.fixes == (
        "A table of five or six: pair the 8 players as 4 partnerships, so 2 tables play every game and nobody "
        "sits out.",
    )


def test_an_idle_table_with_nobody_sitting_out_says_seat_fewer_tables():
    movement = mv.Movement("manual", 2, [{1: mv.TableRound(1, 2)}, {1: mv.TableRound(1, 2), 2: mv.TableRound(3, 4)}])
    (idle, repeats) = movement_warnings(movement)
    assert idle.message == "Only 1 to 2 of the 2 tables play each game: 1 table stands idle."
    assert idle.fixes == ("Seat fewer tables, so that every table plays each game.",)
    assert repeats.fixes == ("Play 1 game instead of 2: nobody meets the same opponents twice.",)


def test_sitters_out_are_listed_numbers_first_in_order_then_names_in_order():
    movement = mv.Movement(
        "manual",
        2,
        [{1: mv.TableRound(1, 20)}, {1: mv.TableRound("Zoe", 20)}],
        sitting_out=[["Cy", 10, "Zoe", "Al"], [1, "Bo", 2, "Cy", 10, "Al"]],
    )
    (idle,) = movement_warnings(movement)
    assert idle.message == (
        "Only 1 of the 2 tables plays each game: 1 table stands idle while partnerships 1, 2, 10, Al, Bo, Cy and "
        "Zoe take turns to sit out."
    )


def test_a_partnership_without_players_named_counts_as_two_waiting():
    # Seven players: 1 (a, b) v 2 (c, d, e) at one table of two, 3 (players not named: two) out.
    movement = mv.Movement(
        "manual", 2, [{1: mv.TableRound(1, 2)}], sitting_out=[[3]], members={1: ("a", "b"), 2: ("c", "d", "e")}
    )
    (idle,) = movement_warnings(movement)
    assert idle.fixes == (
        "A table of five or six: pair the 7 players as 2 partnerships of three, so one table plays every game "
        "and only 1 player waits instead of 2.",
    )


def test_nine_players_make_two_tables_with_one_partnership_of_three():
    members = {1: ("a", "b", "c"), 2: ("d", "e"), 3: ("f", "g"), 4: ("h", "i")}
    (idle,) = movement_warnings(mv.progressive_pairs(3, 1, 3, 3, members=members))
    assert idle.fixes == (
        "A table of five or six: pair the 9 players as 4 partnerships, 1 of them of three, so 2 tables play "
        "every game and nobody sits out.",
    )


def test_one_partnership_sitting_out_is_named_alone():
    movement = mv.Movement("manual", 2, [{1: mv.TableRound(1, 2)}], sitting_out=[[3]])
    (idle,) = movement_warnings(movement)
    assert idle.message == (
        "Only 1 of the 2 tables plays each game: 1 table stands idle while partnership 3 take turns to sit out."
    )
    # Six players: one table of six plays and nobody sits out.
    assert idle.fixes == (
        "A table of five or six: pair the 6 players as 2 partnerships of three, so one table plays every game and "
        "nobody sits out.",
    )
