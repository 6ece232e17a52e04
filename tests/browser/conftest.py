"""Playwright driving Debian's Chromium against pytest-django's live server.

Chromium comes from Debian's packages; nothing is downloaded. ``CHROMIUM_PATH`` names the binary;
without it the tests take ``chromium-headless-shell`` when it is installed (the same Chromium
version without the full browser's compositor and UI: about a third of the CPU for the same
pages, docs/benchmarks.md 34.5), else ``/usr/bin/chromium``. Without either the browser tests skip
locally and fail under CI (tests/conftest.py).
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.conftest import require

# Playwright's sync API runs an event loop in this thread; the ORM calls made by test set-up are
# still synchronous and safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # V8's baseline compiler only (Sparkplug), not its optimising ones: a test's page lives for a
    # second or two, too short for optimised code to repay its compiling, which ran beside every page
    # (axe-core's audit of a page: 170 → 125 ms of CPU; docs/benchmarks.md 34.5). Speed only: the
    # same JavaScript, the same results.
    "--js-flags=--max-opt=1",
    # One page process where Chromium may share one: a new page of a context reuses its open page
    # process, and no spare process is started beside each new context (a context and a page loaded
    # once: 190 → 150 ms of CPU; docs/benchmarks.md 34.5, ninth session). A context still gets a
    # process of its own: contexts never share one, so a director's and a phone's pages stay apart.
    "--renderer-process-limit=1",
]


def chromium_path() -> str | None:
    path = (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium-headless-shell")
        or shutil.which("chromium")
        or "/usr/bin/chromium"
    )
    return path if os.path.exists(path) else None


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    require(path is not None, "Debian's Chromium (/usr/bin/chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Playwright gives every launch a fresh temporary profile of its own.
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


# A page waits this long for the server: generous, because CI machines run two workers on two cores
# and a loaded machine answers a first request in seconds, not milliseconds.
PAGE_TIMEOUT_MS = 30_000


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone_page(browser, live_server):
    """A second, phone-sized browser (e.g. a player's phone at the table)."""
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def click_and_wait(target) -> None:
    """Clicks ``target`` (a button or link that loads another page) and returns once that page has
    loaded. Playwright's click waits only for a navigation that starts at once, and
    ``wait_for_load_state()`` after it may answer for the page still shown when a loaded machine's
    browser sends the form a moment later; a read that does not wait (``all_inner_texts``, ``count``,
    a database query) then sees the old page. CI failed once on exactly that (test_click_and_wait)."""
    with target.page.expect_navigation():
        target.click()


def move_the_clock_until(page, target, *, state="visible", step_ms: int = 5_000, limit_ms: int = 120_000) -> None:
    """Moves the page's clock (``page.clock.install()`` before the page loads) on ``step_ms`` at a
    time, firing the page's timers as they fall due, until ``target`` reaches ``state``: a wait the
    page counts in seconds (a poll every few seconds, a request given up after fifteen) takes a
    fraction of one. After each step the page's requests have a quarter of a second of real time to
    be answered before the clock moves on; the server and the network keep real time."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(limit_ms // step_ms):
        page.clock.run_for(step_ms)
        try:
            target.wait_for(state=state, timeout=250)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{target} was not {state} after {limit_ms / 1000:.0f} s on the page's clock")


def sign_in_by_the_form(page, username: str, password: str) -> None:
    """Types into the sign-in form and presses Sign in, as a director does (tests/browser/test_sign_in.py)."""
    page.goto("/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def sign_in(page, username: str, password: str) -> None:
    """Signs ``username`` in to ``page``'s browser through the sign-in form's own two requests (the
    GET that sets the CSRF cookie, the POST), sent from the page's context so that its cookies hold
    the session, without drawing the form; the page stays where it was. The real view answers them
    (password check, lockouts, the audit), and the form itself is walked in test_sign_in and
    test_axe: drawing it, and the club page it leads to, for each of the other tests cost three page
    loads each (docs/benchmarks.md 34.5)."""
    from django.conf import settings

    page.request.get("/login/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == settings.CSRF_COOKIE_NAME)
    fields = {"username": username, "password": password, "csrfmiddlewaretoken": token}
    answer = page.request.post("/login/", form=fields, max_redirects=0)
    assert answer.status == 302, f"{username} was not signed in: the sign-in form answered {answer.status}"
