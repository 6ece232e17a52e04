"""What the progressive individual movement tells a director, word for word: each refusal names
the table, round, result or count at fault, and the notes say what changed (``make mutate``)."""

from __future__ import annotations

import pytest

from scoring.movements import (
    FIXED_SIZE_MOVEMENT,
    MovementError,
    mitchell,
    progressive_individual_next,
    progressive_individual_start,
)

EIGHT = list("abcdefgh")


def message(call) -> str:
    with pytest.raises(MovementError) as caught:
        call()
    return str(caught.value)


def start(players=EIGHT, tables=2, **options):
    return progressive_individual_start(players, tables, 0, **options)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: start(["a"], None), "1 player: a night needs at least two"),
        (lambda: start(list("abcda"), 1), "'a' appears twice among the players"),
        (lambda: start(EIGHT, 0), "the number of tables must be at least 1, not 0"),
        (lambda: start(EIGHT, "2"), "the number of tables must be a whole number, not '2'"),
        (lambda: start("abcd", 1), "the players are a list of ids, not the text 'abcd'"),
        (lambda: start(["a", "b", "c", 4.5], 1), "4.5 is not a usable id for players"),
        (
            lambda: start(list("abcdefg"), 1),
            "7 players cannot fill 1 table: they are seated at a four and a three (2 tables)",
        ),
        (
            lambda: start(list("abcdefghijklm"), 1),
            "13 players cannot fill 1 table of four to six (that needs 4 to 6 players); 13 players fill 3 to 3 tables",
        ),
        (
            lambda: start(EIGHT, 2, partnerships={3: (("a", "b"), ("c", "d"))}),
            "partnerships entered for table 3, which is not in play",
        ),
        (
            lambda: progressive_individual_next(start(), {1: "majors", 2: "majors"}, variant="keep"),
            "unknown progressive individual movement 'keep'; choose one of rules, fixed-sizes",
        ),
        (
            lambda: progressive_individual_next(mitchell(3, 3), {}),
            "a mitchell movement is not a progressive individual",
        ),
        (lambda: progressive_individual_next(start(), {1: "majors"}), "round 1: no result for table 2"),
        (
            lambda: progressive_individual_next(start(), {1: "majors", 2: "minors", 4: "majors"}),
            "round 1: a result for table 4, which did not play",
        ),
        (
            lambda: progressive_individual_next(start(), {1: "north", 2: "minors"}),
            "round 1, table 1: result 'north' is not 'majors', 'minors', 'tie' or the majors' net",
        ),
        (
            lambda: progressive_individual_next(start(), {1: "majors", 2: True}),
            "round 1, table 2: result True is not 'majors', 'minors', 'tie' or the majors' net",
        ),
        (
            lambda: progressive_individual_next(start(), {1: "majors", 2: None}),
            "round 1, table 2: result None is not 'majors', 'minors', 'tie' or the majors' net",
        ),
    ],
)
def test_refusals_name_what_is_wrong_and_where(call, words):
    assert message(call) == words


def test_a_round_with_results_already_is_not_seated_twice():
    movement = progressive_individual_next(start(), {1: "majors", 2: "minors"})
    movement.results.append({1: "majors", 2: "majors"})  # game 2's results recorded by hand
    assert message(lambda: progressive_individual_next(movement, {1: "majors", 2: "majors"})) == (
        "round 2 already has results; the movement has 2"
    )


def test_next_game_partnerships_for_a_table_not_in_play_are_refused():
    movement = start()
    words = message(
        lambda: progressive_individual_next(movement, {1: "majors", 2: "minors"}, partnerships={5: (("a",), ("b",))})
    )
    assert words == "partnerships entered for table 5, which is not in play"


@pytest.mark.parametrize(("net", "stays"), [(120, "majors"), (-40, "minors"), (0.5, "majors"), (-0.5, "minors")])
def test_a_result_given_as_the_majors_net_decides_who_stays(net, stays):
    movement = start()
    after = progressive_individual_next(movement, {1: net, 2: "majors"})
    assert after.results[0][1] == stays and after.coins == []
    staying = set(movement.rounds[0][1].side(stays))
    assert staying <= set(after.rounds[1][1].majors) | set(after.rounds[1][1].minors)


def test_one_table_is_noted_nobody_moves():
    assert start(list("abcde"), 1).notes == ["one table: nobody can move; partners change by the cut"]
    assert start(EIGHT, 2).notes == []


def test_fixed_sizes_with_two_tables_and_one_side_of_three_losing_notes_the_sizes_change():
    # 9 players at 5 and 4: the side of three loses at the big table, the other table's majors win.
    movement = start(list("abcdefghi"), 2)
    big = next(t for t, e in movement.rounds[0].items() if len(e.majors) + len(e.minors) == 5)
    trio = "majors" if len(movement.rounds[0][big].majors) == 3 else "minors"
    results = {big: "minors" if trio == "majors" else "majors", 3 - big: "majors"}
    after = progressive_individual_next(movement, results, variant=FIXED_SIZE_MOVEMENT)
    assert after.notes == ["round 2: table sizes change (two tables, three losers at only one)"]


def test_next_game_partnerships_not_matching_the_table_are_refused_naming_it():
    movement = start()
    after = progressive_individual_next(movement, {1: "majors", 2: "minors"})
    seated = sorted(set(after.rounds[1][2].majors) | set(after.rounds[1][2].minors))
    words = message(
        lambda: progressive_individual_next(
            movement, {1: "majors", 2: "minors"}, partnerships={2: ((seated[0], "zz"), tuple(seated[1:3]))}
        )
    )
    assert words == (
        f"table 2: the partnerships entered ([{seated[0]!r}, 'zz'] v {seated[1:3]!r}) are not "
        f"the players seated there ({seated!r})"
    )


def test_without_a_seed_the_evening_is_seated_from_seed_zero_and_says_so():
    # Reproducible by default: the seed is recorded, so the evening can be replayed.
    movement = progressive_individual_start(EIGHT, 2)
    assert movement.seed == 0 and movement == progressive_individual_start(EIGHT, 2, 0)


def test_a_drawn_seed_comes_from_a_wide_range_so_evenings_differ():
    # seed=None draws a fresh seed (recorded): from 0 to 2**31 - 1, a signed 32-bit number any
    # reader of the movement's JSON keeps exactly. Twenty draws all under a million would be a
    # one-in-10**66 chance, so two evenings are not seated alike by chance.
    seeds = [progressive_individual_start(EIGHT, 2, None).seed for _ in range(20)]
    assert all(0 <= seed < 2**31 for seed in seeds) and max(seeds) > 10**6 and len(set(seeds)) > 1
