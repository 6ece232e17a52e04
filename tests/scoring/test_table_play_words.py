"""Tables of three played card by card (docs/variants.md): a simulated game is the one its seed
and rule deal and play, records replay with their settings, and every refusal names the deal,
trick, seat and card at fault (``make mutate``)."""

from __future__ import annotations

import hashlib
import json

import pytest

from scoring.cards import parse_card, parse_cards
from scoring.play import IllegalPlay, ReplayError
from scoring.table_play import (
    RandomTablePlayer,
    TableGame,
    TableSet,
    TableSetError,
    check_variant,
    deal_table_set,
    play_table_game,
    replay,
    simulate_table_game,
)
from scoring.tricks import BEAT_THE_LEADER
from tests.scoring.test_table_play import DUET, THREE, arranged  # the arranged deals, written once


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


# --- every refusal word for word (issue #22: the survivors of table_play's mutation run) ---------------------------


def test_an_unknown_variant_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError) as refused:
        check_variant("bogus")
    assert str(refused.value) == (
        "unknown table variant 'bogus' (known: 'three-handed', 'neutralised', 'duet', 'embers')"
    )
    assert TableSet("bogus", (), "S").problems() == [
        "unknown table variant 'bogus' (known: three-handed, neutralised, duet, embers)"
    ]


def test_a_set_names_its_removed_suit_and_first_dealer_when_they_cannot_be():
    good = deal_table_set("three-handed", 1)
    assert TableSet("three-handed", good.deals, "S", "X").problems() == [
        "removed suit 'X' is not a suit (use S, H, D or C)"
    ]
    assert TableSet("three-handed", good.deals, "majors").problems() == ["first dealer 'majors' is not one of S, H, C"]
    assert TableSet("duet", deal_table_set("duet", 1).deals, "S").problems() == [
        "first dealer 'S' is not one of majors, minors"
    ]


def test_a_set_with_a_deal_missing_or_a_deal_too_many_says_so_first():
    good = deal_table_set("three-handed", 1)
    short = TableSet("three-handed", good.deals[:2], "S").problems()
    assert short[0] == "three-handed has 3 deals, not 2"
    # The third deal's 39 cards are missing from the deck's count: each card named once after.
    assert len(short) == 1 + len({card for hand in good.deals[2].values() for card in hand})
    extra = TableSet("three-handed", (*good.deals, good.deals[0]), "S").problems()  # a fourth deal: no size to check
    assert extra[0] == "three-handed has 3 deals, not 4"
    assert all(problem.endswith("the three-handed deck has 3") for problem in extra[1:])


def test_every_deal_whose_hands_are_not_the_seats_is_named():
    good = deal_table_set("three-handed", 1)
    no_clubs = {seat: good.deals[1][seat] for seat in "SH"}
    no_hearts = {seat: good.deals[2][seat] for seat in "SC"}
    problems = TableSet("three-handed", (good.deals[0], no_clubs, no_hearts), "S").problems()
    assert problems[:2] == ["deal 2 has hands for HS, not SHC", "deal 3 has hands for CS, not SHC"]


def test_a_hand_of_the_wrong_size_is_named_by_deal_and_suit_and_the_error_lists_every_problem():
    good = deal_table_set("three-handed", 1)
    second = dict(good.deals[1])
    second["H"] = (*second["H"], second["S"][0])  # one card passed from ♠'s hand to ♥'s: the deck still adds up
    second["S"] = second["S"][1:]
    table_set = TableSet("three-handed", (good.deals[0], second, good.deals[2]), "S")
    wrong = ["deal 2, Spades: 12 cards, not 13", "deal 2, Hearts: 14 cards, not 13"]
    assert table_set.problems() == wrong
    with pytest.raises(TableSetError) as refused:
        table_set.validate()
    assert str(refused.value) == "deal 2, Spades: 12 cards, not 13; deal 2, Hearts: 14 cards, not 13"
    assert refused.value.problems == wrong


def test_an_embers_hand_may_not_hold_a_card_more_often_than_six_packs():
    # An Embers game has three to six packs (scoring.embers_settings; the game checks its own): seven
    # 2♣ (the last card in display order) are more than any. Four are fine here.
    hands = {
        "S": "S AKQJT9 C 2222222",
        "H": "H AKQJT98765432",
        "D": "D AKQJT98765432",
        "C": "S 5 C AKQJT9876543",
    }
    deal = {seat: tuple(parse_cards(text)) for seat, text in hands.items()}
    assert TableSet("embers", (deal,), "S").problems() == [
        "2C is dealt 7 times; an Embers hand is dealt from at most 6 packs"
    ]
    hands["S"] = "S AKQJT9876 C 2222"
    assert TableSet("embers", ({seat: tuple(parse_cards(text)) for seat, text in hands.items()},), "S").problems() == []


def test_a_table_set_file_without_its_variant_is_refused_naming_it():
    data = deal_table_set("three-handed", 1).to_dict()
    del data["variant"]
    with pytest.raises(TableSetError) as refused:
        TableSet.from_dict(data)
    assert str(refused.value) == "not a table set: 'variant'"


def test_a_table_set_file_without_deals_is_a_set_of_no_deals():
    with pytest.raises(TableSetError) as refused:
        TableSet.from_dict({"variant": "three-handed", "first_dealer": "S"})
    assert refused.value.problems[0] == "three-handed has 3 deals, not 0"
    assert refused.value.problems[1] == "AS is dealt 0 times; the three-handed deck has 3"


def test_the_tables_own_refusals_word_for_word():
    with pytest.raises(ValueError) as refused:
        TableGame(deal_table_set("three-handed", 1), exchange=True)
    assert str(refused.value) == "the call-and-response exchange is Calypso Duet's; other tables do not exchange"
    game = TableGame(deal_table_set("three-handed", 1))
    with pytest.raises(ValueError) as refused:
        game.hand("X")
    assert str(refused.value) == "'X' is not a seat (use S, H, D or C)"
    assert game.visible_hands("S") == ("S",)  # at a table of three a player sees only their own hand
    with pytest.raises(ValueError) as refused:
        game.visible_hands("D")  # ♦ is the suit taken out
    assert str(refused.value) == "'D' is not a seat of this table (SHC)"
    for _ in range(3):
        game.play(game.legal_plays()[0])
    with pytest.raises(ValueError) as refused:
        game.score_sheet()
    assert str(refused.value) == "the game is not over: deal 1, trick 2"
    with pytest.raises(ValueError) as refused:
        TableGame(deal_table_set("duet", 1)).split_score()
    assert str(refused.value) == "split partnership is scored at a table of three, not in Duet"


NOT_A_CARD = "'ZZ' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"


def test_text_that_is_not_a_card_is_refused_as_a_play_naming_the_seat_to_play():
    game = TableGame(arranged("three-handed", THREE, "S"))
    with pytest.raises(IllegalPlay) as refused:
        game.play("ZZ")
    error = refused.value
    assert (str(error), error.deal, error.trick, error.seat, error.card) == (NOT_A_CARD, 0, 0, "H", None)


def test_a_failure_to_follow_names_the_seat_what_it_holds_and_the_card():
    game = TableGame(arranged("three-handed", THREE, "S"))
    game.play("5H")
    game.play("2C")
    with pytest.raises(IllegalPlay) as refused:
        game.play("AS")  # ♠ holds A♥ K♥ Q♥
    error = refused.value
    assert str(error) == "deal 1, trick 1: Spades (S) must follow suit — holds 3 hearts and may not play AS"
    assert (error.seat, error.card) == ("S", parse_card("AS"))


def test_a_play_after_the_end_names_no_seat():
    over = simulate_table_game("three-handed", 1)
    with pytest.raises(IllegalPlay) as refused:
        over.play("AS")
    assert refused.value.seat is None and refused.value.card == parse_card("AS")


def test_an_exchange_of_cards_not_held_or_not_cards_is_refused_saying_which():
    game = TableGame(arranged("duet", DUET, "majors"), exchange=True)
    hands = {seat: game.hand(seat) for seat in "SHDC"}
    # The minors player's dummy (♦) holds A♦ but neither A♠ nor A♥.
    with pytest.raises(IllegalPlay) as refused:
        game.exchange(["AS", "AH", "AD"], ["2D", "3D", "4D"])
    assert (str(refused.value), refused.value.card) == ("the dummy of the minors player does not hold AS AH", None)
    with pytest.raises(IllegalPlay) as refused:
        game.exchange(["AD", "KD", "QD"], ["2D", "3D", "ZZ"])
    assert (str(refused.value), refused.value.card) == (NOT_A_CARD, None)
    assert {seat: game.hand(seat) for seat in "SHDC"} == hands and game.exchange_due == "minors"  # nothing moved


def test_a_duet_record_whose_exchange_gives_nothing_is_refused_at_the_deal():
    table_set = deal_table_set("duet", 2)
    record = simulate_table_game("duet", 2, exchange=True).record()
    first = record["deals"][0]
    minors = first["exchanges"]["minors"]
    taken_only = {**first, "exchanges": {**first["exchanges"], "minors": {"take": minors["take"]}}}
    error = refusal(table_set, {**record, "deals": [taken_only, *record["deals"][1:]]})
    assert (str(error), error.deal) == ("deal 1: the minors player exchanges 3 cards each way, not 0", 0)
