"""The engine's constants and ranges as JSON, for the browser's live checks.

``js/scores.js`` (scoresheets), ``js/hands.js`` (typed hands) and ``js/auction.js`` (Auction score
pads, ``scoring.auction``) check what people type before it is
sent, with the same rules as ``scoring.scores`` and ``scoring.cards``; the numbers and words they
use come from here (a ``<script type="application/json" id="calypso-rules">`` on each page that
loads them), so a rule's figures are written once. ``tests/js`` runs the scripts under node against
this package on thousands of sheets and hands.
"""

from __future__ import annotations

from dataclasses import asdict
from functools import cache
from typing import Any

from . import auction, cards, embers, embers_settings, gamesets, scores, variants
from .auction import three


@cache
def rules() -> dict[str, Any]:
    """Everything the browser's checks need to know, as JSON-ready data."""
    return {
        "cards": {
            "ranks": cards.RANKS,
            "suits": cards.SUITS,
            "symbols": dict(cards.SUIT_SYMBOLS),
            "suit_aliases": dict(cards._SUIT_ALIASES),
            "void": sorted(cards._VOID),
            "copies": cards.COPIES,
            "deck": cards.DECK_SIZE,
            "hand_size": gamesets.HAND_SIZE,
            "deals_per_game": gamesets.DEALS_PER_GAME,
        },
        "scores": {
            "seats": cards.SUITS,
            "directions": list(scores.DIRECTIONS),
            "side": dict(scores.SIDE),
            "calypso_cards": scores.CALYPSO_CARDS,
            "copies": cards.COPIES,
            "three_handed_copies": scores.THREE_HANDED_COPIES,
            "deck": cards.DECK_SIZE,
            "calypso_values": list(scores._CALYPSO_VALUES),
            "later_calypso": scores._LATER_CALYPSO,
            "unfinished_points": scores.UNFINISHED_POINTS,
            "trick_pile_points": scores.TRICK_PILE_POINTS,
            "revoke_points": scores.REVOKE_POINTS,
            "sheet_format": scores.SHEET_FORMAT,
            "forms": ["partnership", "cutthroat"],
            # count_ranges for each number of cards of a suit in play (four-handed 52, three-handed 39,
            # Embers 13 a pack: 39 to 78), keyed by that number: [most, the rule's words] per count.
            "ranges": {
                str(copies * scores.CALYPSO_CARDS): {
                    count: list(limit)
                    for count, limit in scores.count_ranges(
                        copies * scores.CALYPSO_CARDS, copies * scores.CALYPSO_CARDS * seats
                    ).items()
                }
                for copies, seats in (
                    (cards.COPIES, 4),
                    (scores.THREE_HANDED_COPIES, 3),
                    *((packs, 4) for packs in range(cards.COPIES + 1, embers_settings.MOST_PACKS + 1)),
                )
            },
            "count_digits": scores.COUNT_DIGITS,
            "neutralised_deck": variants.NEUTRALISED_DECK,
            "neutralised_seats": variants.NEUTRALISED_SEATS,
            # a club night's table of three: the forms played with 207 cards, and those scored split
            "neutralised_forms": [f for f in variants.TABLE_FORMS if variants.neutralised_cards(f)],
            "split_forms": [f for f in variants.TABLE_FORMS if variants.split_scoring(f)],
        },
        "words": scores.SHEET_WORDS,
        # Embers pads (scoring.embers): cards dealt a hand, cards of a suit in the three packs; the
        # settings a pad is checked with when the page gives none (EmbersSettings.to_dict()), and their limits
        "embers": {
            "hand_cards": embers.HAND_CARDS,
            "per_suit": embers.PER_SUIT,
            "deck": embers.DECK,
            "defaults": embers_settings.DEFAULTS.to_dict(),
            "packs": [embers_settings.LEAST_PACKS, embers_settings.MOST_PACKS],
            "least_hands": embers_settings.LEAST_HANDS,
            "most_hands": embers_settings.MOST_HANDS,
        },
        "auction": {
            # the default score values; an event's own are given to the pad (AuctionValues fields)
            "values": asdict(auction.VALUES),
            "seats": auction.ORIENTATION,
            "compass": {seat: compass for compass, seat in auction.COMPASS.items()},
            "sides": list(auction.SIDES),
            "side_of": dict(auction.SIDE_OF),
            "bid_suits": auction.BID_SUITS,
            "minimum_bid": auction.MINIMUM_BID,
            "points_step": auction.POINTS_STEP,
            "max_calypsos": auction.MAX_CALYPSOS_BID,
            "hand_cards": auction.HAND_CARDS,
            "calypso_cards": auction.CALYPSO_CARDS,
            "outcomes": list(auction.OUTCOMES),
            "doubled_words": list(auction.DOUBLED_WORDS),
            "factors": list(auction.FACTORS),
            "limbo_extra": list(auction.LIMBO_EXTRA),
            "hand_format": auction.HAND_FORMAT,
            # three-handed Auction (scoring.auction.three): its own hand, limits and figures
            "three": {
                "hand_cards": three.HAND_CARDS,
                "players": three.THREE,
                "minimum_bid": three.MINIMUM_BID,
                "minimum_calypso_points": three.MINIMUM_CALYPSO_POINTS,
                "values": asdict(three.VALUES),
                "misere": three.MISERE,
                "hand_keys": list(three.HAND_KEYS),
            },
        },
    }
