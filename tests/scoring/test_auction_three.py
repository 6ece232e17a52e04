"""Three-handed Auction Calypso scored from what was played (AUCTION.md §8, the v0.0.1 document's figures
as issue #32 lists them): the contract limits of three-handed play (170♣; "1 & 20♠"), declarer's score
with and without doubling, selling, the defenders' figure, misère, the calypso bonus 40 + 10n². Every
figure is worked by hand in the comments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.auction import (
    AuctionError,
    Bid,
    SideHand,
    ThreeBid,
    ThreeContract,
    ThreeHandedHand,
    ThreeHandedValues,
    score_three_hand,
    score_three_handed_pad,
)
from scoring.cli import main

PLAYERS = ["Ann", "Bob", "Cy"]


def took(trick_pile: int, added: int = 0, *required: int) -> dict:
    return {"trick_pile": trick_pile, "added": added, "calypsos": len(required), "cards_required": list(required)}


# The document's selling example: Ann bids 240♥ and takes 19 cards to her trick pile, adding 5 to her
# calypsos in progress; the defenders take 7 and 10 to theirs (Bob adds 4, Cy 6): 19 + 5 + 7 + 4 + 10 + 6 = 51.
SELLING = {
    "declarer": "Ann",
    "contract": "240♥",
    "played": {"Ann": took(19, 5), "Bob": took(7, 4), "Cy": took(10, 6)},
    "sell": True,
}
# Cy bids 1 & 20♠, takes 5 cards (50 points) and completes a calypso begun in the hand (13 cards needed);
# Ann, defending, completes one she needed 1 card for: 8 + 1 + 10 + 4 + 5 + 23 = 51.
CALYPSO = {
    "declarer": "Cy",
    "contract": "1 & 20♠",
    "played": {"Ann": took(8, 1, 1), "Bob": took(10, 4), "Cy": took(5, 23, 13)},
}
# Bob plays misère; the document counts his points (18 here); nobody completes a calypso.
MISERE = {
    "declarer": "Bob",
    "contract": "misère",
    "played": {"Ann": took(20, 4), "Bob": took(6, 3), "Cy": took(14, 4)},
    "misere_points": 18,
}


def played(hand: dict) -> dict[str, SideHand]:
    return {name: SideHand.from_dict(data) for name, data in hand["played"].items()}


def score(hand: dict, **changes):
    hand = {**hand, **changes}
    return score_three_hand(
        hand["contract"],
        hand["declarer"],
        played(hand),
        sell=hand.get("sell"),
        misere_points=hand.get("misere_points"),
    )


# --- the contract limits ------------------------------------------------------------------------------------------


def test_the_three_handed_minimum_bid_is_170():
    assert str(ThreeContract.parse("170♣")) == "170♣"
    assert ThreeBid.parse("170C") == ThreeBid(170, 0, "C")
    with pytest.raises(AuctionError, match="a bid is at least 220 points, not 170"):
        Bid.parse("170♣")  # the four-handed game's minimum is not three-handed play's
    with pytest.raises(AuctionError) as refused:
        ThreeBid.parse("160♣")
    assert str(refused.value) == "'160♣': a three-handed bid without calypsos is at least 170 points, not 160"


def test_the_final_contract_of_the_documents_example_auction_is_a_contract():
    contract = ThreeContract.parse("1 & 20♠")
    assert (contract.bid.calypsos, contract.bid.points, contract.bid.suit, contract.doubled) == (1, 20, "S", 0)
    assert str(ThreeContract.parse("1 and 20s X")) == "1 & 20♠ X"
    # A bid with a calypso outranks any without, whatever its points.
    assert ThreeBid.parse("1 & 20♠").rank > ThreeBid.parse("400♠").rank > ThreeBid.parse("400♥").rank
    with pytest.raises(AuctionError) as refused:
        ThreeBid.parse("1 & 0♠")
    assert str(refused.value) == "'1 & 0♠': a three-handed bid with calypsos is at least 10 points, not 0"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("175♣", "'175♣': a bid's points are a multiple of 10, not 175"),
        ("5 & 200♣", "'5 & 200♣': a bid names 0 to 4 calypsos, not 5"),
        ("200Z", "'200Z': 'Z' is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)"),
        ("two hundred", "'two hundred' is not a bid (e.g. 170♣, 1 & 20♠ or misère)"),
        (200, "200 is not a contract (e.g. 240♥ X, 1 & 20♠ or misère)"),
        ("misère X", "misère is played undoubled"),
    ],
)
def test_a_contract_that_cannot_be_is_named(text, says):
    with pytest.raises(AuctionError) as refused:
        ThreeContract.parse(text)
    assert str(refused.value) == says


def test_misere_is_a_contract_of_its_own():
    for text in ("misère", "Misere", "MISÈRE"):
        assert ThreeContract.parse(text).bid.is_misere
    assert str(ThreeContract.parse("misere")) == "misère"
    with pytest.raises(AuctionError, match="misère has no rank"):
        _ = ThreeBid.misere().rank


# --- declarer, selling, doubling ------------------------------------------------------------------------------------


def test_bid_240_with_19_cards_selling_3_scores_490():
    # 19 cards × 10 = 190, 50 short of 240; the cap is the 5 cards added × 20 = 100, so limbo. Selling
    # covers the 50 with ⌈50 / 20⌉ = 3 cards: 190 + 60 = 250. Made: 240 + 250 = 490.
    hand = score(SELLING)
    assert (hand.outcome, hand.contract_points, hand.deficit, hand.sold) == ("limbo-sold", 190, 50, 3)
    assert hand.contract_score == hand.scores["Ann"] == 490


def test_doubled_it_scores_730():
    # Doubled, the bid counts twice: 240 × 2 + 250 = 730.
    assert score(SELLING, contract="240♥ X").scores["Ann"] == 730


def test_failing_scores_minus_240_and_doubled_minus_480():
    # Not selling out of limbo fails the contract: it loses the bid, twice over when doubled.
    assert score(SELLING, sell=False).scores["Ann"] == -240
    assert score(SELLING, contract="240♥ X", sell=False).scores["Ann"] == -480
    # Short by more than the cap (2 cards added: 40 < 50) is lost outright, likewise.
    over_cap = {**SELLING["played"], "Ann": took(19, 2), "Bob": took(7, 7)}
    lost = score(SELLING, played=over_cap, sell=None)
    assert (lost.outcome, lost.scores["Ann"]) == ("loss", -240)
    assert score(SELLING, played=over_cap, sell=None, contract="240♥ X").scores["Ann"] == -480


def test_a_contract_made_outright_scores_the_bid_and_the_points():
    # 26 cards: 260 against 240 bid, no sale: 240 + 260 = 500; redoubled 240 × 4 + 260 = 1220.
    outright = {"Ann": took(26, 0), "Bob": took(7, 4), "Cy": took(10, 4)}
    assert score(SELLING, played=outright, sell=None).scores["Ann"] == 500
    assert score(SELLING, played=outright, sell=None, contract="240♥ XX").scores["Ann"] == 1220


def test_defenders_with_7_and_10_cards_score_85_each():
    # (7 + 10) × 5 = 85, to each defender, whatever declarer does.
    for variant in ({}, {"sell": False}, {"contract": "240♥ X"}):
        hand = score(SELLING, **variant)
        assert (hand.defender_cards, hand.scores["Bob"], hand.scores["Cy"]) == (85, 85, 85)


# --- misère ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("points", "scores"), [(10, 0), (18, -180), (23, -330)])
def test_misere_with_10_18_23_points_scores_0_minus_180_minus_330(points, scores):
    hand = score(MISERE, misere_points=points)
    assert (hand.outcome, hand.contract_score, hand.scores["Bob"]) == ("misère", scores, scores)
    # The defenders' figure is the same as in any hand: (20 + 14) × 5 = 170 each.
    assert (hand.scores["Ann"], hand.scores["Cy"]) == (170, 170)


def test_misere_points_are_asked_exactly_for_misere():
    with pytest.raises(AuctionError, match=r"misere_points must be the declarer's points, a whole number, not None"):
        score(MISERE, misere_points=None)
    with pytest.raises(AuctionError, match=r"misere_points are asked only in misère; this hand is 240♥"):
        score(SELLING, misere_points=3)
    with pytest.raises(AuctionError, match="sell is asked only when a suit contract is in limbo; this hand is misère"):
        score(MISERE, sell=True)


# --- the calypso bonus ----------------------------------------------------------------------------------------------


def test_the_calypso_bonus_is_40_plus_10_n_squared():
    values = ThreeHandedValues()
    assert values.calypso_bonus(1) == 50  # 40 + 10 × 1
    assert values.calypso_bonus(13) == 1730  # 40 + 10 × 169
    assert [values.calypso_bonus(n) for n in (2, 3, 12)] == [80, 130, 1480]


def test_each_calypso_earns_its_player_the_bonus():
    # Cy: 5 cards × 10 = 50 ≥ 20 bid, one calypso made: 20 + 50 = 70, with the bonus 1730: 1800.
    # Ann: (8 + 10) × 5 = 90 and her calypso's bonus 50: 140. Bob: 90.
    hand = score(CALYPSO)
    assert (hand.outcome, hand.contract_score) == ("win", 70)
    assert hand.calypso_bonus == {"Ann": 50, "Bob": 0, "Cy": 1730}
    assert hand.scores == {"Ann": 140, "Bob": 90, "Cy": 1800}


def test_a_failed_declarer_scores_no_calypso_bonus_and_a_calypso_bid_not_made_fails():
    # Cy bids 2 & 20♠ and makes one: lost, −20; the calypso he made earns him nothing.
    hand = score(CALYPSO, contract="2 & 20♠")
    assert (hand.outcome, hand.scores["Cy"], hand.calypso_bonus["Cy"]) == ("loss", -20, 0)
    assert hand.scores["Ann"] == 140  # defenders keep theirs


# --- the pad --------------------------------------------------------------------------------------------------------


def test_a_pad_is_scored_hand_by_hand_with_running_totals():
    pad = score_three_handed_pad(PLAYERS, [SELLING, CALYPSO, MISERE])
    # Hand 1: Ann 490, Bob 85, Cy 85. Hand 2: Ann 140, Bob 90, Cy 1800. Hand 3: Ann 170, Bob −180, Cy 170.
    assert [totals for _, totals in pad] == [
        {"Ann": 490, "Bob": 85, "Cy": 85},
        {"Ann": 630, "Bob": 175, "Cy": 1885},
        {"Ann": 800, "Bob": -5, "Cy": 2055},
    ]
    assert [hand.outcome for hand, _ in pad] == ["limbo-sold", "win", "misère"]


def test_a_hand_reads_back_from_its_json():
    for data in (SELLING, CALYPSO, MISERE):
        hand = ThreeHandedHand.from_dict(data, PLAYERS)
        assert ThreeHandedHand.from_dict(json.loads(json.dumps(hand.to_dict())), PLAYERS) == hand
    assert ThreeHandedHand.from_dict({**CALYPSO, "contract": "1 & 20S"}, PLAYERS).to_dict()["contract"] == "1 & 20♠"
    hands = [ThreeHandedHand.from_dict(data, PLAYERS) for data in (SELLING, CALYPSO)]
    assert score_three_handed_pad(PLAYERS, hands)[-1][1] == {"Ann": 630, "Bob": 175, "Cy": 1885}


@pytest.mark.parametrize(
    ("players", "hands", "says"),
    [
        (
            PLAYERS,
            [{**SELLING, "played": {**SELLING["played"], "Cy": took(11, 6)}}],
            "hand 1: cards add up to 52, not 51: 1 too many (Ann T 19 + P 5, Bob T 7 + P 4, Cy T 11 + P 6)",
        ),
        (
            PLAYERS,
            [{**SELLING, "sell": None}],
            "hand 1: the contract is in limbo (50 points short, within the selling cap of 100): sell must be true "
            "or false",
        ),
        (
            PLAYERS,
            [{**CALYPSO, "sell": True}],
            "hand 1: sell is asked only when the contract is in limbo; this hand is win",
        ),
        (
            PLAYERS,
            [{**CALYPSO, "played": {**CALYPSO["played"], "Cy": {**took(5, 23), "calypsos": 1}}}],
            "hand 1: Cy completed 1 calypso but 0 cards-required values are given (one per calypso)",
        ),
        (
            PLAYERS,
            [{**CALYPSO, "played": {**CALYPSO["played"], "Ann": took(8, 1, 14)}}],
            "hand 1: Ann's calypso #1 needed 14 cards: a calypso completed in a hand needed 1 to 13; Ann completed "
            "1 calypso needing 14 cards but added only 1 this hand",
        ),
        (
            PLAYERS,
            [{**SELLING, "played": {**SELLING["played"], "Bob": took(-1, 12)}}],
            "hand 1: Bob's trick pile is -1: counts cannot be negative",
        ),
        (
            PLAYERS,
            [{**SELLING, "played": {"Ann": took(19, 5), "Bob": took(7, 4)}}],
            "hand 1: played: nothing for Cy",
        ),
        (
            PLAYERS,
            [{**SELLING, "played": {**SELLING["played"], "Dee": took(0)}}],
            "hand 1: played: Dee is not one of the pad's players (Ann, Bob, Cy)",
        ),
        (
            PLAYERS,
            [{**SELLING, "declarer": "Dee"}],
            "hand 1: declarer: 'Dee' is not one of the pad's players (Ann, Bob, Cy)",
        ),
        (
            PLAYERS,
            [{**SELLING, "contract": "160♥"}],
            "hand 1: contract: '160♥': a three-handed bid without calypsos is at least 170 points, not 160",
        ),
        (
            PLAYERS,
            [{**SELLING, "contract": "240♥ by Ann"}],
            'hand 1: contract: the declarer is given in "declarer", not with "by"',
        ),
        (PLAYERS, [{**SELLING, "sell": "yes"}], "hand 1: sell must be true or false, not 'yes'"),
        (
            PLAYERS,
            [{**SELLING, "results": {}}],
            "hand 1: unknown key results (a hand has declarer, contract, played, and sell or misere_points)",
        ),
        (PLAYERS, [{"declarer": "Ann"}], "hand 1: missing contract, played"),
        (
            PLAYERS,
            [{**SELLING, "played": [1, 2, 3]}],
            "hand 1: played: what each player took, as an object by name, not [1, 2, 3]",
        ),
        (PLAYERS, [SELLING, 5], "hand 2: a hand is a JSON object, not 5"),
        (["Ann", "Bob"], [SELLING], "players: a three-handed pad has three players, not 2"),
        (["Ann", "Bob", "Ann "], [SELLING], "players: Ann is named twice"),
        (["Ann", "", "Cy"], [SELLING], "players: player 2 must be a name, not ''"),
        (
            "Ann, Bob, Cy",
            [SELLING],
            "players: a three-handed pad names its three players in a list, not 'Ann, Bob, Cy'",
        ),
        (PLAYERS, [], "hands: the pad has no hands"),
        (PLAYERS, None, "hands: a three-handed pad's hands are a list, not None"),
    ],
)
def test_refusals_word_for_word(players, hands, says):
    with pytest.raises(AuctionError) as error:
        score_three_handed_pad(players, hands)
    assert str(error.value) == says


def test_a_hand_is_what_three_players_took():
    with pytest.raises(AuctionError, match="the declarer 'Dee' among them"):
        score_three_hand("240♥", "Dee", played(SELLING))


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, data: object, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "pad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = main(["auction-score", *options, str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_prints_each_hand_and_running_totals(tmp_path, capsys):
    code, out, err = run(capsys, tmp_path, {"players": PLAYERS, "hands": [SELLING, CALYPSO, MISERE]})
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "hand 1: Ann declares 240♥ limbo-sold: Ann 490, Bob 85, Cy 85; totals Ann 490, Bob 85, Cy 85",
        "hand 2: Cy declares 1 & 20♠ win: Ann 140, Bob 90, Cy 1800; totals Ann 630, Bob 175, Cy 1885",
        "hand 3: Bob declares misère misère: Ann 170, Bob -180, Cy 170; totals Ann 800, Bob -5, Cy 2055",
    ]


def test_cli_json(tmp_path, capsys):
    code, out, _ = run(capsys, tmp_path, {"players": PLAYERS, "hands": [SELLING, CALYPSO]}, "--json")
    result = json.loads(out)
    assert code == 0 and result["players"] == PLAYERS
    assert result["hands"][0]["scores"] == {"Ann": 490, "Bob": 85, "Cy": 85}
    assert result["hands"][1]["totals"] == {"Ann": 630, "Bob": 175, "Cy": 1885}
    assert "made: 240 × 1 + 250 = 490" in result["hands"][0]["lines"]


def test_cli_refusal(tmp_path, capsys):
    code, out, err = run(capsys, tmp_path, {"players": PLAYERS, "hands": [SELLING], "date": "today"})
    assert (code, out) == (1, "")
    assert "unknown key date (a three-handed pad has players, hands)" in err and "pad.json" in err
