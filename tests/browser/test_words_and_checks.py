"""Issue #30.5 and #30.7 in the browser, at 1280 × 800 and at a 360 × 740 phone: a table of three's
phone counts its three deals and offers its players by seat (chosen by keyboard); the standings and
tallies pages of a 13-player night (tables of 5, 4, 4) say what the totals add up to, and no page
scrolls sideways. Screenshots go to $SCREENSHOTS when it is set."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from tests.director.factories import enter_all, small_night

from .conftest import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
SIZES = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}


def shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.fixture
def night():
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 14)]
    return user, club, players


@pytest.mark.parametrize("size", SIZES)
def test_a_threes_phone_speaks_of_three_deals_and_its_players(browser, live_server, night, size):
    _, club, players = night
    event = small_night(club, players[:7], start=True, phones="table")
    three = event.tables.get(number=2)
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size])
    page = context.new_page()
    try:
        page.goto(f"/t/{three.token}/")
        status = page.inner_text("#table-status")
        assert "After the third deal, one player enters the scoresheet" in status
        assert "We are" not in page.content()
        choice = page.get_by_role("radio", name=re.compile(r"I hold spades or hearts"))
        choice.focus()
        page.keyboard.press("Space")  # by keyboard: the radio is chosen
        assert choice.is_checked()
        page.keyboard.press("ArrowDown")
        labels = page.locator("fieldset.sides label").all_inner_texts()
        assert [" ".join(t.split()) for t in labels] == ["I hold ♠ or ♥", "I hold ♣"], labels
        assert page.locator("fieldset.sides input[value=minors]").is_checked()
        no_sideways_scroll(page)
        shot(page, f"three-phone-{size}")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_standings_and_tallies_say_what_the_totals_add_up_to(browser, live_server, night, size):
    user, club, players = night
    event = small_night(club, players, start=True, games=3, phones="table")
    enter_all(event, user, nets={(1, 1): 360, (1, 2): 120, (1, 3): -40})
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size])
    page = context.new_page()
    try:
        sign_in(page, "dora", PASSWORD)
        page.goto(f"/events/{event.pk}/results/")
        check = page.inner_text("#sum-check")
        assert re.search(r"the totals add up to [+-]360, as they must", check), check
        assert "game 1 table 1: " in check
        no_sideways_scroll(page)
        shot(page, f"standings-{size}")
        page.goto(f"/events/{event.pk}/results/tallies/")
        assert "Sum check of the scoresheets" in page.content()
        assert re.search(r"the totals add up to [+-]360, as they must", page.inner_text("#sum-check"))
        shot(page, f"tallies-{size}")
    finally:
        context.close()
