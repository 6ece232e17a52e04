"""The club player's valuation, worked by hand (#32): what a trick is worth to each side (``_side``) and
how ``ClubPlayer._best`` weighs two candidate cards, measured exactly.

Whole simulated games only show that the club player plays *sensibly*; a changed weight (a calypso
card worth 40, a renounced player trumping less often, a high card kept less) passes them. Here the
noise is the probe: ``_best`` adds ``rnd() * 8`` to each candidate's score, in order, and keeps the
first best, so the noise at which the choice flips between two cards measures the difference of
their scores. Each expected difference is worked from the club player's documented sense of value
(scoring/club.py): a card joining a calypso in progress 50, any other card taken 10, our own needed
card lost to the opponents 15 more, 0.4 a rank kept for later; the chance a player still to come
takes the trick: 0.7 if shown void in the led suit, else 0.45 under all fours and 0.08 + 0.04 a
trick before it; a card beaten by rank with 60 % of the rest of the chance times the ranks above it
of 12.

Cards are numbers: suit × 13 + rank (rank 0 is the 2, 12 the ace); seats and their suits are
0 S, 1 H, 2 D, 3 C; in partnership S and H are one side, D and C the other.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scoring.club import ClubPlayer, _side
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, STANDARD

S, H, D, C = range(4)


def card(suit: int, rank: int) -> int:
    return suit * 13 + rank


def bits(*ranks: int) -> int:
    return sum(1 << r for r in ranks)


# --- _side: the trick's worth to one side before the candidate card ---------------------------------


def test_a_card_joining_a_calypso_in_progress_is_worth_50_once_per_rank_and_any_other_10():
    owners = (S, H)
    mask = [bits(12), 0, 0, 0]  # the spade ace already in our calypso
    cards = [card(S, 3), card(D, 3), card(S, 12), card(H, 5)]
    value, seen, to_come = _side(owners, cards, 0, mask, [1, 0, 0, 0])
    # ♠5 joins (50); ♦5 is not ours (10); ♠A is already in the calypso (10); ♥7 joins (50).
    assert value == 50 + 10 + 10 + 50
    assert seen == [bits(3), bits(5), 0, 0]
    assert to_come == [0.0, 0.0, 0.0, 0.0]  # nobody left to play


def test_the_same_rank_twice_in_a_trick_joins_the_calypso_once():
    value, seen, _ = _side((D,), [card(D, 4), card(D, 4)], 0, [0, 0, 0, 0], [0, 0, 0, 0])
    assert value == 50 + 10 and seen == [0, 0, bits(4), 0]


def test_the_cards_to_come_are_guessed_of_the_led_suit_and_weighted_by_what_the_calypso_still_needs():
    # Two players to come on a trick led in diamonds; our side (D, C) has 4 diamonds in progress.
    _, _, to_come = _side((D, C), [card(D, 0)], 2, [0, 0, bits(1, 2, 3, 4), 0], [0, 0, 4, 0])
    need = 1 - 4 / 13
    assert to_come == pytest.approx([0.0, 0.0, 2 * (10 + need * 40), 0.0])
    # The other side only counts them as pile cards.
    _, _, theirs = _side((S, H), [card(D, 0)], 2, [0, 0, bits(1, 2, 3, 4), 0], [0, 0, 4, 0])
    assert theirs == [0.0, 0.0, 20.0, 0.0]


def test_when_leading_every_suit_is_guessed_for_the_three_cards_to_come():
    _, _, to_come = _side((S, H), [], 3, [0, 0, 0, 0], [13, 6, 0, 0])
    assert to_come == pytest.approx([3 * 10, 3 * (10 + (1 - 6 / 13) * 40), 3 * 10, 3 * 10])


# --- _best: the difference of two candidates' scores -------------------------------------------------


def position(order, cards, *, rule=STANDARD, cutthroat=False, trick=0, renounced=(0, 0, 0, 0), mask=None, count=None):
    return SimpleNamespace(
        _cards=list(cards),
        _order={order[0]: tuple(order)},
        _leader=order[0],
        _cutthroat=cutthroat,
        _beat_leader=rule != STANDARD,
        _renounced=list(renounced),
        rule=rule,
        _trick_no=trick,
        _mask=list(mask or [0, 0, 0, 0]),
        _count=list(count or [0, 0, 0, 0]),
    )


def margin(state, me: int, low: int, high: int) -> float:
    """score(high) − score(low) without noise: the noise on ``low`` (drawn first) at which it is
    chosen instead, found by halving (the first of equal scores wins, so the bound is exact)."""

    def chooses_low(noise: float) -> bool:
        draws = iter([noise / 8, 0.0])
        return ClubPlayer._best(state, me, [low, high], lambda: next(draws)) == low

    lo, hi = -1000.0, 1000.0
    assert chooses_low(hi) and not chooses_low(lo)
    for _ in range(40):  # 2000 / 2 ** 40: far below pytest.approx's tolerance
        mid = (lo + hi) / 2
        if chooses_low(mid):
            hi = mid
        else:
            lo = mid
    return hi


# The last to play: H after D led ♣5 (not D's own suit: ranked by rank), S played ♣3, C played ♣J.
# The chance is exact: ♣Q takes it, ♣2 leaves it to C. Nobody is left, so nothing is guessed.
LAST = ((D, S, C, H), [card(C, 3), card(C, 1), card(C, 9)])


def test_the_last_player_weighs_the_trick_it_takes_against_the_trick_it_gives():
    state = position(*LAST)
    # ♣Q (rank 10): ours is the 3 cards and ♣Q as pile cards, 40, less 0.4 × 10 for the rank.
    take = 40 - 0.4 * 10
    # ♣2 (rank 0): C takes it; to D and C every club joins C's calypso: 4 × 50.
    give = -(4 * 50)
    assert margin(state, H, card(C, 0), card(C, 10)) == pytest.approx(take - give)


def test_the_last_player_counts_its_own_sides_needed_card_lost_to_the_opponents():
    # As LAST, H discards a spade (its partner's suit: a card their side needs) — ♠3, or ♠4, which
    # S's calypso already holds. Either loses to ♣J: D and C take 3 clubs (150) and the spade (10);
    # ♠3 is lost to S's calypso (15 more), ♠4 is not.
    state = position(*LAST, mask=[bits(2), 0, 0, 0], count=[1, 0, 0, 0])
    give_low = -(150 + 10 + 15) - 0.4 * 1
    give_high = -(150 + 10) - 0.4 * 2
    assert margin(state, H, card(S, 1), card(S, 2)) == pytest.approx(give_high - give_low)


def test_the_last_player_prefers_a_trick_that_feeds_its_calypso():
    # S led ♥5 (H's suit), D played ♥2, C played ♥9; H takes with ♥K or gives it with ♥3.
    state = position((S, D, C, H), [card(H, 3), card(H, 0), card(H, 7)], mask=[0, bits(11), 0, 0])
    # ♥K (11) is in H's calypso already: a pile card; the three others join it: 3 × 50 + 10.
    take = 3 * 50 + 10 - 0.4 * 11
    # ♥3 (1): C takes four hearts as pile cards, and ♥3 was a heart H needed (15).
    give = -(4 * 10 + 15) - 0.4 * 1
    assert margin(state, H, card(H, 1), card(H, 11)) == pytest.approx(take - give)


# Second to play: D led ♣5 (C's suit, not D's own); H plays; C and then S are still to come. Clubs in
# progress for C: four (♣J Q K A), so the two cards to come are worth 10 + 9/13 × 40 each to D and C,
# 10 to us.
SECOND = ((D, H, C, S), [card(C, 3)])
CLUBS = {"mask": [0, 0, 0, bits(9, 10, 11, 12)], "count": [0, 0, 0, 4]}
THEIRS_TO_COME = 2 * (10 + (1 - 4 / 13) * 40)


def second(chance_c: float, chance_s: float) -> float:
    """score(♣10, beating ♣5) − score(♣2, leaving the trick to D) when C beats ♣10 with chance
    ``chance_c`` and S (H's partner, last) beats D's ♣5 with ``chance_s``."""
    ours = 10 + 10 + 2 * 10  # ♣5 and our club as pile cards, and the two to come
    theirs = 50 + 50 + THEIRS_TO_COME  # ♣5 and our club (not yet in C's calypso) join it
    p_high = 1 - chance_c
    high = p_high * ours - (1 - p_high) * theirs - 0.4 * 8
    low = chance_s * ours - (1 - chance_s) * theirs
    return high - low


def by_rank(can: float, ranks_above: int) -> float:
    """A player to come beats a card of the led suit: trumps in (``can``), or else 60 % of the
    ranks above it of 12."""
    return can + (1 - can) * 0.6 * ranks_above / 12


@pytest.mark.parametrize("trick", [0, 2, 5])
def test_a_player_still_to_come_beats_by_rank_or_trumps_by_the_trick_number(trick):
    state = position(*SECOND, trick=trick, **CLUBS)
    can = 0.08 + 0.04 * trick
    # C beats ♣10 (rank 8: 4 ranks above); S beats ♣5 (rank 3: 9 above).
    assert margin(state, H, card(C, 0), card(C, 8)) == pytest.approx(second(by_rank(can, 4), by_rank(can, 9)))


def test_a_player_shown_void_in_the_led_suit_trumps_seven_times_in_ten():
    state = position(*SECOND, trick=2, renounced=[bits(C), 0, 0, bits(C)], **CLUBS)
    assert margin(state, H, card(C, 0), card(C, 8)) == pytest.approx(second(by_rank(0.7, 4), by_rank(0.7, 9)))
    # Only a void in the led suit counts: void in diamonds, they trump as anyone.
    state = position(*SECOND, trick=2, renounced=[bits(D), 0, 0, bits(D)], **CLUBS)
    assert margin(state, H, card(C, 0), card(C, 8)) == pytest.approx(second(by_rank(0.16, 4), by_rank(0.16, 9)))


def test_under_all_fours_anyone_to_come_trumps_nearly_half_the_time():
    state = position(*SECOND, rule=ALL_FOURS, trick=7, **CLUBS)
    assert margin(state, H, card(C, 0), card(C, 8)) == pytest.approx(second(by_rank(0.45, 4), by_rank(0.45, 9)))


# A trump lead: D leads its own suit, ♦5, which beats every diamond; H trumps in with a heart or
# plays ♦2 under it. C (an opponent) and S (H's partner) are to come, no diamonds in progress.
TRUMP_LEAD = ((D, H, C, S), [card(D, 3)])


def trump_lead(p_heart: float, p_low: float, heart_rank: int) -> float:
    """score(♥ of ``heart_rank``) − score(♦2) when the heart holds with chance ``p_heart`` and the
    trump lead is taken from D by S with chance ``p_low``."""
    # The heart: ♦5 a pile card to us, the heart joins H's calypso (50), two to come 10 each; to D and
    # C ♦5 joins D's calypso (50), the heart is a pile card, two diamonds to come 50 each; and the
    # heart, which H's calypso needs, is lost if they take it (15).
    heart = p_heart * (10 + 50 + 20) - (1 - p_heart) * (50 + 10 + 100 + 15) - 0.4 * heart_rank
    # ♦2: two pile cards and two to come to us; two diamonds for D's calypso and two to come to them.
    low = p_low * (10 + 10 + 20) - (1 - p_low) * (50 + 50 + 100)
    return heart - low


def test_a_trump_lead_is_taken_by_any_trump_in_under_the_standard_rule():
    state = position(*TRUMP_LEAD, trick=1)
    can = 0.08 + 0.04
    # ♥7 holds unless C trumps in higher: can × the 7 ranks above it of 12; S takes D's trump lead
    # by trumping in at all: can.
    assert margin(state, H, card(D, 0), card(H, 5)) == pytest.approx(trump_lead(1 - can * 7 / 12, can, 5))


def test_beat_the_leader_a_trump_lead_is_taken_only_by_a_higher_trump():
    state = position(*TRUMP_LEAD, rule=BEAT_THE_LEADER, trick=1)
    can = 0.08 + 0.04
    # S must trump in above ♦5: can × its 9 ranks above of 12.
    assert margin(state, H, card(D, 0), card(H, 5)) == pytest.approx(trump_lead(1 - can * 7 / 12, can * 9 / 12, 5))
    # And a heart no higher than ♦5 does not take the lead: ♥5 stays under it as ♦2 does (both
    # leave D the trick), so only the cards' worth and ranks differ.
    low = 0.12 * 9 / 12
    heart = low * (10 + 50 + 20) - (1 - low) * (50 + 10 + 100 + 15) - 0.4 * 3
    diamond = low * 40 - (1 - low) * 200
    assert margin(state, H, card(D, 0), card(H, 3)) == pytest.approx(heart - diamond)


def test_a_trump_in_is_beaten_only_by_a_higher_trump_in():
    # S led ♣4; H (second) trumps in with ♥9 or ♥2; D and C, both opponents, are to come.
    state = position((S, H, D, C), [card(C, 2)], trick=3)
    can = 0.08 + 0.04 * 3
    # Holding with a trump-in of rank r, each opponent to come beats it with can × (12 − r) / 12.
    p9 = (1 - can * 5 / 12) ** 2
    p2 = (1 - can * 12 / 12) ** 2
    # Worth to us: ♣4 a pile card, the heart joins H's calypso (50), two clubs to come 10 each; to
    # D and C: ♣4 joins C's calypso (50), the heart a pile card, and the two to come 10 + 40 each.
    ours = 10 + 50 + 20
    theirs = 50 + 10 + 2 * (10 + 40)
    lost = 15  # a heart H needs, lost if they take it

    def score(p, rank):
        return p * ours - (1 - p) * (theirs + lost) - 0.4 * rank

    assert margin(state, H, card(H, 0), card(H, 7)) == pytest.approx(score(p9, 7) - score(p2, 0))


# S led ♦5 (not its own suit), D played ♦3, C played ♦J; H, last, takes with ♦Q or gives with ♦2.
DIAMONDS_TO_C = ((S, D, C, H), [card(D, 3), card(D, 1), card(D, 9)])


def test_in_cutthroat_the_trick_feeds_only_the_calypso_of_who_takes_it():
    # C's calypso is clubs: every diamond is a pile card to C.
    state = position(*DIAMONDS_TO_C, cutthroat=True)
    assert margin(state, H, card(D, 0), card(D, 10)) == pytest.approx((40 - 0.4 * 10) - -(4 * 10))
    # In partnership the same trick goes to C's side, and the diamonds join D's calypso.
    state = position(*DIAMONDS_TO_C)
    assert margin(state, H, card(D, 0), card(D, 10)) == pytest.approx((40 - 0.4 * 10) - -(4 * 50))


def test_in_cutthroat_each_player_who_could_take_the_trick_is_valued_for_its_own_calypso():
    # Cutthroat, H second after D led ♦5 (D's own suit: a trump lead). H's ♥7 trumps in; ♦2 leaves the
    # trick to D, whose calypso takes the diamonds. Two to come, nothing in progress.
    state = position(*TRUMP_LEAD, cutthroat=True, trick=1)
    can = 0.12
    # ♥7: held unless a player to come (C, S: in cutthroat both are opponents) trumps higher; if
    # not held, it is valued for C, the first of them (clubs): everything a pile card to C.
    p_heart = (1 - can * 7 / 12) ** 2
    heart = p_heart * (10 + 50 + 20) - (1 - p_heart) * (10 + 10 + 20 + 15) - 0.4 * 5
    # ♦2 stays with D's trump lead; nobody of H's side is to come, so it is D's for sure.
    diamond = 0 * 40 - 1 * (50 + 50 + 100)
    assert margin(state, H, card(D, 0), card(H, 5)) == pytest.approx(heart - diamond)


def test_the_club_player_plays_its_only_card_without_a_choice():
    state = SimpleNamespace(_turn=H, _legal=lambda: [card(H, 4)])
    assert ClubPlayer(1).choose(state).index == card(H, 4)


def test_an_unseeded_club_player_plays_as_seed_0():
    # ♣2 or ♣4: both lose the trick to ♣J and join C's calypso; they differ by two ranks (0.8), so
    # the noise (up to 8) decides.
    state = position(*LAST)
    state._turn, legal = H, [card(C, 0), card(C, 2)]
    state._legal = lambda: legal

    def choices(player: ClubPlayer) -> list[int]:
        return [player.choose(state).index for _ in range(24)]

    unseeded = choices(ClubPlayer())
    assert unseeded == choices(ClubPlayer(0))
    assert set(unseeded) == set(legal)  # the noise does decide here
    assert unseeded != choices(ClubPlayer(1))


def test_of_two_cards_with_equal_scores_and_noise_the_first_is_played():
    # As LAST, H discards ♦4 or plays ♣4: both leave the trick to C, and both are already in their
    # calypsoes (D's and C's), so either is a pile card to D and C, of the same rank: equal scores.
    state = position(*LAST, mask=[0, 0, bits(2), bits(2)], count=[0, 0, 1, 1])
    assert ClubPlayer._best(state, H, [card(D, 2), card(C, 2)], lambda: 0.5) == card(D, 2)
    assert ClubPlayer._best(state, H, [card(C, 2), card(D, 2)], lambda: 0.5) == card(C, 2)
