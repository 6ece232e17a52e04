"""An Auction night's phone pad survives the venue's wifi as a Calypso sheet does (table-entry.js's
drafts and outbox, one code path): the hands typed, and the side, are kept on the phone across a
reload, with the hands shown again and their live 52-card check; a pad sent without a connection is
kept on the phone and sent by itself when the connection returns, written once."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.results.models import Submission

from .test_auction_night import box, type_hand
from .test_table_offline import KEPT, kept_items

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def auction_night():
    user = get_user_model().objects.create_user("dora", password="calypso-2026")
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    members = [clubs.add_player(club=club, name=f"Player {i}") for i in range(1, 9)]
    event = events.create_event(phones="table",
        club=club, name="Auction Friday", date=datetime.date(2026, 11, 20), games=2,
        type="auction-pairs", auction={"hands": 3},
    )  # fmt: skip
    lineup.draw_partnerships(event=event, players=members, seed=1)
    movements.seat_event(event=event)
    return events.start_event(event=event)


def test_a_typed_pad_survives_a_reload_and_a_pad_sent_offline_sends_itself_once(auction_night, phone_page):
    table = auction_night.tables.get(number=1)
    phone_page.goto(f"/t/{table.token}/")
    type_hand(phone_page, 1, "H", "1", "290", "H", "1", {"♠♥": ("20", "15", "1"), "♦♣": ("12", "5", "0")})
    box(phone_page, 1, "♠♥ cards required").fill("4")
    phone_page.get_by_role("button", name="Add hand").click()
    type_hand(phone_page, 2, "D", "0", "300", "S", "2", {"♦♣": ("26", "10", "0"), "♠♥": ("10", "6", "0")})
    box(phone_page, 2, "sell").select_option("yes")
    phone_page.locator("input[name=side][value=majors]").check()

    # Reloaded (or the tab dropped): both hands are back, shown, with their check and the totals.
    phone_page.reload()
    hand_1, hand_2 = phone_page.locator("#hand-1"), phone_page.locator("#hand-2")
    assert hand_2.is_visible() and phone_page.locator("#hand-3").is_hidden()
    assert box(phone_page, 2, "points bid").input_value() == "300" and box(phone_page, 2, "sell").input_value() == "yes"
    assert box(phone_page, 1, "bid suit").input_value() == "H"
    assert hand_1.locator("[data-role=check]").text_content() == "✓ 52 cards · 1 & 290♥ X by H made (540 points)"
    assert hand_2.locator("[data-role=check]").text_content().startswith("✓ 52 cards")
    assert phone_page.locator("#table-pad [data-role=majors]").text_content() == "1780"
    assert phone_page.locator("#table-pad [data-role=minors]").text_content() == "1140"
    assert phone_page.locator("input[name=side][value=majors]").is_checked()

    # Sent without a connection: kept on the phone, nothing written, the pad still on the page.
    phone_page.context.set_offline(True)
    phone_page.get_by_role("button", name="Send the pad").click()
    phone_page.get_by_role("button", name="Send 2 hands anyway").click()  # 2 of the night's 3 (#30.8)
    phone_page.wait_for_function(f"() => document.querySelector('#send-state').textContent.includes('{KEPT}')")
    assert not Submission.objects.filter(table=table).exists()
    assert box(phone_page, 2, "points bid").input_value() == "300"

    # The wifi is back: it sends by itself, once.
    phone_page.context.set_offline(False)
    phone_page.wait_for_selector("#table-status[data-status=submitted]")
    assert "Sent" in phone_page.inner_text("#phone-note")
    sent = Submission.objects.get(table=table)
    assert (sent.status, sent.majors, sent.minors, len(sent.sheet["hands"])) == ("submitted", 1780, 1140, 2)
    assert kept_items(phone_page) == []
