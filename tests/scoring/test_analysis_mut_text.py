"""What an analysis prints (scoring.analysis): the verdict, shares, the plain-text report, side().

Each test builds an ``Analysis`` by hand (no simulation) and asserts the text a director or player
reads, word for word, worked out from the format the docstrings and docs/printing.md describe."""

from __future__ import annotations

import pytest

from scoring.analysis import Analysis, HandStats, SeatStats, SideStats, format_analysis, format_share
from scoring.scores import ScoreSheetError

RANKS_HIGH_FIRST = "AKQJT98765432"


def seat(seat: str, counts: str, missing: str, partner: int) -> SeatStats:
    """A seat whose own-suit copies per rank (A high) are the digits of ``counts``."""
    own = {rank: int(n) for rank, n in zip(RANKS_HIGH_FIRST, counts, strict=True)}
    return SeatStats(seat, sum(own.values()), partner, own, missing)


HANDS = [
    HandStats(1, "S", {"S": 4, "H": 4, "D": 2, "C": 3}, "AK72", "S AK72 H QJ93 D 85 C T64"),
    HandStats(4, "C", {"S": 13, "H": 0, "D": 0, "C": 0}, "", "S AKQJT98765432 H - D - C -"),
]
SEATS = [
    seat("S", "2111111111111", "", 21),
    seat("D", "0000012222222", "AKQJT", 26),
]


def analysis(**changes) -> Analysis:
    fields = {
        "game_set": 3,
        "rule": "standard",
        "players": "club",
        "games": 20,
        "seed": "s1",
        "majors": SideStats("majors", 1234.4, 310.2, 250.0, 400.0, 1.25, 12),
        "minors": SideStats("minors", 984.4, 280.0, -250.0, 400.0, 0.5, 7),
        "lopsided": False,
        "favoured": "majors",
        "margin": 175.3,
        "confidence": 0.9973,
        "tail": 0.6243,
        "hands": HANDS,
        "seats": SEATS,
    }
    fields.update(changes)
    return Analysis(**fields)


# --- format_share: 12.3 %, < 0.1 %, > 99.9 % ---------------------------------------------------------


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.0004, "< 0.1 %"),
        (0.001, "0.1 %"),  # exactly a tenth of a per cent is printed, not "< 0.1 %"
        (0.123, "12.3 %"),
        (0.5, "50.0 %"),
        (0.999, "99.9 %"),  # exactly 99.9 % is printed, not "> 99.9 %"
        (0.9996, "> 99.9 %"),
        (1.0, "> 99.9 %"),
    ],
)
def test_format_share(share, text):
    assert format_share(share) == text


# --- verdict -----------------------------------------------------------------------------------


def test_verdict_of_a_balanced_set_that_leans():
    assert analysis().verdict() == (
        "balanced: favours the majors by 250 ± 175 (99.7 % sure it favours them); "
        "62.4 % of uniformly dealt sets lean as far"
    )


def test_verdict_of_a_lopsided_set_favouring_the_minors():
    minors_ahead = analysis(
        majors=SideStats("majors", 900.0, 200.0, -1480.0, 300.0, 0.25, 1),
        minors=SideStats("minors", 2380.0, 250.0, 1480.0, 300.0, 2.0, 19),
        lopsided=True,
        favoured="minors",
        margin=131.5,
        confidence=1.0,
        tail=0.0123,
    )
    assert minors_ahead.verdict() == (
        "lopsided: favours the minors by 1480 ± 132 (> 99.9 % sure it favours them); "
        "1.2 % of uniformly dealt sets lean as far"
    )


def test_verdict_with_two_games_gives_the_margin_and_with_one_does_not():
    two = analysis(games=2, margin=392.0, confidence=0.75, tail=0.5)
    assert two.verdict() == (
        "balanced: favours the majors by 250 ± 392 (75.0 % sure it favours them); "
        "50.0 % of uniformly dealt sets lean as far"
    )
    one = analysis(games=1, margin=0.0, confidence=1.0, tail=0.5)
    assert one.verdict() == "balanced: favours the majors by 250; 50.0 % of uniformly dealt sets lean as far"


def test_verdict_of_a_set_favouring_neither_side():
    even = analysis(
        majors=SideStats("majors", 1000.0, 300.0, 0.0, 400.0, 1.0, 9),
        minors=SideStats("minors", 1000.0, 300.0, 0.0, 400.0, 1.0, 9),
        favoured=None,
        confidence=0.5,
        tail=1.0,
    )
    assert even.verdict() == "balanced: favours neither side"
    assert format_analysis(even).splitlines()[4] == "Balanced: favours neither side"


# --- side() ------------------------------------------------------------------------------------


def test_side_returns_that_sides_figures():
    result = analysis()
    assert result.side("majors") is result.majors
    assert result.side("minors") is result.minors
    assert result.side("majors").mean_net == 250.0 and result.side("minors").mean_net == -250.0


def test_side_error_names_the_unknown_side():
    with pytest.raises(ScoreSheetError) as err:
        analysis().side("trumps")
    assert str(err.value) == "'trumps' is not a side (use 'majors' or 'minors')"


# --- the plain-text report ---------------------------------------------------------------------

HEADER = "        " + " mean score" + "    ± sd" + "  mean net" + "    ± sd" + "  calypsos" + "  wins"
#         8 blank     11 wide        8 wide      10 wide       8 wide      10 wide       6 wide


def test_report_text_word_for_word():
    assert format_analysis(analysis()).split("\n") == [
        "Game set 3: 20 games, rule standard, club players, seed s1",
        HEADER,
        "majors  " + "       1234" + "     310" + "      +250" + "     400" + "      1.25" + "    12",
        "minors  " + "        984" + "     280" + "      -250" + "     400" + "      0.50" + "     7",
        "Balanced: favours the majors by 250 ± 175 (99.7 % sure it favours them); "
        "62.4 % of uniformly dealt sets lean as far",
        "",
        "Own suit over the four deals (copies of each rank, A high):",
        "  Spades    14 cards  A×2 K×1 Q×1 J×1 T×1 9×1 8×1 7×1 6×1 5×1 4×1 3×1 2×1  never dealt: none  "
        "(partner's suit: 21)",
        "  Diamonds  15 cards  A×0 K×0 Q×0 J×0 T×0 9×1 8×2 7×2 6×2 5×2 4×2 3×2 2×2  never dealt: AKQJT  "
        "(partner's suit: 26)",
        "",
        "Hands (suit lengths S-H-D-C; own suit):",
        "  deal 1 S:     4-4-2-3  own AK72          S AK72 H QJ93 D 85 C T64",
        "  deal 4 C:    13-0-0-0  own -             S AKQJT98765432 H - D - C -",
    ]


def test_report_of_a_lopsided_set_shouts_the_flag():
    text = format_analysis(analysis(lopsided=True, tail=0.02))
    assert text.split("\n")[4] == (
        "LOPSIDED: favours the majors by 250 ± 175 (99.7 % sure it favours them); "
        "2.0 % of uniformly dealt sets lean as far"
    )
