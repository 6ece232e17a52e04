"""What axe-core cannot see (#30.11), in Chromium at a 360 × 740 phone and a 1280 × 800 screen:
a skip link is the first Tab and lands on the page's content (the score entry page: on the first
score box); the sticky save bar never covers the box that has focus; the focus outline contrasts
3:1 or more with whatever it sits on; a form sent back with errors announces them (the page's
alert region) and puts focus on the box to fix; suit symbols have spoken names."""

from __future__ import annotations

import datetime
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from director.clubs import services as clubs
from director.clubs.models import Club
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from tests.browser.conftest import PAGE_TIMEOUT_MS, sign_in
from tests.browser.test_club_night import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
SIZES = {"phone": (360, 740), "screen": (1280, 800)}


@pytest.fixture(params=list(SIZES))
def screen(request, browser, live_server):
    width, height = SIZES[request.param]
    phone = request.param == "phone"
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = context.new_page()
    page.size = request.param
    yield page
    context.close()


@pytest.fixture
def night():
    """Five tables (20 players), game 1 open: 70 boxes on the score entry page."""
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 21)]
    event = events.create_event(club=club, name="Friday club night", date=datetime.date(2026, 11, 20), games=3)
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


FOCUSED = "() => { const e = document.activeElement; return e ? (e.id || e.tagName + '.' + e.className) : null; }"


def test_the_skip_link_is_the_first_tab_and_lands_on_the_first_score_box(screen, night):
    sign_in(screen, "dora", PASSWORD)
    screen.goto(f"/events/{night.pk}/games/1/scores/")
    screen.keyboard.press("Tab")
    link = screen.locator(":focus")
    assert link.inner_text() == "Skip to the main content"
    box = link.bounding_box()
    assert box and box["y"] >= 0 and box["width"] > 40, "the skip link is shown while it has focus"
    screen.keyboard.press("Enter")
    screen.keyboard.press("Tab")
    assert screen.evaluate(FOCUSED) == "t1-cal-S", "one Tab after the skip link: table 1's first box"

    # Every other page's skip link lands in its <main> (the director's: past the club's menu too).
    for address in (f"/events/{night.pk}/", "/clubs/pos/"):
        screen.goto(address)
        screen.keyboard.press("Tab")
        screen.keyboard.press("Enter")
        screen.keyboard.press("Tab")
        inside = screen.evaluate(
            "() => !!document.activeElement.closest('main') && !document.activeElement.closest('.subnav')"
        )
        assert inside, f"{address}: after the skip link, Tab goes to {screen.evaluate(FOCUSED)}"


def test_the_save_bar_never_covers_the_focused_box(screen, night):
    sign_in(screen, "dora", PASSWORD)
    screen.goto(f"/events/{night.pk}/games/1/scores/")
    screen.focus("#t1-cal-S")
    boxes = screen.locator("#score-entry .sheets input:not([type=hidden]), #score-entry .sheets select").count()
    assert boxes >= 60
    covered = []
    for _ in range(boxes + 10):
        state = screen.evaluate(
            """() => {
            const e = document.activeElement, bar = document.querySelector('.savebar').getBoundingClientRect();
            const r = e.getBoundingClientRect();
            return {id: e.id, inSheets: !!e.closest('.sheets'), bottom: r.bottom, top: r.top, bar: bar.top,
                    height: innerHeight};
        }"""
        )
        if not state["inSheets"]:
            break
        if state["bottom"] > state["bar"] or state["top"] < 0:
            covered.append(state["id"])
        screen.keyboard.press("Tab")
    shot(screen, f"a11y-savebar-{screen.size}")
    assert covered == [], f"the save bar covers {len(covered)} of {boxes} focused boxes: {covered[:8]}"


CONTRAST = """() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b]
      .map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const e = document.activeElement;
  if (!e || e === document.body) return null;  // Tab went past the last control
  const style = getComputedStyle(e);
  let under = e.parentElement, bg = null;
  while (under) {
    const c = rgb(getComputedStyle(under).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0)) { bg = c.slice(0, 3); break; }
    under = under.parentElement;
  }
  bg = bg || [255, 255, 255];
  const a = lum(rgb(style.outlineColor).slice(0, 3)), b = lum(bg);
  return {what: e.id || e.tagName + ' ' + (e.textContent || '').trim().slice(0, 30),
          style: style.outlineStyle, width: parseFloat(style.outlineWidth),
          ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), bg: bg.join(',')};
}"""


def test_the_focus_outline_contrasts_with_what_it_sits_on(screen, night):
    call_command("demo", stdout=io.StringIO())
    demo = Club.objects.get(slug="demo").events.get(name="Friday club night")
    screen.goto("/login/")
    pages = ["/login/", f"/p/demo/{demo.pk}/", f"/p/demo/{demo.pk}/cards/1/"]
    signed_in = [f"/events/{night.pk}/", f"/events/{night.pk}/games/1/scores/", f"/events/{night.pk}/movement/"]
    weak = []
    seen = 0
    for address in [*pages, "sign in", *signed_in]:
        if address == "sign in":
            sign_in(screen, "dora", PASSWORD)
            continue
        screen.goto(address)
        for _ in range(25):
            screen.keyboard.press("Tab")
            found = screen.evaluate(CONTRAST)
            if found is None:
                continue
            seen += 1
            if found["style"] == "none" or found["width"] < 2 or found["ratio"] < 3:
                weak.append((address, found))
    assert seen >= 100
    assert weak == [], f"{len(weak)} focused controls without a 3:1 outline, e.g. {weak[:4]}"


def test_form_errors_are_announced_and_focused(screen, night):
    screen.goto("/login/")
    screen.fill("#id_username", "dora")
    screen.fill("#id_password", "not the password")
    screen.locator("main form button[type=submit]").click()
    screen.locator("#announcer").filter(has_text="Please correct").wait_for(state="attached")
    said = screen.inner_text("#announcer")
    assert "Please enter a correct username and password" in said
    assert screen.get_attribute("#announcer", "role") == "alert"
    focused = screen.evaluate("() => document.activeElement.textContent")
    assert "correct username and password" in focused  # the form's own error: its list takes focus

    sign_in(screen, "dora", PASSWORD)
    screen.goto("/clubs/pos/events/new/")
    screen.locator("#setup button[type=submit], main form button[type=submit]").first.click()
    screen.locator("#announcer").filter(has_text="Please correct").wait_for(state="attached")
    state = screen.evaluate(
        "() => ({tag: document.activeElement.tagName, invalid: document.activeElement.getAttribute('aria-invalid'),"
        " described: document.activeElement.getAttribute('aria-describedby')})"
    )
    assert state["tag"] in ("INPUT", "SELECT", "TEXTAREA") and state["invalid"] == "true", state
    assert state["described"], "the box names its error (aria-describedby)"


SUITS_UNSPOKEN = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const names = {'♠': 'spades', '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs'};
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const symbols = n.textContent.match(/[♠♥♦♣]/g);
    if (!symbols) continue;
    const el = n.parentElement;
    if (el.closest('[aria-hidden=true], option, script, .visually-hidden')) continue;
    const named = el.closest('[aria-label]');
    const label = named ? named.getAttribute('aria-label') : '';
    if (!symbols.every(s => label.includes(names[s]))) out.push(el.outerHTML.slice(0, 120));
  }
  return out;
}"""


def test_suits_have_spoken_names(page, night):
    """Only the 1280 px screen: the words are the same at every width."""
    call_command("demo", stdout=io.StringIO())
    demo = Club.objects.get(slug="demo").events.get(name="Friday club night")
    for address in (f"/p/demo/{demo.pk}/cards/1/", f"/p/demo/{demo.pk}/cards/"):
        page.goto(address)
        assert page.evaluate(SUITS_UNSPOKEN) == [], address
    sign_in(page, "dora", PASSWORD)
    for address in (f"/events/{night.pk}/", f"/events/{night.pk}/movement/"):
        page.goto(address)
        assert page.evaluate(SUITS_UNSPOKEN) == [], address
        assert (
            page.get_by_role("img", name="spades and hearts").count() + page.get_by_role("img", name="spades").count()
        )
