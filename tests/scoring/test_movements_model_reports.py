"""What a movement reports to the director, worked by hand: ``balance()`` (meetings, comparisons,
partners), ``mixing()``, ``where()`` for partnerships and players, sitting out included, and the
order of a team match's complaints."""

from __future__ import annotations

import pytest

from scoring.movements import Movement, MovementError, TableRound, pair_key, progressive_pairs
from scoring.movements.model import Balance

# One table, two games: a b c v d e, then a b v c d e.
INDIVIDUAL = Movement(
    "manual", 1, [{1: TableRound(("a", "b", "c"), ("d", "e"))}, {1: TableRound(("a", "b"), ("c", "d", "e"))}]
)


def test_balance_of_an_individual_evening_counts_opponents_and_partners_per_pair():
    balance = INDIVIDUAL.balance()
    assert balance.units == ["a", "b", "c", "d", "e"]
    # Opponents: game 1 a, b, c each against d and e; game 2 a and b each against c, d and e.
    assert {k: v for k, v in balance.met.items() if v} == {
        ("a", "d"): 2, ("a", "e"): 2, ("b", "d"): 2, ("b", "e"): 2,
        ("c", "d"): 1, ("c", "e"): 1, ("a", "c"): 1, ("b", "c"): 1,
    }  # fmt: skip
    # Partners: game 1 a-b, a-c, b-c, d-e; game 2 a-b, c-d, c-e, d-e.
    assert {k: v for k, v in balance.partnered.items() if v} == {
        ("a", "b"): 2, ("a", "c"): 1, ("b", "c"): 1, ("d", "e"): 2, ("c", "d"): 1, ("c", "e"): 1,
    }  # fmt: skip
    assert len(balance.met) == len(balance.partnered) == len(balance.compared) == 10  # every pair
    assert set(balance.compared.values()) == {0}  # no game sets: nobody compared
    assert balance.repeated_meetings() == [("a", "d", 2), ("a", "e", 2), ("b", "d", 2), ("b", "e", 2)]


def test_balance_of_pairs_has_no_partners_and_keys_every_pair_in_unit_order():
    # Majors 5 and 6 (stationary) v minors 1 and 2: 5 v 1 and 6 v 2, then 5 v 2 and 6 v 1.
    balance = progressive_pairs([5, 6], [1, 2], 2, 2).balance()
    assert balance.units == [1, 2, 5, 6]
    assert balance.met == {(1, 2): 0, (1, 5): 1, (1, 6): 1, (2, 5): 1, (2, 6): 1, (5, 6): 0}
    assert balance.partnered == {}
    assert balance.key(6, 1) == (1, 6) and balance.key("b", 2) == (2, "b")


def test_balance_compares_partnerships_that_played_a_set_in_the_same_direction():
    # Set 1: majors 1 and "y" (so compared), minors "x" and 2. Set 2 at one table only.
    movement = Movement(
        "manual",
        2,
        [{1: TableRound(1, "x", 1), 2: TableRound("y", 2, 1)}, {1: TableRound(1, 2, 2)}],
        sitting_out=[[], ["x", "y"]],
    )
    balance = movement.balance()
    assert balance.units == [1, 2, "x", "y"]
    assert {k: v for k, v in balance.compared.items() if v} == {(1, "y"): 1, (2, "x"): 1}
    assert {k: v for k, v in balance.met.items() if v} == {(1, "x"): 1, (2, "y"): 1, (1, 2): 1}


def test_repeated_meetings_most_often_first_then_by_the_pair_numbers_before_names():
    balance = Balance(
        units=[],
        met={(1, "x"): 2, ("a", "b"): 2, (1, "b"): 2, (2, 10): 3, (3, 4): 1},
        compared={},
        partnered={},
    )
    assert balance.repeated_meetings() == [(2, 10, 3), (1, "b", 2), (1, "x", 2), ("a", "b", 2)]


def test_mixing_counts_each_players_games_partners_and_opponents():
    # a: partners b, c; opponents d, e (game 1) and c (game 2). c: partners a, b, d, e; opponents all.
    mixing = INDIVIDUAL.mixing()
    assert {p: (m.games, m.partners, m.opponents) for p, m in mixing.items()} == {
        "a": (2, 2, 3), "b": (2, 2, 3), "c": (2, 4, 4), "d": (2, 2, 3), "e": (2, 2, 3),
    }  # fmt: skip
    mixed = Movement("manual", 1, [{1: TableRound((2, "x"), (1, "y"))}]).mixing()
    assert list(mixed) == [1, 2, "x", "y"]  # numbers first, then names


MEMBERS = {1: ("a", "b"), 2: ("c", "d"), 3: ("e", "f"), 4: ("g", "h"), 5: ("i", "j")}


def test_where_a_player_sits_names_partner_opponents_seat_and_set():
    # Game 1: majors 1 sits out (its table 1 idle); 2 v 4 at table 2, 3 v 5 at table 3.
    movement = progressive_pairs([1, 2, 3], [4, 5], 3, 2, members=MEMBERS)
    assert movement.sitting_out[0] == [1]
    first = movement.where("g", 1)
    assert (first.round, first.table, first.direction, first.partners, first.opponents, first.seat) == (
        1, 2, "minors", ("h",), 2, "D",
    )  # fmt: skip
    assert movement.where("d", 1).opponents == 4 and movement.where("d", 1).seat == "H"
    assert movement.where(4, 1).opponents == 2 and movement.where(2, 1).opponents == 4
    # A player and a partnership sitting out are found, with their round.
    assert movement.where("a", 1) == movement.where(1, 1)
    assert (movement.where("a", 1).round, movement.where("a", 1).table) == (1, None)
    with pytest.raises(MovementError, match="'zz' is not in round 1 of the movement"):
        movement.where("zz", 1, player=True)


def test_where_a_player_plays_a_duplicate_set():
    movement = Movement("mitchell", 1, [{1: TableRound(1, 2, 1)}], members={1: ("a", "b"), 2: ("c", "d")})
    assert movement.where("c", 1).game_set == 1 and movement.where(2, 1).game_set == 1


def test_where_next_looks_up_a_player_when_asked_even_if_a_partnership_has_the_number():
    # Player 4 plays in partnership 1 (table 1); partnership 4 sits at table 2.
    movement = progressive_pairs(2, 2, 2, 2, members={1: (4, 13), 2: (14, 15), 3: (16, 17), 4: (18, 19)})
    assert movement.where_next(4, 0, player=True).table == 1
    assert movement.where_next(4, 0, player=False).table == 2
    assert movement.where_next(4, 0).table == 2


def test_games_played_before_counts_a_partnerships_earlier_games_not_its_byes():
    movement = progressive_pairs([1, 2, 3], [4, 5], 3, 3)  # majors 1, 2, 3 sit out games 1, 2, 3
    assert [movement.games_played_before(1, n) for n in (1, 2, 3)] == [0, 0, 1]
    assert [movement.games_played_before(3, n) for n in (1, 2, 3)] == [0, 1, 2]
    assert movement.games_played_before(("a", "b"), 3) == 0  # a side of players is new each game


def test_a_team_match_missing_halves_names_the_first_team_by_name_then_set():
    # Team B's majors (3) and team A's minors (2) play set 1 at table 1, A's majors v B's minors set
    # 2 at table 2, and the sets never swap: team A played set 1 only in minors.
    movement = Movement(
        "team-match", 2, [{1: TableRound(3, 2, 1), 2: TableRound(1, 4, 2)}], teams={"B": (3, 4), "A": (1, 2)}
    )
    with pytest.raises(MovementError) as refused:
        movement.validate()
    assert str(refused.value) == (
        "team A played game set 1 only in minors; its other partnership must play it in the other direction"
    )
    numbered = Movement(
        "team-match", 2, [{1: TableRound(3, 2, 1), 2: TableRound(1, 4, 2)}], teams={"B": (3, 4), 1: (1, 2)}
    )
    with pytest.raises(MovementError, match=r"^team 1 played game set 1 only in minors"):
        numbered.validate()


def test_a_pair_key_puts_numbers_before_names_before_sides_of_players():
    assert pair_key("x", 3) == (3, "x") and pair_key(10, 9) == (9, 10) and pair_key("b", "a") == ("a", "b")
    assert pair_key(("a", 1), "z") == ("z", ("a", 1))
    assert pair_key(("a", "b"), ("a", "a")) == (("a", "a"), ("a", "b"))
    assert pair_key((2, "a"), (10, "a")) == ((2, "a"), (10, "a"))  # players compared as players
