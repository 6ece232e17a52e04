"""Progressive tallies (RULES.md §5–6): nets, totals, zero sum, paper-card cross-checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tallies import (
    CutthroatResult,
    Discrepancy,
    GameResult,
    TallyCard,
    TallyError,
    TallyLine,
    cross_check,
    cutthroat_cross_check,
    expected_sum,
    plain,
    session_totals,
    signed,
    tallies,
    zero_sum_check,
)


def progressive_session(scores: list[list[tuple[int, int]]]) -> list[GameResult]:
    """Fixed partnerships: majors pairs M1..MT stay at their table; minors pairs N1..NT move up
    one table after each game (T wraps to 1). ``scores[g][t]`` is (majors, minors) at table t+1."""
    tables = len(scores[0])
    out = []
    for g, row in enumerate(scores):
        for t, (majors_score, minors_score) in enumerate(row):
            minors = f"N{(t - g) % tables + 1}"
            out.append(GameResult(g + 1, t + 1, f"M{t + 1}", minors, majors_score, minors_score))
    return out


def cards_from(results: list[GameResult], with_tables: bool = True) -> list[TallyCard]:
    """The tally cards a careful player would write for these scoresheets."""
    cards = []
    for entrant, tally in tallies(results).items():
        lines = tuple(
            TallyLine(game, tally.nets[game], tally.tables[game] if with_tables else None)
            for game in sorted(tally.nets)
        )
        cards.append(TallyCard(entrant, lines, tally.total))
    return cards


SESSION = progressive_session(
    [
        [(1500, 1200), (900, 1410), (1030, 1030)],
        [(2020, 760), (1100, 1250), (700, 1640)],
        [(1250, 1250), (1880, 1000), (990, 1600)],
    ]
)


def test_nets_per_game_totals_and_running_totals():
    t = tallies(SESSION)
    assert t["M1"].nets == {1: 300, 2: 1260, 3: 0}
    assert t["N1"].nets == {1: -300, 2: 150, 3: 610}  # tables 1, 2, 3
    assert t["N1"].tables == {1: 1, 2: 2, 3: 3}
    assert t["M1"].total == 1560 and t["M1"].games == 3
    assert t["M1"].running() == [(1, 300), (2, 1560), (3, 1560)]
    totals = session_totals(SESSION)
    assert totals == {"M1": 1560, "M2": 220, "M3": -1550, "N1": 460, "N2": 1450, "N3": -2140}
    assert sum(totals.values()) == 0
    assert zero_sum_check(totals) == []


def test_zero_sum_check_reports_the_difference():
    (d,) = zero_sum_check({"A": 120, "B": -100})
    assert d.kind == "zero-sum" and "+20" in d.message


def test_individual_event_players_share_their_sides_net_and_teams_of_three_offset_the_sum():
    results = [
        GameResult(1, 1, ("ann", "bob"), ("cy", "di"), 1400, 1000),
        GameResult(1, 2, ("ed", "flo", "gus"), ("hal", "ivy"), 900, 1300),  # a table of five
    ]
    totals = session_totals(results)
    assert totals["ann"] == totals["bob"] == 400 and totals["cy"] == -400
    assert totals["gus"] == -400 and totals["ivy"] == 400
    assert expected_sum(results) == -400  # (3 − 2) × −400
    assert zero_sum_check(totals, expected_sum(results)) == []
    assert zero_sum_check(totals) != []


def test_someone_at_two_tables_in_one_game():
    with pytest.raises(TallyError, match="game 1: 'A' is at table 1 and at table 2"):
        tallies([GameResult(1, 1, "A", "B", 10, 0), GameResult(1, 2, "C", "A", 10, 0)])
    with pytest.raises(TallyError, match="listed twice"):
        tallies([GameResult(1, 1, ("A", "B"), ("A", "C"), 10, 0)])


def test_signed():
    assert [signed(1250), signed(-40), signed(0)] == ["+1,250", "-40", "0"]


# --- paper cards ---------------------------------------------------------------------------------


def replace_line(cards: list[TallyCard], entrant: str, game: int, net: int, total: int | None = None) -> list:
    out = []
    for card in cards:
        if card.entrant == entrant:
            lines = tuple(TallyLine(ln.game, net, ln.table) if ln.game == game else ln for ln in card.lines)
            card = TallyCard(entrant, lines, sum(ln.net for ln in lines) if total is None else total)
        out.append(card)
    return out


def test_consistent_cards_pass_with_and_without_scoresheets():
    cards = cards_from(SESSION)
    assert cross_check(cards) == []
    assert cross_check(cards, SESSION) == []
    assert cross_check(cards_from(SESSION, with_tables=False), SESSION) == []


def test_two_tallies_not_exact_negatives_name_the_table_and_game():
    cards = replace_line(cards_from(SESSION), "N3", 2, -1000)  # N3 moved to table 1 for game 2: -1,260
    found = cross_check(cards, names={"N3": "Nora & Ned", "M1": "Max & Mo"})
    assert [d.kind for d in found] == ["not-negatives", "zero-sum"]
    first = found[0]
    assert (first.game, first.table, set(first.entrants)) == (2, 1, {"M1", "N3"})
    assert first.message == (
        "Table 1, game 2: Max & Mo +1,260, Nora & Ned -1,000 — these should be exact negatives of each other."
    )
    assert "+260" in found[1].message


def test_tally_differs_from_the_scoresheet():
    cards = replace_line(cards_from(SESSION), "M2", 1, -501)
    found = cross_check(cards, SESSION, zero_sum=False)
    assert found == [
        Discrepancy(
            "scoresheet",
            "Table 2, game 1: M2 wrote -501 but the scoresheet gives -510 (majors 900, minors 1,410).",
            game=1,
            table=2,
            entrants=("M2",),
        )
    ]


def test_written_total_wrong():
    cards = replace_line(cards_from(SESSION), "M1", 1, 300, total=1650)
    found = cross_check(cards)
    assert [d.kind for d in found] == ["total", "zero-sum"]
    assert found[0].message == "M1's card: the lines add up to +1,560 but the total written is +1,650."


def test_duplicate_game_and_duplicate_card():
    cards = cards_from(SESSION)
    m1 = cards[0]
    doubled = TallyCard(m1.entrant, (*m1.lines, TallyLine(2, 40, 1)), None)
    found = cross_check([doubled, *cards[1:], cards[1]], zero_sum=False)
    kinds = sorted(d.kind for d in found)
    assert kinds == ["duplicate", "duplicate"]
    assert any("game 2 twice (+1,260 and +40)" in d.message for d in found)
    assert any("two tally cards for" in d.message for d in found)


def test_missing_line_missing_card_wrong_table():
    cards = [c for c in cards_from(SESSION) if c.entrant != "N2"]
    m1 = next(c for c in cards if c.entrant == "M1")
    cards[cards.index(m1)] = TallyCard("M1", m1.lines[:2], None)  # game 3 left off
    n1 = next(c for c in cards if c.entrant == "N1")
    cards[cards.index(n1)] = TallyCard("N1", (n1.lines[0], TallyLine(2, 150, 1), n1.lines[2]), None)  # wrote table 1
    found = cross_check(cards, SESSION, zero_sum=False)
    kinds = [(d.kind, d.game, d.table) for d in found]
    assert ("missing-line", 3, 1) in kinds
    assert ("wrong-table", 2, 1) in kinds
    assert kinds[-1] == ("missing-card", None, None)
    wrong = next(d for d in found if d.kind == "wrong-table")
    assert wrong.message == "Table 1, game 2: N1 wrote +150, but the scoresheets have N1 at table 2."


def test_lines_the_scoresheets_cannot_place():
    cards = [*cards_from(SESSION), TallyCard("X", (TallyLine(1, 50, 9), TallyLine(2, -50)), 0)]
    found = [d for d in cross_check(cards, SESSION) if d.entrants == ("X",)]
    assert [d.message for d in found] == [
        "Table 9, game 1: X wrote +50, but there is no scoresheet for table 9 in game 1.",
        "Game 2 (no table written): X wrote -50, but the scoresheets do not have X in game 2.",
    ]


def test_unpaired_line_without_scoresheets():
    found = cross_check([TallyCard("A", (TallyLine(1, 200, 4),), 200)], zero_sum=False)
    assert [(d.kind, d.table) for d in found] == [("unpaired", 4)]


def test_individual_table_of_four_and_five():
    ok = [TallyCard(p, (TallyLine(1, n, 1),)) for p, n in [("a", 50), ("b", 50), ("c", -50), ("d", -50)]]
    assert cross_check(ok) == []
    five = [TallyCard(p, (TallyLine(1, n, 2),)) for p, n in [("a", 50), ("b", 50), ("e", 50), ("c", -50), ("d", -50)]]
    assert cross_check(five, zero_sum=False) == []
    bad = [TallyCard(p, (TallyLine(1, n, 1),)) for p, n in [("a", 50), ("b", 50), ("c", 50), ("d", -50)]]
    (d,) = cross_check(bad, zero_sum=False)
    assert d.kind == "not-negatives" and "one net and its negative" in d.message


# --- cutthroat cards: own scores --------------------------------------------------------------------

# The cutthroat night of tests/director/standings/test_cutthroat.py, its scores worked by hand there:
# table 2 is three-handed in both games (p8 is seated at its ♣ seat but plays no game).
CUTTHROAT = [
    CutthroatResult(1, 1, {"p1": 900, "p2": 440, "p3": 1710, "p4": 630}),
    CutthroatResult(1, 2, {"p5": 1060, "p6": 340, "p7": 1800}),
    CutthroatResult(2, 1, {"p5": 700, "p2": 1260, "p7": 770, "p3": 620}),
    CutthroatResult(2, 2, {"p1": 860, "p6": 200, "p4": 140}),
]
CUTTHROAT_TOTALS = {"p1": 1760, "p2": 1700, "p3": 2330, "p4": 770, "p5": 1760, "p6": 540, "p7": 2570}


def cutthroat_cards(results: list[CutthroatResult], with_tables: bool = True) -> list[TallyCard]:
    """The cards careful cutthroat players would write: their own score each game, and the sum."""
    lines: dict[str, list[TallyLine]] = {}
    for r in sorted(results, key=lambda r: (r.game, r.table)):
        for player, own in r.scores.items():
            lines.setdefault(player, []).append(TallyLine(r.game, own, r.table if with_tables else None))
    return [TallyCard(p, tuple(ls), sum(ln.net for ln in ls)) for p, ls in sorted(lines.items())]


def test_cutthroat_cards_that_agree_pass_and_nothing_pairs_or_sums_to_zero():
    cards = cutthroat_cards(CUTTHROAT)
    assert {c.entrant: c.total for c in cards} == CUTTHROAT_TOTALS
    assert cutthroat_cross_check(cards, CUTTHROAT) == []
    assert cutthroat_cross_check(cutthroat_cards(CUTTHROAT, with_tables=False), CUTTHROAT) == []
    assert cutthroat_cross_check(cards) == []
    # The partnership check, wrong for these cards: no net and its negative at any table, and the
    # totals are 11,430, not 0. That is why cutthroat cards have their own check.
    kinds = [d.kind for d in cross_check(cards)]
    assert kinds == ["not-negatives"] * 4 + ["zero-sum"]


def test_cutthroat_transposed_scores_are_each_named_with_the_sheet():
    cards = replace_line(replace_line(cutthroat_cards(CUTTHROAT), "p1", 1, 440), "p2", 1, 900)  # each wrote the other's
    found = cutthroat_cross_check(cards, CUTTHROAT, names={"p1": "Ann", "p2": "Bob"})
    sheet = "the sheet has Ann 900, Bob 440, p3 1,710, p4 630"
    assert found == [
        Discrepancy(
            "scoresheet",
            f"Table 1, game 1: Ann wrote 440 but the scoresheet gives 900 ({sheet}).",
            game=1,
            table=1,
            entrants=("p1",),
        ),
        Discrepancy(
            "scoresheet",
            f"Table 1, game 1: Bob wrote 900 but the scoresheet gives 440 ({sheet}).",
            game=1,
            table=1,
            entrants=("p2",),
        ),
    ]
    # Without the sheets nothing can see it: each card adds up, and one player's card says nothing
    # about another's.
    assert cutthroat_cross_check(cards) == []


def test_cutthroat_score_differs_from_the_sheet_three_handed():
    cards = replace_line(cutthroat_cards(CUTTHROAT), "p7", 1, 1080)
    (d,) = cutthroat_cross_check(cards, CUTTHROAT)
    assert (d.kind, d.game, d.table, d.entrants) == ("scoresheet", 1, 2, ("p7",))
    assert d.message == (
        "Table 2, game 1: p7 wrote 1,080 but the scoresheet gives 1,800 (the sheet has p5 1,060, p6 340, p7 1,800)."
    )


def test_cutthroat_written_total_wrong_with_and_without_sheets():
    cards = replace_line(cutthroat_cards(CUTTHROAT), "p7", 2, 770, total=2750)  # 1,800 + 770 = 2,570
    expected = [
        Discrepancy("total", "p7's card: the lines add up to 2,570 but the total written is 2,750.", entrants=("p7",))
    ]
    assert cutthroat_cross_check(cards, CUTTHROAT) == expected
    assert cutthroat_cross_check(cards) == expected


def test_cutthroat_player_at_the_wrong_table_and_one_who_played_no_game():
    cards = cutthroat_cards(CUTTHROAT)
    p1 = next(c for c in cards if c.entrant == "p1")
    cards[cards.index(p1)] = TallyCard("p1", (p1.lines[0], TallyLine(2, 860, 1)), 1760)  # p1 was at table 2
    cards.append(TallyCard("p8", (TallyLine(1, 340, 2),), 340))  # seated at table 2's empty ♣ seat
    found = cutthroat_cross_check(cards, CUTTHROAT)
    assert [(d.kind, d.game, d.table, d.entrants, d.message) for d in found] == [
        ("wrong-table", 1, 2, ("p8",), "Table 2, game 1: p8 wrote 340, but p8 is not on that table's scoresheet."),
        ("wrong-table", 2, 1, ("p1",), "Table 1, game 2: p1 wrote 860, but the scoresheets have p1 at table 2."),
    ]


def test_cutthroat_missing_line_missing_card_and_a_game_written_twice():
    cards = [c for c in cutthroat_cards(CUTTHROAT) if c.entrant != "p6"]
    p4 = next(c for c in cards if c.entrant == "p4")
    cards[cards.index(p4)] = TallyCard("p4", p4.lines[:1], None)  # game 2 left off
    p3 = next(c for c in cards if c.entrant == "p3")
    cards[cards.index(p3)] = TallyCard("p3", (*p3.lines, TallyLine(1, 1700, 1)), None)
    found = cutthroat_cross_check(cards, CUTTHROAT)
    assert [(d.kind, d.game, d.table, d.message) for d in found] == [
        ("duplicate", 1, 1, "p3's card has game 1 twice (1,710 and 1,700)."),
        ("missing-line", 2, 2, "Table 2, game 2: p4's card has no line for this game (the scoresheet gives 140)."),
        ("missing-card", None, None, "No tally card entered for p6."),
    ]


def test_cutthroat_sheet_reads_like_a_partnership_sheet_for_the_check():
    sheet = CutthroatResult(3, 4, {"a": 0, "b": 1250, "c": 20})
    assert sheet.seated == ("a", "b", "c")
    assert (sheet.figure_of("b"), sheet.figure_of("a"), sheet.figure_of("z")) == (1250, 0, None)
    assert sheet.breakdown(str.upper) == "the sheet has A 0, B 1,250, C 20"
    pairs = GameResult(1, 2, ("a", "b"), ("c", "d"), 900, 1410)
    assert pairs.seated == ("a", "b", "c", "d") and pairs.figure_of("c") == 510
    assert pairs.breakdown(str) == "majors 900, minors 1,410"
    assert [plain(1250), plain(0), plain(40)] == ["1,250", "0", "40"]


# --- properties ----------------------------------------------------------------------------------

score = st.integers(0, 300).map(lambda n: n * 10)


@st.composite
def sessions(draw):
    tables = draw(st.integers(1, 6))
    games = draw(st.integers(1, 5))
    return progressive_session([[(draw(score), draw(score)) for _ in range(tables)] for _ in range(games)])


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_zero_sum_holds_for_any_consistent_session(results):
    totals = session_totals(results)
    assert sum(totals.values()) == 0
    assert zero_sum_check(totals) == []
    assert cross_check(cards_from(results)) == []
    assert cross_check(cards_from(results), results) == []


@settings(max_examples=100, deadline=None)
@given(sessions(), st.data())
def test_one_miswritten_line_is_found_at_its_table_and_game(results, data):
    result = data.draw(st.sampled_from(results))
    entrant = data.draw(st.sampled_from([*result.majors, *result.minors]))
    wrong = result.net_of(entrant) + data.draw(
        st.integers(1, 50).map(lambda n: n * 10 * data.draw(st.sampled_from([1, -1])))
    )
    cards = replace_line(cards_from(results), entrant, result.game, wrong)
    for found in (cross_check(cards), cross_check(cards, results)):
        places = {(d.game, d.table) for d in found if d.kind in ("not-negatives", "scoresheet")}
        assert places == {(result.game, result.table)}
        assert any(d.kind == "zero-sum" for d in found)


@st.composite
def cutthroat_sessions(draw):
    """Tables of three or four, players p0.. reseated at random each game, own scores 0–3,250."""
    players = [f"p{i}" for i in range(draw(st.integers(3, 16)))]
    out = []
    for game in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(players))
        table, i = 1, 0
        while len(order) - i >= 3:
            size = 4 if len(order) - i >= 4 and draw(st.booleans()) else 3
            out.append(CutthroatResult(game, table, {p: draw(score) for p in order[i : i + size]}))
            table, i = table + 1, i + size
    return out


@settings(max_examples=100, deadline=None)
@given(cutthroat_sessions(), st.data())
def test_one_miswritten_cutthroat_score_is_found_at_its_table_and_game_only(results, data):
    cards = cutthroat_cards(results)
    assert cutthroat_cross_check(cards, results) == []
    assert cutthroat_cross_check(cards) == []
    result = data.draw(st.sampled_from(results))
    player = data.draw(st.sampled_from(result.seated))
    own = result.figure_of(player)
    wrong = data.draw(st.integers(0, 3250).filter(lambda n: n != own))
    found = cutthroat_cross_check(replace_line(cards, player, result.game, wrong), results)
    assert [(d.kind, d.game, d.table, d.entrants) for d in found] == [
        ("scoresheet", result.game, result.table, (player,))
    ]
    assert f"wrote {plain(wrong)} but the scoresheet gives {plain(own)}" in found[0].message
