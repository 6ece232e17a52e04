"""``python -m scoring auction-score``: one hand of Auction Calypso from the score pad's JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring.cli import main

HAND = {
    "format": "calypso-auction-hand/1",
    "contract": "1 & 290♥ X",
    "declarer": "H",
    "declarers": {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4]},
    "defenders": {"trick_pile": 12, "added": 5, "calypsos": 0},
}


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, data: object, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "hand.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = main(["auction-score", *options, str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_auction_score_prints_the_explanation_and_outcome(tmp_path, capsys):
    # T 20 → 200, bonus (4 cards) 340 → 540; doubled win (290 + 125) × 2 = 830; + 500 + 400 = 1730.
    code, out, err = run(capsys, tmp_path, HAND)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "contract 1 & 290♥ X by H (doubled, ×2)"
    assert "won: (290 + overpoints 250 / 2) × 2 = 830" in lines
    assert lines[-2:] == ["hand: declarers 1730, defenders 60", "outcome win"]


def test_auction_score_json(tmp_path, capsys):
    code, out, _ = run(capsys, tmp_path, HAND, "--json")
    result = json.loads(out)
    assert code == 0
    assert (result["outcome"], result["contract_points"], result["declarers"], result["defenders"]) == (
        "win",
        540,
        1730,
        60,
    )
    assert result["sides"] == {"majors": 1730, "minors": 60}


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({**HAND, "defenders": {"trick_pile": 12, "added": 4, "calypsos": 0}}, "cards add up to 51, not 52"),
        ({**HAND, "contract": "210♥"}, "at least 220 points, not 210"),
        ({**HAND, "sell": True}, "sell is asked only when the contract is in limbo"),
        ("{not json", "is not JSON"),
        ([1, 2], "is a JSON object"),
    ],
)
def test_auction_score_errors_are_one_line_and_exit_1(tmp_path, capsys, data, says):
    code, out, err = run(capsys, tmp_path, data)
    lines = err.strip().splitlines()
    assert code == 1 and out == "" and len(lines) == 1
    assert lines[0].startswith("python -m scoring auction-score: error: ")
    assert says in lines[0]


def test_auction_score_on_a_missing_file(tmp_path, capsys):
    code = main(["auction-score", str(tmp_path / "nothing.json")])
    assert code == 1 and "cannot read" in capsys.readouterr().err


SECOND = {
    "contract": "300♠ XX",
    "declarer": "D",
    "declarers": {"trick_pile": 26, "added": 10, "calypsos": 0},
    "defenders": {"trick_pile": 10, "added": 6, "calypsos": 0},
    "sell": True,
}


def test_a_list_of_hands_is_a_pad_with_running_totals(tmp_path, capsys):
    # Hand 1: majors 1730, minors 60. Hand 2 (D declares 300♠ XX, limbo, sold): 300 + 260 × 3 = 1080 to
    # the minors, 10 × 5 = 50 to the majors. Totals: majors 1780, minors 1140.
    code, out, err = run(capsys, tmp_path, [HAND, SECOND])
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "hand 1: 1 & 290♥ X by H win: majors 1730, minors 60; totals majors 1730, minors 60",
        "hand 2: 300♠ XX by D limbo-sold: minors 1080, majors 50; totals majors 1780, minors 1140",
    ]
    code, out, _ = run(capsys, tmp_path, [HAND, SECOND], "--json")
    assert [hand["totals"] for hand in json.loads(out)] == [
        {"majors": 1730, "minors": 60},
        {"majors": 1780, "minors": 1140},
    ]


@pytest.mark.parametrize(
    ("pad", "says"),
    [
        ([HAND, {k: v for k, v in SECOND.items() if k != "declarer"}], "hand 2: the declarer is needed"),
        ([HAND, {**SECOND, "sell": None}], "hand 2: the contract is in limbo"),
        ([], "a score pad is a list of hands"),
    ],
)
def test_a_pad_names_the_hand_that_is_wrong(tmp_path, capsys, pad, says):
    code, out, err = run(capsys, tmp_path, pad)
    assert code == 1 and out == "" and says in err
