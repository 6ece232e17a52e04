"""The Auction engine shuffles with its own copy of ``random.Random.shuffle`` (the same draws without a
method call per card, issue 34): it must stay the very same shuffle, so a game's seed deals the same
hands and old records replay."""

from __future__ import annotations

import random

from scoring.auction_play.records import _PACK, _shuffle


def test_the_engine_s_shuffle_is_random_shuffle_draw_for_draw():
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 26, 52, 81, 104):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            _shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.random() == theirs.random()  # and the same number of draws taken


def test_the_pack_is_two_of_each_card_in_card_order():
    assert list(_PACK) == sorted(_PACK) and len(_PACK) == 104 and set(_PACK) == set(range(52))
