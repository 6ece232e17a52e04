"""Trick rules, RULES.md §3: one test per row of behaviour a wrong implementation would miss."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import CARDS, SUITS, parse_card, parse_cards
from scoring.tricks import (
    ALL_FOURS,
    BEAT_THE_LEADER,
    RULES,
    STANDARD,
    check_rule,
    legal_plays,
    playable_suits,
    trick_winner,
)


def win(cards: str, trumps: str, rule: str = STANDARD) -> int:
    """Winner index of a trick written ``"5D 9D KD 3H"`` played by seats ``"SDHC"``."""
    return trick_winner(parse_cards(cards), list(trumps), rule)


ALL = RULES
BTL_LIKE = (BEAT_THE_LEADER, ALL_FOURS)


# --- no trump-in, leader did not lead their own suit: highest of the led suit ------------------


@pytest.mark.parametrize("rule", ALL)
def test_highest_of_led_suit_wins(rule):
    assert win("5D 9D KD 2D", "SDHC", rule) == 2


@pytest.mark.parametrize("rule", ALL)
def test_following_in_own_suit_is_not_trumping_in(rule):
    # Diamonds follows a diamond lead with a diamond: that is following, so the higher KD wins.
    assert win("5D 9D KD 3H", "SDHC", rule) == 2
    # ... and the Diamonds player's ace wins only as the highest diamond.
    assert win("5D AD KD 3H", "SDHC", rule) == 1


@pytest.mark.parametrize("rule", ALL)
def test_equal_ranks_of_led_suit_go_to_the_earliest(rule):
    assert win("5D KD KD 2D", "SDHC", rule) == 1
    assert win("KD 5D KD KD", "SDHC", rule) == 0


@pytest.mark.parametrize("rule", ALL)
def test_higher_discard_does_not_win(rule):
    # AH is a discard by Diamonds (not their suit), AS a discard by Clubs.
    assert win("5D AH 6D AS", "SDHC", rule) == 2


@pytest.mark.parametrize("rule", ALL)
def test_discard_of_partner_suit_does_not_win(rule):
    # Leader Spades leads a heart; Diamonds discards AC (partner's suit) — not a trump-in.
    assert win("5H AC 6H 2H", "SDHC", rule) == 2


@pytest.mark.parametrize("rule", ALL)
def test_lead_in_partner_suit_is_not_a_trump_lead(rule):
    # Spades leads a heart (partner's suit): no trump lead, the highest heart wins.
    assert win("5H 8H 9H KH", "SDHC", rule) == 3


# --- trumping in --------------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ALL)
def test_trump_in_beats_higher_card_of_led_suit(rule):
    assert win("5H 2D AH KH", "SDHC", rule) == 1


@pytest.mark.parametrize("rule", ALL)
def test_highest_trump_in_wins_across_suits_by_rank(rule):
    # Diamonds trumps in with 9D, Clubs with JC: different suits compare by rank.
    assert win("5H 9D 2H JC", "SDHC", rule) == 3
    assert win("5H JD 2H 9C", "SDHC", rule) == 1


@pytest.mark.parametrize("rule", ALL)
def test_equal_trump_ins_go_to_the_earliest(rule):
    assert win("5H 9D 2H 9C", "SDHC", rule) == 1
    assert win("5D 9S 9H 9C", "DSHC", rule) == 1


@pytest.mark.parametrize("rule", ALL)
def test_trump_in_beats_trump_lead_of_non_leader_even_if_led_card_higher(rule):
    # Spades leads AH (not their own suit); a trump-in with a 2 still wins under every rule:
    # beat-the-leader only protects a leader's *own-suit* lead.
    assert win("AH 2D 3H 4H", "SDHC", rule) == 1


@pytest.mark.parametrize("rule", ALL)
def test_trump_in_is_relative_to_the_player(rule):
    # The same 9D is a trump-in for Diamonds but a discard for Clubs.
    assert win("5S 9D 6S 2S", "SDHC", rule) == 1
    assert win("5H 7S 6H 9D", "SHCD", rule) == 3
    assert win("5H 7S 6H 9D", "SHDC", rule) == 2


# --- a leader leading their own suit ------------------------------------------------------------


@pytest.mark.parametrize("rule", ALL)
def test_trump_lead_wins_without_trump_ins_whatever_the_ranks(rule):
    assert win("2S AS KS QS", "SDHC", rule) == 0
    # Hearts (partner) following in spades with an ace does not beat it either.
    assert win("2S 3S AS 4S", "SDHC", rule) == 0


@pytest.mark.parametrize("rule", ALL)
def test_trump_lead_ignores_discards(rule):
    assert win("2S AH AC AD", "SDHC", rule) == 0


def test_standard_trump_lead_is_beaten_by_any_lower_trump_in():
    assert win("AS 2D 3S 4S", "SDHC", STANDARD) == 1
    assert win("AS 3S 2H 4S", "SDHC", STANDARD) == 2


def test_standard_trump_lead_highest_trump_in_wins_even_if_all_lower():
    assert win("AS 2D 5H 4C", "SDHC", STANDARD) == 2


def test_standard_trump_lead_equal_rank_trump_in_wins():
    assert win("9S 9D 3S 4S", "SDHC", STANDARD) == 1


@pytest.mark.parametrize("rule", BTL_LIKE)
def test_beat_the_leader_lower_trump_in_loses_to_trump_lead(rule):
    assert win("9S 5D 3S 4S", "SDHC", rule) == 0


@pytest.mark.parametrize("rule", BTL_LIKE)
def test_beat_the_leader_equal_trump_in_loses_to_trump_lead(rule):
    assert win("9S 9D 3S 4S", "SDHC", rule) == 0


@pytest.mark.parametrize("rule", BTL_LIKE)
def test_beat_the_leader_strictly_higher_trump_in_wins(rule):
    assert win("9S TD 3S 4S", "SDHC", rule) == 1


@pytest.mark.parametrize("rule", BTL_LIKE)
def test_beat_the_leader_highest_of_several_trump_ins(rule):
    assert win("9S 5D JH TC", "SDHC", rule) == 2
    assert win("9S 5D 8H 8C", "SDHC", rule) == 0
    # two trump-ins higher than the lead, equal to each other: the earliest
    assert win("9S JD 2S JC", "SDHC", rule) == 1


@pytest.mark.parametrize("rule", BTL_LIKE)
def test_beat_the_leader_only_applies_to_a_trump_lead(rule):
    assert win("9H 5D 3H 4H", "SDHC", rule) == 1


def test_all_fours_trump_in_while_able_to_follow_is_scored_as_trump_in():
    # Whether Diamonds held a heart is a legality question; the winner depends on the cards.
    assert win("5H 3D AH KH", "SDHC", ALL_FOURS) == 1


# --- tricks in progress, orientation, bad input -------------------------------------------------


def test_trick_in_progress_gives_winner_so_far():
    assert win("5D", "S") == 0
    assert win("5D 9D", "SD") == 1
    assert win("AS 2D", "SD") == 1
    assert win("AS 2D", "SD", BEAT_THE_LEADER) == 0


def test_mirrored_orientation_same_rules():
    # Orientation only changes who sits where: trumps follow the players.
    assert win("5D 2C KD 3H", "SCHD") == 1
    assert win("5D 2C KD 3H", "SDHC") == 2


def test_unknown_rule_is_named():
    with pytest.raises(ValueError, match="'bridge'"):
        win("5D 9D KD 2D", "SDHC", "bridge")
    with pytest.raises(ValueError, match="'allfours'"):
        legal_plays(parse_cards("AS"), None, "S", "allfours")
    assert check_rule(ALL_FOURS) == ALL_FOURS


def test_bad_shapes_rejected():
    with pytest.raises(ValueError, match="at least"):
        trick_winner([], [])
    with pytest.raises(ValueError, match="3 cards but 2"):
        trick_winner(parse_cards("AS KS QS"), ["S", "H"])
    with pytest.raises(ValueError, match="'X'"):
        trick_winner(parse_cards("AS KS"), ["S", "X"])


# --- legal plays --------------------------------------------------------------------------------

HAND = parse_cards("S AK2 H 9 D 55 C -")


@pytest.mark.parametrize("rule", ALL)
def test_leader_may_play_anything(rule):
    assert legal_plays(HAND, None, "D", rule) == HAND


@pytest.mark.parametrize("rule", (STANDARD, BEAT_THE_LEADER))
def test_must_follow_when_able(rule):
    assert legal_plays(HAND, "S", "D", rule) == parse_cards("AS KS 2S")
    assert legal_plays(HAND, "H", "D", rule) == parse_cards("9H")


def test_all_fours_may_follow_or_play_own_suit():
    assert legal_plays(HAND, "S", "D", ALL_FOURS) == parse_cards("AS KS 2S 5D 5D")
    assert legal_plays(HAND, "H", "D", ALL_FOURS) == parse_cards("9H 5D 5D")


def test_all_fours_without_own_suit_must_follow():
    assert legal_plays(HAND, "S", "C", ALL_FOURS) == parse_cards("AS KS 2S")


def test_all_fours_own_suit_led_must_follow():
    assert legal_plays(HAND, "D", "D", ALL_FOURS) == parse_cards("5D 5D")


@pytest.mark.parametrize("rule", ALL)
def test_void_may_play_anything(rule):
    assert legal_plays(HAND, "C", "D", rule) == HAND
    assert legal_plays(HAND, "C", "C", rule) == HAND


@pytest.mark.parametrize("rule", ALL)
def test_repeated_cards_kept_and_hand_untouched(rule):
    hand = parse_cards("5D 5D AS")
    assert legal_plays(hand, "D", "S", rule)[:2] == [parse_card("5D")] * 2
    assert hand == parse_cards("5D 5D AS")


def test_legal_plays_accepts_any_iterable():
    assert legal_plays(iter(HAND), "H", "S") == parse_cards("9H")


@pytest.mark.parametrize("rule", ALL)
def test_playable_suits_lead_and_void_any_suit(rule):
    assert playable_suits(None, "D", True, rule) == "SHDC"
    assert playable_suits("H", "D", False, rule) == "SHDC"


@pytest.mark.parametrize(
    ("led", "own", "rule", "suits"),
    [
        ("H", "D", STANDARD, "H"),
        ("H", "D", BEAT_THE_LEADER, "H"),
        ("H", "D", ALL_FOURS, "HD"),  # follow, or trump in with one's own suit
        ("C", "S", ALL_FOURS, "SC"),  # in SUITS order, whatever was led
        ("D", "D", ALL_FOURS, "D"),  # one's own suit led: following is the only choice
    ],
)
def test_playable_suits_when_holding_the_led_suit(led, own, rule, suits):
    assert playable_suits(led, own, True, rule) == suits


# --- properties over random tricks --------------------------------------------------------------

cards4 = st.lists(st.sampled_from(CARDS), min_size=4, max_size=4)
seatings = st.permutations(SUITS)


def _is_trump_in(card, led, own):
    return card.suit == own and card.suit != led


@settings(max_examples=300, deadline=None)
@given(cards4, seatings, st.sampled_from(RULES))
def test_winner_is_lead_a_follower_or_a_trump_in(cards, trumps, rule):
    i = trick_winner(cards, trumps, rule)
    led = cards[0].suit
    card = cards[i]
    trump_ins = [j for j in range(1, 4) if _is_trump_in(cards[j], led, trumps[j])]
    assert i == 0 or card.suit == led or i in trump_ins
    if trump_ins and rule == STANDARD:
        assert i in trump_ins
        assert all(cards[j].rank_value < card.rank_value or j >= i for j in trump_ins)
    if not trump_ins and led == trumps[0]:
        assert i == 0
    if not trump_ins and led != trumps[0]:
        # the highest card of the led suit, earliest on ties
        top = max(c.rank_value for c in cards if c.suit == led)
        assert card.suit == led and card.rank_value == top
        assert all(cards[j].suit != led or cards[j].rank_value < top for j in range(i))


@settings(max_examples=300, deadline=None)
@given(cards4, seatings)
def test_variants_differ_only_on_trump_leads(cards, trumps):
    standard = trick_winner(cards, trumps, STANDARD)
    btl = trick_winner(cards, trumps, BEAT_THE_LEADER)
    assert trick_winner(cards, trumps, ALL_FOURS) == btl
    if cards[0].suit != trumps[0]:
        assert standard == btl
    elif standard != btl:
        # only a trump-in not higher than the led card can lose to the leader
        assert btl == 0 and cards[standard].rank_value <= cards[0].rank_value


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=0, max_size=13), st.sampled_from(SUITS), st.sampled_from(SUITS))
def test_legal_plays_are_a_nonempty_subset(hand, led, own):
    for rule in RULES:
        legal = legal_plays(hand, led, own, rule)
        assert all(card in hand for card in legal)
        assert bool(legal) == bool(hand)
        if any(c.suit == led for c in hand):
            assert all(c.suit in (led, own) for c in legal)
            assert [c for c in legal if c.suit == led] == [c for c in hand if c.suit == led]
        else:
            assert legal == hand


@pytest.mark.parametrize("trump", ["", "SH", "x", None, ["S"]])
def test_trick_winner_refuses_a_trump_that_is_not_one_suit(trump: object) -> None:
    with pytest.raises(ValueError, match="not a trump suit"):
        trick_winner(parse_cards("AS 2S"), ["S", trump])  # type: ignore[list-item]


@pytest.mark.parametrize(("led", "own"), [("", "S"), ("SH", "S"), ("H", ""), ("H", "DC"), ("H", None)])
def test_legal_plays_refuses_suits_that_are_not_one_suit(led: object, own: object) -> None:
    with pytest.raises(ValueError, match="not a suit"):
        legal_plays(parse_cards("AS 2H"), led, own, ALL_FOURS)  # type: ignore[arg-type]


def test_trick_winner_refuses_cards_that_are_not_cards() -> None:
    with pytest.raises(ValueError, match=r"card 2 .* not a Card"):
        trick_winner([parse_card("AS"), "KS"], ["S", "H"])  # type: ignore[list-item]
