"""The players page on a 360-px phone (issue 30's "every page usable on a phone", the member's
e-mail fields of issue 33): the table of members scrolls inside its card, but the form that edits
one member is a form, not a table cell: each of its boxes lies wholly on the screen, also after a
refused address and with the table scrolled to its right-hand end."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from tests.browser.conftest import PAGE_TIMEOUT_MS, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"

# Every visible input of the edit form whose box is not wholly inside the viewport's width.
OFF_SCREEN = """() => [...document.querySelectorAll("tr.editing form input:not([type=hidden])")]
  .filter((el) => el.offsetParent !== null)
  .map((el) => [el.id, el.getBoundingClientRect()])
  .filter(([, b]) => b.left < -0.5 || b.right > document.documentElement.clientWidth + 0.5)
  .map(([id, b]) => `${id} ${Math.round(b.left)}–${Math.round(b.right)}`)"""


@pytest.mark.parametrize("width", [360, 1280])
def test_the_member_edit_form_lies_on_the_screen(browser, live_server, width):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso", slug="pos", owner=user)
    member = clubs.add_player(club=club, name="Ann Baptiste", external_id="POS-0001")
    # A member with a long address widens the table past a phone's screen.
    clubs.add_player(club=club, name="Bartholomew Fitzgerald", email="bartholomew.fitzgerald@example.org", consent=True)
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 740})
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = context.new_page()
    try:
        sign_in(page, "dora", PASSWORD)
        page.goto(f"/clubs/pos/players/{member.pk}/edit/")
        assert page.evaluate(OFF_SCREEN) == []
        form = page.get_by_role("form", name="Edit Ann Baptiste")
        form.get_by_label("E-mail address").fill("ann at example")
        form.get_by_role("button", name="Save").click()
        page.locator(".field.has-error").wait_for()
        assert page.evaluate(OFF_SCREEN) == []
        # The table scrolled to its end (as a thumb does, to see the Edit column): the form stays put.
        page.locator("table.players").evaluate("(t) => { t.closest('.card').scrollLeft = 10000; }")
        assert page.evaluate(OFF_SCREEN) == []
    finally:
        context.close()
