"""``scoring.auction.three``: the three-handed pad's messages, word for word (issue #22, mutation testing)."""

from __future__ import annotations

import pytest

from scoring.auction import AuctionError
from scoring.auction.three import ThreeHandedHand

PLAYERS = ("Ann", "Bob", "Cy")
HAND = {"declarer": "Ann", "contract": "290H", "results": {"Ann": 300, "Bob": -10, "Cy": 0}}


def test_unknown_keys_are_all_named_in_order():
    data = {**HAND, "notes": "x", "extra": 1}
    with pytest.raises(AuctionError) as info:
        ThreeHandedHand.from_dict(data, PLAYERS)
    assert str(info.value) == "unknown key extra, notes (a hand has declarer, contract, results)"
