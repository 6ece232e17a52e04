"""At the table, on phones: one phone sends the sheet (its first reply is lost, the retry carries
the same idempotency key), a second phone — the opponents — confirms, the first phone sees it
without reloading, and the director's round grid and the public standings show the result.
Set ``SCREENSHOT_DIR`` to keep PNGs of the pages."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.results.models import Submission
from tests.browser.conftest import PAGE_TIMEOUT_MS, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
# 13×(1+0+2+0) + (5+7+3+9) + 60 + 85 = 208. Majors 500+100 + 0+140 + 600 = 1340;
# minors 1250+60 + 0+180 + 850 = 2340: net for the majors −1000.
SHEET = {"cal": [1, 0, 2, 0], "unf": [5, 7, 3, 9], "pile": [60, 85]}


def shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"table-{name}.png"), full_page=True)


def club_night(*, players: int = 8, games: int = 2):
    """A started progressive night of ``players`` players, its director dora."""
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, players + 1)]
    event = events.create_event(
        phones="table", club=club, name="Friday club night", date=datetime.date(2026, 11, 20), games=games
    )
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


@pytest.fixture
def night():
    event = club_night()
    events.set_public_switches(event=event, standings_released=True)
    return event


@pytest.fixture
def second_phone(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_one_phone_submits_the_other_confirms_and_everyone_sees_it(night, phone_page, second_phone, page):
    table = night.tables.get(number=1)
    link = f"/t/{table.token}/"

    # The public standings are open before any result.
    page.goto(f"/p/pos/{night.pk}/")
    assert "0 of 2 results in" in page.inner_text("#live-standings .progress-text")

    # Phone 1: the majors type the sheet; the 208 check and the net follow as they type.
    phone_page.goto(link)
    assert "Table 1" in phone_page.inner_text("h1") and "Game 1 of 2" in phone_page.inner_text("h1")
    for i, seat in enumerate("SHDC"):
        phone_page.fill(f"#cal-{seat}", str(SHEET["cal"][i]))
        phone_page.fill(f"#unf-{seat}", str(SHEET["unf"][i]))
    phone_page.fill("#pile-majors", "60")
    assert "cards so far" in phone_page.inner_text("#live [data-role=check]")
    phone_page.fill("#pile-minors", "84")
    assert "not 208" in phone_page.inner_text("#live")
    phone_page.fill("#pile-minors", "85")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 208 cards"
    assert phone_page.inner_text("#live [data-role=net]") == "-1000"
    assert phone_page.inner_text("#live [data-role=majors]") == "1340"
    phone_page.get_by_role("radio", name="We are spades and hearts").check()
    shot(phone_page, "1-typed")

    # The first answer is lost on the way back (the server did write it); the page retries.
    lost = {"count": 0}

    def lose_first_reply(route):
        if lost["count"] == 0:
            lost["count"] += 1
            route.fetch()  # reaches the server...
            route.abort("connectionreset")  # ...but the phone never hears back
        else:
            route.continue_()

    phone_page.route("**/submit/", lose_first_reply)
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_selector("#table-status[data-status=submitted]")
    assert lost["count"] == 1
    sent = Submission.objects.get(table=table)  # one row: the retry got the first result back
    assert (sent.version, sent.status, sent.net) == (1, "submitted", -1000)
    assert "Sent from this phone by ♠♥" in phone_page.inner_text("#table-status")
    assert phone_page.get_by_role("button", name="Confirm (♦♣)").count() == 0  # the opponents confirm (#14.2)
    shot(phone_page, "2-sent")

    # Phone 2: the opponents see the sheet and confirm it.
    second_phone.goto(link)
    assert "The ♦♣ side: check the sheet" in second_phone.inner_text("#table-status")
    assert second_phone.inner_text("#sheet-view .net") == "-1000"
    second_phone.get_by_role("button", name="Confirm (♦♣)").click()
    second_phone.wait_for_selector("#table-status[data-status=confirmed]")
    assert "♦♣ pair: go to table 2" in second_phone.inner_text("#where-next")  # as a Bridgemate says
    shot(second_phone, "3-confirmed")
    sent.refresh_from_db()
    assert sent.status == "confirmed" and Submission.objects.filter(table=table).count() == 1

    # Phone 1 notices by itself (it polls the table's state).
    phone_page.wait_for_selector("#table-status[data-status=confirmed]", timeout=15_000)

    # The public standings fill in live.
    page.wait_for_function(
        "() => document.querySelector('#live-standings .progress-text').textContent.includes('1 of 2 results in')",
        timeout=30_000,
    )
    totals = page.inner_text("#live-standings tbody.rows")
    assert re.search(r"1[,\u202f ]?000", totals), totals
    shot(page, "4-public")

    # The director's round grid shows the confirmed result.
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{night.pk}/")
    cell = page.locator("td.cell[data-table='1'][data-game='1']")
    assert "status-confirmed" in cell.get_attribute("class")
    assert "1340–2340" in cell.inner_text()
    page.goto(f"/events/{night.pk}/audit/")
    log = page.inner_text("table.audit-log")
    assert "table 1" in log and "confirmed the opponents" in log and "pair sent the sheet of game 1" in log
    shot(page, "5-audit")


def fill_sheet(phone, piles) -> None:
    for i, seat in enumerate("SHDC"):
        phone.fill(f"#cal-{seat}", str(SHEET["cal"][i]))
        phone.fill(f"#unf-{seat}", str(SHEET["unf"][i]))
    phone.fill("#pile-majors", str(piles[0]))
    phone.fill("#pile-minors", str(piles[1]))


def test_both_sides_send_and_the_slower_phone_keeps_its_numbers(night, phone_page, second_phone):
    table = night.tables.get(number=2)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    second_phone.goto(link)
    second_phone.route("**/state/", lambda route: route.abort())  # no reload while it types: the race itself
    fill_sheet(phone_page, SHEET["pile"])
    phone_page.get_by_role("radio", name="We are spades and hearts").check()
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_selector("#table-status[data-status=submitted]")

    fill_sheet(second_phone, [46, 99])
    second_phone.get_by_role("radio", name="We are diamonds and clubs").check()
    second_phone.get_by_role("button", name="Send the sheet").click()
    second_phone.wait_for_selector("#typed-sheet")
    assert "already submitted" in second_phone.wait_for_selector("#js-errors li").inner_text()
    typed = second_phone.inner_text("#typed-sheet")
    assert "Your sheet (♦♣)" in typed and "2 boxes differ" in typed
    assert second_phone.locator("#typed-sheet .pile.changed").count() == 2
    shot(second_phone, "6-two-sheets")

    second_phone.fill("#dispute-with-ours input[name=note]", "our pile was 99")
    second_phone.get_by_role("button", name="Dispute: our sheet is right").click()
    second_phone.wait_for_selector("#table-status[data-status=disputed]")
    assert second_phone.input_value("#pile-minors") == "99" and second_phone.input_value("#pile-majors") == "46"
    row = Submission.objects.get(table=table)
    assert row.status == "disputed" and row.status_note == "our pile was 99"
    assert row.proposal["sheet"]["trick_piles"] == {"majors": 46, "minors": 99}
    shot(second_phone, "7-disputed-with-ours")


def test_a_phone_still_typing_is_not_reloaded_when_the_other_sheet_arrives(night, phone_page, second_phone):
    """The second phone's quiet poll sees the first sheet come in while its own boxes are typed: it
    keeps them and says so, and sending then compares the two sheets."""
    table = night.tables.get(number=1)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    second_phone.goto(link)
    fill_sheet(second_phone, [46, 99])  # typed, not sent yet

    fill_sheet(phone_page, SHEET["pile"])
    phone_page.get_by_role("radio", name="We are spades and hearts").check()
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_selector("#table-status[data-status=submitted]")

    notice = second_phone.wait_for_selector("#changed-meanwhile")  # the next poll, within ~4 s
    assert "other side has just sent a sheet" in notice.inner_text()
    assert second_phone.input_value("#pile-minors") == "99" and second_phone.input_value("#cal-D") == "2"
    second_phone.wait_for_timeout(4500)  # another poll: still no reload, the boxes stay
    assert second_phone.input_value("#pile-majors") == "46"

    second_phone.get_by_role("radio", name="We are diamonds and clubs").check()
    second_phone.get_by_role("button", name="Send the sheet").click()
    typed = second_phone.wait_for_selector("#typed-sheet").inner_text()
    assert "Your sheet (♦♣)" in typed and "2 boxes differ" in typed
    assert Submission.objects.filter(table=table).count() == 1
