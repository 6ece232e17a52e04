"""scoring.auction_play.game: the bid suit's calypso counts first however the hand completed them,
completed calypsos add up across hands, and replay keeps a record's settings and its sales."""

from __future__ import annotations

import json
import re

import pytest

from scoring.auction import AuctionError
from scoring.auction_play import AuctionGame, RandomBot, advance, play_auction_game, replay
from scoring.cards import RANKS


def suit(symbol: str, ranks: str = RANKS) -> list[str]:
    return [rank + symbol for rank in ranks]


def two_completions() -> AuctionGame:
    # The majors hold ♥ 2–K (needing the A) and ♦ 2–Q (needing K and A). Dealer D: H speaks first
    # and bids ♥; S gets ♦, D ♠, C ♣. D holds only clubs and C only spades: neither can trump in.
    table = {"majors": [*suit("H", "23456789TJQK"), *suit("D", "23456789TJQ")]}
    deal = {
        "H": ["KD", "KD", *suit("D", "23456789TJQ")],
        "S": ["AD", "AH", *suit("H", "23456789TJQ")],
        "D": suit("C"),
        "C": suit("S"),
    }
    game = AuctionGame(hands=2, first_dealer="D", table=table, deals=[deal])
    for call in ("220H", "pass", "pass", "pass"):
        game.call(call)
    game.give_trumps({"S": "D", "H": "H", "D": "S", "C": "C"})
    return game


def test_the_bid_suits_calypso_counts_first_even_when_completed_second():
    game = two_completions()
    # Trick 1: H leads K♦, C throws 3♠, S wins with A♦, D throws 3♣: ♦ complete (it needed 2).
    for card in ("KD", "3S", "AD", "3C"):
        game.play(card)
    assert game.taken("majors").cards_required == (2,)
    # Trick 2: S leads A♥ and wins it: ♥, declarer H's trump, complete (it needed 1): it counts first.
    for card in ("AH", "4C", "2D", "4S"):
        game.play(card)
    assert game.taken("majors").calypsos == 2
    assert game.taken("majors").cards_required == (1, 2)


def test_completed_calypsos_add_up_across_hands():
    game = two_completions()
    for card in ("KD", "3S", "AD", "3C", "AH", "4C", "2D", "4S"):
        game.play(card)
    advance(game, RandomBot(1), until=("auction",))
    assert game.completed[0][1] == 1 and game.completed[0][2] == 1  # majors: ♥ and ♦ (suits S H D C)
    # Hand 2 (dealer H, C first): S bids ♥ and keeps it; the majors hold ♥ and ♦ again.
    for call in ("pass", "220H", "pass", "pass", "pass"):
        game.call(call)
    game.give_trumps({"S": "H", "H": "D", "D": "S", "C": "C"})
    advance(game, RandomBot(2))
    assert game.is_over
    assert game.completed[0][1] >= 1 and game.completed[0][2] >= 1


def test_replay_keeps_the_number_of_hands_and_the_rule():
    game = play_auction_game(RandomBot(3), hands=2, rule="beat-the-leader", seed=5)
    again = replay(json.loads(json.dumps(game.record())))
    assert again.hands == 2 and len(again.records) == 2
    assert again.rule == "beat-the-leader"
    assert again.totals == game.totals


def sale() -> AuctionGame:
    """A game stopped at the first sale declarer is able to make."""
    for seed in range(100):
        game = AuctionGame(hands=4, seed=seed)
        while True:
            advance(game, RandomBot(seed), until=("sell",))
            if game.phase == "over":
                break
            if game.can_sell and game.to_sell < game.on_table(game.record_in_play.declarer_side):
                return game
            game.sell(False)
    raise AssertionError("no sale in 100 seeds")


def test_replay_sells_the_cards_the_record_names():
    game = sale()
    side = game.record_in_play.declarer_side
    chosen = game.table(side)[-game.to_sell :]  # the last suit's highest cards, not the engine's pick
    game.sell(True, chosen)
    left = game.table(side)
    record = json.loads(json.dumps(game.record()))
    assert record["actions"][-1] == ["sell", True, [str(c) for c in chosen]]
    assert replay(record).table(side) == left


def test_replay_reads_a_sale_as_written():
    game = sale()
    need = game.to_sell
    record = game.record()
    # "false with []", also written without the empty list.
    game.sell(False)
    assert replay({**game.record(), "actions": [*record["actions"], ["sell", False]]}).phase == "ditch"
    # true with no cards is not a sale of the cards needed.
    actions = [*record["actions"], ["sell", True, []]]
    message = (
        f"action {len(actions)} ['sell', True, []]: declarer must sell exactly {need} cards to make the contract, not 0"
    )
    with pytest.raises(AuctionError, match=re.escape(message) + "$"):
        replay({**record, "actions": actions})


def test_a_minors_declarers_bid_suit_counts_first_too():
    # The same for the minors: they hold ♥ 2–K and ♦ 2–Q; dealer S, D speaks first and bids ♥;
    # partner C gets ♦, S ♣ and H ♠. S holds only spades and H only clubs: neither can trump in.
    table = {"minors": [*suit("H", "23456789TJQK"), *suit("D", "23456789TJQ")]}
    deal = {
        "D": ["KD", "KD", *suit("D", "23456789TJQ")],
        "C": ["AD", "AH", *suit("H", "23456789TJQ")],
        "S": suit("S"),
        "H": suit("C"),
    }
    game = AuctionGame(hands=1, first_dealer="S", table=table, deals=[deal])
    for call in ("220H", "pass", "pass", "pass"):
        game.call(call)
    game.give_trumps({"D": "H", "C": "D", "S": "C", "H": "S"})
    for card in ("KD", "3C", "AD", "3S"):  # D leads, C wins with A♦: ♦ complete (needed 2)
        game.play(card)
    for card in ("AH", "4S", "2D", "4C"):  # C leads A♥ and wins: ♥, D's trump, complete (needed 1)
        game.play(card)
    assert game.taken("minors").cards_required == (1, 2)


def test_a_second_calypso_in_one_hand_needed_13_and_the_bonus_counts_the_first():
    # The majors hold ♦ 2–K. H bids 1 & 220♥ and gives partner S ♦; D holds only clubs (C's trump)
    # and C only spades (D's): the majors win every trick.
    table = {"majors": suit("D", "23456789TJQK")}
    deal = {
        "S": ["AD", "AD", *suit("D", "23456789TJQ")],
        "H": ["KD", *suit("H", "23456789TJQK")],
        "D": suit("C"),
        "C": suit("S"),
    }
    game = AuctionGame(hands=1, first_dealer="D", table=table, deals=[deal])
    for call in ("1 & 220H", "pass", "pass", "pass"):
        game.call(call)
    game.give_trumps({"H": "H", "S": "D", "D": "S", "C": "C"})
    # Trick 1: H leads K♦, S wins with A♦: ♦ complete (needed 1); K♦ starts the next ♦ calypso.
    for card in ("KD", "2S", "AD", "2C"):
        game.play(card)
    advance(game, RandomBot(4))
    record = game.records[0]
    # The other 12 diamonds complete a second ♦ calypso, begun in this hand: it needed 13.
    assert record.declarers.calypsos == 2 and record.declarers.cards_required == (1, 13)
    # Declarer's ♥ made none: the bonus counts the calypsos in the order completed, the first one
    # (1 card: 100). The majors took every trick: 26 clubs and spades in their pile, 260 + 100.
    assert record.declarers.trick_pile == 26
    assert record.ledger["contract_points"] == 360
