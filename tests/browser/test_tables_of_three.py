"""On phones at a club night's table of three and a Duet (issue #17.7): the three-handed sheet is
typed with its live 117-card check (scores.js checkTable) and each player's score, sent by one
side and confirmed by the other; the Duet's partnership sheet likewise, with hand and dummy."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import services as events
from director.events.models import Seat
from director.movements import night as nights
from director.results.models import Submission

from .test_table_entry import second_phone  # noqa: F401 (a fixture: the opponents' phone)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"


def small_night(players: int, **extra):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, players + 1)]
    event = nights.set_up_night(
        club=club,
        name="Small night",
        date=datetime.date(2026, 11, 20),
        type="progressive-individual",
        players=[p.pk for p in members],
        seed=4,
        games=2,
        **extra,
    )
    return events.start_event(event=event)


def names_at(event, table: int) -> dict[str, str]:
    rows = Seat.objects.filter(seating__round__event=event, seating__table__number=table).select_related("player")
    return {seat.suit: seat.player.name for seat in rows}


def test_a_three_handed_sheet_on_two_phones(phone_page, second_phone):  # noqa: F811
    event = small_night(7)
    table = event.tables.get(number=2)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    assert phone_page.inner_text("#table-variant") == "Three-handed cutthroat"
    assert phone_page.locator("#cal-D").count() == 0 and phone_page.locator("#pile-majors").count() == 0
    # ♠ 1 calypso + 5 + 20 piled; ♥ 7 + 20 and a revoke; ♣ 2 calypsos + 3 + 23: 117 cards
    for seat, (cal, unf, pile) in {"S": (1, 5, 20), "H": (0, 7, 20), "C": (2, 3, 23)}.items():
        phone_page.fill(f"#cal-{seat}", str(cal))
        phone_page.fill(f"#unf-{seat}", str(unf))
        phone_page.fill(f"#pile-{seat}", str(pile))
    phone_page.fill("#rev-H", "1")
    phone_page.fill("#pile-C", "24")
    assert "not 117" in phone_page.inner_text("#live")
    phone_page.fill("#pile-C", "23")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 117 cards"
    points = {s: phone_page.inner_text(f"td.points[data-seat={s}]") for s in "SHC"}
    assert points == {"S": "1060", "H": "340", "C": "1800"}
    phone_page.locator("input[name=side][value=majors]").check()
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_selector("#table-status[data-status=submitted]")
    sent = Submission.objects.get(table=table)
    assert sent.sheet["trick_piles"] == {"S": 20, "H": 20, "C": 23} and sent.status == "submitted"

    assert "Now the ♣ side checks it" in phone_page.inner_text("#table-status")  # the ♣ player confirms
    second_phone.goto(link)
    second_phone.get_by_role("button", name="Confirm (♣)").click()
    second_phone.wait_for_selector("#table-status[data-status=confirmed]")
    sent.refresh_from_db()
    assert sent.status == "confirmed"


def test_a_duet_sheet_on_two_phones(phone_page, second_phone):  # noqa: F811
    event = small_night(2)
    table = event.tables.get(number=1)
    link = f"/t/{table.token}/"
    at = names_at(event, 1)
    phone_page.goto(link)
    assert phone_page.inner_text("#table-variant") == "Calypso Duet"
    seats = phone_page.inner_text("ul.seats")
    assert f"{at['S']} (dummy)" in seats and f"{at['C']} (dummy)" in seats
    # 13×(1+0+2+0) + (5+7+3+9) + 60 + 85 = 208: majors 1340, minors 2340
    for seat, (cal, unf) in {"S": (1, 5), "H": (0, 7), "D": (2, 3), "C": (0, 9)}.items():
        phone_page.fill(f"#cal-{seat}", str(cal))
        phone_page.fill(f"#unf-{seat}", str(unf))
    phone_page.fill("#pile-majors", "60")
    phone_page.fill("#pile-minors", "85")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 208 cards"
    assert phone_page.inner_text("#live [data-role=net]") == "-1000"
    phone_page.get_by_label("We are ♠♥").check()
    phone_page.get_by_role("button", name="Send the sheet").click()
    phone_page.wait_for_selector("#table-status[data-status=submitted]")
    second_phone.goto(link)
    second_phone.get_by_role("button", name="Confirm (♦♣)").click()
    second_phone.wait_for_selector("#table-status[data-status=confirmed]")
    row = Submission.objects.get(table=table)
    assert (row.status, row.majors, row.minors) == ("confirmed", 1340, 2340)


def test_the_set_up_page_says_what_the_odd_table_plays(page):
    from tests.browser.conftest import sign_in

    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    for i in range(1, 8):
        clubs.add_player(club=club, name=f"Player {i}")
    sign_in(page, "dora", PASSWORD)
    page.goto("/clubs/pos/events/new/")
    assert not page.locator("#id_three_table").is_visible()  # progressive pairs: no table of three
    page.select_option("#id_type", "progressive-individual")
    assert page.locator("#id_three_table").is_visible() and page.locator("#id_removed_suit").is_visible()
    for i in range(1, 8):
        page.get_by_label(f"Player {i}", exact=True).check()
    estimate = page.locator("#table-estimate")
    assert estimate.inner_text() == "7 players → a four and a three (the three plays Three-handed cutthroat)"
    page.select_option("#id_three_table", "neutralised")
    assert not page.locator("#id_removed_suit").is_visible()  # Neutralised always leaves out the 2♣
    assert "(the three plays Neutralised Calypso (207 cards, ♣ nobody's))" in estimate.inner_text()
    page.get_by_label("Player 7", exact=True).uncheck()
    page.get_by_label("Player 6", exact=True).uncheck()
    page.get_by_label("Player 5", exact=True).uncheck()
    page.get_by_label("Player 4", exact=True).uncheck()
    page.get_by_label("Player 3", exact=True).uncheck()
    assert estimate.inner_text() == "2 players → a Duet of two (Calypso Duet)"
    for i in (3, 4, 5, 6, 7):
        page.get_by_label(f"Player {i}", exact=True).check()
    page.get_by_role("button", name="Set up and seat the tables").click()
    page.wait_for_url("**/events/*/")
    assert "Neutralised Calypso" in page.inner_text("td.cell[data-table='2'][data-game='1']")
