"""The phone says what happened to the sheet where the player looks (issue #30.9, #30.8, #30.11), on a
360 × 740 phone: a sheet sent with the wifi down is said to be kept beside the Send button, which
says so too; the page, once opened, opens again offline (its service worker) with the kept sheet;
Send is offered only on a sheet that adds up, so Enter in the side's radio posts no empty sheet; and
a pad with fewer hands than the event's asks before it is sent."""

from __future__ import annotations

import pytest

from director.results.models import Submission
from tests.browser.test_table_entry import night, shot  # noqa: F401 (fixture)

from .test_auction_night import box, type_hand
from .test_auction_pad_offline import auction_night  # noqa: F401 (fixture)
from .test_phone_fit import PHONE, new_phone, type_partnership

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT = "Kept on this phone — will send when the wifi is back"

# Sets window.calypsoKept once this table link's page is kept by its service worker (for opening
# offline): the page's caches are looked at until it is.
WATCH_KEPT = """() => {
  const kept = async () => {
    if (!navigator.serviceWorker || !(await navigator.serviceWorker.getRegistration())) return false;
    for (const name of await caches.keys()) {
      if (await (await caches.open(name)).match(location.href, {ignoreVary: true})) return true;
    }
    return false;
  };
  (async function look() {
    if (await kept()) window.calypsoKept = true;
    else setTimeout(look, 50);
  })();
}"""


@pytest.fixture
def phone(browser, live_server):
    context, page = new_phone(browser, live_server)
    context.add_init_script(COUNT_POSTS)
    yield page
    context.close()


# Every post the page's script makes, counted as it is made (the page's fetch is called at once
# when a sheet is sent, so nothing needs waiting for).
COUNT_POSTS = """
window.calypsoPosts = [];
const fetchAsIs = window.fetch;
window.fetch = function (url, options) {
  if (options && options.method === "POST") window.calypsoPosts.push(String(url));
  return fetchAsIs.apply(this, arguments);
};
"""


def posts(page) -> list[str]:
    return page.evaluate("() => window.calypsoPosts")


def on_screen(page, selector: str) -> dict:
    b = page.locator(selector).bounding_box()
    assert b, f"{selector} is not shown"
    assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"], f"{selector} is off the screen: {b}"
    assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"], f"{selector} is off the screen: {b}"
    return b


def wait_until_kept(page) -> None:
    page.evaluate(WATCH_KEPT)
    page.wait_for_function("() => window.calypsoKept === true")


def test_a_sheet_sent_offline_is_said_kept_beside_the_button_and_the_page_opens_offline(night, phone):  # noqa: F811
    table = night.tables.get(number=2)
    phone.goto(f"/t/{table.token}/")
    wait_until_kept(phone)
    type_partnership(phone)
    phone.get_by_role("radio", name="We are spades and hearts").check()
    send = phone.locator("#send")
    assert send.inner_text() == "Send the sheet"

    phone.context.set_offline(True)
    send.click()
    phone.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes('{KEPT}')")
    shot(phone, "phone-kept-offline")
    # Said where the player looks: beside the button, on the screen; the button says it too.
    said, button = on_screen(phone, "#send-state"), on_screen(phone, "#send")
    assert said["y"] - (button["y"] + button["height"]) < 40
    assert send.inner_text() == "Kept — will send"
    assert not Submission.objects.filter(table=table).exists()

    # Reloaded with the wifi still down: the page opens (its service worker), with the kept sheet.
    phone.reload()
    assert "Table 2" in phone.inner_text("h1")
    phone.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes('{KEPT}')")
    assert (
        phone.input_value("#pile-minors") == "85"
        and phone.get_by_role("radio", name="We are spades and hearts").is_checked()
    )
    assert phone.locator("#send").inner_text() == "Kept — will send"
    shot(phone, "phone-reopened-offline")

    phone.context.set_offline(False)  # the wifi is back: it sends by itself, once
    phone.wait_for_selector("#table-status[data-status=submitted]")
    assert Submission.objects.get(table=table).net == -1000


def test_send_is_offered_only_on_a_sheet_that_adds_up_and_enter_in_the_radio_posts_nothing(night, phone):  # noqa: F811
    table = night.tables.get(number=1)
    phone.goto(f"/t/{table.token}/")
    send = phone.locator("#send")
    assert send.is_disabled() and "adds up" in phone.inner_text("#send-state")

    # Keyboard only: the side's radio chosen with Space, then Enter: no empty sheet is posted.
    radio = phone.get_by_role("radio", name="We are spades and hearts")
    radio.focus()
    phone.keyboard.press("Space")
    phone.keyboard.press("Enter")
    assert radio.is_checked()
    assert posts(phone) == [] and not Submission.objects.filter(table=table).exists()

    type_partnership(phone)
    phone.fill("#pile-minors", "84")  # 207 cards: does not add up
    assert send.is_disabled() and "adds up" in phone.inner_text("#send-state")
    phone.fill("#pile-minors", "85")
    assert send.is_enabled() and phone.inner_text("#send-state") == ""
    radio.focus()
    phone.keyboard.press("Enter")  # now Enter sends the sheet that adds up
    phone.wait_for_selector("#table-status[data-status=submitted]")
    assert Submission.objects.get(table=table).net == -1000


def test_a_pad_with_fewer_hands_than_the_events_asks_before_it_is_sent(auction_night, phone):  # noqa: F811
    table = auction_night.tables.get(number=1)
    phone.goto(f"/t/{table.token}/")
    type_hand(phone, 1, "H", "1", "290", "H", "1", {"♠♥": ("20", "15", "1"), "♦♣": ("12", "5", "0")})
    box(phone, 1, "♠♥ cards required").fill("4")
    phone.locator("input[name=side][value=majors]").check()
    send = phone.locator("#send")
    send.click()
    assert posts(phone) == [] and not Submission.objects.filter(table=table).exists()
    assert "Only 1 of the 3 hands is typed" in phone.inner_text("#send-state")
    assert send.inner_text() == "Send 1 hand anyway"
    on_screen(phone, "#send-state")
    shot(phone, "phone-pad-asks")

    # Typing another hand asks again, for the pad as it now is.
    phone.get_by_role("button", name="Add hand").click()
    type_hand(phone, 2, "D", "0", "300", "S", "2", {"♦♣": ("26", "10", "0"), "♠♥": ("10", "6", "0")})
    box(phone, 2, "sell").select_option("yes")
    assert send.inner_text() == "Send the pad"
    send.click()
    assert "Only 2 of the 3 hands are typed" in phone.inner_text("#send-state")
    assert posts(phone) == []
    send.click()
    phone.wait_for_selector("#table-status[data-status=submitted]")
    assert len(Submission.objects.get(table=table).sheet["hands"]) == 2
