"""axe-core over every page type, at a 360 × 740 phone and a 1280 × 800 screen (#30.10): the
director's pages (event, score entry of each kind of sheet, movement, print, grades, standings,
projector, player codes) and its confirm pages (Start, Close, Seat, Finish, Release the results, hands and
Auction deals, Delete a night with and without results), the phone's table page in each state (kept
offline too) and each pad, a player's own page (/me/), the public results pages, sign-in and the
error pages. Every violation axe reports (WCAG 2.0–2.2 A/AA and its best practices) fails the
test, listed page by page.

axe-core is the npm package pinned in tests/browser/axe/package-lock.json, installed with
``npm ci --prefix tests/browser/axe`` (make test and .ci/run do it; nothing is fetched while the tests
run). Without it these tests skip locally and fail under CI. One browser per worker (the session's
``browser``), one live server per session, the nights built once (tests/browser/axe_world.py).

Each page is loaded once, on a phone (a mobile, touch context at 360 × 740, as a player's phone
is), audited, then widened to the 1280 × 800 screen and audited again: loading and injecting axe
twice cost twice as much as the second audit of a page already drawn (docs/benchmarks.md 34.5).
Nothing on the site reads touch or the mobile flag (no pointer or hover media queries, no touch
tests in its scripts; the projector, the one script that measures the window, fits itself again on
``resize``), so the widened page is the screen's page."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template.loader import render_to_string

from tests.browser import axe_world
from tests.browser.conftest import PAGE_TIMEOUT_MS
from tests.browser.test_club_night import shot
from tests.conftest import require

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": (360, 740), "screen": (1280, 800)}  # loaded at the first, then widened
# Two animation frames: the page's own ``resize`` handlers have run and it is drawn at the new size.
SETTLED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# The error pages Django renders without a request (400, 500) or for a refused form (403_csrf),
# served as the server sends them so axe sees the page a person would.
ERROR_PAGES = ("400.html", "403_csrf.html", "500.html")
KEPT = "Kept on this phone — will send when the wifi is back"

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' — ' + n.failureSummary.replace(/\\s+/g, ' ')),
  }));
}"""


def axe_source() -> str:
    require(AXE.exists(), "axe-core (npm ci --prefix tests/browser/axe)")
    return AXE.read_text(encoding="utf-8")


def violations(page, source: str) -> list[str]:
    """axe's violations on the page as it is now, one line each (with up to five of its elements);
    axe is put into the page once for each document."""
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(source)  # not a <script>: the page's CSP stays as it is
    found = page.evaluate(RUN_AXE)
    return [f"{v['id']} ({v['impact']}): {v['help']}\n      " + "\n      ".join(v["nodes"]) for v in found]


class Audit:
    """Visits pages on a phone and keeps what axe finds on each at each size."""

    def __init__(self, browser, live_server):
        self.browser, self.url = browser, live_server.url
        self.source = axe_source()
        self.found: dict[str, dict[str, list[str]]] = {size: {} for size in SIZES}
        self.contexts = []

    def context(self, **extra):
        width, height = SIZES["phone"]
        context = self.browser.new_context(
            base_url=self.url, viewport={"width": width, "height": height}, is_mobile=True, has_touch=True, **extra
        )
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        self.contexts.append(context)
        return context

    def check(self, page, name: str) -> None:
        """axe at each size in turn, the page as it is drawn now; it is left at the phone's size."""
        page.wait_for_load_state("load")
        for size, (width, height) in SIZES.items():
            if page.viewport_size != {"width": width, "height": height}:
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate(SETTLED)
            self.found[size][name] = violations(page, self.source)
            shot(page, f"axe-{size}-{name.replace(' ', '-')}")
        width, height = SIZES["phone"]
        page.set_viewport_size({"width": width, "height": height})

    def visit(self, page, name: str, address: str) -> None:
        response = page.goto(address)
        assert response is not None and response.status < 500, f"{name}: {address} answered {response.status}"
        self.check(page, name)

    def close(self) -> None:
        for context in self.contexts:
            context.close()

    def report(self) -> str:
        return "\n".join(
            f"{size} · {name}:\n    " + "\n    ".join(lines)
            for size, found in self.found.items()
            for name, lines in found.items()
            if lines
        )


def post_form(page, address: str, fields: dict) -> None:
    """POST ``fields`` to ``address`` as a page's form does (the page's CSRF cookie), and wait for
    the answer to load: the first POST of an action that asks first shows its confirm page."""
    with page.expect_navigation():
        page.evaluate(POST_FORM, {"address": address, "fields": fields})


POST_FORM = """({address, fields}) => {
  const form = document.createElement('form');
  form.method = 'post'; form.action = address;
  const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
  for (const [name, value] of Object.entries({...fields, csrfmiddlewaretoken: token})) {
    const input = document.createElement('input');
    input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
  }
  document.body.appendChild(form); form.submit();
}"""


def serving(html: str):
    return lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8")


@pytest.fixture
def audit(browser, live_server):
    made = Audit(browser, live_server)
    yield made
    made.close()


def test_axe_finds_nothing_on_any_page(audit):
    world = axe_world.build()

    # Signed out: sign-in (and a wrong password), the public results, the error pages.
    page = audit.context().new_page()
    for name, address in world.public.items():
        audit.visit(page, name, address)
    page.goto("/login/")
    page.fill("#id_username", axe_world.USERNAME)
    page.fill("#id_password", "not the password")
    page.locator("main form button[type=submit]").click()
    audit.check(page, "sign in (wrong password)")
    for template in ERROR_PAGES:
        page.route("**/error-page/", serving(render_to_string(template)))
        audit.visit(page, template, "/error-page/")
        page.unroute("**/error-page/")

    # The director, signed in.
    page.goto("/login/")
    page.fill("#id_username", axe_world.USERNAME)
    page.fill("#id_password", axe_world.PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/clubs/**")
    for name, address in world.director.items():
        audit.visit(page, name, address)
    # The confirm pages (Close, Seat, Finish, Release, Delete): each the answer to its first POST.
    for name, (address, fields) in world.confirms.items():
        if fields is None:
            audit.visit(page, name, address)
        else:
            post_form(page, address, fields)
            assert page.locator("#confirm").count() == 1, f"{name}: no confirm page at {address}"
            audit.check(page, name)
    page.goto(world.seat_night)
    page.locator("#next-step button").click()
    page.wait_for_selector("#confirm")
    audit.check(page, "confirm: seat next game")

    # Phones: each state of the table page and each pad. Table 1 is typed and sent from this phone.
    phone = audit.context().new_page()
    for name, address in world.phone.items():
        audit.visit(phone, name, address)
    phone.goto(world.phone["table (typing)"])
    for seat, (calypsos, unfinished) in zip("SHDC", ((1, 5), (0, 7), (2, 3), (0, 9)), strict=True):
        phone.fill(f"#cal-{seat}", str(calypsos))
        phone.fill(f"#unf-{seat}", str(unfinished))
    phone.fill("#pile-majors", "60")
    phone.fill("#pile-minors", "85")
    audit.check(phone, "table (typed, adds up)")
    phone.check("input[name=side][value=majors]")
    phone.context.set_offline(True)  # the wifi drops as Send is pressed: kept on the phone
    phone.click("#send")
    phone.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes({KEPT!r})")
    audit.check(phone, "table (kept offline)")
    phone.context.set_offline(False)  # back: it sends by itself
    phone.wait_for_selector("#table-status[data-status=submitted]")
    audit.check(phone, "table (sent)")

    # A player's own page on a night of player codes (its code typed as on the tally card).
    player = audit.context().new_page()
    player.goto(f"/me/{world.player_code.lower()}/")
    player.wait_for_url("**/me/")
    audit.check(player, "player page")

    # Staff in Django's admin (its pages as this project registers its models).
    staff = audit.context().new_page()
    staff.goto("/admin/login/")
    staff.fill("#id_username", axe_world.STAFF)
    staff.fill("#id_password", axe_world.STAFF_PASSWORD)
    with staff.expect_navigation():
        staff.keyboard.press("Enter")
    for name, address in world.staff.items():
        audit.visit(staff, name, address)

    for size, found in audit.found.items():
        assert len(found) >= 48, (size, sorted(found))
    assert not audit.report(), "axe-core found violations:\n" + audit.report()
