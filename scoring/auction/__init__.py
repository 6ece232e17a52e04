"""Auction Calypso: bids, the auction, the contract, trumps and the score pad (AUCTION.md §3, §5, §6).

**Seats.** AUCTION.md names the four players N, E, S, W, clockwise, partners opposite. This module
names seats as the rest of the project does, by suit letter — ``S``, ``H``, ``D``, ``C`` — in the
default orientation, clockwise ♠ → ♦ → ♥ → ♣ (RULES.md §1):

    N = ``S``    E = ``D``    S(outh) = ``H``    W = ``C``    (``COMPASS``)

so the partnerships are the project's own: N–S is the *majors* (``S``, ``H``), E–W the *minors*
(``D``, ``C``), and an Auction night reuses the directions, tallies and movements of a standard
night. A seat's letter is its **name only**: in Auction Calypso the trump suits change every hand
(``assign_trumps``), so the player in seat ``H`` may hold ♣ as trump this hand. Compass letters are
not read as seats (``S`` would be ambiguous); ``COMPASS`` translates the published rules' examples.

**Bids** are ``Bid(points, calypsos, suit)``, written ``290♥`` (no calypsos) or ``1 & 290♥``; they
rank by (calypsos, points, suit ♣ < ♦ < ♥ < ♠). ``Auction`` referees the calls; ``Contract`` is the
outcome (``1 & 290♥ XX by H``).

**The score pad.** ``score_hand(contract, declarers, defenders, sell)`` scores one hand from what
each side took (``SideHand``: trick pile T, cards added to calypsos P, calypsos completed C, and the
cards each completed calypso still needed before the hand) and says why, line by line.

Every score value is a field of ``AuctionValues`` so clubs can tune them (AUCTION.md §7).

**Modules.** ``values`` (constants, errors, ``AuctionValues``, seats), ``bidding`` (``Bid``,
``Contract``, ``Auction``, ``assign_trumps``) and ``pad`` (``SideHand``, ``HandScore``, ``score_hand``,
``hand_from_dict``, ``score_pad``) and ``three`` (three-handed Auction Calypso scored from what was
played, AUCTION.md §8 and the v0.0.1 document: ``ThreeContract``, ``score_three_hand``,
``ThreeHandedHand``, ``score_three_handed_pad``); this package re-exports their public names, so
``from scoring.auction import X`` and ``scoring.auction.X`` work as before.
"""

from __future__ import annotations

# Every public name of the former single module, re-exported (``__all__`` is unchanged).
from .bidding import Auction, Bid, Call, Contract, assign_trumps, may_follow, parse_call  # noqa: F401
from .pad import (
    HAND_FORMAT,
    HandScore,
    SideHand,
    check_hand,
    contract_points,
    hand_from_dict,
    score_hand,
    score_pad,
)
from .three import (  # noqa: F401
    ThreeBid,
    ThreeContract,
    ThreeHandedHand,
    ThreeHandedValues,
    ThreeHandScore,
    check_players,
    check_three_hand,
    score_three_hand,
    score_three_handed_pad,
)
from .values import (  # noqa: F401
    BID_SUITS,
    CALLS,
    CALYPSO_CARDS,
    COMPASS,
    DOUBLED_WORDS,
    FACTORS,
    HAND_CARDS,
    LIMBO_EXTRA,
    MAX_CALYPSOS_BID,
    MINIMUM_BID,
    ORIENTATION,
    OUTCOMES,
    POINTS_STEP,
    SIDE_OF,
    SIDES,
    VALUES,
    AuctionError,
    AuctionValues,
    IllegalCall,
    check_seat,
    left_of,
    partner_of,
)

__all__ = [
    "COMPASS",
    "HAND_FORMAT",
    "OUTCOMES",
    "VALUES",
    "Auction",
    "AuctionError",
    "AuctionValues",
    "Bid",
    "Contract",
    "HandScore",
    "IllegalCall",
    "SideHand",
    "ThreeBid",
    "ThreeContract",
    "ThreeHandScore",
    "ThreeHandedHand",
    "ThreeHandedValues",
    "assign_trumps",
    "check_hand",
    "contract_points",
    "hand_from_dict",
    "score_hand",
    "score_pad",
    "score_three_hand",
    "score_three_handed_pad",
]
