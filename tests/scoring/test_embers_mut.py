"""``scoring.embers``: what the whole-engine mutation run found unasserted — the pad's count of a
suit up to the first ember hand, the settings a game is played, scored and replayed with, and the
table as it stands before the first trick.

docs/variants.md "Embers": three packs (39 cards of a suit) and one fire hand unless the event says
otherwise; up to the first ember hand no calypso goes back to the pack, so a player's calypsoes since
hand 1 with their cards in progress are at most 13 × packs; a count too many on its own is named on
its own.
"""

from __future__ import annotations

import pytest

from scoring.embers import EmbersGame, EmbersHand, check_pad, play_embers_game, replay, score_embers
from scoring.embers_settings import EmbersSettings
from scoring.play import RandomPlayer
from scoring.scores import ScoreSheetError
from tests.scoring.test_embers_fire import row

# Hand 1 (the fire): ♠ completes one calypso: 13 + 0 + 39 piled = 52.
ONE = row(calypsos=(1, 0, 0, 0), majors=39)


def test_three_calypsoes_in_the_first_ember_hand_after_one_in_the_fire_are_one_suit_too_many():
    # Hand 2: three more (39 + 0 + 13 = 52). Alone they are the 39 spades of three packs, which can
    # be; with hand 1's, still set aside, they are 52 spades: 13 too many.
    assert check_pad([ONE, row(calypsos=(3, 0, 0, 0), majors=13)]) == [
        "hand 2: S: 4 calypsos since hand 1 (none goes back to the pack before the end of hand 2) and 0 "
        "unfinished make 52 cards of one suit; there are only 39 (13 too many)"
    ]


def test_a_hand_too_many_on_its_own_is_named_once_not_again_with_the_fire_hands():
    # Hand 2: three calypsoes and 5 in progress (39 + 5 + 8 = 52) are 44 spades in one hand.
    problems = check_pad([ONE, row(calypsos=(3, 0, 0, 0), unfinished=(5, 0, 0, 0), majors=8)])
    assert len(problems) == 1 and problems[0].startswith("hand 2: ")
    assert "since hand 1" not in problems[0]


# Four packs, two fire hands: ♠ completes two calypsoes in each of hands 1 and 2 (26 + 0 + 26 = 52):
# the 52 spades of four packs, which three packs (39) cannot hold.
TWO = row(calypsos=(2, 0, 0, 0), majors=26)
FOUR_PACKS = EmbersSettings(packs=4, fire_hands=2, hands=4)


def test_a_pad_is_scored_with_its_games_settings():
    assert check_pad([TWO, TWO]) != []
    scored = score_embers([TWO, TWO], finished=False, settings=FOUR_PACKS)
    assert [hand.calypso_points["S"] for hand in scored.hands] == [500 + 750, 1000 + 1000]
    game = EmbersGame(4, 1, packs=4, fire_hands=2)
    game.pad = [EmbersHand.from_dict(TWO), EmbersHand.from_dict(TWO)]
    assert game.score().hands[1].totals == scored.hands[1].totals


def test_a_whole_game_is_played_with_the_packs_and_fire_hands_asked_for():
    game = play_embers_game(RandomPlayer(3), hands=4, seed=3, packs=4, fire_hands=2)
    assert game.is_over and game.settings == FOUR_PACKS
    assert sum(game.ledger().values()) == 4 * 52


def test_a_record_without_packs_or_fire_hands_is_three_packs_and_one_fire_hand():
    # Records written before the settings existed name neither: they were three packs, one fire hand.
    record = EmbersGame(4, 5).record()
    del record["packs"], record["fire_hands"]
    game = replay(record)
    assert game.settings == EmbersSettings(packs=3, fire_hands=1, hands=4)
    assert game.ledger()["pack"] == 3 * 52 - 52


def test_before_the_first_trick_no_seat_has_a_calypso_on_the_table():
    game = EmbersGame(4, 2)
    assert game.game.calypso_state() == ([0] * 4, [0] * 4, [0] * 4)
    assert game.game.completed == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert game.game.cards_placed() == 0


def test_the_fire_pad_is_refused_by_the_default_three_packs():
    with pytest.raises(ScoreSheetError, match="4 calypsos since hand 1"):
        score_embers([TWO, TWO])
