"""Every table page and pad fits a 360 × 740 phone (issue #30.8): the phone page of each kind of sheet
(partnership, cutthroat, a table of three, Duet, Auction, Embers) while it is typed, once sent, and
on the opponents' phone that confirms it, and the director's score entry of a Calypso, Auction,
Embers night and one with a table of three: nothing scrolls sideways, and a pad's totals are on the
screen without scrolling sideways; and every box is typed in letters of 16 px or more (#30.11: a
phone zooms into a smaller one). Set ``SCREENSHOT_DIR`` to keep a PNG of each page."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import night as nights
from director.movements import services as movements
from director.results.models import Submission
from tests.browser.conftest import PAGE_TIMEOUT_MS, sign_in
from tests.browser.test_table_entry import SHEET, shot
from tests.director.embers.conftest import PAD
from tests.director.embers.test_score_entry import boxes as embers_boxes

from .test_auction_night import box, type_hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
PHONE = {"width": 360, "height": 740}

# How much wider than the phone the page is, and the element reaching furthest right to blame; the
# boxes that scroll sideways inside the page (a card holding a pad too wide for it); the headings
# broken inside a word ("Sea|t"); the boxes typed into with letters under 16 px.
OVERFLOW = """(width) => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className ? "." + el.className : "");
  const over = document.documentElement.scrollWidth - width;
  let culprit = "";
  if (over > 0) {
    let right = 0;
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.right > right && box.width > 0) { right = box.right; culprit = name(el); }
    }
  }
  const scrolling = [...document.body.querySelectorAll("*")]
    .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1
                    && ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
    .map((el) => `${name(el)} scrolls ${el.scrollWidth - el.clientWidth} px sideways`);
  const broken = [...document.querySelectorAll("th")].filter((th) => th.offsetParent !== null).flatMap((th) => {
    const words = [...th.childNodes].filter((n) => n.nodeType === 3 && /^\\s*[^\\s\\u00ad]+\\s*$/.test(n.textContent));
    return words.filter((n) => {
      const range = document.createRange();
      range.selectNodeContents(n);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
    }).map((n) => `the heading ${JSON.stringify(n.textContent.trim())} breaks inside the word`);
  });
  // A box typed into below 16 px: a phone zooms into it (iOS does).
  const typed = "input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea";
  const small = [...document.querySelectorAll(typed)]
    .filter((el) => el.offsetParent !== null && parseFloat(getComputedStyle(el).fontSize) < 16)
    .map((el) => `the box ${el.name || el.id} is ${getComputedStyle(el).fontSize}: a phone zooms into it`);
  return {over, culprit, scrolling, broken: [...new Set(broken)], small};
}"""


def director():
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    return user, club


def members(club, count: int):
    """Players with names as long as a club's get (they show in the pad's declarer choice)."""
    return [clubs.add_player(club=club, name=f"Anastasia {i} Fitzgerald-Worthington") for i in range(1, count + 1)]


def pairs_night(**options):
    _, club = director()
    event = events.create_event(
        phones="table", club=club, name="Club night", date=datetime.date(2026, 11, 20), games=2, **options
    )
    if options.get("game") == Event.Game.EMBERS:
        events.update_event(event=event, embers_hands=4)
    lineup.draw_partnerships(event=event, players=members(club, 8), seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


def individual_night(players: int, **options):
    user, club = director()
    event = nights.set_up_night(phones="table",
        club=club, name="Club night", date=datetime.date(2026, 11, 20), type="progressive-individual",
        players=[p.pk for p in members(club, players)], seed=4, games=2, by=user, **options,
    )  # fmt: skip
    return events.start_event(event=event)


def type_partnership(phone):
    for i, seat in enumerate("SHDC"):
        phone.fill(f"#cal-{seat}", str(SHEET["cal"][i]))
        phone.fill(f"#unf-{seat}", str(SHEET["unf"][i]))
    phone.fill("#pile-majors", "60")
    phone.fill("#pile-minors", "85")


def type_cutthroat(phone):
    typed = {"cal": [1, 0, 2, 0], "unf": [5, 7, 3, 9], "pile": [30, 30, 40, 45]}
    for i, seat in enumerate("SHDC"):
        for name, values in typed.items():
            phone.fill(f"#{name}-{seat}", str(values[i]))


def type_three(phone):
    for seat, (cal, unf, pile) in {"S": (1, 5, 20), "H": (0, 7, 20), "C": (2, 3, 23)}.items():
        phone.fill(f"#cal-{seat}", str(cal))
        phone.fill(f"#unf-{seat}", str(unf))
        phone.fill(f"#pile-{seat}", str(pile))


def type_auction(phone):
    type_hand(phone, 1, "H", "1", "290", "H", "1", {"♠♥": ("20", "15", "1"), "♦♣": ("12", "5", "0")})
    box(phone, 1, "♠♥ cards required").fill("4")


def type_embers(phone):
    for name, value in embers_boxes("", PAD).items():
        phone.fill(f"input[name='{name}']", value)


# kind → (the night, the table, how its sheet is typed, what shows the phone's totals as it is typed)
KINDS = {
    "partnership": (lambda: pairs_night(), 1, type_partnership, "#live .totals"),
    "cutthroat": (lambda: individual_night(8, form="cutthroat"), 1, type_cutthroat, "#table-sheet td.points"),
    "three": (lambda: individual_night(7), 2, type_three, "#table-sheet td.points"),
    "duet": (lambda: individual_night(2), 1, type_partnership, "#live .totals"),
    "auction": (lambda: pairs_night(type="auction-pairs", auction={"hands": 3}), 1, type_auction, ".pad-totals"),
    "embers": (lambda: pairs_night(game=Event.Game.EMBERS, embers_hands=4), 1, type_embers, ".embers-pad .totals"),
}


def new_phone(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    return context, context.new_page()


def misfits(page, name: str, totals: str | None = None) -> list[str]:
    """What does not fit the phone on ``page``: the page scrolling sideways, a total off the screen."""
    page.wait_for_load_state("load")
    shot(page, f"fit-{name}")
    problems = []
    overflow = page.evaluate(OVERFLOW, PHONE["width"])
    if overflow["over"] > 0:
        problems.append(f"{name}: the page is {overflow['over']} px wider than the phone ({overflow['culprit']})")
    problems += [f"{name}: {what}" for what in overflow["scrolling"] + overflow["broken"] + overflow["small"]]
    if totals:
        shown = [b for b in (el.bounding_box() for el in page.locator(totals).all()) if b and b["width"]]
        if not shown:
            problems.append(f"{name}: no totals shown ({totals})")
        for b in shown:
            if b["x"] < 0 or b["x"] + b["width"] > PHONE["width"] + 0.5:
                problems.append(f"{name}: a total ({totals}) sits at {b['x']:.0f}–{b['x'] + b['width']:.0f} px")
    return problems


def send(phone) -> None:
    """Presses Send (and again, where the pad asks about hands not typed) and waits for the answer."""
    phone.locator("#send").click()
    if phone.locator("#send[data-ask]").count():
        phone.locator("#send").click()
    phone.wait_for_selector("#table-status[data-status=submitted]")


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_of_phone_page_fits_a_360_px_phone(browser, live_server, kind):
    make, number, type_sheet, totals = KINDS[kind]
    event = make()
    link = f"/t/{event.tables.get(number=number).token}/"
    problems: list[str] = []
    ours, phone = new_phone(browser, live_server)
    theirs, other = new_phone(browser, live_server)
    try:
        phone.goto(link)
        problems += misfits(phone, f"{kind}-blank")
        type_sheet(phone)
        problems += misfits(phone, f"{kind}-typed", totals)
        other.goto(link)  # the opponents type their own sheet meanwhile
        type_sheet(other)
        if kind == "auction":
            box(other, 1, "points bid").fill("300")  # one box differs
        phone.locator("input[name=side][value=majors]").check()
        send(phone)
        assert Submission.objects.filter(table__number=number, table__event=event).exists()
        problems += misfits(phone, f"{kind}-sent", "#sheet-view .totals" if kind in {"partnership", "duet"} else None)
        # The opponents send theirs too: their page compares it with the one sent first.
        other.locator("input[name=side][value=minors]").check()
        other.locator("#send").click()
        if other.locator("#send[data-ask]").count():
            other.locator("#send").click()
        other.wait_for_selector("#typed-sheet")
        assert other.locator("button.confirm").count() == 1
        problems += misfits(other, f"{kind}-compared")
        third, other = new_phone(browser, live_server)  # a phone that only confirms
        theirs.close()
        theirs = third
        other.goto(link)
        assert other.locator("button.confirm").count() == 1
        problems += misfits(other, f"{kind}-to-confirm")
        view = other.locator("#sheet-view")
        for b in [el.bounding_box() for el in view.locator("td, th, .totals").all()]:
            if b and b["width"] and b["x"] + b["width"] > PHONE["width"] + 0.5:
                problems.append(f"{kind}-to-confirm: the sheet runs to {b['x'] + b['width']:.0f} px")
                break
    finally:
        ours.close()
        theirs.close()
    assert not problems, "\n".join(problems)


DIRECTOR_PAGES = {
    "calypso": lambda: pairs_night(),
    "auction": lambda: pairs_night(type="auction-pairs", auction={"hands": 3}),
    "embers": lambda: pairs_night(game=Event.Game.EMBERS, embers_hands=4),
    "three": lambda: individual_night(7),
}


@pytest.mark.parametrize("kind", list(DIRECTOR_PAGES))
def test_the_directors_score_entry_fits_a_360_px_phone(browser, live_server, kind):
    event = DIRECTOR_PAGES[kind]()
    context, page = new_phone(browser, live_server)
    try:
        sign_in(page, "dora", PASSWORD)
        page.goto(f"/events/{event.pk}/games/1/scores/")
        problems = misfits(page, f"director-{kind}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
