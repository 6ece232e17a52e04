"""``scoring.auction_play.records``: ``HandRecord.disagreements`` on unfinished and inconsistent hands,
and with a club's own score values (issue #22, mutation testing)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.auction import AuctionValues, score_hand
from scoring.auction_play import RandomBot, play_auction_game


@pytest.fixture(scope="module")
def record():
    game = play_auction_game(RandomBot(7), hands=1, seed=7)
    finished = game.records[0]
    assert finished.disagreements() == []
    return finished


@pytest.mark.parametrize("missing", ["declarers", "defenders", "score"])
def test_a_hand_missing_any_part_is_not_finished(record, missing):
    assert replace(record, **{missing: None}).disagreements() == ["hand 1 is not finished"]


def test_a_hand_without_its_final_table_is_not_finished(record):
    ledger = {k: v for k, v in record.ledger.items() if k != "table_after"}
    assert replace(record, ledger=ledger).disagreements() == ["hand 1 is not finished"]


def test_cards_that_do_not_add_up_to_52_are_reported_as_a_disagreement(record):
    declarers = replace(record.declarers, trick_pile=record.declarers.trick_pile + 1)
    problems = replace(record, declarers=declarers).disagreements()
    # the check is reported, and so is the pad's refusal (it cannot score such counts): no exception
    assert problems == [
        "T + P of both sides is 53, not 52",
        "the pad refuses the hand: cards add up to 53, not 52: 1 too many "
        f"(declarers T {declarers.trick_pile} + P {declarers.added}, "
        f"defenders T {record.defenders.trick_pile} + P {record.defenders.added})",
    ]


def test_the_pad_is_scored_with_the_clubs_values():
    values = AuctionValues(declarer_card=12, defender_card=7, calypso=600, sell_price=25)
    game = play_auction_game(RandomBot(7), hands=1, seed=7, values=values)
    record = game.records[0]
    assert record.disagreements(values) == []
    # the rules' values score this hand otherwise: measured against them, the engine disagrees
    assert score_hand(record.contract, record.declarers, record.defenders, record.sell) != record.score
    assert record.disagreements() != []
