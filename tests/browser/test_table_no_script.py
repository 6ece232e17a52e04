"""A phone with JavaScript off still sends its table's sheet as a plain form post.

The table page keeps its secret link from other sites, but a policy of *no* referrer made Chromium
send ``Origin: null`` with the page's own form posts, and Django's CSRF check refused them (403):
a player whose phone runs no script could not send the sheet at all. ``same-origin`` keeps the link
from other sites and lets the page's own posts through."""

from __future__ import annotations

import pytest

from director.results.models import Submission
from tests.browser.conftest import PAGE_TIMEOUT_MS
from tests.browser.test_table_entry import SHEET, club_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def scriptless_phone(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_a_phone_without_script_sends_the_sheet_as_a_form(scriptless_phone):
    night = club_night()
    table = night.tables.get(number=1)
    page = scriptless_phone
    page.goto(f"/t/{table.token}/")
    for i, seat in enumerate("SHDC"):
        page.fill(f"#cal-{seat}", str(SHEET["cal"][i]))
        page.fill(f"#unf-{seat}", str(SHEET["unf"][i]))
    page.fill("#pile-majors", str(SHEET["pile"][0]))
    page.fill("#pile-minors", str(SHEET["pile"][1]))
    page.check("#table-sheet input[name=side][value=majors]")
    with page.expect_navigation() as sent:
        page.click("#send")
    assert sent.value is None or sent.value.status != 403
    assert "CSRF" not in page.content()
    sheet = Submission.objects.get(table=table)
    assert (sheet.status, sheet.submitted_side, sheet.net) == ("submitted", "majors", -1000)
