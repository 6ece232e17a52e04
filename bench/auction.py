"""Benchmark: Auction Calypso hands per second and µs per card, beside the Calypso referee API per card.

A hand is one deal of 52 cards from the double pack less the cards on the table, its auction, the
gift of trumps, 13 tricks through ``AuctionGame.play`` (the standard engine's ``resolve_trick`` and
``take_trick`` on relabelled suits), the sale when in limbo, ditching, and the score pad. Games of
``--hands`` hands are played by four ``RandomBot``s and by four ``SimpleBot``s (seeded, so reruns
play the same games). Each game is dropped as soon as it is counted, so the cyclic garbage
collector is not left following every game played so far (it was about 30 % of the old figure).

Per card, two figures: **whole hands** (everything above ÷ 52 cards) and **card play** (the 52
plays of a hand, tricks resolved and placed and the hand's accounting at its end, ÷ 52). The
baseline, in the same run and interleaved round by round, is the Calypso referee API: whole games
of ``play_game(game_set, RandomPlayer)`` (208 cards) ÷ 208. Issue 34's goal: card play with
random bots ≤ 2 × the referee API per card. Rounds give min · median.

Afterwards (not timed) every hand's ``HandRecord.disagreements()`` must be empty — the score pad's
score of the engine's counts equals the engine's own accounting, T + P = 52, and each side's table
is conserved — and every game must replay from its record to the same totals.

    .venv/bin/python bench/auction.py [--total 4000] [--hands 4] [--rounds 5] [--draft] [--rule ...] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.auction import score_hand
from scoring.auction_play import AuctionGame, RandomBot, SimpleBot, advance, replay
from scoring.cards import SUITS
from scoring.gamesets import deal_game_sets
from scoring.play import RandomPlayer, play_game
from scoring.tricks import RULES, STANDARD

BOTS = {"random": RandomBot, "simple": SimpleBot}
GOAL = 2.0  # card play per card, as a multiple of the referee API's (issue 34)
AFTER_PLAY = ("sell", "ditch", "auction", "draft", "over")


def games(kind: str, total: int, hands: int, draft: bool, rule: str):
    """The games of a run, one at a time: ``(game number, bots, a fresh AuctionGame)``."""
    for g in range(-(-total // hands)):
        bots = {seat: BOTS[kind](1000 * g + i) for i, seat in enumerate(SUITS)}
        yield g, bots, lambda g=g: AuctionGame(hands, "SDHC"[g % 4], draft=draft, seed=g, rule=rule)


class Clock:
    """Wall and CPU seconds added up over the stretches timed."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    def __enter__(self) -> Clock:
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_exc) -> None:
        self.wall += time.perf_counter() - self._wall
        self.cpu += time.process_time() - self._cpu


def play(kind: str, total: int, hands: int, draft: bool, rule: str, sets=None, seed: int = 0):
    """Play ``total`` hands: (whole hands, card play, referee API) ``Clock``s, hands, outcomes.

    Card play is timed from the first card of a hand to the phase after its last one. With ``sets``,
    one referee API game (208 cards, about a game's cards here) is played after each Auction game
    on its own clock, so the two are measured under the same load."""
    whole, in_play, api = Clock(), Clock(), Clock()
    played = 0
    outcomes: Counter = Counter()
    for g, bots, new in games(kind, total, hands, draft, rule):
        with whole:
            game = new()
            while game.phase != "over":
                advance(game, bots, until=("play",))
                if game.phase == "play":
                    with in_play:
                        advance(game, bots, until=AFTER_PLAY)
        played += len(game.records)
        outcomes.update(r.score.outcome for r in game.records)
        del game  # counted: let it go
        if sets is not None:
            with api:
                play_game(sets[g % len(sets)], RandomPlayer(seed + g))
    return whole, in_play, api, played, outcomes


def check(kind: str, total: int, hands: int, draft: bool, rule: str) -> tuple[int, int, int, list, float]:
    """The same games again: (hands, hands agreeing, games replayed alike, first problems, seconds of
    the score pad per hand). The score pad (``score_hand``) scores each hand as its last card is
    played, so it is inside the card play's figure; it is timed here on its own, hand by hand."""
    hands_seen = agreeing = replayed = 0
    problems: list = []
    pad = Clock()
    for g, bots, new in games(kind, total, hands, draft, rule):
        game = new()
        advance(game, bots)
        for record in game.records:
            with pad:
                score_hand(record.contract, record.declarers, record.defenders, record.sell, game.values)
            found = record.disagreements()
            hands_seen += 1
            agreeing += not found
            problems.extend((g, record.number, p) for p in found[: 5 - len(problems)])
        replayed += replay(game.record()).totals == game.totals
    return hands_seen, agreeing, replayed, problems, pad.wall / max(1, hands_seen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--total", type=int, default=4000, help="hands per kind of bot and round (default 4,000)")
    parser.add_argument("--hands", type=int, default=4, help="hands a game (default 4)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--draft", action="store_true", help="start each game with the draft")
    parser.add_argument("--rule", default=STANDARD, choices=RULES)
    parser.add_argument("--profile", action="store_true", help="cProfile 500 hands of random bots")
    args = parser.parse_args()

    print(
        f"Python {platform.python_version()} on {platform.machine()}, one core; games of {args.hands} hands, "
        f"{'with' if args.draft else 'no'} draft, rule {args.rule}; {args.rounds} rounds, min · median"
    )
    sets = deal_game_sets(100, seed="5eed")
    for i, game_set in enumerate(sets):  # every set prepared once: the baseline is the API replaying sets
        play_game(game_set, RandomPlayer(i))
    failed = 0
    for kind in BOTS:
        play(kind, min(200, args.total), args.hands, args.draft, args.rule)  # warm up
        whole, card, base, rates, ratios, cpu_ratios = [], [], [], [], [], []
        for r in range(args.rounds):
            timed, in_play, api, played, outcomes = play(
                kind, args.total, args.hands, args.draft, args.rule, sets, 10_000 * r
            )
            cards, api_cards = played * 52, -(-args.total // args.hands) * 208
            whole.append(timed.wall / cards * 1e6)
            card.append(in_play.wall / cards * 1e6)
            base.append(api.wall / api_cards * 1e6)
            rates.append(played / timed.wall)
            ratios.append((whole[-1] / base[-1], card[-1] / base[-1]))
            api_cpu = api.cpu / api_cards
            cpu_ratios.append((timed.cpu / cards / api_cpu, in_play.cpu / cards / api_cpu))

        def mm(values, fmt="{:.2f}"):
            return f"{fmt.format(min(values))} · {fmt.format(statistics.median(values))}"

        card_ratio = [b for _, b in ratios]
        verdict = "meets" if statistics.median(card_ratio) <= GOAL else "MISSES"
        shares = ", ".join(f"{name} {outcomes[name] / played:.1%}" for name in sorted(outcomes))
        print(f"{kind:6} bots: {played:,} hands a round: {mm(rates, '{:,.0f}')} hands/s")
        print(f"{'':6}  whole hands: {mm(whole)} µs per card; card play: {mm(card)} µs per card")
        print(f"{'':6}  referee API (RandomPlayer, interleaved game by game): {mm(base)} µs per card")
        print(
            f"{'':6}  × the referee API: whole hands {mm([a for a, _ in ratios])}, card play {mm(card_ratio)}"
            + (f" — {verdict} the ≤ {GOAL:.0f}× goal" if kind == "random" else "")
        )
        print(
            f"{'':6}  by CPU time: whole hands {mm([a for a, _ in cpu_ratios])}, "
            f"card play {mm([b for _, b in cpu_ratios])}"
        )
        print(f"{'':6}  outcomes: {shares}")
        hands_seen, agreeing, replayed, problems, pad = check(kind, args.total, args.hands, args.draft, args.rule)
        pad_card = pad / 52 * 1e6
        without = [(c - pad_card) / b for c, b in zip(card, base, strict=True)]
        print(
            f"{'':6}  of the card play, the score pad at each hand's end: {pad_card:.2f} µs per card; card play "
            f"less the pad: {mm([c - pad_card for c in card])} µs per card = {mm(without)} × the referee API"
        )
        n_games = -(-args.total // args.hands)
        print(
            f"{'':6}  score pad v engine: {agreeing:,} of {hands_seen:,} hands agree; "
            f"replayed {replayed} of {n_games} games to the same totals"
        )
        for g, number, problem in problems:
            print(f"{'':6}  DISAGREES: game seed {g}, hand {number}: {problem}")
        failed += hands_seen - agreeing + n_games - replayed

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play, "random", 500, args.hands, args.draft, args.rule)
        print("\n--- cProfile, 500 hands, random bots (tottime) ---")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
