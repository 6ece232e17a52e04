"""Playing Auction Calypso: a whole game card by card, its record and replay, and bots (AUCTION.md).

``AuctionGame`` referees one game: the optional draft, then per hand the deal from the 104-card
double pack (less the cards on the table), the auction (``scoring.auction.Auction``), declarer's
gift of trumps, 13 tricks, selling when the contract is in limbo, and ditching (down to the
26-card cap). Each hand is scored by the score pad, ``score_hand``, from the counts the play
produced; the engine also keeps its own accounting trick by trick (``HandRecord.ledger``), and the
two must agree (tests/scoring/test_auction_play.py, bench/auction.py).

**Trick play reuses the standard engine.** ``_fastplay.resolve_trick`` and ``take_trick`` work on
seats whose personal suit is their own number (S 0, H 1, D 2, C 3: partner ``seat ^ 1``, side
``seat >> 1``). In Auction Calypso the trumps change each hand, so the engine *relabels* the suits
for the hand: a card of the suit held as trump by seat ``k`` is played as a card of suit ``k``.
Relabelled, a hand is a standard deal, and the side's calypsos in progress of its two trump suits
are the four per-seat calypsos ``take_trick`` keeps; they are copied in before the first trick and
back after the last (the side's other two calypsos in progress wait for a later hand).

Seats are named ``S`` ``H`` ``D`` ``C`` (AUCTION.md's N E S W; see ``scoring.auction``). Sides are
``majors`` (S, H) and ``minors`` (D, C). Cards are ``Card`` objects of the 52 kinds; the double
pack holds two of each.

**Modules.** ``records`` (constants, ``IllegalMove``, ``HandRecord``), ``game`` (``AuctionGame``,
``replay``) with its parts ``draft`` (the draft) and ``selling`` (selling, ditching, the next hand),
and ``bots`` (``RandomBot``, ``SimpleBot``, ``advance``, ``play_auction_game``); this package
re-exports their public names, so ``from scoring.auction_play import X`` works as before.
"""

from __future__ import annotations

# Every public name of the former single module, re-exported (``__all__`` is unchanged).
from ..auction import parse_call
from .bots import AuctionBot, RandomBot, SimpleBot, advance, play_auction_game
from .game import AuctionGame, replay
from .records import (  # noqa: F401
    DRAFT_CARDS,
    DRAFT_ROUNDS,
    HAND_SIZE,
    ORDER,
    PACK,
    PACK_COPIES,
    PHASES,
    RECORD_FORMAT,
    HandRecord,
    IllegalMove,
)

__all__ = [
    "RECORD_FORMAT",
    "AuctionBot",
    "AuctionGame",
    "HandRecord",
    "IllegalMove",
    "RandomBot",
    "SimpleBot",
    "advance",
    "parse_call",
    "play_auction_game",
    "replay",
]
