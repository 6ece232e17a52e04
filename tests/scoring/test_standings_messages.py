"""What the standings tell a director when an entry cannot be ranked, word for word, naming the
entrant, the field and the choices (the checks ``make mutate`` found missing in scoring.standings),
and the spellings of a tie-break a director may type."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.standings import (
    GameScore,
    SessionScore,
    StandingsError,
    TeamResult,
    game_scores_from_results,
    season_ladder,
    session_standings,
    standings_from_totals,
    team_standings,
)
from scoring.tallies import GameResult

SESSION_TIE_BREAKS = "'none', 'head-to-head', 'count-back'"
TEAM_TIE_BREAKS = "'none', 'aggregate', 'head-to-head'"


def message(call) -> str:
    with pytest.raises(StandingsError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: session_standings([GameScore("a", 1, True)]), "score of 'a': True is not a number"),
        (lambda: session_standings([GameScore("a", 1, "5")]), "score of 'a': '5' is not a number"),
        (
            lambda: session_standings([GameScore("a", 1, 5, "10")], by="percentage"),
            "top of 'a': '10' is not a number",
        ),
        (lambda: standings_from_totals({"b": None}), "total of 'b': None is not a number"),
        (lambda: team_standings([TeamResult(1, 1, "A", "B", "30")]), "net of 'A': '30' is not a number"),
        (lambda: season_ladder([SessionScore("jan", "c", [50])]), "score of 'c': [50] is not a number"),
        (
            lambda: session_standings([], tie_break="coin toss"),
            f"unknown tie-break 'coin toss': use {SESSION_TIE_BREAKS}",
        ),
        (lambda: session_standings([], tie_break=3), f"unknown tie-break 3: use {SESSION_TIE_BREAKS}"),
        (
            lambda: session_standings([], tie_break=["count-back", None]),
            f"unknown tie-break None: use {SESSION_TIE_BREAKS}",
        ),
        (
            lambda: session_standings([], tie_break="aggregate"),
            f"unknown tie-break 'aggregate': use {SESSION_TIE_BREAKS}",
        ),
        (lambda: team_standings([], tie_break="count-back"), f"unknown tie-break 'count-back': use {TEAM_TIE_BREAKS}"),
        (lambda: session_standings([], by="imps"), "unknown standings basis 'imps': use 'total' or 'percentage'"),
        (
            lambda: session_standings([GameScore("a", 1, 5), GameScore("a", 1, 6)]),
            "'a' has two results for game 1",
        ),
        (
            lambda: session_standings([GameScore("a", 1, 5, 10), GameScore("b", 1, 5)], by="percentage"),
            "'b' has no matchpoint tops: rank this session by 'total'",
        ),
        (
            lambda: team_standings([], method="swiss"),
            "unknown team method 'swiss': use aggregate, board-a-match, match-points",
        ),
        (
            lambda: team_standings([TeamResult(1, 1, "A", "B", 10), TeamResult(1, 2, "A", "C", 10)]),
            "match 1: 'A' is recorded against 'B' and 'C'",
        ),
        (
            lambda: team_standings([TeamResult(1, 1, "A", "B", 10), TeamResult(1, 2, "C", "B", 10)]),
            "match 1: 'B' is recorded against 'A' and 'C'",
        ),
        (lambda: season_ladder([], method="median"), "unknown ladder method 'median': use 'total' or 'average'"),
        (lambda: season_ladder([], best=0), "best must be a whole number of sessions, at least 1, not 0"),
        (lambda: season_ladder([], best=True), "best must be a whole number of sessions, at least 1, not True"),
        (lambda: season_ladder([], best=2.0), "best must be a whole number of sessions, at least 1, not 2.0"),
        (
            lambda: season_ladder([], min_sessions=1.5),
            "min_sessions must be a whole number of sessions, not 1.5",
        ),
        (
            lambda: season_ladder([], min_sessions=False),
            "min_sessions must be a whole number of sessions, not False",
        ),
        (
            lambda: season_ladder([SessionScore("jan", "a", 50), SessionScore("jan", "a", 60)]),
            "'a' has two results for session 'jan'",
        ),
    ],
)
def test_each_refusal_names_the_entrant_and_the_choices(call, words):
    assert message(call) == words


def test_sets_that_do_not_cancel_name_both_nets():
    said = message(lambda: team_standings([TeamResult(1, 7, "A", "B", 30), TeamResult(1, 7, "B", "A", -20)]))
    assert said in (
        "match 1, set 7: 'A''s net +30 and 'B''s -20 are not exact negatives",
        "match 1, set 7: 'B''s net -20 and 'A''s +30 are not exact negatives",
    )


@pytest.mark.parametrize("spelling", ["count-back", "Count-Back", " count back ", "COUNT_BACK", ("count back",)])
def test_a_tie_break_may_be_typed_in_any_case_with_spaces_or_underscores(spelling):
    # a and b are level on 100; b won the last game by more, so count-back puts b first
    scores = [GameScore("a", 1, 80), GameScore("a", 2, 20), GameScore("b", 1, 30), GameScore("b", 2, 70)]
    out = session_standings(scores, tie_break=spelling)
    assert [(s.entrant, s.label, s.decided_by) for s in out] == [("b", "1", "count-back"), ("a", "2", "count-back")]


def test_none_in_a_chain_is_skipped():
    scores = [GameScore("a", 1, 80), GameScore("a", 2, 20), GameScore("b", 1, 30), GameScore("b", 2, 70)]
    out = session_standings(scores, tie_break=["none", "count-back"])
    assert [(s.entrant, s.label) for s in out] == [("b", "1"), ("a", "2")]
    level = session_standings(scores, tie_break="None")
    assert [(s.entrant, s.label, s.decided_by) for s in level] == [("a", "=1", None), ("b", "=1", None)]


def test_each_side_of_a_scoresheet_played_the_other():
    sheet = GameResult(3, 2, ("ann", "bob"), ("cy", "di"), 700, 400)
    assert game_scores_from_results([sheet]) == [
        GameScore("ann", 3, 300, None, ("cy", "di")),
        GameScore("bob", 3, 300, None, ("cy", "di")),
        GameScore("cy", 3, -300, None, ("ann", "bob")),
        GameScore("di", 3, -300, None, ("ann", "bob")),
    ]


def test_equal_totals_are_listed_by_id_and_played_no_games():
    out = standings_from_totals({"b": 5, "a": 5, "c": 9})
    assert [(s.entrant, s.label, s.games) for s in out] == [("c", "1", 0), ("a", "=2", 0), ("b", "=2", 0)]


def test_the_best_single_session_may_count():
    scores = [SessionScore("jan", "a", 40), SessionScore("feb", "a", 60), SessionScore("jan", "b", 50)]
    out = season_ladder(scores, method="total", best=1)
    assert [(s.entrant, s.value, s.counted, s.sessions) for s in out] == [("a", 60, 1, 2), ("b", 50, 1, 1)]


def test_teams_count_their_matches_and_may_have_ids_of_any_type():
    # team 1 beats "B" in match 1 and loses to "C" in match 2; "B" and "C" draw match 3
    results = [
        TeamResult(1, 1, 1, "B", 100),
        TeamResult(2, 2, 1, "C", -50),
        TeamResult(3, 3, "B", "C", 0),
    ]
    out = team_standings(results, method="match-points")
    assert [(s.team, s.label, s.points, s.matches, s.won, s.drawn, s.lost) for s in out] == [
        ("C", "1", 3, 2, 1, 1, 0),
        (1, "2", 2, 2, 1, 0, 1),
        ("B", "3", 1, 2, 0, 1, 1),
    ]


def test_a_set_won_by_half_a_point_is_won():
    # a net of +½ (a Decimal, taken exactly) wins the set and the match
    for method in ("board-a-match", "match-points"):
        out = team_standings([TeamResult(1, 1, "A", "B", Decimal("0.5"))], method=method)
        assert [(s.team, s.won, s.lost) for s in out] == [("A", 1, 0), ("B", 0, 1)]


def test_head_to_head_counts_every_meeting_of_two_teams():
    # A beats B in matches 1 and 2, B beats A in match 3; A loses to C and B beats D in match 4.
    # A and B have 4 match points each; between them A won 4, B 2: A is ahead on head-to-head.
    results = [
        TeamResult(1, 1, "A", "B", 100),
        TeamResult(2, 2, "A", "B", 100),
        TeamResult(3, 3, "A", "B", -100),
        TeamResult(4, 4, "A", "C", -100),
        TeamResult(4, 5, "B", "D", 100),
    ]
    out = team_standings(results, method="match-points", tie_break="head-to-head")
    assert [(s.team, s.label, s.points, s.decided_by) for s in out] == [
        ("A", "1", 4, "head-to-head"),
        ("B", "2", 4, "head-to-head"),
        ("C", "3", 2, None),
        ("D", "4", 0, None),
    ]


def test_numbers_are_taken_exactly_and_opponents_may_be_any_collection():
    assert standings_from_totals({"a": 0.1})[0].total == Fraction(1, 10)  # 0.1 as written, not as a binary float
    assert GameScore("a", 1, 5, None, ["b", "c"]).opponents == ("b", "c")
    assert GameScore("a", 1, 5, None, {"b"}).opponents == ("b",)
    assert GameScore("a", 1, 5, None, None).opponents == ()
    assert GameScore("a", 1, 5, None, "b").opponents == ("b",)


def test_equal_entrants_are_listed_by_type_then_text():
    # ids of different types: ints before strings, whatever their text
    out = standings_from_totals({"1": 5, 2: 5})
    assert [s.entrant for s in out] == [2, "1"]
    scores = [GameScore("b", 1, 10), GameScore("a", 1, 10), GameScore("c", 1, 20)]
    assert [(s.entrant, s.label) for s in session_standings(scores)] == [("c", "1"), ("a", "=2"), ("b", "=2")]


def test_count_back_after_splitting_a_group_applies_the_next_tie_break_to_the_rest():
    # a, b, c all total 10. Count-back: a's last game (6) beats b's and c's (5 each), and b and c
    # are level over every window. Head-to-head then splits them: b scored 5 against c; c never
    # met a or b.
    scores = [
        GameScore("a", 1, 4, None, "x"),
        GameScore("a", 2, 6, None, "y"),
        GameScore("b", 1, 5, None, "c"),
        GameScore("b", 2, 5, None, "y"),
        GameScore("c", 1, 5, None, "x"),
        GameScore("c", 2, 5, None, "z"),
    ]
    out = session_standings(scores, tie_break=["count-back", "head-to-head"])
    assert [(s.entrant, s.label, s.decided_by) for s in out] == [
        ("a", "1", "count-back"),
        ("b", "2", "head-to-head"),
        ("c", "3", "head-to-head"),
    ]


def test_count_back_on_a_percentage_event_compares_percentages_not_matchpoints():
    # both 50 % over the session; over the last game a has 6 of 10 (60 %), b 7 of 14 (50 %)
    scores = [
        GameScore("a", 1, 4, 10),
        GameScore("a", 2, 6, 10),
        GameScore("b", 1, 3, 6),
        GameScore("b", 2, 7, 14),
    ]
    out = session_standings(scores, by="percentage", tie_break="count-back")
    assert [(s.entrant, s.label, s.percentage) for s in out] == [("a", "1", 50), ("b", "2", 50)]


def test_count_back_puts_a_game_not_played_below_a_zero():
    # both 25 %: a scored 5 of 10 then 0 of 10; b played only game 1, 5 of 20. Over the last game
    # a has 0 %, b nothing: a is ahead.
    scores = [GameScore("a", 1, 5, 10), GameScore("a", 2, 0, 10), GameScore("b", 1, 5, 20)]
    out = session_standings(scores, by="percentage", tie_break="count-back")
    assert [(s.entrant, s.label, s.decided_by) for s in out] == [("a", "1", "count-back"), ("b", "2", "count-back")]


def test_the_ladder_lists_equal_entrants_by_id_and_the_unqualified_by_value():
    scores = [
        SessionScore("jan", "b", 50),
        SessionScore("feb", "b", 50),
        SessionScore("jan", "a", 50),
        SessionScore("feb", "a", 50),
        SessionScore("jan", "y", 40),
        SessionScore("jan", "x", 40),
        SessionScore("jan", "z", 70),
    ]
    out = season_ladder(scores, method="average", min_sessions=2)
    assert [(s.entrant, s.label, s.tied, s.qualified) for s in out] == [
        ("a", "=1", True, True),
        ("b", "=1", True, True),
        ("z", "", False, False),
        ("x", "", False, False),
        ("y", "", False, False),
    ]
    assert all(s.tied is False for s in out if not s.qualified)
