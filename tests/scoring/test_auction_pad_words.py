"""The Auction score pad's checks and explanations, word for word (AUCTION.md §5–§6; docs/formats.md,
"Auction score pad"): every reason ``check_hand`` gives, and the lines ``score_hand`` explains a hand
with, for each outcome — a person reads them, so each is asserted whole.

Every score below is worked by hand from AUCTION.md in the comment above it.
"""

from __future__ import annotations

import re

import pytest

from scoring.auction import AuctionError, AuctionValues, Contract, SideHand, check_hand, contract_points, score_hand
from scoring.auction.pad import side_problems


def raises(text: str):
    """``pytest.raises`` for an ``AuctionError`` whose message is exactly ``text``."""
    return pytest.raises(AuctionError, match=f"^{re.escape(text)}$")


# --- check_hand: what cannot be one hand's counts -------------------------------------------------------------------


def test_counts_that_are_not_whole_numbers_or_are_negative_are_each_named_for_both_sides():
    declarers = SideHand("x", 1.5, True, ("4",))
    defenders = SideHand(-1, 5, 0, (-2,))
    assert check_hand(declarers, defenders) == [
        "declarers' trick pile must be a whole number, not 'x'",
        "declarers' added must be a whole number, not 1.5",
        "declarers' calypsos must be a whole number, not True",
        "declarers' cards required #1 must be a whole number, not '4'",
        "defenders' trick pile is -1: counts cannot be negative",
        "defenders' cards required #1 is -2: counts cannot be negative",
    ]


def test_a_negative_count_is_named_alone_the_52_card_sum_is_not_checked_then():
    # −1 + 15 + 12 + 5 = 31 is not 52, but with a count wrong the sum would only repeat it.
    assert check_hand(SideHand(-1, 15, 0), SideHand(12, 5, 0)) == [
        "declarers' trick pile is -1: counts cannot be negative"
    ]


@pytest.mark.parametrize(
    ("declarers", "defenders"),
    [
        (SideHand(52, 0, 0), SideHand(0, 0, 0)),  # declarers took every card into their trick pile
        (SideHand(0, 0, 0), SideHand(52, 0, 0)),
        (SideHand(0, 52, 4, (13, 13, 13, 13)), SideHand(0, 0, 0)),  # four calypsos of 13 cards: all 52 added
        (SideHand(20, 2, 2, (1, 1)), SideHand(25, 5, 1)),  # two calypsos that each needed 1 card, 2 added
        (SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0)),  # docs/formats.md's example
    ],
)
def test_hands_at_the_limits_are_accepted(declarers, defenders):
    # Zero counts, 52 cards in one pile, a calypso that needed 1 or 13 cards, cards needed exactly
    # the cards added, defenders' calypsos without cards required: all possible.
    assert check_hand(declarers, defenders) == []


def test_counts_over_the_52_cards_are_named_and_the_sum_is_not_checked_then():
    assert check_hand(SideHand(53, 0, 0), SideHand(0, 0, 0)) == ["declarers' counts are over the 52 cards of a hand"]
    assert check_hand(SideHand(0, 0, 0), SideHand(0, 60, 0)) == ["defenders' counts are over the 52 cards of a hand"]


def test_one_cards_required_value_per_calypso_in_words_singular_and_plural():
    # 20 + 17 + 10 + 5 = 52; 4 + 13 = 17 cards needed, 17 added.
    assert check_hand(SideHand(20, 17, 1, (4, 13)), SideHand(10, 5, 0)) == [
        "declarers completed 1 calypso but 2 cards-required values are given (one per calypso)"
    ]
    # 20 + 15 + 12 + 5 = 52.
    assert check_hand(SideHand(20, 15, 0), SideHand(12, 5, 2, (4,))) == [
        "defenders completed 2 calypsos but 1 cards-required value is given (one per calypso)"
    ]


def test_a_calypso_needed_1_to_13_cards():
    # 10 + 30 + 10 + 2 = 52; 0 + 14 = 14 cards needed of 30 added.
    assert check_hand(SideHand(10, 30, 2, (0, 14)), SideHand(10, 2, 0)) == [
        "declarers' calypso #1 needed 0 cards: a calypso completed in a hand needed 1 to 13",
        "declarers' calypso #2 needed 14 cards: a calypso completed in a hand needed 1 to 13",
    ]


def test_calypsos_the_cards_added_cannot_have_made_are_named():
    # docs/formats.md: two calypsos needing 4 + 13 = 17 cards, 15 added. 20 + 15 + 12 + 5 = 52.
    assert check_hand(SideHand(20, 15, 2, (4, 13)), SideHand(12, 5, 0)) == [
        "declarers completed 2 calypsos needing 17 cards but added only 15 this hand"
    ]
    # Without cards required each calypso needed at least one card. 20 + 15 + 16 + 1 = 52.
    assert check_hand(SideHand(20, 15, 0), SideHand(16, 1, 2)) == [
        "defenders completed 2 calypsos needing 2 cards but added only 1 this hand"
    ]
    # 20 + 16 + 16 + 0 = 52.
    assert check_hand(SideHand(20, 16, 0), SideHand(16, 0, 1)) == [
        "defenders completed 1 calypso needing 1 card but added only 0 this hand"
    ]


@pytest.mark.parametrize(
    ("declarers", "defenders", "says"),
    [
        (
            SideHand(20, 15, 0),
            SideHand(12, 4, 0),
            "cards add up to 51, not 52: 1 card missing (declarers T 20 + P 15, defenders T 12 + P 4)",
        ),
        (
            SideHand(20, 15, 0),
            SideHand(11, 4, 0),
            "cards add up to 50, not 52: 2 cards missing (declarers T 20 + P 15, defenders T 11 + P 4)",
        ),
        (
            SideHand(21, 15, 0),
            SideHand(12, 5, 0),
            "cards add up to 53, not 52: 1 too many (declarers T 21 + P 15, defenders T 12 + P 5)",
        ),
        (
            SideHand(1, 2, 0),
            SideHand(3, 4, 0),
            "cards add up to 10, not 52: 42 cards missing (declarers T 1 + P 2, defenders T 3 + P 4)",
        ),
    ],
)
def test_the_52_card_check_says_how_far_off_and_shows_the_four_counts(declarers, defenders, says):
    assert check_hand(declarers, defenders) == [says]


def test_score_hand_refuses_impossible_counts_naming_every_problem_at_once():
    with raises(
        "declarers' trick pile is -1: counts cannot be negative; defenders' counts are over the 52 cards of a hand"
    ):
        score_hand(Contract.parse("290♥"), SideHand(-1, 15, 0), SideHand(60, 5, 0))


def test_score_hand_wants_a_contract_not_its_text():
    with raises("'1 & 290♥' is not a Contract (use Contract.parse)"):
        score_hand("1 & 290♥", SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0))


# --- contract points ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "says"),
    [
        (
            "1 & 290♥",
            "declarers made their 1 calypso: the cards each still needed before the hand are required for the bonus",
        ),
        (
            "2 & 290♥",
            "declarers made their 2 calypsos: the cards each still needed before the hand are required for the bonus",
        ),
    ],
)
def test_a_calypso_bid_and_made_needs_its_cards_required(bid, says):
    # 20 + 15 + 12 + 5 = 52; two calypsos made, no cards required given.
    with raises(says):
        contract_points(Contract.parse(bid), SideHand(20, 15, 2))


def test_contract_points_count_only_the_calypsos_bid_first_in_order():
    # 1 calypso bid, 2 made needing 2 then 13: only the first counts. 10 × 11 = 110 + 100 + 80 = 290.
    points, lines = contract_points(Contract.parse("1 & 300♠"), SideHand(11, 15, 2, (2, 13)))
    assert points == 290
    assert lines == [
        "trick pile: 11 × 10 = 110",
        "calypso #1 bid and made, 2 cards needed: 100 + 80 × 1 = 180",
        "contract points 290 against 300 bid",
    ]


def test_contract_points_of_a_calypso_bid_not_made_are_the_trick_pile_only():
    # 2 calypsos bid, 1 made: no bonus (and no cards required asked for). 10 × 30 = 300.
    points, lines = contract_points(Contract.parse("2 & 250♦"), SideHand(30, 4, 1))
    assert (points, lines) == (300, ["trick pile: 30 × 10 = 300", "contract points 300 against 250 bid"])


# --- score_hand: each outcome, explained --------------------------------------------------------------------------


def facts(score):
    return (
        score.outcome,
        score.contract_points,
        score.deficit,
        score.sold,
        score.contract_score,
        score.declarer_calypsos,
        score.calypso_bid_bonus,
        score.defender_calypsos,
        score.defender_cards,
        score.declarers,
        score.defenders,
        score.made,
    )


def test_a_doubled_win_with_its_calypso_bid_and_made():
    # docs/formats.md's example: 10 × 20 = 200 + (100 + 80 × 3 = 340) = 540 against 290: won.
    # (290 + 250 / 2) × 2 = 830; calypso 500, bid and made 400: 1730. Defenders 12 × 5 = 60.
    contract = Contract.parse("1 & 290♥ X", "H")
    score = score_hand(contract, SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0))
    assert score.contract == contract
    assert facts(score) == ("win", 540, 0, 0, 830, 500, 400, 0, 60, 1730, 60, True)
    assert list(score.lines) == [
        "contract 1 & 290♥ X by H (doubled, ×2)",
        "trick pile: 20 × 10 = 200",
        "calypso #1 bid and made, 4 cards needed: 100 + 80 × 3 = 340",
        "contract points 540 against 290 bid",
        "won: (290 + overpoints 250 / 2) × 2 = 830",
        "declarers' calypsos: 1 × 500 = 500",
        "calypsos bid and made: 1 × 400 = 400",
        "defenders: 0 calypso(s) × 500 + 12 cards × 5 = 60",
        "hand: declarers 1730, defenders 60",
    ]
    assert score.by_side() == {"majors": 1730, "minors": 60}


def test_an_undoubled_win_with_more_calypsos_made_than_bid():
    # 2 bid, 3 made needing 1, 2, 13 (16 of 16 added): bonus 100 + 180 = 280 for the two bid.
    # 10 × 11 = 110 + 280 = 390 against 300: won (300 + 90 / 2) × 1 = 345.
    # Calypsos 3 × 500 = 1500, bid and made 2 × 400 = 800: 345 + 1500 + 800 = 2645.
    # Defenders 20 × 5 = 100. Cards 11 + 16 + 20 + 5 = 52.
    score = score_hand(Contract.parse("2 & 300♠ by S"), SideHand(11, 16, 3, (1, 2, 13)), SideHand(20, 5, 0))
    assert facts(score) == ("win", 390, 0, 0, 345, 1500, 800, 0, 100, 2645, 100, True)
    assert list(score.lines) == [
        "contract 2 & 300♠ by S (undoubled, ×1)",
        "trick pile: 11 × 10 = 110",
        "calypso #1 bid and made, 1 card needed: 100 + 80 × 0 = 100",
        "calypso #2 bid and made, 2 cards needed: 100 + 80 × 1 = 180",
        "contract points 390 against 300 bid",
        "won: (300 + overpoints 90 / 2) × 1 = 345",
        "declarers' calypsos: 3 × 500 = 1500",
        "calypsos bid and made: 2 × 400 = 800",
        "defenders: 0 calypso(s) × 500 + 20 cards × 5 = 100",
        "hand: declarers 2645, defenders 100",
    ]
    assert score.by_side() == {"majors": 2645, "minors": 100}


def test_a_redoubled_limbo_sold_for_one_card():
    # 10 × 29 = 290 + 100 (1 card needed) = 390 against 400: 10 short, cap 3 × 20 = 60: limbo.
    # Sold ⌈10 / 20⌉ = 1 card: 400 + 390 × 3 = 1570; + 500 + 400 = 2470. Defenders 15 × 5 = 75.
    # Cards 29 + 3 + 15 + 5 = 52.
    score = score_hand(Contract.parse("1 & 400♦ XX by D"), SideHand(29, 3, 1, (1,)), SideHand(15, 5, 0), sell=True)
    assert facts(score) == ("limbo-sold", 390, 10, 1, 1570, 500, 400, 0, 75, 2470, 75, True)
    assert list(score.lines) == [
        "contract 1 & 400♦ XX by D (redoubled, ×4)",
        "trick pile: 29 × 10 = 290",
        "calypso #1 bid and made, 1 card needed: 100 + 80 × 0 = 100",
        "contract points 390 against 400 bid",
        "limbo: 10 short, within the selling cap 3 × 20 = 60",
        "sold 1 card (10 short at 20 each): 400 + 390 × 3 = 1570",
        "declarers' calypsos: 1 × 500 = 500",
        "calypsos bid and made: 1 × 400 = 400",
        "defenders: 0 calypso(s) × 500 + 15 cards × 5 = 75",
        "hand: declarers 2470, defenders 75",
    ]
    assert score.by_side() == {"minors": 2470, "majors": 75}


def test_an_undoubled_limbo_sold_for_two_cards_scores_the_bid_exactly():
    # 10 × 27 = 270 against 300: 30 short, cap 2 × 20 = 40: limbo. Sold ⌈30 / 20⌉ = 2 cards: 300.
    # Defenders 20 × 5 = 100. Cards 27 + 2 + 20 + 3 = 52.
    score = score_hand(Contract.parse("300♣", "C"), SideHand(27, 2, 0), SideHand(20, 3, 0), sell=True)
    assert facts(score) == ("limbo-sold", 270, 30, 2, 300, 0, 0, 0, 100, 300, 100, True)
    assert list(score.lines) == [
        "contract 300♣ by C (undoubled, ×1)",
        "trick pile: 27 × 10 = 270",
        "contract points 270 against 300 bid",
        "limbo: 30 short, within the selling cap 2 × 20 = 40",
        "sold 2 cards (30 short at 20 each): 300 = 300",
        "defenders: 0 calypso(s) × 500 + 20 cards × 5 = 100",
        "hand: declarers 300, defenders 100",
    ]


def test_a_redoubled_limbo_not_sold_at_exactly_the_cap_and_its_calypso_scores_nothing():
    # 10 × 21 = 210 against 230: 20 short, cap 1 × 20 = 20: limbo (the cap covers it exactly).
    # Not sold: −(230 + 20) − 20 × 3 = −310; the calypso declarers completed scores nothing.
    # Defenders 2 calypsos 1000 + 25 × 5 = 125: 1125. Cards 21 + 1 + 25 + 5 = 52.
    score = score_hand(Contract.parse("230♥ XX by H"), SideHand(21, 1, 1), SideHand(25, 5, 2), sell=False)
    assert facts(score) == ("limbo-unsold", 210, 20, 0, -310, 0, 0, 1000, 125, -310, 1125, False)
    assert list(score.lines) == [
        "contract 230♥ XX by H (redoubled, ×4)",
        "trick pile: 21 × 10 = 210",
        "contract points 210 against 230 bid",
        "limbo: 20 short, within the selling cap 1 × 20 = 20",
        "not sold: −(230 + 20) − 20 × 3 = -310",
        "declarers' 1 calypso(s) score nothing: the contract failed",
        "defenders: 2 calypso(s) × 500 + 25 cards × 5 = 1125",
        "hand: declarers -310, defenders 1125",
    ]


def test_a_doubled_limbo_not_sold():
    # 10 × 25 = 250 against 300: 50 short, cap 3 × 20 = 60: limbo. Not sold: −(300 + 50) − 50 × 1 = −400.
    # Defenders 20 × 5 = 100. Cards 25 + 3 + 20 + 4 = 52.
    score = score_hand(Contract.parse("300♠ X"), SideHand(25, 3, 0), SideHand(20, 4, 0), sell=False)
    assert facts(score) == ("limbo-unsold", 250, 50, 0, -400, 0, 0, 0, 100, -400, 100, False)
    assert score.lines[-3:] == (
        "not sold: −(300 + 50) − 50 × 1 = -400",
        "defenders: 0 calypso(s) × 500 + 20 cards × 5 = 100",
        "hand: declarers -400, defenders 100",
    )


def test_a_doubled_loss_on_calypsos_with_more_points_than_bid():
    # 10 × 30 = 300 ≥ 220 but the calypso bid was not made: lost; deficit max(0, 220 − 300) = 0.
    # −(220 + 0) × 2 = −440. Defenders: 1 calypso 500 + 10 × 5 = 550. Cards 30 + 10 + 10 + 2 = 52.
    score = score_hand(Contract.parse("1 & 220♠ X by S"), SideHand(30, 10, 0), SideHand(10, 2, 1))
    assert facts(score) == ("loss", 300, 0, 0, -440, 0, 0, 500, 50, -440, 550, False)
    assert list(score.lines) == [
        "contract 1 & 220♠ X by S (doubled, ×2)",
        "trick pile: 30 × 10 = 300",
        "contract points 300 against 220 bid",
        "calypsos: 0 made of 1 bid — lost outright",
        "lost: −(220 + 0) × 2 = -440",
        "defenders: 1 calypso(s) × 500 + 10 cards × 5 = 550",
        "hand: declarers -440, defenders 550",
    ]


def test_a_redoubled_loss_over_the_selling_cap():
    # 10 × 15 = 150 against 250: 100 short, over the cap 4 × 20 = 80: lost. −(250 + 100) × 4 = −1400.
    # Declarers' calypso scores nothing. Defenders 500 + 20 × 5 = 600. Cards 15 + 4 + 20 + 13 = 52.
    score = score_hand(Contract.parse("250♣ XX by C"), SideHand(15, 4, 1), SideHand(20, 13, 1))
    assert facts(score) == ("loss", 150, 100, 0, -1400, 0, 0, 500, 100, -1400, 600, False)
    assert list(score.lines) == [
        "contract 250♣ XX by C (redoubled, ×4)",
        "trick pile: 15 × 10 = 150",
        "contract points 150 against 250 bid",
        "100 short, over the selling cap 4 × 20 = 80 — lost",
        "lost: −(250 + 100) × 4 = -1400",
        "declarers' 1 calypso(s) score nothing: the contract failed",
        "defenders: 1 calypso(s) × 500 + 20 cards × 5 = 600",
        "hand: declarers -1400, defenders 600",
    ]
    assert score.by_side() == {"minors": -1400, "majors": 600}


def test_club_values_change_every_figure_of_the_explanation():
    # 5 a declarer card, 150 + 50 a card required, 10 a card sold, 300 a calypso, 200 bid and made,
    # 2 a defender card. 5 × 10 = 50 + (150 + 50 × 2 = 250) = 300 against 320: 20 short, cap
    # 10 × 10 = 100: limbo; sold ⌈20 / 10⌉ = 2 cards: 320 + 300 × 1 = 620; + 300 + 200 = 1120.
    # Defenders 30 × 2 = 60. Cards 10 + 10 + 30 + 2 = 52.
    values = AuctionValues(
        declarer_card=5, first_card=150, further_card=50, sell_price=10, calypso=300, calypso_bid=200, defender_card=2
    )
    score = score_hand(
        Contract.parse("1 & 320♥ X by H"), SideHand(10, 10, 1, (3,)), SideHand(30, 2, 0), sell=True, values=values
    )
    assert facts(score) == ("limbo-sold", 300, 20, 2, 620, 300, 200, 0, 60, 1120, 60, True)
    assert list(score.lines) == [
        "contract 1 & 320♥ X by H (doubled, ×2)",
        "trick pile: 10 × 5 = 50",
        "calypso #1 bid and made, 3 cards needed: 150 + 50 × 2 = 250",
        "contract points 300 against 320 bid",
        "limbo: 20 short, within the selling cap 10 × 10 = 100",
        "sold 2 cards (20 short at 10 each): 320 + 300 × 1 = 620",
        "declarers' calypsos: 1 × 300 = 300",
        "calypsos bid and made: 1 × 200 = 200",
        "defenders: 0 calypso(s) × 300 + 30 cards × 2 = 60",
        "hand: declarers 1120, defenders 60",
    ]


# --- the sell choice --------------------------------------------------------------------------------------------------


LIMBO = (Contract.parse("1 & 400♦ XX"), SideHand(29, 3, 1, (1,)), SideHand(15, 5, 0))  # 10 short, cap 60


def test_limbo_asks_for_the_sell_choice():
    with raises("the contract is in limbo (10 points short, within the selling cap of 60): sell must be true or false"):
        score_hand(*LIMBO)
    with raises(
        "the contract is in limbo (10 points short, within the selling cap of 60): "
        "sell must be true or false, not 'yes'"
    ):
        score_hand(*LIMBO, sell="yes")
    with raises(
        "the contract is in limbo (10 points short, within the selling cap of 60): sell must be true or false, not 1"
    ):
        score_hand(*LIMBO, sell=1)


@pytest.mark.parametrize(
    ("contract", "declarers", "defenders", "outcome"),
    [
        ("1 & 290♥ X", SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0), "win"),
        ("250♣ XX", SideHand(15, 4, 1), SideHand(20, 13, 1), "loss"),
    ],
)
@pytest.mark.parametrize("sell", [True, False])
def test_a_sell_choice_outside_limbo_is_refused(contract, declarers, defenders, outcome, sell):
    with raises(f"sell is asked only when the contract is in limbo; this hand is {outcome}"):
        score_hand(Contract.parse(contract), declarers, defenders, sell)


# --- sides ----------------------------------------------------------------------------------------------------------


def test_by_side_needs_the_declarer():
    score = score_hand(*LIMBO, sell=True)
    with raises("the contract names no declarer: sides unknown"):
        score.by_side()
    assert "sides" not in score.to_dict()


def test_a_contract_made_exactly_is_won_not_in_limbo():
    # 10 × 30 = 300 against 300: won outright with no overpoints, (300 + 0 / 2) × 1 = 300; no sale asked.
    # Defenders 15 × 5 = 75. Cards 30 + 2 + 15 + 5 = 52.
    score = score_hand(Contract.parse("300♣"), SideHand(30, 2, 0), SideHand(15, 5, 0))
    assert facts(score) == ("win", 300, 0, 0, 300, 0, 0, 0, 75, 300, 75, True)
    assert list(score.lines) == [
        "contract 300♣ (undoubled, ×1)",
        "trick pile: 30 × 10 = 300",
        "contract points 300 against 300 bid",
        "won: (300 + overpoints 0 / 2) × 1 = 300",
        "defenders: 0 calypso(s) × 500 + 15 cards × 5 = 75",
        "hand: declarers 300, defenders 75",
    ]


def test_a_side_over_the_hand_answers_that_it_cannot_enter_a_card_total():
    # side_problems' second value is the yes/no the three-handed and four-handed checks combine.
    over = SideHand(trick_pile=53, added=0, calypsos=0)
    assert side_problems(over, "declarers'", "declarers") == (
        ["declarers' counts are over the 52 cards of a hand"],
        False,
    )
    assert side_problems(SideHand(10, 5, 0), "Ann's", "Ann", 17) == ([], True)
