"""Layout in a real browser (Debian's Chromium), on a desktop (1280×900) and on a phone (390×844),
with a player whose name is 100 characters long: no director page is wider than the screen (a wide
table scrolls inside its own box), and every box of the long-named table's score sheet stays inside
its card. Set ``SCREENSHOT_DIR`` to keep a PNG of each page for a look."""

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
from tests.browser.test_club_night import shot
from tests.browser.test_table_entry import SHEET, fill_sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
LONG = "Bartholomew Maximilian Fitzgerald-Worthington-Smythe the Third of Port of Spain and San Fernando Jnr"
NAMES = ["Ann Baptiste", "Ken Joseph", "Jo Ramdin", "Al Lewis", "Mia Charles", "Raj Persad", "Lee Ward"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# How much wider than the screen the page is (0 when it fits), and the widest thing to blame.
PAGE_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const over = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
  let culprit = "";
  if (over > 0) {
    let right = 0;
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.right > right && box.width > 0) { right = box.right; culprit = el.tagName + "." + el.className; }
    }
  }
  return {over, culprit};
}"""

# Every visible input (and select) of ``card`` whose box pokes out of the card's box.
OUTSIDE = """(card) => {
  const outer = card.getBoundingClientRect();
  return [...card.querySelectorAll("input:not([type=hidden]), select")]
    .filter((el) => el.offsetParent !== null)
    .map((el) => [el.id || el.name, el.getBoundingClientRect()])
    .filter(([, b]) => b.left < outer.left - 0.5 || b.right > outer.right + 0.5
                       || b.top < outer.top - 0.5 || b.bottom > outer.bottom + 0.5)
    .map(([name, b]) => `${name} ${Math.round(b.left)}–${Math.round(b.right)}`
                        + ` (card ${Math.round(outer.left)}–${Math.round(outer.right)})`);
}"""


@pytest.fixture
def club_with_long_name():
    """A running progressive night whose table 1 seats the 100-character name in every game, game 1
    table 2 played game 1; and a finished team match (the team standings are the widest table)."""
    assert len(LONG) == 100
    user = get_user_model().objects.create_user("director", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=name) for name in [LONG, *NAMES]]
    rng = random.Random(5)

    night = events.create_event(
        phones="table", club=club, name="Friday club night", date=datetime.date(2026, 11, 20), games=3
    )
    for number, pair in enumerate(zip(players[::2], players[1::2], strict=True), start=1):
        lineup.add_partnership(
            event=night, players=pair, number=number, direction="majors" if number <= 2 else "minors"
        )
    movements.seat_event(event=night)
    events.start_event(event=night)
    first = night.rounds.get(number=1)
    results.enter_sheet(table=night.tables.get(number=2), round=first, sheet=plausible_sheet(rng), by=user)
    events.set_public_switches(event=night, standings_released=True)
    for kind in ("scoresheets", "tally-cards", "guide-cards"):
        PrintJob.objects.create(
            event=night, kind=kind, options={"paper": "a4", "lang": "en"}, status="done", done=4, total=4, size=81234,
            created_by=user,
        )  # fmt: skip

    match = events.create_event(
        phones="table",
        club=club,
        name="Team match: Sharks v Pelicans",
        date=datetime.date(2026, 11, 27),
        type="duplicate-teams",
        games=2,
    )
    pairs = [
        lineup.add_partnership(event=match, players=players[i : i + 2], number=i // 2 + 1, direction=side)
        for i, side in zip(range(0, 8, 2), ["majors", "minors"] * 2, strict=True)
    ]
    lineup.create_team(event=match, name="Sharks", partnerships=pairs[:2], number=1)
    lineup.create_team(event=match, name="Pelicans", partnerships=pairs[2:], number=2)
    deals.generate_game_sets(event=match, count=2, by=user, seed=f"{11:064x}")
    movements.seat_event(event=match)
    events.start_event(event=match)
    for round_ in match.rounds.order_by("number"):
        for table in {s.table for s in round_.seatings.select_related("table")}:
            results.enter_sheet(table=table, round=round_, sheet=plausible_sheet(rng), by=user)
    results.finish_event(event=match)
    return night, match


# How far the first message sits inside its error box's border, left and top.
INSET = """(box) => {
  const outer = box.getBoundingClientRect(), inner = box.querySelector("li").getBoundingClientRect();
  return Math.min(inner.left - outer.left, inner.top - outer.top);
}"""

# The select's width against the width it would take to show its longest choice in full.
SELECT_ROOM = """(select) => {
  const copy = select.cloneNode(true);
  copy.style.cssText = "width:auto; position:absolute; visibility:hidden";
  document.body.appendChild(copy);
  const wanted = copy.getBoundingClientRect().width;
  copy.remove();
  return select.getBoundingClientRect().width - wanted;
}"""
RED = "rgb(179, 38, 30)"  # --bad


def check_fits(page, name: str) -> list[str]:
    page.wait_for_load_state("load")
    shot(page, f"layout-{name}")
    overflow = page.evaluate(PAGE_OVERFLOW)
    return (
        [f"{name}: page {overflow['over']} px wider than the screen ({overflow['culprit']})"]
        if overflow["over"]
        else []
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_pages_fit_the_screen_and_the_long_named_sheet_keeps_its_boxes(
    browser, live_server, club_with_long_name, viewport
):
    night, match = club_with_long_name
    size = "phone" if viewport is PHONE else "desktop"
    context = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=viewport is PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems: list[str] = []
    try:
        sign_in(page, "director", PASSWORD)
        page.goto("/clubs/pos/")
        problems += check_fits(page, f"{size}-dashboard")
        # The top bar: the brand and the username do not run into each other.
        gap = page.evaluate(
            "() => document.querySelector('.topbar nav').getBoundingClientRect().left"
            " - document.querySelector('.topbar .brand').getBoundingClientRect().right"
        )
        brand_top = page.locator(".topbar .brand").bounding_box()["y"]
        nav_top = page.locator(".topbar nav").bounding_box()["y"]
        if gap < 8 and abs(brand_top - nav_top) < 4:
            problems.append(f"{size}-dashboard: the brand touches the username ({gap:.0f} px apart)")

        for path, name in [
            (f"/events/{night.pk}/games/1/scores/", "scores"),
            (f"/events/{night.pk}/", "event"),
            (f"/events/{night.pk}/print/", "print"),
            (f"/events/{night.pk}/results/", "standings"),
            (f"/events/{match.pk}/results/", "team-standings"),
            ("/api/docs/", "api-reference"),  # its tables scroll inside their own boxes
        ]:
            page.goto(path)
            problems += check_fits(page, f"{size}-{name}")
            if name == "event":
                # "Where next": the long name wraps in its column rather than pushing the games off.
                first = page.locator("table.where-next tbody th").first.bounding_box()
                if first["width"] > 300:
                    problems.append(f"{size}-event: where next's name column is {first['width']:.0f} px wide")
            if name == "scores":
                sheet = page.locator("#table-1")
                assert LONG in sheet.inner_text()
                problems += [f"{size}-scores: {where}" for where in sheet.evaluate(OUTSIDE)]
                # The name wraps in its cell rather than widening the table.
                cell = page.locator("#table-1 tr.seat-row th").first.bounding_box()
                if cell["height"] < 30:
                    problems.append(f"{size}-scores: the long name sits on one line ({cell['width']:.0f} px wide)")

        # The players' own page for table 1 (the long name's table), on the same screen.
        page.goto(f"/t/{night.tables.get(number=1).token}/")
        assert LONG in page.inner_text(".seats")
        problems += check_fits(page, f"{size}-table-entry")
        problems += [f"{size}-table-entry: {where}" for where in page.locator("#table-sheet").evaluate(OUTSIDE)]
        # Sending it with no side chosen: the message sits inside its box, clear of the border. (Send is
        # offered once the sheet adds up: typed first.)
        fill_sheet(page, SHEET["pile"])
        page.get_by_role("button", name="Send the sheet").click()
        errors = page.locator("ul.errorlist.alert:visible").first
        assert "Say which side you are" in errors.inner_text()
        if (inset := errors.evaluate(INSET)) < 8:
            problems.append(f"{size}-table-entry: the error touches its box ({inset:.0f} px in)")

        # "New club night" sent empty: the player list is marked, not the filter box above it, and
        # the Type select shows its choice in full.
        page.goto("/clubs/pos/events/new/")
        page.get_by_role("button", name="Set up and seat the tables").click()
        page.locator(".field.has-error .player-picker").wait_for()
        problems += check_fits(page, f"{size}-new-event")
        filter_border = page.locator("#player-filter").evaluate("(el) => getComputedStyle(el).borderTopColor")
        list_border = page.locator("#player-picker").evaluate("(el) => getComputedStyle(el).borderTopColor")
        if filter_border == RED or list_border != RED:
            problems.append(f"{size}-new-event: filter box {filter_border}, player list {list_border}")
        if (room := page.get_by_label("Type", exact=True).evaluate(SELECT_ROOM)) < 0:
            problems.append(f"{size}-new-event: the Type select is {-room:.0f} px too narrow for its choice")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
