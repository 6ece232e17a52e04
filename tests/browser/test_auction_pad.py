"""The Auction score pad in the real browser (Debian's Chromium, phone-sized): the partial
(templates/sheets/auction/pad.html, rendered by Django as the pages render it) with the kind's
auction-pad.js, served under the site's own Content-Security-Policy. Typing a hand shows the
52-card check and the engine's words live; the sell choice appears only in limbo; running totals
follow; hands are added and removed; the hidden sheet is what the server reads from the same post;
and without the script the pad is a plain form the server reads alike."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest
from django.template import engines
from django.utils.datastructures import MultiValueDict

from director.core.templatetags.calypso import suit_words
from director.sheets.auction.boxes import pad_context, sheet_from_post
from scoring.auction import AuctionValues, score_pad
from tests.browser.conftest import click_and_wait
from tests.browser.test_content_security_policy import REPORT_VIOLATIONS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HARNESS = (
    '{% extends "base.html" %}{% load static calypso %}'
    '{% block content %}<form method="post" action="/pad-harness/" id="harness">'
    '{% include "sheets/auction/pad.html" with help=True %}'
    '<button type="submit" id="save">Save</button></form>{% endblock %}'
    "{% block scripts %}{% calypso_rules %}<script src=\"{% static 'js/rules.js' %}\"></script>"
    "<script src=\"{% static 'sheets/auction/auction.js' %}\"></script>"
    "<script src=\"{% static 'sheets/auction/auction-pad.js' %}\" defer></script>{% endblock %}"
)


class Harness:
    """A phone-sized page at /pad-harness/ on the live server: the rendered pad, the app's CSP header,
    every violation, script error and console error recorded, and every post captured."""

    def __init__(self, browser, live_server, script: bool = True, sheet=None, values=None):
        self.problems: list[str] = []
        self.posts: list[MultiValueDict] = []
        self.context = browser.new_context(
            base_url=live_server.url,
            viewport={"width": 390, "height": 844},
            is_mobile=True,
            has_touch=True,
            java_script_enabled=script,
        )
        self.context.set_default_timeout(10_000)
        if script:
            self.context.expose_function("reportViolation", lambda text: self.problems.append(text))
            self.context.add_init_script(REPORT_VIOLATIONS)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"console error: {m.text}"))
        policy = self.page.goto("/login/").headers["content-security-policy"]
        assert "script-src" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        players = {"S": "Ann", "H": "Bo", "D": "Cy", "C": "Di"}
        pad = pad_context("t1-", 4, sheet=sheet, values=values, players=players, label="Table 1")
        html = engines["django"].from_string(HARNESS).render({"pad": pad})

        def serve(route):
            if route.request.method == "POST":
                data = parse_qs(route.request.post_data or "", keep_blank_values=True)
                self.posts.append(MultiValueDict(data))
            headers = {"Content-Security-Policy": policy}
            route.fulfill(body=html, content_type="text/html; charset=utf-8", headers=headers)

        self.page.route("**/pad-harness/", serve)
        self.page.goto("/pad-harness/")

    def box(self, hand: int, label: str):
        return self.page.get_by_label(f"Hand {hand} {suit_words(label)}", exact=True)  # suits spoken

    def hand(self, number: int):
        return self.page.locator(f"#t1-hand-{number}")


def fill(h: Harness, number: int, declarer: str, calypsos: str, points: str, suit: str, doubled: str, sides: dict):
    h.box(number, "declarer").select_option(declarer)
    h.box(number, "calypsos bid").select_option(calypsos)
    h.box(number, "points bid").fill(points)
    h.box(number, "bid suit").select_option(suit)
    h.box(number, "doubled").select_option(doubled)
    for symbols, (t, p, c) in sides.items():
        h.box(number, f"{symbols} T trick pile").fill(t)
        h.box(number, f"{symbols} P added").fill(p)
        h.box(number, f"{symbols} C calypsos").fill(c)


@pytest.fixture
def harness(browser, live_server):
    h = Harness(browser, live_server)
    yield h
    h.context.close()


def test_a_hand_typed_on_the_phone_is_checked_scored_and_totalled_live(harness):
    page, h = harness.page, harness
    # one hand to start with; the others wait for "Add hand"
    assert [h.hand(n).is_visible() for n in (1, 2, 3, 4)] == [True, False, False, False]
    # 1 & 290♥ X by ♥ (South), ♠♥ T 20 P 15 C 1 needing 4, ♦♣ T 12 P 4: one card short of 52
    fill(h, 1, "H", "1", "290", "H", "1", {"♠♥": ("20", "15", "1"), "♦♣": ("12", "4", "0")})
    assert h.hand(1).locator(".pad-sell").is_hidden()
    h.box(1, "♠♥ cards required").fill("4")
    assert h.box(1, "♦♣ cards required").is_hidden()  # asked only of a side that completed a calypso
    check = h.hand(1).locator("[data-role=check]")
    assert check.text_content() == "✗ 51 of 52 cards"
    problems = h.hand(1).locator("[data-role=problems] li")
    assert problems.all_text_contents() == [
        "cards add up to 51, not 52: 1 card missing (declarers T 20 + P 15, defenders T 12 + P 4)"
    ]
    # Enter moves on to the next box rather than sending a half-typed pad
    h.box(1, "♦♣ P added").press("Enter")
    assert (
        page.evaluate("document.activeElement.getAttribute('aria-label')") == "Hand 1 diamonds and clubs C calypsos"
    )  # suits spoken
    assert h.posts == []
    h.box(1, "♦♣ P added").fill("5")
    # 200 + 100 + 3 × 80 = 540 points; (290 + 125) × 2 = 830 + 500 + 400 = 1730; defenders 12 × 5 = 60
    assert check.text_content() == "✓ 52 cards · 1 & 290♥ X by H made (540 points)"
    assert problems.count() == 0
    assert h.hand(1).locator("[data-role=score]").text_content() == "♠♥ +1730 · ♦♣ +60 — totals ♠♥ 1730 · ♦♣ 60"
    assert (page.locator("[data-role=majors]").text_content(), page.locator("[data-role=minors]").text_content()) == (
        "1730",
        "60",
    )

    # hand 2: 300♠ XX by ♦ (East), ♦♣ T 26 P 10, ♠♥ T 10 P 6 — 40 short, within 10 × 20: limbo
    page.get_by_role("button", name="Add hand").click()
    assert h.hand(2).is_visible() and h.hand(3).is_hidden()
    h.box(2, "declarer").select_option("D")
    assert h.hand(2).locator("[data-role=check]").text_content().endswith("box" + "es to fill")
    fill(h, 2, "D", "0", "300", "S", "2", {"♦♣": ("26", "10", "0"), "♠♥": ("10", "6", "0")})
    sell = h.hand(2).locator(".pad-sell")
    assert sell.is_visible()
    assert h.hand(2).locator("[data-role=check]").text_content() == "In limbo: sell or not?"
    assert "totals stop" not in page.locator("[data-role=through]").text_content()
    assert page.locator("[data-role=through]").text_content() == "to hand 1 (hand 2 is not finished)"
    h.box(2, "sell").select_option("yes")
    # sold: 300 + 260 × 3 = 1080 to ♦♣; ♠♥ 10 × 5 = 50
    assert h.hand(2).locator("[data-role=score]").text_content() == "♠♥ +50 · ♦♣ +1080 — totals ♠♥ 1780 · ♦♣ 1140"
    assert page.locator("[data-role=through]").text_content() == "after 2 hands"

    # the hidden sheet is the pad, and what the server reads from the same boxes
    sheet = json.loads(page.locator("input[name='t1-sheet']").input_value())
    assert [hand["contract"] for hand in sheet["hands"]] == ["1 & 290♥ X", "300♠ XX"]
    assert [totals for _, totals in score_pad(sheet["hands"])] == [
        {"majors": 1730, "minors": 60},
        {"majors": 1780, "minors": 1140},
    ]
    click_and_wait(page.locator("#save"))
    (posted,) = h.posts
    assert json.loads(posted["t1-sheet"]) == sheet
    assert sheet_from_post(posted, "t1-", 4) == (sheet, [])
    assert h.problems == []


def test_sell_is_asked_only_while_the_hand_is_in_limbo(harness):
    page, h = harness.page, harness
    fill(h, 1, "D", "0", "300", "S", "2", {"♦♣": ("26", "10", "0"), "♠♥": ("10", "6", "0")})
    sell = h.hand(1).locator(".pad-sell")
    assert sell.is_visible()
    h.box(1, "sell").select_option("no")
    # not sold: −(300 + 40) − 40 × 3 = −460
    assert h.hand(1).locator("[data-role=score]").text_content().startswith("♠♥ +50 · ♦♣ -460")
    # four more cards in ♦♣'s trick pile: 300 points, made outright — no sell question, the choice cleared
    h.box(1, "♠♥ T trick pile").fill("6")
    h.box(1, "♦♣ T trick pile").fill("30")
    assert sell.is_hidden()
    assert h.box(1, "sell").input_value() == ""
    assert h.hand(1).locator("[data-role=check]").text_content() == "✓ 52 cards · 300♠ XX by D made (300 points)"
    sheet = json.loads(page.locator("input[name='t1-sheet']").input_value())
    assert sheet["hands"][0]["sell"] is None
    # made outright redoubled: 300 × 4 = 1200 to ♦♣, 6 × 5 = 30 to ♠♥
    totals = page.locator("[data-role=majors]"), page.locator("[data-role=minors]")
    assert [t.text_content() for t in totals] == ["30", "1200"]
    # a second hand, 220♣ by ♠ (North) with T 30: 220 + 80 / 2 = 260; ♦♣ 22 × 5 = 110 — then removed
    page.get_by_role("button", name="Add hand").click()
    fill(h, 2, "S", "0", "220", "C", "0", {"♠♥": ("30", "0", "0"), "♦♣": ("22", "0", "0")})
    assert [t.text_content() for t in totals] == ["290", "1310"]
    page.get_by_role("button", name="Remove last hand").click()
    assert h.hand(2).is_hidden() and h.box(2, "points bid").input_value() == ""
    assert [t.text_content() for t in totals] == ["30", "1200"]
    assert len(json.loads(page.locator("input[name='t1-sheet']").input_value())["hands"]) == 1
    page.get_by_role("button", name="Remove last hand").click()  # the first hand stays
    assert h.hand(1).is_visible()
    assert h.problems == []


def test_the_pad_fits_a_phone_with_big_tap_targets(harness):
    page = harness.page
    for _ in range(3):
        page.get_by_role("button", name="Add hand").click()
    assert page.get_by_role("button", name="Add hand").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    heights = page.eval_on_selector_all(
        ".auction-pad input:not([type=hidden]), .auction-pad select, .auction-pad button",
        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)",
    )
    assert len(heights) > 40 and min(heights) >= 44
    assert harness.problems == []


def test_without_the_script_the_pad_is_a_plain_form_the_server_reads(browser, live_server):
    h = Harness(browser, live_server, script=False)
    try:
        page = h.page
        assert all(h.hand(n).is_visible() for n in (1, 2, 3, 4))
        assert h.hand(1).locator(".pad-sell").is_visible()
        assert page.get_by_role("button", name="Add hand").is_hidden()
        fill(h, 1, "H", "1", "290", "H", "1", {"♠♥": ("20", "15", "1"), "♦♣": ("12", "5", "0")})
        h.box(1, "♠♥ cards required").fill("4")
        fill(h, 2, "D", "0", "300", "S", "2", {"♦♣": ("26", "10", "0"), "♠♥": ("10", "6", "0")})
        h.box(2, "sell").select_option("yes")
        click_and_wait(page.locator("#save"))
        (posted,) = h.posts
        assert posted["t1-sheet"] == ""
        sheet, problems = sheet_from_post(posted, "t1-", 4)
        assert problems == []
        assert [totals for _, totals in score_pad(sheet["hands"])][-1] == {"majors": 1780, "minors": 1140}
    finally:
        h.context.close()


def test_a_saved_pad_is_shown_again_and_scored_with_the_events_own_values(browser, live_server):
    saved = {
        "hands": [
            {"contract": "1 & 290♥ X", "declarer": "H", "declarers": {"trick_pile": 20, "added": 15, "calypsos": 1,
             "cards_required": [4]}, "defenders": {"trick_pile": 12, "added": 5, "calypsos": 0}, "sell": None},
            {"contract": "300♠ XX", "declarer": "D", "declarers": {"trick_pile": 26, "added": 10, "calypsos": 0},
             "defenders": {"trick_pile": 10, "added": 6, "calypsos": 0}, "sell": True},
        ]
    }  # fmt: skip
    h = Harness(browser, live_server, sheet=saved, values=AuctionValues(calypso=600))
    try:
        page = h.page
        assert [h.hand(n).is_visible() for n in (1, 2, 3, 4)] == [True, True, False, False]
        assert h.box(2, "sell").input_value() == "yes" and h.hand(2).locator(".pad-sell").is_visible()
        # a calypso is worth 600 at this club: 830 + 600 + 400 = 1830 to ♠♥, then 1080 to ♦♣
        totals = [page.locator(f"[data-role={side}]").text_content() for side in ("majors", "minors")]
        assert totals == [str(1830 + 50), str(60 + 1080)]
        assert json.loads(page.locator("input[name='t1-sheet']").input_value())["hands"][1]["sell"] is True
        assert h.problems == []
    finally:
        h.context.close()
