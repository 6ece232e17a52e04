"""What a scoresheet check tells a director, word for word, and the per-player breakdown a director
prints (the checks ``make mutate`` found missing in scoring.scores): malformed ``revokes`` fed
through the structure checks, the exact ``ScoreSheetError.problems`` lists, and every figure of
``GameScore.to_dict``, ``CutthroatSheet.to_dict`` and ``CutthroatScore.to_dict``."""

from __future__ import annotations

import pytest

from scoring.scores import (
    CutthroatSheet,
    PlayerScore,
    ScoreSheet,
    ScoreSheetError,
    calypso_points,
    check_cutthroat,
    check_sheet,
    score_cutthroat,
    score_game,
    sheet_form,
)


def sheet(revokes: object = None) -> dict:
    """S 1 calypso + 5, H 3, D 2 calypsos + 4, C 7; majors pile 60, minors 208 − 39 − 19 − 60 = 90."""
    data: dict = {
        "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
        "unfinished": {"S": 5, "H": 3, "D": 4, "C": 7},
        "trick_piles": {"majors": 60, "minors": 90},
    }
    if revokes is not None:
        data["revokes"] = revokes
    return data


def cutthroat(revokes: object = None, seats: str = "SHDC") -> dict:
    """S 1 calypso + 1, H 2, D 3, C 4 unfinished; piles 50, 50, 50, 35 (13 + 10 + 185 = 208)."""
    data: dict = {
        "calypsos": dict(zip(seats, (1, 0, 0, 0), strict=False)),
        "unfinished": dict(zip(seats, (1, 2, 3, 4), strict=False)),
        "trick_piles": dict(zip(seats, (50, 50, 50, 35), strict=False)),
    }
    if revokes is not None:
        data["revokes"] = revokes
    return data


def refusal(call) -> ScoreSheetError:
    with pytest.raises(ScoreSheetError) as caught:
        call()
    return caught.value


def assert_refused(data: dict, check, parse, expected: list[str]) -> None:
    """``check`` lists exactly ``expected``; ``parse`` refuses the sheet with them, joined by "; "."""
    assert check(data) == expected
    error = refusal(lambda: parse(data, validate=False))
    assert error.problems == expected and str(error) == "; ".join(expected)


# --- malformed revokes, through every door -------------------------------------------------------------------------


PARTNERSHIP = (sheet, check_sheet, ScoreSheet.from_dict, score_game)
CUTTHROAT = (cutthroat, check_cutthroat, CutthroatSheet.from_dict, score_cutthroat)


@pytest.mark.parametrize(
    ("form", "revokes", "problem"),
    [
        (PARTNERSHIP, "none", "revokes must be an object with S, H, D, C"),
        (PARTNERSHIP, [0, 1, 0, 0], "revokes must be an object with S, H, D, C"),
        (PARTNERSHIP, {"S": "one"}, "revokes.S must be a whole number, not 'one'"),
        (PARTNERSHIP, {"H": 1.5}, "revokes.H must be a whole number, not 1.5"),
        (PARTNERSHIP, {"C": True}, "revokes.C must be a whole number, not True"),
        (PARTNERSHIP, {"X": 1}, "revokes: 'X' is not one of S, H, D, C"),
        (PARTNERSHIP, {"majors": 1}, "revokes: 'majors' is not one of S, H, D, C"),
        (CUTTHROAT, "none", "revokes must be an object with S, H, D, C"),
        (CUTTHROAT, {"S": "one"}, "revokes.S must be a whole number, not 'one'"),
        (CUTTHROAT, {"D": None}, "revokes.D must be a whole number, not None"),
        (CUTTHROAT, {"X": 1}, "revokes: 'X' is not one of S, H, D, C"),
    ],
)
def test_a_malformed_revokes_entry_is_the_one_problem_of_the_sheet(form, revokes, problem):
    build, check, parse, score = form
    data = build(revokes)
    assert check(data) == [problem]
    error = refusal(lambda: parse(data))
    assert error.problems == [problem] and str(error) == problem
    assert refusal(lambda: score(data)).problems == [problem]


def test_three_handed_revokes_may_not_name_the_removed_suit():
    # three-handed: the seats are those calypsos names; the fourth suit is not at the table
    three = cutthroat({"C": 1}, seats="SHD")
    three["trick_piles"] = {"S": 40, "H": 40, "D": 18}  # 13 + 6 + 98 = 117
    assert check_cutthroat(three) == ["revokes: 'C' is not one of S, H, D"]


def test_revokes_none_is_no_revokes_on_either_form():
    data = sheet()
    data["revokes"] = None
    assert check_sheet(data) == []
    assert ScoreSheet.from_dict(data).revokes == {"S": 0, "H": 0, "D": 0, "C": 0}
    data = cutthroat()
    data["revokes"] = None
    assert CutthroatSheet.from_dict(data).revokes == {"S": 0, "H": 0, "D": 0, "C": 0}


# --- exact problem lists ----------------------------------------------------------------------------------------


def test_every_structure_problem_of_a_partnership_sheet_in_order():
    data = {
        "calypsos": {"S": 1, "H": 0, "D": "x"},
        "unfinished": "lots",
        "trick_piles": {"majors": 60, "minors": 90, "east": 3},
        "revokes": {"Q": 1},
        "notes": "",
        "format": "v2",
        "form": "duplicate",
    }
    expected = [
        "calypsos.D must be a whole number, not 'x'",
        "calypsos.C is missing",
        "unfinished must be an object with S, H, D, C",
        "trick_piles: 'east' is not one of majors, minors",
        "revokes: 'Q' is not one of S, H, D, C",
        "'notes' is not part of a scoresheet",
        "format is 'v2', expected 'calypso-scoresheet/1'",
        "form is 'duplicate', expected 'partnership' or 'cutthroat'",
    ]
    assert_refused(data, check_sheet, ScoreSheet.from_dict, expected)


def test_every_structure_problem_of_a_cutthroat_sheet_in_order():
    data = cutthroat()
    data["unfinished"] = {"S": 1, "H": 2, "D": 3}
    data["trick_piles"] = "x"
    data["extra"] = 0
    data["format"] = "y"
    expected = [
        "unfinished.C is missing",
        "trick_piles must be an object with S, H, D, C",
        "'extra' is not part of a scoresheet",
        "format is 'y', expected 'calypso-scoresheet/1'",
    ]
    assert_refused(data, check_cutthroat, CutthroatSheet.from_dict, expected)


def test_a_cutthroat_sheet_without_calypsos_or_with_two_players():
    assert check_cutthroat([]) == ["a scoresheet must be an object, not list"]
    assert check_cutthroat({"calypsos": 3}) == ["calypsos must be an object keyed by the players' suits"]
    assert check_cutthroat({}) == ["calypsos must be an object keyed by the players' suits"]
    two = {"calypsos": {"S": 0, "H": 0}, "unfinished": {"S": 0, "H": 0}, "trick_piles": {"S": 0, "H": 0}}
    assert check_cutthroat(two) == ["cutthroat needs 3 or 4 players, calypsos names 2"]
    five_keys = cutthroat()
    five_keys["calypsos"]["X"] = 0
    assert check_cutthroat(five_keys) == ["calypsos: 'X' is not one of S, H, D, C"]


def test_every_count_problem_of_a_partnership_sheet_in_order():
    data = sheet({"S": -1, "D": 53})
    data["calypsos"] = {"S": -2, "H": 5, "D": 4, "C": 0}
    data["unfinished"] = {"S": 0, "H": 13, "D": 1, "C": -3}
    data["trick_piles"] = {"majors": -4, "minors": 209}
    # piles first, then the negatives (calypsos, unfinished, revokes), then the counts over their most
    assert check_sheet(data) == [
        "trick_piles.majors is -4: counts cannot be negative",
        "trick_piles.minors is 209: a trick pile holds at most the 208 cards in play",
        "calypsos.S is -2: counts cannot be negative",
        "unfinished.C is -3: counts cannot be negative",
        "revokes.S is -1: counts cannot be negative",
        "calypsos.H is 5: a player completes at most 4 calypsos (52 cards)",
        "unfinished.H is 13: an unfinished calypso holds 0–12 cards (13 complete a calypso)",
        "revokes.D is 53: a player makes at most 52 revokes (one a trick)",
        "D: 4 calypsos and 1 unfinished make 53 cards of one suit; there are only 52 (1 too many)",
    ]


def test_the_edges_of_each_range_are_allowed():
    # 4 calypsos and none unfinished is 52 cards: the most a player can hold; 52 revokes is one a trick
    data = {
        "calypsos": {"S": 4, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 0, "H": 12, "D": 0, "C": 0},
        "trick_piles": {"majors": 0, "minors": 208 - 52 - 12},
        "revokes": {"S": 0, "H": 0, "D": 52, "C": 0},
    }
    assert check_sheet(data) == []
    data["trick_piles"] = {"majors": 208, "minors": 0}
    data["calypsos"]["S"] = 0
    data["unfinished"]["H"] = 0
    assert check_sheet(data) == []


def test_cutthroat_counts_and_total_together():
    data = cutthroat({"H": 53})
    data["unfinished"]["D"] = 13
    data["trick_piles"]["C"] = 209
    assert check_cutthroat(data) == [
        "trick_piles.C is 209: a trick pile holds at most the 208 cards in play",
        "unfinished.D is 13: an unfinished calypso holds 0–12 cards (13 complete a calypso)",
        "revokes.H is 53: a player makes at most 52 revokes (one a trick)",
    ]
    over = cutthroat()
    over["calypsos"]["S"] = 4
    over["unfinished"]["S"] = 2
    over["trick_piles"] = {"S": 50, "H": 50, "D": 45, "C": 0}  # 52 + 2 + 9 + 145 = 208
    assert check_cutthroat(over) == [
        "S: 4 calypsos and 2 unfinished make 54 cards of one suit; there are only 52 (2 too many)"
    ]


def test_a_three_handed_sheet_counts_117_cards():
    three = cutthroat(seats="SHD")  # 13 + 1 + 2 + 3 + 50 + 50 + 50 = 169
    assert check_cutthroat(three) == [
        "cards add up to 169, not 117: 52 cards too many (calypsos 13×1 = 13, unfinished 6, "
        "trick piles 50 + 50 + 50 = 150)"
    ]
    three["trick_piles"] = {"S": 40, "H": 40, "D": 18}
    assert check_cutthroat(three) == []
    three["unfinished"]["H"] = 0
    assert check_cutthroat(three) == [
        "cards add up to 115, not 117: 2 cards missing (calypsos 13×1 = 13, unfinished 4, "
        "trick piles 40 + 40 + 18 = 98)"
    ]


def test_the_card_total_message_word_for_word():
    data = sheet()
    data["trick_piles"]["minors"] = 91
    assert check_sheet(data) == [
        "cards add up to 209, not 208: 1 card too many (calypsos 13×3 = 39, unfinished 19, trick piles 60 + 91 = 151)"
    ]


# --- the breakdown a director prints ----------------------------------------------------------------------------


def test_game_score_to_dict_is_every_figure_of_the_breakdown():
    # H revokes once: 260 to the minors.
    # majors: S 500 + 5×20, H 3×20, pile 60×10 → 500 + 100 + 60 + 600 = 1260
    # minors: D 1250 + 4×20, C 7×20, pile 90×10, revoke 260 → 1250 + 80 + 140 + 900 + 260 = 2630
    score = score_game(sheet({"H": 1}))
    assert score.to_dict() == {
        "majors": 1260,
        "minors": 2630,
        "net": -1370,
        "players": {
            "S": {"calypsos": 1, "calypso_points": 500, "unfinished": 5, "unfinished_points": 100},
            "H": {"calypsos": 0, "calypso_points": 0, "unfinished": 3, "unfinished_points": 60},
            "D": {"calypsos": 2, "calypso_points": 1250, "unfinished": 4, "unfinished_points": 80},
            "C": {"calypsos": 0, "calypso_points": 0, "unfinished": 7, "unfinished_points": 140},
        },
        "trick_pile_points": {"majors": 600, "minors": 900},
        "revoke_points": {"majors": 0, "minors": 260},
    }
    assert score.players["D"] == PlayerScore("D", 2, 1250, 4, 80)
    assert [p.seat for p in score.players.values()] == ["S", "H", "D", "C"]


def test_cutthroat_sheet_to_dict_names_every_seat_and_the_form():
    data = cutthroat({"D": 2})
    assert CutthroatSheet.from_dict(data).to_dict() == {
        "form": "cutthroat",
        "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 1, "H": 2, "D": 3, "C": 4},
        "trick_piles": {"S": 50, "H": 50, "D": 50, "C": 35},
        "revokes": {"S": 0, "H": 0, "D": 2, "C": 0},
    }
    three = cutthroat(seats="SHD")
    three["trick_piles"] = {"S": 40, "H": 40, "D": 18}
    parsed = CutthroatSheet.from_dict(three)
    assert parsed.seats == ("S", "H", "D")
    assert parsed.to_dict() == {
        "form": "cutthroat",
        "calypsos": {"S": 1, "H": 0, "D": 0},
        "unfinished": {"S": 1, "H": 2, "D": 3},
        "trick_piles": {"S": 40, "H": 40, "D": 18},
        "revokes": {"S": 0, "H": 0, "D": 0},
    }
    assert CutthroatSheet.from_dict(parsed.to_dict()) == parsed
    # a sheet built in code without revokes prints none for each seat
    bare = CutthroatSheet({"S": 1, "H": 0, "D": 0}, {"S": 1, "H": 2, "D": 3}, {"S": 40, "H": 40, "D": 18})
    assert bare.to_dict()["revokes"] == {"S": 0, "H": 0, "D": 0}
    assert bare.problems() == [] and bare.validate() is bare


def test_cutthroat_score_to_dict_and_players():
    # D revokes twice: 520 to each of S, H, C.
    # S 500 + 1×20 + 500 + 520 = 1540; H 2×20 + 500 + 520 = 1060; D 3×20 + 500 = 560; C 4×20 + 350 + 520 = 950
    score = score_cutthroat(cutthroat({"D": 2}))
    assert score.to_dict() == {
        "scores": {"S": 1540, "H": 1060, "D": 560, "C": 950},
        "trick_pile_points": {"S": 500, "H": 500, "D": 500, "C": 350},
        "revoke_points": {"S": 520, "H": 520, "D": 0, "C": 520},
    }
    assert score.players == {
        "S": PlayerScore("S", 1, 500, 1, 20),
        "H": PlayerScore("H", 0, 0, 2, 40),
        "D": PlayerScore("D", 0, 0, 3, 60),
        "C": PlayerScore("C", 0, 0, 4, 80),
    }
    assert score.table_total == 1540 + 1060 + 560 + 950


def test_three_handed_cutthroat_score():
    three = cutthroat({"H": 1}, seats="SHD")
    three["trick_piles"] = {"S": 40, "H": 40, "D": 18}
    # S 500 + 20 + 400 + 260 = 1180; H 40 + 400 = 440; D 60 + 180 + 260 = 500
    assert score_cutthroat(three).to_dict() == {
        "scores": {"S": 1180, "H": 440, "D": 500},
        "trick_pile_points": {"S": 400, "H": 400, "D": 180},
        "revoke_points": {"S": 260, "H": 0, "D": 260},
    }


# --- the other refusals -------------------------------------------------------------------------------------------


def test_a_score_sheet_error_without_a_list_lists_its_message():
    assert ScoreSheetError("bad").problems == ["bad"]
    assert ScoreSheetError("a; b", ["a", "b"]).problems == ["a", "b"]
    assert ScoreSheetError("none", []).problems == []


@pytest.mark.parametrize("bad", [-1, 1.0, True, "2", None])
def test_calypso_points_refusal_names_the_value(bad):
    with pytest.raises(ValueError) as caught:
        calypso_points(bad)
    assert str(caught.value) == f"completed calypsoes must be a whole number ≥ 0, not {bad!r}"


def test_a_side_that_is_not_one_is_named():
    score = score_game(sheet())
    with pytest.raises(ScoreSheetError) as caught:
        score.score("east")
    assert str(caught.value) == "'east' is not a side (use 'majors' or 'minors')"
    assert caught.value.problems == [str(caught.value)]
    assert score.score("majors") == 1260 and score.net_for("minors") == 1110


# --- sheets built in code, and the edges of what a message shows ---------------------------------------------------


def test_a_sheet_built_in_code_may_name_only_the_revoking_seat():
    built = ScoreSheet(
        calypsos={"S": 1, "H": 0, "D": 2, "C": 0},
        unfinished={"S": 5, "H": 3, "D": 4, "C": 7},
        trick_piles={"majors": 60, "minors": 90},
        revokes={"H": 1},
    )
    assert built.to_dict()["revokes"] == {"S": 0, "H": 1, "D": 0, "C": 0}
    score = score_game(built)
    assert score.revoke_points == {"majors": 0, "minors": 260}
    assert (score.majors, score.minors) == (1260, 2630)
    bare = CutthroatSheet(
        calypsos={"S": 1, "H": 0, "D": 0, "C": 0},
        unfinished={"S": 1, "H": 2, "D": 3, "C": 4},
        trick_piles={"S": 50, "H": 50, "D": 50, "C": 35},
        revokes={"C": 1},
    )
    assert score_cutthroat(bare).revoke_points == {"S": 260, "H": 260, "D": 260, "C": 0}


def test_a_count_of_twenty_digits_is_shown_whole_and_a_longer_one_cut():
    data = sheet()
    data["unfinished"]["C"] = 10**19  # 20 digits: shown as typed
    assert check_sheet(data) == [
        "unfinished.C is 10000000000000000000: an unfinished calypso holds 0–12 cards (13 complete a calypso)"
    ]
    data["unfinished"]["C"] = -(10**19)  # 21 characters with its sign: cut to 20
    assert check_sheet(data) == ["unfinished.C is -1000000000000000000…: counts cannot be negative"]


def test_cutthroat_from_dict_checks_the_counts_unless_told_not_to():
    data = cutthroat()
    data["trick_piles"]["C"] = 36
    data["unfinished"]["H"] = 13
    with pytest.raises(ScoreSheetError) as caught:
        CutthroatSheet.from_dict(data)
    assert caught.value.problems == [
        "unfinished.H is 13: an unfinished calypso holds 0–12 cards (13 complete a calypso)"
    ]
    data["unfinished"]["H"] = 2
    unchecked = CutthroatSheet.from_dict(data, validate=False)
    assert unchecked.trick_piles["C"] == 36
    problem = "cards add up to 209, not 208: 1 card too many (calypsos 13×1 = 13, unfinished 10, "
    problem += "trick piles 50 + 50 + 50 + 36 = 186)"
    assert unchecked.problems() == [problem]
    with pytest.raises(ScoreSheetError) as caught:
        unchecked.validate()
    assert caught.value.problems == [problem] and str(caught.value) == problem


def test_validate_lists_every_problem_of_a_sheet_built_in_code():
    two = CutthroatSheet(
        calypsos={"S": -1, "H": 0, "D": 0, "C": 0},
        unfinished={"S": 1, "H": 2, "D": 3, "C": 13},
        trick_piles={"S": 50, "H": 50, "D": 50, "C": 35},
    )
    expected = [
        "calypsos.S is -1: counts cannot be negative",
        "unfinished.C is 13: an unfinished calypso holds 0–12 cards (13 complete a calypso)",
    ]
    with pytest.raises(ScoreSheetError) as caught:
        two.validate()
    assert caught.value.problems == expected and str(caught.value) == "; ".join(expected)
    partnership = ScoreSheet(
        calypsos={"S": -1, "H": 0, "D": 0, "C": 0},
        unfinished={"S": 1, "H": 2, "D": 3, "C": 13},
        trick_piles={"majors": 100, "minors": 100},
    )
    with pytest.raises(ScoreSheetError) as caught:
        partnership.validate()
    assert caught.value.problems == expected


@pytest.mark.parametrize(
    ("data", "form"),
    [
        ("cutthroat", "partnership"),  # not a sheet at all: read as the usual form
        (None, "partnership"),
        ([("form", "cutthroat")], "partnership"),
        ({"form": "partnership", "trick_piles": {"S": 1, "H": 2}}, "partnership"),  # the tag wins
        ({"form": "cutthroat", "trick_piles": {"majors": 1}}, "cutthroat"),
        ({"form": "other", "trick_piles": {"S": 1, "H": 2}}, "cutthroat"),
        ({"trick_piles": {}}, "partnership"),
        ({"trick_piles": {"S": 1, "majors": 2}}, "partnership"),
        ({"trick_piles": "S"}, "partnership"),
    ],
)
def test_sheet_form_reads_the_tag_then_the_trick_piles(data, form):
    assert sheet_form(data) == form


def test_a_missing_count_does_not_hide_a_later_players_excess():
    data = sheet()
    del data["unfinished"]["S"]
    data["calypsos"]["D"] = 4
    data["unfinished"]["D"] = 1
    assert check_sheet(data) == [
        "unfinished.S is missing",
        "D: 4 calypsos and 1 unfinished make 53 cards of one suit; there are only 52 (1 too many)",
    ]


def test_a_cutthroat_sheet_may_carry_its_format_and_form_tags():
    tagged = {**cutthroat(), "format": "calypso-scoresheet/1", "form": "cutthroat"}
    assert check_cutthroat(tagged) == []
    assert score_cutthroat(tagged).scores == {"S": 1020, "H": 540, "D": 560, "C": 430}


def test_thirteen_unfinished_is_named_once_not_also_as_too_many_cards():
    data = sheet()
    data["calypsos"]["S"] = 4
    data["unfinished"]["S"] = 13
    assert check_sheet(data) == ["unfinished.S is 13: an unfinished calypso holds 0–12 cards (13 complete a calypso)"]
