"""The draft of an Auction game (AUCTION.md §2), as a part of ``AuctionGame`` (``scoring.auction_play.game``)."""

from __future__ import annotations

from ..cards import CARDS, SUIT_SYMBOLS, SUITS, Card
from .records import _NEXT, DRAFT_CARDS, DRAFT_ROUNDS, PACK_COPIES, IllegalMove, _card


class _Draft:
    """``AuctionGame``'s draft (AUCTION.md §2): four rounds of eight face-up cards, picked in turn."""

    def _start_draft(self) -> None:
        self._pack = [c for c in range(52) for _ in range(PACK_COPIES)]
        self._random.shuffle(self._pack)
        self._round = 0
        self._start_round()

    def _start_round(self) -> None:
        self._face_up = [self._pack.pop() for _ in range(DRAFT_CARDS)]
        # Round 1 starts with dealer's left, 2 dealer's partner, 3 dealer's right, 4 dealer.
        seat = self._dealer
        for _ in range(self._round + 1):
            seat = _NEXT[seat]
        self._turn = seat

    @property
    def face_up(self) -> list[Card]:
        """The draft's face-up cards still to take."""
        return [CARDS[c] for c in self._face_up] if self.phase == "draft" else []

    def draft_options(self) -> list[Card]:
        """What the player to pick may take: the face-up cards their side does not yet have in that
        suit's calypso in progress; if there is none, every face-up card (one is turned face down)."""
        if self.phase != "draft":
            return []
        mask = self.mask[self._turn >> 1]
        takeable = [c for c in self._face_up if not mask[c // 13] >> (c % 13) & 1]
        return [CARDS[c] for c in (takeable or self._face_up)]

    def draft_pick(self, card: Card | str) -> None:
        """The player to pick takes ``card`` into their side's calypso in progress of its suit, or, when
        they cannot take any face-up card, turns ``card`` face down."""
        self._expect("draft", "pick a draft card")
        c = _card(card)
        if c not in self._face_up:
            raise IllegalMove(f"{CARDS[c]} is not face up (face up: {' '.join(map(str, self.face_up))})")
        if CARDS[c] not in self.draft_options():
            raise IllegalMove(
                f"{SUITS[self._turn]}'s side already has {CARDS[c]} in its {SUIT_SYMBOLS[SUITS[c // 13]]} calypso; "
                "take a card it can use"
            )
        side = self._turn >> 1
        s, b = c // 13, 1 << (c % 13)
        self._face_up.remove(c)
        if self.mask[side][s] & b:
            self._pack.append(c)  # face down: back into the pack
        else:
            self.mask[side][s] |= b
            self.count[side][s] += 1
        self.actions.append(["draft", str(CARDS[c])])
        if self._face_up:
            self._turn = _NEXT[self._turn]
            return
        self._round += 1
        if self._round < DRAFT_ROUNDS:
            self._start_round()
        else:
            self._start_hand()
