"""Progressive individual (RULES.md §6, docs/movements.md): who of three losers goes down, who sits
out in a side of three, and the director's partnerships — each worked by hand on a small evening."""

from __future__ import annotations

from collections import Counter

import pytest

from scoring.movements import (
    FIXED_SIZE_MOVEMENT,
    Movement,
    MovementError,
    TableRound,
    progressive_individual_next,
    progressive_individual_start,
)


def thirteen(cuts: list) -> Movement:
    """13 players at tables of 5, 4 and 4 (game 1 seated), with the given record of cuts."""
    return Movement(
        kind="progressive-individual",
        tables=3,
        rounds=[
            {
                1: TableRound(("a1", "a2", "a3"), ("a4", "a5")),
                2: TableRound(("b1", "b2"), ("b3", "b4")),
                3: TableRound(("c1", "c2"), ("c3", "c4")),
            }
        ],
        sitting_out=[[]],
        cuts=cuts,
        seed=13,
    ).validate()


def where(movement: Movement, number: int) -> dict:
    return {p: t for t, e in movement.rounds[number - 1].items() for p in e.majors + e.minors}


# Table 1's three lose; tables 2 and 3's majors win. After game 1 nobody at table 1 has met anyone
# staying at tables 2 or 3, so every choice of who goes down repeats no meeting: the tie goes to the
# lowest card of the three in table 1's cut (docs/movements.md), down one table, 1 wrapping to 3.
RESULTS = {1: "minors", 2: "majors", 3: "majors"}
OTHER_CUTS = {2: ("b1", "b3", "b2", "b4"), 3: ("c2", "c4", "c1", "c3")}


@pytest.mark.parametrize("variant", [None, FIXED_SIZE_MOVEMENT])
def test_of_three_losers_tied_on_meetings_the_lowest_card_in_the_cut_goes_down(variant):
    # a3 cut the lowest card of the three (the five cut a2, a5, a1, a4, a3): a3 goes down to table 3.
    start = thirteen([{1: ("a2", "a5", "a1", "a4", "a3"), **OTHER_CUTS}])
    options = {"variant": variant} if variant else {}
    after = where(progressive_individual_next(start, RESULTS, **options), 2)
    assert (after["a1"], after["a2"], after["a3"]) == (2, 2, 3)
    # The same game, but a1 cut lowest: now a1 goes down and a3 moves up with a2.
    start = thirteen([{1: ("a3", "a2", "a5", "a4", "a1"), **OTHER_CUTS}])
    after = where(progressive_individual_next(start, RESULTS, **options), 2)
    assert (after["a1"], after["a2"], after["a3"]) == (3, 2, 2)


def test_a_player_who_did_not_cut_is_not_sent_down_in_a_tie_over_one_who_cut_low():
    # a3 joined table 1's majors after the cut (a latecomer), so holds no card in it; a1 cut the
    # highest and a2 the second. The lowest card among the three who cut is a2's, so a2 goes down —
    # a player without a card counts as holding the highest, never as the lowest (docs/movements.md).
    start = thirteen([{1: ("a1", "a2", "a4", "a5"), **OTHER_CUTS}])
    start.rounds[0][1] = TableRound(("a1", "a3", "a2"), ("a4", "a5"))
    after = where(progressive_individual_next(start, RESULTS), 2)
    assert (after["a1"], after["a2"], after["a3"]) == (2, 3, 2)


def test_a_movement_recorded_without_its_cuts_still_seats_the_next_game():
    # A game 1 entered by hand (or saved before cuts were recorded) has no cut to break a tie with:
    # the next game is still seated by the rules — the three losers two up and one down, table 2's
    # two losers up to table 3, table 3's up to table 1.
    after = progressive_individual_next(thirteen([]), RESULTS)
    seats = where(after, 2)
    assert sorted(seats[p] for p in ("a1", "a2", "a3")) == [2, 2, 3]
    assert (seats["b3"], seats["b4"], seats["c3"], seats["c4"]) == (3, 3, 1, 1)
    # Game 2's cuts are recorded as game 2's (game 1 had none), so forgetting game 2 (edit.drop_after)
    # or printing the cuts game by game finds each game's own.
    assert len(after.cuts) == 2 and after.cuts[0] == {} and after.cuts[1].keys() == {1, 2, 3}


@pytest.mark.parametrize("players", [5, 6])
def test_a_side_of_three_sits_out_the_member_who_has_missed_two_deals_least_often(players):
    # One table of five (or six) for twelve games: every game has a side of three (two at six), and
    # its X — the member out in deals 1 and 4 — must be one who has been X least often so far
    # (RULES.md §5: "a different player misses two deals each game"). Counted here from the games.
    movement = progressive_individual_start([f"p{i}" for i in range(players)], 1, seed=7)
    for _ in range(11):
        movement = progressive_individual_next(movement, {1: "majors"})
    times_x: Counter = Counter()
    for number, tables in enumerate(movement.rounds, start=1):
        trios = [side for entry in tables.values() for _, side in entry.sides() if len(side) == 3]
        assert len(trios) == players - 4
        for trio in trios:
            assert times_x[trio[2]] == min(times_x[p] for p in trio), (number, trio, dict(times_x))
        times_x.update(trio[2] for trio in trios)
    # Over twelve games players have been X more than once, so the counts decide, not only who
    # has never been X.
    assert max(times_x.values()) >= 2


def test_partnerships_naming_a_player_not_at_the_table_are_refused_naming_who_is_there():
    # Club members have numbers, guests names; the table's players are listed numbers first.
    players = [11, 2, 30, 4, "Ann", "Bob", "Cy", "Di"]
    drawn = progressive_individual_start(players, 2, seed=2)
    seated = set(drawn.rounds[0][1].majors) | set(drawn.rounds[0][1].minors)
    numbers = sorted(p for p in seated if isinstance(p, int))
    names = sorted(p for p in seated if isinstance(p, str))
    assert numbers and names  # this seed mixes members and guests at table 1
    a, b, c, _ = [*numbers, *names]
    with pytest.raises(MovementError) as refused:
        progressive_individual_start(players, 2, seed=2, partnerships={1: ((a, "Zed"), (b, c))})
    assert str(refused.value) == (
        f"table 1: the partnerships entered ([{a!r}, 'Zed'] v [{b!r}, {c!r}]) are not "
        f"the players seated there ({[*numbers, *names]})"
    )


# Game 1 of 17 players at tables of 5, 4, 4 and 4: c3 meets d1 and d2 (table 4), c4 meets b1 and b2
# (table 2), a2 meets d1 and d2, a3 meets b1 and b2; nobody of game 2's table 3 meets a4 or a5.
GAME_ONE = {
    1: TableRound(("a4", "a5", "a1"), ("b3", "b4")),
    2: TableRound(("b1", "b2"), ("c4", "a3")),
    3: TableRound(("c1", "c2"), ("d3", "d4")),
    4: TableRound(("d1", "d2"), ("c3", "a2")),
}
# Another game 1: c3 meets a4 and a5 (table 1); c4 meets b1, b2 and d4; neither meets d1 or d2.
OTHER_GAME_ONE = {
    1: TableRound(("a4", "a5", "a1"), ("c3", "b4")),
    2: TableRound(("b1", "b2"), ("c4", "d4")),
    3: TableRound(("c1", "c2"), ("d3", "b3")),
    4: TableRound(("d1", "d2"), ("a2", "a3")),
}


def seventeen_after_two_games(game_one: dict = GAME_ONE, cut_at_three: tuple = ("c1", "c2", "c3", "c4")) -> Movement:
    """17 players, game 2 seated after ``game_one`` (where the majors won everywhere): the winners
    stayed, the losers moved to play game 2 as a1 a2 a3 v a4 a5, b1 b2 v b3 b4, and so on."""
    return Movement(
        kind="progressive-individual",
        tables=4,
        rounds=[
            dict(game_one),
            {
                1: TableRound(("a1", "a2", "a3"), ("a4", "a5")),
                2: TableRound(("b1", "b2"), ("b3", "b4")),
                3: TableRound(("c1", "c2"), ("c3", "c4")),
                4: TableRound(("d1", "d2"), ("d3", "d4")),
            },
        ],
        sitting_out=[[], []],
        results=[{1: "majors", 2: "majors", 3: "majors", 4: "majors"}],
        cuts=[{}, {3: cut_at_three}],
        seed=17,
    ).validate()


# Game 2: table 1's three (a1, a2, a3) lose, the majors win at tables 2, 3 and 4.
GAME_TWO = {1: "minors", 2: "majors", 3: "majors", 4: "majors"}


@pytest.mark.parametrize("variant", [None, FIXED_SIZE_MOVEMENT])
def test_of_three_losers_the_one_whose_moves_repeat_fewest_meetings_goes_down(variant):
    # Down from table 1 is table 4 (stayers d1, d2), up is table 2 (stayers b1, b2). Repeated
    # meetings if a1 goes down: a1–d 0, a2–b 0, a3–b 2 = 2; if a2: a2–d 2, a1–b 0, a3–b 2 = 4;
    # if a3: a3–d 0, a1–b 0, a2–b 0 = 0. So a3 goes down, a1 and a2 up.
    options = {"variant": variant} if variant else {}
    seats = where(progressive_individual_next(seventeen_after_two_games(), GAME_TWO, **options), 3)
    assert (seats["a1"], seats["a2"], seats["a3"]) == (2, 2, 4)


def test_fixed_sizes_the_loser_who_skips_two_tables_is_the_one_repeating_fewest_meetings():
    # The project's fixed-sizes variant: table 1 alone lost three, so one of table 3's two losers
    # (two tables below, wrapping) skips up two tables to table 1, the other moves up one to table 4.
    # If c3 skips: c3 meets a4, a5 (0 before) and c4 meets d1, d2 (0) = 0 repeated meetings; if c4
    # skips: c4–a 0 and c3–d 2 = 2. So c3 skips, although c4 cut the lower card (the tie-break).
    after = progressive_individual_next(seventeen_after_two_games(), GAME_TWO, variant=FIXED_SIZE_MOVEMENT)
    seats = where(after, 3)
    assert (seats["c3"], seats["c4"]) == (1, 4)
    tables = {t: sorted(p for p, at in seats.items() if at == t) for t in (1, 2, 3, 4)}
    assert tables == {
        1: ["a4", "a5", "c3", "d3", "d4"],
        2: ["a1", "a2", "b1", "b2"],
        3: ["b3", "b4", "c1", "c2"],
        4: ["a3", "c4", "d1", "d2"],
    }


def test_fixed_sizes_the_loser_who_skips_is_kept_from_repeating_meetings_at_either_table():
    # After the other game 1, if c3 skips to table 1 it meets a4 and a5 again (2) and c4 meets
    # d1, d2 afresh (0) = 2; if c4 skips: c4–a 0 and c3–d 0 = 0. So c4 skips, although c3 cut the
    # lower card.
    start = seventeen_after_two_games(OTHER_GAME_ONE, ("c1", "c2", "c4", "c3"))
    seats = where(progressive_individual_next(start, GAME_TWO, variant=FIXED_SIZE_MOVEMENT), 3)
    assert (seats["c3"], seats["c4"]) == (4, 1)


@pytest.mark.parametrize(
    ("cut", "skips", "steps_up"),
    [(("b1", "b3", "b2", "b4"), "b4", "b3"), (("b4", "b1", "b3", "b2"), "b3", "b4")],
)
def test_fixed_sizes_of_two_losers_tied_on_meetings_the_lower_card_skips_two_tables(cut, skips, steps_up):
    # The seed's 13 at 5, 4, 4 under fixed sizes: table 2's losers go to tables 1 and 3. After one
    # game neither has met anyone staying at either, so the lower card in table 2's cut skips to 1.
    start = thirteen([{1: ("a2", "a5", "a1", "a4", "a3"), 2: cut, 3: OTHER_CUTS[3]}])
    seats = where(progressive_individual_next(start, RESULTS, variant=FIXED_SIZE_MOVEMENT), 2)
    assert (seats[skips], seats[steps_up]) == (1, 3)


def test_fixed_sizes_a_loser_who_did_not_cut_does_not_skip_in_a_tie_over_one_who_cut_low():
    # Table 2's b3 joined after the cut (no card); b4 cut the second card. Tied on meetings, the
    # lower card skips to table 1: b4's, since a player without a card counts as the highest.
    start = thirteen([{1: ("a2", "a5", "a1", "a4", "a3"), 2: ("b1", "b4", "b2"), 3: OTHER_CUTS[3]}])
    seats = where(progressive_individual_next(start, RESULTS, variant=FIXED_SIZE_MOVEMENT), 2)
    assert (seats["b3"], seats["b4"]) == (3, 1)


@pytest.mark.parametrize("tie", ["tie", "Tied", " draw ", 0])
def test_a_tied_game_is_decided_by_a_recorded_coin(tie):
    # Every way a director may write a tie is one: the coin decides who stays, and is recorded.
    after = progressive_individual_next(thirteen([]), {1: "minors", 2: tie, 3: "majors"})
    assert [(coin.round, coin.table) for coin in after.coins] == [(1, 2)]
    assert after.results[0][2] == after.coins[0].winner


def test_the_next_game_is_drawn_from_the_events_own_seed_unless_another_is_given():
    # The cuts and coins of game 2 come from the seed the event was started with, so the evening can
    # be replayed from its record; a seed given for the game draws other cuts.
    start = progressive_individual_start([f"p{i:02d}" for i in range(13)], 3, seed="club night")
    results = {1: "tie", 2: "tie", 3: "tie"}
    drawn = progressive_individual_next(start, results)
    assert drawn == progressive_individual_next(start, results, seed="club night")
    assert drawn.cuts[1] != progressive_individual_next(start, results, seed="another night").cuts[1]


def test_each_tied_table_and_game_tosses_its_own_coin_from_the_seed():
    # One table of four, twenty tied games: a fresh coin every game (twenty equal tosses in a row
    # would be a 1-in-500,000 chance), and another seed tosses other coins.
    def coins(seed) -> list[str]:
        movement = progressive_individual_start(list("abcd"), 1, seed=seed)
        for _ in range(20):
            movement = progressive_individual_next(movement, {1: "tie"})
        return [coin.winner for coin in movement.coins]

    first = coins("club night")
    assert len(first) == 20 and set(first) == {"majors", "minors"}
    assert coins("another night") != first
    # Twenty tables tied in one game: a coin each.
    start = progressive_individual_start([f"p{i:02d}" for i in range(80)], 20, seed="club night")
    after = progressive_individual_next(start, dict.fromkeys(range(1, 21), "tie"))
    assert {coin.winner for coin in after.coins} == {"majors", "minors"}


def test_a_replayed_evening_tosses_the_same_coins_as_when_it_was_first_drawn():
    # The coins of six tied tables, recorded when this test was written. An event's movement is
    # recomputed from its seed when the director corrects a result (edit.drop_after, then the next
    # game again): a change to how the coins are drawn would seat a corrected evening differently.
    start = progressive_individual_start([f"p{i:02d}" for i in range(24)], 6, seed="club night")
    after = progressive_individual_next(start, dict.fromkeys(range(1, 7), "tie"))
    assert [coin.winner for coin in after.coins] == ["minors", "majors", "majors", "minors", "majors", "minors"]


def test_a_replayed_evening_draws_the_same_seats_and_cuts_as_when_it_was_first_drawn():
    # Recorded when this test was written, for the same reason as the coins above. Game 2 also
    # shows the rule at work on the recorded cut: at table 1 the stayers d, i, g (in cut order) take
    # the newcomers b, a; b (highest newcomer) partners d (highest stayer), a partners i, and the
    # third stayer g joins the first pair, which holds the highest card (b) and so plays majors.
    start = progressive_individual_start(list("abcdefghi"), 2, seed="club night")
    assert start.cuts[0] == {1: ("g", "d", "i", "e", "c"), 2: ("b", "a", "h", "f")}
    assert start.rounds[0] == {1: TableRound(("g", "d", "i"), ("e", "c")), 2: TableRound(("b", "a"), ("h", "f"))}
    after = progressive_individual_next(start, {1: "majors", 2: "minors"})
    assert after.cuts[1] == {1: ("b", "d", "i", "a", "g"), 2: ("f", "h", "e", "c")}
    assert after.rounds[1] == {1: TableRound(("b", "d", "g"), ("i", "a")), 2: TableRound(("f", "e"), ("h", "c"))}


@pytest.mark.parametrize(("players", "tables", "highs"), [(4, 1, [2]), (5, 1, [3]), (6, 1, [3]), (14, 3, [3, 3, 2])])
def test_round_one_the_highest_cards_play_against_the_rest(players, tables, highs):
    # RULES.md §6 and docs/movements.md: at each table the two highest cards (three at a table of
    # five or six) play against the rest, and the side holding the highest card takes the majors.
    # 14 players at three tables sit 5, 5, 4 (round three tables any two are neighbours).
    start = progressive_individual_start([f"p{i:02d}" for i in range(players)], tables, seed=3)
    for table, high in zip(sorted(start.rounds[0]), highs, strict=True):
        cut = start.cuts[0][table]
        entry = start.rounds[0][table]
        assert set(entry.majors) == set(cut[:high]) and set(entry.minors) == set(cut[high:])


def test_without_a_table_count_the_players_fill_as_many_tables_of_four_as_they_can():
    # 11 players: two tables (of six and five), not one table or three.
    start = progressive_individual_start([f"p{i:02d}" for i in range(11)], None, seed=3)
    assert start.tables == 2
    assert sorted(len(e.majors) + len(e.minors) for e in start.rounds[0].values()) == [5, 6]


def test_a_four_formed_beside_a_three_is_paired_by_the_cut_as_in_game_1():
    # docs/movements.md: "a four formed beside a three (one stayer, three arrivals …) is paired by
    # the cut as in game 1" — the two highest cards against the rest, the highest taking the majors.
    # After a director's edit, a five (table 1) beside a three (table 2): the five's minors win, so
    # its three losers all go to table 2 (two up, one down: with two tables both are table 2), where
    # the three's winner, ♠ = 1, is the one stayer.
    three = TableRound((1, 6), (2,), variant="three-handed", seats="SHC")
    edited = Movement(
        kind="progressive-individual",
        tables=2,
        rounds=[{1: TableRound((3, 4, 8), (5, 7)), 2: three}],
        sitting_out=[[]],
        cuts=[{1: (3, 4, 8, 5, 7), 2: (1, 6, 2)}],
        seed=2,
    ).validate()
    after = progressive_individual_next(edited, {1: "minors", 2: "S"})
    cut = after.cuts[1][2]
    assert set(cut) == {1, 3, 4, 8}
    assert after.rounds[1][2] == TableRound(cut[:2], cut[2:])
    # Game 2 has no table of three, so its notes name none (game 1's three is not named again).
    assert after.notes == ["round 2: table sizes change — table 1 now 4, table 2 now 4"]
