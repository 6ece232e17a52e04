"""At a table of three the phone's stored pad names the seat and player who sent it ("♣ Ann sent
it"), not a side label ("♠♥ sent it") of a table without sides; on a night of player codes, the
sending player's own seat."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from director.events.models import Seat
from tests.director.auction3.test_night import WON, night  # noqa: F401 — the fixture
from tests.director.table.conftest import TableClient
from tests.director.table.test_player_codes import _with_codes, phone_of, send

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SYMBOLS = {"S": "♠", "H": "♥", "C": "♣"}


def seated(event) -> dict[str, str]:
    rows = Seat.objects.filter(round__event=event, round__number=1, seating__table__number=1).select_related("player")
    return {s.suit: s.player for s in rows}


def heading(page: str) -> str:
    found = re.search(r'<h2 id="sheet-view-head">(.*?)</h2>', page, re.S)
    assert found, page[:2000]
    return html.unescape(found.group(1))


@pytest.mark.parametrize("side", ["majors", "minors"])
def test_the_pad_names_who_sent_it_by_seat_and_name(client, night, side):  # noqa: F811
    table = night.tables.get(number=1)
    phones = TableClient(client, table)
    assert phones.submit({"hands": [WON]}, side=side).status_code in (200, 201)
    said = heading(Client().get(f"/t/{table.token}/").content.decode())
    who = seated(night)
    if side == "minors":
        assert said == f"The sheet (♣ {who['C'].name} sent it)"
    else:  # the phone said only "I hold ♠ or ♥"
        assert said == f"The sheet (♠ {who['S'].name} or ♥ {who['H'].name} sent it)"
    assert "♠♥ sent it" not in said


def test_on_a_night_of_player_codes_the_senders_own_seat(night):  # noqa: F811
    _with_codes(night)
    table = night.tables.get(number=1)
    hearts = seated(night)["H"]
    browser = phone_of(night, hearts.pk)
    assert send(browser, table, {"hands": [WON]}).status_code in (200, 201)
    said = heading(Client().get(f"/t/{table.token}/").content.decode())
    assert said == f"The sheet (♥ {hearts.name} sent it)"
