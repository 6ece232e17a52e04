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
