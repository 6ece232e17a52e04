"""The director's flow of results by e-mail (#33): release the standings, Send now, read the counts;
then a member's data on the Players page. At a screen and a phone, and once by keyboard alone."""

from __future__ import annotations

import pytest
from django.core import mail

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from tests.browser.test_club_night import shot
from tests.browser.test_movement_page import director_with_players
from tests.browser.test_night_flow import no_sideways_scroll
from tests.director.factories import enter_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def played_night(club, players):
    for number, player in enumerate(players[:6]):
        clubs.update_player(player=player, email=f"p{number}@example.org", consent=True, consent_how="form")
    event = events.create_event(club=club, name="Mail night", date="2025-04-01", games=2)
    lineup.draw_partnerships(event=event, players=players, seed=5)
    movements.seat_event(event=event)
    events.start_event(event=event)
    enter_all(event)
    return event


def press_tab_to(page, name: str, limit: int = 300) -> None:
    """Tab through the page until the control called ``name`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.innerText.trim()") == name:
            return
    raise AssertionError(f"{name!r} never took the focus")


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["1280", "360"])
def test_release_send_and_count(page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    club, players = director_with_players(page, 8)
    event = played_night(club, players)
    mail.outbox.clear()

    page.goto(f"/events/{event.pk}/")
    card = page.locator("#mail")
    assert "0 sent · 0 waiting · 0 failed" in card.inner_text()
    assert "Switch Standings on" in card.inner_text() and card.get_by_role("button").count() == 0
    page.get_by_label("Standings").check()
    page.get_by_role("button", name="Save switches").click()
    page.get_by_role("button", name="Release").click()  # the release asks first (events.views.switches)
    page.goto(f"/events/{event.pk}/#mail")
    shot(page, f"mail-{size[0]}-released")
    if size[0] == 1280:  # once by keyboard alone
        press_tab_to(page, "Send now")
        page.keyboard.press("Enter")
    else:
        card.get_by_role("button", name="Send now").click()
    page.wait_for_url(f"**/events/{event.pk}/#mail")
    assert "Sending 6 messages." in page.locator(".messages").inner_text()
    assert "6 sent · 0 waiting · 0 failed" in page.locator("#mail").inner_text()
    assert sorted(m.to[0] for m in mail.outbox) == [f"p{n}@example.org" for n in range(6)]
    no_sideways_scroll(page)
    shot(page, f"mail-{size[0]}-sent")

    page.locator("#mail").get_by_role("button", name="Send now").click()  # again: nothing more goes
    assert "Sending 0 messages." in page.locator(".messages").inner_text()
    assert len(mail.outbox) == 6


def test_a_members_address_consent_and_data_on_the_players_page(page):
    club, players = director_with_players(page, 2)
    page.goto(f"/clubs/{club.slug}/players/{players[0].pk}/edit/")
    form = page.get_by_role("form", name=f"Edit {players[0].name}")
    form.get_by_label("E-mail address").fill("not an address")
    form.get_by_role("button", name="Save").click()
    assert "'not an address' is not an e-mail address" in page.locator(f"#player-{players[0].pk}").inner_text()
    form.get_by_label("E-mail address").fill("ann@example.org")
    form.get_by_label("Agreed to receive results by e-mail").check()
    form.get_by_label("How they agreed").fill("membership form")
    shot(page, "mail-players-editing")
    form.get_by_role("button", name="Save").click()
    row = page.locator(f"#player-{players[0].pk}")
    assert "ann@example.org" in row.inner_text() and "✓ results" in row.inner_text()
    shot(page, "mail-players")
    page.goto(f"/clubs/{club.slug}/players/{players[0].pk}/erase/")
    page.get_by_label("Type the player’s name").fill(players[0].name)
    page.get_by_role("button", name="Erase personal data").click()
    page.wait_for_url(f"**/clubs/{club.slug}/players/")
    assert f"Erased player {players[0].pk}" in page.locator("table.players").inner_text()
    assert "ann@example.org" not in page.content()
