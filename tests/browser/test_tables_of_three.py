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
from director.standings.selectors import event_results
from tests.director.factories import seat_players

from .test_table_entry import second_phone  # noqa: F401 (a fixture: the opponents' phone)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"


def small_night(players: int, **extra):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, players + 1)]
    event = nights.set_up_night(
        phones="table",
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


def type_three(phone, counts: dict[str, tuple[int, int, int]], revokes: dict[str, int] | None = None) -> None:
    """Types a table of three's sheet: seat → (calypsoes, unfinished cards, own trick pile)."""
    for seat, (cal, unf, pile) in counts.items():
        phone.fill(f"#cal-{seat}", str(cal))
        phone.fill(f"#unf-{seat}", str(unf))
        phone.fill(f"#pile-{seat}", str(pile))
    for seat, count in (revokes or {}).items():
        phone.fill(f"#rev-{seat}", str(count))


def shown_points(phone, seats: str) -> dict[str, str]:
    return {s: phone.inner_text(f"td.points[data-seat={s}]") for s in seats}


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
    type_three(phone_page, {"S": (1, 5, 20), "H": (0, 7, 20), "C": (2, 3, 23)}, {"H": 1})
    phone_page.fill("#pile-C", "24")
    assert "not 117" in phone_page.inner_text("#live")
    phone_page.fill("#pile-C", "23")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 117 cards"
    assert shown_points(phone_page, "SHC") == {"S": "1060", "H": "340", "C": "1800"}
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


def send_and_confirm(phone, other, link: str, confirm: str) -> None:
    """The ♠/♥ side sends the typed sheet; the other side confirms it on its own phone."""
    phone.locator("input[name=side][value=majors]").check()
    phone.get_by_role("button", name="Send the sheet").click()
    phone.wait_for_selector("#table-status[data-status=submitted]")
    other.goto(link)
    other.get_by_role("button", name=confirm).click()
    other.wait_for_selector("#table-status[data-status=confirmed]")


def test_a_split_partnership_sheet_shows_the_split_totals(phone_page, second_phone):  # noqa: F811
    event = small_night(3, three_table="split")  # ♦ out: seated ♠ → ♥ → ♣
    table = event.tables.get(number=1)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    assert phone_page.inner_text("#table-variant") == "Split partnership"
    assert phone_page.locator("#cal-D").count() == 0
    # ♠ 2 calypsoes + 4 + 25 piled (55 cards); ♥ 1 + 9 + 18 (40); ♣ 0 + 2 + 20 (22), and ♣ revokes once
    type_three(phone_page, {"S": (2, 4, 26), "H": (1, 9, 18), "C": (0, 2, 20)}, {"C": 1})
    assert "not 117" in phone_page.inner_text("#live")  # 118 cards
    phone_page.fill("#pile-S", "25")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 117 cards"
    # own (cutthroat): ♠ 1250 + 80 + 250 + 260 = 1840, ♥ 500 + 180 + 180 + 260 = 1120, ♣ 40 + 200 = 240;
    # each total adds the right-hand player's (the one before clockwise): ♠ + ♣, ♥ + ♠, ♣ + ♥
    assert shown_points(phone_page, "SHC") == {"S": "2080", "H": "2960", "C": "1360"}
    send_and_confirm(phone_page, second_phone, link, "Confirm (♣)")

    row = Submission.objects.get(table=table)
    assert row.status == "confirmed" and (row.majors, row.minors) == (0, 0)
    assert (row.sheet["calypsos"], row.sheet["trick_piles"], row.sheet["revokes"]) == (
        {"S": 2, "H": 1, "C": 0},
        {"S": 25, "H": 18, "C": 20},
        {"S": 0, "H": 0, "C": 1},
    )
    at = seat_players(event, 1)
    tallies = event_results(event).tallies()
    # split total less the others' average (3 × total − 6400, halved): ♠ −80, ♥ +1240, ♣ −1160
    assert {pid: tallies[pid].nets[1] for pid in at.values()} == {at["S"]: -80, at["H"]: 1240, at["C"]: -1160}


def test_a_neutralised_sheet_of_207_cards(phone_page, second_phone):  # noqa: F811
    event = small_night(3, three_table="neutralised")  # ♣ nobody's: seated ♠ → ♦ → ♥
    table = event.tables.get(number=1)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    assert phone_page.inner_text("#table-variant").startswith("Neutralised Calypso")
    assert phone_page.locator("#cal-C").count() == 0
    # ♠ 3 calypsoes + 5 + 60 piled (104 cards); ♦ 1 + 10 + 40 (63); ♥ 0 + 0 + 41 (41): 208, one too many
    type_three(phone_page, {"S": (3, 5, 60), "D": (1, 10, 40), "H": (0, 0, 41)}, {"H": 1})
    assert "not 207" in phone_page.inner_text("#live")
    phone_page.fill("#pile-H", "40")
    assert phone_page.inner_text("#live [data-role=check]") == "✓ 207 cards"
    # own scores, ♥'s revoke giving 260 to each other player: ♠ 2250 + 100 + 600 + 260 = 3210,
    # ♦ 500 + 200 + 400 + 260 = 1360, ♥ 0 + 0 + 400 = 400
    assert shown_points(phone_page, "SDH") == {"S": "3210", "D": "1360", "H": "400"}
    send_and_confirm(phone_page, second_phone, link, "Confirm (♦)")

    row = Submission.objects.get(table=table)
    assert row.status == "confirmed" and row.sheet["form"] == "neutralised"
    assert (row.sheet["calypsos"], row.sheet["unfinished"], row.sheet["trick_piles"]) == (
        {"S": 3, "D": 1, "H": 0},
        {"S": 5, "D": 10, "H": 0},
        {"S": 60, "D": 40, "H": 40},
    )
    at = seat_players(event, 1)
    tallies = event_results(event).tallies()
    # own less the others' average ((3 × own − 4970) / 2): ♠ +2330, ♦ −445, ♥ −1885
    assert {pid: tallies[pid].nets[1] for pid in at.values()} == {at["S"]: 2330, at["D"]: -445, at["H"]: -1885}


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
    phone_page.get_by_role("radio", name="We are spades and hearts").check()
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
