"""An Auction Calypso night on the phones (issue 16): the director sets up an Auction progressive
pairs night on the New club night page and starts it; one phone of table 1 types the pad (the
sheets/auction/pad.html partial with the kind's auction-pad.js: the live 52-card check, sell only in limbo) and
sends it; the opponents' phone confirms it; the director's standings show the two sides' totals as
``scoring.auction.score_pad`` scores the stored hands."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.core.templatetags.calypso import suit_words
from director.events.models import Event
from director.results.models import Submission
from director.sheets.registry import kind_of
from scoring.auction import score_pad
from tests.browser.conftest import sign_in

from .test_table_entry import second_phone  # noqa: F401 (a fixture: the opponents' phone)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"
NAMES = ["Ann Baptiste", "Ken Joseph", "Jo Ramdin", "Al Lewis", "Mia Charles", "Raj Persad", "Lee Ward", "Sam Cooper"]


def box(page, hand: int, label: str):
    return page.get_by_label(f"Hand {hand} {suit_words(label)}", exact=True)  # suits spoken


def type_hand(page, hand: int, declarer: str, calypsos: str, points: str, suit: str, doubled: str, sides: dict):
    box(page, hand, "declarer").select_option(declarer)
    box(page, hand, "calypsos bid").select_option(calypsos)
    box(page, hand, "points bid").fill(points)
    box(page, hand, "bid suit").select_option(suit)
    box(page, hand, "doubled").select_option(doubled)
    for symbols, (t, p, c) in sides.items():
        box(page, hand, f"{symbols} T trick pile").fill(t)
        box(page, hand, f"{symbols} P added").fill(p)
        box(page, hand, f"{symbols} C calypsos").fill(c)


def test_an_auction_night_through_the_phone_pad(page, phone_page, second_phone):  # noqa: F811
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    for name in NAMES:
        clubs.add_player(club=club, name=name)

    # The director sets the night up: Auction Calypso, progressive pairs, 2 games of 3 hands.
    sign_in(page, "dora", PASSWORD)
    page.goto("/clubs/pos/")
    page.get_by_role("link", name="New club night").first.click()
    page.wait_for_url("**/events/new/")
    page.select_option("#setup [name=type]", "auction-pairs")
    page.get_by_label("Name", exact=True).fill("Auction Friday")
    page.get_by_label("Games", exact=True).fill("2")
    page.locator("#auction-settings summary").click()  # the settings fold away
    page.get_by_label("Hands per round").fill("3")
    page.select_option("#id_phones", "table")  # this walk drives the tables' links (issue 29: a club's option)
    for name in NAMES:
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Set up and seat the tables").click()
    page.wait_for_url(re.compile(r".*/events/\d+/$"))
    event = Event.objects.get(name="Auction Friday")
    assert kind_of(event).name == "auction" and event.auction_settings.hands == 3 and event.tables.count() == 2
    page.get_by_role("button", name="Start the event").click()
    page.locator("#confirm-button").click()  # starting asks first (#30)
    page.wait_for_selector("text=Enter scores · game 1")

    # One phone of table 1 types the pad.
    table = event.tables.get(number=1)
    link = f"/t/{table.token}/"
    phone_page.goto(link)
    pad = phone_page.locator("#table-pad .auction-pad")
    assert pad.get_attribute("data-hands") == "3"
    hand_1 = phone_page.locator("#hand-1")
    # 1 & 290♥ X by ♥, ♠♥ T 20 P 15 C 1 needing 4, ♦♣ T 12 P 4: one card short, shown live
    type_hand(phone_page, 1, "H", "1", "290", "H", "1", {"♠♥": ("20", "15", "1"), "♦♣": ("12", "4", "0")})
    box(phone_page, 1, "♠♥ cards required").fill("4")
    assert hand_1.locator("[data-role=check]").text_content() == "✗ 51 of 52 cards"
    assert "cards add up to 51, not 52" in hand_1.locator("[data-role=problems]").text_content()
    assert hand_1.locator(".pad-sell").is_hidden()  # not in limbo: no sell asked
    box(phone_page, 1, "♦♣ P added").fill("5")
    assert hand_1.locator("[data-role=check]").text_content() == "✓ 52 cards · 1 & 290♥ X by H made (540 points)"
    # hand 2: 300♠ XX by ♦, ♦♣ T 26 P 10, ♠♥ T 10 P 6 — in limbo, so the sell choice appears; sold
    phone_page.get_by_role("button", name="Add hand").click()
    type_hand(phone_page, 2, "D", "0", "300", "S", "2", {"♦♣": ("26", "10", "0"), "♠♥": ("10", "6", "0")})
    hand_2 = phone_page.locator("#hand-2")
    assert hand_2.locator(".pad-sell").is_visible()
    assert hand_2.locator("[data-role=check]").text_content() == "In limbo: sell or not?"
    box(phone_page, 2, "sell").select_option("yes")
    assert phone_page.locator("#table-pad [data-role=majors]").text_content() == "1780"
    assert phone_page.locator("#table-pad [data-role=minors]").text_content() == "1140"
    phone_page.locator("input[name=side][value=majors]").check()
    phone_page.get_by_role("button", name="Send the pad").click()
    phone_page.get_by_role("button", name="Send 2 hands anyway").click()  # 2 of the night's 3 (#30.8)
    phone_page.wait_for_selector("#table-status[data-status=submitted]")
    sent = Submission.objects.get(table=table)
    assert sent.status == "submitted" and len(sent.sheet["hands"]) == 2
    assert sent.sheet["hands"][1]["sell"] is True and "sell" not in sent.sheet["hands"][0]

    # The opponents' phone confirms it.
    second_phone.goto(link)
    assert second_phone.locator("p.totals b.majors").first.text_content() == "1780"  # what they confirm
    second_phone.get_by_role("button", name="Confirm (♦♣)").click()
    second_phone.wait_for_selector("#table-status[data-status=confirmed]")
    sent.refresh_from_db()
    assert sent.status == "confirmed"

    # The director's standings for game 1: the two sides' totals as the engine scores the stored hands.
    totals = score_pad(sent.sheet["hands"], event.auction_settings.values)[-1][1]
    assert (totals["majors"], totals["minors"]) == (1780, 1140) == (sent.majors, sent.minors)
    page.goto(f"/events/{event.pk}/results/games/1/")
    row = page.locator("tr", has=page.locator("td", has_text=re.compile(r"^1$"))).first
    cells = row.locator("td.num").all_inner_texts()
    assert cells[:3] == ["1", "1780", "1140"]
    assert cells[3] == "+640"

    # The director's score entry page shows table 1's pad with the same live check (prefix t1-).
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/events/{event.pk}/games/1/scores/")
    saved = page.locator("#t1-pad")
    assert page.locator("#t1-hand-2").get_by_label("Hand 2 points bid", exact=True).input_value() == "300"
    assert page.locator("#t1-hand-1 [data-role=check]").text_content().startswith("✓ 52 cards")
    assert page.locator("#t1-hand-1 .pad-sell").is_hidden() and page.locator("#t1-hand-2 .pad-sell").is_visible()
    assert saved.locator("[data-role=majors]").text_content() == "1780"
    assert page.locator("#t2-hand-1").is_visible() and page.locator("#t2-hand-2").is_hidden()  # blank: one hand
    assert errors == []
