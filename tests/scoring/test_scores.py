"""scoring.scores: calypso points, scoresheet checks, partnership, cutthroat and coöperative scores (RULES.md §5)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.scores import (
    CutthroatSheet,
    ScoreSheet,
    ScoreSheetError,
    calypso_points,
    check_cutthroat,
    check_sheet,
    cooperative_total,
    count_ranges,
    score_cutthroat,
    score_game,
    sheet_form,
)


def sheet(
    calypsos: tuple[int, int, int, int] = (1, 0, 2, 0),
    unfinished: tuple[int, int, int, int] = (5, 3, 4, 7),
    majors: int = 60,
    minors: int | None = None,
    revokes: tuple[int, int, int, int] | None = None,
) -> dict:
    """A scoresheet dict for seats S H D C; ``minors`` defaults to whatever makes 208."""
    if minors is None:
        minors = 208 - 13 * sum(calypsos) - sum(unfinished) - majors
    data = {
        "calypsos": dict(zip("SHDC", calypsos, strict=True)),
        "unfinished": dict(zip("SHDC", unfinished, strict=True)),
        "trick_piles": {"majors": majors, "minors": minors},
    }
    if revokes is not None:
        data["revokes"] = dict(zip("SHDC", revokes, strict=True))
    return data


# --- calypso points -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("completed", "points"), [(0, 0), (1, 500), (2, 1250), (3, 2250), (4, 3250), (5, 4250)])
def test_calypso_points_are_cumulative(completed: int, points: int) -> None:
    assert calypso_points(completed) == points


@pytest.mark.parametrize("bad", [-1, 1.0, True, "2"])
def test_calypso_points_refuses_non_counts(bad: object) -> None:
    with pytest.raises(ValueError):
        calypso_points(bad)  # type: ignore[arg-type]


# --- partnership scoring --------------------------------------------------------------------------------------------


def test_score_game_worked_example() -> None:
    # S: 1 calypso (500) + 5×20; H: 3×20; majors pile 60×10 → 500+100+60+600 = 1260
    # D: 2 calypsos (1250) + 4×20; C: 7×20; minors pile 208-39-19-60 = 90 → 1250+80+140+900 = 2370
    score = score_game(ScoreSheet.from_dict(sheet()))
    assert (score.majors, score.minors, score.net) == (1260, 2370, -1110)
    assert score.net_for("majors") == -1110 and score.net_for("minors") == 1110
    assert score.score("minors") == 2370 and score.winner == "minors"
    assert score.players["D"].calypso_points == 1250 and score.players["C"].unfinished_points == 140
    assert score.players["S"].points == 600
    assert score.trick_pile_points == {"majors": 600, "minors": 900}
    assert score.table_total == 1260 + 2370


def test_partners_score_their_calypsoes_separately() -> None:
    # one calypso each is 500 + 500, not 500 + 750
    score = score_game(sheet(calypsos=(1, 1, 0, 0), unfinished=(0, 0, 0, 0), majors=0))
    assert score.majors == 1000
    assert score.minors == 10 * (208 - 26)


def test_a_revoke_gives_260_to_the_other_partnership() -> None:
    base = score_game(sheet())
    score = score_game(sheet(revokes=(0, 0, 1, 2)))
    assert score.majors == base.majors + 3 * 260 and score.minors == base.minors
    assert score.revoke_points == {"majors": 780, "minors": 0}
    own = score_game(sheet(revokes=(1, 0, 0, 0)))
    assert own.minors == base.minors + 260 and own.majors == base.majors


def test_score_game_accepts_a_dict_and_validates() -> None:
    assert score_game(sheet()).net == -1110
    with pytest.raises(ScoreSheetError, match="207, not 208: 1 card missing"):
        score_game(sheet(minors=89))


def test_winner_of_a_tie_is_none() -> None:
    score = score_game(sheet(calypsos=(0, 0, 0, 0), unfinished=(0, 0, 0, 0), majors=104))
    assert score.net == 0 and score.winner is None


def test_to_dict_round_trip_and_score_dict() -> None:
    data = sheet(revokes=(0, 1, 0, 0))
    parsed = ScoreSheet.from_dict(data)
    assert parsed.to_dict() == data
    assert ScoreSheet.from_dict(sheet()).revokes == {"S": 0, "H": 0, "D": 0, "C": 0}
    result = score_game(parsed).to_dict()
    assert result["net"] == result["majors"] - result["minors"]
    assert result["players"]["D"]["calypso_points"] == 1250


def test_form_strings_of_digits_are_accepted() -> None:
    data = sheet()
    data["unfinished"]["S"] = " 5 "
    assert ScoreSheet.from_dict(data).unfinished["S"] == 5


def test_revokes_may_name_only_the_offender() -> None:
    data = sheet()
    data["revokes"] = {"D": 1}
    assert ScoreSheet.from_dict(data).revokes == {"S": 0, "H": 0, "D": 1, "C": 0}


# --- checks ---------------------------------------------------------------------------------------------------------


def test_a_correct_sheet_has_no_problems() -> None:
    assert check_sheet(sheet()) == [] and check_sheet(ScoreSheet.from_dict(sheet())) == []


@pytest.mark.parametrize(
    ("minors", "message"),
    [
        (89, "cards add up to 207, not 208: 1 card missing"),
        (85, "cards add up to 203, not 208: 5 cards missing"),
        (91, "cards add up to 209, not 208: 1 card too many"),
        (100, "cards add up to 218, not 208: 10 cards too many"),
    ],
)
def test_conservation_says_by_how_much(minors: int, message: str) -> None:
    problems = check_sheet(sheet(minors=minors))
    assert len(problems) == 1 and problems[0].startswith(message)
    assert "calypsos 13×3 = 39, unfinished 19" in problems[0]


def test_unfinished_must_be_0_to_12() -> None:
    problems = check_sheet(sheet(unfinished=(13, 0, 0, 0)))
    assert any("unfinished.S is 13" in p and "0–12" in p for p in problems)
    assert check_sheet(sheet(unfinished=(12, 12, 12, 12))) == []


def test_at_most_52_cards_of_a_suit_per_player() -> None:
    problems = check_sheet(sheet(calypsos=(4, 0, 0, 0), unfinished=(1, 0, 0, 0), majors=0))
    assert any("S: 4 calypsos and 1 unfinished make 53 cards" in p and "1 too many" in p for p in problems)
    assert check_sheet(sheet(calypsos=(4, 0, 0, 0), unfinished=(0, 0, 0, 0), majors=0)) == []


def test_a_count_out_of_range_is_named_without_a_meaningless_card_total() -> None:
    data = sheet()
    data["calypsos"]["S"] = 10**22
    assert check_sheet(data) == [
        "calypsos.S is 10000000000000000000…: a player completes at most 4 calypsos (52 cards)"
    ]
    data = sheet()
    data["trick_piles"]["minors"] = 500
    assert check_sheet(data) == ["trick_piles.minors is 500: a trick pile holds at most the 208 cards in play"]
    # Too many cards of one suit does not hide the total: both are worth knowing.
    problems = check_sheet(sheet(calypsos=(4, 0, 0, 0), unfinished=(1, 0, 0, 0), majors=0, minors=150))
    assert len(problems) == 2 and "53 cards of one suit" in problems[0]
    assert problems[1].startswith("cards add up to 203, not 208")


def test_every_count_has_one_range_here() -> None:
    """The ranges the API's schema, the web's live check and these checks use (three-handed: fewer)."""
    assert {key: most for key, (most, _) in count_ranges().items()} == {
        "calypsos": 4,
        "unfinished": 12,
        "trick_piles": 208,
        "revokes": 52,
    }
    assert {key: most for key, (most, _) in count_ranges(39, 117).items()} == {
        "calypsos": 3,
        "unfinished": 12,
        "trick_piles": 117,
        "revokes": 39,
    }
    data = sheet(revokes=(0, 53, 0, 0))
    assert check_sheet(data) == ["revokes.H is 53: a player makes at most 52 revokes (one a trick)"]
    three = {"calypsos": {"S": 1, "H": 0, "D": 0}, "unfinished": {"S": 0, "H": 0, "D": 0}}
    three |= {"trick_piles": {"S": 40, "H": 40, "D": 24}, "revokes": {"S": 40}}
    assert check_cutthroat(three) == ["revokes.S is 40: a player makes at most 39 revokes (one a trick)"]


def test_negative_counts_are_named() -> None:
    data = sheet(revokes=(0, -1, 0, 0))
    data["calypsos"]["D"] = -1
    data["trick_piles"]["majors"] = -5
    problems = check_sheet(data)
    assert "calypsos.D is -1: counts cannot be negative" in problems
    assert "revokes.H is -1: counts cannot be negative" in problems
    assert "trick_piles.majors is -5: counts cannot be negative" in problems


@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_box_is_named_as_missing(blank: str) -> None:
    data = sheet()
    data["unfinished"]["H"] = blank
    assert "unfinished.H is missing" in check_sheet(data)


@pytest.mark.parametrize("bad", [1.5, 2.0, "two", None, True, [1]])
def test_non_integers_are_refused_naming_the_field(bad: object) -> None:
    data = sheet()
    data["unfinished"]["H"] = bad
    problems = check_sheet(data)
    assert any(p.startswith(f"unfinished.H must be a whole number, not {bad!r}") for p in problems)
    with pytest.raises(ScoreSheetError, match=r"unfinished\.H must be a whole number"):
        ScoreSheet.from_dict(data)


def test_missing_and_unknown_fields_are_named() -> None:
    data = sheet()
    del data["calypsos"]["C"]
    data["trick_piles"]["east"] = 3
    data["extra"] = 1
    problems = check_sheet(data)
    assert "calypsos.C is missing" in problems
    assert any("trick_piles: 'east'" in p for p in problems)
    assert "'extra' is not part of a scoresheet" in problems
    assert check_sheet([1, 2]) == ["a scoresheet must be an object, not list"]
    assert check_sheet({"unfinished": {}})[0].startswith("calypsos must be an object")


def test_all_problems_reported_together_and_validate_raises_them() -> None:
    data = sheet(unfinished=(13, 0, 0, 0), minors=0)
    data["revokes"] = {"S": -2}
    data["trick_piles"]["majors"] = 209
    problems = check_sheet(data)
    assert len(problems) == 3  # the three counts out of range; no card total built from them
    with pytest.raises(ScoreSheetError) as caught:
        ScoreSheet.from_dict(data)
    assert caught.value.problems == problems
    assert str(caught.value) == "; ".join(problems)
    unchecked = ScoreSheet.from_dict(data, validate=False)
    assert unchecked.problems() == problems
    with pytest.raises(ScoreSheetError):
        unchecked.validate()


# --- cutthroat and coöperative ---------------------------------------------------------------------------------------


def cutthroat(piles=(50, 50, 50, 35), calypsos=(1, 0, 0, 0), unfinished=(1, 2, 3, 4), seats="SHDC") -> dict:
    return {
        "calypsos": dict(zip(seats, calypsos, strict=True)),
        "unfinished": dict(zip(seats, unfinished, strict=True)),
        "trick_piles": dict(zip(seats, piles, strict=True)),
    }


def test_cutthroat_scores_four_individuals() -> None:
    data = cutthroat()
    data["revokes"] = {"S": 1}
    score = score_cutthroat(data)
    # S: 500 + 20 + 500; H: 40 + 500 + 260; D: 60 + 500 + 260; C: 80 + 350 + 260
    assert score.scores == {"S": 1020, "H": 800, "D": 820, "C": 690}
    assert score.revoke_points == {"S": 0, "H": 260, "D": 260, "C": 260}
    assert score.table_total == 3330 == cooperative_total(data)
    assert CutthroatSheet.from_dict(data).to_dict()["form"] == "cutthroat"


def test_three_handed_cutthroat_uses_117_cards_and_39_per_suit() -> None:
    data = cutthroat(piles=(50, 30, 18), calypsos=(1, 0, 0), unfinished=(1, 2, 3), seats="SHD")
    assert score_cutthroat(data).scores == {"S": 1020, "H": 340, "D": 240}
    problems = check_cutthroat(cutthroat(piles=(50, 30, 19), calypsos=(1, 0, 0), unfinished=(1, 2, 3), seats="SHD"))
    assert problems and problems[0].startswith("cards add up to 118, not 117: 1 card too many")
    over = cutthroat(piles=(0, 0, 0), calypsos=(3, 0, 0), unfinished=(1, 0, 0), seats="SHD")
    assert any("there are only 39" in p for p in check_cutthroat(over))


def test_cutthroat_checks() -> None:
    assert check_cutthroat(cutthroat()) == []
    assert check_cutthroat(cutthroat(piles=(50, 50, 50, 36)))[0].startswith("cards add up to 209, not 208")
    two = cutthroat(piles=(100, 108), calypsos=(0, 0), unfinished=(0, 0), seats="SH")
    assert any("3 or 4 players" in p for p in check_cutthroat(two))
    with pytest.raises(ScoreSheetError, match=r"trick_piles\.C is missing"):
        CutthroatSheet.from_dict({**cutthroat(), "trick_piles": {"S": 1, "H": 1, "D": 1}})
    with pytest.raises(ScoreSheetError, match=r"unfinished\.C is -1"):
        score_cutthroat(cutthroat(unfinished=(1, 2, 3, -1), piles=(50, 50, 50, 40)))


def test_cooperative_total_of_a_partnership_sheet() -> None:
    assert cooperative_total(sheet()) == 1260 + 2370
    assert cooperative_total(ScoreSheet.from_dict(sheet())) == 3630


def test_format_and_form_tags() -> None:
    assert check_sheet({**sheet(), "format": "calypso-scoresheet/1", "form": "partnership"}) == []
    assert "format is 'x', expected 'calypso-scoresheet/1'" in check_sheet({**sheet(), "format": "x"})
    assert any(p.startswith("form is 'duplicate'") for p in check_cutthroat({**cutthroat(), "form": "duplicate"}))


def test_sheet_form() -> None:
    assert sheet_form(sheet()) == "partnership"
    assert sheet_form(cutthroat()) == "cutthroat"
    assert sheet_form({"form": "cutthroat"}) == "cutthroat"


# --- properties -----------------------------------------------------------------------------------------------------


@st.composite
def valid_sheets(draw: st.DrawFn) -> dict:
    calypsos = [draw(st.integers(0, 4)) for _ in range(4)]
    unfinished = [draw(st.integers(0, 0 if c == 4 else 12)) for c in calypsos]
    left = 208 - 13 * sum(calypsos) - sum(unfinished)
    assume(left >= 0)
    majors = draw(st.integers(0, left))
    revokes = tuple(draw(st.integers(0, 3)) for _ in range(4))
    return sheet(tuple(calypsos), tuple(unfinished), majors, left - majors, revokes)


@settings(max_examples=200, deadline=None)
@given(valid_sheets())
def test_every_conserving_sheet_scores_and_adds_up(data: dict) -> None:
    assert check_sheet(data) == []
    score = score_game(data)
    assert score.net == score.majors - score.minors
    cards = sum(13 * data["calypsos"][s] + data["unfinished"][s] for s in "SHDC") + sum(data["trick_piles"].values())
    assert cards == 208
    # Scores are built only from the sheet's parts.
    parts = (
        sum(p.points for p in score.players.values())
        + sum(score.trick_pile_points.values())
        + sum(score.revoke_points.values())
    )
    assert parts == score.majors + score.minors


@settings(max_examples=200, deadline=None)
@given(valid_sheets(), st.integers(-3, 3), st.sampled_from(["S", "H", "D", "C", "majors", "minors"]))
def test_moving_off_conservation_is_always_caught(data: dict, delta: int, where: str) -> None:
    assume(delta != 0)
    if where in ("majors", "minors"):
        data["trick_piles"][where] += delta
    else:
        data["unfinished"][where] += delta
    problems = check_sheet(data)
    assert problems
    with pytest.raises(ScoreSheetError):
        score_game(data)


@settings(max_examples=200, deadline=None)
@given(valid_sheets())
def test_net_is_antisymmetric_when_the_sides_swap(data: dict) -> None:
    swap = {"S": "D", "H": "C", "D": "S", "C": "H"}
    mirrored = {
        "calypsos": {swap[s]: v for s, v in data["calypsos"].items()},
        "unfinished": {swap[s]: v for s, v in data["unfinished"].items()},
        "trick_piles": {"majors": data["trick_piles"]["minors"], "minors": data["trick_piles"]["majors"]},
        "revokes": {swap[s]: v for s, v in data["revokes"].items()},
    }
    score, other = score_game(data), score_game(mirrored)
    assert other.net == -score.net
    assert (other.majors, other.minors) == (score.minors, score.majors)


@settings(max_examples=100, deadline=None)
@given(valid_sheets())
def test_cutthroat_total_equals_partnership_total_when_piles_split(data: dict) -> None:
    # Splitting each partnership pile between its two players changes nothing in the table total
    # except revokes (260 to each of three opponents instead of the one partnership).
    majors, minors = data["trick_piles"]["majors"], data["trick_piles"]["minors"]
    ct = {
        "calypsos": data["calypsos"],
        "unfinished": data["unfinished"],
        "trick_piles": {"S": majors // 2, "H": majors - majors // 2, "D": minors // 2, "C": minors - minors // 2},
    }
    assert cooperative_total(ct) == score_game({**data, "revokes": {}}).table_total


@pytest.mark.parametrize("key", ["", "SH", "DC", 1, None])
def test_a_key_that_is_not_a_seat_is_named_not_ignored_or_crashed_on(key: object) -> None:
    data = sheet()
    data["calypsos"] = {**data["calypsos"], key: 0}
    with pytest.raises(ScoreSheetError, match=r"calypsos: .* is not one of S, H, D, C"):
        ScoreSheet.from_dict(data)
    data = sheet()
    data["trick_piles"] = {**data["trick_piles"], key: 0}
    with pytest.raises(ScoreSheetError, match=r"trick_piles: .* is not one of majors, minors"):
        ScoreSheet.from_dict(data)


def test_sheet_form_of_piles_keyed_by_non_seats_is_partnership() -> None:
    assert sheet_form({"trick_piles": {1: 2, "": 3}}) == "partnership"
    assert sheet_form({"trick_piles": {"SH": 2}}) == "partnership"


@pytest.mark.parametrize("side", ["Majors", "S", "", None])
def test_a_side_that_is_not_majors_or_minors_is_refused(side: object) -> None:
    # net_for("Majors") used to answer the minors' net, silently.
    score = score_game(sheet())
    with pytest.raises(ScoreSheetError, match="not a side"):
        score.net_for(side)  # type: ignore[arg-type]
    with pytest.raises(ScoreSheetError, match="not a side"):
        score.score(side)  # type: ignore[arg-type]
    assert score.net_for("minors") == -score.net and score.score("majors") == score.majors
