"""scoring.play in hand-built positions (issue #22, mutation testing): the follow-suit table, the
seating order, what a calypso still needs, the winners of a deal, and the words and details of an
illegal play — each answer worked out from RULES.md §2–§4, not read off the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.cards import SUITS, parse_card, parse_cards, quad_deck
from scoring.gamesets import GameSet
from scoring.play import GameState, IllegalPlay, RandomPlayer, _playable_table, _seating, play_game
from scoring.tricks import ALL_FOURS, BEAT_THE_LEADER, RULES, STANDARD

SEAT = {suit: i for i, suit in enumerate("SHDC")}

# Deal 1, fully arranged. The Clubs player deals, so Spades (the dealer's left in S → D → H → C)
# leads; the order of play from Spades is Spades, Diamonds, Hearts, Clubs.
DEAL_1 = {
    "S": "AS KS QS JS TS 9S 8S 2H 3H 2D 3D 2C 3C",
    "D": "2S 3S 4H 5H 6H AD KD QD JD TD 4C 5C 6C",
    "H": "4S 5S AH KH QH JH TH 4D 5D 6D 7C 8C 9C",
    "C": "6S 7S 7H 8H 9H 7D 8D 9D AC KC QC JC TC",
}


def arranged_set(seed: int = 0, orientation: str = "SDHC") -> GameSet:
    """DEAL_1 as the first deal; deals 2–4 shuffled from the rest of the quad-deck."""
    pool = Counter(quad_deck())
    first = {seat: tuple(parse_cards(text)) for seat, text in DEAL_1.items()}
    for hand in first.values():
        pool.subtract(hand)
    rest = list(pool.elements())
    random.Random(seed).shuffle(rest)
    later = [{seat: tuple(rest.pop() for _ in range(13)) for seat in SUITS} for _ in range(3)]
    return GameSet(1, (first, *later), first_dealer="C", orientation=orientation)


def cards(text: str) -> list:
    return list(parse_cards(text))


def after_two_tricks(rule: str = STANDARD) -> GameState:
    """Trick 1: AS 2S 4S 6S — Spades led its own suit, everyone followed: Spades wins and keeps all
    four (its calypso: 2 4 6 A). Trick 2: Spades leads 2H, 4H, AH, 7H — Hearts following in its own
    suit is no trump-in; the ace of the led suit wins, and all four hearts join Hearts' calypso."""
    state = GameState(arranged_set(), rule=rule)
    for card in ("AS", "2S", "4S", "6S", "2H", "4H", "AH", "7H"):
        state.play(card)
    return state


# --- the follow-suit table (RULES.md §3) ----------------------------------------------------------


def expected_table(rule: str) -> tuple:
    """table[led][own][holds_led], from the rules: void → any suit; holding the led suit → the led
    suit, and under All Fours also one's own suit (in S H D C order)."""
    table = []
    for led in range(4):
        by_own = []
        for own in range(4):
            holding = (led,) if rule != ALL_FOURS or own == led else tuple(sorted({led, own}))
            by_own.append(((0, 1, 2, 3), holding))
        table.append(tuple(by_own))
    return tuple(table)


@pytest.mark.parametrize("rule", RULES)
def test_follow_suit_table_from_the_rules(rule):
    assert _playable_table(rule) == expected_table(rule)


def test_all_fours_table_lets_a_holder_play_own_suit():
    table = _playable_table(ALL_FOURS)
    # Hearts led; the Clubs player holds hearts: hearts or clubs. The Hearts player: hearts only.
    assert table[SEAT["H"]][SEAT["C"]][True] == (SEAT["H"], SEAT["C"])
    assert table[SEAT["H"]][SEAT["H"]][True] == (SEAT["H"],)
    assert _playable_table(STANDARD)[SEAT["H"]][SEAT["C"]][True] == (SEAT["H"],)
    assert _playable_table(BEAT_THE_LEADER)[SEAT["H"]][SEAT["C"]][True] == (SEAT["H"],)


# --- seating (RULES.md §1) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("orientation", "left", "orders"),
    [
        ("SDHC", {"S": "D", "D": "H", "H": "C", "C": "S"}, {"S": "SDHC", "H": "HCSD", "D": "DHCS", "C": "CSDH"}),
        ("SCHD", {"S": "C", "C": "H", "H": "D", "D": "S"}, {"S": "SCHD", "H": "HDSC", "D": "DSCH", "C": "CHDS"}),
    ],
)
def test_seating_left_neighbours_and_turn_order(orientation, left, orders):
    following, order = _seating(orientation)
    assert following == tuple(SEAT[left[seat]] for seat in "SHDC")
    assert order == tuple(tuple(SEAT[s] for s in orders[seat]) for seat in "SHDC")


def test_mirrored_orientation_plays_clockwise_the_other_way():
    state = GameState(arranged_set(orientation="SCHD"))
    # The Clubs player deals; in S → C → H → D the dealer's left is Hearts.
    assert state.to_play == "H"
    state.play("AH")
    assert state.to_play == "D"
    state.play("4H")
    assert state.to_play == "S"
    state.play("2H")
    assert state.to_play == "C"


# --- what a calypso still needs (RULES.md §4) -----------------------------------------------------


def test_needs_at_the_start_is_every_rank_of_the_own_suit():
    state = GameState(arranged_set())
    for seat in SUITS:
        assert state.needs(seat) == cards(" ".join(rank + seat for rank in "23456789TJQKA"))


def test_needs_after_calypso_cards_are_won():
    state = after_two_tricks()
    assert state.calypso("S") == cards("2S 4S 6S AS")
    assert state.needs("S") == cards("3S 5S 7S 8S 9S TS JS QS KS")
    assert state.calypso("H") == cards("2H 4H 7H AH")
    assert state.needs("H") == cards("3H 5H 6H 8H 9H TH JH QH KH")
    assert state.needs("D") == cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD")
    assert state.needs("C") == cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")


# --- winners of the tricks of a deal --------------------------------------------------------------


def test_tricks_won_defaults_to_the_current_deal():
    state = after_two_tricks()
    assert state.tricks_won() == ["S", "H"]
    assert state.tricks_won(0) == ["S", "H"]


def test_tricks_won_of_a_deal_not_yet_started_is_empty():
    state = after_two_tricks()
    assert state.tricks_won(1) == []
    assert state.tricks_won(3) == []


# --- illegal plays: the words and the details -----------------------------------------------------


def test_must_follow_message_names_the_led_suit_word_for_word():
    state = after_two_tricks()  # Hearts won trick 2 and leads trick 3
    state.play("KH")
    with pytest.raises(IllegalPlay) as err:
        state.play("TC")  # Clubs holds 8H 9H
    assert str(err.value) == (
        "deal 1, trick 3: Clubs (C) must follow suit — holds 2 hearts and may not play TC; follow hearts"
    )
    assert (err.value.deal, err.value.trick, err.value.seat, err.value.card) == (0, 2, "C", parse_card("TC"))


@pytest.mark.parametrize("lead", ["2D", "3D"])
def test_must_follow_message_after_a_low_diamond_lead(lead):
    state = GameState(arranged_set())
    state.play("AS")
    state.play("2S")
    state.play("4S")
    state.play("6S")
    state.play(lead)  # Spades (won trick 1) leads a low diamond
    with pytest.raises(IllegalPlay) as err:
        state.play("4C")  # Diamonds holds five diamonds
    assert str(err.value) == (
        "deal 1, trick 2: Diamonds (D) must follow suit — holds 5 diamonds and may not play 4C; follow diamonds"
    )


def test_must_follow_message_under_all_fours_offers_the_own_suit():
    state = after_two_tricks(ALL_FOURS)
    state.play("KH")
    with pytest.raises(IllegalPlay) as err:
        state.play("7D")  # Clubs holds hearts: hearts or clubs, not a diamond
    assert str(err.value) == (
        "deal 1, trick 3: Clubs (C) must follow suit — holds 2 hearts and may not play 7D; "
        "follow hearts or play clubs (All Fours)"
    )
    state.play("AC")  # its own suit is allowed under All Fours
    assert state.to_play == "S"


def test_must_follow_message_under_beat_the_leader_has_no_all_fours_clause():
    state = after_two_tricks(BEAT_THE_LEADER)
    state.play("KH")
    with pytest.raises(IllegalPlay) as err:
        state.play("AC")
    assert str(err.value) == (
        "deal 1, trick 3: Clubs (C) must follow suit — holds 2 hearts and may not play AC; follow hearts"
    )


def test_card_not_held_names_deal_trick_seat_and_card():
    state = after_two_tricks()
    with pytest.raises(IllegalPlay) as err:
        state.play("AS")  # Hearts leads trick 3 and holds only the 5 of spades
    assert str(err.value) == "deal 1, trick 3: Hearts (H) does not hold AS"
    assert (err.value.deal, err.value.trick, err.value.seat, err.value.card) == (0, 2, "H", parse_card("AS"))


def test_play_after_the_game_names_the_card_and_the_last_trick():
    state = play_game(arranged_set(), RandomPlayer(3))
    assert state.is_over
    with pytest.raises(IllegalPlay) as err:
        state.play("7C")
    assert str(err.value) == "the game is over: 7C cannot be played"
    assert (err.value.deal, err.value.trick, err.value.seat, err.value.card) == (3, 13, None, parse_card("7C"))
