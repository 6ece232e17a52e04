"""What ``Movement.validate`` and ``Movement.from_dict`` tell a director, word for word: the round,
table, side and rule at fault (``make mutate`` found these asserted only in part)."""

from __future__ import annotations

import pytest

from scoring.movements import (
    Movement,
    MovementError,
    TableRound,
    barometer,
    mitchell,
    progressive_pairs,
    team_match,
)
from scoring.movements.model import check_count, check_ids
from scoring.movements.odd import THREE_HANDED


def message(call) -> str:
    with pytest.raises(MovementError) as caught:
        call()
    return str(caught.value)


def pairs(**change) -> Movement:
    """Majors 1-3 v minors 4-6 at three tables, two games (game 1: 1v4, 2v5, 3v6; game 2: 1v6,
    2v4, 3v5); ``change`` sets fields."""
    movement = progressive_pairs(3, 3, 3, 2)
    for name, value in change.items():
        setattr(movement, name, value)
    return movement


def at(movement: Movement, number: int, table, entry) -> Movement:
    movement.rounds[number - 1][table] = entry
    return movement


KINDS = "progressive, progressive-individual, mitchell, barometer, team-match, round-robin, manual, auction-team-match"
TWO_OR_THREE = "a partnership is two or three players"


@pytest.mark.parametrize(
    ("movement", "words"),
    [
        (lambda: pairs(kind="howell"), f"unknown movement kind 'howell' (one of {KINDS})"),
        (lambda: pairs(tables=0), "a movement needs at least one table, not 0"),
        (lambda: pairs(tables=True), "a movement needs at least one table, not True"),
        (lambda: pairs(tables="3"), "a movement needs at least one table, not '3'"),
        (lambda: Movement("mitchell", 2, []), "a movement needs at least one round"),
        (lambda: pairs(sitting_out=[[]]), "the movement has 2 rounds but 1 lists of sitters-out"),
        (lambda: pairs(members={4: ("a",)}), f"partnership 4 has ['a']: {TWO_OR_THREE}"),
        (lambda: pairs(members={4: ("a", "a")}), f"partnership 4 has ['a', 'a']: {TWO_OR_THREE}"),
        (lambda: pairs(members={4: ("a", "b", "c", "d")}), f"partnership 4 has ['a', 'b', 'c', 'd']: {TWO_OR_THREE}"),
        (lambda: at(pairs(), 2, 4, TableRound(1, 5)), "round 2: table 4 is not one of tables 1..3"),
        (lambda: at(pairs(), 1, 0, TableRound(1, 5)), "round 1: table 0 is not one of tables 1..3"),
        (lambda: at(pairs(), 1, "2", TableRound(1, 5)), "round 1: table '2' is not one of tables 1..3"),
        (lambda: at(pairs(), 1, 1, (1, 4)), "round 1, table 1: (1, 4) is not a TableRound"),
        (lambda: at(pairs(), 1, 1, TableRound(4, 4)), "round 1, table 1: partnership 4 is on both sides"),
        (
            lambda: at(pairs(kind="manual"), 1, 1, TableRound(("a", "b"), ("a", "b"))),
            "round 1, table 1: a & b is on both sides",
        ),
        (lambda: at(pairs(), 1, 1, TableRound(None, 4)), "round 1, table 1 majors: nobody is seated"),
        (lambda: at(pairs(), 1, 1, TableRound(1, "")), "round 1, table 1 minors: nobody is seated"),
        (
            lambda: at(pairs(kind="manual"), 1, 1, TableRound(("a",), ("b", "c"))),
            "round 1, table 1 majors: a side is two or three players, not ['a']",
        ),
        (
            lambda: at(pairs(kind="manual"), 1, 1, TableRound(("a", "b"), ("c", "c"))),
            "round 1, table 1 minors: a side is two or three players, not ['c', 'c']",
        ),
        (
            lambda: at(pairs(kind="manual"), 1, 1, TableRound(("a", "b"), ("c", "d", "e", "f"))),
            "round 1, table 1 minors: a side is two or three players, not ['c', 'd', 'e', 'f']",
        ),
        (
            lambda: at(pairs(), 2, 1, TableRound(5, 1)),
            "round 2, table 1 majors: partnership 5 played minors in round 1; a partnership keeps its "
            "direction all session",
        ),
        (
            lambda: at(pairs(), 2, 1, TableRound(1, 4)),
            "round 2: partnership 4 is in two places: table 1 minors and table 2 minors",
        ),
        (
            lambda: pairs(sitting_out=[[4], []]),
            "round 1: partnership 4 is in two places: table 1 minors and sitting out",
        ),
        (
            lambda: pairs(members={1: ("a", "b"), 2: ("c", "a")}),
            "round 1: player 'a' is in two places: table 1 majors and table 2 majors",
        ),
        (
            lambda: pairs(members={1: ("a", "b"), 4: ("c", "d")}, sitting_out=[["x"], [("d", "e")]]),
            "round 2: player 'd' is in two places: table 2 minors and sitting out",
        ),
    ],
)
def test_validate_names_the_round_table_and_rule(movement, words):
    assert message(lambda: movement().validate()) == words


def test_a_table_of_five_and_of_six_is_valid_with_partnerships_of_three():
    # RULES.md §5: tables of five or six, a team of three against two or three.
    movement = pairs(members={1: ("a", "b", "c"), 4: ("d", "e", "f"), 2: ("g", "h", "i")}).validate()
    sizes = {t: movement.side_size(e.majors) + movement.side_size(e.minors) for t, e in movement.rounds[0].items()}
    assert sizes == {1: 6, 2: 5, 3: 4}


def mitchell_five(number: int, table: int, game_set) -> Movement:
    """A Mitchell of five tables and sets (game 1: set t at table t; game 2: set t+1), one set changed."""
    return at(mitchell(5, 2), number, table, TableRound(table, 5 + table if number == 1 else None, game_set))


def teams(rounds: list, names: dict | None = None) -> Movement:
    """A team match of A (1 majors, 2 minors) and B (3 majors, 4 minors) with the given games."""
    return Movement("team-match", 2, rounds, teams=names or {"A": (1, 2), "B": (3, 4)})


@pytest.mark.parametrize(
    ("movement", "words"),
    [
        (
            lambda: at(pairs(), 1, 1, TableRound(1, 4, 1)),
            "round 1, table 1: a progressive table deals its own cards (no game set)",
        ),
        (lambda: mitchell_five(1, 2, None), "round 1, table 2: no game set in a duplicate movement"),
        (lambda: mitchell_five(1, 2, 0), "round 1, table 2: 0 is not a game set number"),
        (lambda: mitchell_five(1, 2, True), "round 1, table 2: True is not a game set number"),
        (lambda: mitchell_five(1, 2, "2"), "round 1, table 2: '2' is not a game set number"),
        (lambda: mitchell_five(1, 2, 6), "round 1, table 2: game set 6, but the movement has only 5 game sets"),
        (
            lambda: mitchell_five(1, 2, 1),
            "round 1: game set 1 is at tables [1, 2]; a Mitchell has one copy of each set, at one table per round",
        ),
        (
            lambda: at(mitchell(5, 2), 2, 1, TableRound(1, 10, 1)),
            "round 2, table 1: 1 plays game set 1 twice (also in round 1)",
        ),
        (
            lambda: at(barometer(4, 3), 2, 3, TableRound(3, 6, 3)),
            "round 2: tables play game sets [2, 3]; in a barometer every table plays the same set",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1), 2: TableRound(3, 2, 2)}], {"A": (1, 2), "B": (3, 1)}),
            "partnership 1 is in teams A and B",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1), 2: TableRound(3, 2, 2)}], {"A": (1, 2), "B": (3, 5)}),
            "round 1, table 1: partnership 4 is in no team",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1), 2: TableRound(3, 2, 2)}], {"A": (1, 4), "B": (3, 2)}),
            "round 1, table 1: team A plays itself",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1)}]),
            "round 1: tables 1 and 2 do not hold the two halves of one match",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1), 2: TableRound(2, 3, 2)}], {"A": (1, 2), "B": (4, 3)}),
            "round 1, tables 1-2: each team plays majors at one table and minors at the other",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1), 2: TableRound(3, 2, 1)}]),
            "round 1, tables 1-2: both halves of a match play game set 1; they play different sets",
        ),
        (
            lambda: teams([{1: TableRound(1, 4, 1), 2: TableRound(3, 2, 2)}]),
            "team A played game set 1 only in majors; its other partnership must play it in the other direction",
        ),
    ],
)
def test_validate_names_the_game_set_or_team_rule_broken(movement, words):
    assert message(lambda: movement().validate()) == words


def test_a_whole_team_match_is_valid():
    # Both halves of each team play both sets, each in both directions.
    rounds = [
        {1: TableRound(1, 4, 1), 2: TableRound(3, 2, 2)},
        {1: TableRound(1, 4, 2), 2: TableRound(3, 2, 1)},
    ]
    assert teams(rounds).validate().rounds == team_match().rounds


def individual(results: list, second: dict) -> Movement:
    """Eight players at two tables: game 1 a b v c d and e f v g h; game 2 as given."""
    return Movement(
        "progressive-individual",
        2,
        [{1: TableRound(("a", "b"), ("c", "d")), 2: TableRound(("e", "f"), ("g", "h"))}, second],
        results=results,
    )


# Game 2 after the majors won both tables: a, b stay at 1 and e, f at 2; c, d and g, h change tables.
GAME_TWO = {1: TableRound(("a", "g"), ("b", "h")), 2: TableRound(("e", "c"), ("f", "d"))}


@pytest.mark.parametrize(
    ("results", "second", "words"),
    [
        ([{3: "majors"}], GAME_TWO, "round 1: a result for table 3, which did not play"),
        ([{1: "north"}], GAME_TWO, "round 1, table 1: the winner is 'north', not majors/minors"),
        ([{1: "minors", 2: "majors"}], GAME_TWO, "round 2: 'a' lost at table 1 in round 1 but stayed"),
        (
            [{1: "majors", 2: "majors"}],
            {1: TableRound(("a", "g"), ("d", "h")), 2: TableRound(("e", "c"), ("f", "b"))},
            "round 2: 'b' won at table 1 in round 1 but moved to table 2",
        ),
    ],
)
def test_validate_holds_an_individual_movement_to_its_results(results, second, words):
    assert message(lambda: individual(results, second).validate()) == words


def test_an_individual_movement_following_its_results_is_valid():
    assert individual([{1: "majors", 2: "majors"}], GAME_TWO).validate().tables == 2
    # A player who went home after game 1 is not in game 2: not a move against the results.
    home = {1: TableRound(("a", "g"), ("b", "h")), 2: TableRound(("e", "c"), ("f", "x"))}
    assert individual([{1: "majors", 2: "majors"}], home).validate().tables == 2
    # The last game's result, with no game after it yet, has nothing to check.
    only = Movement("progressive-individual", 2, [GAME_TWO], results=[{1: "minors", 2: "minors"}])
    assert only.validate() is only


DOC = {"kind": "progressive", "tables": 1, "rounds": [{"1": {"majors": 1, "minors": 2}}]}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([DOC], "a movement is a JSON object"),
        ({**DOC, "format": "other/1"}, "unknown movement format 'other/1' (expected calypso-movement/1)"),
        ({"kind": "manual", "tables": 1}, "not a movement document: KeyError('rounds')"),
        ({**DOC, "tables": "x"}, "tables: 'x' is not a whole number"),
        ({**DOC, "tables": 1.5}, "tables: 1.5 is not a whole number"),
        ({**DOC, "rounds": [{"1.5": {"majors": 1, "minors": 2}}]}, "table number: '1.5' is not a whole number"),
        ({**DOC, "rounds": [{"1": {"majors": 1.5, "minors": 2}}]}, "1.5 is not a partnership id or a list of players"),
        (
            {**DOC, "rounds": [{"1": {"majors": ["a", None], "minors": 2}}]},
            "None is not a usable player (a side) id (use text or a whole number)",
        ),
        (
            {**DOC, "rounds": [{"1": {"majors": 1, "minors": 2, "game_set": "one"}}]},
            "game set: 'one' is not a whole number",
        ),
        ({**DOC, "members": [{"partnership": 1, "players": "ab"}]}, "partnership 1: 'ab' is not a list of players"),
        (
            {**DOC, "members": [{"partnership": 1, "players": ["a", True]}]},
            "True is not a usable player (partnership 1) id (use text or a whole number)",
        ),
        (
            {**DOC, "teams": [{"team": 1.5, "majors": 1, "minors": 2}]},
            "1.5 is not a usable team id (use text or a whole number)",
        ),
        (
            {**DOC, "results": [{"1": "north"}]},
            "result at table 1: the winner is 'north', not majors, minors or a seat",
        ),
        ({**DOC, "cuts": [{"1": "abcd"}]}, "cut at table 1: 'abcd' is not a list of players"),
        ({**DOC, "coins": [{"round": "x", "table": 1, "winner": "majors"}]}, "coin round: 'x' is not a whole number"),
    ],
)
def test_a_malformed_movement_document_is_refused_naming_the_field(data, words):
    assert message(lambda: Movement.from_dict(data)) == words


def test_a_movement_document_reads_numbers_written_as_text_or_whole_floats():
    data = {
        "rounds": [
            {"1": {"majors": 1, "minors": 2, "game_set": "3"}, "2": {"majors": 4, "minors": 5, "game_set": 1.0}}
        ],
        "coins": [{"round": " 2 ", "table": "1", "winner": "minors"}],
    }
    movement = Movement.from_dict(data)
    assert movement.kind == "manual"  # a document without a kind is a director's own seating
    assert movement.tables == 2  # without "tables", the highest table seated
    assert movement.rounds == [{1: TableRound(1, 2, 3), 2: TableRound(4, 5, 1)}]
    assert movement.sitting_out == [[]]
    assert (movement.coins[0].round, movement.coins[0].table, movement.coins[0].winner) == (2, 1, "minors")
    assert Movement.from_dict({**data, "tables": "-1"}).tables == -1  # read as written; validate() refuses it
    assert message(lambda: Movement.from_dict({**data, "tables": "-1"}).validate()) == (
        "a movement needs at least one table, not -1"
    )


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: check_count("3", "the number of tables"), "the number of tables must be a whole number, not '3'"),
        (lambda: check_count(True, "the number of games"), "the number of games must be a whole number, not True"),
        (lambda: check_count(0, "the number of games"), "the number of games must be at least 1, not 0"),
        (lambda: check_count(-1, "the rounds", minimum=0), "the rounds must be at least 0, not -1"),
        (lambda: check_ids("abc", "players"), "the players are a list of ids, not the text 'abc'"),
        (lambda: check_ids([1, 1.5], "players"), "1.5 is not a usable id for players"),
        (lambda: check_ids([True], "players"), "True is not a usable id for players"),
        (lambda: check_ids(["a", 1, "a"], "players"), "'a' appears twice among the players"),
        (lambda: pairs().where(4, 3), "round 3 is not seated yet (the movement has 2 rounds)"),
        (lambda: pairs().where(4, 0), "round 0 is not seated yet (the movement has 2 rounds)"),
        (lambda: pairs().where("zz", 1), "'zz' is not in round 1 of the movement"),
        (lambda: pairs().lineup(3, 1), "round 3 is not in this movement (it has 2 rounds)"),
        (lambda: pairs().lineup(0, 1), "round 0 is not in this movement (it has 2 rounds)"),
        (lambda: pairs().lineup(1, 7), "no table 7 in round 1"),
        (lambda: pairs().lineup(1, 1), "partnership 1 has no players recorded, so its seats are unknown"),
    ],
)
def test_lookups_and_checks_name_what_is_wrong(call, words):
    assert message(call) == words


def test_checks_accept_what_is_right():
    assert check_count(1, "the number of tables") == 1
    assert check_count(0, "the rounds", minimum=0) == 0
    assert check_ids(iter(["a", 2]), "players") == ["a", 2]


def test_a_document_without_tables_or_rounds_reads_as_none_and_is_then_refused():
    empty = Movement.from_dict({"rounds": []})
    assert (empty.tables, empty.rounds) == (0, [])
    assert message(empty.validate) == "a movement needs at least one table, not 0"
    assert message(lambda: Movement.from_dict({**DOC, "tables": "X3"})) == "tables: 'X3' is not a whole number"
    assert Movement.from_dict({**DOC, "tables": "-2"}).tables == -2


def test_a_player_who_went_home_does_not_excuse_a_partner_who_lost_and_stayed():
    # Game 1: the majors won at table 1, so c and d had to move. c went home; d stayed: refused.
    second = {1: TableRound(("a", "b", "g"), ("d", "h")), 2: TableRound(("e", "f"), ("x", "y"))}
    assert message(lambda: individual([{1: "majors", 2: "majors"}], second).validate()) == (
        "round 2: 'd' lost at table 1 in round 1 but stayed"
    )


def test_the_json_form_is_plain_lists_and_names_its_tables():
    data = individual([{1: "majors", 2: "majors"}], GAME_TWO).to_dict()
    assert data["tables"] == 2
    assert data["rounds"][0]["1"] == {"majors": ["a", "b"], "minors": ["c", "d"], "game_set": None}


def test_with_one_table_playing_the_losers_may_stay_even_if_more_tables_are_set_up():
    # Two tables set up, but only table 1 plays game 1: the losers have nowhere to move to.
    game = {1: TableRound(("a", "b"), ("c", "d"))}
    again = {1: TableRound(("a", "c"), ("b", "d"))}
    movement = Movement("progressive-individual", 2, [game, again], results=[{1: "majors"}])
    assert movement.validate() is movement


def test_a_manual_movement_checks_every_tables_set_after_one_without():
    movement = Movement("manual", 2, [{1: TableRound(1, 2), 2: TableRound(3, 4, 0)}])
    assert message(movement.validate) == "round 1, table 2: 0 is not a game set number"


def test_an_auction_team_match_with_other_hands_at_its_second_table_names_both_tables():
    from scoring.movements import auction_team_match

    movement = auction_team_match(1)
    movement.rounds[0][2] = TableRound(3, 2, 2)
    movement.game_sets = 2
    assert message(movement.validate) == (
        "round 1, tables 1-2: an Auction team match plays the same hands at both tables, not 1 and 2"
    )


def test_a_table_of_four_seats_each_side_in_its_two_suits():
    # A four has no variant (and no seats string): majors hold ♠ ♥, minors ♦ ♣.
    entry = TableRound((1, 2), (3, 4))
    assert entry.suits("majors") == ("S", "H") and entry.suits("minors") == ("D", "C")
    three = TableRound((1, 6), (2,), variant="three-handed", seats="SHC")
    assert three.suits("majors") == ("S", "H") and three.suits("minors") == ("C",)


def test_a_table_of_three_with_more_players_than_seats_is_not_seated_short():
    # Not a movement validate() lets through; built by hand, its lineup refuses rather than leave
    # the third majors player out of every deal.
    movement = Movement(
        kind="progressive-individual",
        tables=1,
        rounds=[{1: TableRound((1, 2, 3), (4,), variant="three-handed", seats="SHC")}],
    )
    with pytest.raises(ValueError, match="zip"):
        movement.lineup(1, 1)


def _three_then_four(second: TableRound) -> Movement:
    """Round 1 of a manual movement: a table of three (♠ ♥ majors a & b, ♣ c) at table 1, then ``second``."""
    three = TableRound(("a", "b"), ("c",), variant=THREE_HANDED, seats="SHC")
    return Movement("manual", 2, [{1: three, 2: second}], sitting_out=[[]])


def test_a_table_of_three_is_a_place_a_player_cannot_also_be():
    # Nobody plays at two tables in one round, a table of three included: its players' places are
    # named as any table's (table and direction) when the same player turns up at the next table.
    movement = _three_then_four(TableRound(("d", "a"), ("e", "f")))
    assert message(movement.validate) == "round 1: player 'a' is in two places: table 1 majors and table 2 majors"


def test_the_tables_after_a_table_of_three_are_still_checked():
    assert (
        message(_three_then_four(TableRound(("d", "e"), None)).validate) == "round 1, table 2 minors: nobody is seated"
    )
    assert _three_then_four(TableRound(("d", "e"), ("f", "g"))).validate().tables == 2
