"""Tables of three and two in a progressive individual (issue #17.7; docs/movements.md, "Tables of
three and two"): when they are used, what they play, who sits where, who stays and who moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import (
    MAJORS,
    MINORS,
    Movement,
    MovementError,
    TableRound,
    edit,
    progressive_individual_next,
    progressive_individual_start,
)
from scoring.movements.individual import seating_sizes
from scoring.movements.odd import (
    DUET,
    NEUTRALISED,
    SPLIT,
    THREE_HANDED,
    OddTableError,
    OddTables,
    odd_sizes,
    seat_players,
)


def seated(movement: Movement, number: int) -> list:
    return [p for e in movement.rounds[number - 1].values() for _, s in e.sides() for p in movement.players_of(s)]


# --- when a table of three or two is used ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "sizes"),
    [(2, {1: 2}), (3, {1: 3}), (4, {1: 4}), (5, {1: 5}), (6, {1: 6}), (7, {1: 4, 2: 3}), (8, {1: 4, 2: 4})],
)
def test_sizes_use_a_three_or_two_only_where_four_to_six_cannot_seat(players, sizes):
    assert seating_sizes(players) == sizes
    assert (odd_sizes(players) is not None) == (players in (2, 3, 7))


def test_every_count_from_eight_is_seated_at_four_to_six():
    for players in range(8, 60):
        sizes = seating_sizes(players)
        assert all(4 <= size <= 6 for size in sizes.values()), players
        assert sum(sizes.values()) == players


def test_seven_players_a_four_and_a_three_playing_three_handed_without_diamonds():
    movement = progressive_individual_start(list("abcdefg"), seed=5)
    one, two = movement.rounds[0][1], movement.rounds[0][2]
    assert one.variant is None and len(one.majors) + len(one.minors) == 4
    assert (two.variant, two.seats) == (THREE_HANDED, "SHC")
    # ♠ and ♥ are on the majors side, ♣ alone on the minors (the ♦ chair is empty)
    assert len(two.majors) == 2 and len(two.minors) == 1
    lineup = movement.lineup(1, 2)
    assert len(lineup) == 3  # three deals of 13 cards to each of three players: 117
    assert lineup[0] == {"S": two.majors[0], "H": two.majors[1], "C": two.minors[0]}
    assert lineup[0] == lineup[1] == lineup[2]
    assert movement.notes == ["round 1: table 2 seats three and plays three-handed cutthroat"]
    # the cut seats the three clockwise from ♠: the highest card ♠, then ♥, then ♣
    assert tuple(lineup[0][s] for s in "SHC") == movement.cuts[0][2]


@pytest.mark.parametrize(
    ("odd", "seats", "majors", "minors", "deals"),
    [
        (OddTables(), "SHC", 2, 1, 3),
        (OddTables(removed="S"), "DHC", 1, 2, 3),
        (OddTables(SPLIT, "C"), "SDH", 2, 1, 3),
        (OddTables(NEUTRALISED), "SDH", 2, 1, 5),
        (OddTables("neutralised-split", "S"), "SDH", 2, 1, 5),  # the removed suit plays no part
    ],
)
def test_a_table_of_three_plays_the_nights_choice(odd, seats, majors, minors, deals):
    movement = progressive_individual_start(["x", "y", "z"], seed=1, odd=odd)
    entry = movement.rounds[0][1]
    assert entry.variant == odd.three and entry.seats == seats
    assert (len(entry.majors), len(entry.minors)) == (majors, minors)
    lineup = movement.lineup(1, 1)
    assert len(lineup) == deals and set(lineup[0]) == set(seats)
    assert sorted(lineup[0].values()) == ["x", "y", "z"]


def test_two_players_play_a_duet_one_a_side():
    movement = progressive_individual_start(["x", "y"], seed=2)
    entry = movement.rounds[0][1]
    assert (entry.variant, entry.seats) == (DUET, "SC")
    assert len(entry.majors) == len(entry.minors) == 1
    assert entry.majors[0] == movement.cuts[0][1][0]  # the highest card plays majors
    assert len(movement.lineup(1, 1)) == 4
    place = movement.where(entry.minors[0], 1, player=True)
    assert (place.seat, place.partners, place.opponents, place.direction) == ("C", (), entry.majors, MINORS)


def test_nobody_has_a_partner_at_a_table_of_three():
    movement = progressive_individual_start(list("abc"), seed=0)
    entry = movement.rounds[0][1]
    spade = entry.majors[0]
    place = movement.where(spade, 1, player=True)
    assert place.seat == "S" and place.partners == ()
    assert sorted(place.opponents) == sorted(p for p in "abc" if p != spade)
    mixing = movement.mixing()
    assert all(m.partners == 0 and m.opponents == 2 for m in mixing.values())
    balance = movement.balance()
    assert all(n == 1 for n in balance.met.values()) and balance.partnered == {key: 0 for key in balance.partnered}


def test_director_partnerships_cannot_be_entered_for_a_three():
    with pytest.raises(MovementError, match=r"^table 2 seats 3 to play three-handed cutthroat: it has no partnerships"):
        progressive_individual_start(list("abcdefg"), seed=0, partnerships={2: (["a"], ["b", "c"])})


# --- the next game ---------------------------------------------------------------------------------------------
def test_the_three_s_best_score_stays_and_the_other_two_move_up():
    movement = progressive_individual_start(list("abcdefg"), seed=5)
    at = movement.lineup(1, 2)[0]
    scores = {at["S"]: 900, at["H"]: 1500, at["C"]: 700}
    after = progressive_individual_next(movement, {1: 120, 2: scores})
    assert after.results == [{1: MAJORS, 2: "H"}]
    two = after.rounds[1][2]
    assert two.variant == THREE_HANDED
    now_at_two = set(after.players_of(two.majors) + after.players_of(two.minors))
    four = movement.rounds[0][1]
    # the ♥ player (1,500) stays; table 1's two losers (the minors, net +120 to majors) come up
    assert now_at_two == {at["H"], *four.minors}
    assert set(seated(after, 2)) - now_at_two == {*four.majors, at["S"], at["C"]}
    assert after.notes[-1] == "round 2: table 2 seats three and plays three-handed cutthroat"


def test_a_tie_at_the_top_of_a_three_is_the_recorded_coin_among_the_tied():
    movement = progressive_individual_start(list("abc"), seed=3)
    at = movement.lineup(1, 1)[0]
    after = progressive_individual_next(movement, {1: {"S": 1000, "H": 1000, "C": 400}})
    assert len(after.coins) == 1 and after.coins[0].winner in ("S", "H")
    assert after.results == [{1: after.coins[0].winner}]
    # split totals are passed the same way, by player
    again = progressive_individual_next(movement, {1: {at["S"]: 10, at["H"]: 30, at["C"]: 20}})
    assert again.results == [{1: "H"}] and not again.coins


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("D", "is not the winning seat \\(S, H, C\\)"),
        ({"S": 1, "H": 2}, "or a score for each of its three players"),
        ({"S": 1, "H": 2, "C": True}, "or a score for each of its three players"),
        ({"S": 1, "H": 2, "nobody": 3}, "or a score for each of its three players"),
        ("majors", "is not the winning seat"),
    ],
)
def test_a_three_s_result_must_name_its_winner(result, message):
    movement = progressive_individual_start(list("abc"), seed=3)
    with pytest.raises(MovementError, match="^round 1, table 1: result .*" + message):
        progressive_individual_next(movement, {1: result})


def test_a_winner_who_moved_from_a_three_is_refused():
    movement = progressive_individual_start(list("abcdefg"), seed=5)
    after = progressive_individual_next(movement, {1: 120, 2: "S"})
    broken = after.copy()
    spade, heart = movement.lineup(1, 2)[0]["S"], movement.lineup(1, 2)[0]["H"]
    broken.results = [{1: MAJORS, 2: "H"}]  # the ♠ player stayed and the ♥ player moved, but ♥ is the winner
    with pytest.raises(MovementError, match=f"^round 2: '{spade}' lost at table 2 in round 1 but stayed"):
        broken.validate()
    three = broken.rounds[0][2]
    broken.rounds[0][2] = TableRound(three.majors[::-1], three.minors, variant=THREE_HANDED, seats="SHC")
    broken.results = [{1: MAJORS, 2: "S"}]  # now ♠ is the ♥ player of before, who moved up
    with pytest.raises(MovementError, match=f"^round 2: '{heart}' won at table 2 in round 1 but moved to table 1"):
        broken.validate()


def _play(players: int, odd: OddTables, seed: int, games: int, rng: random.Random) -> Movement:
    movement = progressive_individual_start(list(range(1, players + 1)), seed=seed, odd=odd)
    for _ in range(games - 1):
        number = len(movement.rounds)
        results = {}
        for table, entry in movement.rounds[-1].items():
            if entry.variant and entry.variant != DUET:
                results[table] = {p: rng.randrange(0, 3) for p in movement.lineup(number, table)[0].values()}
            else:
                results[table] = rng.randrange(-2, 3)
        movement = progressive_individual_next(movement, results)
    return movement


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 3, 7]),
    three=st.sampled_from([THREE_HANDED, SPLIT, NEUTRALISED, "neutralised-split"]),
    removed=st.sampled_from("SHDC"),
    seed=st.integers(0, 10**6),
    games=st.integers(1, 6),
)
def test_property_odd_tables_keep_their_size_variant_and_everyone_plays_every_game(
    players, three, removed, seed, games
):
    odd = OddTables(three, removed)
    movement = _play(players, odd, seed, games, random.Random(seed))
    expected = odd_sizes(players)
    for number in range(1, games + 1):
        everyone = seated(movement, number)
        assert sorted(everyone) == list(range(1, players + 1))  # each player once, every game
        tables = movement.rounds[number - 1]
        sizes = tuple(len(movement.lineup(number, t)[0]) for t in sorted(tables))
        assert sizes == expected
        for table, entry in tables.items():
            assert (entry.variant, entry.seats) == (odd.for_size(sizes[table - 1]) or (None, ""))
    for number, result in enumerate(movement.results, start=1):
        for table, winner in result.items():
            entry = movement.rounds[number - 1][table]
            stayed = movement.lineup(number, table)[0]
            if entry.variant in (THREE_HANDED, SPLIT, NEUTRALISED, "neutralised-split"):
                assert winner in entry.seats
                staying = {stayed[winner]}
            else:
                staying = set(movement.players_of(entry.side(winner)))
            after = {p for _, s in movement.rounds[number][table].sides() for p in movement.players_of(s)}
            assert staying <= after
            if len(movement.rounds[number]) > 1:  # losers move
                assert not (set(stayed.values()) - staying) & after
    assert Movement.from_dict(movement.to_dict()) == movement
    movement.validate()


# --- validation and JSON -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (TableRound(("a", "b"), ("c",), variant="four-handed", seats="SHC"), "'four-handed' is not a variant"),
        (TableRound(("a", "b"), ("c",), variant=THREE_HANDED, seats="SHX"), "seats 'SHX' are not suits"),
        (TableRound(("a", "b"), ("c",), variant=THREE_HANDED, seats="SHHC"), "seats 'SHHC' are not suits"),
        (TableRound(("a", "b"), ("c", "d"), variant=THREE_HANDED, seats="SHDC"), "a table of three has three seats"),
        (TableRound(("a", "b"), ("c",), variant=NEUTRALISED, seats="SHC"), "Neutralised Calypso is played by ♠ ♦ ♥"),
        (TableRound(("a",), ("c",), variant=DUET, seats="SD"), "a Duet is seated SC"),
        (
            TableRound(("a",), ("b", "c"), variant=THREE_HANDED, seats="SHC"),
            r" majors: the seats SH need 2 players, not \['a'\]",
        ),
        (TableRound(("a", "a"), ("c",), variant=THREE_HANDED, seats="SHC"), " majors: the seats SH need 2 players"),
        (TableRound(1, 2, variant=DUET, seats="SC"), ": a table of three or two seats players, not partnership 1"),
    ],
)
def test_validation_names_a_broken_odd_table(entry, message):
    movement = Movement(kind="progressive-individual", tables=1, rounds=[{1: entry}])
    with pytest.raises(MovementError, match="^round 1, table 1" + ("" if message[0] in " :" else ": ") + message):
        movement.validate()


def test_json_keeps_variant_and_seats_and_a_plain_table_writes_neither():
    movement = progressive_individual_start(list("abcdefg"), seed=5, odd=OddTables(NEUTRALISED))
    data = movement.to_dict()
    assert data["rounds"][0]["2"]["variant"] == NEUTRALISED and data["rounds"][0]["2"]["seats"] == "SDH"
    assert "variant" not in data["rounds"][0]["1"]
    assert Movement.from_dict(data) == movement


def test_odd_tables_refuse_an_unknown_choice():
    plays = "three-handed, split, neutralised, neutralised-split"
    with pytest.raises(OddTableError, match=f"a table of three plays {plays}, not 'duet'"):
        OddTables(DUET)
    with pytest.raises(OddTableError, match="'X' is not a suit to remove"):
        OddTables(removed="X")
    with pytest.raises(OddTableError, match="2 players for the 3 seats SHC"):
        seat_players(("a", "b"), "SHC")


# --- latecomers --------------------------------------------------------------------------------------------------
def test_a_latecomer_makes_a_three_a_table_of_four_and_cannot_join_a_duet_alone():
    movement = progressive_individual_start(list("abc"), seed=1)
    at = movement.lineup(1, 1)[0]
    edit.place_players(movement, ["d"], 1)
    entry = movement.rounds[0][1]
    assert entry.variant is None
    assert (entry.majors, entry.minors) == ((at["S"], at["H"]), (at["C"], "d"))
    movement.validate()
    duet = progressive_individual_start(list("ab"), seed=1)
    with pytest.raises(MovementError, match="table 1 in game 1 is a Duet of two; bring two latecomers in together"):
        edit.place_players(duet, ["c"], 1)


def test_a_swap_keeps_the_table_of_three():
    movement = progressive_individual_start(list("abcdefg"), seed=5)
    three = movement.rounds[0][2]
    player = three.minors[0]
    other = movement.rounds[0][1].majors[0]
    edit.swap(movement, player, other, 1)
    assert movement.rounds[0][2].variant == THREE_HANDED and movement.rounds[0][2].minors == (other,)
    movement.validate()


@pytest.mark.parametrize(
    ("players", "tables", "words"),
    [
        (1, None, "1 player: a night needs at least two"),
        (0, None, "0 players: a night needs at least two"),
        (2, 2, "2 players cannot fill 2 tables: they are seated at a Duet of two (1 table)"),
        (
            5,
            2,
            "5 players cannot fill 2 tables of four to six (that needs 8 to 12 players); 5 players fill 1 to 1 tables",
        ),
    ],
)
def test_a_count_that_cannot_be_seated_at_so_many_tables_is_refused_word_for_word(players, tables, words):
    with pytest.raises(MovementError) as caught:
        seating_sizes(players, tables)
    assert str(caught.value) == words


def test_game_1_and_each_next_game_record_that_nobody_sits_out():
    movement = progressive_individual_start(list("abcdefgh"), seed=1)
    assert movement.sitting_out == [[]]
    assert progressive_individual_next(movement, {1: "majors", 2: "minors"}).sitting_out == [[], []]


def test_two_players_are_noted_as_a_duet_of_two():
    movement = progressive_individual_start(["a", "b"], seed=1)
    assert movement.notes[-1] == "round 1: table 1 seats two and plays Calypso Duet"
