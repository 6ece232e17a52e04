"""The Auction score pad as a form (director/sheets/auction/boxes.py, templates/sheets/auction/pad.html):
the boxes a no-script post sends are read as the pad's hands, blanks are named by hand and box, a
saved pad is shown again box for box, and the partial names every box as documented."""

from __future__ import annotations

import re

import pytest
from django.template import engines

from director.sheets.auction.boxes import box_names, field_name, fields_from_hand, pad_context, sheet_from_post
from scoring.auction import AuctionError, AuctionValues, score_pad

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

HAND_1 = {
    "declarer": "H", "calypsos": "1", "points": "290", "suit": "H", "doubled": "1", "sell": "",
    "majors-trick_pile": "20", "majors-added": "15", "majors-calypsos": "1", "majors-cards_required": "4",
    "minors-trick_pile": "12", "minors-added": "5", "minors-calypsos": "0", "minors-cards_required": "",
}  # fmt: skip
HAND_2 = {
    "declarer": "D", "calypsos": "0", "points": " 300 ", "suit": "S", "doubled": "2", "sell": "yes",
    "majors-trick_pile": "10", "majors-added": "6", "majors-calypsos": "0", "majors-cards_required": "",
    "minors-trick_pile": "26", "minors-added": "10", "minors-calypsos": "0", "minors-cards_required": "",
}  # fmt: skip


def post(*hands: dict, prefix: str = "t1-") -> dict:
    return {field_name(prefix, n, box): text for n, hand in enumerate(hands, start=1) for box, text in hand.items()}


def test_a_posted_pad_reads_as_the_engines_hands_with_the_sides_turned_to_declarers_and_defenders():
    sheet, problems = sheet_from_post(post(HAND_1, HAND_2), "t1-", 4)
    assert problems == []
    assert sheet["hands"][1] == {
        "contract": "300♠ XX",
        "declarer": "D",
        "declarers": {"trick_pile": 26, "added": 10, "calypsos": 0, "cards_required": []},
        "defenders": {"trick_pile": 10, "added": 6, "calypsos": 0, "cards_required": []},
        "sell": True,
    }
    # 1 & 290♥ X made: 1730 / 60; 300♠ XX sold: 1080 / 50
    assert [totals for _, totals in score_pad(sheet["hands"])] == [
        {"majors": 1730, "minors": 60},
        {"majors": 1780, "minors": 1140},
    ]


def test_blank_boxes_are_named_by_hand_and_a_gap_before_a_later_hand_is_refused():
    half = {**HAND_2, "points": "", "minors-added": " "}
    sheet, problems = sheet_from_post(post(HAND_1, half), "t1-", 4)
    assert problems == ["hand 2: fill in the points bid, ♦♣ P (cards added)"]
    assert len(sheet["hands"]) == 1
    blank = dict.fromkeys(HAND_1, "") | {"calypsos": "0", "doubled": "0"}
    sheet, problems = sheet_from_post(post(HAND_1, blank, HAND_2), "t1-", 4)
    assert problems == ["hand 2 is blank, but a later hand is filled in (hands go in the order played)"]
    # trailing blank hands are hands not played yet; another prefix's boxes are not this pad's
    assert sheet_from_post(post(HAND_1, blank, blank), "t1-", 4)[1] == []
    assert sheet_from_post(post(HAND_1, prefix="t2-"), "t1-", 4) == ({"hands": []}, [])


def test_what_cannot_be_a_hand_is_passed_on_as_typed_for_the_engine_to_name():
    odd = {**HAND_1, "majors-trick_pile": "twenty", "calypsos": "7", "doubled": "3", "sell": "maybe"}
    sheet, _ = sheet_from_post(post(odd), "t1-", 1)
    (hand,) = sheet["hands"]
    assert (hand["contract"], hand["declarers"]["trick_pile"], hand["sell"]) == ("7 & 290♥ 3", "twenty", "maybe")
    with pytest.raises(AuctionError, match="hand 1: "):
        score_pad([hand])


def test_a_saved_pad_shows_again_box_for_box():
    sheet, _ = sheet_from_post(post(HAND_1, HAND_2), "t1-", 4)
    for hand, typed in zip(sheet["hands"], (HAND_1, HAND_2), strict=True):
        assert fields_from_hand(hand) == {box: text.strip() for box, text in typed.items()}
    context = pad_context("t1-", 4, sheet=sheet, values=AuctionValues(calypso=600))
    assert [row["filled"] for row in context["rows"]] == [True, True, False, False]
    assert context["rows"][1]["hand"]["sell"] == {"name": "t1-hand-2-sell", "value": "yes"}
    assert context["rows"][0]["sides"][0]["boxes"]["cards_required"]["value"] == "4"
    assert '"calypso": 600' in context["values_json"]
    # a refused post is shown as it was typed, not as saved
    again = pad_context("t1-", 2, sheet=sheet, post=post({**HAND_1, "points": "29x"}))
    assert again["rows"][0]["hand"]["points"]["value"] == "29x"
    with pytest.raises(AuctionError, match="at least one hand"):
        pad_context("t1-", 0)


def test_the_partial_names_every_box_as_documented_and_a_post_of_it_reads_back():
    partial = engines["django"].from_string('{% include "sheets/auction/pad.html" with help=True %}')
    html = partial.render({"pad": pad_context("t3-", 2, label="Table 3")})
    names = set(re.findall(r'name="([^"]+)"', html))
    assert names == {"t3-sheet"} | {field_name("t3-", n, box) for n in (1, 2) for box in box_names()}
    spoken = ("Hand 2 diamonds and clubs T trick pile", "Hand 1 spades and hearts cards required")  # suits by name
    for label in ("Hand 1 declarer", *spoken, "Hand 2 sell"):
        assert f'aria-label="{label}"' in html
    assert 'id="t3-pad"' in html and "Table 3 · Hand 2" in html
