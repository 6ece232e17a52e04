"""An Embers night's table on a phone (Debian's Chromium, 390 px, under the site's CSP): the pad is
typed hand by hand, each hand's points and the running totals show as it is typed (js/embers.js,
the engine's figures), a pad that does not add up names its hand, and the pad sent is the one the
server scores — the opponents' phone then confirms it."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import services as movements
from director.results.models import Submission
from tests.browser.conftest import PAGE_TIMEOUT_MS
from tests.browser.test_content_security_policy import REPORT_VIOLATIONS
from tests.director.embers.conftest import FINAL, PAD
from tests.director.embers.test_score_entry import boxes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def embers_table():
    user = get_user_model().objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, 9)]
    event = events.create_event(
        phones="table",
        club=club,
        name="Embers night",
        date=datetime.date(2026, 11, 20),
        games=2,
        game=Event.Game.EMBERS,
        embers_hands=4,
    )
    events.update_event(event=event, embers_hands=4)
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event).tables.get(number=1)


def phone(browser, live_server, problems):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    context.expose_function("reportViolation", lambda text: problems.append(text))
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
    return context, page


def test_a_pad_typed_on_the_phone_is_checked_live_sent_and_confirmed(browser, live_server, embers_table):
    problems: list[str] = []
    ours, page = phone(browser, live_server, problems)
    page.goto(f"/t/{embers_table.token}/")
    page.check("input[name=side][value=majors]")
    typed = boxes("", PAD)
    typed["hand-2-pile-minors"] = "15"  # one card too many
    for name, value in typed.items():
        page.fill(f"input[name='{name}']", value)
    hand_2 = page.locator("#hand-2")
    assert hand_2.get_attribute("data-live") == "bad"
    shown = page.locator("[data-role=problems]").inner_text()
    assert "hand 2: cards add up to 53, not the 52 dealt: 1 too many" in shown
    assert "670 · 120" in page.locator("#hand-1 [data-role=score]").inner_text()  # the hand before still scores
    assert page.locator("#hand-2 [data-role=score]").inner_text() == ""
    page.fill("input[name='hand-2-pile-minors']", "14")
    assert page.locator(".embers-pad").get_attribute("data-live") == "ok"
    assert "1780 · 760" in page.locator("#hand-2 [data-role=score]").inner_text()
    assert (page.locator("[data-role=majors]").inner_text(), page.locator("[data-role=minors]").inner_text()) == (
        "1900",
        "880",
    )
    page.click("#send")
    page.get_by_role("button", name="Send 2 hands anyway").click()  # 2 of the night's 3 (#30.8)
    page.wait_for_selector("#sheet-view")  # sent, and the page shows the pad the server scored
    assert "1900" in page.locator("#sheet-view").inner_text()
    row = Submission.objects.get()
    assert (row.status, row.majors, row.minors, row.sheet) == ("submitted", *FINAL, PAD)
    theirs, other = phone(browser, live_server, problems)
    other.goto(f"/t/{embers_table.token}/")
    assert "1900" in other.locator("#sheet-view").inner_text()
    other.get_by_role("button", name="Confirm").first.click()
    other.wait_for_function("() => !document.querySelector('button.confirm')")
    row.refresh_from_db()
    assert row.status == "confirmed"
    assert problems == []
    ours.close()
    theirs.close()


def test_the_director_s_page_counts_the_embers_pads_that_add_up(browser, live_server, embers_table):
    """The score entry page's "N of M sheets add up" counts an Embers night's pads as they are typed."""
    from tests.browser.conftest import sign_in

    problems: list[str] = []
    context, page = phone(browser, live_server, problems)
    page.set_viewport_size({"width": 1200, "height": 900})
    sign_in(page, "dora", "calypso-2026")
    page.goto(f"/events/{embers_table.event_id}/games/1/scores/")
    state = page.locator("#save-state")
    assert state.inner_text() == "0 of 2 sheets add up"
    typed = boxes("t1-", PAD)
    typed["t1-hand-2-pile-minors"] = "15"  # one card too many
    for name, value in typed.items():
        page.fill(f"input[name='{name}']", value)
    assert state.inner_text() == "0 of 2 sheets add up; 1 to put right"
    page.fill("input[name='t1-hand-2-pile-minors']", "14")
    assert state.inner_text() == "1 of 2 sheets add up"
    assert problems == []
    context.close()
