"""Setting up a night in Chromium (#14.9): seven players leave a table idle and twelve players for
four games meet the same opponents again — the night's page says so, with the fixes.
Set ``SCREENSHOT_DIR`` to keep PNGs of the pages."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from tests.browser.conftest import sign_in
from tests.browser.test_club_night import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"


def set_up(page, name: str, players: list[str], games: int) -> str:
    page.goto("/clubs/pos/events/new/")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Games", exact=True).fill(str(games))
    page.get_by_label("Quick-add new players").fill("\n".join(players))
    page.get_by_role("button", name="Set up and seat the tables").click()
    page.wait_for_url(re.compile(r".*/events/\d+/$"))
    return page.locator("#movement-warnings").inner_text()


def test_a_poor_movement_is_named_with_its_fixes(page):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    sign_in(page, "dora", PASSWORD)

    seven = set_up(page, "Seven", [f"Player {i}" for i in range(1, 8)], 2)
    assert "Only 1 of the 2 tables plays each game" in seven
    assert "A table of five or six" in seven
    assert "Its movement could be better" in page.locator("ul.messages").inner_text()
    shot(page, "warnings-seven")

    twelve = set_up(page, "Twelve", [f"Member {i}" for i in range(1, 13)], 4)
    assert "3 pairs of partnerships meet twice in 4 games" in twelve
    assert "Play 3 games instead of 4" in twelve
    shot(page, "warnings-twelve")
    page.get_by_role("link", name="set the night up again").click()
    page.wait_for_url("**/events/new/")
