"""Standings (RULES.md §6–7): ranks, tie-breaks, team events, season ladder."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.standings import (
    GameScore,
    SessionScore,
    StandingsError,
    TeamResult,
    game_scores_from_results,
    rank_label,
    ranks,
    season_ladder,
    session_standings,
    standings_from_totals,
    team_standings,
)
from scoring.tallies import GameResult


def table(standings, attr="entrant"):
    return [(getattr(s, attr), s.label) for s in standings]


# --- ranks ---------------------------------------------------------------------------------------


def test_equal_totals_share_a_rank_and_the_next_rank_skips():
    assert ranks({"A": 10, "B": 20, "C": 20, "D": 5}) == {
        "B": (1, True),
        "C": (1, True),
        "A": (3, False),
        "D": (4, False),
    }
    assert ranks({"A": 3, "B": 1}, higher_is_better=False) == {"B": (1, False), "A": (2, False)}
    assert [rank_label(3, True), rank_label(3, False), rank_label(None, False)] == ["=3", "3", ""]


def test_standings_from_totals():
    out = standings_from_totals({"A": 120, "B": -40, "C": 120, "D": -200, "E": Decimal("0")})
    assert table(out) == [("A", "=1"), ("C", "=1"), ("E", "3"), ("B", "4"), ("D", "5")]
    assert out[2].total == 0


# --- sessions ------------------------------------------------------------------------------------


def test_progressive_session_standings_from_scoresheets():
    results = [
        GameResult(1, 1, "M1", "N1", 1500, 1200),
        GameResult(1, 2, "M2", "N2", 900, 1410),
        GameResult(2, 1, "M1", "N2", 1000, 1000),
        GameResult(2, 2, "M2", "N1", 1300, 1090),
    ]
    out = session_standings(game_scores_from_results(results))
    # Nets: game 1 M1 +300, N1 -300, M2 -510, N2 +510; game 2 M1 0, N2 0, M2 +210, N1 -210.
    assert [(s.entrant, s.label, s.total, s.games) for s in out] == [
        ("N2", "1", 510, 2),
        ("M1", "2", 300, 2),
        ("M2", "3", -300, 2),
        ("N1", "4", -510, 2),
    ]
    assert out[0].percentage is None
    assert sum(s.total for s in out) == 0


def test_matchpoint_session_by_percentage():
    scores = [
        GameScore("P1", 1, F(199, 10), 20),
        GameScore("P1", 2, 5, 10),  # a set with fewer tables: smaller top
        GameScore("P2", 1, 12, 20),
        GameScore("P2", 2, 9, 10),
        GameScore("P3", 1, F(36, 5), 8),  # one set only: 90 %, but the smallest total
    ]
    by_pct = session_standings(scores, by="percentage")
    assert [(s.entrant, s.label, s.percentage) for s in by_pct] == [("P3", "1", 90), ("P1", "2", 83), ("P2", "3", 70)]
    by_total = session_standings(scores)
    assert [s.entrant for s in by_total] == ["P1", "P2", "P3"]


def test_tied_pairs_stay_tied_without_tie_break():
    scores = [GameScore("A", 1, 100, opponents="B"), GameScore("B", 1, -100, opponents="A")]
    scores += [GameScore("A", 2, -200, opponents="C"), GameScore("B", 2, 0, opponents="D")]
    scores += [GameScore("C", 1, 30), GameScore("D", 1, -30)]
    out = session_standings(scores, tie_break="none")
    assert table(out) == [("C", "1"), ("D", "2"), ("A", "=3"), ("B", "=3")]


def test_head_to_head_separates_two_equal_totals():
    scores = [GameScore("A", 1, 100, opponents="B"), GameScore("B", 1, -100, opponents="A")]
    scores += [GameScore("A", 2, -200, opponents="C"), GameScore("B", 2, 0, opponents="D")]
    scores += [GameScore("C", 1, 30), GameScore("D", 1, -30)]
    out = session_standings(scores, tie_break="head-to-head")
    assert table(out) == [("C", "1"), ("D", "2"), ("A", "3"), ("B", "4")]
    assert out[2].decided_by == "head-to-head" and out[0].decided_by is None


def test_head_to_head_mini_league_of_three_then_reapplied():
    # A, B, C all total 0. Among themselves: A +50 (beat B by 50), B +50 (beat C by 100, lost
    # to A by 50), C -100. A and B level on the mini-league: reapplied between the two, A beat B.
    def meeting(game, x, y, net):
        return [GameScore(x, game, net, opponents=y), GameScore(y, game, -net, opponents=x)]

    scores = meeting(1, "A", "B", 50) + meeting(2, "B", "C", 100) + meeting(3, "C", "A", 0)
    scores += [GameScore("A", 4, -50), GameScore("B", 4, -50), GameScore("C", 4, 100)]
    assert {s.entrant: s.total for s in session_standings(scores)} == {"A": 0, "B": 0, "C": 0}
    out = session_standings(scores, tie_break="head-to-head")
    assert table(out) == [("A", "1"), ("B", "2"), ("C", "3")]


def test_head_to_head_that_cannot_decide_falls_through_to_count_back():
    scores = [GameScore("A", 1, 300), GameScore("A", 2, -100), GameScore("B", 1, 100), GameScore("B", 2, 100)]
    assert table(session_standings(scores, tie_break="head-to-head")) == [("A", "=1"), ("B", "=1")]
    out = session_standings(scores, tie_break=["head-to-head", "count-back"])
    assert table(out) == [("B", "1"), ("A", "2")]  # B better over the last game
    assert out[0].decided_by == "count-back"


def test_count_back_looks_further_back_when_the_last_games_are_level():
    scores = [GameScore("A", g, n) for g, n in [(1, 50), (2, 150), (3, 20)]]
    scores += [GameScore("B", g, n) for g, n in [(1, 100), (2, 100), (3, 20)]]
    assert table(session_standings(scores, tie_break="count-back")) == [("A", "1"), ("B", "2")]


def test_count_back_on_percentages():
    scores = [GameScore("A", 1, 6, 8), GameScore("A", 2, 2, 8), GameScore("B", 1, 2, 8), GameScore("B", 2, 6, 8)]
    out = session_standings(scores, by="percentage", tie_break="count-back")
    assert table(out) == [("B", "1"), ("A", "2")]


def test_individual_head_to_head_with_partnership_opponents():
    results = [
        GameResult(1, 1, ("ann", "bob"), ("cy", "di"), 1200, 1000),
        GameResult(2, 1, ("ann", "cy"), ("bob", "di"), 900, 1100),
    ]
    out = session_standings(game_scores_from_results(results), tie_break="head-to-head")
    # Totals ann 0, bob +400, cy -400, di 0. ann and di met in both games (+200 then -200 for
    # ann): head-to-head cannot separate them.
    assert [s.total for s in out] == [400, 0, 0, -400]
    assert {s.entrant: s.label for s in out} == {"bob": "1", "ann": "=2", "di": "=2", "cy": "4"}


def test_session_errors():
    with pytest.raises(StandingsError, match="tie-break"):
        session_standings([], tie_break="coin toss")
    with pytest.raises(StandingsError, match="two results for game 1"):
        session_standings([GameScore("A", 1, 5), GameScore("A", 1, 6)])
    with pytest.raises(StandingsError, match="no matchpoint tops"):
        session_standings([GameScore("A", 1, 5)], by="percentage")
    with pytest.raises(StandingsError, match="basis"):
        session_standings([], by="imps")
    with pytest.raises(StandingsError, match="not a number"):
        session_standings([GameScore("A", 1, True)])
    assert session_standings([]) == []


# --- teams ---------------------------------------------------------------------------------------

# Round 1: Red v Blue, Green v Gold; round 2: Red v Green, Blue v Gold. Two game sets a match.
TEAMS = [
    TeamResult(1, 1, "Red", "Blue", 300),
    TeamResult(1, 2, "Red", "Blue", -100),
    TeamResult(1, 3, "Green", "Gold", 50),
    TeamResult(1, 4, "Green", "Gold", 50),
    TeamResult(2, 5, "Red", "Green", -20),
    TeamResult(2, 6, "Red", "Green", 0),
    TeamResult(2, 7, "Blue", "Gold", 400),
    TeamResult(2, 8, "Blue", "Gold", -390),
]


def test_team_aggregate_konstam():
    out = team_standings(TEAMS, method="aggregate")
    # Red 300 − 100 − 20 + 0; Green 50 + 50 + 20 + 0; Gold −50 − 50 − 400 + 390; Blue −300 + 100 + 400 − 390.
    assert [(s.team, s.label, s.points) for s in out] == [
        ("Red", "1", 180),
        ("Green", "2", 120),
        ("Gold", "3", -110),
        ("Blue", "4", -190),
    ]
    assert sum(s.aggregate for s in out) == 0


def test_team_board_a_match():
    out = team_standings(TEAMS, method="board-a-match")
    points = {s.team: (s.points, s.won, s.drawn, s.lost) for s in out}
    # Sets won/drawn/lost — Red: 1 W 1 L v Blue, 1 D 1 L v Green; Green: 2 W v Gold, 1 W 1 D v Red;
    # Blue: 1 W 1 L twice; Gold: 2 L v Green, 1 W 1 L v Blue.
    assert points == {
        "Red": (F(3, 2), 1, 1, 2),
        "Green": (F(7, 2), 3, 1, 0),
        "Blue": (F(2), 2, 0, 2),
        "Gold": (F(1), 1, 0, 3),
    }
    assert table(out, "team") == [("Green", "1"), ("Blue", "2"), ("Red", "3"), ("Gold", "4")]


def test_team_match_points_with_aggregate_tie_break():
    out = team_standings(TEAMS, method="match-points")
    summary = [(s.team, s.label, s.points, s.aggregate, s.won, s.drawn, s.lost, s.decided_by) for s in out]
    assert summary == [
        ("Green", "1", 4, 120, 2, 0, 0, None),
        ("Red", "2", 2, 180, 1, 0, 1, "aggregate"),
        ("Blue", "3", 2, -190, 1, 0, 1, "aggregate"),
        ("Gold", "4", 0, -110, 0, 0, 2, None),
    ]
    plain = team_standings(TEAMS, method="match-points", tie_break="none")
    assert table(plain, "team") == [("Green", "1"), ("Blue", "=2"), ("Red", "=2"), ("Gold", "4")]
    h2h = team_standings(TEAMS, method="match-points", tie_break="head-to-head")
    assert table(h2h, "team")[1:3] == [("Red", "2"), ("Blue", "3")]  # Red beat Blue in round 1


def test_team_draw_and_partnership_level_records_are_summed():
    records = [
        TeamResult("r1", "s1", "A", "B", 120),  # A majors at table 1
        TeamResult("r1", "s1", "A", "B", -60),  # A minors at table 2, same set
        TeamResult("r1", "s2", "A", "B", -60),
        TeamResult("r1", "s2", "B", "A", 60),  # B's own record of s2; B's s1 is taken as −60
    ]
    out = team_standings(records, method="match-points")
    assert [(s.team, s.label, s.points, s.aggregate, s.drawn) for s in out] == [
        ("A", "=1", 1, 0, 1),
        ("B", "=1", 1, 0, 1),
    ]
    assert [s.label for s in team_standings(records, "match-points", tie_break="none")] == ["=1", "=1"]


def test_team_records_of_one_set_that_do_not_cancel():
    with pytest.raises(StandingsError, match="not exact negatives"):
        team_standings([TeamResult(1, 1, "A", "B", 60), TeamResult(1, 1, "B", "A", 0)])


def test_team_errors():
    with pytest.raises(StandingsError, match="method"):
        team_standings(TEAMS, method="swiss")
    with pytest.raises(StandingsError, match="recorded against"):
        team_standings([TeamResult(1, 1, "A", "B", 10), TeamResult(1, 2, "A", "C", 10)])


# --- season ladder -------------------------------------------------------------------------------

SEASON = [
    SessionScore("jan", "Ann", F(5625, 100)),
    SessionScore("feb", "Ann", Decimal("48.75")),
    SessionScore("mar", "Ann", 60),
    SessionScore("jan", "Bob", 55),
    SessionScore("feb", "Bob", F(5625, 100)),
    SessionScore("jan", "Cy", 70),
    SessionScore("feb", "Di", 50),
    SessionScore("mar", "Di", F(5625, 100)),
    SessionScore("apr", "Di", F(5875, 100)),
]


def test_season_ladder_average_with_minimum_attendance():
    out = season_ladder(SEASON, method="average", min_sessions=2)
    # Bob (55 + 56.25)/2 = 55.625; Ann (56.25 + 48.75 + 60)/3 = 55 = Di (50 + 56.25 + 58.75)/3.
    assert [(s.entrant, s.label, s.value, s.sessions, s.qualified) for s in out] == [
        ("Bob", "1", F(445, 8), 2, True),
        ("Ann", "=2", 55, 3, True),
        ("Di", "=2", 55, 3, True),
        ("Cy", "", 70, 1, False),
    ]


def test_season_ladder_total_and_best_n():
    totals = season_ladder(SEASON, method="total")
    assert [(s.entrant, s.label, s.value) for s in totals] == [
        ("Ann", "=1", 165),
        ("Di", "=1", 165),
        ("Bob", "3", F(445, 4)),
        ("Cy", "4", 70),
    ]
    # Best two: Ann (60 + 56.25)/2 = 58.125, Di (58.75 + 56.25)/2 = 57.5, Bob 55.625.
    best_two = season_ladder(SEASON, method="average", best=2, min_sessions=2)
    assert [(s.entrant, s.label, s.value, s.counted) for s in best_two] == [
        ("Ann", "1", F(465, 8), 2),
        ("Di", "2", F(115, 2), 2),
        ("Bob", "3", F(445, 8), 2),
        ("Cy", "", 70, 1),
    ]


def test_season_ladder_errors():
    with pytest.raises(StandingsError, match="two results"):
        season_ladder([SessionScore("jan", "A", 50), SessionScore("jan", "A", 60)])
    with pytest.raises(StandingsError, match="method"):
        season_ladder(SEASON, method="median")


# --- properties ----------------------------------------------------------------------------------

totals_st = st.dictionaries(st.integers(1, 30), st.integers(-5, 5).map(lambda n: n * 10), max_size=25)


def assert_consistent(values, standings, value_of):
    for s in standings:
        better = sum(1 for v in values.values() if v > value_of(s))
        equal = sum(1 for v in values.values() if v == value_of(s))
        assert s.rank == 1 + better
        assert s.tied == (equal > 1)
        assert s.label == (f"={s.rank}" if equal > 1 else str(s.rank))
    labels = {}
    for s in standings:
        assert labels.setdefault(value_of(s), s.label) == s.label  # equal totals ⇒ equal label


@settings(max_examples=150, deadline=None)
@given(totals_st)
def test_rank_ties_are_consistent(totals):
    assert_consistent(totals, standings_from_totals(totals), lambda s: s.total)
    scores = [GameScore(e, 1, v) for e, v in totals.items()]
    assert_consistent(totals, session_standings(scores), lambda s: s.total)
    ladder = season_ladder([SessionScore("s", e, v) for e, v in totals.items()], method="total")
    assert_consistent(totals, ladder, lambda s: s.value)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 8), st.integers(1, 4), st.integers(-3, 3)), max_size=40))
def test_tie_breaks_only_reorder_equal_totals(rows):
    scores, seen = [], set()
    for entrant, game, net in rows:
        if (entrant, game) not in seen:
            seen.add((entrant, game))
            scores.append(GameScore(entrant, game, net, opponents=(entrant % 8) + 1))
    plain = {s.entrant: s for s in session_standings(scores)}
    broken = session_standings(scores, tie_break=["head-to-head", "count-back"])
    for s in broken:
        better = [t for t in broken if t.total > s.total]
        assert len(better) < s.rank <= len(better) + sum(1 for t in broken if t.total == s.total)
        assert plain[s.entrant].rank <= s.rank
        ahead = sum(1 for t in broken if t.rank < s.rank)
        assert s.rank == 1 + ahead
        assert s.tied == (sum(1 for t in broken if t.rank == s.rank) > 1)


# --- bad options are StandingsErrors naming them --------------------------------------------------------------------


@pytest.mark.parametrize("tie_break", [None, 5, [5], ["count-back", None]])
def test_tie_break_that_is_not_a_name_is_a_standings_error(tie_break):
    with pytest.raises(StandingsError, match="tie-break"):
        session_standings([GameScore("a", 1, 10)], tie_break=tie_break)


@pytest.mark.parametrize(
    ("best", "min_sessions"), [("2", 1), (1.5, 1), (True, 1), (None, "2"), (None, 1.5), (None, None)]
)
def test_ladder_counts_that_are_not_whole_numbers_are_standings_errors(best, min_sessions):
    with pytest.raises(StandingsError):
        season_ladder([SessionScore(1, "a", 50)], best=best, min_sessions=min_sessions)


def test_team_standings_tie_break_that_is_not_a_name():
    with pytest.raises(StandingsError, match="tie-break"):
        team_standings([TeamResult(1, 1, "A", "B", 10)], tie_break=[3])


# --- a pairs event's two fields (issue 14.10) -----------------------------------------------------


def _mitchell_scores():
    """Two tables, two sets: majors 1, 2 stay; minors 3, 4 move. Top 1 per set and direction."""
    return [
        GameScore(1, 1, 1, 1, 3),
        GameScore(2, 1, 0, 1, 4),
        GameScore(3, 1, 0, 1, 1),
        GameScore(4, 1, 1, 1, 2),
        GameScore(1, 2, F(1, 2), 1, 4),
        GameScore(2, 2, F(1, 2), 1, 3),
        GameScore(3, 2, 1, 1, 2),
        GameScore(4, 2, 0, 1, 1),
    ]


SEATED = {1: "majors", 2: "majors", 3: "minors", 4: "minors"}


def test_separate_lists_rank_each_direction_from_1():
    from scoring.standings import standings_by_direction

    lists = standings_by_direction(_mitchell_scores(), SEATED, by="percentage")
    assert [lst.direction for lst in lists] == ["majors", "minors"]
    assert table(lists[0].standings) == [(1, "1"), (2, "2")]
    # both minors pairs have 50 %: they share first place within their list, not =2 of four
    assert table(lists[1].standings) == [(3, "=1"), (4, "=1")]
    assert lists[0].standings[0].percentage == 75


def test_one_overall_list_ranks_everybody_together():
    from scoring.standings import standings_by_direction

    (only,) = standings_by_direction(_mitchell_scores(), SEATED, by="percentage", separate=False)
    assert only.direction is None
    assert table(only.standings) == [(1, "1"), (3, "=2"), (4, "=2"), (2, "4")]


def test_ties_within_a_direction_are_broken_on_that_direction_only():
    from scoring.standings import standings_by_direction

    lists = standings_by_direction(_mitchell_scores(), SEATED, by="percentage", tie_break="count-back")
    minors = lists[1].standings
    # count-back: the last game decides (3 scored 1 of 1 in game 2, 4 scored 0)
    assert table(minors) == [(3, "1"), (4, "2")]
    assert minors[0].decided_by == "count-back"


def test_a_direction_with_nothing_scored_yet_is_an_empty_list_and_an_unseated_entrant_is_refused():
    from scoring.standings import standings_by_direction

    lists = standings_by_direction([GameScore(1, 1, 1, 1, 3)], SEATED)
    assert [(lst.direction, len(lst.standings)) for lst in lists] == [("majors", 1), ("minors", 0)]
    with pytest.raises(StandingsError, match="9"):
        standings_by_direction([GameScore(9, 1, 1, 1, 3)], SEATED)


def test_auto_ranking_is_separate_for_a_mitchell_and_overall_otherwise():
    from scoring.standings import ranking_for

    assert ranking_for("auto", "mitchell") == "separate"
    assert ranking_for("auto", "barometer") == "overall"
    assert ranking_for("auto", "manual") == "overall"
    assert ranking_for("overall", "mitchell") == "overall"
    assert ranking_for("separate", "barometer") == "separate"
    assert ranking_for("", "mitchell") == "separate"
    with pytest.raises(StandingsError, match="unknown ranking"):
        ranking_for("winners", "mitchell")


def test_the_lists_rank_by_percentage_when_tops_differ_not_by_total():
    from scoring.standings import standings_by_direction

    # Pair 1 played one set, 3 of a top of 4 (75 %, total 3); pair 2 two sets, 2 of 4 each (50 %,
    # total 4). By percentage (the default, and asked) pair 1 leads; by total it would be pair 2.
    scores = [
        GameScore(1, 1, 3, 4, 3),
        GameScore(3, 1, 1, 4, 1),
        GameScore(2, 1, 2, 4, 4),
        GameScore(4, 1, 2, 4, 2),
        GameScore(2, 2, 2, 4, 3),
        GameScore(3, 2, 2, 4, 2),
    ]
    for asked in ({}, {"by": "percentage"}):
        majors, _ = standings_by_direction(scores, SEATED, **asked)
        assert table(majors.standings) == [(1, "1"), (2, "2")]
        (overall,) = standings_by_direction(scores, SEATED, separate=False, **asked)
        assert [s.entrant for s in overall.standings][:2] == [1, 2]
    majors, _ = standings_by_direction(scores, SEATED, by="total")
    assert table(majors.standings) == [(2, "1"), (1, "2")]


def test_one_overall_list_breaks_its_ties_too():
    from scoring.standings import standings_by_direction

    (only,) = standings_by_direction(
        _mitchell_scores(), SEATED, by="percentage", tie_break="count-back", separate=False
    )
    # 3 and 4 share 50 %; count-back: in the last game 3 scored 1 of 1, 4 scored 0.
    assert table(only.standings) == [(1, "1"), (3, "2"), (4, "3"), (2, "4")]


def test_an_unknown_ranking_names_the_three_there_are():
    from scoring.standings import ranking_for

    with pytest.raises(StandingsError) as caught:
        ranking_for("winners", "mitchell")
    assert str(caught.value) == "unknown ranking 'winners': use 'auto', 'separate', 'overall'"
