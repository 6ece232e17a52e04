"""scoring.play's play records (issue #22, mutation testing): what ``record()`` writes at each point
of a game, and every refusal of ``replay`` word for word with the deal, trick, seat and card it
names (docs/formats.md, "Play record"; deals, tricks and cards numbered from 1 for people)."""

from __future__ import annotations

import copy

import pytest

from scoring.cards import parse_card
from scoring.gamesets import commitment
from scoring.play import ReplayError, replay
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, STANDARD
from tests.scoring.test_play_mut_positions import arranged_set
from tests.scoring.test_play_mut_tricks import SIX_TRICKS, played

SET = arranged_set()
REF = {"number": 1, "commitment": commitment([SET])}
TWO = [list(SIX_TRICKS[0]), list(SIX_TRICKS[1])]


def full_record(rule: str = STANDARD) -> dict:
    """A whole game: the six tricks, then the first legal card every time."""
    state = played(SIX_TRICKS, rule)
    while not state.is_over:
        state.play(state.legal_plays()[0])
    return state.record()


FULL = full_record()


def refusal(record, **kwargs) -> ReplayError:
    with pytest.raises(ReplayError) as err:
        replay(SET, record, **kwargs)
    return err.value


# --- record() -----------------------------------------------------------------------------------


def test_record_of_a_game_in_progress_word_for_word():
    state = played(SIX_TRICKS[:2], BEAT_THE_LEADER, "cutthroat", allow_revokes=True)
    state.play("KH")
    assert state.record() == {
        "format": "calypso-play/1",
        "game_set": REF,
        "rule": "beat-the-leader",
        "form": "cutthroat",
        "allow_revokes": True,
        "deals": [{"tricks": [*TWO, ["KH"]]}],
    }


def test_record_during_the_second_deal_keeps_the_trick_in_progress_in_that_deal():
    record = copy.deepcopy(FULL)
    record["deals"] = [record["deals"][0], {"tricks": [record["deals"][1]["tricks"][0][:2]]}]
    state = replay(SET, record)
    assert (state.deal, state.trick, len(state.current_trick)) == (1, 0, 2)
    assert state.record() == record
    assert [len(deal["tricks"]) for deal in state.record()["deals"]] == [13, 1]


# --- replay: what it accepts --------------------------------------------------------------------


def test_a_full_record_replays_to_the_same_game():
    state = replay(SET, FULL)
    assert state.is_over
    assert state.record() == FULL
    assert (state.rule, state.form, state.allow_revokes) == (STANDARD, "partnership", False)


def test_a_bare_record_defaults_to_standard_partnership_no_revokes():
    state = replay(SET, {"deals": [TWO]})  # no format, no game set, a deal as a plain list of tricks
    assert (state.rule, state.form, state.allow_revokes) == (STANDARD, "partnership", False)
    assert state.tricks_won() == ["S", "H"]


def test_the_record_s_rule_form_and_revokes_are_used():
    record = {"rule": ALL_FOURS, "form": "cutthroat", "allow_revokes": True, "deals": [{"tricks": TWO}]}
    state = replay(SET, record)
    assert (state.rule, state.form, state.allow_revokes) == (ALL_FOURS, "cutthroat", True)


def test_what_is_asked_fills_in_what_the_record_leaves_out():
    state = replay(SET, {"deals": [TWO]}, rule=ALL_FOURS, form="cutthroat", allow_revokes=True)
    assert (state.rule, state.form, state.allow_revokes) == (ALL_FOURS, "cutthroat", True)
    same = replay(SET, {**FULL, "rule": STANDARD, "form": "partnership"}, rule=STANDARD, form="partnership")
    assert same.is_over


def test_asked_revokes_override_the_record():
    assert replay(SET, {**FULL, "allow_revokes": False}, allow_revokes=True).allow_revokes is True
    assert replay(SET, {**FULL, "allow_revokes": True}, allow_revokes=False).allow_revokes is False


def test_game_set_named_by_number_only_or_commitment_in_capitals():
    assert replay(SET, {**FULL, "game_set": 1}).is_over
    assert replay(SET, {**FULL, "game_set": {"number": 1}}).is_over
    assert replay(SET, {**FULL, "game_set": {"commitment": REF["commitment"].upper()}}).is_over


def test_cards_may_be_card_objects():
    state = replay(SET, {"deals": [[[parse_card(text) for text in trick] for trick in TWO]]})
    assert state.tricks_won() == ["S", "H"]


def test_the_last_trick_of_the_last_deal_may_be_unfinished():
    state = replay(SET, {"deals": [[*TWO, ["KH", "8H"]]]})
    assert (state.trick, len(state.current_trick), state.to_play) == (2, 2, "S")


# --- replay: what it refuses, word for word ------------------------------------------------------


def test_not_an_object():
    assert str(refusal([TWO])) == "a play record is a JSON object with a 'deals' list"


def test_another_format():
    err = refusal({**FULL, "format": "calypso-gamesets/1"})
    assert str(err) == "not a play record: format 'calypso-gamesets/1', expected 'calypso-play/1'"


@pytest.mark.parametrize(
    ("asked", "message"),
    [
        ({"rule": ALL_FOURS}, "the record was played under rule 'standard', not 'all-fours'"),
        ({"form": "cutthroat"}, "the record was played under form 'partnership', not 'cutthroat'"),
    ],
)
def test_rule_or_form_other_than_asked(asked, message):
    assert str(refusal(FULL, **asked)) == message


def test_another_game_set():
    assert str(refusal({**FULL, "game_set": 7})) == "the record is of game set 7, not game set 1"
    assert str(refusal({**FULL, "game_set": {**REF, "number": 7}})) == "the record is of game set 7, not game set 1"


def test_other_hands():
    other = commitment([arranged_set(seed=1)])
    assert str(refusal({**FULL, "game_set": {"number": 1, "commitment": other}})) == (
        f"the record was played on other hands than game set 1: its commitment {other} is not the set's "
        f"{REF['commitment']}"
    )


def test_allow_revokes_not_a_boolean():
    assert str(refusal({**FULL, "allow_revokes": "false"})) == "'allow_revokes' must be true or false, not 'false'"


def test_unknown_rule_or_form_in_the_record():
    assert str(refusal({**FULL, "rule": "bridge"})) == (
        "unknown trick rule 'bridge' (known rules: 'standard', 'beat-the-leader', 'all-fours')"
    )
    assert str(refusal({**FULL, "form": "teams"})) == (
        "unknown scoring form 'teams' (known forms: 'partnership', 'cutthroat')"
    )


@pytest.mark.parametrize("deals", [None, "AS 2S 4S 6S"])
def test_no_deals_list(deals):
    record = {"format": "calypso-play/1"} if deals is None else {"deals": deals}
    assert str(refusal(record)) == "the play record has no 'deals' list"


def test_five_deals():
    assert str(refusal({**FULL, "deals": [*FULL["deals"], FULL["deals"][0]]})) == (
        "the play record has 5 deals; a game has 4"
    )


def where(err: ReplayError) -> tuple:
    return (err.deal, err.trick, err.seat, err.card)


@pytest.mark.parametrize("deal", [5, "AS", {"tricks": "AS"}])
def test_a_deal_that_is_not_a_list_of_tricks(deal):
    err = refusal({"deals": [FULL["deals"][0], deal]})
    assert str(err) == "deal 2: expected a list of tricks"
    assert where(err) == (1, None, None, None)


def test_fourteen_tricks():
    deals = copy.deepcopy(FULL["deals"])
    deals[1]["tricks"].append(["AS", "AS", "AS", "AS"])
    err = refusal({"deals": deals})
    assert str(err) == "deal 2 has 14 tricks; a deal has 13"
    assert where(err) == (1, None, None, None)


def test_a_short_deal_followed_by_another():
    deals = copy.deepcopy(FULL["deals"][:3])
    del deals[1]["tricks"][-1]
    err = refusal({"deals": deals})
    assert str(err) == "deal 2 has 12 tricks but deal 3 follows; a deal has 13"
    assert where(err) == (1, None, None, None)


def test_a_trick_that_is_not_a_list_of_cards():
    err = refusal({"deals": [[TWO[0], "2H 4H AH 7H"]]})
    assert str(err) == "deal 1, trick 2: expected a list of cards"
    assert where(err) == (0, 1, None, None)


def test_a_trick_of_five_cards():
    deals = copy.deepcopy(FULL["deals"])
    deals[1]["tricks"][2].append("AS")
    err = refusal({"deals": deals})
    assert str(err) == "deal 2, trick 3 has 5 cards; a trick has 4"
    assert where(err) == (1, 2, None, None)


def test_an_unfinished_trick_before_the_last():
    err = refusal({"deals": [[TWO[0], TWO[1][:3], ["KH"]]]})
    assert str(err) == "deal 1, trick 2 has 3 cards; a trick has 4"
    assert where(err) == (0, 1, None, None)


def test_an_unfinished_last_trick_of_a_deal_that_is_followed():
    deals = copy.deepcopy(FULL["deals"][:2])
    deals[0]["tricks"][-1] = deals[0]["tricks"][-1][:3]
    err = refusal({"deals": deals})
    assert str(err) == "deal 1, trick 13 has 3 cards; a trick has 4"
    assert where(err) == (0, 12, None, None)


def test_text_that_is_not_a_card():
    err = refusal({"deals": [[TWO[0], ["2H", "4H", "1X"]]]})
    assert str(err) == (
        "deal 1, trick 2, card 3 (Hearts, H): '1X' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"
    )
    assert where(err) == (0, 1, "H", "1X")


def test_a_card_not_held():
    err = refusal({"deals": [[TWO[0], ["2H", "4H", "KS"]]]})
    assert str(err) == "deal 1, trick 2, card 3 (Hearts, H): KS is impossible — Hearts (H) does not hold KS"
    assert where(err) == (0, 1, "H", parse_card("KS"))


def test_a_failure_to_follow():
    err = refusal({"deals": [[TWO[0], ["2H", "AD"]]]})
    assert str(err) == (
        "deal 1, trick 2, card 2 (Diamonds, D): AD is impossible — Diamonds (D) must follow suit — holds 3 hearts "
        "and may not play AD; follow hearts"
    )
    assert where(err) == (0, 1, "D", parse_card("AD"))


def test_a_failure_to_follow_is_a_revoke_when_allowed():
    state = replay(SET, {"allow_revokes": True, "deals": [[TWO[0], ["2H", "AD"]]]})
    assert state.revokes == {"S": 0, "H": 0, "D": 1, "C": 0}
