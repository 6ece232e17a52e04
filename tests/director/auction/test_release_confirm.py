"""Releasing an Auction team match's deals asks first (#30): a single POST releases nothing."""

from __future__ import annotations

import pytest

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_releasing_the_deals_asks_first_in_plain_words(auction_teams, dora):
    url = f"/events/{auction_teams.pk}/auction-deals/"
    assert dora.post(url, {"action": "deal"}).status_code == 302
    first = dora.post(url, {"action": "release"})
    assert first.status_code == 200 and "The cards become public" in first.content.decode()
    auction_teams.refresh_from_db()
    assert not auction_teams.hands_released
    assert dora.post(url, {"action": "release", "confirm": "1"}).status_code == 302
    auction_teams.refresh_from_db()
    assert auction_teams.hands_released
