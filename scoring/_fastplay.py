"""The integer hot path of the play engine (private; used by ``scoring.play`` and the benchmark).

Everything here works on small integers so that a simulated game allocates almost nothing:

* a card is its ``Card.index``: ``suit * 13 + rank`` with suits in ``SUITS`` order (S H D C) and
  ranks 0 (two) .. 12 (ace);
* a seat is the index of its suit in ``SUITS``, so a seat's personal trump suit is its own number,
  its partner is ``seat ^ 1`` and its side is ``seat >> 1`` (0 majors, 1 minors);
* a calypso in progress is a 13-bit mask of ranks plus a count of its cards.

``scoring.play.GameState`` keeps its state in these shapes and calls ``resolve_trick`` and
``take_trick``; ``simulate_random`` inlines only the choice of cards (the hot part) and calls the
same two functions, so the referee and the fast path cannot drift apart.
The two are cross-checked by the tests (a simulated record replayed through ``GameState`` must give
the same result).
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import SUIT_INDEX, SUITS
from .gamesets import require_valid
from .tricks import ALL_FOURS, STANDARD, check_rule

SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
RANK_OF: tuple[int, ...] = tuple(c % 13 for c in range(52))
BIT: tuple[int, ...] = tuple(1 << (c % 13) for c in range(52))
FULL = (1 << 13) - 1


def next_seats(orientation: str) -> tuple[int, ...]:
    """``NEXT[seat]``: the seat at ``seat``'s left in this orientation (clockwise)."""
    nxt = [0] * 4
    for i, suit in enumerate(orientation):
        nxt[SUIT_INDEX[suit]] = SUIT_INDEX[orientation[(i + 1) % 4]]
    return tuple(nxt)


def _strength(c: int, seat: int, led: int) -> int:
    """How card ``c`` played by ``seat`` (not the leader) ranks in a trick led in suit ``led``
    (RULES.md §3): a trump-in (the player's own suit, not the led suit) beats every card of the led
    suit and ranks among trump-ins by rank; a card of the led suit ranks by rank; anything else
    (a discard) cannot win."""
    s, r = divmod(c, 13)
    if s == led:
        return r
    return 26 + r if s == seat else -1


def _lead_strength(c: int, leader: int, beat_leader: bool) -> int:
    """How the led card ``c`` of ``leader`` ranks on the scale of ``_strength``: a card of another suit
    than the leader's own by its rank; a trump lead beats every card of its suit, and loses to any
    trump-in under the standard rule, to a higher trump-in only under the other two (equal ranks
    stay with the leader, who played first)."""
    s, r = divmod(c, 13)
    if s != leader:
        return r
    return 26 + r if beat_leader else 25


# STRENGTH[led][seat][c], LEAD[beat_leader][leader][c]: the two functions above as lookup tables, so
# a trick's winner is the first card of the highest strength (the earlier card wins a tie).
STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_strength(c, seat, led) for c in range(52)) for seat in range(4)) for led in range(4)
)
LEAD: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_lead_strength(c, leader, beat) for c in range(52)) for leader in range(4)) for beat in (False, True)
)


def resolve_trick(cards: list[int], seats: list[int] | tuple[int, ...], beat_leader: bool) -> int:
    """Position (0..3) of the winning card; ``seats[i]`` played ``cards[i]`` (RULES.md §3).

    The first card of the highest strength wins; a whole trick of four is compared card by card
    without a loop (the referee and the Auction engine resolve every trick here)."""
    c0 = cards[0]
    best = LEAD[beat_leader][seats[0]][c0]
    strength = STRENGTH[c0 // 13]
    win = 0
    if len(cards) == 4:
        v = strength[seats[1]][cards[1]]
        if v > best:
            best = v
            win = 1
        v = strength[seats[2]][cards[2]]
        if v > best:
            best = v
            win = 2
        return 3 if strength[seats[3]][cards[3]] > best else win
    for i in range(1, len(cards)):
        v = strength[seats[i]][cards[i]]
        if v > best:
            best = v
            win = i
    return win


def take_trick(
    cards: list[int],
    winner: int,
    mask: list[int],
    count: list[int],
    done: list[int],
    pile: list[int],
    cutthroat: bool,
) -> None:
    """Place the four cards won by seat ``winner`` (RULES.md §4), mutating the counters.

    ``mask``/``count``/``done`` are per seat (calypso in progress, its size, completed calypsoes);
    ``pile`` is per side (partnership) or per seat (cutthroat). A calypso completed by this trick is
    set aside and the trick's duplicates of its suit start the next one, one per rank.
    """
    # A card feeds the winner's side's calypsoes when it is of the winner's suit (cutthroat) or of
    # either suit of the winner's side (suits 0-1 or 2-3, cards 0-25 or 26-51): ``c // per == key``.
    # ``key`` is also the winner's pile: the seat (cutthroat) or the side.
    if cutthroat:
        partner, per, key = -1, 13, winner
    else:
        partner, per, key = winner ^ 1, 26, winner >> 1
    to_pile = 0
    extra = None
    joined = False
    for c in cards:
        if c // per == key:
            s = c // 13
            b = BIT[c]
            m = mask[s]
            if m & b:
                if extra is None:
                    extra = [c]
                else:
                    extra.append(c)
            else:
                mask[s] = m | b
                count[s] += 1
                joined = True
        else:
            to_pile += 1
    if joined and (count[winner] == 13 or (partner >= 0 and count[partner] == 13)):
        to_pile += _settle(winner, partner, extra, mask, count, done)
    elif extra is not None:  # no calypso completed: every duplicate goes to the pile
        to_pile += len(extra)
    pile[key] += to_pile


def _settle(
    winner: int, partner: int, extra: list[int] | None, mask: list[int], count: list[int], done: list[int]
) -> int:
    """Finish placing a trick that has completed a calypso, once its new ranks have joined the
    calypsoes in progress.

    ``extra`` holds the trick's cards of the winner's (and partner's, ``partner`` is -1 in
    cutthroat) suit whose rank was already there. A calypso now at 13 is set aside and the
    duplicates of its suit start the next one, one per rank (the completion exception); every other
    duplicate goes to the trick pile. Returns how many cards that adds to the pile.
    """
    to_pile = 0
    for s in (winner, partner):
        if s < 0:
            continue
        if count[s] == 13:
            done[s] += 1
            m = 0
            n = 0
            if extra is not None:
                for c in extra:
                    if c // 13 == s:
                        b = BIT[c]
                        if m & b:
                            to_pile += 1
                        else:
                            m |= b
                            n += 1
            mask[s] = m
            count[s] = n
        elif extra is not None:
            for c in extra:
                if c // 13 == s:
                    to_pile += 1
    return to_pile


class SetTables:
    """A game set turned into integer tables once, so each simulated game only copies lists."""

    __slots__ = ("after", "hands", "leaders", "next_seat")

    def __init__(self, game_set) -> None:
        require_valid(game_set)
        self.next_seat = nxt = next_seats(game_set.orientation)
        # after[leader]: the three seats that play after the leader, in turn order.
        self.after = tuple((nxt[s], nxt[nxt[s]], nxt[nxt[nxt[s]]]) for s in range(4))
        self.leaders = tuple(SUIT_INDEX[game_set.leader(d)] for d in range(len(game_set.deals)))
        hands = []
        for deal in game_set.deals:
            per_seat = []
            for suit in SUITS:
                by_suit: list[list[int]] = [[], [], [], []]
                for card in deal[suit]:
                    by_suit[card.index // 13].append(card.index)
                per_seat.append(by_suit)
            hands.append(per_seat)
        self.hands = hands


def simulate_random(
    tables: SetTables,
    rule: str,
    cutthroat: bool,
    rnd: Callable[[], float],
    record: list | None = None,
) -> tuple[list[int], list[int], list[int], list[int]]:
    """Play one whole game with four uniformly random legal players.

    ``rnd`` is a ``random.Random().random``. Every legal card (each copy of a repeated card) is
    equally likely. Returns ``(done, count, mask, pile)`` as ``take_trick`` keeps them; when
    ``record`` is a list, each deal's tricks (lists of card indices in play order) are appended.
    The trick's winner is found as its cards are played, from the tables ``resolve_trick`` reads.
    """
    check_rule(rule)
    lead_strength = LEAD[rule != STANDARD]
    all_fours = rule == ALL_FOURS
    after = tables.after
    mask = [0, 0, 0, 0]
    count = [0, 0, 0, 0]
    done = [0, 0, 0, 0]
    pile = [0, 0, 0, 0] if cutthroat else [0, 0]
    for d, deal_hands in enumerate(tables.hands):
        H = []  # this deal's hands, copied (a loop, not a comprehension: no function call per deal)
        for s in deal_hands:
            H.append([s[0][:], s[1][:], s[2][:], s[3][:]])
        leader = tables.leaders[d]
        tricks = [] if record is not None else None
        for t in range(13):
            # --- the lead: any card ---
            hs = H[leader]
            k = int(rnd() * (13 - t))
            for lst in hs:
                n = len(lst)
                if k < n:
                    break
                k -= n
            c = lst[k]
            lst[k] = lst[-1]
            lst.pop()
            led = c // 13
            trick = [c]
            best = lead_strength[leader][c]
            winner = leader
            strength = STRENGTH[led]
            for seat in after[leader]:
                hs = H[seat]
                lst = hs[led]
                n = len(lst)
                if n:
                    if all_fours and seat != led:
                        own = hs[seat]
                        m = len(own)
                        k = int(rnd() * (n + m))
                        if k >= n:
                            lst = own
                            k -= n
                    else:
                        k = int(rnd() * n)
                else:
                    k = int(rnd() * (13 - t))  # void: any of the 13 - t cards held
                    for lst in hs:
                        n = len(lst)
                        if k < n:
                            break
                        k -= n
                c = lst[k]
                lst[k] = lst[-1]
                lst.pop()
                trick.append(c)
                v = strength[seat][c]
                if v > best:
                    best = v
                    winner = seat

            take_trick(trick, winner, mask, count, done, pile, cutthroat)
            if tricks is not None:
                tricks.append(trick)
            leader = winner
        if record is not None:
            record.append(tricks)
    return done, count, mask, pile
