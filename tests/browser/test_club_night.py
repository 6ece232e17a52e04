"""A director sets up a club night and enters a round of results through the real browser
(Debian's Chromium). Set ``SCREENSHOT_DIR`` to keep a PNG of each page for a look."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events.models import Event, Partnership
from director.results.models import Submission
from tests.browser.conftest import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
NAMES = ["Ann Baptiste", "Ken Joseph", "Jo Ramdin", "Al Lewis", "Mia Charles", "Raj Persad"]
# Adds up to 208: 13×(1+0+2+0) + (5+7+3+9) + 60 + 85. Majors 500+100 + 0+140 + 600 = 1340;
# minors 1250+60 + 0+180 + 850 = 2340; net for the majors −1000.
GOOD = {"cal": [1, 0, 2, 0], "unf": [5, 7, 3, 9], "pile": [60, 85], "rev": [0, 0, 0, 0]}
# Adds up to 208 with a revoke by Spades (260 to the minors): majors 1400+120+... see the assertions.
OTHER = {"cal": [0, 1, 0, 0], "unf": [12, 4, 6, 8], "pile": [70, 95], "rev": [1, 0, 0, 0]}


def shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def fill_sheet(page, table: int, sheet: dict) -> None:
    for i, seat in enumerate("SHDC"):
        page.fill(f"#t{table}-cal-{seat}", str(sheet["cal"][i]))
        page.fill(f"#t{table}-unf-{seat}", str(sheet["unf"][i]))
    page.fill(f"#t{table}-pile-majors", str(sheet["pile"][0]))
    page.fill(f"#t{table}-pile-minors", str(sheet["pile"][1]))
    for i, seat in enumerate("SHDC"):
        page.fill(f"#t{table}-rev-{seat}", str(sheet["rev"][i]) if sheet["rev"][i] else "")


def test_a_director_sets_up_a_club_night_and_enters_a_round(page):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    for name in NAMES:
        clubs.add_player(club=club, name=name)

    sign_in(page, "dora", PASSWORD)
    page.goto("/clubs/pos/")
    shot(page, "01-dashboard")
    page.get_by_role("link", name="New club night").first.click()
    page.wait_for_url("**/events/new/")

    # The individual movement is asked for only when the night is a progressive individual.
    movement = page.locator("#setup [name=individual_movement]")
    assert not movement.is_visible()
    page.select_option("#setup [name=type]", "progressive-individual")
    assert movement.is_visible()
    page.select_option("#setup [name=type]", "progressive-pairs")
    assert not movement.is_visible()
    page.get_by_label("Name", exact=True).fill("Friday club night")
    page.get_by_label("Games", exact=True).fill("3")
    # Tick five players through the filter (Enter ticks the only name shown), the sixth by hand.
    for name in NAMES[:5]:
        page.fill("#player-filter", name)
        page.press("#player-filter", "Enter")
    page.get_by_label("Raj Persad").check()
    page.get_by_label("Quick-add new players").fill("Lee Ward\nSam Cooper")
    assert "8 players" in page.locator("#player-count").inner_text()
    assert "4 partnerships" in page.locator("#table-estimate").inner_text()
    shot(page, "02-new-event")
    page.get_by_role("button", name="Set up and seat the tables").click()

    page.wait_for_url(re.compile(r".*/events/\d+/$"))
    event = Event.objects.get(name="Friday club night")
    assert event.status == "draft" and event.games == 3
    assert event.partnerships.count() == 4
    assert set(event.partnerships.values_list("direction", flat=True)) == {"majors", "minors"}
    assert clubs.Player.objects.filter(club=club, name__in=["Lee Ward", "Sam Cooper"]).count() == 2
    grid = page.locator("table.round-grid")
    assert grid.locator("thead th").all_inner_texts() == ["Game", "Table 1", "Table 2"]
    first = Partnership.objects.get(event=event, number=1)
    names = [m.player.name for m in first.members.order_by("position")]
    assert names[0] in page.locator('td.cell[data-table="1"][data-game="1"]').inner_text()

    page.get_by_role("button", name="Start the event").click()
    page.locator("#confirm-button").click()  # starting asks first (#30)
    page.get_by_role("link", name="Enter scores · game 1").click()
    page.wait_for_url("**/games/1/scores/")

    # A wrong sheet: the live check flags it before anything is sent.
    fill_sheet(page, 1, {**GOOD, "pile": [60, 80]})
    card = page.locator("#table-1")
    assert "✗ 203 of 208 cards" in card.locator("[data-role=check]").inner_text()
    assert "5 cards missing" in card.locator("[data-role=problems]").inner_text()
    assert card.locator("[data-role=net]").inner_text() == "–"
    shot(page, "03-live-check-wrong")

    # Saving it anyway: the server refuses, next to table 1, and writes nothing.
    fill_sheet(page, 2, OTHER)
    page.get_by_role("button", name="Save game 1").click()
    assert "Nothing was saved" in page.locator("ul.messages").inner_text()
    assert "cards add up to 203, not 208" in page.locator("#table-1 .sheet-errors").inner_text()
    assert page.locator("#table-2 .sheet-errors").count() == 0
    assert Submission.objects.filter(round__event=event).count() == 0

    # Put it right: the live check turns green and shows the scores.
    page.fill("#t1-pile-minors", "85")
    assert card.locator("[data-role=check]").inner_text() == "✓ 208 cards"
    assert card.locator("[data-role=majors]").inner_text() == "1340"
    assert card.locator("[data-role=minors]").inner_text() == "2340"
    assert card.locator("[data-role=net]").inner_text() == "-1000"
    shot(page, "04-live-check-right")
    page.get_by_role("button", name="Save game 1").click()
    assert "Saved game 1: tables 1, 2" in page.locator("ul.messages").inner_text()
    shot(page, "05-saved")

    saved = {s.table.number: s for s in Submission.objects.filter(round__event=event, round__number=1)}
    assert {n: s.status for n, s in saved.items()} == {1: "confirmed", 2: "confirmed"}
    assert (saved[1].majors, saved[1].minors, saved[1].net) == (1340, 2340, -1000)
    # Table 2: majors 0+240 + 500+80 + 700 = 1520; minors 0+120 + 0+160 + 950 + 260 (S revoked) = 1490.
    assert (saved[2].majors, saved[2].minors, saved[2].net) == (1520, 1490, 30)
    assert page.locator("#table-1 .saved-net").inner_text() == "-1000"
    assert page.locator("#table-2 .saved-net").inner_text() == "+30"

    # The event page shows game 1 complete.
    page.get_by_role("link", name="Friday club night").click()
    assert "2/2 in" in page.locator("#game-1 .round-head").inner_text()
    assert "1340–2340" in page.locator('td.cell[data-table="1"][data-game="1"]').inner_text()
    shot(page, "06-event-after-game-1")


def test_a_director_records_a_game_set_by_hand(page):
    from director.deals.models import GameSet
    from director.events import lineup
    from director.events import services as events
    from director.movements import services as movements
    from scoring import gamesets
    from scoring.cards import format_hand

    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i}") for i in range(8)]
    event = events.create_event(club=club, name="Duplicate night", date="2025-04-01", type="duplicate-pairs", games=2)
    lineup.draw_partnerships(event=event, players=players, seed=1)
    movements.seat_event(event=event)
    dealt = gamesets.deal_game_set(1, "ab" * 16)

    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{event.pk}/sets/")
    assert "Missing: 1, 2" in page.locator("main").inner_text()
    page.get_by_role("link", name="Record set 1").click()
    page.wait_for_url("**/sets/1/record/")
    assert page.locator("#remaining-count").inner_text() == "208"

    for deal in range(4):
        for seat in "SHDC":
            if (deal, seat) != (3, "C"):
                page.fill(f"#id_hand-{deal + 1}-{seat}", format_hand(dealt.hand(deal, seat)))
    assert page.locator("#remaining-count").inner_text() == "13"
    assert page.locator("#incomplete-count").inner_text() == "1 hand incomplete"
    assert page.locator("#hand-1-S [data-role=count]").inner_text() == "13 ✓"
    assert page.locator("#fill-last").is_enabled()

    # A typing slip is flagged live, next to its hand.
    good = page.input_value("#id_hand-2-H")
    page.fill("#id_hand-2-H", good + "X")
    assert "is not a rank" in page.locator("#hand-2-H [data-role=live-error]").inner_text()
    assert page.locator("#fill-last").is_disabled()
    shot(page, "07-record-hands-slip")
    page.fill("#id_hand-2-H", good)
    # Typing the 16th hand by hand: nothing is left to fill, and the hint says so.
    page.fill("#id_hand-4-C", format_hand(dealt.hand(3, "C")))
    assert page.locator("#fill-hint").inner_text() == "All 16 hands are complete: nothing is left to fill."
    assert page.locator("#fill-last").is_disabled()
    page.fill("#id_hand-4-C", "")
    assert page.locator("#fill-hint").inner_text() == "The empty hand will get the 13 cards left."

    page.get_by_role("button", name="Fill the last hand from what is left").click()
    assert "Game set 1 saved. It is complete." in page.locator("ul.messages").inner_text()
    assert page.input_value("#id_hand-4-C") == format_hand(dealt.hand(3, "C"))
    assert page.locator("#remaining-count").inner_text() == "0"
    row = GameSet.objects.get(event=event, number=1)
    assert row.complete
    assert row.deals == gamesets.GameSet.to_dict(dealt.canonical())["deals"]
    shot(page, "08-record-hands-complete")
    page.goto(f"/events/{event.pk}/sets/")
    shot(page, "09-game-sets")


def test_score_entry_fits_a_tablet_or_phone(phone_page):
    from director.events import lineup
    from director.events import services as events
    from director.movements import services as movements

    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=name) for name in [*NAMES, "Lee Ward", "Sam Cooper"]]
    event = events.create_event(club=club, name="Phone night", date="2025-04-01", games=2)
    lineup.draw_partnerships(event=event, players=players, seed=2)
    movements.seat_event(event=event)
    events.start_event(event=event)

    sign_in(phone_page, "dora", PASSWORD)
    phone_page.goto(f"/events/{event.pk}/games/1/scores/")
    fill_sheet(phone_page, 1, GOOD)
    assert phone_page.locator("#table-1 [data-role=net]").inner_text() == "-1000"
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    shot(phone_page, "10-phone-score-entry")
