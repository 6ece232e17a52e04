"""The phone's live check is the engine's (js/scores.js with scoring.browser's figures): a cutthroat
sheet with a count out of range is refused on the phone as on the server (the phone used to have a
check of its own that showed "✓ 208 cards"), and the problems read in the sheet's words."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import services as events
from director.movements import night as nights
from tests.browser.test_table_entry import SHEET, night  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cutthroat_night():
    user = get_user_model().objects.create_user("cora", password="calypso-2026")
    club = clubs.create_club(name="San Fernando Calypso Club", slug="sf", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, 9)]
    event = nights.set_up_night(
        phones="table",
        club=club,
        name="Cutthroat night",
        date=datetime.date(2026, 11, 20),
        type="progressive-individual",
        form="cutthroat",
        players=[p.pk for p in players],
        by=user,
    )
    return events.start_event(event=event)


def test_a_cutthroat_sheet_out_of_range_is_refused_on_the_phone_too(cutthroat_night, phone_page):
    phone_page.goto(f"/t/{cutthroat_night.tables.get(number=1).token}/")
    # 13×3 + (13+7+3+9) + 22+30+40+45 = 208, but ♠'s unfinished 13 would be a finished calypso.
    boxes = {"cal": [1, 0, 2, 0], "unf": [13, 7, 3, 9], "pile": [22, 30, 40, 45]}
    for i, seat in enumerate("SHDC"):
        for kind in ("cal", "unf", "pile"):
            phone_page.fill(f"#{kind}-{seat}", str(boxes[kind][i]))
    check = phone_page.inner_text("#live [data-role=check]")
    assert "✓" not in check and check.startswith("✗"), check
    problems = phone_page.inner_text("#live [data-role=problems]")
    assert "Unfinished — ♠ player is 13: an unfinished calypso holds 0–12 cards" in problems
    phone_page.fill("#unf-S", "5")
    phone_page.fill("#pile-S", "30")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 208 cards"
    assert phone_page.inner_text("td.points[data-seat=S]") == "900"  # 500 + 5×20 + 30×10


def test_the_phone_names_boxes_in_the_sheets_words(night, phone_page):  # noqa: F811
    phone_page.goto(f"/t/{night.tables.get(number=1).token}/")
    phone_page.fill("#cal-S", "x")
    phone_page.fill("#pile-majors", "300")
    problems = phone_page.inner_text("#live [data-role=problems]")
    assert "Calypsos — ♠ player: must be a whole number, not 'x'" in problems
    assert "Trick pile — ♠♥ is 300: a trick pile holds at most the 208 cards in play" in problems
    assert "calypsos.S" not in problems and "trick_piles" not in problems


def test_the_directors_cutthroat_entry_words_its_check_with_the_engines_deck(cutthroat_night, page):
    """The director's score entry words the card check once for both forms (js/score-entry.js
    ``checkWords``), with the deck the engine's check gives: 208 cards four-handed, 117 with one
    seat empty — never a 208 written into the page's script."""
    from director.results.models import Submission
    from tests.browser.conftest import sign_in

    sign_in(page, "cora", "calypso-2026")
    page.goto(f"/events/{cutthroat_night.pk}/games/1/scores/")
    # S 600+300=900, H 140+300=440, D 1310+400=1710, C 180+450=630 (adds up to 208).
    four = {"cal": [1, 0, 2, 0], "unf": [5, 7, 3, 9], "pile": [30, 30, 40, 45]}
    for i, seat in enumerate("SHDC"):
        for kind in ("cal", "unf"):
            page.fill(f"#t1-{kind}-{seat}", str(four[kind][i]))
    card = page.locator("#table-1")
    check = card.locator("[data-role=check]")
    assert check.inner_text() == "63 of 208 cards so far (4 boxes to fill)"
    for i, seat in enumerate("SHDC"):
        page.fill(f"#t1-pile-{seat}", str(four["pile"][i] - (5 if seat == "C" else 0)))
    assert check.inner_text() == "✗ 203 of 208 cards"
    page.fill("#t1-pile-C", "45")
    assert check.inner_text() == "✓ 208 cards"
    points = {seat: card.locator(f'td.points[data-seat="{seat}"]').inner_text() for seat in "SHDC"}
    assert points == {"S": "900", "H": "440", "D": "1710", "C": "630"}
    # Three-handed, no ♣ player: 13×3 + 15 + 63 = 117.
    page.select_option("#t1-absent", "C")
    three = {"cal": [1, 0, 2], "unf": [5, 7, 3], "pile": [20, 20, 23]}
    for i, seat in enumerate("SHD"):
        for kind in ("cal", "unf", "pile"):
            page.fill(f"#t1-{kind}-{seat}", str(three[kind][i]))
    assert check.inner_text() == "✓ 117 cards"
    assert not Submission.objects.exists()  # nothing is sent while typing
