"""The club bot, ``ClubPlayer``: a sensible club player for ``play.GameState``, greedy one trick deep.

``analyse`` seats four of them for a session's hand records, so this is the hot path of an analysis.
What its candidate cards share is worked out once per choice (``ClubPlayer._best``): the trick so
far, resolved once, the players after it, and each side's worth of the trick before the card
(``_side``); each candidate then only finishes the two worths and weighs them by the chance its
side takes the trick. It reads the referee's integer state (``_fastplay``'s shapes) and imports
nothing of ``play`` at run time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import _fastplay as fp
from .cards import CARDS, Card
from .tricks import ALL_FOURS

if TYPE_CHECKING:
    from .play import GameState

# The club player's sense of value, in points: a card that joins a calypso in progress is worth its
# 20 plus a share of the 500+ a completed calypso brings; anything else taken is 10 in the pile.
_CALYPSO_CARD = 50.0
_PILE_CARD = 10.0
_LOST_CHANCE = 15.0  # our own needed card gone to the opponents' pile can never join our calypso
_NOISE = 8.0  # points of random preference: club players do not all play alike


# The seats whose calypsos a trick won by ``seat`` feeds: ``_OWNERS[cutthroat][seat]`` (in partnership
# the side's two seats in order, so both seats of a side give the same tuple).
_OWNERS = (tuple((seat & 2, seat | 1) for seat in range(4)), tuple((seat,) for seat in range(4)))


def _side(
    owners: tuple[int, ...], cards: list[int], unknown: int, mask: list[int], count: list[int]
) -> tuple[float, list[int], list[float]]:
    """What the trick is worth to the side whose calypsoes are ``owners``, before the candidate card:
    ``(value, seen, to_come)`` — the cards played so far (a card joining a calypso in progress of the
    side, once per rank, is a calypso card, any other a pile card), the ranks they add per suit, and
    per led suit the ``unknown`` cards still to come (guessed to be of the led suit; when leading, of
    the card's own). A candidate card ``c`` of suit ``s`` makes it ``value + (a calypso card if it
    joins, else a pile card) + to_come[led]``: every term added in play order, as a trick is valued
    card by card (the sums of whole points are exact; the guess for the cards to come is last)."""
    seen = [0, 0, 0, 0]
    value = 0.0
    for c in cards:
        s = c // 13
        b = 1 << (c % 13)
        if s in owners and not (mask[s] | seen[s]) & b:
            seen[s] |= b
            value += _CALYPSO_CARD
        else:
            value += _PILE_CARD
    to_come = [0.0, 0.0, 0.0, 0.0]
    if unknown:
        for suit in (cards[0] // 13,) if cards else range(4):
            need = 1 - count[suit] / 13 if suit in owners else 0.0
            to_come[suit] = unknown * (_PILE_CARD + need * (_CALYPSO_CARD - _PILE_CARD))
    return value, seen, to_come


class ClubPlayer:
    """A sensible club player, greedy one trick deep. Seeded: deterministic for a given seed.

    For each legal card it estimates the chance its side takes the trick (exact for the last
    player; otherwise from the rank of the winning card, who is still to play and the renounce
    indicators) and the value of the trick to either side (cards that complete calypsoes in
    progress are worth most). So it wins tricks holding its side's calypso cards, keeps the
    opponents' needed ranks away from them, throws junk on tricks it will lose, and leads an
    opponent's suit when it holds the top cards there. Near-equal choices are broken at random.
    """

    def __init__(self, seed: int | str | None = 0) -> None:
        self._random = random.Random(seed).random

    def choose(self, state: GameState) -> Card:
        me = state._turn
        legal = sorted(set(state._legal()))
        if len(legal) == 1:
            return CARDS[legal[0]]
        return CARDS[self._best(state, me, legal, self._random)]

    @staticmethod
    def _best(state: GameState, me: int, legal: list[int], rnd: Callable[[], float]) -> int:
        """The candidate card (of ``legal``, in order) with the highest score and a little noise
        (``rnd`` draws once per card, in order; the first of equal scores wins). A card's score: the
        chance its side takes the trick times the trick's worth to it, less the chance the opponents
        do times its worth to them (and a needed card lost), less a little for playing a high card.

        What the candidates share is worked out once: the players still to come, each side's worth
        of the trick before the card (``_side``), and the trick so far, resolved once: a candidate
        either beats its winning card (it then holds the trick, as ``_fastplay.resolve_trick`` would
        say of the whole trick) or leaves it where it is, the same outcome for every such card."""
        cards = state._cards
        k = len(cards)
        order = state._order[state._leader]  # the trick's seats in turn order: me at k
        owners = _OWNERS[state._cutthroat]
        mine = owners[me]
        opponents = []  # still to come, in turn order
        partner: tuple[int, ...] = ()  # the last of our side still to come, if any
        for seat in order[k + 1 :]:
            if seat in mine:
                partner = (seat,)
            else:
                opponents.append(seat)
        first_opponent = opponents[0] if opponents else (me + 2) % 4
        beat_leader = state._beat_leader
        renounced = state._renounced
        can_trump = 0.45 if state.rule == ALL_FOURS else 0.08 + 0.04 * state._trick_no
        mask, count = state._mask, state._count
        unknown = 3 - k
        ours_value, ours_seen, ours_come = _side(mine, cards, unknown, mask, count)
        # The other side's worth: in partnership always the opponents' (worked out here); in cutthroat
        # the player who would take the trick, worked out for each such player when first needed.
        cutthroat = state._cutthroat
        sides = {}
        if not cutthroat:
            value, seen, to_come = _side(owners[first_opponent], cards, unknown, mask, count)
        if k:  # the trick so far, resolved once
            led = cards[0] // 13
            strength = fp.STRENGTH[led]
            best = fp.LEAD[beat_leader][order[0]][cards[0]]
            held = 0
            for i in range(1, k):
                v = strength[order[i]][cards[i]]
                if v > best:
                    best = v
                    held = i
            mine_strength = strength[me]
        stays = None  # the outcome of every card that leaves the trick where it is
        best_card, best_score = legal[0], float("-inf")
        for c in legal:
            s = c // 13
            r = c % 13
            staying = False
            if not k:  # leading: the card holds the trick so far, in its own suit
                led = s
                winner, win_card, pos = me, c, 0
            elif mine_strength[c] > best:
                winner, win_card, pos = me, c, k
            elif stays is None:
                winner, win_card, pos, staying = order[held], cards[held], held, True
            else:
                winner = -1
            if winner >= 0:
                # When win_card, the trick's pos-th card, holds it for winner so far: the chance our
                # side takes the trick, and whose calypsoes it feeds if not. Each opponent still to
                # come can beat ours; otherwise the partner still to come can beat theirs (the last
                # such one counts). A player shown void in the led suit trumps more often.
                side_wins = winner in mine
                trump_in = pos > 0 and win_card // 13 == winner and winner != led
                trump_lead = pos == 0 and led == order[0]
                p_mine = 1.0 if side_wins else 0.0
                rank_left = 12 - win_card % 13
                for seat in opponents if side_wins else partner:
                    can = 0.7 if renounced[seat] >> led & 1 else can_trump
                    if trump_in or (trump_lead and beat_leader):
                        chance = can * rank_left / 12
                    elif trump_lead:
                        chance = can
                    else:
                        chance = can + (1 - can) * 0.6 * rank_left / 12
                    if side_wins:
                        p_mine *= 1 - chance
                    else:
                        p_mine = chance
                other = owners[first_opponent if side_wins else winner]
                if staying:
                    stays = (p_mine, other)
            else:
                p_mine, other = stays
            if cutthroat:
                side = sides.get(other)
                if side is None:
                    side = sides[other] = _side(other, cards, unknown, mask, count)
                value, seen, to_come = side
            # The trick's worth to either side with this card (see _side).
            bit = 1 << r
            m = mask[s]
            if s in mine:
                ours = ours_value + (_CALYPSO_CARD if not (m | ours_seen[s]) & bit else _PILE_CARD)
                # Our own needed card lost to the opponents can never join our calypso.
                lost = 0.0 if m & bit else _LOST_CHANCE
            else:
                ours = ours_value + _PILE_CARD
                lost = 0.0
            theirs = value + (_CALYPSO_CARD if s in other and not (m | seen[s]) & bit else _PILE_CARD)
            if unknown:
                ours += ours_come[led]  # led: when leading, the card's own suit
                theirs += to_come[led]
            score = p_mine * ours - (1 - p_mine) * (theirs + lost)
            # Keep high cards for later tricks unless they are needed now; near-equal cards at random.
            score = score - r * 0.4 + rnd() * _NOISE
            if score > best_score:
                best_card, best_score = c, score
        return best_card
