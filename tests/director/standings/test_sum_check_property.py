"""Every sum check the standings print is true, on every night shape a progressive night seats
(issue #30.5): tables of four, five and six, tables of three, Duets, byes and latecomers, some sheets
not in yet. Night shapes and sheets are generated; the standings are computed as the pages compute
them (``EventResults``), and the printed sentence — in each print language too — is read back and
held to figures added up here, table by table."""

from __future__ import annotations

import re
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from director.printing.words import EVENT_WORDS
from director.sheets.partnership.kind import Kind as Partnership
from director.sheets.three.kind import Kind as Three
from director.standings.models import StandingsOptions
from director.standings.selectors import TALLY, Entrant, EventResults, Play, Side, SubmissionRow
from director.standings.sum_check import sum_check
from scoring.tallies import signed
from scoring.variants import table_nets

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

TOTAL = re.compile(r"the totals add up to ([+-]?[\d,]+)")
WHERE = re.compile(r"game (\d+) table (\d+): ([+-]?[\d,]+)")


def number(text: str) -> int:
    return int(text.replace(",", ""))


@st.composite
def nights(draw):
    """``(plays, credited)``: the plays of a night and, by (game, table), each player's figure there
    as the rules credit it (a side's net to each of its players; a three's ``table_nets``)."""
    pool = draw(st.integers(4, 30))
    games = draw(st.integers(1, 4))
    plays, credited = {}, {}
    for game in range(1, games + 1):
        # who plays this game: the others sit out (a bye); a player first seen in a later game is a latecomer
        present = draw(st.permutations(range(1, pool + 1)))[: draw(st.integers(2, pool))]
        sizes = []
        left = len(present)
        while left >= 2:
            size = draw(st.sampled_from([s for s in (2, 3, 4, 5, 6) if s <= left]))
            sizes.append(size)
            left -= size
        start = 0
        for table, size in enumerate(sizes, start=1):
            seated = tuple(present[start : start + size])
            start += size
            confirmed = draw(st.booleans()) or draw(st.booleans())
            status = "confirmed" if confirmed else draw(st.sampled_from(["submitted", "disputed"]))
            if size == 3:
                totals = {seat: 10 * draw(st.integers(0, 400)) for seat in "SHC"}
                figures = table_nets(totals)
                by_player = dict(zip(seated, (figures[s] for s in "SHC"), strict=True))
                play = Play(game, table, sheet_kind=Three(), figures=by_player if confirmed else None)
                play.submission = SubmissionRow(game * 100 + table, game, table, status, 0, 0, 0)
                play.majors = Side("majors", seated[:2])
                play.minors = Side("minors", seated[2:])
            else:
                three_first = size == 5 and draw(st.booleans())
                cut = {2: 1, 4: 2, 5: 3 if three_first else 2, 6: 3}[size]
                majors, minors = seated[:cut], seated[cut:]
                score_m, score_n = 10 * draw(st.integers(0, 400)), 10 * draw(st.integers(0, 400))
                net = score_m - score_n
                play = Play(game, table, sheet_kind=Partnership())
                play.submission = SubmissionRow(game * 100 + table, game, table, status, score_m, score_n, net)
                play.majors = Side("majors", majors, score_m if confirmed else None, net if confirmed else None)
                play.minors = Side("minors", minors, score_n if confirmed else None, -net if confirmed else None)
                by_player = {p: net for p in majors} | {p: -net for p in minors}
            plays[(game, table)] = play
            if confirmed:
                credited[(game, table)] = by_player
    return plays, credited, games


def results_of(plays, games: int) -> EventResults:
    entrants = {
        p: Entrant(p, None, f"Player {p}", players=((p, f"Player {p}"),))
        for play in plays.values()
        for side in (play.majors, play.minors)
        for p in side.entrants
    }
    return EventResults(
        event=SimpleNamespace(matchpoint_scale="acbl", movement_kind=""),
        kind=TALLY,
        sheet_kind=Partnership(),
        rounds=[SimpleNamespace(number=g) for g in range(1, games + 1)],
        tables=sorted({t for _, t in plays}),
        plays=plays,
        entrants=entrants,
        options=StandingsOptions(),
    )


@settings(max_examples=150, deadline=None)
@given(nights())
def test_every_printed_sum_check_is_true(night):
    plays, credited, games = night
    results = results_of(plays, games)
    printed = sum(row.total for row in results.standings() if isinstance(row.total, int))
    by_table = {where: sum(figures.values()) for where, figures in credited.items()}
    assert printed == sum(by_table.values())  # the standings add up what the sheets credit

    check = sum_check(results)
    sentence = check.sentence()
    assert check.holds, sentence
    assert number(TOTAL.search(sentence).group(1)) == printed
    claimed = {(int(g), int(t)): number(net) for g, t, net in WHERE.findall(sentence)}
    if sentence.startswith("Zero-sum check"):
        assert printed == 0 and claimed == {}
    else:  # tables of five named, whose nets may cancel out (then the totals add up to 0)
        assert "Every other table adds up to 0" in sentence and claimed
        assert ("though not table by table" in sentence) is (printed == 0)
    # each table named adds up to what the sentence says, and every other table to 0
    assert claimed == {where: value for where, value in by_table.items() if value}
    for (game, table), value in claimed.items():
        play = plays[(game, table)]
        assert sorted((len(play.majors.entrants), len(play.minors.entrants))) == [2, 3] and value

    for lang, words in EVENT_WORDS.items():
        said = check.sentence(words)
        if printed:
            assert signed(printed) in said, lang
        assert all(signed(v) in said for v in claimed.values()), lang


def test_tables_of_five_that_cancel_out_are_named_though_the_totals_add_up_to_0():
    """Two tables of five whose sides of three won by the same net, one as majors and one as minors:
    the totals add up to 0, but neither table does; a director adding up the tally sheets table by
    table must not be told the night is zero-sum (found by the property above, 28 November)."""
    plays = {}
    for table, (three, two) in {1: ((1, 2, 3), (4, 5)), 2: ((6, 7), (8, 9, 10))}.items():
        play = Play(2, table, sheet_kind=Partnership())
        play.submission = SubmissionRow(200 + table, 2, table, "confirmed", 110, 100, 10)
        play.majors = Side("majors", three, 110, 10)
        play.minors = Side("minors", two, 100, -10)
        plays[(2, table)] = play
    check = sum_check(results_of(plays, 2))
    assert check.holds and check.total == 0 and [o.net for o in check.offsets] == [10, -10]
    sentence = check.sentence()
    assert not sentence.startswith("Zero-sum check")
    assert "the totals add up to 0, as they must, though not table by table" in sentence
    assert "(game 2 table 1: +10; game 2 table 2: -10)" in sentence
    for lang, words in EVENT_WORDS.items():
        said = check.sentence(words)
        assert "+10" in said and "-10" in said and said != words.zero_sum_ok, lang


def test_a_check_that_fails_says_by_how_much():
    """Figures that do not add up as the sheets make them (a table of three whose figures do not
    cancel) are said to be wrong, never "add up to 0"."""
    three = Play(1, 1, sheet_kind=Three(), figures={1: 100, 2: 0, 3: 0})
    three.submission = SubmissionRow(1, 1, 1, "confirmed", 0, 0, 0)
    three.majors, three.minors = Side("majors", (1, 2)), Side("minors", (3,))
    check = sum_check(results_of({(1, 1): three}, 1))
    assert not check.holds
    assert check.sentence() == ("Sum check: the totals add up to +100, not 0: a figure is wrong by +100 somewhere.")
