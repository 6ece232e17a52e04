"""The venue projector in Chromium (#14.14): long names wrap instead of being cut, every row of a big
field fits the screen, and a finished event shows its final standings with no clock.
Set ``SCREENSHOT_DIR`` to keep PNGs of the screens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import services as events
from director.results import services as results
from tests.browser.conftest import sign_in
from tests.browser.test_club_night import shot
from tests.director.conftest import make_progressive
from tests.director.factories import enter_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
LONG = "Bartholomew Featherstonehaugh-Cholmondeley"


@pytest.fixture
def big_night():
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"{LONG} {i:02d}") for i in range(1, 41)]
    night = make_progressive(club, players, tables=10, games=3, by=user)
    events.start_event(event=night)
    enter_all(night, user, rounds=[1])
    return night


def names_are_whole_and_every_row_shows(page) -> None:
    cut = page.eval_on_selector_all(
        ".standings td.who", "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)"
    )
    assert cut == []
    texts = page.locator(".standings td.who").all_inner_texts()
    assert len(texts) == 20 and all(text.count(LONG) == 2 for text in texts)
    overflow = page.evaluate(
        """() => {
        const panel = document.querySelector('.standings-panel').getBoundingClientRect();
        const last = [...document.querySelectorAll('.standings tr')].pop().getBoundingClientRect();
        return last.bottom - panel.bottom;
    }"""
    )
    assert overflow <= 1, f"the last row is {overflow}px below the standings panel"
    size = page.eval_on_selector("table.standings", "t => parseFloat(getComputedStyle(t).fontSize)")
    assert size >= 8.5  # shrunk to fit, still readable (1.2 % of 720 px at the least)


def test_long_names_wrap_and_a_finished_event_shows_final_standings(browser, live_server, big_night):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{big_night.pk}/projector/")
    page.locator(".clock .remaining").wait_for()
    names_are_whole_and_every_row_shows(page)
    shot(page, "projector-running")

    results.finish_event(event=big_night, force=True)
    page.reload()
    page.get_by_text("Final standings", exact=True).wait_for()
    assert page.locator(".clock").count() == 0 and page.locator(".awaited-panel").count() == 0
    assert "40:00" not in page.inner_text("body")
    names_are_whole_and_every_row_shows(page)
    icon = page.eval_on_selector("link[rel=icon]", "l => l.href")
    assert page.request.get(icon).status == 200
    shot(page, "projector-final")
    context.close()


def test_on_a_phone_the_clock_and_the_standings_fit_the_width(browser, live_server, big_night):
    """A director glancing at the projector page on a phone (390 px, portrait) sees the whole clock,
    the game number and every total, with nothing pushed off the right edge."""
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{big_night.pk}/projector/")
    page.locator(".clock .remaining").wait_for()
    beyond = page.evaluate(
        """() => ['.clock', '.round-label', '.prompt', '.standings td.value']
            .flatMap(s => [...document.querySelectorAll(s)])
            .filter(e => e.getBoundingClientRect().right > 391)
            .map(e => e.className + ': ' + e.textContent.trim())"""
    )
    assert beyond == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "projector-phone")
    context.close()
