"""How a game set tends to play out: simulation with club players, plus static hand statistics.

A hand record is more useful when it says how the set plays, the way bridge hand records print
what each side can make. ``analyse`` plays the set many times with seeded ``ClubPlayer``s at all
four seats (or uniformly random players, on the fast path) and reports, for the majors and the
minors, the mean and spread of score and net, the mean number of completed calypsoes, and whether
the set is *lopsided*: its mean net is further from zero than that of all but ``LOPSIDED_LEVEL``
(5 %) of uniformly dealt sets, with by how much and how surely it favours a side. Static statistics per
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
from .club import ClubPlayer
from .gamesets import GameSet
from .play import SIDES, play_game, simulate_random_game
from .scores import check_side, score_game
from .tricks import ALL_FOURS, BEAT_THE_LEADER, STANDARD, check_rule

LOPSIDED_LEVEL = 0.05
"""A set is lopsided when its expected net is in the outer 5 % of what uniformly dealt sets give
(both tails together), the analysis's own noise included: of sets dealt at random, one in twenty
is flagged, by design, whatever the number of games (``tests/scoring/test_analysis.py`` checks it
on 200 sets)."""
SET_SPREAD: dict[tuple[str, str], float] = {
    ("random", STANDARD): 477.0,
    ("random", BEAT_THE_LEADER): 502.0,
    ("random", ALL_FOURS): 440.0,
    ("club", STANDARD): 511.0,
    ("club", BEAT_THE_LEADER): 490.0,
    ("club", ALL_FOURS): 555.0,
}
"""Standard deviation of the expected net (majors minus minors) across uniformly dealt sets, per
players and trick rule, in points: how much the deal alone moves a set's expected net. Measured by
``bench/lopsided.py`` (docs/benchmarks.md; 1,000 sets × 100 random games; three samples of 500,
600 and 1,500 sets of club games, pooled; ±2–4 %): the spread of the sets' mean nets less the
part their own games' noise explains. The centre is taken as zero, as the symmetry of the deal suggests:
measured, it is −26 to −33 (± 15) for random players and −36 to +16 (± 22) for club players, and a
centre 30 points off zero would move the flag rate from 5 % to 5.05 %."""
GAME_SPREAD: dict[tuple[str, str], float] = {
    ("random", STANDARD): 552.0,
    ("random", BEAT_THE_LEADER): 560.0,
    ("random", ALL_FOURS): 602.0,
    ("club", STANDARD): 375.0,
    ("club", BEAT_THE_LEADER): 395.0,
    ("club", ALL_FOURS): 591.0,
}
"""Standard deviation of one game's net about its set's expected net, pooled over the same sets:
the noise an analysis of ``games`` games adds to a set's mean net is this over √games. The flag
uses this pooled figure rather than the set's own sample spread, which with a few games is itself
too noisy (two games could show none at all) and would make the flag fire more often than stated."""
_Z95 = 1.959963984540054  # the two-sided 95 % point of the normal distribution
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
    margin: float
    """Half the 95 % interval of the mean net from the simulated games (± this many points; 0 with
    a single game, which gives no spread to go by)."""
    confidence: float
    """How sure the analysis is that the set favours ``favoured`` at all, from its own games: the
    chance that the expected net has the sign of the mean net (0.5 to 1)."""
    tail: float
    """The share of uniformly dealt sets, analysed with as many games, whose mean net is at least
    this far from zero either way (1 for a mean net of zero; lopsided below ``LOPSIDED_LEVEL``)."""
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
        per side, the lopsided flag, how many games it rests on, how surely the set favours a side
        (``margin``, ``confidence``, ``tail``: the hand record words them), the ``verdict`` in English
        (the game-set page shows it) and a one-line note."""
        note = f"{self.players} players, rule {self.rule}"
        return {
            "expected_net_majors": self.majors.mean_net,
            "expected_net_minors": self.minors.mean_net,
            "lopsided": self.lopsided,
            "games": self.games,
            "margin": self.margin,
            "confidence": self.confidence,
            "tail": self.tail,
            "verdict": self.verdict(),
            "note": note,
        }

    def verdict(self) -> str:
        """One line: lopsided or balanced, which side it favours by how much and how surely, and
        how unusual that is among uniformly dealt sets."""
        if self.favoured is None:
            return "balanced: favours neither side"
        lean = f"favours the {self.favoured} by {abs(self.majors.mean_net):.0f}"
        if self.games >= 2:
            lean += f" ± {self.margin:.0f} ({format_share(self.confidence)} sure it favours them)"
        flag = "lopsided" if self.lopsided else "balanced"
        return f"{flag}: {lean}; {format_share(self.tail)} of uniformly dealt sets lean as far"


def format_share(share: float) -> str:
    """A share (0 to 1) as a hand record prints it: ``12.3 %``, ``< 0.1 %``, ``> 99.9 %``."""
    if share < 0.001:
        return "< 0.1 %"
    if share > 0.999:
        return "> 99.9 %"
    return f"{100 * share:.1f} %"


def lopsidedness(mean_net: float, sd_net: float, games: int, players: str, rule: str) -> tuple[float, float, float]:
    """``(margin, confidence, tail)`` of a set whose ``games`` simulated games gave this mean and
    standard deviation of the net (see ``Analysis``).

    ``margin`` and ``confidence`` rest on the set's own games: the mean's standard error is
    ``sd_net / √games`` (none with one game). ``tail`` compares the mean with uniformly dealt sets:
    their expected nets spread as a normal distribution about zero with ``SET_SPREAD``, and an
    analysis of ``games`` games adds ``GAME_SPREAD / √games`` of noise to each; so among uniformly
    dealt sets analysed the same way, exactly ``LOPSIDED_LEVEL`` have ``tail < LOPSIDED_LEVEL``.
    """
    error = sd_net / math.sqrt(games) if games >= 2 else 0.0
    margin = _Z95 * error
    distance = abs(mean_net)
    if error > 0:
        confidence = 0.5 * (1 + math.erf(distance / (error * math.sqrt(2))))
    else:
        confidence = 1.0 if distance > 0 else 0.5
    key = (players, rule)
    spread = math.sqrt(SET_SPREAD[key] ** 2 + GAME_SPREAD[key] ** 2 / games)
    tail = math.erfc(distance / (spread * math.sqrt(2)))
    return margin, confidence, tail


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
    margin, confidence, tail = lopsidedness(mean_net, sd_net, games, players, rule)
    lopsided = games >= 2 and tail < LOPSIDED_LEVEL
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
        margin=margin,
        confidence=confidence,
        tail=tail,
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
    verdict = result.verdict()
    lines.append("LOPSIDED" + verdict[len("lopsided") :] if result.lopsided else verdict.capitalize())
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
