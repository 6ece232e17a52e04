"""The integer fast path's random players (scoring._fastplay.simulate_random): every legal card may
be chosen, and under All Fours a player holding the led suit sometimes plays their own suit
instead (the branches ``make mutate`` found the referee cross-check in test_play.py cannot see: a
player who always follows plays legally under All Fours too)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring import _fastplay as fp
from scoring.cards import CARDS, SUITS, quad_deck
from scoring.gamesets import GameSet
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, RULES, STANDARD, trick_winner


def game_set(seed: int, orientation: str = "SDHC") -> GameSet:
    rest = quad_deck()
    random.Random(seed).shuffle(rest)
    deals = tuple(
        {seat: tuple(rest[52 * d + 13 * i : 52 * d + 13 * (i + 1)]) for i, seat in enumerate(SUITS)} for d in range(4)
    )
    return GameSet(1, deals, "S", orientation)


def walk(gs: GameSet, record: list, rule: str):
    """Each play of a recorded game as ``(seat, card, hand before the play, led suit or None)``."""
    for d, tricks in enumerate(record):
        hands = {seat: list(gs.hand(d, seat)) for seat in SUITS}
        leader = gs.leader(d)
        for trick in tricks:
            cards = [CARDS[c] for c in trick]
            seats = [leader]
            while len(seats) < 4:
                seats.append(gs.left_of(seats[-1]))
            for seat, card in zip(seats, cards, strict=True):
                yield seat, card, list(hands[seat]), None if seat == leader else cards[0].suit
                hand = hands[seat]
                del hand[len(hand) - 1 - hand[::-1].index(card)]  # the last copy: equal cards, kept in order
            leader = seats[trick_winner(cards, seats, rule)]


def own_suit_while_able_to_follow(gs: GameSet, record: list, rule: str) -> tuple[int, int]:
    """``(times chosen, times possible)``: a follower who holds the led suit and their own (another)
    suit plays their own suit."""
    chosen = possible = 0
    for seat, card, hand, led in walk(gs, record, rule):
        if led is None or led == seat:
            continue
        suits = {c.suit for c in hand}
        if led in suits and seat in suits:
            possible += 1
            chosen += card.suit == seat
    return chosen, possible


def test_all_fours_players_sometimes_trump_in_while_able_to_follow():
    chosen = possible = 0
    for seed in range(4):
        gs = game_set(seed)
        record: list = []
        fp.simulate_random(fp.SetTables(gs), ALL_FOURS, False, random.Random(seed).random, record)
        c, p = own_suit_while_able_to_follow(gs, record, ALL_FOURS)
        chosen, possible = chosen + c, possible + p
    # a fair choice among the led suit's and one's own suit's cards: neither always nor never
    assert 0 < chosen < possible


@pytest.mark.parametrize("rule", (STANDARD, BEAT_THE_LEADER))
def test_without_all_fours_a_player_holding_the_led_suit_always_follows(rule):
    gs = game_set(7)
    record: list = []
    fp.simulate_random(fp.SetTables(gs), rule, True, random.Random(7).random, record)
    chosen, possible = own_suit_while_able_to_follow(gs, record, rule)
    assert chosen == 0 and possible > 0


def last_choice(hand: list, led: str | None, seat: str, rule: str):
    """The last candidate card, candidates listed as the fast path draws from them: the whole hand
    by suit (S H D C, each suit as dealt) when leading or void; else the led suit's cards, followed
    under All Fours by the player's own suit's."""
    by_suit = [c for suit in SUITS for c in hand if c.suit == suit]
    if led is None or all(c.suit != led for c in hand):
        return by_suit[-1]
    candidates = [c for c in hand if c.suit == led]
    if rule == ALL_FOURS and seat != led:
        candidates += [c for c in hand if c.suit == seat]
    return candidates[-1]


@pytest.mark.parametrize("rule", RULES)
def test_a_draw_just_below_one_takes_the_last_candidate_every_time(rule):
    # rnd() scales to an index among the candidates: 0.9999 is always the last one (and taking
    # the last card of a list keeps the others in order, so the whole game follows).
    gs = game_set(11, orientation="SCHD")
    record: list = []
    fp.simulate_random(fp.SetTables(gs), rule, False, lambda: 0.9999, record)
    plays = list(walk(gs, record, rule))
    assert len(plays) == 208
    for seat, card, hand, led in plays:
        assert card == last_choice(hand, led, seat, rule)


def test_a_draw_of_zero_takes_the_first_card_of_the_hand_to_lead():
    gs = game_set(12)
    record: list = []
    fp.simulate_random(fp.SetTables(gs), STANDARD, False, lambda: 0.0, record)
    leader = gs.leader(0)
    first_lead = CARDS[record[0][0][0]]
    assert first_lead == next(c for suit in SUITS for c in gs.hand(0, leader) if c.suit == suit)


def test_the_record_is_only_kept_when_asked_for():
    tables = fp.SetTables(game_set(3))
    with_record: list = []
    kept = fp.simulate_random(tables, STANDARD, False, random.Random(3).random, with_record)
    without = fp.simulate_random(tables, STANDARD, False, random.Random(3).random)
    assert kept == without
    assert [len(deal) for deal in with_record] == [13] * 4
    assert sum(Counter(c for deal in with_record for t in deal for c in t).values()) == 208


def test_a_completing_trick_sends_every_further_duplicate_to_the_pile():
    # RULES.md §4: the Spades player, needing only the 7, wins 7♠ 8♠ 8♠ 8♠. The 7 completes the
    # calypso; one 8 starts the new one; the other two 8s go to the majors' trick pile.
    seven, eight = 0 * 13 + 5, 0 * 13 + 6  # S is suit 0; ranks count from the two (0)
    mask, count, done, pile = [fp.FULL & ~fp.BIT[seven], 0, 0, 0], [12, 0, 0, 0], [0, 0, 0, 0], [0, 0]
    fp.take_trick([seven, eight, eight, eight], 0, mask, count, done, pile, False)
    assert (done[0], count[0], mask[0], pile) == (1, 1, fp.BIT[eight], [2, 0])
    # the same in cutthroat, for the Hearts player (suit 1), with 7♥ 8♥ 8♥ 8♥: own pile, two cards
    seven, eight = 1 * 13 + 5, 1 * 13 + 6
    mask, count, done, pile = [0, fp.FULL & ~fp.BIT[seven], 0, 0], [0, 12, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]
    fp.take_trick([eight, seven, eight, eight], 1, mask, count, done, pile, True)
    assert (done[1], count[1], mask[1], pile) == (1, 1, fp.BIT[eight], [0, 2, 0, 0])
