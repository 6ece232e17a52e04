"""Three-handed Auction Calypso (AUCTION.md §8): a score pad of results as entered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.auction import AuctionError, Contract, ThreeHandedHand, score_three_handed_pad
from scoring.cli import main

PLAYERS = ["Ann", "Bob", "Cy"]
HAND_1 = {"declarer": "Ann", "contract": "1 & 290♥ X", "results": {"Ann": 830, "Bob": -60, "Cy": -40}}
HAND_2 = {"declarer": "Bob", "contract": "250♠", "results": {"Ann": 30, "Bob": -250, "Cy": 45}}
HAND_3 = {"declarer": "Cy", "contract": "2 & 300D XX", "results": {"Ann": 0, "Bob": 0, "Cy": 1200}}
PAD = [HAND_1, HAND_2, HAND_3]


def test_worked_pad_running_totals_by_hand():
    # Ann 830, 830 + 30 = 860, 860 + 0 = 860; Bob -60, -310, -310; Cy -40, 5, 1205.
    pad = score_three_handed_pad(PLAYERS, PAD)
    assert [totals for _, totals in pad] == [
        {"Ann": 830, "Bob": -60, "Cy": -40},
        {"Ann": 860, "Bob": -310, "Cy": 5},
        {"Ann": 860, "Bob": -310, "Cy": 1205},
    ]
    assert [hand.declarer for hand, _ in pad] == ["Ann", "Bob", "Cy"]
    assert pad[1][0].results == {"Ann": 30, "Bob": -250, "Cy": 45}


def test_contract_is_parsed_and_results_kept_as_entered():
    # The results do not add up to anything in particular: the pad does not compute them.
    hand = score_three_handed_pad(PLAYERS, [HAND_3])[0][0]
    assert hand.contract == Contract.parse("2 & 300♦ XX")
    assert (hand.contract.bid.calypsos, hand.contract.bid.points, hand.contract.doubled) == (2, 300, 2)
    assert hand.contract.declarer is None
    assert str(hand.contract) == "2 & 300♦ XX"


def test_results_in_player_order_whatever_the_entry_order():
    hand = ThreeHandedHand.from_dict({**HAND_1, "results": {"Cy": -40, "Ann": 830, "Bob": -60}}, PLAYERS)
    assert list(hand.results) == PLAYERS


def test_names_are_trimmed():
    pad = score_three_handed_pad([" Ann", "Bob ", "Cy"], [HAND_1])
    assert pad[0][1] == {"Ann": 830, "Bob": -60, "Cy": -40}


def test_round_trip_json():
    for data in PAD:
        hand = ThreeHandedHand.from_dict(data, PLAYERS)
        again = ThreeHandedHand.from_dict(json.loads(json.dumps(hand.to_dict())), PLAYERS)
        assert again == hand
    # The contract is written in the engine's form: ASCII suits become symbols.
    assert ThreeHandedHand.from_dict(HAND_3, PLAYERS).to_dict() == {
        "declarer": "Cy",
        "contract": "2 & 300♦ XX",
        "results": {"Ann": 0, "Bob": 0, "Cy": 1200},
    }


def test_pad_accepts_hand_objects():
    hands = [ThreeHandedHand.from_dict(data, PLAYERS) for data in PAD]
    assert score_three_handed_pad(PLAYERS, hands)[-1][1] == {"Ann": 860, "Bob": -310, "Cy": 1205}


def results(**values: object) -> dict[str, object]:
    return {**HAND_2, "results": values}


@pytest.mark.parametrize(
    ("players", "hands", "says"),
    [
        (
            PLAYERS,
            [HAND_1, {**HAND_2, "declarer": "Dee"}],
            "hand 2: declarer: 'Dee' is not one of the pad's players (Ann, Bob, Cy)",
        ),
        (
            PLAYERS,
            [HAND_1, {**HAND_2, "declarer": "H"}],
            "hand 2: declarer: 'H' is not one of the pad's players (Ann, Bob, Cy)",
        ),
        (
            PLAYERS,
            [results(Ann=1, Bob=2, Cy=3, Dee=4)],
            "hand 1: results: Dee is not one of the pad's players (Ann, Bob, Cy)",
        ),
        (
            PLAYERS,
            [results(Ann=1, Bob=2, Cy=3, Dee=4, Eve=5)],
            "hand 1: results: Dee, Eve are not one of the pad's players (Ann, Bob, Cy)",
        ),
        (PLAYERS, [results(Ann=1, Bob=2)], "hand 1: results: no result for Cy"),
        (PLAYERS, [results(Ann=1)], "hand 1: results: no result for Bob, Cy"),
        (PLAYERS, [results(Ann=True, Bob=2, Cy=3)], "hand 1: results: Ann's result must be a whole number, not True"),
        (PLAYERS, [results(Ann=1, Bob=2.0, Cy=3)], "hand 1: results: Bob's result must be a whole number, not 2.0"),
        (PLAYERS, [results(Ann=1, Bob=2, Cy="12")], "hand 1: results: Cy's result must be a whole number, not '12'"),
        (PLAYERS, [results(Ann=1, Bob=2, Cy="²")], "hand 1: results: Cy's result must be a whole number, not '²'"),
        (PLAYERS, [results(Ann=1, Bob=2, Cy=None)], "hand 1: results: Cy's result must be a whole number, not None"),
        (
            PLAYERS,
            [{**HAND_2, "results": [1, 2, 3]}],
            "hand 1: results: one result per player, as an object, not [1, 2, 3]",
        ),
        (PLAYERS, [{**HAND_2, "contract": "210♥"}], "hand 1: contract: '210♥': a bid is at least 220 points, not 210"),
        (PLAYERS, [{**HAND_2, "contract": 290}], "hand 1: contract: 290 is not a contract (e.g. 1 & 290♥ X)"),
        (
            PLAYERS,
            [{**HAND_2, "contract": "290♥ by Bob"}],
            'hand 1: contract: the declarer is given in "declarer", not with "by"',
        ),
        (PLAYERS, [{**HAND_2, "seat": "H"}], "hand 1: unknown key seat (a hand has declarer, contract, results)"),
        (PLAYERS, [{"declarer": "Bob"}], "hand 1: missing contract, results"),
        (PLAYERS, [HAND_1, 5], "hand 2: a hand is a JSON object, not 5"),
        (["Ann", "Bob"], PAD, "players: a three-handed pad has three players, not 2"),
        (["Ann", "Bob", "Cy", "Dee"], PAD, "players: a three-handed pad has three players, not 4"),
        (["Ann", "Bob", "Ann"], PAD, "players: Ann is named twice"),
        (["Ann", "Bob", "Ann "], PAD, "players: Ann is named twice"),
        (["Ann", "", "Cy"], PAD, "players: player 2 must be a name, not ''"),
        (["Ann", 7, "Cy"], PAD, "players: player 2 must be a name, not 7"),
        ("Ann, Bob, Cy", PAD, "players: a three-handed pad names its three players in a list, not 'Ann, Bob, Cy'"),
        (PLAYERS, [], "hands: the pad has no hands"),
        (PLAYERS, None, "hands: a three-handed pad's hands are a list, not None"),
    ],
)
def test_refusals_word_for_word(players, hands, says):
    with pytest.raises(AuctionError) as error:
        score_three_handed_pad(players, hands)
    assert str(error.value) == says


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, data: object, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "pad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = main(["auction-score", *options, str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_prints_each_hand_and_running_totals(tmp_path, capsys):
    code, out, err = run(capsys, tmp_path, {"players": PLAYERS, "hands": PAD})
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "hand 1: Ann declares 1 & 290♥ X: Ann 830, Bob -60, Cy -40; totals Ann 830, Bob -60, Cy -40",
        "hand 2: Bob declares 250♠: Ann 30, Bob -250, Cy 45; totals Ann 860, Bob -310, Cy 5",
        "hand 3: Cy declares 2 & 300♦ XX: Ann 0, Bob 0, Cy 1200; totals Ann 860, Bob -310, Cy 1205",
    ]


def test_cli_json(tmp_path, capsys):
    code, out, _ = run(capsys, tmp_path, {"players": PLAYERS, "hands": PAD}, "--json")
    result = json.loads(out)
    assert code == 0
    assert result["players"] == PLAYERS
    assert [hand["totals"] for hand in result["hands"]][-1] == {"Ann": 860, "Bob": -310, "Cy": 1205}
    assert result["hands"][2] == {**HAND_3, "contract": "2 & 300♦ XX", "totals": result["hands"][2]["totals"]}
    # Without its totals, each hand --json prints reads back as the same pad.
    again = [{k: v for k, v in hand.items() if k != "totals"} for hand in result["hands"]]
    assert score_three_handed_pad(result["players"], again)[-1][1] == {"Ann": 860, "Bob": -310, "Cy": 1205}


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"players": PLAYERS, "hands": [HAND_1, {**HAND_2, "declarer": "Dee"}]}, "hand 2: declarer: 'Dee' is not one"),
        ({"players": PLAYERS, "hands": []}, "hands: the pad has no hands"),
        ({"players": PLAYERS}, "hands: a three-handed pad's hands are a list, not None"),
        (
            {"players": PLAYERS, "hands": PAD, "date": "today"},
            "unknown key date (a three-handed pad has players, hands)",
        ),
    ],
)
def test_cli_refusals(tmp_path, capsys, data, says):
    code, out, err = run(capsys, tmp_path, data)
    assert (code, out) == (1, "")
    assert says in err and "pad.json" in err
