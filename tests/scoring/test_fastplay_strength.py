"""The fast path's card strengths (``_fastplay._strength``, ``_lead_strength``) against RULES.md §3,
card by card (#32, mutation testing).

The two functions only build the lookup tables ``STRENGTH`` and ``LEAD`` at import, so a mutmut
worker (forked after the import) plays every game with the unmutated tables: only a test that calls
the functions themselves can tell a changed rule. Here every lead against every card that may follow
it, and every two following cards, are decided by the rules' words and compared with what the two
functions say (the first card of the higher strength wins; the earlier card wins a tie):

- a card of the led suit ranks by rank;
- a trump-in (the player's own suit, not the led suit) beats every card of the led suit and ranks
  among trump-ins by rank;
- any other card (a discard) cannot win;
- a trump lead (the leader's own suit) beats every card of its suit; under the standard rule any
  trump-in takes it, under Beat the Leader and All Fours only a higher trump-in (equal ranks stay
  with the leader, who played first).

Cards are numbers: suit × 13 + rank (rank 0 is the 2, 12 the ace); seats are suits, 0 S, 1 H, 2 D, 3 C.
"""

from __future__ import annotations

import pytest

from scoring import _fastplay as fp

CARDS = range(52)


def beats_lead(card: int, seat: int, lead: int, leader: int, beat_leader: bool) -> bool:
    """Does ``card``, played by ``seat``, take the trick from ``leader``'s ``lead`` (the rules)?"""
    led, lead_rank = divmod(lead, 13)
    suit, rank = divmod(card, 13)
    trump_lead = led == leader
    if suit == led:
        return not trump_lead and rank > lead_rank
    if suit == seat:  # a trump-in
        return rank > lead_rank if trump_lead and beat_leader else True
    return False


def beats_follower(later: int, later_seat: int, earlier: int, earlier_seat: int, led: int) -> bool:
    """Does ``later`` beat ``earlier``, both following to a trick led in ``led`` (the rules)?"""

    def kind(card: int, seat: int) -> int:  # 2 a trump-in, 1 the led suit, 0 a discard
        suit = card // 13
        return 1 if suit == led else 2 if suit == seat else 0

    k_late, k_early = kind(later, later_seat), kind(earlier, earlier_seat)
    if k_late == 0:
        return False
    if k_late != k_early:
        return k_late > k_early
    return later % 13 > earlier % 13


@pytest.mark.parametrize("beat_leader", [False, True])
@pytest.mark.parametrize("leader", range(4))
def test_a_card_takes_the_lead_exactly_when_the_rules_say(beat_leader, leader):
    wrong = [
        (lead, seat, card)
        for lead in CARDS
        for seat in range(4)
        if seat != leader
        for card in CARDS
        if (fp._strength(card, seat, lead // 13) > fp._lead_strength(lead, leader, beat_leader))
        != beats_lead(card, seat, lead, leader, beat_leader)
    ]
    assert wrong == []


@pytest.mark.parametrize("led", range(4))
def test_of_two_following_cards_the_later_wins_exactly_when_the_rules_say(led):
    wrong = [
        (earlier, earlier_seat, later, later_seat)
        for earlier_seat in range(4)
        for later_seat in range(4)
        if later_seat != earlier_seat
        for earlier in CARDS
        for later in CARDS
        if (fp._strength(later, later_seat, led) > fp._strength(earlier, earlier_seat, led))
        != beats_follower(later, later_seat, earlier, earlier_seat, led)
    ]
    assert wrong == []
