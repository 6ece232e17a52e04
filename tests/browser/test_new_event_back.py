"""Back + resubmit of the new-event form in Chromium: Back fetches the form again (a new one-time
token) with the typed name and ticked players put back, so the token alone let a second, identical
night through (issue #14.4). The night of that name and date is found instead."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events.models import Event
from tests.browser.conftest import click_and_wait, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_back_and_submit_again_sets_up_one_night(page):
    user = get_user_model().objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    for i in range(1, 9):
        clubs.add_player(club=club, name=f"Player {i}")
    sign_in(page, "dora", "calypso-2026")
    page.goto("/clubs/pos/events/new/")
    page.get_by_label("Name", exact=True).fill("Twin night")
    for i in range(1, 9):
        page.get_by_label(f"Player {i}", exact=True).check()
    first_token = page.input_value("input[name=once]")
    # Waits for the new night's page itself: a URL pattern such as "**/events/*/" also matches this
    # form's own address (/clubs/pos/events/new/), so waiting for it could return before the POST.
    click_and_wait(page.get_by_role("button", name="Set up and seat the tables"))
    event = Event.objects.get(club=club)

    page.go_back()
    page.wait_for_load_state()
    assert page.input_value("#id_name") == "Twin night"  # the browser put the boxes back...
    assert page.input_value("input[name=once]") != first_token  # ...in a form drawn again
    click_and_wait(page.get_by_role("button", name="Set up and seat the tables"))
    assert Event.objects.filter(club=club).count() == 1
    alert = page.inner_text("#twin-night")
    assert "Twin night on" in alert and "is already set up" in alert
    page.get_by_role("link", name="Open Twin night").click()
    page.wait_for_url(f"**/events/{event.pk}/")
