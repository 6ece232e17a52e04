"""The phone page survives the venue's wifi, as a Bridgemate does: what is typed (and the side) is
kept on the phone across a reload, and a sheet sent without a connection — or whose answer is lost
when the connection drops mid-send — is kept on the phone and sent by itself when the connection
returns, with the same idempotency key: written once, never doubled, never lost."""

from __future__ import annotations

import json

import pytest

from director.results.models import Submission
from tests.browser.test_table_entry import SHEET, fill_sheet, night, second_phone, shot  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = "Kept on this phone — will send when the wifi is back"


def kept_items(phone) -> list[str]:
    return phone.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('calypso-table'))")


def test_a_reload_mid_entry_keeps_the_typed_sheet_and_the_side(night, phone_page, second_phone):  # noqa: F811
    link = f"/t/{night.tables.get(number=1).token}/"
    phone_page.goto(link)
    for i, seat in enumerate("SH"):
        phone_page.fill(f"#cal-{seat}", str(SHEET["cal"][i]))
        phone_page.fill(f"#unf-{seat}", str(SHEET["unf"][i]))
    phone_page.fill("#pile-minors", "85")
    phone_page.get_by_role("radio", name="We are diamonds and clubs").check()

    phone_page.reload()
    assert phone_page.input_value("#cal-S") == "1" and phone_page.input_value("#unf-H") == "7"
    assert phone_page.input_value("#pile-minors") == "85" and phone_page.input_value("#cal-D") == ""
    assert phone_page.get_by_role("radio", name="We are diamonds and clubs").is_checked()
    assert "cards so far" in phone_page.inner_text("#live [data-role=check]")

    # The screen locked and the browser dropped the tab: a new page on the same phone has it too.
    phone = phone_page.context.new_page()
    phone_page.close()
    phone.goto(link)
    assert (
        phone.input_value("#unf-S") == "5" and phone.get_by_role("radio", name="We are diamonds and clubs").is_checked()
    )
    for i, seat in enumerate("DC"):
        phone.fill(f"#cal-{seat}", str(SHEET["cal"][i + 2]))
        phone.fill(f"#unf-{seat}", str(SHEET["unf"][i + 2]))
    phone.fill("#pile-majors", "60")
    assert phone.inner_text("#live [data-role=check]") == "✓ 208 cards"
    phone.get_by_role("button", name="Send the sheet").click()
    phone.wait_for_selector("#table-status[data-status=submitted]")
    assert "Sent" in phone.inner_text("#phone-note")

    # Another table's phone (another link) has nothing of it; once confirmed, nothing is left.
    second_phone.goto(link)
    second_phone.get_by_role("button", name="Confirm (♠♥)").click()
    second_phone.wait_for_selector("#table-status[data-status=confirmed]")
    phone.reload()
    assert phone.get_attribute("#table-status", "data-status") == "confirmed"
    assert kept_items(phone) == [] and kept_items(second_phone) == []


def test_a_sheet_sent_offline_is_kept_and_sends_itself_when_the_wifi_returns(night, phone_page):  # noqa: F811
    table = night.tables.get(number=2)
    phone_page.goto(f"/t/{table.token}/")
    fill_sheet(phone_page, SHEET["pile"])
    phone_page.get_by_role("radio", name="We are spades and hearts").check()
    phone_page.context.set_offline(True)
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes('{KEPT}')")
    assert not Submission.objects.filter(table=table).exists()
    assert phone_page.input_value("#pile-minors") == "85"  # the sheet is still on the page too
    shot(phone_page, "8-kept-offline")

    phone_page.context.set_offline(False)  # the wifi is back: it sends by itself
    phone_page.wait_for_selector("#table-status[data-status=submitted]")
    assert "Sent" in phone_page.inner_text("#phone-note")
    shot(phone_page, "9-sent-when-back")
    sent = Submission.objects.get(table=table)
    assert (sent.status, sent.net) == ("submitted", -1000)
    assert kept_items(phone_page) == []


def test_a_connection_cut_mid_send_then_restored_writes_the_sheet_once(night, phone_page):  # noqa: F811
    table = night.tables.get(number=1)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    fill_sheet(phone_page, SHEET["pile"])
    phone_page.get_by_role("radio", name="We are diamonds and clubs").check()

    cut = {"on": True}
    keys = []

    def submit(route):
        keys.append(json.loads(route.request.post_data)["idempotency_key"])
        if len(keys) == 1:
            route.fetch()  # the sheet reaches the server...
            route.abort("internetdisconnected")  # ...and the wifi drops before the answer comes back
        elif cut["on"]:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    def state(route):
        route.abort("internetdisconnected") if cut["on"] else route.continue_()

    phone_page.route("**/submit/", submit)
    phone_page.route("**/state/", state)
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes('{KEPT}')")
    assert Submission.objects.filter(table=table).count() == 1

    # Still no answer after a reload: the page says the sheet is kept, and keeps trying.
    phone_page.reload()
    phone_page.wait_for_function(f"() => document.querySelector('#phone-note').textContent.includes('{KEPT}')")

    cut["on"] = False  # the wifi is back
    phone_page.context.set_offline(True)
    phone_page.context.set_offline(False)
    phone_page.wait_for_function("() => document.querySelector('#phone-note').textContent.includes('Sent')")
    assert phone_page.get_attribute("#table-status", "data-status") == "submitted"
    assert len(keys) >= 2 and set(keys) == {keys[0]}  # every attempt carried the same key
    sent = Submission.objects.get(table=table)  # written once
    assert (sent.idempotency_key, sent.net) == (keys[0], -1000)
    assert kept_items(phone_page) == []


def test_a_kept_sheet_of_a_closed_game_arrives_and_the_next_games_typing_stays(night, phone_page):  # noqa: F811
    """The wifi drops as game 1's sheet is sent (it reached the server); the director closes game 1
    and the table starts typing game 2. When the wifi returns, game 1's sheet is answered (sent, once)
    and game 2's boxes are left as they are."""
    from director.events import services as events

    table = night.tables.get(number=2)
    phone_page.goto(f"/t/{table.token}/")
    fill_sheet(phone_page, SHEET["pile"])
    phone_page.get_by_role("radio", name="We are spades and hearts").check()
    cut = {"on": True}
    calls = []

    def submit(route):
        calls.append(route.request.post_data)
        if len(calls) == 1:
            route.fetch()
            route.abort("internetdisconnected")
        elif cut["on"]:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    phone_page.route("**/submit/", submit)
    phone_page.route("**/state/", lambda route: route.abort() if cut["on"] else route.continue_())
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes('{KEPT}')")

    events.close_round(round=night.rounds.get(number=1))
    phone_page.reload()
    assert "Game 2" in phone_page.inner_text("h1")
    phone_page.fill("#cal-S", "3")
    phone_page.get_by_role("radio", name="We are diamonds and clubs").check()

    cut["on"] = False
    phone_page.context.set_offline(True)
    phone_page.context.set_offline(False)
    phone_page.wait_for_function("() => document.querySelector('#phone-note').textContent.includes('Sent')")
    assert Submission.objects.filter(table=table).count() == 1
    assert Submission.objects.get(table=table).round.number == 1
    assert (
        phone_page.input_value("#cal-S") == "3"
        and phone_page.get_by_role("radio", name="We are diamonds and clubs").is_checked()
    )
