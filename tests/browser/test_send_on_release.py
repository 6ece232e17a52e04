"""The club's "send on release" (#33): set on the Club settings page (at a screen by keyboard alone,
at a phone by touch), then releasing the standings sends the results without "Send now"; the
event's mail card says the club sends on release."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.browser.test_club_night import shot
from tests.browser.test_mail import played_night, press_tab_to
from tests.browser.test_movement_page import director_with_players
from tests.browser.test_night_flow import no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LABEL = "Send results by e-mail when the standings are released"


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["1280", "360"])
def test_set_send_on_release_then_release(page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    club, players = director_with_players(page, 8)
    event = played_night(club, players)
    mail.outbox.clear()

    page.goto(f"/clubs/{club.slug}/")
    page.get_by_role("navigation", name="Club").get_by_role("link", name="Settings").click()
    page.wait_for_url(f"**/clubs/{club.slug}/settings/")
    box = page.get_by_label(LABEL)
    assert not box.is_checked()
    no_sideways_scroll(page)
    shot(page, f"club-settings-{size[0]}")
    if size[0] == 1280:  # once by keyboard alone: Tab to the box, Space ticks it, Enter saves
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement && document.activeElement.name") == "send_results_on_release":
                break
        page.keyboard.press("Space")
        press_tab_to(page, "Save settings")
        page.keyboard.press("Enter")
    else:
        box.check()
        page.get_by_role("button", name="Save settings").click()
    page.wait_for_url(f"**/clubs/{club.slug}/settings/")
    assert "Club settings saved." in page.locator(".messages").inner_text()
    assert page.get_by_label(LABEL).is_checked()
    shot(page, f"club-settings-{size[0]}-saved")

    page.goto(f"/events/{event.pk}/")
    assert "sends results on release" in page.locator("#mail").inner_text()
    page.get_by_label("Standings").check()
    page.get_by_role("button", name="Save switches").click()
    page.get_by_role("button", name="Release").click()
    page.goto(f"/events/{event.pk}/#mail")
    assert "6 sent · 0 waiting · 0 failed" in page.locator("#mail").inner_text()
    assert sorted(m.to[0] for m in mail.outbox) == [f"p{n}@example.org" for n in range(6)]
    no_sideways_scroll(page)
    shot(page, f"club-settings-{size[0]}-event")
