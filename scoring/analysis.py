"""How a game set tends to play out: simulation with club players, plus static hand statistics.

A hand record is more useful when it says how the set plays, the way bridge hand records print
what each side can make. ``analyse`` plays the set many times with seeded ``ClubPlayer``s at all
four seats (or uniformly random players, on the fast path) and reports, for the majors and the
minors, the mean and spread of score and net, the mean number of completed calypsoes, and whether
the set is *lopsided*: its mean net is far from zero relative to its spread. Static statistics per
hand (suit lengths) and per seat over the four deals (which ranks of their own suit they hold) are
included; they need no simulation.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from . import _fastplay as fp
from .cards import PARTNER, RANKS, SUIT_NAMES, SUITS, format_hand
from .gamesets import GameSet
from .play import SIDES, ClubPlayer, play_game, simulate_random_game
from .scores import check_side, score_game
from .tricks import STANDARD, check_rule

LOPSIDED_RATIO = 0.5
"""A set is lopsided when |mean net| exceeds this many standard deviations of the net: the
favoured side then wins roughly seven games in ten."""
LOPSIDED_MIN_NET = 100
"""...and the mean net is at least this many points (ten trick-pile cards): a set whose players
hardly vary is not called lopsided for a trifle."""
PLAYERS = ("club", "random")

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each simulated game (``analyse``) or set
(``analyse_sets``)."""


@dataclass(frozen=True)
class SideStats:
    """One partnership's results over the simulated games."""

    side: str
    mean_score: float
    sd_score: float
    mean_net: float
    sd_net: float
    mean_calypsos: float
    wins: int
    """Games this side won outright (ties count for neither)."""


@dataclass(frozen=True)
class HandStats:
    """Static statistics of one hand (one seat in one deal)."""

    deal: int
    """1..4"""
    seat: str
    suit_lengths: dict[str, int]
    own_suit: str
    """The seat's own-suit cards in this hand, high first (e.g. ``AKK72``)."""
    hand: str
    """The hand in suit-grouped notation."""


@dataclass(frozen=True)
class SeatStats:
    """Static statistics of one seat over the four deals."""

    seat: str
    own_suit_cards: int
    """How many cards of its own suit the seat is dealt in the game (52 exist)."""
    partner_suit_cards: int
    own_ranks: dict[str, int]
    """Copies held of each rank of its own suit, over the four deals (ranks high first)."""
    missing_ranks: str
    """Ranks of its own suit the seat is never dealt: it must win them in tricks."""


@dataclass(frozen=True)
class Analysis:
    """The result of ``analyse``."""

    game_set: int
    rule: str
    players: str
    games: int
    seed: int | str
    majors: SideStats
    minors: SideStats
    lopsided: bool
    favoured: str | None
    """The side with the higher mean net (``None`` for exactly zero)."""
    hands: list[HandStats] = field(default_factory=list)
    seats: list[SeatStats] = field(default_factory=list)

    def side(self, name: str) -> SideStats:
        """``majors`` or ``minors``."""
        return self.majors if check_side(name) == "majors" else self.minors

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return asdict(self)

    def summary(self) -> dict[str, Any]:
        """The summary a hand record prints (the shape ``print_pdf --analysis`` reads): expected net
        per side, the lopsided flag, how many games it rests on and a one-line note."""
        if self.lopsided:
            note = f"lopsided: favours the {self.favoured}"
        else:
            note = f"balanced ({self.players} players, rule {self.rule})"
        return {
            "expected_net_majors": self.majors.mean_net,
            "expected_net_minors": self.minors.mean_net,
            "lopsided": self.lopsided,
            "games": self.games,
            "note": note,
        }


def _mean_sd(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def hand_statistics(game_set: GameSet) -> tuple[list[HandStats], list[SeatStats]]:
    """Suit lengths of the 16 hands, and per seat the own-suit ranks held across the four deals."""
    hands = []
    own: dict[str, Counter[str]] = {seat: Counter() for seat in SUITS}
    partner_cards = Counter()
    for d, deal in enumerate(game_set.deals, start=1):
        for seat in SUITS:
            cards = deal[seat]
            lengths = {suit: sum(1 for c in cards if c.suit == suit) for suit in SUITS}
            mine = sorted((c for c in cards if c.suit == seat), key=lambda c: -c.rank_value)
            own[seat].update(c.rank for c in mine)
            partner_cards[seat] += lengths[PARTNER[seat]]
            hands.append(HandStats(d, seat, lengths, "".join(c.rank for c in mine), format_hand(cards)))
    seats = [
        SeatStats(
            seat=seat,
            own_suit_cards=sum(own[seat].values()),
            partner_suit_cards=partner_cards[seat],
            own_ranks={rank: own[seat][rank] for rank in reversed(RANKS)},
            missing_ranks="".join(rank for rank in reversed(RANKS) if not own[seat][rank]),
        )
        for seat in SUITS
    ]
    return hands, seats


def _check_request(rule: str, games: int, players: str) -> None:
    check_rule(rule)
    if players not in PLAYERS:
        raise ValueError(f"unknown players {players!r} (use {' or '.join(map(repr, PLAYERS))})")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a whole number ≥ 1, not {games!r}")


def default_jobs() -> int:
    """The cores this process may use: how many sets ``analyse_sets`` analyses at once by default."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity call
        return os.cpu_count() or 1


def analyse_sets(
    sets: Iterable[GameSet],
    rule: str = STANDARD,
    games: int = 100,
    seed: int | str = 0,
    *,
    players: str = "club",
    jobs: int | None = None,
    progress: Progress | None = None,
) -> list[Analysis]:
    """``analyse`` every set of a session, ``jobs`` sets at a time in worker processes (default:
    ``default_jobs()``; 1 runs them here, one after another). The results, in the order of
    ``sets``, are exactly those of a serial run: each set's games are seeded from ``seed``, the game
    and the seat alone. ``progress(done, total)`` is called as each set finishes.
    """
    _check_request(rule, games, players)
    sets = list(sets)
    jobs = default_jobs() if jobs is None else jobs
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number ≥ 1, not {jobs!r}")
    total = len(sets)
    results: list[Analysis | None] = [None] * total
    if min(jobs, total) <= 1:
        for i, game_set in enumerate(sets):
            results[i] = analyse(game_set, rule, games, seed, players=players)
            if progress is not None:
                progress(i + 1, total)
        return results  # type: ignore[return-value]
    with ProcessPoolExecutor(max_workers=min(jobs, total)) as pool:
        futures = {
            pool.submit(analyse, game_set, rule, games, seed, players=players): i for i, game_set in enumerate(sets)
        }
        for done, future in enumerate(as_completed(futures), start=1):
            results[futures[future]] = future.result()
            if progress is not None:
                progress(done, total)
    return results  # type: ignore[return-value]


def analyse(
    game_set: GameSet,
    rule: str = STANDARD,
    games: int = 100,
    seed: int | str = 0,
    *,
    players: str = "club",
    progress: Progress | None = None,
) -> Analysis:
    """Simulate ``games`` games of ``game_set`` under ``rule`` and summarise them.

    ``players="club"`` seats four ``ClubPlayer``s (seeded from ``seed``, the game and the seat, so
    the whole analysis is deterministic); ``players="random"`` uses uniformly random legal players
    on the fast path. ``progress(done, total)`` is called after each game.
    """
    _check_request(rule, games, players)
    scores: dict[str, list[int]] = {side: [] for side in SIDES}
    calypsos: dict[str, list[int]] = {side: [] for side in SIDES}
    tables = fp.SetTables(game_set) if players == "random" else None
    for i in range(games):
        if players == "club":
            seats = {seat: ClubPlayer(f"{seed}:{i}:{seat}") for seat in SUITS}
            sheet = play_game(game_set, seats, rule).sheet_dict()
        else:
            sheet = simulate_random_game(game_set, rule, seed=f"{seed}:{i}", tables=tables)
        score = score_game(sheet)
        scores["majors"].append(score.majors)
        scores["minors"].append(score.minors)
        calypsos["majors"].append(sheet["calypsos"]["S"] + sheet["calypsos"]["H"])
        calypsos["minors"].append(sheet["calypsos"]["D"] + sheet["calypsos"]["C"])
        if progress is not None:
            progress(i + 1, games)

    nets = [a - b for a, b in zip(scores["majors"], scores["minors"], strict=True)]
    stats = {}
    for side, sign in (("majors", 1), ("minors", -1)):
        mean_score, sd_score = _mean_sd(scores[side])
        mean_net, sd_net = _mean_sd([sign * n for n in nets])
        stats[side] = SideStats(
            side=side,
            mean_score=mean_score,
            sd_score=sd_score,
            mean_net=mean_net,
            sd_net=sd_net,
            mean_calypsos=sum(calypsos[side]) / games,
            wins=sum(1 for n in nets if sign * n > 0),
        )
    mean_net, sd_net = stats["majors"].mean_net, stats["majors"].sd_net
    lopsided = games >= 2 and abs(mean_net) > max(LOPSIDED_RATIO * sd_net, LOPSIDED_MIN_NET - 1e-9)
    favoured = None if mean_net == 0 else ("majors" if mean_net > 0 else "minors")
    hands, seats = hand_statistics(game_set)
    return Analysis(
        game_set=game_set.number,
        rule=rule,
        players=players,
        games=games,
        seed=seed,
        majors=stats["majors"],
        minors=stats["minors"],
        lopsided=lopsided,
        favoured=favoured,
        hands=hands,
        seats=seats,
    )


def format_analysis(result: Analysis) -> str:
    """A plain-text report of an analysis, for the command line and hand records."""
    lines = [
        f"Game set {result.game_set}: {result.games} games, rule {result.rule}, "
        f"{result.players} players, seed {result.seed}",
        f"{'':8}{'mean score':>11}{'± sd':>8}{'mean net':>10}{'± sd':>8}{'calypsos':>10}{'wins':>6}",
    ]
    for side in (result.majors, result.minors):
        lines.append(
            f"{side.side:8}{side.mean_score:11.0f}{side.sd_score:8.0f}{side.mean_net:+10.0f}"
            f"{side.sd_net:8.0f}{side.mean_calypsos:10.2f}{side.wins:6d}"
        )
    if result.lopsided:
        lines.append(
            f"LOPSIDED: favours the {result.favoured} "
            f"(|mean net| > {LOPSIDED_RATIO} × its spread and ≥ {LOPSIDED_MIN_NET})"
        )
    else:
        lines.append("Balanced: the mean net is small against its spread.")
    lines.append("")
    lines.append("Own suit over the four deals (copies of each rank, A high):")
    for seat in result.seats:
        ranks = " ".join(f"{rank}×{n}" for rank, n in seat.own_ranks.items())
        missing = seat.missing_ranks or "none"
        lines.append(
            f"  {SUIT_NAMES[seat.seat]:9}{seat.own_suit_cards:3d} cards  {ranks}  never dealt: {missing}  "
            f"(partner's suit: {seat.partner_suit_cards})"
        )
    lines.append("")
    lines.append("Hands (suit lengths S-H-D-C; own suit):")
    for hand in result.hands:
        lengths = "-".join(str(hand.suit_lengths[s]) for s in SUITS)
        lines.append(f"  deal {hand.deal} {hand.seat}: {lengths:>11}  own {hand.own_suit or '-':14}{hand.hand}")
    return "\n".join(lines)


def compare_players(game_set: GameSet, rule: str = STANDARD, games: int = 10, seed: int | str = 0) -> float:
    """Mean net of club players against random players over ``games`` pairs of games, each pair
    swapping sides so the cards cancel: a quick check that the heuristics help (positive)."""
    from .play import RandomPlayer

    total = 0
    rng = random.Random(f"{seed}")
    for _ in range(games):
        seeds = [rng.randrange(2**32) for _ in range(4)]
        club = [ClubPlayer(s) for s in seeds[:2]]
        rand = [RandomPlayer(s) for s in seeds[2:]]
        a = play_game(game_set, {"S": club[0], "H": club[1], "D": rand[0], "C": rand[1]}, rule)
        b = play_game(game_set, {"S": rand[0], "H": rand[1], "D": club[0], "C": club[1]}, rule)
        total += a.score().net - b.score().net
    return total / (2 * games)
