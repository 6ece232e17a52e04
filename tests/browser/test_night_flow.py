"""The night's flow in the real browser (#30), at 1280 × 800 and at a 360 × 740 phone: the event
page's next step walks a progressive individual night (scores, Close…, Seat…), each asking first on
a confirm page (the Close confirmed by keyboard only); a correction of game 1 after game 2 was seated
from it says who would sit elsewhere and re-seats; the night is then deleted (its name typed).
Set ``SCREENSHOT_DIR`` to keep a PNG of each page for a look."""

from __future__ import annotations

import pytest

from director.audit.models import AuditEntry
from director.events import services as events
from director.events.models import Event
from director.movements import services as ms
from tests.browser.conftest import click_and_wait
from tests.browser.test_club_night import GOOD, fill_sheet, shot
from tests.browser.test_movement_page import director_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# GOOD's mirror: the majors win where GOOD's minors do.
MIRROR = {"cal": [2, 0, 1, 0], "unf": [3, 9, 5, 7], "pile": [85, 60], "rev": [0, 0, 0, 0]}


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["1280", "360"])
def test_a_progressive_individual_night_step_by_step(page, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    club, players = director_with_players(page, 8)
    event = events.create_event(club=club, name="Solo night", date="2025-04-01", type="progressive-individual", games=3)
    ms.build_movement(event=event, players=players, seed=11)
    events.start_event(event=event)
    detail = f"/events/{event.pk}/"

    page.goto(detail)
    step = page.locator("#next-step")
    assert "no confirmed sheet yet" in step.inner_text()
    no_sideways_scroll(page)
    shot(page, f"flow-{width}-01-next-step-scores")
    step.get_by_role("link", name="Enter scores · game 1").click()
    fill_sheet(page, 1, GOOD)
    fill_sheet(page, 2, GOOD)
    page.get_by_role("button", name="Save game 1").click()
    assert "Saved game 1" in page.locator("ul.messages").inner_text()

    # Close… asks first; confirmed by keyboard only.
    page.goto(detail)
    assert "close it, then seat game 2 from its results" in page.locator("#next-step-why").inner_text()
    page.locator("#next-step").get_by_role("button", name="Close game 1…").click()
    assert "Close game 1?" in page.locator("h1").inner_text()
    assert event.rounds.get(number=1).status == "open"
    no_sideways_scroll(page)
    shot(page, f"flow-{width}-02-confirm-close")
    page.locator("#confirm-cancel").focus()
    page.keyboard.press("Shift+Tab")  # back to the confirm button
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{detail}")
    assert event.rounds.get(number=1).status == "closed"

    # Seat… asks first, then seats game 2 from the results.
    assert "winners stay, losers move" in page.locator("#next-step-why").inner_text()
    page.locator("#next-step").get_by_role("button", name="Seat game 2…").click()
    assert "Seat game 2?" in page.locator("h1").inner_text()
    click_and_wait(page.locator("#confirm-button"))
    assert "Game 2 seated from game 1's results" in page.locator("ul.messages").inner_text()
    seated = Event.objects.get(pk=event.pk).movement["rounds"][1]

    # A correction of game 1 (table 1's winner changes): the save says so and asks.
    page.goto(f"/events/{event.pk}/games/1/scores/")
    fill_sheet(page, 1, MIRROR)
    page.get_by_role("button", name="Save game 1").click()
    page.wait_for_url("**/movement/correction/1/")
    notice = page.locator("#correction-notice").inner_text()
    assert "seated from game 1's old result" in notice and "table 1" in notice
    assert page.locator("#would-move tbody tr").count() > 0
    no_sideways_scroll(page)
    shot(page, f"flow-{width}-03-correction")
    click_and_wait(page.locator("#reseat"))
    assert "re-seated from game 1's corrected results" in page.locator("ul.messages").inner_text()
    assert Event.objects.get(pk=event.pk).movement["rounds"][1] != seated
    assert AuditEntry.objects.filter(action="movements.correction_reseat", event=event).exists()

    # Delete the test night from the dashboard: it has results, so its name is typed.
    page.goto("/clubs/pos/")
    page.get_by_role("link", name="Delete Solo night").click()
    assert "Delete Solo night?" in page.locator("h1").inner_text()
    no_sideways_scroll(page)
    shot(page, f"flow-{width}-04-delete")
    page.locator("#typed-name").fill("Solo night")
    page.locator("#confirm-button").click()
    page.wait_for_url("**/clubs/pos/")
    assert "is deleted" in page.locator("ul.messages").inner_text()
    assert not Event.objects.filter(pk=event.pk).exists()
