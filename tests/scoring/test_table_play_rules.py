"""scoring.table_play's rules that its mutation run (issue #22) found untested: the decks, the
defaults a set file or a call leaves out, what a fresh game shows, renounces and revokes counted
through a deal, and a record taken in the middle of a trick."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

from scoring.cards import CARDS
from scoring.table_play import (
    RandomTablePlayer,
    TableGame,
    TableSet,
    deal_table_set,
    deck_of,
    form_of,
    play_table_game,
)
from tests.scoring.test_table_play import THREE, arranged, play_all  # the arranged deals, written once

# --- decks, forms and defaults --------------------------------------------------------------------------------------


def test_an_embers_hand_is_dealt_from_three_packs():
    assert deck_of("embers") == Counter(dict.fromkeys(CARDS, 3))
    assert sum(deck_of("embers").values()) == 156


def test_three_handed_takes_out_the_suit_asked_for():
    # Without ♠: three packs of ♥ ♦ ♣ (117 cards), not the default's ♠ ♥ ♣.
    deck = deck_of("three-handed", "S")
    assert {card.suit for card in deck} == {"H", "D", "C"}
    assert set(deck.values()) == {3}


def test_won_cards_go_to_a_partnership_in_duet_and_embers_and_cutthroat_at_a_table_of_three():
    assert [form_of(v) for v in ("three-handed", "neutralised", "duet", "embers")] == [
        "cutthroat",
        "cutthroat",
        "partnership",
        "partnership",
    ]
    assert TableGame(deal_table_set("duet", 1)).form == "partnership"


def test_a_set_dealt_or_played_without_a_seed_is_the_one_of_seed_0():
    assert deal_table_set("three-handed") == deal_table_set("three-handed", 0)
    table_set = deal_table_set("duet", 4)
    unseeded = play_table_game(table_set, RandomTablePlayer(), exchange=True)
    assert unseeded.record() == play_table_game(table_set, RandomTablePlayer(0), exchange=True).record()


def test_a_seeded_random_player_makes_the_same_exchange_every_time():
    table_set = deal_table_set("duet", 4)
    exchanges = [
        play_table_game(table_set, RandomTablePlayer(7), exchange=True).record()["deals"][0]["exchanges"]
        for _ in range(2)
    ]
    assert exchanges[0] == exchanges[1]


def test_a_table_set_file_keeps_its_removed_suit_and_leaves_diamonds_out_when_it_names_none():
    without_spades = deal_table_set("three-handed", 3, removed="S")
    assert TableSet.from_dict(without_spades.to_dict()) == without_spades
    data = deal_table_set("three-handed", 3).to_dict()
    del data["removed"]  # docs/variants.md: the removed suit is chosen per game, default ♦
    assert TableSet.from_dict(data) == deal_table_set("three-handed", 3)


def test_a_commitment_hashes_the_sets_json_as_utf8_text_not_ascii_escapes():
    # `removed` matters three-handed only, so a Duet set may carry "♦" there: the hash is of the
    # character itself (UTF-8 bytes E2 99 A6), as every record already kept was made.
    duet = deal_table_set("duet", 1, removed="♦")
    text = json.dumps(duet.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert '"removed":"♦"' in text
    assert duet.commitment() == hashlib.sha256(text.encode("utf-8")).hexdigest()
    escaped = json.dumps(duet.to_dict(), sort_keys=True, separators=(",", ":"))
    assert duet.commitment() != hashlib.sha256(escaped.encode("utf-8")).hexdigest()


# --- what a game shows ----------------------------------------------------------------------------------------------


def test_a_fresh_game_has_nothing_on_the_table_and_nobody_void():
    game = TableGame(deal_table_set("duet", 1))
    assert game.calypso_state() == ([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0])  # per seat number, four seats
    assert game.renounces == {"S": "", "H": "", "D": "", "C": ""}


def test_a_neutralised_sheet_says_so_and_a_three_handed_one_is_cutthroat():
    assert TableGame(deal_table_set("neutralised", 1)).sheet_dict()["form"] == "neutralised"
    assert TableGame(deal_table_set("three-handed", 1)).sheet_dict()["form"] == "cutthroat"
    assert "form" not in TableGame(deal_table_set("duet", 1)).sheet_dict()


def test_a_seat_shows_every_suit_it_has_renounced_this_deal():
    game = TableGame(arranged("three-handed", THREE, "S"))
    # H leads 5♥, ♣ (all clubs) trumps in 2♣ — void in hearts — and wins over A♥.
    assert play_all(game, "5H 2C AH")[-1] == "C"
    # ♣ leads 3♣: ♠ and ♥ are void. ♠ trumps in 5♠ and beats the trump lead; ♥ discards 2♠.
    assert play_all(game, "3C 5S 2S")[-1] == "S"
    # ♠ leads 6♠; ♥ follows 3♠; ♣, void in spades too, trumps in 4♣ and wins.
    assert play_all(game, "6S 3S 4C")[-1] == "C"
    assert game.renounces == {"S": "C", "H": "C", "C": "SH"}


def test_every_revoke_of_a_seat_counts_against_it():
    game = TableGame(arranged("three-handed", THREE, "S"), allow_revokes=True)
    # ♠ holds A♥ K♥ Q♥ throughout and twice plays a spade to a heart lead.
    assert play_all(game, "5H 2C AS")[-1] == "S"  # revoke 1; A♠ trumps in over 2♣
    assert play_all(game, "QS 2S 3C")[-1] == "C"  # ♥ follows 2♠; ♣ trumps in over the trump lead
    assert play_all(game, "4C TS JH")[-1] == "H"  # two trump-ins: J♥ outranks T♠
    assert play_all(game, "9H 5C 9S")[-1] == "S"  # revoke 2; 9♠ outranks 5♣
    assert game.revokes == {"S": 2, "H": 0, "C": 0}
    player = RandomTablePlayer(4)  # plays only legal cards: no more revokes
    while not game.is_over:
        game.play(player.choose(game))
    assert game.score().revoke_points == {"S": 0, "H": 520, "C": 520}  # 260 per revoke to each other player


def test_taking_a_record_mid_trick_changes_neither_the_game_nor_the_next_record():
    game = TableGame(arranged("three-handed", THREE, "S"))
    play_all(game, "5H 2C")
    assert game.record()["deals"] == [{"tricks": [["5H", "2C"]]}]
    assert game.record()["deals"] == [{"tricks": [["5H", "2C"]]}]
    game.play("AH")
    assert game.record()["deals"] == [{"tricks": [["5H", "2C", "AH"]]}]
