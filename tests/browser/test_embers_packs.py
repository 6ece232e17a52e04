"""An Embers night of four packs and two fire hands on a phone (Debian's Chromium, 360 px, under the
site's CSP) and on the director's page at 1280: the page script checks the pad with the night's
packs and fire hands (embers-pad.js passes them to checkPad). Before #32 it checked every pad as
three packs and one fire hand: a player's three calypsoes and one card in progress in hand 1 (40 of
the 52 spades of four packs) were "too many", and the pad below could not be sent."""

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
from tests.director.embers.conftest import hand
from tests.director.embers.test_score_entry import boxes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# hand 1: ♠ 3 calypsoes (39) + 1 in progress + piles 6 + 6 = 52; hand 2: ♠ completes a 4th (13), the
# card in progress in it (1 → 0), piles 20 + 20: 13 − 1 + 40 = 52. By the end of hand 2 ♠ has completed
# 4 × 13 = 52 spades, all four packs hold, and nothing went back yet (two fire hands).
PAD = {
    "embers": [
        hand(cal=(3, 0, 0, 0), unf=(1, 0, 0, 0), piles=(6, 6)),
        hand(cal=(1, 0, 0, 0), piles=(20, 20)),
    ]
}
# ♠♥ 500 + 750 + 1000 + 60 = 2310, then 1000 + 200: 3510; ♦♣ 60, then 200: 260; nothing in progress.
FINAL = (3510, 260)


@pytest.fixture
def four_packs():
    user = get_user_model().objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, 9)]
    event = events.create_event(
        phones="table",
        club=club,
        name="Embers of four packs",
        date=datetime.date(2026, 11, 20),
        games=1,
        game=Event.Game.EMBERS,
        embers_packs=4,
        embers_fire_hands=2,
        embers_hands=4,
    )
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


def _context(browser, live_server, problems, width, height):
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": height},
        is_mobile=width < 500,
        has_touch=width < 500,
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    context.expose_function("reportViolation", lambda text: problems.append(text))
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
    return context, page


def test_the_phone_checks_a_four_pack_pad_with_the_nights_settings_and_sends_it(browser, live_server, four_packs):
    problems: list[str] = []
    context, page = _context(browser, live_server, problems, 360, 740)
    table = four_packs.tables.get(number=1)
    page.goto(f"/t/{table.token}/")
    assert page.locator(".embers-pad").get_attribute("data-packs") == "4"
    page.check("input[name=side][value=majors]")
    typed = boxes("", PAD)
    for name, value in typed.items():
        page.fill(f"input[name='{name}']", value)
    assert page.locator("[data-role=problems]").inner_text() == ""
    assert page.locator(".embers-pad").get_attribute("data-live") == "ok"
    assert (page.locator("[data-role=majors]").inner_text(), page.locator("[data-role=minors]").inner_text()) == (
        str(FINAL[0]),
        str(FINAL[1]),
    )
    # one more calypso for ♠ in hand 2 is a 53rd spade: named in the engine's words
    page.fill("input[name='hand-2-cal-S']", "2")
    page.fill("input[name='hand-2-pile-majors']", "7")  # 26 − 1 + 7 + 20 = 52
    shown = page.locator("[data-role=problems]").inner_text()
    assert "hand 2: S: 5 calypsos since hand 1 (none goes back to the pack before the end of hand 3)" in shown
    assert "there are only 52" in shown
    page.fill("input[name='hand-2-cal-S']", "1")
    page.fill("input[name='hand-2-pile-majors']", "20")
    page.screenshot(path="/tmp/embers-4packs-360.png", full_page=True)
    page.click("#send")
    page.get_by_role("button", name="Send 2 hands anyway").click()  # 2 of the night's 4: it asks first (#30.8)
    page.wait_for_selector("#sheet-view")
    row = Submission.objects.get()
    assert (row.majors, row.minors) == FINAL
    assert problems == []
    context.close()


def test_the_director_s_page_checks_the_pads_with_four_packs(browser, live_server, four_packs):
    from tests.browser.conftest import sign_in

    problems: list[str] = []
    context, page = _context(browser, live_server, problems, 1280, 800)
    sign_in(page, "dora", "calypso-2026")
    page.goto(f"/events/{four_packs.pk}/")
    assert "4 packs (208 cards), 2 fire hands, 4 hands" in page.locator("#embers-settings-card").inner_text()
    page.goto(f"/events/{four_packs.pk}/games/1/scores/")
    for name, value in boxes("t1-", PAD).items():
        page.fill(f"input[name='{name}']", value)
    assert page.locator("#save-state").inner_text() == "1 of 2 sheets add up"
    page.screenshot(path="/tmp/embers-4packs-1280.png", full_page=True)
    assert problems == []
    context.close()
