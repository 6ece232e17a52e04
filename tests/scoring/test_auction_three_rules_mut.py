"""``scoring.auction.three``: the rules and words the whole-engine mutation run found unasserted.

Every figure is worked by hand from docs/auction.md, "Three-handed Auction Calypso": 10 a declarer
card, 20 a card sold (the fewest that cover the shortfall, up to the cards added), a contract made
scores the bid × factor + the points, the calypso bonus 40 + 10 n² (the declarer's only when the
contract is made), misère 0 up to 12 points then −30 a point, 5 a defender card of both piles.
"""

from __future__ import annotations

import pytest

from scoring.auction import AuctionError, SideHand, score_three_hand
from scoring.auction.three import ThreeBid, ThreeContract, ThreeHandedHand, ThreeHandedValues, check_three_hand
from tests.scoring.test_auction_three_mut import HAND as MESSAGES_HAND

PLAYERS = ("Ann", "Bob", "Cy")


def _played(ann: SideHand, bob: SideHand, cy: SideHand) -> dict[str, SideHand]:
    return {"Ann": ann, "Bob": bob, "Cy": cy}


def test_a_calypso_of_one_card_is_one_card_and_sold_cards_are_counted_in_words():
    # 1 & 200♠: Ann took 18 cards (180), 20 short, added 6: sells 1 card (180 + 20 = 200).
    # Made: 200 + 200 = 400, and her calypso (3 cards needed: 40 + 90 = 130) counts: 530.
    played = _played(SideHand(18, 6, 1, (3,)), SideHand(10, 5, 0), SideHand(10, 2, 0))
    hand = score_three_hand("1 & 200♠", "Ann", played, sell=True)
    assert hand.outcome == "limbo-sold" and hand.sold == 1
    assert "sold 1 card × 20: 180 + 20" in hand.lines
    assert hand.calypso_bonus == {"Ann": 130, "Bob": 0, "Cy": 0}
    assert hand.scores == {"Ann": 530, "Bob": 100, "Cy": 100}


def test_a_shortfall_equal_to_the_cap_can_be_sold():
    # 230♥: 19 cards = 190, 40 short; 2 cards added: the cap is 2 × 20 = 40, so the hand is in limbo.
    played = _played(SideHand(19, 2, 0), SideHand(10, 5, 0), SideHand(10, 5, 0))
    hand = score_three_hand("230♥", "Ann", played, sell=True)
    assert (hand.outcome, hand.sold, hand.contract_score) == ("limbo-sold", 2, 460)
    assert "sold 2 cards × 20: 190 + 40" in hand.lines
    assert hand.scores == {"Ann": 460, "Bob": 100, "Cy": 100}
    with pytest.raises(AuctionError) as unasked:
        score_three_hand("230♥", "Ann", played)
    assert str(unasked.value) == (
        "the contract is in limbo (40 points short, within the selling cap of 40): sell must be true or false"
    )
    with pytest.raises(AuctionError) as not_a_choice:
        score_three_hand("230♥", "Ann", played, sell=1)
    assert str(not_a_choice.value) == (
        "the contract is in limbo (40 points short, within the selling cap of 40): sell must be true or false, not 1"
    )


MISERE_PLAYED = _played(SideHand(5, 3, 1, (1,)), SideHand(20, 3, 0), SideHand(18, 2, 0))


def test_a_misere_that_costs_nothing_keeps_the_declarers_calypso_bonus():
    hand = score_three_hand("misère", "Ann", MISERE_PLAYED, misere_points=10)
    assert hand.lines[1] == "Ann's calypso, 1 card needed: 40 + 10 × 1² = 50"
    assert "misère, 10 points: 0 over 12 × 30 = 0, scores 0" in hand.lines
    assert hand.contract_points == 10
    assert hand.made and hand.calypso_bonus["Ann"] == 50
    assert hand.scores == {"Ann": 50, "Bob": 190, "Cy": 190}


def test_a_misere_that_costs_points_loses_the_declarers_calypso_bonus():
    hand = score_three_hand("misère", "Ann", MISERE_PLAYED, misere_points=18)
    assert hand.contract_points == 18
    assert not hand.made and hand.calypso_bonus["Ann"] == 0
    assert hand.scores == {"Ann": -180, "Bob": 190, "Cy": 190}


def test_a_misere_without_a_point_scores_nothing():
    hand = score_three_hand("misère", "Ann", MISERE_PLAYED, misere_points=0)
    assert "misère, 0 points: 0 over 12 × 30 = 0, scores 0" in hand.lines
    assert hand.contract_score == 0 and hand.scores["Ann"] == 50


def test_sell_is_refused_in_misere_in_words():
    with pytest.raises(AuctionError) as refused:
        score_three_hand("misère", "Ann", MISERE_PLAYED, misere_points=10, sell=True)
    assert str(refused.value) == "sell is asked only when a suit contract is in limbo; this hand is misère"


def test_a_player_over_the_51_cards_is_named_and_nothing_is_added_up():
    played = _played(SideHand(52, 0, 0), SideHand(0, 0, 0), SideHand(0, 0, 0))
    assert check_three_hand(played) == ["Ann's counts are over the 51 cards of a hand"]


@pytest.mark.parametrize(
    ("cy_added", "says"),
    [
        (5, "cards add up to 50, not 51: 1 card missing (Ann T 19 + P 5, Bob T 7 + P 4, Cy T 10 + P 5)"),
        (4, "cards add up to 49, not 51: 2 cards missing (Ann T 19 + P 5, Bob T 7 + P 4, Cy T 10 + P 4)"),
        (7, "cards add up to 52, not 51: 1 too many (Ann T 19 + P 5, Bob T 7 + P 4, Cy T 10 + P 7)"),
    ],
)
def test_cards_missing_or_too_many_in_words(cy_added, says):
    played = _played(SideHand(19, 5, 0), SideHand(7, 4, 0), SideHand(10, cy_added, 0))
    assert check_three_hand(played) == [says]


def test_four_calypsos_is_a_bid_and_a_bids_calypsos_are_a_whole_number():
    assert str(ThreeBid.parse("4 & 20♠")) == "4 & 20♠"
    with pytest.raises(AuctionError) as refused:
        ThreeBid(20, "1", "S")
    assert str(refused.value) == "a bid's calypsos must be a whole number, not '1'"


def test_the_emoji_selector_is_dropped_wherever_it_is():
    # Phones write ♥ as ♥ + U+FE0F; the bid and the contract read the same without it.
    assert ThreeBid.parse("240♥\ufe0f") == ThreeBid.parse("240H")
    assert str(ThreeContract.parse("240♥\ufe0f X")) == "240♥ X"
    assert str(ThreeContract.parse("240♥ X\ufe0f")) == "240♥ X"


def test_a_contract_reads_its_bid_from_text_and_its_doubling_is_a_whole_number():
    contract = ThreeContract("240H")
    assert contract.bid == ThreeBid(240, 0, "H") and str(contract) == "240♥"
    with pytest.raises(AuctionError) as refused:
        ThreeContract("240H", "1")
    assert str(refused.value) == "a contract's doubling must be a whole number, not '1'"


# The worked hand of test_auction_three_mut.py (bid 240♥, 19 cards, selling): one figure, one place.
HAND = MESSAGES_HAND


def test_a_scored_hand_as_json_has_its_lines_as_a_list():
    data = ThreeHandedHand.from_dict(HAND, PLAYERS).score().to_dict()
    assert data["lines"][0] == "Ann declares 240♥ (undoubled, the bid ×1)"
    assert isinstance(data["lines"], list)
    assert set(data) == {
        "contract",
        "declarer",
        "outcome",
        "contract_points",
        "deficit",
        "sold",
        "contract_score",
        "calypso_bonus",
        "defender_cards",
        "scores",
        "lines",
    }


@pytest.mark.parametrize(
    ("played", "says"),
    [
        (
            {**HAND["played"], "Dee": {}, "Eve": {}},
            "played: Dee, Eve are not one of the pad's players (Ann, Bob, Cy)",
        ),
        ({"Ann": HAND["played"]["Ann"]}, "played: nothing for Bob, Cy"),
        ({**HAND["played"], "Bob": {"added": 4, "calypsos": 0}}, "played.Bob: trick_pile missing"),
    ],
)
def test_what_each_player_took_is_checked_in_words(played, says):
    with pytest.raises(AuctionError) as refused:
        ThreeHandedHand.from_dict({**HAND, "played": played}, PLAYERS)
    assert str(refused.value) == says


def test_a_hand_is_scored_with_the_values_it_is_given():
    # 7 + 10 defender cards at 6 a card (instead of 5): 102 each.
    hand = ThreeHandedHand.from_dict(HAND, PLAYERS).score(ThreeHandedValues(defender_card=6))
    assert hand.scores == {"Ann": 490, "Bob": 102, "Cy": 102}
