"""What card parsing tells a person who typed something that is not a card, word for word, and the
notations RULES.md §1 says are accepted (the checks ``make mutate`` found missing in
scoring.cards)."""

from __future__ import annotations

import pickle

import pytest

from scoring.cards import (
    CARDS,
    Card,
    CardError,
    _interned,
    card_from_index,
    format_hand,
    parse_card,
    parse_cards,
    parse_suit,
)


def message(call) -> str:
    with pytest.raises(CardError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: Card("X", "S"), "not a card: rank 'X', suit 'S'"),
        (lambda: Card("A", "Z"), "not a card: rank 'A', suit 'Z'"),
        (lambda: parse_card(5), "5 is not a card (expected text such as AS, TD, 10H)"),
        (lambda: parse_card(None), "None is not a card (expected text such as AS, TD, 10H)"),
        (lambda: parse_card("ZZ"), "'ZZ' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"),
        (lambda: parse_card("1S"), "'1S' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"),
        (lambda: parse_card("A"), "'A' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"),
        (lambda: parse_card("AX"), "'AX' is not a card (write rank then suit, e.g. AS, TD, 10H, 2♣)"),
        (lambda: parse_suit("X"), "'X' is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)"),
        (lambda: parse_cards("S AX"), "'X' in 'AX' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        (lambda: parse_cards("S A1"), "'1' in 'A1' is not a rank (use 2-9, T or 10, J, Q, K, A)"),
        (lambda: parse_cards("S A H K s Q"), "suit 's' appears twice in 'S A H K s Q'"),
        (lambda: parse_cards(7), "7 is not a card (expected text such as AS, TD, 10H)"),
    ],
)
def test_each_refusal_names_the_text(call, words):
    assert message(call) == words


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10h", "TH"),
        ("10♥", "TH"),
        ("t♦", "TD"),
        ("2♣", "2C"),
        ("K♤", "KS"),
        ("Q\u2661", "QH"),
        (" 9♢ ", "9D"),
        ("J♧", "JC"),
        ("A♠\ufe0f", "AS"),  # the emoji variation selector a phone adds
    ],
)
def test_every_accepted_notation_reads_as_the_canonical_card(text, card):
    assert str(parse_card(text)) == card
    assert parse_card(text) is parse_card(card)  # interned: one object per card


def test_hands_in_either_notation():
    assert [str(c) for c in parse_cards("AS, KS; 10H  2C")] == ["AS", "KS", "TH", "2C"]
    assert [str(c) for c in parse_cards("S AK10 H - D — C void")] == ["AS", "KS", "TS"]
    assert [str(c) for c in parse_cards("♠AK ♥9 ♦ – ♣t8")] == ["AS", "KS", "9H", "TC", "8C"]
    assert [str(c) for c in parse_cards("S: AQ H: 2")] == ["AS", "QS", "2H"]
    assert parse_cards(" , ; ") == [] and parse_cards("") == []


def test_format_hand_with_symbols_and_voids():
    hand = parse_cards("5D AS KS 5D")
    assert format_hand(hand) == "S AK H - D 55 C -"
    assert format_hand(hand, symbols=True) == "♠ AK ♥ - ♦ 55 ♣ -"


def test_a_card_shows_itself_and_survives_pickling_as_the_interned_card():
    ace = parse_card("AS")
    assert (str(ace), repr(ace), ace.symbol) == ("AS", "Card('AS')", "A♠")
    assert (ace.rank_value, ace.index) == (12, 12)
    assert (parse_card("2H").rank_value, parse_card("2H").index) == (0, 13)
    assert pickle.loads(pickle.dumps(ace)) is ace
    assert card_from_index(51) is parse_card("AC") and CARDS[0] is parse_card("2S")


def test_unpickling_text_that_is_no_card_is_refused_naming_it():
    assert message(lambda: _interned("X", "S")) == "not a card: rank 'X', suit 'S'"
    assert message(lambda: _interned("A", "")) == "not a card: rank 'A', suit ''"


def test_a_card_made_directly_works_out_its_rank_value_and_index():
    made = Card("7", "D")  # not the interned card: worked out afresh
    assert (made.rank_value, made.index) == (5, 2 * 13 + 5)
    assert made == parse_card("7D") and made.symbol == "7♦"
