"""Embers Calypso: three to six packs, fire hands played as usual, then ember hands whose calypsoes in
progress are carried from hand to hand.

The rules (issue #17; the rules page's words quoted in issue #32): "the first hand is played as usual —
this hand is known as the fire. Thereafter, from the second hand onwards (the ember hands) there is a
procedure to follow at the end of each hand": the cards not in calypsoes in progress or trick piles go
back to be dealt, and the trick-pile cards sit out the next hand. With more packs there are more fire
hands (``EmbersSettings``: with six, "four fire hands (i.e. you only start the sin-bin/green-room process
at the end of the fifth hand)"). Trick piles score 10 a card hand by hand, calypsoes 500 / 750 / 1000 as
usual, and the cards in progress 20 each at the end only. How the table keeps it (docs/variants.md,
"Embers"):

* a **fire hand** is standard Calypso: dealt from the cards not yet dealt (the packs are shuffled once,
  before the first deal), its trick piles and completed calypsoes kept on the table; so is the **first
  ember hand** (three packs: hand 2, dealt from the 104 cards not yet dealt);
* at the end of every ember hand: the **green room** (each player's calypso in progress, face up in
  front of them) carries on into the next hand (the engine's calypso masks, carried into each hand's
  ``TableGame``); the **sin bin** (every trick pile on the table — at the first ember hand's end the
  fire hands' piles too) is set aside face down for one hand, then shuffled back; the **pack** is
  everything else — the undealt cards, completed calypsoes (once scored) and the sin bin of the hand
  before — shuffled before the next deal; 13 cards to each of the four players.

At every hand's end the locations add up to 52 × packs (``EmbersGame.ledger``); within a hand the 52
cards dealt = 13 × calypsoes completed + growth of the green room + trick piles (``check_pad``).

``EmbersHand`` is one line of the score pad (what the table writes after a hand), ``check_pad`` /
``score_embers`` check and score a pad with running totals; ``EmbersGame`` plays a game card by
card on ``table_play.TableGame`` (one single-deal table set per hand), so the trick rules and
placement are the play engine's. Partnerships as standard Calypso: majors (♠♥) v minors (♦♣).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import CARDS, SUIT_INDEX, SUITS, Card
from .embers_settings import DEFAULTS, EmbersSettings
from .play import IllegalPlay, RandomPlayer, ReplayError
from .scores import (
    CALYPSO_CARDS,
    DIRECTIONS,
    REVOKE_POINTS,
    SIDE,
    TRICK_PILE_POINTS,
    UNFINISHED_POINTS,
    ScoreSheetError,
    _counts,
    _pile_problems,
    _player_problems,
    calypso_points,
)
from .table_play import EMBERS_PACKS, TableGame, TableSet
from .tricks import STANDARD, check_rule

DECK = EMBERS_PACKS * len(CARDS)  # 156: three packs, the least (EmbersSettings.deck for more)
HAND_CARDS = 4 * CALYPSO_CARDS  # 52 dealt each hand
PER_SUIT = EMBERS_PACKS * CALYPSO_CARDS  # 39 cards of a suit in three packs (EmbersSettings.per_suit)
CLOCKWISE = "SDHC"
RECORD_FORMAT = "calypso-embers/2"
OLD_RECORD_FORMAT = "calypso-embers/1"  # dealt hand 2 from hand 1's cards sent back: not replayable


# --- the score pad ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EmbersHand:
    """One hand on the Embers pad: ``calypsos`` completed in the hand per player, ``unfinished``
    cards in each player's calypso in progress at its end (the green room), ``trick_piles`` the
    cards each side won to its pile in the hand (bound for the sin bin), ``revokes`` per player."""

    calypsos: dict[str, int]
    unfinished: dict[str, int]
    trick_piles: dict[str, int]
    revokes: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EmbersHand:
        """Read ``{"calypsos": {S H D C}, "unfinished": {...}, "trick_piles": {"majors", "minors"},
        "revokes": {...}}``; ``ScoreSheetError`` for missing or non-numeric counts."""
        problems: list[str] = []
        if not isinstance(data, Mapping):
            raise ScoreSheetError(f"a hand of the pad is an object, not {type(data).__name__}")
        hand = cls(
            calypsos=_counts(data, "calypsos", SUITS, problems),
            unfinished=_counts(data, "unfinished", SUITS, problems),
            trick_piles=_counts(data, "trick_piles", DIRECTIONS, problems),
            revokes=_counts(data, "revokes", SUITS, problems, required=False),
        )
        if problems:
            raise ScoreSheetError("; ".join(problems), problems)
        return hand

    def to_dict(self) -> dict[str, Any]:
        """As JSON (``from_dict``'s shape)."""
        return {
            "calypsos": dict(self.calypsos),
            "unfinished": dict(self.unfinished),
            "trick_piles": dict(self.trick_piles),
            "revokes": {seat: self.revokes.get(seat, 0) for seat in SUITS},
        }


def _hands(pad: Sequence[EmbersHand | Mapping[str, Any]]) -> list[EmbersHand]:
    hands = []
    for n, hand in enumerate(pad, start=1):
        try:
            hands.append(hand if isinstance(hand, EmbersHand) else EmbersHand.from_dict(hand))
        except ScoreSheetError as exc:
            problems = [f"hand {n}: {p}" for p in exc.problems]
            raise ScoreSheetError("; ".join(problems), problems) from exc
    return hands


def _settings(settings: EmbersSettings | None) -> EmbersSettings:
    """The game's settings (three packs, one fire hand when not given), refused when unplayable."""
    if settings is None:
        return DEFAULTS
    if not isinstance(settings, EmbersSettings):
        raise TypeError(f"settings are EmbersSettings, not {type(settings).__name__}")
    return settings.require(short_allowed=True)


def check_pad(pad: Sequence[EmbersHand | Mapping[str, Any]], settings: EmbersSettings | None = None) -> list[str]:
    """Every problem with an Embers pad, each naming its hand (empty when it adds up).

    Per hand: counts in range (unfinished 0–12, a pile at most 52); 13 × a player's calypsoes of
    the hand + their unfinished ≤ 13 × packs (the cards of their suit, the green room's included);
    and the 52 cards dealt = 13 × calypsoes completed + (green room at the end − at the start, the
    start being the previous hand's end) + both trick piles. Up to the first ember hand nothing goes
    back to the pack (the fire hands are played as usual), so there a player's calypsoes completed
    since the first hand, with their unfinished, are at most 13 × packs. A count out of its range is
    named on its own: neither its hand's card total nor the next hand's (which starts from its green
    room) is checked. With ``settings`` (default three packs, one fire hand) a pad of more hands than
    ``settings.hands`` is refused too.
    """
    game = _settings(settings)
    try:
        hands = _hands(pad)
    except ScoreSheetError as exc:
        return exc.problems
    problems: list[str] = []
    if settings is not None and len(hands) > game.hands:
        problems.append(f"the pad has {len(hands)} hands, but the game is {game.hands}")
    per_suit = game.per_suit
    before: int | None = 0  # the green room after the hand before (None: a count of it was out of range)
    since_deal: dict[str, int] | None = dict.fromkeys(SUITS, 0)  # calypsoes not back in the pack yet
    for n, hand in enumerate(hands, start=1):
        ranged, too_many = _player_problems(hand.calypsos, hand.unfinished, hand.revokes, per_suit)
        ranged = _pile_problems(hand.trick_piles, HAND_CARDS) + ranged
        problems.extend(f"hand {n}: {p}" for p in ranged + too_many)
        if since_deal is not None and not ranged and n <= game.first_ember_hand:
            for seat in SUITS:
                since_deal[seat] += hand.calypsos[seat]
                earlier = since_deal[seat] - hand.calypsos[seat]
                cards = CALYPSO_CARDS * since_deal[seat] + hand.unfinished[seat]
                alone = CALYPSO_CARDS * hand.calypsos[seat] + hand.unfinished[seat]  # too many on its own: named
                if earlier and cards > per_suit >= alone:
                    problems.append(
                        f"hand {n}: {seat}: {since_deal[seat]} calypsos since hand 1 (none goes back to the pack "
                        f"before the end of hand {game.first_ember_hand}) and {hand.unfinished[seat]} unfinished "
                        f"make {cards} cards of one suit; there are only {per_suit} ({cards - per_suit} too many)"
                    )
        elif ranged:
            since_deal = None  # calypsoes counted on an out-of-range count say nothing
        after = sum(hand.unfinished.values())
        if not ranged and before is not None:
            completed = sum(hand.calypsos.values())
            piles = sum(hand.trick_piles.values())
            total = CALYPSO_CARDS * completed + after - before + piles
            if total != HAND_CARDS:
                gap = total - HAND_CARDS
                how = f"{-gap} missing" if gap < 0 else f"{gap} too many"
                problems.append(
                    f"hand {n}: cards add up to {total}, not the {HAND_CARDS} dealt: {how} (calypsos 13×{completed} = "
                    f"{CALYPSO_CARDS * completed}, green room {before} → {after}, trick piles "
                    f"{hand.trick_piles['majors']} + {hand.trick_piles['minors']} = {piles})"
                )
        before = None if ranged else after  # a card total built on an out-of-range count says nothing
    return problems


@dataclass(frozen=True)
class EmbersHandScore:
    """One hand scored: each player's calypso points of the hand, each side's trick-pile and revoke
    points, the side's points for the hand and its running total after it."""

    hand: int
    calypso_points: dict[str, int]
    trick_pile_points: dict[str, int]
    revoke_points: dict[str, int]
    points: dict[str, int]
    totals: dict[str, int]


@dataclass(frozen=True)
class EmbersScore:
    """A pad scored: the hands, the in-progress cards' points at the end (``None`` while the game goes
    on) and the sides' ``final`` totals (running totals plus those)."""

    hands: tuple[EmbersHandScore, ...]
    unfinished_points: dict[str, int] | None
    final: dict[str, int]

    @property
    def net(self) -> int:
        """The majors' final total minus the minors'."""
        return self.final["majors"] - self.final["minors"]

    def to_dict(self) -> dict[str, Any]:
        """As JSON: per hand the points and running totals, the end, the final totals."""
        return {
            "hands": [
                {
                    "hand": h.hand,
                    "calypso_points": h.calypso_points,
                    "trick_pile_points": h.trick_pile_points,
                    "revoke_points": h.revoke_points,
                    "points": h.points,
                    "totals": h.totals,
                }
                for h in self.hands
            ],
            "unfinished_points": self.unfinished_points,
            "final": self.final,
            "net": self.net,
        }


def score_embers(
    pad: Sequence[EmbersHand | Mapping[str, Any]], *, finished: bool = True, settings: EmbersSettings | None = None
) -> EmbersScore:
    """Score an Embers pad hand by hand (``ScoreSheetError`` naming every problem ``check_pad`` finds with
    ``settings``, default three packs and one fire hand). Fire and ember hands score alike.

    Each hand: 10 a card of a side's trick pile; each calypso a player completes is worth 500 if it
    is their first of the game, 750 the second, 1000 each later one (``scores.calypso_points``); 260
    to a side for each revoke by an opponent. When ``finished``, each card of the last hand's
    calypsoes in progress adds 20 to its player's side.
    """
    problems = check_pad(pad, settings)
    if problems:
        raise ScoreSheetError("; ".join(problems), problems)
    hands = _hands(pad)
    made = dict.fromkeys(SUITS, 0)
    totals = dict.fromkeys(DIRECTIONS, 0)
    scored = []
    for n, hand in enumerate(hands, start=1):
        calypso = {}
        for seat in SUITS:
            calypso[seat] = calypso_points(made[seat] + hand.calypsos[seat]) - calypso_points(made[seat])
            made[seat] += hand.calypsos[seat]
        piles = {side: TRICK_PILE_POINTS * hand.trick_piles[side] for side in DIRECTIONS}
        revokes = {
            side: REVOKE_POINTS * sum(hand.revokes.get(seat, 0) for seat in SUITS if SIDE[seat] != side)
            for side in DIRECTIONS
        }
        points = {
            side: sum(calypso[seat] for seat in SUITS if SIDE[seat] == side) + piles[side] + revokes[side]
            for side in DIRECTIONS
        }
        totals = {side: totals[side] + points[side] for side in DIRECTIONS}
        scored.append(EmbersHandScore(n, calypso, piles, revokes, points, totals))
    unfinished = None
    final = dict(totals)
    if finished and hands:
        unfinished = {seat: UNFINISHED_POINTS * hands[-1].unfinished[seat] for seat in SUITS}
        for seat, points in unfinished.items():
            final[SIDE[seat]] += points
    return EmbersScore(tuple(scored), unfinished, final)


# --- the game --------------------------------------------------------------------------------------------------------


def _suit_cards(seat: int, mask: int) -> list[Card]:
    return [CARDS[seat * 13 + r] for r in range(13) if mask >> r & 1]


class EmbersGame:
    """A game of Embers Calypso of ``hands`` hands with ``packs`` packs and ``fire_hands`` fire hands
    (``EmbersSettings``; a game shorter than the rules' four hands is played if asked), dealt from
    ``seed``, played card by card.

    ``to_play``, ``legal_plays()``, ``play(card)`` as ``play.GameState``; the hand in play is
    ``game`` (a ``TableGame``), ``hand`` its number (0-based). After each hand the pad gains a line
    (``pad``). After a fire hand its trick piles (``piles``) and completed calypsoes (``set_aside``)
    stay on the table and the next hand is dealt from the cards not yet dealt; after each ember hand
    the completed calypsoes and the old sin bin go back to the pack, which is shuffled, and every
    trick pile on the table goes to the sin bin; ``score()`` scores the pad.
    """

    def __init__(
        self,
        hands: int = 4,
        seed: int | str = 0,
        rule: str = STANDARD,
        *,
        first_dealer: str = "S",
        allow_revokes: bool = False,
        packs: int = EMBERS_PACKS,
        fire_hands: int = 1,
    ) -> None:
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise ValueError(f"an Embers game is a whole number of hands, at least 1, not {hands!r}")
        if first_dealer not in CLOCKWISE:
            raise ValueError(f"first dealer {first_dealer!r} is not a seat (use S, H, D or C)")
        self.settings = EmbersSettings(packs, fire_hands, hands).require(short_allowed=True)
        self.hands = hands
        self.seed = seed
        self.rule = check_rule(rule)
        self.first_dealer = first_dealer
        self.allow_revokes = allow_revokes
        self._random = random.Random(seed)
        self.pack: list[Card] = [card for card in CARDS for _ in range(packs)]
        self._random.shuffle(self.pack)  # once, before the first deal (RULES.md §2): the fire hands deal on from it
        self.piles: list[Card] = []  # the fire hands' trick piles, on the table as in standard Calypso
        self.set_aside: list[Card] = []  # calypsoes completed before the first ember hand's end
        self.sin_bin: list[Card] = []
        self.pad: list[EmbersHand] = []
        self.games: list[TableGame] = []
        self._calypsos: tuple[list[int], list[int], list[int]] = ([0] * 4, [0] * 4, [0] * 4)
        self._deal()

    @property
    def hand(self) -> int:
        """The hand in play (0-based); the last hand's number once the game is over."""
        return len(self.games) - 1

    @property
    def game(self) -> TableGame:
        """The hand in play (or the last one)."""
        return self.games[-1]

    @property
    def is_over(self) -> bool:
        """True once the last hand has been played and entered on the pad."""
        return len(self.pad) == self.hands

    @property
    def to_play(self) -> str | None:
        """The seat to play, ``None`` once the game is over."""
        return None if self.is_over else self.game.to_play

    def legal_plays(self) -> list[Card]:
        """The cards the player to play may play."""
        return [] if self.is_over else self.game.legal_plays()

    def green_room(self) -> dict[str, list[Card]]:
        """Each player's calypso in progress as carried between hands (during a hand: as it stood
        when the hand was dealt)."""
        masks = self._calypsos[0]
        return {seat: _suit_cards(SUIT_INDEX[seat], masks[SUIT_INDEX[seat]]) for seat in CLOCKWISE}

    def ledger(self) -> dict[str, int]:
        """Where the 52 × packs cards are: ``pack`` (to be dealt), ``trick_piles`` (the fire hands'
        piles, on the table), ``calypsos`` (completed in the fire hands, set aside), ``sin_bin``,
        ``green_room`` and ``in_hand`` (the 52 of the hand in play, 0 once it is over). They always
        add up to ``settings.deck``."""
        return {
            "pack": len(self.pack),
            "trick_piles": len(self.piles),
            "calypsos": len(self.set_aside),
            "sin_bin": len(self.sin_bin),
            "green_room": sum(self._calypsos[1]),
            "in_hand": 0 if self.is_over else HAND_CARDS,
        }

    def dealer(self, hand: int) -> str:
        """Who deals ``hand`` (0-based): the deal passes to the left."""
        return CLOCKWISE[(CLOCKWISE.index(self.first_dealer) + hand) % 4]

    def _deal(self) -> None:
        # Up to the first ember hand the deal goes on from the packs shuffled once; after an ember
        # hand the pack was shuffled when the cards came back (``_settle``).
        cards, self.pack = self.pack[:HAND_CARDS], self.pack[HAND_CARDS:]
        deal = {seat: tuple(cards[i * 13 : (i + 1) * 13]) for i, seat in enumerate(CLOCKWISE)}
        table_set = TableSet("embers", (deal,), self.dealer(len(self.games)))
        self.games.append(TableGame(table_set, self.rule, allow_revokes=self.allow_revokes, calypsos=self._calypsos))

    def play(self, card: Card | str) -> str | None:
        """Play ``card`` for the seat to play; returns the trick's winner when it completes one.
        ``IllegalPlay`` as ``TableGame.play`` (and after the end)."""
        if self.is_over:
            raise IllegalPlay("the game is over", deal=self.hand, trick=0, seat=None, card=None)
        winner = self.game.play(card)
        if self.game.is_over:
            self._settle()
        return winner

    def _settle(self) -> None:
        """Enter the hand on the pad and move its cards. A fire hand's trick piles and completed
        calypsoes stay on the table. At an ember hand's end the completed calypsoes (the fire hands'
        too) and the old sin bin go back to the pack, every trick pile on the table to the sin bin;
        the green room carries on."""
        game = self.game
        old_masks, _, old_done = self._calypsos
        masks, counts, done = game.calypso_state()
        completed: list[Card] = []
        to_calypsos: Counter[Card] = Counter()
        for seat in range(4):
            full = _suit_cards(seat, (1 << 13) - 1)
            completed.extend(full * (done[seat] - old_done[seat]))
            to_calypsos.update(_suit_cards(seat, masks[seat]))
            to_calypsos.subtract(_suit_cards(seat, old_masks[seat]))
        to_calypsos.update(completed)
        dealt = Counter(card for hand in game.table_set.deals[0].values() for card in hand)
        piles = dealt - to_calypsos
        assert sum(piles.values()) == sum(game.trick_piles.values()), "placement lost track of a card"
        self.pad.append(
            EmbersHand(
                calypsos={s: done[SUIT_INDEX[s]] - old_done[SUIT_INDEX[s]] for s in SUITS},
                unfinished={s: counts[SUIT_INDEX[s]] for s in SUITS},
                trick_piles=dict(game.trick_piles),
                revokes={s: game.revokes[s] for s in SUITS},
            )
        )
        if self.settings.is_fire(len(self.games)):  # played as usual: nothing goes back
            self.piles.extend(piles.elements())
            self.set_aside.extend(completed)
        else:  # the procedure: back to the pack, or to the sin bin for the next hand
            self.pack.extend(self.set_aside + completed + self.sin_bin)
            self.sin_bin = sorted([*self.piles, *piles.elements()], key=lambda card: card.index)
            self.piles, self.set_aside = [], []
            self._random.shuffle(self.pack)  # returned cards are mixed in before the next deal
        self._calypsos = (masks, counts, done)
        if not self.is_over:
            self._deal()

    def score(self) -> EmbersScore:
        """The pad scored so far (the in-progress cards count once the game is over)."""
        return score_embers(self.pad, finished=self.is_over, settings=self.settings)

    def record(self) -> dict[str, Any]:
        """The settings and each hand's dealt cards and tricks; ``replay`` plays it again."""
        return {
            "format": RECORD_FORMAT,
            "hands": self.hands,
            "packs": self.settings.packs,
            "fire_hands": self.settings.fire_hands,
            "seed": self.seed,
            "rule": self.rule,
            "first_dealer": self.first_dealer,
            "allow_revokes": self.allow_revokes,
            "deals": [
                {"dealt": game.table_set.to_dict()["deals"][0], "tricks": game.record()["deals"][0]["tricks"]}
                for game in self.games
            ],
        }


def replay(record: Mapping[str, Any]) -> EmbersGame:
    """Play an Embers record again (the deals follow from its seed); ``ReplayError`` names the first
    hand whose cards differ from the record's or the first card that cannot be played."""
    if isinstance(record, Mapping) and record.get("format") == OLD_RECORD_FORMAT:
        raise ReplayError(
            f"an Embers record of format {OLD_RECORD_FORMAT!r} was dealt by the old reading of the rules (hand 2 "
            f"from hand 1's cards sent back, not from the cards not yet dealt): it cannot be replayed"
        )
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise ReplayError(f"not an Embers record (format {RECORD_FORMAT!r})")
    try:
        game = EmbersGame(
            record["hands"],
            record["seed"],
            record.get("rule", STANDARD),
            first_dealer=record.get("first_dealer", "S"),
            allow_revokes=record.get("allow_revokes") is True,
            packs=record.get("packs", EMBERS_PACKS),
            fire_hands=record.get("fire_hands", 1),
        )
    except (KeyError, ValueError) as exc:
        raise ReplayError(f"not an Embers record: {exc}") from exc
    for h, hand in enumerate(record.get("deals") or []):
        if game.is_over or game.hand != h:
            raise ReplayError(f"hand {h + 1} is not due: the game has {game.hands} hands", deal=h)
        if hand.get("dealt") not in (None, game.game.table_set.to_dict()["deals"][0]):
            raise ReplayError(f"hand {h + 1} was dealt other cards than the seed deals", deal=h)
        for t, trick in enumerate(hand.get("tricks", [])):
            for card in trick:
                try:
                    game.play(card)
                except IllegalPlay as exc:
                    raise ReplayError(f"hand {h + 1}, trick {t + 1}: {exc}", deal=h, trick=t, card=card) from exc
    return game


def play_embers_game(
    player: RandomPlayer,
    hands: int = 4,
    seed: int | str = 0,
    rule: str = STANDARD,
    *,
    packs: int = EMBERS_PACKS,
    fire_hands: int = 1,
) -> EmbersGame:
    """A whole Embers game with ``player`` (anything with ``choose(state)``) playing every seat."""
    game = EmbersGame(hands, seed, rule, packs=packs, fire_hands=fire_hands)
    while not game.is_over:
        game.play(player.choose(game))  # type: ignore[arg-type]
    return game


__all__ = [
    "DECK",
    "RECORD_FORMAT",
    "EmbersGame",
    "EmbersHand",
    "EmbersHandScore",
    "EmbersScore",
    "EmbersSettings",
    "check_pad",
    "play_embers_game",
    "replay",
    "score_embers",
]
