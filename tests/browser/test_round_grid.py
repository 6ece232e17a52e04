"""The director's round grid of a six-table night at 1280 px (#14.15): it fits the screen without
scrolling sideways, the game column stays in view, and the names are readable (wrapped, never cut).
Set ``SCREENSHOT_DIR`` to keep PNGs of the page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import services as events
from tests.browser.conftest import sign_in
from tests.browser.test_club_night import shot
from tests.browser.test_layout import PAGE_OVERFLOW
from tests.director.conftest import make_progressive
from tests.director.factories import enter_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
FIRST = ["Annabelle", "Christopher", "Guinevere", "Maximilian", "Rosalind", "Sebastian"]
LAST = ["Featherstone", "Ramkissoon", "Chandrasingh", "Fitzwilliam"]


@pytest.fixture
def six_tables():
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [
        clubs.add_player(club=club, name=f"{FIRST[i % 6]} {LAST[i // 6]}-{LAST[(i + 1) % 4]}") for i in range(24)
    ]
    night = make_progressive(club, players, tables=6, games=5, by=user)
    events.start_event(event=night)
    enter_all(night, user, rounds=[1, 2])
    return night


@pytest.mark.parametrize("width", [1280, 1366])
def test_a_six_table_round_grid_fits_the_screen_with_names_whole(browser, live_server, six_tables, width):
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    page = context.new_page()
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{six_tables.pk}/")
    grid = page.locator("table.round-grid")
    grid.wait_for()
    shot(page, f"round-grid-{width}")

    overflow = page.evaluate(PAGE_OVERFLOW)
    assert overflow["over"] <= 0, overflow
    # The grid itself needs no sideways scrolling in its box.
    box = page.eval_on_selector(".scroll:has(table.round-grid)", "b => b.scrollWidth - b.clientWidth")
    assert box <= 0, f"the round grid is {box}px wider than its box"
    cut = page.eval_on_selector_all(
        "td.cell .side", "sides => sides.filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.textContent)"
    )
    assert cut == []
    assert page.locator("td.cell").count() == 6 * 5
    size = page.eval_on_selector("td.cell .names", "n => parseFloat(getComputedStyle(n).fontSize)")
    assert size >= 12
    sticky = page.eval_on_selector("th.round-head", "th => getComputedStyle(th).position")
    assert sticky == "sticky"
    context.close()
