"""After an Auction hand's play (AUCTION.md §5–§7): selling when the contract is in limbo, scoring the
hand, ditching down to the cap and going on to the next hand, as a part of ``AuctionGame``
(``scoring.auction_play.game``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..auction import SIDES, score_hand
from ..cards import CARDS, Card
from .records import _NEXT, IllegalMove, _bits, _card


class _AfterHand:
    """``AuctionGame`` after the play (AUCTION.md §5–§7): selling, the score, ditching, the next hand."""

    @property
    def to_sell(self) -> int:
        """Cards declarer must sell to make a contract in limbo (0 outside the sale)."""
        if self.phase != "sell":
            return 0
        return math.ceil(self.record_in_play.ledger["short"] / self.values.sell_price)

    @property
    def can_sell(self) -> bool:
        """Whether declarer's side holds the cards in progress to sell (a side cannot sell what it has not)."""
        return self.phase == "sell" and self.on_table(SIDES[self._declarer >> 1]) >= self.to_sell

    def sell(self, yes: bool, cards: Sequence[Card | str] | None = None) -> None:
        """Declarer sells (``yes``) the cards needed to make the contract exactly, or does not.

        ``cards``: which cards of the side's calypsos in progress to sell; by default the engine
        takes them from the smallest calypsos in progress first, lowest ranks first."""
        self._expect("sell", "sell")
        if not isinstance(yes, bool):
            raise IllegalMove(f"sell is true or false, not {yes!r}")
        side = self._declarer >> 1
        sold: list[int] = []
        if yes:
            need = self.to_sell
            if cards is None:
                sold = self._cheapest(side, need)
                if len(sold) < need:
                    raise IllegalMove(
                        f"{SIDES[side]} hold {len(sold)} cards in progress and cannot sell the {need} needed"
                    )
            else:
                sold = [_card(c) for c in cards]
                if len(sold) != need:
                    raise IllegalMove(f"declarer must sell exactly {need} cards to make the contract, not {len(sold)}")
                self._check_held(side, sold)
            for c in sold:
                self.mask[side][c // 13] &= ~(1 << (c % 13))
                self.count[side][c // 13] -= 1
            self.record_in_play.sold = tuple(CARDS[c] for c in sold)
        self.actions.append(["sell", yes, [str(CARDS[c]) for c in sold]])
        self._score(yes)

    def _cheapest(self, side: int, n: int) -> list[int]:
        counts = self.count[side]
        out: list[int] = []
        for s in sorted(range(4), key=lambda s: (counts[s], s)):
            for r in _bits(self.mask[side][s]):
                if len(out) == n:
                    return out
                out.append(s * 13 + r)
        return out

    def _check_held(self, side: int, cards: list[int]) -> None:
        if len(set(cards)) != len(cards):
            raise IllegalMove("the same card is named twice (a calypso holds each rank once)")
        for c in cards:
            if not self.mask[side][c // 13] >> (c % 13) & 1:
                raise IllegalMove(f"{CARDS[c]} is not in the {SIDES[side]}' calypsos in progress")

    def _score(self, sell: bool | None) -> None:
        record = self.record_in_play
        assert record.contract is not None and record.declarers is not None and record.defenders is not None
        record.sell = sell
        score = score_hand(record.contract, record.declarers, record.defenders, sell, self.values)
        record.score = score
        ledger = record.ledger
        # The engine's contract line: win (bid + over/2) × f; sold bid + pts × (f − 1) (0/1/3 as f is 1/2/4,
        # i.e. f − 1); not sold −bid − deficit × f; lost −(bid + deficit) × f.
        bid, pts, short = record.contract.bid.points, ledger["contract_points"], ledger["short"]
        f = record.contract.factor
        outcome = ledger["outcome"]
        if outcome == "limbo":
            outcome = "limbo-sold" if sell else "limbo-unsold"
        line = {
            "win": (bid * 2 + pts - bid) * f // 2,
            "limbo-sold": bid + pts * (f - 1),
            "limbo-unsold": -bid - short * f,
            "loss": -(bid + short) * f,
        }[outcome]
        side = self._declarer >> 1
        made = outcome in ("win", "limbo-sold")
        calypsos = ledger["calypsos"]
        bonus = (self.values.calypso * calypsos + self.values.calypso_bid * record.contract.bid.calypsos) if made else 0
        ledger.update(outcome=outcome, declarers=line + bonus)
        self.totals[SIDES[side]] += score.declarers
        self.totals[SIDES[1 - side]] += score.defenders
        self.phase = "ditch"
        self._turn = -1

    def must_ditch(self, side: str) -> int:
        """Cards ``side`` must still ditch before the next hand (over the 26-card cap)."""
        return max(0, self.on_table(side) - self.values.table_cap)

    def ditch(self, side: str, cards: Sequence[Card | str]) -> None:
        """``side`` ditches ``cards`` from its calypsos in progress (no score)."""
        self._expect("ditch", "ditch")
        if side not in SIDES:
            raise IllegalMove(f"{side!r} is not a side (majors or minors)")
        s = SIDES.index(side)
        taken = [_card(c) for c in cards]
        self._check_held(s, taken)
        for c in taken:
            self.mask[s][c // 13] &= ~(1 << (c % 13))
            self.count[s][c // 13] -= 1
        record = self.record_in_play
        record.ditched[side] = record.ditched.get(side, ()) + tuple(CARDS[c] for c in taken)
        self.actions.append(["ditch", side, [str(CARDS[c]) for c in taken]])

    def next_hand(self) -> None:
        """End the hand: every side must be at or under the cap; then deal the next hand (or end)."""
        self._expect("ditch", "go on to the next hand")
        over = [f"{side} {self.on_table(side)}" for side in SIDES if self.must_ditch(side)]
        if over:
            raise IllegalMove(
                f"more than {self.values.table_cap} cards on the table ({', '.join(over)}): ditch down to "
                f"{self.values.table_cap} first"
            )
        self.record_in_play.ledger["table_after"] = (sum(self.count[0]), sum(self.count[1]))
        self.actions.append(["next"])
        if len(self.records) >= self.hands:
            self.phase = "over"
            return
        self._dealer = _NEXT[self._dealer]
        self._start_hand()

    @property
    def is_over(self) -> bool:
        return self.phase == "over"
