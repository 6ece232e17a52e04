"""A viewer's public standings page follows new results without being reloaded."""

import pytest

from director.events import services as events
from tests.browser.conftest import move_the_clock_until
from tests.director.conftest import add_players, make_progressive
from tests.director.factories import enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_public_standings_update_live(page, phone_page, django_user_model):
    from director.clubs import services as clubs

    director = django_user_model.objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director)
    event = make_progressive(club, add_players(club, 8), tables=2, games=2)
    events.set_public_switches(event=event, standings_released=True)
    enter(event, 1, 1, 120, director)

    url = f"/p/pos/{event.pk}/"
    page.goto(url)
    first = page.locator("#live-standings tbody tr").first
    assert first.locator("td.total").inner_text() == "+120"
    page.evaluate("window.__same_page = true")

    phone_page.goto(url)
    enter(event, 1, 2, 260, director)  # table 2's result is confirmed while both are watching

    top = page.locator("#live-standings tbody tr", has_text="+260").first
    top.wait_for(timeout=10_000)
    assert top.locator("td.rank").inner_text() == "1"
    assert page.evaluate("window.__same_page") is True  # updated in place, not reloaded
    phone_page.locator("#live-standings td.total", has_text="+260").first.wait_for(timeout=10_000)


def test_a_poll_the_server_never_answers_does_not_stop_the_live_standings(page, django_user_model):
    """A request lost on the venue's wifi (or a server that never answers it) is given up after a
    while and the page polls again: before, one unanswered fetch froze the public page for good."""
    from director.clubs import services as clubs

    director = django_user_model.objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director)
    event = make_progressive(club, add_players(club, 8), tables=2, games=2)
    events.set_public_switches(event=event, standings_released=True)
    enter(event, 1, 1, 120, director)

    held = []  # the first poll's request, never answered (held until the test ends)

    def hold_the_first_poll(route):
        if not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/standings.json", hold_the_first_poll)
    page.clock.install()  # the page's polls and its patience with an unanswered one, on a clock the test moves
    page.goto(f"/p/pos/{event.pk}/")
    enter(event, 1, 2, 260, director)

    move_the_clock_until(page, page.locator("#live-standings tbody tr", has_text="+260").first, step_ms=3_000)
    assert len(held) == 1
