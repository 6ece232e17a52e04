"""Who wins a trick, and which cards a player may play to it (RULES.md §3).

Three rules a club may choose per event:

``"standard"``
    The original laws. If anyone *trumped in* (played their own suit while not following), the
    highest trump-in wins; trump-ins of different suits compare by rank alone, ties to the
    earliest. Otherwise a leader who led their own suit wins whatever the ranks; otherwise the
    highest card of the led suit wins, ties to the earliest. So a trump lead is beaten by *any*
    trump-in, even a lower one.
``"beat-the-leader"``
    As standard, but a leader's own-suit lead competes with the trump-ins by rank: a trump-in
    must be strictly higher than the led card to beat it.
``"all-fours"``
    Beat-the-leader, and a player holding the led suit may either follow or play their own suit.

Trumping in is playing your own suit when you are **not** following suit: following in your own
suit (someone else led it) is not trumping in, and neither is the leader leading their own suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import SUITS, Card, is_suit

STANDARD = "standard"
BEAT_THE_LEADER = "beat-the-leader"
ALL_FOURS = "all-fours"
RULES: tuple[str, ...] = (STANDARD, BEAT_THE_LEADER, ALL_FOURS)
"""The trick rules this module knows, as named in event options and files."""


def check_rule(rule: str) -> str:
    """Return ``rule`` if it is a known trick rule; otherwise raise ``ValueError`` naming it."""
    if rule not in RULES:
        known = ", ".join(repr(name) for name in RULES)
        raise ValueError(f"unknown trick rule {rule!r} (known rules: {known})")
    return rule


def is_trump_in(card: Card, led_suit: str, own_suit: str) -> bool:
    """True when ``card`` played by the owner of ``own_suit`` to a trick led in ``led_suit``
    trumps in: it is the player's own suit and does not follow. (Never true of the lead.)"""
    return card.suit == own_suit and card.suit != led_suit


def trick_winner(cards: Sequence[Card], trumps: Sequence[str], rule: str = STANDARD) -> int:
    """Index of the card that wins the trick.

    ``cards`` are in play order, the leader's first; ``trumps[i]`` is the personal trump suit of
    the player of ``cards[i]``. A trick still in progress (fewer than four cards) gives the card
    winning so far. Raises ``ValueError`` for an unknown rule, an empty trick or when the two
    sequences differ in length.
    """
    check_rule(rule)
    if not cards:
        raise ValueError("a trick needs at least the led card")
    if len(cards) != len(trumps):
        raise ValueError(f"{len(cards)} cards but {len(trumps)} trump suits")
    for i, (card, suit) in enumerate(zip(cards, trumps, strict=True), start=1):
        if not isinstance(card, Card):
            raise ValueError(f"card {i} of the trick, {card!r}, is not a Card (parse card text with parse_card)")
        if not is_suit(suit):
            raise ValueError(f"{suit!r} is not a trump suit (use S, H, D, C)")

    lead = cards[0]
    led_suit = lead.suit
    trump_lead = led_suit == trumps[0]

    best_trump_in = -1
    for i in range(1, len(cards)):
        card = cards[i]
        if is_trump_in(card, led_suit, trumps[i]) and (
            best_trump_in < 0 or card.rank_value > cards[best_trump_in].rank_value
        ):
            best_trump_in = i

    if best_trump_in >= 0:
        if trump_lead and rule != STANDARD and cards[best_trump_in].rank_value <= lead.rank_value:
            return 0  # beat-the-leader: a trump-in must be strictly higher than the led card
        return best_trump_in
    if trump_lead:
        return 0

    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit == led_suit and card.rank_value > cards[best].rank_value:
            best = i
    return best


def playable_suits(led_suit: str | None, own_suit: str, holds_led: bool, rule: str = STANDARD) -> str:
    """The suits a player may play from, in ``SUITS`` order: the follow-suit rule in one place.

    All four when leading (``led_suit`` is ``None``) or void in the led suit; otherwise the led
    suit, and under All Fours also the player's own suit.
    """
    if led_suit is None or not holds_led:
        return SUITS
    if rule == ALL_FOURS and own_suit != led_suit:
        return "".join(suit for suit in SUITS if suit in (led_suit, own_suit))
    return led_suit


def legal_plays(hand: Iterable[Card], led_suit: str | None, own_suit: str, rule: str = STANDARD) -> list[Card]:
    """The cards of ``hand`` its player may play, in hand order (repeated cards kept).

    ``led_suit`` is ``None`` when the player leads: any card. A player holding the led suit must
    follow it; under All Fours they may instead play their own suit. A player void in the led suit
    may play anything (``playable_suits``).
    """
    check_rule(rule)
    if led_suit is not None and not is_suit(led_suit):
        raise ValueError(f"led suit {led_suit!r} is not a suit (use S, H, D, C, or None for the lead)")
    if not is_suit(own_suit):
        raise ValueError(f"own suit {own_suit!r} is not a suit (use S, H, D, C)")
    cards = list(hand)
    holds_led = any(card.suit == led_suit for card in cards)
    suits = playable_suits(led_suit, own_suit, holds_led, rule)
    if len(suits) == len(SUITS):
        return cards
    return [card for card in cards if card.suit in suits]


def describe_rule(rule: str) -> str:
    """One line for printouts: what the rule means at the table."""
    check_rule(rule)
    return {
        STANDARD: "standard: any trump-in beats a trump lead",
        BEAT_THE_LEADER: "beat the leader: a trump-in must outrank a trump lead",
        ALL_FOURS: "All Fours: beat the leader, and you may trump in while able to follow",
    }[rule]


__all__ = [
    "ALL_FOURS",
    "BEAT_THE_LEADER",
    "RULES",
    "STANDARD",
    "check_rule",
    "describe_rule",
    "is_trump_in",
    "legal_plays",
    "playable_suits",
    "trick_winner",
]
