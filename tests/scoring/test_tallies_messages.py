"""What the tally cross-checks tell a director, word for word, with the game, table and entrants
of each discrepancy, and how a scoresheet's sides are read (the checks ``make mutate`` found
missing in scoring.tallies)."""

from __future__ import annotations

from scoring.tallies import (
    CutthroatResult,
    Discrepancy,
    GameResult,
    TallyCard,
    TallyLine,
    cross_check,
    tallies,
    zero_sum_check,
)


def card(entrant, *lines: tuple[int, int, int | None]) -> TallyCard:
    """A card of ``(game, net, table)`` lines."""
    return TallyCard(entrant, tuple(TallyLine(game, net, table) for game, net, table in lines))


def test_a_side_given_as_a_list_or_a_set_is_its_players():
    result = GameResult(1, 1, ["ann", "bob"], {"cy"}, 900, 500)
    assert (result.majors, result.minors) == (("ann", "bob"), ("cy",))
    assert (result.majors_net, result.minors_net) == (400, -400)
    assert result.net_of("bob") == 400 and result.net_of("cy") == -400 and result.net_of("dee") is None
    assert GameResult(1, 1, frozenset({"ann"}), "cy", 0, 0).majors == ("ann",)


def test_a_cutthroat_sheet_keeps_its_own_copy_of_the_scores():
    written = {"ann": 1250, "bob": 0, "cy": 20}
    sheet = CutthroatResult(1, 3, written)
    written["ann"] = 9999
    assert sheet.scores == {"ann": 1250, "bob": 0, "cy": 20}
    assert sheet.figure_of("ann") == 1250


def test_each_tally_knows_whose_it_is():
    found = tallies([GameResult(1, 1, "M1", "N1", 700, 400), GameResult(2, 2, "M1", "N2", 100, 300)])
    assert {entrant: tally.entrant for entrant, tally in found.items()} == {"M1": "M1", "N1": "N1", "N2": "N2"}
    assert found["M1"].nets == {1: 300, 2: -200} and found["M1"].tables == {1: 1, 2: 2}


def test_the_zero_sum_message_says_the_total_the_expected_sum_and_the_gap():
    assert zero_sum_check({"a": 120, "b": -100}) == [
        Discrepancy("zero-sum", "The tally totals add up to +20, not 0: a tally is wrong by +20 somewhere.")
    ]
    # an individual event with a team of three: the totals should add up to -400
    assert zero_sum_check({"a": -380}, -400) == [
        Discrepancy("zero-sum", "The tally totals add up to -380, not -400: a tally is wrong by +20 somewhere.")
    ]
    assert zero_sum_check({"a": -400, "b": 0}, -400) == []


def test_cards_of_a_team_of_three_add_up_to_the_sheets_offset_not_zero():
    # three majors lose 400 to two minors: the five cards add up to 3 × -400 + 2 × 400 = -400
    sheet = GameResult(1, 1, ("a", "b", "c"), ("d", "e"), 500, 900)
    cards = [card(p, (1, -400, 1)) for p in "abc"] + [card(p, (1, 400, 1)) for p in "de"]
    assert cross_check(cards, [sheet]) == []
    # one card wrong by 100 and its line wrong too: the sum is off by that much from -400
    cards[0] = card("a", (1, -300, 1))
    assert [d.message for d in cross_check(cards, [sheet]) if d.kind == "zero-sum"] == [
        "The tally totals add up to -300, not -400: a tally is wrong by +100 somewhere."
    ]


def test_a_line_with_no_opponents_card_is_named_with_its_game_and_table():
    found = cross_check([card("X", (2, 50, 4))], names={"X": "Xena"})
    assert found == [
        Discrepancy(
            "unpaired",
            "Table 4, game 2: only Xena's tally (+50); no opponent's card to check it against.",
            game=2,
            table=4,
            entrants=("X",),
        ),
        Discrepancy("zero-sum", "The tally totals add up to +50, not 0: a tally is wrong by +50 somewhere."),
    ]


def test_three_tallies_at_a_table_that_are_not_one_net_and_its_negative():
    cards = [card("a", (1, 100, 2)), card("b", (1, 100, 2)), card("c", (1, -50, 2))]
    found = cross_check(cards, zero_sum=False)
    assert found == [
        Discrepancy(
            "not-negatives",
            "Table 2, game 1: a +100, b +100, c -50 — the tallies should be one net and its negative.",
            game=1,
            table=2,
            entrants=("a", "b", "c"),
        )
    ]


def kinds(found: list[Discrepancy]) -> list[tuple]:
    return [(d.kind, d.game, d.table, d.entrants) for d in found]


def test_a_card_given_a_list_of_lines_keeps_them_as_a_tuple():
    written = TallyCard("a", [TallyLine(1, 50, 2)], 50)
    assert written.lines == (TallyLine(1, 50, 2),) and isinstance(written.lines, tuple)
    assert hash(written) == hash(TallyCard("a", (TallyLine(1, 50, 2),), 50))


def test_every_discrepancy_names_its_entrant():
    sheets = [GameResult(1, 1, "a", "b", 600, 400)]
    cards = [
        card("a", (1, 200, 1), (1, 200, 1)),
        card("a", (1, 200, 1)),
        TallyCard("b", (TallyLine(1, -200, 1),), -100),
    ]
    found = cross_check(cards, sheets, names={"a": "Ann", "b": "Bo"}, zero_sum=False)
    assert [(d.kind, d.entrants, d.message) for d in found] == [
        ("duplicate", ("a",), "Ann's card has game 1 twice (+200 and +200)."),
        ("duplicate", ("a",), "There are two tally cards for Ann."),
        ("total", ("b",), "Bo's card: the lines add up to -200 but the total written is -100."),
    ]
    missing = cross_check([card("a", (1, 200, 1))], sheets, zero_sum=False)
    assert kinds(missing) == [("missing-card", None, None, ("b",))]
    assert missing[0].message == "No tally card entered for b."
    lacking = cross_check([card("a", (1, 200, 1)), card("b", (2, 0, 1))], sheets, zero_sum=False)
    assert ("missing-line", 1, 1, ("b",)) in kinds(lacking)


def test_missing_cards_of_ids_of_different_types_are_listed_by_their_text():
    sheets = [GameResult(1, 1, 10, "p1", 600, 400), GameResult(1, 2, 9, "x", 500, 500)]
    found = cross_check([card("x", (1, 0, 2))], sheets, zero_sum=False)
    assert [d.entrants for d in found] == [(10,), (9,), ("p1",)]  # "10" < "9" < "p1"


def test_a_line_at_another_table_does_not_hide_the_next_players_missing_line():
    # a wrote game 1 at table 2, but sat at table 1 with b, whose card lacks game 1
    sheets = [GameResult(1, 1, "a", "b", 600, 400)]
    found = cross_check([card("a", (1, 200, 2)), card("b", (2, 0, None))], sheets, zero_sum=False)
    assert kinds(found) == [
        ("missing-line", 1, 1, ("b",)),
        ("wrong-table", 1, 2, ("a",)),
        ("wrong-table", 2, None, ("b",)),
    ]


def test_a_duplicate_card_or_line_does_not_stop_the_check_of_the_rest():
    cards = [
        card("a", (1, 50, 1), (1, 50, 1), (2, 70, 3)),
        card("a", (1, 50, 1)),
        TallyCard("b", (TallyLine(1, -50, 1),), 0),
    ]
    found = cross_check(cards, zero_sum=False)
    assert kinds(found) == [
        ("duplicate", 1, 1, ("a",)),
        ("unpaired", 2, 3, ("a",)),
        ("duplicate", None, None, ("a",)),
        ("total", None, None, ("b",)),
    ]


def test_discrepancies_are_ordered_by_game_then_table_unwritten_tables_last():
    cards = [
        card("c", (2, 10, None), (2, 10, None)),
        card("a", (2, 5, 3)),
        card("b", (2, 5, 1)),
        card("z", (1, 5, 0), (1, 5, 0)),
        card("y", (1, 5, 1), (1, 5, 1)),
        card("w", (0, 5, 4), (0, 5, 4)),
    ]
    found = cross_check(cards, zero_sum=False)
    # each doubled line is reported as a duplicate, then (being alone at its table) as unpaired
    assert [(d.game, d.table) for d in found] == [
        (0, 4),
        (0, 4),
        (1, 0),
        (1, 0),
        (1, 1),
        (1, 1),
        (2, 1),
        (2, 3),
        (2, None),
    ]
