"""What the trick rules tell a director or a table when an entry is wrong, word for word, and the
one-line rule descriptions a printout shows (the checks ``make mutate`` found missing in
scoring.tricks)."""

from __future__ import annotations

import pytest

from scoring.cards import parse_card, parse_cards
from scoring.tricks import (
    ALL_FOURS,
    BEAT_THE_LEADER,
    STANDARD,
    check_rule,
    describe_rule,
    is_trump_in,
    legal_plays,
    trick_winner,
)


def refusal(call) -> str:
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (
            lambda: check_rule("bridge"),
            "unknown trick rule 'bridge' (known rules: 'standard', 'beat-the-leader', 'all-fours')",
        ),
        (lambda: describe_rule("whist"), "unknown trick rule 'whist' (known rules: "),
        (lambda: trick_winner([], []), "a trick needs at least the led card"),
        (lambda: trick_winner(parse_cards("AS KS QS"), ["S", "H"]), "3 cards but 2 trump suits"),
        (lambda: trick_winner(parse_cards("AS"), ["S", "H"]), "1 cards but 2 trump suits"),
        (lambda: trick_winner(parse_cards("AS KS"), ["S", "X"]), "'X' is not a trump suit (use S, H, D, C)"),
        (
            lambda: trick_winner([parse_card("AS"), parse_card("2D"), "KS"], ["S", "D", "H"]),
            "card 3 of the trick, 'KS', is not a Card (parse card text with parse_card)",
        ),
        (
            lambda: trick_winner(["AS"], ["S"]),
            "card 1 of the trick, 'AS', is not a Card (parse card text with parse_card)",
        ),
        (
            lambda: legal_plays(parse_cards("AS"), "X", "S"),
            "led suit 'X' is not a suit (use S, H, D, C, or None for the lead)",
        ),
        (lambda: legal_plays(parse_cards("AS"), None, "Q"), "own suit 'Q' is not a suit (use S, H, D, C)"),
        (lambda: legal_plays(parse_cards("AS"), "H", "Q"), "own suit 'Q' is not a suit (use S, H, D, C)"),
    ],
)
def test_each_refusal_says_what_is_wrong(call, words):
    said = refusal(call)
    assert said.startswith(words), said


def test_a_trump_suit_is_checked_whatever_the_card():
    # the card is checked before its player's trump suit, and both for every card of the trick
    assert refusal(lambda: trick_winner(["AS"], ["X"])).startswith("card 1 of the trick")
    assert refusal(lambda: trick_winner(parse_cards("AS"), ["X"])) == "'X' is not a trump suit (use S, H, D, C)"


@pytest.mark.parametrize(
    ("rule", "line"),
    [
        (STANDARD, "standard: any trump-in beats a trump lead"),
        (BEAT_THE_LEADER, "beat the leader: a trump-in must outrank a trump lead"),
        (ALL_FOURS, "All Fours: beat the leader, and you may trump in while able to follow"),
    ],
)
def test_each_rule_is_described_in_one_line(rule, line):
    assert describe_rule(rule) == line


@pytest.mark.parametrize(
    ("card", "led", "own", "trumps_in"),
    [
        ("5D", "H", "D", True),  # own suit, not following: trumping in
        ("5D", "D", "D", False),  # own suit led by someone else: following, not trumping in
        ("5C", "H", "D", False),  # a discard of another suit
        ("5H", "H", "D", False),  # following
    ],
)
def test_trumping_in_is_playing_ones_own_suit_without_following(card, led, own, trumps_in):
    assert is_trump_in(parse_card(card), led, own) is trumps_in


def test_the_default_rule_is_standard():
    # a trump lead beaten by a lower trump-in: only under the standard rule
    cards, trumps = parse_cards("KS 2D"), ["S", "D"]
    assert trick_winner(cards, trumps) == 1 == trick_winner(cards, trumps, STANDARD)
    assert trick_winner(cards, trumps, BEAT_THE_LEADER) == 0
    # following is the only choice under the default rule, even holding one's own suit
    hand = parse_cards("AS 2H 3D")
    assert legal_plays(hand, "H", "D") == parse_cards("2H")
    assert legal_plays(hand, "H", "D", ALL_FOURS) == parse_cards("2H 3D")
