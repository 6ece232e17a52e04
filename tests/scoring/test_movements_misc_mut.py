"""Survivors of #22 in ``scoring.movements.edit``, ``.duplicate``, ``.individual`` and ``scoring.embers``:
a latecomer at a table of three or a Duet, the Auction team match's game sets and count message, a
table of three's result message, and an Embers pad whose first hand does not add up."""

from __future__ import annotations

import pytest

from scoring import movements as mv
from scoring.embers import check_pad
from scoring.movements import Movement, TableRound, edit
from scoring.movements.duplicate import auction_team_match


def _with_a_three() -> Movement:
    return Movement(
        kind=mv.PROGRESSIVE_INDIVIDUAL,
        tables=2,
        rounds=[
            {
                1: TableRound((1, 2), (3,), 2, variant="three-handed", seats="SHD"),
                2: TableRound((4, 5), (6, 7), 1),
            }
        ],
    )


def test_two_latecomers_make_a_table_of_three_a_four_then_a_five_keeping_its_game_set():
    movement = _with_a_three()
    # 8 joins the three (the smallest table) after its seats in order ♠ ♥ ♦; then both tables are
    # fours and 9 joins the lower-numbered, on the minors (sides equal: minors first).
    assert edit.place_players(movement, [8, 9], 1) == [(1, 1), (1, 1)]
    assert movement.rounds[0][1] == TableRound((1, 2), (3, 8, 9), 2)
    assert movement.rounds[0][2] == TableRound((4, 5), (6, 7), 1)


def test_a_latecomer_at_a_duet_is_told_to_bring_a_second():
    movement = Movement(
        kind=mv.PROGRESSIVE_INDIVIDUAL,
        tables=2,
        rounds=[{1: TableRound((1,), (2,), variant="duet", seats="SC"), 2: TableRound((3, 4), (5, 6))}],
    )
    with pytest.raises(mv.MovementError) as refused:
        edit.place_players(movement, [7], 1)
    assert str(refused.value) == (
        "table 1 in game 1 is a Duet of two; bring two latecomers in together to make it a table of four"
    )


def test_an_auction_team_match_has_one_game_set_a_game():
    match = auction_team_match(3)
    assert match.game_sets == 3 and match.to_dict()["game_sets"] == 3
    assert [sorted({e.game_set for e in r.values()}) for r in match.rounds] == [[1], [2], [3]]


@pytest.mark.parametrize(
    ("games", "words"),
    [
        ("3", "the number of games must be a whole number, not '3'"),
        (0, "the number of games must be at least 1, not 0"),
    ],
)
def test_an_auction_team_match_of_no_games_is_refused_naming_the_games(games, words):
    with pytest.raises(mv.MovementError) as refused:
        auction_team_match(games)
    assert str(refused.value) == words


def test_a_first_hand_that_does_not_add_up_is_named():
    # 13 × 1 + green room 0 → 10 + piles 20 + 10 = 53 (the game starts with an empty green room)
    hand = {
        "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 2, "H": 5, "D": 3, "C": 0},
        "trick_piles": {"majors": 20, "minors": 10},
    }
    assert check_pad([hand]) == [
        "hand 1: cards add up to 53, not the 52 dealt: 1 too many (calypsos 13×1 = 13, green room 0 → 10, "
        "trick piles 20 + 10 = 30)"
    ]


def test_a_table_of_threes_result_that_is_neither_a_seat_nor_scores_is_named():
    movement = mv.progressive_individual_start(list(range(1, 8)), seed=1)
    assert movement.rounds[0][2].seats == "SHC"  # seven players: a four and a three (♦ out by default)
    with pytest.raises(mv.MovementError) as refused:
        mv.progressive_individual_next(movement, {1: "majors", 2: "X"})
    assert str(refused.value) == (
        "round 1, table 2: result 'X' is not the winning seat (S, H, C) or a score for each of its three players"
    )


def test_a_tie_at_a_table_of_three_is_the_same_seeded_coin_as_a_tied_four():
    """docs/movements.md: a tie is settled by a coin seeded with the seed, the round and the table —
    at a table of three "as a tied four is": one coin for (seed, round, table), its first face the
    majors at a four and the first tied seat clockwise at a three."""
    firsts = []
    for seed in range(1, 17):
        three = mv.progressive_individual_start(list(range(1, 8)), seed=seed)
        four = mv.progressive_individual_start(list(range(1, 9)), seed=seed)
        seats = three.rounds[0][2].seats  # S H C
        tied = {seats[0]: 300, seats[1]: 300, seats[2]: 100}
        three = mv.progressive_individual_next(three, {1: "majors", 2: tied})
        four = mv.progressive_individual_next(four, {1: "majors", 2: "tie"})
        (coin3,) = [c for c in three.coins if (c.round, c.table) == (1, 2)]
        (coin4,) = [c for c in four.coins if (c.round, c.table) == (1, 2)]
        first = coin3.winner == seats[0]
        assert first == (coin4.winner == "majors"), seed
        firsts.append(first)
    assert True in firsts and False in firsts  # the seed decides: both faces come up


def test_a_late_pair_in_a_mitchell_never_replays_the_set_it_played_earlier_that_evening():
    """docs: a Mitchell's new table plays the first set nobody at that table has played and no
    table plays that game. Pair 9 plays set 4 (the only free one) against the bye 13 in game 1; in
    game 2 sets 2 and 3 are in play, 11 has played set 1 and 9 set 4: nothing is left, 9 sits out."""
    movement = Movement(
        kind=mv.MITCHELL,
        tables=2,
        game_sets=4,
        rounds=[
            {1: TableRound(1, 11, 1), 2: TableRound(2, 12, 2)},
            {1: TableRound(1, 12, 2), 2: TableRound(2, 13, 3)},
        ],
        sitting_out=[[13], [11]],
    )
    assert edit.place_pair(movement, 9, mv.MAJORS, 1, {}) == [(1, 3), (2, None)]
    assert movement.rounds[0][3] == TableRound(9, 13, 4)
    assert 3 not in movement.rounds[1] and movement.sitting_out == [[], [11, 9]]
