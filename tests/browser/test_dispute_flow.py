"""A dispute walked through on phones and the director's score entry page (issue #14.1, #14.2):
a phone sends its sheet and is not offered Confirm; the opponents' phone, which typed its own,
disputes with it; the director saves another table and the disputed sheet stays disputed; the
director then corrects it with the disputing side's sheet, and confirms a third table's sheet as
sent with its own button. Set ``SCREENSHOT_DIR`` for PNGs."""

from __future__ import annotations

import pytest

from director.audit.models import AuditEntry
from director.core.templatetags.calypso import suit_words
from director.results.models import Submission
from tests.browser.conftest import sign_in
from tests.browser.test_table_entry import PASSWORD, SHEET, club_night, fill_sheet, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night():
    """Three tables, game 1 open."""
    return club_night(players=12, games=3)


@pytest.fixture
def phones(browser, live_server):
    """``phones()`` → a new phone (its own browser context: its own session)."""
    contexts = []

    def new_phone():
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield new_phone
    for context in contexts:
        context.close()


def send(phone, link, piles, side="♠♥"):
    phone.goto(link)
    fill_sheet(phone, piles)
    phone.get_by_role("radio", name=f"We are {suit_words(side)}").check()  # suits spoken
    phone.get_by_role("button", name="Send the sheet").click()
    phone.wait_for_selector("#table-status[data-status=submitted]")


def versions(event, number):
    rows = Submission.objects.filter(round__event=event, table__number=number).order_by("version")
    return [(r.version, r.status) for r in rows]


def test_a_dispute_stays_until_the_director_acts_on_it(night, phones, page):
    t1, t3 = (night.tables.get(number=n) for n in (1, 3))

    # Table 1: the ♦♣ phone has its page open and types its own sheet (trick piles 60 / 85)...
    opponents = phones()
    opponents.goto(f"/t/{t1.token}/")
    opponents.route("**/state/", lambda route: route.abort())  # no reload while it types
    fill_sheet(opponents, [60, 85])

    # ... while the ♠♥ phone sends one with the wrong trick piles (45 / 100 still make 208).
    sender = phones()
    send(sender, f"/t/{t1.token}/", [45, 100])
    status = sender.inner_text("#table-status")
    assert "Sent from this phone by ♠♥" in status and "on their own phone" in status
    assert sender.get_by_role("button", name="Confirm (♦♣)").count() == 0  # not invited to confirm its own sheet
    assert sender.locator("form[data-action=confirm], form[data-action=dispute]").count() == 0
    shot(sender, "dispute-1-sender")

    # The ♦♣ phone sends too, is shown both sheets, and disputes with its own.
    opponents.get_by_role("radio", name="We are diamonds and clubs").check()
    opponents.get_by_role("button", name="Send the sheet").click()
    opponents.wait_for_selector("#typed-sheet")
    assert opponents.get_by_role("button", name="Confirm (♦♣)").count() == 1  # the other phone may confirm
    opponents.fill("#dispute-with-ours input[name=note]", "our trick pile was 60 not 45")
    opponents.get_by_role("button", name="Dispute: our sheet is right").click()
    opponents.wait_for_selector("#table-status[data-status=disputed]")
    assert versions(night, 1) == [(1, "disputed")]
    sender.wait_for_selector("#table-status[data-status=disputed]", timeout=15_000)  # the sender's page follows

    # Table 3: a sheet sent and not yet confirmed.
    send(phones(), f"/t/{t3.token}/", [60, 85], side="♦♣")

    # The director types table 2 only and saves: tables 1 and 3 are left as they are.
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{night.pk}/games/1/scores/")
    assert page.input_value("#t1-pile-majors") == "45"  # the disputed numbers are in the boxes
    assert "is disputed" in page.inner_text("#pending-1")
    assert "awaits the opponents' confirmation" in page.inner_text("#pending-3")
    for i, seat in enumerate("SHDC"):
        page.fill(f"#t2-cal-{seat}", str(SHEET["cal"][i]))
        page.fill(f"#t2-unf-{seat}", str(SHEET["unf"][i]))
    page.fill("#t2-pile-majors", "60")
    page.fill("#t2-pile-minors", "85")
    page.press("#t2-pile-minors", "Enter")  # Enter moves on: nothing is sent
    page.get_by_role("button", name="Save game 1").click()
    said = page.inner_text("ul.messages")
    assert "Saved game 1: table 2 entered." in said
    assert "Left as they are: tables 1, 3" not in said  # two states, two lines
    assert "Left as it is: table 1 (disputed)" in said
    assert "Left as it is: table 3 (awaiting the opponents' confirmation)" in said
    assert versions(night, 1) == [(1, "disputed")] and versions(night, 3) == [(1, "submitted")]
    assert versions(night, 2) == [(1, "confirmed")]
    assert "Every table's sheet is in" not in page.inner_text(".page-head")
    settle = page.inner_text("#to-settle")
    assert "table 1 (disputed)" in settle and "table 3 (awaiting the opponents' confirmation)" in settle
    shot(page, "dispute-2-director-saved-table-2")

    # The director corrects table 1 with the disputing side's sheet: one press fills it in, and the
    # page says the numbers will be the correction.
    pending = page.locator("#pending-1")
    assert pending.locator("[data-role=will-correct]").is_hidden()
    page.get_by_role("button", name="Fill in the disputing side's sheet").click()
    assert (page.input_value("#t1-pile-majors"), page.input_value("#t1-pile-minors")) == ("60", "85")
    assert page.locator("#table-1 [data-role=net]").inner_text() == "-1000"
    assert pending.locator("[data-role=will-correct]").is_visible()
    assert page.get_by_role("button", name="Confirm table 1's sheet as sent").is_disabled()
    shot(page, "dispute-3-correction-typed")
    page.get_by_role("button", name="Save game 1").click()
    assert "Saved game 1: table 1 corrected." in page.inner_text("ul.messages")
    assert versions(night, 1) == [(1, "superseded"), (2, "confirmed")]
    corrected = Submission.objects.get(round__event=night, table__number=1, version=2)
    assert corrected.sheet["trick_piles"] == {"majors": 60, "minors": 85} and corrected.source == "director"
    assert versions(night, 3) == [(1, "submitted")]

    # ... and confirms table 3's sheet as the table sent it, with its own button.
    page.get_by_role("button", name="Confirm table 3's sheet as sent").click()
    assert "Saved game 1: table 3 confirmed as the table sent it." in page.inner_text("ul.messages")
    assert versions(night, 3) == [(1, "confirmed")]
    entry = AuditEntry.objects.get(action="results.confirm")
    assert entry.actor == "dora" and entry.after["table"] == 3
    assert "Every table's sheet is in" in page.inner_text(".page-head")
    assert "In play" in page.inner_text("h1")  # game 1 of a running night (#14.8)
    shot(page, "dispute-4-all-in")
