"""A coöp table's phone while the sheet is typed (#30.7): the four play for the table's total, so
the live box says the table total and its grade in the event's bands — the words its sent sheet and
the results page use — and never a "net ♠♥" (there is no opponent to be net of). At 1280 × 800 and
at a 360 × 740 phone, without sideways scroll."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import services as movements
from scoring.coop import grade

from .test_words_and_checks import SIZES, no_sideways_scroll, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 13×(1+0+2+0) + (5+7+3+9) + 60 + 85 = 208
TYPED = {"cal-S": 1, "cal-H": 0, "cal-D": 2, "cal-C": 0, "unf-S": 5, "unf-H": 7, "unf-D": 3, "unf-C": 9}


@pytest.fixture
def coop_table():
    user = get_user_model().objects.create_user("cora", password="calypso-2026")
    club = clubs.create_club(name="Coöp club", slug="coop", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 9)]
    event = events.create_event(club=club, name="Coöp night", date=datetime.date(2026, 11, 20),
                                type=Event.Type.DUPLICATE_COOP, games=2)  # fmt: skip
    lineup.draw_partnerships(event=event, players=players, seed=3, fix_directions=True)
    movements.seat_event(event=event)
    events.start_event(event=event, force=True)
    return event.tables.get(number=1)


@pytest.mark.parametrize("size", SIZES)
def test_a_coop_phone_shows_the_table_total_and_its_grade_while_typing(browser, live_server, coop_table, size):
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size])
    page = context.new_page()
    try:
        page.goto(f"/t/{coop_table.token}/")
        live = page.locator("#live")
        for box, value in TYPED.items():
            page.fill(f"#{box}", str(value))
        page.fill("#pile-majors", "60")
        page.fill("#pile-minors", "85")
        page.wait_for_function("document.getElementById('live').dataset.live === 'ok'")
        words = " ".join(live.inner_text().split())
        assert "net" not in words, words
        majors = int(live.locator("[data-role=majors]").inner_text())
        minors = int(live.locator("[data-role=minors]").inner_text())
        total = majors + minors
        assert int(live.locator("[data-role=total]").inner_text()) == total
        assert f"table total {total}" in words
        assert live.locator("[data-role=grade]").inner_text() == grade(total)
        page.fill("#pile-minors", "")  # no longer adds up: the total and the grade go blank
        page.wait_for_function("document.getElementById('live').dataset.live !== 'ok'")
        assert live.locator("[data-role=total]").inner_text() == live.locator("[data-role=grade]").inner_text() == "–"
        page.fill("#pile-minors", "85")
        no_sideways_scroll(page)
        shot(page, f"coop-phone-{size}")
    finally:
        context.close()
