"""Bad input to the parsers: every public parser answers with its module's own error, never a bare
KeyError/TypeError/IndexError/ZeroDivisionError (DESIGN.md, "Errors a person can make")."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.cards import CardError, parse_card, parse_cards, parse_suit
from scoring.gamesets import GameSet, GameSetError, deal_game_set, game_sets_from_json
from scoring.movements import Movement, MovementError, progressive_pairs
from scoring.scores import CutthroatSheet, ScoreSheet, ScoreSheetError, check_cutthroat, check_sheet, score_game

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["S", "H", "D", "C", "", "SH", "majors", "minors", "AS", "10h", "S AK", "-", "A+"]),
)
json_like = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.one_of(st.text(max_size=3), st.sampled_from(["S", "H", "D", "C", "majors"])), inner, max_size=5
        ),
    ),
    max_leaves=20,
)


def _mutate_once(base: Any, draw: Any) -> Any:
    """``base`` with one value, somewhere down the tree, replaced, removed or added (few draws: fast)."""
    if isinstance(base, dict) and base:
        out = dict(base)
        key = draw(st.sampled_from(sorted(out, key=str)))
        action = draw(st.integers(0, 9))
        if action == 0:
            del out[key]
        elif action == 1:
            out[draw(st.text(max_size=3))] = draw(json_like)
        elif action <= 3:
            out[key] = draw(json_like)
        else:
            out[key] = _mutate_once(out[key], draw)
        return out
    if isinstance(base, list) and base:
        out = list(base)
        i = draw(st.integers(0, len(out) - 1))
        action = draw(st.integers(0, 9))
        if action == 0:
            out.pop(i)
        elif action == 1:
            out.append(draw(json_like))
        elif action <= 3:
            out[i] = draw(json_like)
        else:
            out[i] = _mutate_once(out[i], draw)
        return out
    return draw(json_like)


@st.composite
def mutated(draw: Any, base: Any) -> Any:
    """``base`` (a valid document) with one to three things wrong in it."""
    for _ in range(draw(st.integers(1, 3))):
        base = _mutate_once(base, draw)
    return base


# --- cards ------------------------------------------------------------------------------------------------------------


@FUZZ
@given(st.one_of(st.text(alphabet="SHDCshdc23456789TJQKA10 ,;:-♠♥♦♣\ufe0fx", max_size=20), json_like))
def test_card_parsers_raise_card_error_only(text: Any) -> None:
    for parse in (parse_card, parse_cards, parse_suit):
        with contextlib.suppress(CardError):
            parse(text)


# --- game sets --------------------------------------------------------------------------------------------------------

_SET = deal_game_set(7, "ab" * 16).to_dict()


@FUZZ
@given(st.one_of(mutated(_SET), json_like))
def test_game_set_from_dict_raises_game_set_error_only(data: Any) -> None:
    for validate in (True, False):
        try:
            game_set = GameSet.from_dict(data, validate=validate)
        except GameSetError:
            continue
        game_set.problems()  # a partial set can always be checked


@FUZZ
@given(mutated({"format": "calypso-gamesets/1", "commitment": "00", "seed": "abcd", "sets": [_SET]}))
def test_game_set_file_raises_game_set_error_only(data: Any) -> None:
    with contextlib.suppress(GameSetError):
        game_sets_from_json(data)


# --- scoresheets ------------------------------------------------------------------------------------------------------

_SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 3, "D": 4, "C": 7},
    "trick_piles": {"majors": 60, "minors": 90},
    "revokes": {"S": 0, "H": 1, "D": 0, "C": 0},
}
_CUTTHROAT = {
    "form": "cutthroat",
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 3, "D": 4, "C": 7},
    "trick_piles": {"S": 40, "H": 40, "D": 40, "C": 30},
}


@FUZZ
@given(st.one_of(mutated(_SHEET), mutated(_CUTTHROAT), json_like))
def test_score_sheet_parsers_raise_score_sheet_error_only(data: Any) -> None:
    check_sheet(data)
    check_cutthroat(data)
    for parse in (ScoreSheet.from_dict, CutthroatSheet.from_dict, score_game):
        with contextlib.suppress(ScoreSheetError):
            parse(data)


# --- movements --------------------------------------------------------------------------------------------------------

_MOVEMENT = progressive_pairs(3, 3, 3, 3, members={1: ("a", "b", "c")}).to_dict()


@FUZZ
@given(st.one_of(mutated(_MOVEMENT), json_like))
def test_movement_from_dict_raises_movement_error_only(data: Any) -> None:
    try:
        movement = Movement.from_dict(data)
    except MovementError:
        return
    try:
        movement.validate()
        movement.balance()
    except MovementError:
        pass


def _one_table(**extra: Any) -> dict:
    return {"rounds": [{"1": {"majors": 1, "minors": 2}}], **extra}


@pytest.mark.parametrize(
    "data",
    [
        {"rounds": [{"1": {"majors": [[1], 2], "minors": [3, 4]}}]},  # a player that is a list
        {"rounds": [{"1": {"majors": [1.5, 2], "minors": [3, 4]}}]},
        _one_table(sitting_out=[[[[1]]]]),
        _one_table(tables=float("inf")),
        _one_table(tables=float("nan")),
        _one_table(tables="many"),
        _one_table(teams=[{"team": [1], "majors": 1, "minors": 2}]),
        _one_table(members=[{"partnership": 1, "players": [[1], 2]}]),
        _one_table(game_sets=float("inf")),
        _one_table(cuts=[{"1": [[1], 2]}]),
        _one_table(results=[{"1": ["majors"]}]),
        {"rounds": [{"1": {"majors": 1, "minors": 2, "game_set": 1.5}}]},
    ],
)
def test_malformed_movement_documents_are_movement_errors(data: dict) -> None:
    with pytest.raises(MovementError):
        Movement.from_dict(data).validate()
