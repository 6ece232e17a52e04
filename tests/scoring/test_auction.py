"""Auction Calypso: bids, the auction, contracts, trumps and the score pad (AUCTION.md §3, §5, §6).

Every score below is worked by hand in the comment above it.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.auction import (
    COMPASS,
    Auction,
    AuctionError,
    AuctionValues,
    Bid,
    Contract,
    IllegalCall,
    SideHand,
    assign_trumps,
    hand_from_dict,
    left_of,
    partner_of,
    score_hand,
)

# --- seats ----------------------------------------------------------------------------------------------------------


def test_compass_seats_map_to_the_projects_seats_clockwise_with_partners_opposite():
    # N E S W clockwise = S D H C (the default orientation ♠ → ♦ → ♥ → ♣).
    assert [COMPASS[c] for c in "NESW"] == ["S", "D", "H", "C"]
    assert [left_of("S", k) for k in range(4)] == ["S", "D", "H", "C"]
    assert partner_of(COMPASS["N"]) == COMPASS["S"] and partner_of(COMPASS["E"]) == COMPASS["W"]


# --- bids -----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points", "calypsos", "suit"),
    [
        ("290S", 290, 0, "S"),
        ("290♠", 290, 0, "S"),
        ("1 & 290♥", 290, 1, "H"),
        ("1&290h", 290, 1, "H"),
        ("2 and 300 d", 300, 2, "D"),
        ("4 & 1000♣\ufe0f", 1000, 4, "C"),
        (" 220c ", 220, 0, "C"),
    ],
)
def test_bid_parse_reads_both_notations_and_str_round_trips(text, points, calypsos, suit):
    bid = Bid.parse(text)
    assert (bid.points, bid.calypsos, bid.suit) == (points, calypsos, suit)
    assert Bid.parse(str(bid)) == bid
    assert Bid.parse(bid.code) == bid


def test_a_bid_made_directly_takes_suit_symbols_and_refuses_what_is_not_a_suit():
    assert Bid(290, 1, "♥") == Bid(290, 1, "H") == Bid(290, 1, "h")
    with pytest.raises(AuctionError, match="'X' is not a suit"):
        Bid(290, 0, "X")
    with pytest.raises(AuctionError, match="not 'lots'"):
        Bid("lots", 0, "S")


def test_bid_str_is_the_clubs_notation():
    assert str(Bid(290, 0, "H")) == "290♥"
    assert str(Bid(290, 1, "H")) == "1 & 290♥"
    assert Bid(290, 1, "H").code == "1 & 290H"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("210S", "at least 220 points, not 210"),
        ("295S", "multiple of 10, not 295"),
        ("5 & 300S", "0 to 4 calypsos, not 5"),
        ("300X", "'X' is not a suit"),
        ("hearts", "is not a bid"),
        ("", "is not a bid"),
    ],
)
def test_bid_parse_refuses_naming_what_is_wrong(text, says):
    with pytest.raises(AuctionError, match=says):
        Bid.parse(text)


def test_auction_error_is_a_value_error():
    with pytest.raises(ValueError):
        Bid(200, 0, "S")
    assert issubclass(IllegalCall, AuctionError)


def test_bids_rank_by_calypsos_then_points_then_suit_in_bridge_order():
    order = ["220♣", "220♦", "220♥", "220♠", "230♣", "990♠", "1 & 220♣", "1 & 220♠", "1 & 230♣", "2 & 220♣"]
    bids = [Bid.parse(text) for text in order]
    assert sorted(reversed(bids)) == bids
    assert all(a < b and b > a and a <= b and not a >= b for a, b in itertools.pairwise(bids))
    # every 0-calypso bid is below "1 and 220♣", however many points
    assert Bid.parse("4000♠") < Bid.parse("1 & 220♣")


# --- contracts and trumps -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "doubled", "declarer", "canonical"),
    [
        ("1 & 290♥ XX", 2, None, "1 & 290♥ XX"),
        ("290S x", 1, None, "290♠ X"),
        ("290S", 0, None, "290♠"),
        ("2 & 300D X by c", 1, "C", "2 & 300♦ X by C"),
    ],
)
def test_contract_parse(text, doubled, declarer, canonical):
    contract = Contract.parse(text)
    assert (contract.doubled, contract.declarer, str(contract)) == (doubled, declarer, canonical)
    assert Contract.parse(str(contract)) == contract
    assert contract.factor == (1, 2, 4)[doubled]


def test_contract_parse_refuses_bad_text():
    with pytest.raises(AuctionError, match="is not a bid"):
        Contract.parse("290S XXX")
    with pytest.raises(AuctionError, match="'N' is not a seat"):
        Contract.parse("290S by N")
    with pytest.raises(AuctionError, match="names declarer H, not S"):
        Contract.parse("290S by H", declarer="S")


def test_a_contract_with_a_line_break_is_read_not_a_crash():
    # the contract pattern once failed to match across a line break: an AssertionError, a 500
    assert str(Contract.parse("1 & 290\nH\nX")) == "1 & 290♥ X"
    with pytest.raises(AuctionError, match="'Q' is not a suit"):
        Contract.parse("290\nQ by\nH")


@pytest.mark.parametrize("typed", ["²", "①", "1²"])
def test_a_count_typed_with_digit_like_signs_is_refused_by_name(typed):
    # "²".isdigit() is true but int("²") raised a bare ValueError that no caller catches as AuctionError
    with pytest.raises(AuctionError, match=r"declarers\.added must be a whole number"):
        SideHand.from_dict({"trick_pile": 1, "added": typed, "calypsos": 0}, "declarers")
    # decimal digits of any script are numbers, as int() reads them
    assert SideHand.from_dict({"trick_pile": "٣", "added": 1, "calypsos": 0}).trick_pile == 3


def test_assign_trumps_checks_four_distinct_suits_and_declarers_is_the_bid_suit():
    contract = Contract.parse("1 & 290♥ by D")
    assert assign_trumps(contract, {"D": "♥", "C": "S", "S": "d", "H": "C"}) == {"D": "H", "C": "S", "S": "D", "H": "C"}
    with pytest.raises(AuctionError, match="declarer D's trump is the bid suit ♥, not ♠"):
        assign_trumps(contract, {"D": "S", "C": "H", "S": "D", "H": "C"})
    with pytest.raises(AuctionError, match="must differ: ♣ twice"):
        assign_trumps(contract, {"D": "H", "C": "C", "S": "D", "H": "C"})
    with pytest.raises(AuctionError, match="no suit for C"):
        assign_trumps(contract, {"D": "H", "S": "D", "H": "C"})
    with pytest.raises(AuctionError, match="needs the contract's declarer"):
        assign_trumps(Contract.parse("290H"), {"D": "H", "C": "S", "S": "D", "H": "C"})


# --- the auction ----------------------------------------------------------------------------------------------------


def calls(auction: Auction, *texts: str) -> None:
    for text in texts:
        auction.call(auction.to_speak, text)


def test_dealers_left_calls_first_and_calls_go_clockwise():
    auction = Auction("S")
    seen = []
    for text in ("pass", "220C", "pass", "230C", "pass"):
        seen.append(auction.to_speak)
        auction.call(auction.to_speak, text)
    assert seen == ["D", "H", "C", "S", "D"]


def test_three_passes_after_a_bid_end_it_and_a_passer_may_speak_again():
    auction = Auction("C")  # S speaks first
    calls(auction, "pass", "220S", "pass", "pass")  # S passed, D bid, H and C pass
    assert not auction.finished and auction.to_speak == "S"
    calls(auction, "230H")  # S, who passed, bids again
    calls(auction, "pass", "pass", "pass")
    assert auction.finished and auction.to_speak is None
    assert auction.contract == Contract(Bid(230, 0, "H"), 0, "S")


def test_after_three_passes_dealer_must_bid():
    auction = Auction("H")
    calls(auction, "pass", "pass", "pass")
    assert auction.to_speak == "H"
    with pytest.raises(IllegalCall, match="dealer \\(H\\) must bid"):
        auction.call("H", "pass")
    assert auction.legal_calls() == []
    auction.call("H", "220C")
    calls(auction, "pass", "pass", "pass")
    assert str(auction.contract) == "220♣ by H"


def test_a_double_and_a_redouble_count_and_a_new_bid_cancels_them():
    auction = Auction("S")
    calls(auction, "250D", "x")  # D bids, H (opponent) doubles
    assert auction.doubled == 1
    calls(auction, "xx")  # C, D's partner, redoubles
    assert auction.doubled == 2
    calls(auction, "pass", "pass", "pass")
    assert str(auction.contract) == "250♦ XX by D"

    auction = Auction("S")
    calls(auction, "250D", "double", "260D")  # C outbids its partner: the double is gone
    assert auction.doubled == 0
    calls(auction, "pass", "pass", "double", "pass", "pass", "pass")  # a double after passes is allowed
    assert str(auction.contract) == "260♦ X by C"


@pytest.mark.parametrize(
    ("before", "seat", "call", "says"),
    [
        ([], "H", "pass", "it is D's turn to call, not H's"),
        (["230S"], "H", "220S", "fewer points than 230♠"),
        (["230S"], "H", "1 & 220C", "fewer points than 230♠"),  # points fell
        (["1 & 220C"], "H", "230S", "does not rank above 1 & 220♣"),  # fewer calypsos
        (["230S"], "H", "230D", "does not rank above 230♠"),
        (["230S"], "H", "230S", "does not rank above 230♠"),
        (["230S", "pass"], "C", "double", "own side's bid"),  # C is D's partner
        (["230S", "double", "pass", "pass"], "D", "double", "own side's bid"),  # D's own bid
        (["230S", "double", "pass"], "S", "double", "already doubled"),
        (["230S", "double", "redouble", "pass", "pass"], "H", "double", "already redoubled"),
        (["230S"], "H", "redouble", "not doubled"),
        (["230S", "double", "pass"], "S", "redouble", "may redouble only the opponents' double"),
        ([], "D", "double", "no bid to double"),
        ([], "D", "redouble", "no bid to redouble"),
        ([], "D", "nonsense", "is not a bid"),
    ],
)
def test_illegal_calls_are_refused_with_the_reason_and_change_nothing(before, seat, call, says):
    auction = Auction("S")  # D, H, C, S
    calls(auction, *before)
    made = list(auction.calls)
    with pytest.raises(IllegalCall, match=says) as caught:
        auction.call(seat, call)
    assert caught.value.seat == seat
    assert auction.calls == made


def test_no_calls_after_the_auction_is_over():
    auction = Auction("S")
    calls(auction, "220S", "pass", "pass", "pass")
    with pytest.raises(IllegalCall, match="the auction is over"):
        auction.call("D", "pass")


def test_the_minimum_bid_is_a_setting_and_the_minimum_next_bid_is_offered():
    auction = Auction("S", values=AuctionValues(minimum_bid=250))
    with pytest.raises(IllegalCall, match="at least 250 points here, not 240"):
        auction.call("D", "240S")
    assert str(auction.minimum_bid("C")) == "250♣"
    calls(auction, "250H")
    assert str(auction.minimum_bid("S")) == "250♠"  # same points, higher suit
    assert str(auction.minimum_bid("D")) == "260♦"  # a lower suit needs ten more


# --- the score pad: worked by hand ----------------------------------------------------------------------------------


def test_the_cards_required_bonus_table():
    # 100 for the first card, 80 for each further: 1 → 100, 2 → 180, 3 → 260 … 13 → 100 + 80×12 = 1060
    values = AuctionValues()
    assert [values.bonus(n) for n in (1, 2, 3, 13)] == [100, 180, 260, 1060]


def test_outright_win_overpoints_count_half():
    # 1 & 290♥: T 20 → 200; one calypso bid, made needing 4 cards → 100 + 80×3 = 340; pts 540.
    # win: 290 + (540 − 290)/2 = 290 + 125 = 415. Calypso 500, calypso bid 400 → 1315.
    # Defenders: T 12 × 5 = 60. Cards: 20 + 15 + 12 + 5 = 52.
    score = score_hand(Contract.parse("1 & 290♥"), SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0))
    assert score.outcome == "win"
    assert score.contract_points == 540
    assert score.contract_score == 415
    assert (score.declarers, score.defenders) == (1315, 60)
    assert score.made


@pytest.mark.parametrize(("doubles", "contract_score"), [("", 415), ("X", 830), ("XX", 1660)])
def test_a_doubled_win_multiplies_the_overpoints_too(doubles, contract_score):
    # (290 + 250/2) × 1 / 2 / 4 = 415 / 830 / 1660; calypsos are not multiplied (+500 +400).
    score = score_hand(Contract.parse(f"1 & 290♥ {doubles}"), SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0))
    assert score.contract_score == contract_score
    assert score.declarers == contract_score + 900


def test_bonus_counts_only_the_calypsos_bid_in_the_order_given():
    # 2 & 500♦: T 10 → 100; three made, needing 5, 2, 13: the first two count → 420 + 180 = 600; pts 700.
    # win: 500 + 200/2 = 600. Calypsos 3 × 500 = 1500, calypsos bid 2 × 400 = 800 → 2900.
    # P 25 ≥ 5 + 2 + 13 = 20. Cards: 10 + 25 + 12 + 5 = 52. Defenders 12 × 5 = 60.
    score = score_hand(Contract.parse("2 & 500♦"), SideHand(10, 25, 3, (5, 2, 13)), SideHand(12, 5, 0))
    assert (score.outcome, score.contract_points, score.contract_score) == ("win", 700, 600)
    assert (score.declarer_calypsos, score.calypso_bid_bonus, score.declarers) == (1500, 800, 2900)


def test_a_zero_calypso_bid_earns_no_bonus_but_its_calypsos_score_500():
    # 300♠: T 30 → 300 exactly (no cards-required bonus: no calypsos bid); win 300.
    # One calypso completed: +500, no calypso-bid bonus → 800. Cards 30 + 13 + 6 + 3 = 52.
    score = score_hand(Contract.parse("300♠"), SideHand(30, 13, 1), SideHand(6, 3, 0))
    assert (score.outcome, score.contract_points, score.declarers, score.defenders) == ("win", 300, 800, 30)


LIMBO = (SideHand(26, 10, 0), SideHand(10, 6, 0))  # 26 + 10 + 10 + 6 = 52


@pytest.mark.parametrize(
    ("doubles", "sold", "unsold"),
    [
        # 300♠, T 26 → 260: deficit 40 ≤ cap 10 × 20 = 200 → limbo; 2 cards sold.
        # sold: 300 (+ 260 × 1 doubled, × 3 redoubled): 300 / 560 / 1080
        # unsold: −(300 + 40) − 40 × 0 / 1 / 3: −340 / −380 / −460
        ("", 300, -340),
        ("X", 560, -380),
        ("XX", 1080, -460),
    ],
)
def test_limbo_sold_and_unsold(doubles, sold, unsold):
    contract = Contract.parse(f"300♠ {doubles}")
    yes = score_hand(contract, *LIMBO, sell=True)
    assert (yes.outcome, yes.deficit, yes.sold, yes.contract_score) == ("limbo-sold", 40, 2, sold)
    no = score_hand(contract, *LIMBO, sell=False)
    assert (no.outcome, no.contract_score) == ("limbo-unsold", unsold)
    assert yes.defenders == no.defenders == 50  # 10 × 5


def test_limbo_with_calypsos_bid_keeps_them_only_when_sold():
    # 1 & 500♥: T 20 → 200 + bonus for 3 cards 260 = 460; deficit 40 ≤ 20 × 10 → limbo, 2 cards sold.
    # sold: 500 + calypso 500 + calypso bid 400 = 1400. unsold: −(500 + 40) = −540, calypsos score nothing.
    contract = Contract.parse("1 & 500♥")
    declarers, defenders = SideHand(20, 10, 1, (3,)), SideHand(16, 6, 1)  # 20 + 10 + 16 + 6 = 52
    assert score_hand(contract, declarers, defenders, sell=True).declarers == 1400
    unsold = score_hand(contract, declarers, defenders, sell=False)
    assert (unsold.declarers, unsold.declarer_calypsos, unsold.calypso_bid_bonus) == (-540, 0, 0)
    assert unsold.defenders == 500 + 16 * 5  # defenders always score their calypsos: 580


def test_the_selling_cap_is_twenty_points_a_card_added():
    # 400♠, T 30 → 300: deficit 100. P 5 → cap 100: limbo (5 cards). P 4 → cap 80: outright loss.
    contract = Contract.parse("400♠")
    edge = score_hand(contract, SideHand(30, 5, 0), SideHand(10, 7, 0), sell=True)
    assert (edge.outcome, edge.sold) == ("limbo-sold", 5)
    over = score_hand(contract, SideHand(30, 4, 0), SideHand(10, 8, 0))
    # loss: −(400 + 100) × 1 = −500
    assert (over.outcome, over.contract_score) == ("loss", -500)


@pytest.mark.parametrize(("doubles", "expected"), [("", -600), ("X", -1200), ("XX", -2400)])
def test_outright_loss_by_points(doubles, expected):
    # 400♠, T 20 → 200, deficit 200 > cap 5 × 20 = 100: −(400 + 200) × 1 / 2 / 4.
    score = score_hand(Contract.parse(f"400♠ {doubles}"), SideHand(20, 5, 0), SideHand(20, 7, 0))
    assert (score.outcome, score.deficit, score.contract_score) == ("loss", 200, expected)
    assert score.defenders == 100


def test_outright_loss_by_calypsos_scores_minus_the_bid_and_no_calypsos():
    # 2 & 220♥ with one calypso made: lost. T 30 → 300 ≥ 220, so the deficit is 0 (decision: never
    # negative) and the loss is −(220 + 0) × 2 (doubled) = −440; its one calypso scores nothing.
    score = score_hand(Contract.parse("2 & 220♥ X"), SideHand(30, 8, 1, (2,)), SideHand(10, 4, 0))
    assert (score.outcome, score.deficit, score.contract_score, score.declarers) == ("loss", 0, -440, -440)


def test_defenders_score_their_calypsos_and_five_a_card_whatever_happens():
    # 1 & 600♠: T 20 → 200 + bonus (1 card) 100 = 300, deficit 300 > cap 3 × 20: loss −900.
    # Defenders: 1 calypso 500 + 15 × 5 = 575. Cards 20 + 3 + 15 + 14 = 52.
    score = score_hand(Contract.parse("1 & 600♠"), SideHand(20, 3, 1, (1,)), SideHand(15, 14, 1))
    assert (score.contract_score, score.declarers, score.defenders) == (-900, -900, 575)


def test_score_values_are_settings():
    # With 600 a calypso, 300 a calypso bid, 10 a defender card and 120 + 100 per card:
    # 1 & 290♥, T 20 → 200 + 120 + 100 × 3 = 620; win 290 + 330/2 = 455; + 600 + 300 = 1355. Defenders 120.
    values = AuctionValues(calypso=600, calypso_bid=300, defender_card=10, first_card=120, further_card=100)
    score = score_hand(Contract.parse("1 & 290♥"), SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0), values=values)
    assert (score.contract_points, score.declarers, score.defenders) == (620, 1355, 120)


def test_the_explanation_shows_each_step():
    score = score_hand(Contract.parse("300♠ X by S"), *LIMBO, sell=False)
    text = score.explanation
    assert "trick pile: 26 × 10 = 260" in text
    assert "limbo: 40 short, within the selling cap 10 × 20 = 200" in text
    assert "not sold: −(300 + 40) − 40 × 1 = -380" in text
    assert score.lines[-1] == "hand: declarers -380, defenders 50"
    assert score.by_side() == {"majors": -380, "minors": 50}


# --- the score pad: what does not add up -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("declarers", "defenders", "says"),
    [
        (SideHand(20, 15, 1, (4,)), SideHand(12, 4, 0), "cards add up to 51, not 52: 1 card missing"),
        (SideHand(20, 15, 1, (4,)), SideHand(12, 7, 0), "cards add up to 54, not 52: 2 too many"),
        (SideHand(-1, 15, 1, (4,)), SideHand(12, 5, 0), "declarers' trick pile is -1: counts cannot be negative"),
        (SideHand(20, 15, 2, (4,)), SideHand(12, 5, 0), "completed 2 calypsos but 1 cards-required value is given"),
        (SideHand(20, 15, 1, (14,)), SideHand(12, 5, 0), "calypso #1 needed 14 cards"),
        (SideHand(20, 15, 1, (0,)), SideHand(12, 5, 0), "calypso #1 needed 0 cards"),
        (SideHand(20, 15, 2, (13, 4)), SideHand(12, 5, 0), "needing 17 cards but added only 15"),
        (
            SideHand(30, 15, 1, (1,)),
            SideHand(5, 2, 3),
            "defenders completed 3 calypsos needing 3 cards",
        ),
        (SideHand(20, 15, 1, (True,)), SideHand(12, 5, 0), "must be a whole number"),
    ],
)
def test_impossible_hands_are_refused_saying_what_does_not_add_up(declarers, defenders, says):
    with pytest.raises(AuctionError, match=says.replace("(", "\\(").replace(")", "\\)")):
        score_hand(Contract.parse("1 & 290♥"), declarers, defenders)


def test_all_problems_are_named_at_once():
    with pytest.raises(AuctionError) as caught:
        score_hand(Contract.parse("290♥"), SideHand(-1, 15, 0), SideHand(12, 5, 0, (3,)))
    message = str(caught.value)
    assert "negative" in message and "defenders completed 0 calypsos but 1 cards-required value is given" in message


def test_sell_must_be_given_exactly_in_limbo():
    with pytest.raises(AuctionError, match="in limbo \\(40 points short, within the selling cap of 200\\)"):
        score_hand(Contract.parse("300♠"), *LIMBO)
    with pytest.raises(AuctionError, match="sell is asked only when the contract is in limbo; this hand is win"):
        score_hand(Contract.parse("1 & 290♥"), SideHand(20, 15, 1, (4,)), SideHand(12, 5, 0), sell=True)
    with pytest.raises(AuctionError, match="this hand is loss"):
        score_hand(Contract.parse("400♠"), SideHand(20, 5, 0), SideHand(20, 7, 0), sell=False)


def test_a_made_calypso_bid_needs_its_cards_required():
    with pytest.raises(AuctionError, match="cards each still needed before the hand are required"):
        score_hand(Contract.parse("1 & 290♥"), SideHand(20, 15, 1), SideHand(12, 5, 0))


# --- the score pad's JSON -------------------------------------------------------------------------------------------


def test_hand_from_dict_scores_the_json_form():
    score = hand_from_dict(
        {
            "format": "calypso-auction-hand/1",
            "contract": "300♠ XX",
            "declarer": "D",
            "declarers": {"trick_pile": 26, "added": 10, "calypsos": 0},
            "defenders": {"trick_pile": 10, "added": 6, "calypsos": 0, "cards_required": []},
            "sell": True,
        }
    )
    assert (score.outcome, score.contract_score) == ("limbo-sold", 1080)
    assert score.to_dict()["sides"] == {"minors": 1080, "majors": 50}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"sell": "yes"}, "sell must be true or false"),
        ({"declarers": {"trick_pile": 26, "added": 10}}, "declarers: calypsos missing"),
        ({"declarers": {"trick_pile": 26, "added": 10, "calypsos": 0, "extra": 1}}, "unknown field 'extra'"),
        ({"defenders": {"trick_pile": 1.5, "added": 6, "calypsos": 0}}, "defenders.trick_pile must be a whole number"),
        ({"format": "other"}, "format 'other'"),
        ({"declarer": "N"}, "'N' is not a seat"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_hand_from_dict_refuses_bad_json(change, says):
    data = {
        "contract": "300♠",
        "declarers": {"trick_pile": 26, "added": 10, "calypsos": 0},
        "defenders": {"trick_pile": 10, "added": 6, "calypsos": 0},
        "sell": False,
    }
    with pytest.raises(AuctionError, match=says):
        hand_from_dict({**data, **change})


# --- the score pad: properties over every hand that adds up ----------------------------------------------------------


@st.composite
def hands(draw):
    """A contract and two sides' counts that pass the pad's checks."""
    contract = Contract(
        Bid(draw(st.integers(22, 80)) * 10, draw(st.integers(0, 2)), draw(st.sampled_from("SHDC"))),
        draw(st.integers(0, 2)),
        draw(st.sampled_from("SHDC")),
    )
    t = draw(st.integers(0, 52))
    p = draw(st.integers(0, 52 - t))
    required = draw(st.lists(st.integers(1, 13), max_size=3))
    assume(sum(required) <= p)
    rest = 52 - t - p
    dp = draw(st.integers(0, rest))
    dc = draw(st.integers(0, min(2, dp)))
    return contract, SideHand(t, p, len(required), tuple(required)), SideHand(rest - dp, dp, dc)


def limbo(contract, declarers) -> bool:
    try:
        score_hand(contract, declarers, SideHand(52 - declarers.trick_pile - declarers.added, 0, 0))
    except AuctionError as error:
        return "in limbo" in str(error)
    return False


@settings(max_examples=300, deadline=None)
@given(hands())
def test_every_hand_that_adds_up_scores_by_the_table(hand):
    contract, declarers, defenders = hand
    bid, f = contract.bid.points, contract.factor
    sells = (True, False) if limbo(contract, declarers) else (None,)
    scores = [score_hand(contract, declarers, defenders, sell) for sell in sells]
    for score in scores:
        # the defenders' score never depends on the contract's fate
        assert score.defenders == 500 * defenders.calypsos + 5 * defenders.trick_pile
        made_calypsos = declarers.calypsos >= contract.bid.calypsos
        if score.outcome == "win":
            assert made_calypsos and score.contract_points >= bid and score.contract_score >= bid * f
        elif score.outcome == "loss":
            assert score.contract_score <= -bid * f
            assert not made_calypsos or score.deficit > 20 * declarers.added
        if score.made:
            assert score.declarers == score.contract_score + 500 * declarers.calypsos + 400 * contract.bid.calypsos
        else:
            assert score.declarers == score.contract_score < 0
    if len(scores) == 2:
        sold, unsold = scores
        assert (sold.outcome, unsold.outcome) == ("limbo-sold", "limbo-unsold")
        assert 0 < sold.deficit <= 20 * declarers.added and sold.sold * 20 >= sold.deficit > (sold.sold - 1) * 20
        assert sold.contract_score >= bid > 0 > unsold.contract_score


@settings(max_examples=200, deadline=None)
@given(
    hands(),
    st.sampled_from(["declarers", "defenders"]),
    st.sampled_from(["trick_pile", "added"]),
    st.sampled_from([-1, 1]),
)
def test_one_card_too_many_or_too_few_anywhere_is_refused(hand, who, field, step):
    contract, declarers, defenders = hand
    side = declarers if who == "declarers" else defenders
    value = getattr(side, field) + step
    assume(value >= 0)
    changed = SideHand(**{**side.__dict__, field: value})
    sides = (changed, defenders) if who == "declarers" else (declarers, changed)
    with pytest.raises(AuctionError, match=r"cards add up to|needing|over the 52 cards"):
        score_hand(contract, *sides, sell=True)
