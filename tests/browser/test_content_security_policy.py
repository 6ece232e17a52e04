"""Every kind of page under its Content-Security-Policy in the real browser (Debian's Chromium): the
director's pages (dashboard, event, score entry, movement, print with its progress bar, standings,
charts, projector with its clock, game-set recording, sheet history, API reference and browsable
API), the table's phone page with a sheet typed and sent, and the public pages. Each is used, not
only loaded, and the browser reports no policy violation (``securitypolicyviolation``), no script
error and no console error."""

from __future__ import annotations

import datetime
import random

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.printing.models import PrintJob
from director.results import services as results
from director.results.simulate import plausible_sheet
from tests.browser.conftest import sign_in
from tests.browser.test_club_night import GOOD, fill_sheet
from tests.browser.test_table_entry import SHEET

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"

# Runs in every document before its own scripts: each violation goes to the test, named.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => window.reportViolation(
  `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || "inline"}`
  + ` (${e.sourceFile || ""}:${e.lineNumber}) ${e.sample || ""}`));
"""


class Watched:
    """A browser context whose pages report every violation, script error and console error."""

    def __init__(self, browser, live_server, **options):
        self.problems: list[str] = []
        self.context = browser.new_context(base_url=live_server.url, **options)
        self.context.set_default_timeout(10_000)
        self.context.expose_function("reportViolation", lambda text: self.problems.append(f"violation {text}"))
        self.context.add_init_script(REPORT_VIOLATIONS)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.problems.append(f"script error {self.page.url}: {error}"))
        self.page.on("console", self._console)

    def _console(self, message) -> None:
        # A document without an icon link (an SVG chart) asks for /favicon.ico, which is a 404.
        if message.type == "error" and not message.location.get("url", "").endswith("/favicon.ico"):
            self.problems.append(f"console error {self.page.url}: {message.text}")

    def visit(self, url: str) -> None:
        response = self.page.goto(url)
        assert response is not None and response.ok, f"{url}: {response and response.status}"
        assert "content-security-policy" in response.headers or url.endswith(".pdf"), url
        self.page.wait_for_load_state("networkidle")

    def check(self) -> None:
        self.page.wait_for_timeout(300)  # a report still on its way from the page
        assert self.problems == [], "\n".join(self.problems)


@pytest.fixture
def watched(browser, live_server):
    made = []

    def open_(**options) -> Watched:
        made.append(Watched(browser, live_server, **options))
        return made[-1]

    yield open_
    for one in made:
        one.context.close()


@pytest.fixture
def club(settings, tmp_path):
    """A running progressive night (table 2's game 1 sheet in, released to the public) and a seated
    duplicate event with its game sets dealt."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, 17)]
    night = events.create_event(
        phones="table", club=club, name="Friday club night", date=datetime.date(2026, 11, 20), games=2
    )
    lineup.draw_partnerships(event=night, players=players[:8], seed=1)
    movements.seat_event(event=night)
    events.start_event(event=night)
    events.set_public_switches(event=night, standings_released=True)
    first = night.rounds.get(number=1)
    results.enter_sheet(table=night.tables.get(number=2), round=first, sheet=plausible_sheet(random.Random(5)), by=user)

    duplicate = events.create_event(
        phones="table",
        club=club,
        name="Duplicate pairs",
        date=datetime.date(2026, 11, 27),
        type="duplicate-pairs",
        games=2,
        by=user,
    )
    lineup.draw_partnerships(event=duplicate, players=players[8:], seed=7)
    deals.generate_game_sets(event=duplicate, count=2, by=user, seed=f"{7:064x}")
    movements.seat_event(event=duplicate)
    return user, night, duplicate


def test_the_directors_pages_keep_to_the_policy(watched, club):
    user, night, duplicate = club
    director = watched(viewport={"width": 1280, "height": 900})
    page = director.page
    sign_in(page, "dora", PASSWORD)
    e = night.pk
    for url in [
        "/clubs/pos/",
        "/clubs/pos/players/",
        "/clubs/pos/events/new/",
        f"/events/{e}/",
        f"/events/{e}/movement/",
        f"/events/{e}/movement/balance/",
        f"/events/{e}/audit/",
        f"/events/{e}/audit/games/1/tables/2/",
        f"/events/{e}/results/",
        f"/events/{e}/results/games/1/",
        f"/events/{e}/results/export/",
        f"/events/{e}/results/tallies/",
        f"/events/{e}/results/cards/",
        f"/events/{e}/results/adjustments/",
        "/clubs/pos/ladder/",
        f"/events/{e}/results/charts/running.svg",
        f"/events/{duplicate.pk}/sets/",
        "/api/docs/",
        "/api/events/",  # JSON in a browser (DRF's browsable API only under DEBUG=1)
        "/admin/login/",
    ]:
        director.visit(url)
    director.check()

    # Score entry: the live check follows the typing (scores.js, score-entry.js).
    director.visit(f"/events/{e}/games/1/scores/")
    fill_sheet(page, 1, GOOD)
    assert page.locator("#table-1 [data-role=check]").inner_text() == "✓ 208 cards"
    director.check()

    # A dealt game set's hands, checked by hands.js as the page opens.
    director.visit(f"/events/{duplicate.pk}/sets/1/record/")
    assert page.locator("#remaining-count").inner_text() == "0"
    director.check()

    # The print page: a real job through the form, then a running job whose bar follows the worker.
    director.visit(f"/events/{e}/print/")
    page.locator("input[name=kind][value=scoresheets]").check()
    page.get_by_role("button", name="Start printing").click()
    page.locator("tr.job a.download").first.wait_for(state="visible", timeout=60_000)
    job = PrintJob.objects.create(
        event=night, kind="scoresheets", options={"paper": "a4", "lang": "en"}, status="running", done=1, total=4,
        created_by=user,
    )  # fmt: skip
    director.visit(f"/events/{e}/print/")
    row = page.locator(f"#job-{job.pk}")
    assert row.locator(".job-state").inner_text() == "1 of 4"
    assert row.locator("a.download").is_hidden()
    PrintJob.objects.filter(pk=job.pk).update(done=3)
    page.wait_for_function(f"() => document.querySelector('#job-{job.pk} progress').value === 3")
    PrintJob.objects.filter(pk=job.pk).update(done=4, status="done")
    row.locator("a.download").wait_for(state="visible")
    assert row.locator(".job-state").inner_text() == "done" and row.get_attribute("data-status") == "done"
    director.check()

    # The projector: its clock (running since the event started) stops and starts again
    # (projector.js posts to the server and redraws).
    director.visit(f"/events/{e}/projector/")
    page.get_by_role("button", name="Stop").click()
    page.locator(".clock.idle").wait_for()
    page.get_by_role("button", name="Start the clock").click()
    page.locator(".clock:not(.idle)").wait_for()
    director.check()


def test_the_table_phone_and_the_public_pages_keep_to_the_policy(watched, club):
    _, night, _ = club
    phone = watched(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = phone.page
    phone.visit(f"/t/{night.tables.get(number=1).token}/")
    for i, seat in enumerate("SHDC"):
        page.fill(f"#cal-{seat}", str(SHEET["cal"][i]))
        page.fill(f"#unf-{seat}", str(SHEET["unf"][i]))
    page.fill("#pile-majors", str(SHEET["pile"][0]))
    page.fill("#pile-minors", str(SHEET["pile"][1]))
    assert page.inner_text("#live [data-role=check]") == "✓ 208 cards"
    page.get_by_role("radio", name="We are spades and hearts").check()
    page.get_by_role("button", name="Send the sheet").click()
    page.wait_for_selector("#table-status[data-status=submitted]")
    phone.check()

    public = watched(viewport={"width": 1280, "height": 900})
    for url in ("/p/pos/", f"/p/pos/{night.pk}/"):
        public.visit(url)
    public.page.locator("#live-standings tbody tr").first.wait_for()
    public.check()


def test_the_404_page_keeps_to_the_policy(watched, db):
    visitor = watched()
    response = visitor.page.goto("/no-such-page/")
    assert response.status == 404 and "content-security-policy" in response.headers
    visitor.page.wait_for_load_state("networkidle")
    visitor.page.wait_for_timeout(300)
    # The browser logs the 404 itself as a console error; no violation or script error may follow.
    assert [p for p in visitor.problems if not p.startswith("console error")] == []
