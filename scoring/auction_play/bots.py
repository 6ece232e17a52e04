"""Bots for Auction Calypso (``RandomBot``, ``SimpleBot``) and the loop that lets them play a game
(``advance``, ``play_auction_game``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .. import _fastplay as fp
from ..auction import SIDES, Bid
from ..cards import CARDS, SUITS, Card
from .game import AuctionGame
from .records import _SEAT, _shuffle

# --- bots -----------------------------------------------------------------------------------------------------------


class AuctionBot(Protocol):
    """Anything that takes every decision of one seat (and of its side, for selling and ditching)."""

    def draft(self, game: AuctionGame) -> Card: ...
    def call(self, game: AuctionGame) -> object: ...
    def trumps(self, game: AuctionGame) -> dict[str, str]: ...
    def play(self, game: AuctionGame) -> Card: ...
    def sell(self, game: AuctionGame) -> bool: ...
    def ditch(self, game: AuctionGame, side: str) -> list[Card]: ...


class RandomBot:
    """Uniformly random legal choices; bids now and then (the minimum bid in a random suit, sometimes
    with more points or a calypso more), doubles sometimes, ditches only what the cap forces.
    Seeded: deterministic."""

    def __init__(self, seed: int | str | None = 0, bid_chance: float = 0.3) -> None:
        self._random = random.Random(seed)
        self._float = self._random.random
        self.bid_chance = bid_chance

    def _pick(self, items: Sequence[Any]) -> Any:
        return items[int(self._random.random() * len(items))]

    def draft(self, game: AuctionGame) -> Card:
        return self._pick(game.draft_options())

    def call(self, game: AuctionGame) -> object:
        options = game.auction.legal_calls()
        rnd = self._random.random
        if options and rnd() >= self.bid_chance:
            if "double" in options and rnd() < 0.1:
                return "double"
            if "redouble" in options and rnd() < 0.2:
                return "redouble"
            return "pass"
        bid = game.auction.minimum_bid(self._pick(SUITS))
        extra = self._pick((0, 0, 10, 30))
        calypsos = bid.calypsos + (1 if bid.calypsos < 4 and rnd() < 0.1 else 0)
        return Bid(bid.points + extra, calypsos, bid.suit)

    def trumps(self, game: AuctionGame) -> dict[str, str]:
        contract = game.record_in_play.contract
        assert contract is not None and contract.declarer is not None
        others = [s for s in SUITS if s != contract.bid.suit]
        self._random.shuffle(others)
        seats = [s for s in SUITS if s != contract.declarer]
        return {contract.declarer: contract.bid.suit, **dict(zip(seats, others, strict=True))}

    def play(self, game: AuctionGame) -> Card:
        legal = game._legal()  # card numbers: no list of Cards built
        return CARDS[legal[int(self._float() * len(legal))]]

    def sell(self, game: AuctionGame) -> bool:
        return game.can_sell and self._random.random() < 0.5

    def ditch(self, game: AuctionGame, side: str) -> list[Card]:
        table = game.table(side)
        _shuffle(self._random, table)
        return table[: game.must_ditch(side)]


class SimpleBot(RandomBot):
    """A simple club player (seeded). Drafts for its side's biggest calypsos; bids its longest suit
    when its hand and its side's calypso there promise the points (a calypso when it is nearly
    complete); gives its partner the suit of its side's biggest calypso in progress; plays greedily
    one trick deep (wins tricks worth winning cheaply, throws low cards on lost ones); always sells
    out of limbo when it can; ditches only what it must, from its smallest calypsos."""

    def draft(self, game: AuctionGame) -> Card:
        counts = game.count[_SEAT[game.to_act] >> 1]  # type: ignore[index]
        return max(game.draft_options(), key=lambda card: (counts[card.index // 13], self._random.random()))

    def _estimate(self, game: AuctionGame, seat: str, suit: str) -> tuple[int, int]:
        """(points, calypsos) this seat would dare to bid in ``suit``."""
        held = [c for c in game.hand(seat) if c.suit == suit]
        side = SIDES[_SEAT[seat] >> 1]
        on_table = game.count[SIDES.index(side)][SUITS.index(suit)]
        points = 160 + 12 * len(held) + 4 * sum(c.rank_value for c in held) // max(1, len(held))
        calypsos = 1 if on_table >= 10 else 0
        return points - points % 10, calypsos

    def call(self, game: AuctionGame) -> object:
        seat = game.to_act
        assert seat is not None
        auction = game.auction
        best: Bid | None = None
        for suit in SUITS:
            points, calypsos = self._estimate(game, seat, suit)
            wanted = auction.minimum_bid(suit)
            if calypsos > wanted.calypsos and wanted.points <= points:
                wanted = Bid(wanted.points, calypsos, suit)
            if wanted.points <= points + self._random.random() * 20 and (best is None or wanted > best):
                best = wanted
        options = auction.legal_calls()
        last = auction.last_bid
        bidder = auction.last_bidder
        if best is not None and (not options or bidder is None or _SEAT[bidder] >> 1 != _SEAT[seat] >> 1):
            return best
        if not options:
            return auction.minimum_bid(max(SUITS, key=lambda s: self._estimate(game, seat, s)[0]))
        if "double" in options and last is not None and last.points >= 320:
            return "double"
        return "pass"

    def trumps(self, game: AuctionGame) -> dict[str, str]:
        contract = game.record_in_play.contract
        assert contract is not None and contract.declarer is not None
        declarer = contract.declarer
        side = _SEAT[declarer] >> 1
        counts = game.count
        others = [s for s in SUITS if s != contract.bid.suit]
        # partner: our biggest calypso in progress; opponents: theirs smallest
        mine = max(others, key=lambda s: counts[side][SUITS.index(s)])
        rest = sorted((s for s in others if s != mine), key=lambda s: counts[1 - side][SUITS.index(s)])
        partner = SUITS[_SEAT[declarer] ^ 1]
        opponents = [s for s in SUITS if _SEAT[s] >> 1 != side]
        return {declarer: contract.bid.suit, partner: mine, **dict(zip(opponents, rest, strict=True))}

    def play(self, game: AuctionGame) -> Card:
        legal = game.legal_plays()
        if len(legal) == 1:
            return legal[0]
        me = game._turn
        seats = game._order(game._leader)[: len(game._trick) + 1]
        label = game._label
        trick = [label[c // 13] * 13 + c % 13 for c in game._trick]
        last = len(trick) == 3
        best, best_score = legal[0], float("-inf")
        for card in {c.index: c for c in legal}.values():
            c = label[card.index // 13] * 13 + card.index % 13
            cards = [*trick, c]
            winner = seats[fp.resolve_trick(cards, seats, game._beat_leader)]
            worth = sum(
                30 if (x // 13) >> 1 == me >> 1 and not game._mask4[x // 13] >> (x % 13) & 1 else 10 for x in cards
            )
            ours = winner >> 1 == me >> 1
            score = (worth if ours else -worth) * (1.0 if last else 0.6) - card.rank_value * 2
            score += self._random.random() * 4
            if score > best_score:
                best, best_score = card, score
        return best

    def sell(self, game: AuctionGame) -> bool:
        return game.can_sell

    def ditch(self, game: AuctionGame, side: str) -> list[Card]:
        s = SIDES.index(side)
        need = game.must_ditch(side)
        cards = sorted(game.table(side), key=lambda card: (game.count[s][card.index // 13], card.rank_value))
        return cards[:need]


def advance(game: AuctionGame, bots: AuctionBot | Mapping[str, AuctionBot], until: tuple[str, ...] = ()) -> None:
    """Let ``bots`` (one for every seat, or one per seat) take the game's decisions until its phase is
    one of ``until`` or the game is over. A side's selling is decided by declarer's bot, its ditching
    by the bot of its first seat (S for the majors, D for the minors)."""
    by_seat = bots if isinstance(bots, Mapping) else dict.fromkeys(SUITS, bots)
    while game.phase != "over" and game.phase not in until:
        phase = game.phase
        if phase == "ditch":
            for side, seat in zip(SIDES, ("S", "D"), strict=True):
                cards = by_seat[seat].ditch(game, side)
                if cards:
                    game.ditch(side, cards)
            game.next_hand()
            continue
        if phase == "play":  # the 52 cards of a hand: the hot loop
            players = [by_seat[seat].play for seat in SUITS]
            play = game.play
            while game.phase == "play":
                play(players[game._turn](game))
            continue
        bot = by_seat[game.to_act]  # type: ignore[index]
        if phase == "auction":
            game.call(bot.call(game))
        elif phase == "draft":
            game.draft_pick(bot.draft(game))
        elif phase == "trumps":
            game.give_trumps(bot.trumps(game))
        else:
            game.sell(bot.sell(game))


def play_auction_game(
    bots: AuctionBot | Mapping[str, AuctionBot], hands: int = 4, first_dealer: str = "S", **options: Any
) -> AuctionGame:
    """Play a whole game with ``bots`` (see ``advance``); ``options`` are ``AuctionGame``'s (draft,
    seed, rule, values, table, deals)."""
    game = AuctionGame(hands, first_dealer, **options)
    advance(game, bots)
    return game
