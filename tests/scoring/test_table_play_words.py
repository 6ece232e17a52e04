"""Tables of three played card by card (docs/variants.md): a simulated game is the one its seed
and rule deal and play, records replay with their settings, and every refusal names the deal,
trick, seat and card at fault (``make mutate``)."""

from __future__ import annotations

import hashlib
import json

import pytest

from scoring.play import IllegalPlay, ReplayError
from scoring.table_play import (
    RandomTablePlayer,
    TableGame,
    TableSetError,
    deal_table_set,
    play_table_game,
    replay,
    simulate_table_game,
)
from scoring.tricks import BEAT_THE_LEADER


def settings(game: TableGame) -> tuple:
    record = game.record()
    return record["rule"], record["allow_revokes"], record["exchange"]


def test_a_simulated_game_is_dealt_and_played_from_its_seed_with_its_rule():
    game = simulate_table_game("three-handed", 5, BEAT_THE_LEADER)
    table_set = deal_table_set("three-handed", 5)
    assert game.table_set == table_set and settings(game) == (BEAT_THE_LEADER, False, False)
    again = play_table_game(table_set, RandomTablePlayer(5), BEAT_THE_LEADER)
    assert again.record() == game.record()
    assert simulate_table_game("three-handed").table_set == deal_table_set("three-handed", 0)
    assert simulate_table_game("three-handed", 2, removed="S").table_set.removed == "S"
    assert settings(simulate_table_game("duet", 2, exchange=True))[2] is True  # the exchange is Duet's
    assert settings(play_table_game(table_set, RandomTablePlayer(1))) == ("standard", False, False)


def test_a_record_replays_with_its_rule_revokes_and_exchange_settings():
    table_set = deal_table_set("three-handed", 1)
    game = TableGame(table_set, BEAT_THE_LEADER, allow_revokes=True)
    assert settings(replay(table_set, game.record())) == (BEAT_THE_LEADER, True, False)
    plain = {k: v for k, v in game.record().items() if k not in ("rule", "allow_revokes", "exchange")}
    assert settings(replay(table_set, plain)) == ("standard", False, False)


def refusal(table_set, record) -> ReplayError:
    with pytest.raises(ReplayError) as refused:
        replay(table_set, record)
    return refused.value


def test_records_that_cannot_be_replayed_are_refused_saying_why():
    table_set = deal_table_set("three-handed", 1)
    record = simulate_table_game("three-handed", 1).record()
    assert str(refusal(table_set, ["x"])) == "not a table play record (format 'calypso-table-play/1')"
    assert str(refusal(table_set, {**record, "format": "other"})) == (
        "not a table play record (format 'calypso-table-play/1')"
    )
    neutralised = deal_table_set("neutralised", 1)
    assert str(refusal(neutralised, record)) == "the record is of 'three-handed', not 'neutralised'"
    assert str(refusal(deal_table_set("three-handed", 2), record)) == (
        "the record was played on other hands than this table set"
    )
    assert str(refusal(table_set, {**record, "rule": "bogus"})) == (
        "unknown trick rule 'bogus' (known rules: 'standard', 'beat-the-leader', 'all-fours')"
    )
    first, second = record["deals"][0], record["deals"][1]
    early = {**record, "deals": [{**first, "tricks": first["tricks"][:1]}, second]}
    error = refusal(table_set, early)
    assert (str(error), error.deal) == ("deal 2 starts before deal 1 is over", 1)


def test_a_card_the_player_does_not_hold_names_deal_trick_seat_and_card():
    game = TableGame(deal_table_set("three-handed", 1))
    while game.to_play != "S":  # play on until spades is to play (seat index 0)
        game.play(game.legal_plays()[0])
    held = set(game.legal_plays())
    stranger = next(card for card in game.table_set.deals[0]["H"] if card not in held)
    with pytest.raises(IllegalPlay) as refused:
        game.play(stranger)
    error = refused.value
    assert str(error).startswith("deal 1, trick 1: ")
    assert (error.deal, error.trick, error.seat, error.card) == (0, 0, "S", stranger)


def test_a_record_with_an_impossible_trick_names_the_deal_trick_seat_and_card():
    table_set = deal_table_set("three-handed", 1)
    record = simulate_table_game("three-handed", 1).record()
    deal = record["deals"][0]
    first = deal["tricks"][0]
    leader = TableGame(table_set).to_play

    def with_tricks(tricks) -> dict:
        return {**record, "deals": [{**deal, "tricks": tricks}]}

    # The leader plays the card the second player played: not in the leader's hand.
    error = refusal(table_set, with_tricks([[first[1], *first[1:]], *deal["tricks"][1:]]))
    assert str(error).startswith("deal 1, trick 1: ")
    assert (error.deal, error.trick, error.seat, error.card) == (0, 0, leader, first[1])
    error = refusal(table_set, with_tricks([[*first, first[0]], *deal["tricks"][1:]]))
    assert (str(error), error.deal) == ("deal 1, trick 1 has 4 cards, not 3", 0)
    error = refusal(table_set, with_tricks([*deal["tricks"], first]))
    assert (str(error), error.deal) == ("deal 1 has 14 tricks; it has 13", 0)
    assert replay(table_set, {**record, "deals": [{}]}).deal == 0  # a deal not begun: nothing to replay


def test_a_duet_record_without_its_exchange_is_refused_at_the_deal():
    table_set = deal_table_set("duet", 2)
    record = simulate_table_game("duet", 2, exchange=True).record()
    bare = {**record, "deals": [{"tricks": record["deals"][0]["tricks"]}]}
    error = refusal(table_set, bare)
    assert str(error).startswith("deal 1: ") and error.deal == 0


def test_a_table_sets_commitment_is_the_sha256_of_its_sorted_json_and_does_not_change():
    # Play records name their table set by this: records already kept must still match it.
    table_set = deal_table_set("three-handed", 1)
    text = json.dumps(table_set.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert table_set.commitment() == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert table_set.commitment() == "e374581945729b08b1edafb640be00cc58167eba5ba1ac2fe8f730bbf0d48d12"


def test_a_table_set_error_lists_its_problems_or_its_one_message():
    assert TableSetError("one thing").problems == ["one thing"]
    assert TableSetError("a; b", ["a", "b"]).problems == ["a", "b"]
    assert TableSetError("none", []).problems == []


def test_a_record_taken_mid_trick_holds_the_cards_played_so_far():
    game = TableGame(deal_table_set("three-handed", 1))
    first = game.legal_plays()[0]
    game.play(first)
    second = game.legal_plays()[0]
    game.play(second)
    assert game.record()["deals"] == [{"tricks": [[str(first), str(second)]]}]


def test_plays_out_of_turn_or_after_the_end_are_refused_saying_why():
    duet = TableGame(deal_table_set("duet", 2), exchange=True)
    with pytest.raises(IllegalPlay) as refused:
        duet.play("AS")
    assert str(refused.value) == "deal 1, trick 1: the minors player's exchange comes first"
    assert str(refused.value.card) == "AS"
    with pytest.raises(IllegalPlay) as refused:
        TableGame(deal_table_set("three-handed", 1)).exchange((), ())
    assert (str(refused.value), refused.value.card) == ("deal 1, trick 1: no exchange is due", None)
    over = simulate_table_game("three-handed", 1)
    with pytest.raises(IllegalPlay) as refused:
        over.play("AS")
    assert str(refused.value) == "the game is over: AS cannot be played" and str(refused.value.card) == "AS"


def test_an_embers_hand_has_no_sheet_of_its_own():
    hand = play_table_game(deal_table_set("embers", 1), RandomTablePlayer(1))
    with pytest.raises(ValueError) as refused:
        hand.score_sheet()
    assert str(refused.value) == "an Embers hand is scored on the Embers pad (scoring.embers), not a game's sheet"
