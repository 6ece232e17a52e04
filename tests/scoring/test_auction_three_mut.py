"""``scoring.auction.three``: the three-handed messages and lines, word for word (mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction import AuctionError, SideHand, score_three_hand
from scoring.auction.three import ThreeBid, ThreeContract, ThreeHandedHand, ThreeHandedValues

PLAYERS = ("Ann", "Bob", "Cy")
HAND = {
    "declarer": "Ann",
    "contract": "240H",
    "played": {
        "Ann": {"trick_pile": 19, "added": 5, "calypsos": 0},
        "Bob": {"trick_pile": 7, "added": 4, "calypsos": 0},
        "Cy": {"trick_pile": 10, "added": 6, "calypsos": 0},
    },
    "sell": True,
}


def test_unknown_keys_are_all_named_in_order():
    data = {**HAND, "notes": "x", "extra": 1}
    with pytest.raises(AuctionError) as info:
        ThreeHandedHand.from_dict(data, PLAYERS)
    assert (
        str(info.value) == "unknown key extra, notes (a hand has declarer, contract, played, and sell or misere_points)"
    )


def test_the_selling_hand_explained_line_by_line():
    hand = ThreeHandedHand.from_dict(HAND, PLAYERS).score()
    assert hand.lines == (
        "Ann declares 240♥ (undoubled, the bid ×1)",
        "Ann's trick pile: 19 × 10 = 190 against 240 bid",
        "sold 3 cards × 20: 190 + 60",
        "made: 240 × 1 + 250 = 490",
        "defenders: 7 + 10 cards × 5 = 85 each",
        "hand: Ann 490, Bob 85, Cy 85",
    )
    assert hand.made and hand.to_dict()["scores"] == {"Ann": 490, "Bob": 85, "Cy": 85}


def test_the_other_outcomes_explained():
    played = {name: SideHand.from_dict(data) for name, data in HAND["played"].items()}
    unsold = score_three_hand("240♥ X", "Ann", played, sell=False)
    assert unsold.lines[2:4] == ("failed: −240 × 2 = -480", "defenders: 7 + 10 cards × 5 = 85 each")
    assert not unsold.made
    over = {**played, "Ann": SideHand(19, 2, 0), "Bob": SideHand(7, 7, 0)}
    lost = score_three_hand("240♥", "Ann", over)
    assert lost.lines[2] == "50 short, over the selling cap 2 × 20 = 40 — lost"
    misere = score_three_hand("misère", "Ann", played, misere_points=18)
    assert misere.lines[1] == "misère, 18 points: 6 over 12 × 30 = 180, scores -180"
    assert not misere.made and score_three_hand("misère", "Ann", played, misere_points=12).made
    calypso = {**played, "Ann": SideHand(18, 6, 1, (2,))}
    short = score_three_hand("2 & 20♠", "Ann", calypso)
    assert short.lines[1:4] == (
        "Ann's calypso, 2 cards needed: 40 + 10 × 2² = 80",
        "Ann's trick pile: 18 × 10 = 180 against 20 bid",
        "calypsos: 1 made of 2 bid — lost",
    )
    assert "Ann's calypso bonus 80 does not count: the contract failed" in short.lines


def test_values_may_be_tuned():
    values = ThreeHandedValues(calypso_base=0, calypso_square=1, misere_allowance=10, misere_point=10)
    assert (values.calypso_bonus(13), values.misere_score(18), values.misere_score(9)) == (169, -80, 0)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: ThreeBid(10, 1, None), "misère names no points and no calypsos"),
        (lambda: ThreeBid(True, 0, "S"), "a bid's points must be a whole number, not True"),
        (lambda: ThreeContract("170♣", 3), "a contract is undoubled (0), doubled (1) or redoubled (2), not 3"),
        (lambda: ThreeBid.parse(None), "None is not a bid (e.g. 170♣, 1 & 20♠ or misère)"),
    ],
)
def test_bids_and_contracts_that_cannot_be(make, says):
    with pytest.raises(AuctionError) as refused:
        make()
    assert str(refused.value) == says
