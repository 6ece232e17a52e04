"""scoring.auction_play.game in hand-built positions (issue #22, mutation testing): the given table and
deal refused word for word, what a side has taken before play, the record a game writes and what
``replay`` fills in or refuses, the notes and records of a hand, a trump-in lower than a trump lead
under each rule, and a calypso completed by the minors (AUCTION.md §1–§5, RULES.md §3–§4)."""

from __future__ import annotations

import pytest

from scoring.auction import VALUES, AuctionError, AuctionValues, IllegalCall, SideHand
from scoring.auction_play import AuctionGame, IllegalMove, RandomBot, replay
from scoring.cards import SUITS, parse_cards
from tests.scoring.test_auction_play import ALL_BUT_TWO, ONE_SUIT_EACH, bid_alone, finish_hand, one_suit_game, suit


def refused(**options) -> str:
    with pytest.raises(AuctionError) as err:
        AuctionGame(**options)
    return str(err.value)


# --- the given table and deal ---------------------------------------------------------------------------------------


def test_a_table_naming_other_sides():
    assert refused(table={"north": ["AH"], "east": []}) == "table: 'east', 'north' is not a side (majors or minors)"


def test_a_table_with_complete_calypsos():
    assert refused(table={"majors": suit("S") + suit("H")}) == (
        "table: the majors' ♠, ♥ calypso has 13 cards: it is complete"
    )


def test_a_table_over_the_cap():
    cards = suit("S", "23456789T") + suit("H", "23456789T") + suit("D", "23456789T")
    assert refused(table={"minors": cards}) == "table: the minors have 27 cards, over the cap"


@pytest.mark.parametrize("deal", [[ONE_SUIT_EACH["S"]] * 4, {seat: ONE_SUIT_EACH[seat] for seat in "SHD"}])
def test_a_deal_that_does_not_give_each_seat_its_cards(deal):
    assert refused(deals=[deal]) == "hand 1: a deal gives 13 cards to each seat S, H, D, C"


def test_a_deal_with_a_card_both_sides_hold_on_the_table():
    # Both copies of A♥ lie on the table (one per side): none is left in the pack.
    deal = {**ONE_SUIT_EACH, "C": suit("H")}
    assert refused(table={"majors": ["AH"], "minors": ["AH"]}, deals=[deal]) == (
        "hand 1: AH is not in the pack (two copies, less the table's)"
    )


# --- before play ----------------------------------------------------------------------------------------------------


def test_nothing_is_taken_before_play():
    nothing = SideHand(0, 0, 0)
    draft = AuctionGame(draft=True, table=None)
    assert draft.phase == "draft" and draft.taken("majors") == nothing
    game = AuctionGame(hands=1, first_dealer="C", deals=[ONE_SUIT_EACH])
    assert game.phase == "auction" and game.taken("minors") == nothing
    for call in ("220C", "pass", "pass", "pass"):
        game.call(call)
    assert game.phase == "trumps" and game.taken("majors") == nothing == game.taken("minors")
    assert game.record_in_play.calls == [("S", "220C"), ("D", "pass"), ("H", "pass"), ("C", "pass")]
    with pytest.raises(IllegalMove) as err:
        game.call("pass")
    assert str(err.value) == "cannot call now: the game is at 'trumps', not 'auction'"


def test_trumps_out_of_phase_and_the_trumps_noted():
    game = AuctionGame(hands=1, first_dealer="C", deals=[ONE_SUIT_EACH], table={"majors": ["2C", "3C", "4D"]})
    with pytest.raises(IllegalMove) as err:
        game.give_trumps({"S": "C", "H": "D", "D": "S", "C": "H"})
    assert str(err.value) == "cannot give trumps now: the game is at 'auction', not 'trumps'"
    bid_alone(game, "220C", "CDSH")
    record = game.record_in_play
    assert record.trumps == {"S": "C", "H": "D", "D": "S", "C": "H"}
    # Declarer S and partner H hold ♣ and ♦ this hand: the majors already have 2 clubs and 1 diamond.
    assert record.noted == {"C": 2, "D": 1}


def test_the_declarer_s_side_is_noted_for_a_minors_declarer():
    game = AuctionGame(hands=1, first_dealer="S", deals=[ONE_SUIT_EACH], table={"minors": ["2S", "3H", "4H"]})
    # Dealer S: D speaks first and declares ♠; partner C gets ♥.
    bid_alone(game, "220S", "CDSH")
    assert game.record_in_play.noted == {"S": 1, "H": 2}


# --- trick play -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "winner"), [("standard", "D"), ("beat-the-leader", "S")])
def test_trump_ins_lower_than_a_trump_lead(rule, winner):
    game = one_suit_game(rule=rule)
    game.play("TC")  # S leads its trump, the ten
    game.play("9S")  # D trumps in with ♠, lower
    game.play("8D")  # H trumps in with ♦, lower
    assert game.play("2H") == winner  # C trumps in with ♥, lower: any trump-in wins only under standard
    assert game.record_in_play.tricks == [("S", tuple(parse_cards("TC 9S 8D 2H")))]


def test_a_calypso_the_minors_complete_is_counted_for_the_minors():
    # The minors hold ♣ 2…K (needing the A). Dealer S, so D leads and calls first; D declares ♣.
    deal = {
        "D": ["AC", *suit("S", ALL_BUT_TWO)],
        "C": ["AC", *suit("S", ALL_BUT_TWO)],
        "H": ["2C", *suit("H", ALL_BUT_TWO)],
        "S": ["3C", *suit("D", ALL_BUT_TWO)],
    }
    game = AuctionGame(hands=1, first_dealer="S", table={"minors": suit("C", "23456789TJQK")}, deals=[deal])
    bid_alone(game, "1 & 220C", "SHCD")
    for card in ("AC", "2C", "AC", "3C"):
        game.play(card)
    # A♣ completes the calypso; 2♣ 3♣ and the second A♣ start the next one (RULES.md §4).
    assert game.calypso("minors", "C") == parse_cards("2C 3C AC")
    finish_hand(game, RandomBot(0))
    assert game.completed[1][SUITS.index("C")] == 1
    assert game.completed[0][SUITS.index("C")] == 0


# --- record and replay ----------------------------------------------------------------------------------------------


def test_the_record_of_a_fresh_game_word_for_word():
    game = AuctionGame(hands=2, first_dealer="D", seed=5, rule="beat-the-leader")
    assert game.record() == {
        "format": "calypso-auction-play/1",
        "hands": 2,
        "first_dealer": "D",
        "draft": False,
        "seed": 5,
        "rule": "beat-the-leader",
        "actions": [],
    }


def test_other_values_are_recorded():
    values = AuctionValues(table_cap=30)
    record = AuctionGame(values=values).record()
    assert record["values"] == dict(values.__dict__)
    assert record["values"]["table_cap"] == 30
    assert replay(record).values == values
    assert replay(record).values != VALUES


def test_a_bare_record_replays_with_the_defaults():
    game = replay({})
    assert (game.hands, game.first_dealer, game.draft_on, game.seed, game.rule) == (4, "S", False, 0, "standard")
    assert (game.phase, game.actions) == ("auction", [])
    assert game.record() == AuctionGame().record()


@pytest.mark.parametrize("record", [[], {"format": "calypso-play/1"}])
def test_not_an_auction_play_record(record):
    with pytest.raises(AuctionError) as err:
        replay(record)
    assert str(err.value) == "not an Auction play record (format 'calypso-auction-play/1')"


@pytest.mark.parametrize("actions", [5, "call pass"])
def test_actions_that_are_not_a_list(actions):
    with pytest.raises(AuctionError) as err:
        replay({"actions": actions})
    assert str(err.value) == "the record's actions must be a list"


def test_an_unknown_action():
    with pytest.raises(AuctionError) as err:
        replay({"actions": [["call", "pass"], ["dance"]]})
    assert str(err.value) == "action 2 ['dance']: unknown action 'dance'"


def test_a_record_s_settings_are_replayed():
    game = AuctionGame(hands=2, first_dealer="D", draft=True, seed=5, rule="beat-the-leader")
    game.draft_pick(game.draft_options()[0])
    again = replay(game.record())
    assert (again.hands, again.first_dealer, again.draft_on, again.seed, again.rule) == (
        2,
        "D",
        True,
        5,
        "beat-the-leader",
    )
    assert again.record() == game.record()


def test_a_new_game_s_defaults():
    game = AuctionGame()
    assert (game.hands, game.seed, game.first_dealer, game.rule) == (4, 0, "S", "standard")
    assert game.completed == [[0, 0, 0, 0], [0, 0, 0, 0]]
    assert game.record_in_play.dealer == "S" and game.record_in_play.number == 1


@pytest.mark.parametrize(("hands", "shown"), [(0, "0"), (True, "True"), ("2", "'2'"), (-1, "-1")])
def test_a_game_of_no_hands(hands, shown):
    assert refused(hands=hands) == f"a game has at least one hand, not {shown}"


def test_a_draft_and_a_table_together():
    assert refused(draft=True, table={"majors": ["AH"]}) == "a game starts from a draft or from a given table, not both"


def test_a_two_on_either_side_s_table_leaves_one_copy_in_the_pack():
    # The majors hold 2♥ and the minors 2♠ on the table: one copy of each is left to deal.
    table = {"majors": ["2H"], "minors": ["2S"]}
    hearts = {**ONE_SUIT_EACH, "C": ["2H", "2H", *suit("H", "3456789TJQK")]}
    assert refused(table=table, deals=[hearts]) == "hand 1: 2H is not in the pack (two copies, less the table's)"
    spades = {**ONE_SUIT_EACH, "D": [*suit("S", ALL_BUT_TWO), "2C"], "C": ["2S", "2S", *suit("H", "3456789TJQK")]}
    assert refused(table=table, deals=[spades]) == "hand 1: 2S is not in the pack (two copies, less the table's)"


def test_a_fresh_seed_fits_a_signed_64_bit_integer():
    # A game without a seed draws one and keeps it (a database's BIGINT holds it): 0 <= seed < 2**63.
    seeds = [AuctionGame(hands=1, seed=None).seed for _ in range(64)]
    assert all(0 <= seed < 1 << 63 for seed in seeds)
    assert len(set(seeds)) > 60


def test_the_game_s_minimum_bid_is_the_auction_s():
    game = AuctionGame(values=AuctionValues(minimum_bid=250))
    with pytest.raises(IllegalCall):
        game.call("240C")
    game.call("250C")
    assert game.record_in_play.calls == [("D", "250C")]  # dealer S: D speaks first


def test_hands_are_empty_during_the_draft_and_no_draft_options_after_it():
    draft = AuctionGame(draft=True)
    assert [draft.hand(seat) for seat in SUITS] == [[], [], [], []]
    assert draft.draft_options() != []
    assert AuctionGame().draft_options() == []
