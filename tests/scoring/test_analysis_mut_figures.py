"""The figures of an analysis (scoring.analysis), checked on small cases worked out by hand or
recomputed independently: lopsidedness, mean and spread, hand statistics, the request checks and
their messages, analyse's per-side figures, analyse_sets, default_jobs and compare_players."""

from __future__ import annotations

import math
import re
import statistics
from concurrent.futures import Future
from statistics import NormalDist

import pytest

from scoring import analysis as an
from scoring.analysis import (
    _mean_sd,
    analyse,
    analyse_sets,
    compare_players,
    default_jobs,
    hand_statistics,
    lopsidedness,
)
from scoring.cards import CARDS, SUITS
from scoring.club import ClubPlayer
from scoring.gamesets import GameSet, deal_game_set
from scoring.play import RandomPlayer, play_game, simulate_random_game
from scoring.scores import score_game
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, STANDARD

SET = deal_game_set(1, "c0ffee")
PHI = NormalDist()  # the standard normal distribution, an implementation independent of erf/erfc


# --- lopsidedness ------------------------------------------------------------------------------


def test_lopsidedness_worked_case():
    # 4 games, sd 200: the mean's standard error is 200 / √4 = 100, the margin 1.96 × 100; a mean
    # net of -100 is one standard error from zero: Φ(1) = 84.1 % sure. Uniformly dealt sets (random
    # players, standard rule) spread √(477² + 552² / 4) = √303705 about zero: the tail is both sides.
    margin, confidence, tail = lopsidedness(-100.0, 200.0, 4, "random", STANDARD)
    assert margin == pytest.approx(195.9964, abs=1e-4)
    assert confidence == pytest.approx(PHI.cdf(1.0), rel=1e-9) == pytest.approx(0.841345, abs=1e-6)
    assert tail == pytest.approx(2 * (1 - PHI.cdf(100 / math.sqrt(303705))), rel=1e-9)
    assert tail == pytest.approx(0.8560, abs=1e-4)


def test_lopsidedness_club_all_fours_uses_its_own_spreads():
    # club players, all fours: √(555² + 591² / 9) = √(308025 + 38809) = √346834
    margin, confidence, tail = lopsidedness(700.0, 900.0, 9, "club", ALL_FOURS)
    assert margin == pytest.approx(1.959963984540054 * 300)
    assert confidence == pytest.approx(PHI.cdf(700 / 300), rel=1e-9)
    assert tail == pytest.approx(2 * (1 - PHI.cdf(700 / math.sqrt(346834))), rel=1e-9)


def test_lopsidedness_two_games_have_a_margin():
    # two games are the fewest with a spread: error = 300 / √2
    error = 300 / math.sqrt(2)
    margin, confidence, _ = lopsidedness(150.0, 300.0, 2, "random", STANDARD)
    assert margin == pytest.approx(1.959963984540054 * error)
    assert confidence == pytest.approx(PHI.cdf(150 / error), rel=1e-9)


def test_lopsidedness_of_one_game_has_no_margin():
    # a single game gives no spread to go by: no margin; any lead is "sure", none is a coin toss
    assert lopsidedness(300.0, 0.0, 1, "random", STANDARD)[:2] == (0.0, 1.0)
    assert lopsidedness(0.5, 0.0, 1, "random", STANDARD)[:2] == (0.0, 1.0)
    assert lopsidedness(-40.0, 0.0, 1, "club", STANDARD)[:2] == (0.0, 1.0)
    assert lopsidedness(0.0, 0.0, 1, "random", STANDARD) == (0.0, 0.5, 1.0)
    # the sd passed is ignored with one game (there is none)
    assert lopsidedness(300.0, 250.0, 1, "random", STANDARD)[:2] == (0.0, 1.0)
    # the tail still compares the mean with uniformly dealt sets analysed with one game
    tail = lopsidedness(300.0, 0.0, 1, "random", STANDARD)[2]
    assert tail == pytest.approx(2 * (1 - PHI.cdf(300 / math.sqrt(477.0**2 + 552.0**2))), rel=1e-9)


def test_lopsidedness_with_a_small_standard_error():
    # error 1 / √4 = 0.5 point: a mean net of 0.5 is one standard error from zero
    margin, confidence, _ = lopsidedness(0.5, 1.0, 4, "random", STANDARD)
    assert margin == pytest.approx(1.959963984540054 * 0.5)
    assert confidence == pytest.approx(PHI.cdf(1.0), rel=1e-9)


# --- mean and standard deviation ---------------------------------------------------------------


def test_mean_sd_worked_cases():
    assert _mean_sd([]) == (0.0, 0.0)
    assert _mean_sd([7]) == (7.0, 0.0)
    mean, sd = _mean_sd([2, 4])  # sample sd: √((1 + 1) / 1)
    assert mean == 3.0 and sd == pytest.approx(math.sqrt(2))
    mean, sd = _mean_sd([1, 2, 3, 6])  # √((4 + 1 + 0 + 9) / 3)
    assert mean == 3.0 and sd == pytest.approx(math.sqrt(14 / 3))
    mean, sd = _mean_sd([-300, 100, 500])  # √((400² + 0 + 400²) / 2) = 400
    assert mean == 100.0 and sd == pytest.approx(400.0)


# --- static hand statistics --------------------------------------------------------------------


def _cards(suit: str, ranks: str) -> tuple:
    """The cards of ``suit`` with these ranks, low first (as the deck lists them)."""
    return tuple(c for c in CARDS if c.suit == suit and c.rank in ranks)


LOW_TO_HIGH = "23456789TJQKA"


def built_set() -> GameSet:
    """Four deals, each one copy of the deck, with hand-checked statistics (see the test)."""
    everything = {suit: _cards(suit, LOW_TO_HIGH) for suit in SUITS}
    deal1 = {
        "S": _cards("S", "3456789TJQKA") + _cards("H", "2"),
        "H": _cards("S", "2") + _cards("H", "3456789TJQKA"),
        "D": _cards("D", "2345678") + _cards("C", "9TJQKA"),
        "C": _cards("D", "9TJQKA") + _cards("C", "2345678"),
    }
    deal2 = {"S": everything["H"], "H": everything["S"], "D": everything["C"], "C": everything["D"]}
    deal3 = {"S": everything["D"], "H": everything["C"], "D": everything["S"], "C": everything["H"]}
    deal4 = {
        "S": _cards("S", "9TJQKA") + _cards("H", "2345678"),
        "H": _cards("S", "2345678") + _cards("H", "9TJQKA"),
        "D": _cards("D", "234567") + _cards("C", "89TJQKA"),
        "C": _cards("D", "89TJQKA") + _cards("C", "234567"),
    }
    return GameSet(5, (deal1, deal2, deal3, deal4))


def test_hand_statistics_of_a_built_set():
    hands, seats = hand_statistics(built_set())
    assert [(h.deal, h.seat) for h in hands] == [(d, s) for d in (1, 2, 3, 4) for s in "SHDC"]
    first = hands[0]  # deal 1, Spades: twelve spades (no two) and the two of hearts
    assert first.suit_lengths == {"S": 12, "H": 1, "D": 0, "C": 0}
    assert first.own_suit == "AKQJT9876543"
    assert first.hand == "S AKQJT9876543 H 2 D - C -"
    d1 = hands[2]  # deal 1, Diamonds: seven low diamonds, six high clubs
    assert (d1.deal, d1.seat, d1.suit_lengths) == (1, "D", {"S": 0, "H": 0, "D": 7, "C": 6})
    assert d1.own_suit == "8765432" and d1.hand == "S - H - D 8765432 C AKQJT9"
    s2 = hands[4]  # deal 2, Spades holds all the hearts: no own suit
    assert (s2.deal, s2.seat, s2.suit_lengths, s2.own_suit) == (2, "S", {"S": 0, "H": 13, "D": 0, "C": 0}, "")
    assert s2.hand == "S - H AKQJT98765432 D - C -"
    c4 = hands[15]
    assert (c4.deal, c4.seat, c4.suit_lengths) == (4, "C", {"S": 0, "H": 0, "D": 7, "C": 6})
    assert c4.own_suit == "765432" and c4.hand == "S - H - D AKQJT98 C 765432"

    by_seat = {s.seat: s for s in seats}
    assert [s.seat for s in seats] == list("SHDC")
    # Spades: deal 1 the spades 3..A, deal 4 the spades 9..A; the two of spades never
    for name in "SH":
        stats = by_seat[name]
        assert stats.own_suit_cards == 18
        assert stats.own_ranks == dict(zip("AKQJT98765432", [2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0], strict=True))
        assert stats.missing_ranks == "2"
        assert stats.partner_suit_cards == 1 + 13 + 0 + 7
    for name in "DC":
        stats = by_seat[name]
        assert stats.own_suit_cards == 7 + 6
        assert stats.own_ranks == dict(zip("AKQJT98765432", [0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2], strict=True))
        assert stats.missing_ranks == "AKQJT9"
        assert stats.partner_suit_cards == 6 + 13 + 0 + 7


# --- the request checks and their messages -----------------------------------------------------


def test_unknown_players_message():
    with pytest.raises(ValueError) as err:
        analyse(SET, games=1, players="smart")
    assert str(err.value) == "unknown players 'smart' (use 'club' or 'random')"
    with pytest.raises(ValueError) as err:
        analyse_sets([SET], games=1, players="Club", jobs=1)
    assert str(err.value) == "unknown players 'Club' (use 'club' or 'random')"


@pytest.mark.parametrize("games", [0, -3, 1.5, 2.0, True, "4", None])
def test_bad_number_of_games_message(games):
    with pytest.raises(ValueError) as err:
        analyse(SET, games=games, players="random")
    assert str(err.value) == f"the number of games must be a whole number ≥ 1, not {games!r}"
    with pytest.raises(ValueError) as err:
        analyse_sets([SET], games=games, players="random", jobs=1)
    assert str(err.value) == f"the number of games must be a whole number ≥ 1, not {games!r}"


def test_unknown_rule_message():
    message = "unknown trick rule 'whist' (known rules: 'standard', 'beat-the-leader', 'all-fours')"
    with pytest.raises(ValueError, match=re.escape(message)):
        analyse(SET, "whist", games=1)
    with pytest.raises(ValueError, match=re.escape(message)):
        analyse_sets([SET], "whist", games=1, jobs=1)


@pytest.mark.parametrize("jobs", [0, -2, 1.0, True, "2"])
def test_bad_jobs_message(jobs):
    with pytest.raises(ValueError) as err:
        analyse_sets([SET], games=1, players="random", jobs=jobs)
    assert str(err.value) == f"jobs must be a whole number ≥ 1, not {jobs!r}"


def test_one_game_and_one_job_are_accepted():
    [result] = analyse_sets([SET], ALL_FOURS, games=1, seed=3, players="random", jobs=1)
    assert (result.games, result.rule, result.seed, result.players) == (1, ALL_FOURS, 3, "random")


# --- analyse: the per-side figures, recomputed from the games themselves -------------------------


def _expected_side(majors: list[int], minors: list[int], calypsos: list[int], sign: int) -> dict:
    nets = [sign * (a - b) for a, b in zip(majors, minors, strict=True)]
    own = majors if sign == 1 else minors
    return {
        "mean_score": statistics.fmean(own),
        "sd_score": statistics.stdev(own),
        "mean_net": statistics.fmean(nets),
        "sd_net": statistics.stdev(nets),
        "mean_calypsos": statistics.fmean(calypsos),
        "wins": sum(1 for n in nets if n > 0),
    }


def _check(result, sheets, games, players, rule):
    majors, minors = [], []
    for sheet in sheets:
        score = score_game(sheet)
        majors.append(score.majors)
        minors.append(score.minors)
    cal_maj = [s["calypsos"]["S"] + s["calypsos"]["H"] for s in sheets]
    cal_min = [s["calypsos"]["D"] + s["calypsos"]["C"] for s in sheets]
    for side, sign, cal in ((result.majors, 1, cal_maj), (result.minors, -1, cal_min)):
        expected = _expected_side(majors, minors, cal, sign)
        assert side.side == ("majors" if sign == 1 else "minors")
        for name, value in expected.items():
            assert getattr(side, name) == pytest.approx(value), name
    mean_net = statistics.fmean(a - b for a, b in zip(majors, minors, strict=True))
    sd_net = statistics.stdev(a - b for a, b in zip(majors, minors, strict=True))
    error = sd_net / math.sqrt(games)
    key = (players, rule)
    spread = math.sqrt(an.SET_SPREAD[key] ** 2 + an.GAME_SPREAD[key] ** 2 / games)
    assert result.margin == pytest.approx(1.959963984540054 * error)
    assert result.confidence == pytest.approx(PHI.cdf(abs(mean_net) / error))
    assert result.tail == pytest.approx(2 * (1 - PHI.cdf(abs(mean_net) / spread)))
    assert result.lopsided is (result.tail < 0.05)
    assert result.favoured == ("majors" if mean_net > 0 else "minors" if mean_net < 0 else None)
    return majors, minors


def test_analyse_random_players_figures_from_their_games():
    games = 3
    sheets = [simulate_random_game(SET, STANDARD, seed=f"1:{i}") for i in range(games)]
    result = analyse(SET, STANDARD, games, seed=1, players="random")
    majors, minors = _check(result, sheets, games, "random", STANDARD)
    # the games chosen tell partners and sides apart: both partners of each side complete calypsoes
    assert any(s["calypsos"]["H"] for s in sheets) and any(s["calypsos"]["C"] for s in sheets)
    assert majors != minors and len({m - n for m, n in zip(majors, minors, strict=True)}) == games
    assert (result.game_set, result.rule, result.players, result.games, result.seed) == (1, STANDARD, "random", 3, 1)
    assert result.hands == hand_statistics(SET)[0] and result.seats == hand_statistics(SET)[1]


@pytest.mark.parametrize("rule", [ALL_FOURS, BEAT_THE_LEADER])
def test_analyse_random_players_play_the_rule_asked_for(rule):
    games = 3
    sheets = [simulate_random_game(SET, rule, seed=f"r:{i}") for i in range(games)]
    # the rule matters for these games: under the standard rule they score otherwise
    standard = [simulate_random_game(SET, STANDARD, seed=f"r:{i}") for i in range(games)]
    assert [score_game(s).net for s in sheets] != [score_game(s).net for s in standard]
    result = analyse(SET, rule, games, seed="r", players="random")
    _check(result, sheets, games, "random", rule)
    assert (result.rule, result.players, result.seed) == (rule, "random", "r")


def test_analyse_club_players_are_seeded_by_seed_game_and_seat():
    games = 2
    sheets = []
    for i in range(games):
        seats = {seat: ClubPlayer(f"k:{i}:{seat}") for seat in SUITS}
        sheets.append(play_game(SET, seats, BEAT_THE_LEADER).sheet_dict())
    result = analyse(SET, BEAT_THE_LEADER, games, seed="k")
    _check(result, sheets, games, "club", BEAT_THE_LEADER)
    assert (result.rule, result.players, result.seed) == (BEAT_THE_LEADER, "club", "k")


def test_wins_and_ties_over_the_games():
    # random players, seed 2, 8 games: a win is a net above zero for that side; a tie counts for neither
    sheets = [simulate_random_game(SET, ALL_FOURS, seed=f"2:{i}") for i in range(8)]
    nets = [score_game(s).net for s in sheets]
    result = analyse(SET, ALL_FOURS, 8, seed=2, players="random")
    assert result.majors.wins == sum(n > 0 for n in nets)
    assert result.minors.wins == sum(n < 0 for n in nets)
    assert result.majors.wins + result.minors.wins == 8 - nets.count(0)


def test_analyse_defaults_are_a_hundred_games_seed_zero_club_players():
    result = analyse(SET, players="random")
    assert (result.games, result.seed) == (100, 0)
    assert result == analyse(SET, STANDARD, 100, 0, players="random")
    assert analyse(SET, games=1).players == "club"
    [many] = analyse_sets([SET], players="random", jobs=1)
    assert many == result
    assert analyse_sets([SET], games=1, jobs=1)[0].players == "club"


def test_analyse_progress_counts_games_one_by_one():
    calls = []
    analyse(SET, games=4, players="random", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


# --- analyse_sets ------------------------------------------------------------------------------

SETS = [SET, deal_game_set(2, "c0ffee"), deal_game_set(3, "c0ffee")]


def test_analyse_sets_serial_passes_everything_and_reports_progress():
    calls = []
    results = analyse_sets(
        iter(SETS), ALL_FOURS, 3, "q", players="random", jobs=1, progress=lambda d, t: calls.append((d, t))
    )
    assert results == [analyse(s, ALL_FOURS, 3, "q", players="random") for s in SETS]
    assert [(r.game_set, r.rule, r.games, r.seed, r.players) for r in results] == [
        (n, ALL_FOURS, 3, "q", "random") for n in (1, 2, 3)
    ]
    assert calls == [(1, 3), (2, 3), (3, 3)]


class _Pool:
    """Stands in for ProcessPoolExecutor: records how many workers were asked for and runs each job
    at once, here."""

    made: list[int | None] = []

    def __init__(self, max_workers=None):
        _Pool.made.append(max_workers)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, *args, **kwargs):
        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize(("jobs", "workers"), [(2, 2), (3, 3), (8, 3)])
def test_analyse_sets_runs_at_most_jobs_sets_at_once(monkeypatch, jobs, workers):
    _Pool.made = []
    monkeypatch.setattr(an, "ProcessPoolExecutor", _Pool)
    calls = []
    results = analyse_sets(
        SETS, BEAT_THE_LEADER, 2, "w", players="random", jobs=jobs, progress=lambda d, t: calls.append((d, t))
    )
    assert _Pool.made == [workers]  # never more workers than jobs, nor than sets
    assert results == [analyse(s, BEAT_THE_LEADER, 2, "w", players="random") for s in SETS]
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_analyse_sets_default_jobs_are_the_usable_cores(monkeypatch):
    _Pool.made = []
    monkeypatch.setattr(an, "ProcessPoolExecutor", _Pool)
    monkeypatch.setattr(an, "default_jobs", lambda: 2)
    analyse_sets(SETS, games=1, players="random")
    assert _Pool.made == [2]
    _Pool.made = []
    monkeypatch.setattr(an, "default_jobs", lambda: 1)
    assert analyse_sets(SETS, games=1, players="random") == [analyse(s, games=1, players="random") for s in SETS]
    assert _Pool.made == []  # one usable core: the sets run here, one after another


def test_analyse_sets_of_one_set_runs_here():
    _Pool.made = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(an, "ProcessPoolExecutor", _Pool)
        assert analyse_sets([SET], games=2, players="random", jobs=4) == [analyse(SET, games=2, players="random")]
    assert _Pool.made == []


# --- default_jobs ------------------------------------------------------------------------------


def test_default_jobs_without_an_affinity_call_is_the_cpu_count(monkeypatch):
    monkeypatch.delattr(an.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(an.os, "cpu_count", lambda: 3)
    assert default_jobs() == 3
    monkeypatch.setattr(an.os, "cpu_count", lambda: None)  # unknown: one
    assert default_jobs() == 1


# --- compare_players ---------------------------------------------------------------------------


def _compare(game_set, rule, games, seed):
    """The docstring's figure: each pair seats two club and two random players (seeded by four
    draws of ``random.Random(str(seed))``), then the same four swap sides; the mean of (net with
    the club players as majors − net with them as minors) / 2 over the pairs."""
    import random

    rng = random.Random(f"{seed}")
    halves = []
    for _ in range(games):
        s = [rng.randrange(2**32) for _ in range(4)]
        c1, c2, r1, r2 = ClubPlayer(s[0]), ClubPlayer(s[1]), RandomPlayer(s[2]), RandomPlayer(s[3])
        a = play_game(game_set, {"S": c1, "H": c2, "D": r1, "C": r2}, rule).score().net
        b = play_game(game_set, {"S": r1, "H": r2, "D": c1, "C": c2}, rule).score().net  # the same four players
        halves.append((a - b) / 2)
    return sum(halves) / games


def test_compare_players_is_the_mean_of_the_swapped_pairs():
    assert compare_players(SET, ALL_FOURS, 3, seed=5) == pytest.approx(_compare(SET, ALL_FOURS, 3, 5))
    assert compare_players(SET, BEAT_THE_LEADER, 2, seed="x") == pytest.approx(_compare(SET, BEAT_THE_LEADER, 2, "x"))


def test_compare_players_defaults_are_ten_pairs_and_seed_zero():
    assert compare_players(SET) == pytest.approx(_compare(SET, STANDARD, 10, 0))
    assert compare_players(SET) != compare_players(SET, seed=1)


# --- ties, an even set and the smallest lead ---------------------------------------------------


def _net(seed: str) -> int:
    return score_game(simulate_random_game(SET, STANDARD, seed=seed)).net


def test_a_tied_game_counts_for_neither_side_and_favours_neither():
    assert _net("63:0") == 0  # random players, seed 63: the one game is a tie
    result = analyse(SET, games=1, seed=63, players="random")
    assert (result.majors.wins, result.minors.wins) == (0, 0)
    assert result.majors.mean_net == 0 and result.favoured is None
    assert (result.margin, result.confidence, result.tail, result.lopsided) == (0.0, 0.5, 1.0, False)
    assert result.verdict() == "balanced: favours neither side"


def test_two_games_that_cancel_favour_neither_side():
    first, second = _net("99:0"), _net("99:1")
    assert first == -second != 0  # seed 99: the second game undoes the first
    result = analyse(SET, games=2, seed=99, players="random")
    assert (result.majors.wins, result.minors.wins) == (1, 1)
    assert result.majors.mean_net == 0 and result.favoured is None
    assert result.confidence == 0.5 and result.tail == 1.0 and not result.lopsided


def test_a_lead_of_one_point_a_game_favours_that_side():
    assert sum(_net(f"122:{i}") for i in range(10)) == 10  # seed 122: ten games, 10 points in all
    result = analyse(SET, games=10, seed=122, players="random")
    assert result.majors.mean_net == 1.0 and result.minors.mean_net == -1.0
    assert result.favoured == "majors"
    assert result.verdict().startswith("balanced: favours the majors by 1 ± ")


def test_two_games_are_enough_to_flag_a_lopsided_set():
    from tests.scoring.test_analysis import one_sided_set

    result = analyse(one_sided_set(), games=2, seed=2)  # club players
    assert result.tail < 0.05 and result.lopsided is True
    assert result.verdict().startswith("lopsided: favours the majors by ")


def test_a_set_the_minors_win_favours_the_minors():
    nets = [_net(f"4:{i}") for i in range(3)]
    assert all(n < 0 for n in nets)  # seed 4: the minors win all three games
    result = analyse(SET, games=3, seed=4, players="random")
    assert result.favoured == "minors"
    assert (result.majors.wins, result.minors.wins) == (0, 3)
    assert result.minors.mean_net == -sum(nets) / 3 > 0
    assert result.verdict().startswith(f"balanced: favours the minors by {-sum(nets) / 3:.0f} ± ")
