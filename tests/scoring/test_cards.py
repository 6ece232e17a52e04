"""scoring.cards: notation, parsing and the quad-deck (RULES.md §1)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import (
    CARDS,
    DECK_SIZE,
    PARTNER,
    RANKS,
    SUITS,
    Card,
    CardError,
    card_from_index,
    format_cards,
    format_hand,
    parse_card,
    parse_cards,
    parse_suit,
    quad_deck,
    sort_key,
)

cards_strategy = st.lists(st.sampled_from(CARDS), max_size=30)


def test_card_is_immutable_and_canonical() -> None:
    card = Card("T", "D")
    assert str(card) == "TD"
    assert repr(card) == "Card('TD')"
    assert card == Card("T", "D") and hash(card) == hash(Card("T", "D"))
    with pytest.raises(AttributeError):
        card.rank = "A"  # type: ignore[misc]


@pytest.mark.parametrize(("rank", "suit"), [("1", "S"), ("10", "S"), ("A", "X"), ("a", "S"), ("A", "s")])
def test_card_constructor_refuses_non_canonical_fields(rank: str, suit: str) -> None:
    with pytest.raises(CardError):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("th", "TH"),
        ("2♣", "2C"),
        ("Q♦", "QD"),
        ("K♥", "KH"),
        ("J♠", "JS"),
        ("9♤", "9S"),
        ("a♥\ufe0f", "AH"),
        ("  7c  ", "7C"),
    ],
)
def test_parse_card_accepts_every_input_form(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "S", "1S", "11S", "AX", "ASS", "0H", "10", "A S", "♠A"])
def test_parse_card_error_names_the_text(text: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("value", [None, 10, 1.5, ["AS"]])
def test_parse_card_refuses_non_text_with_card_error(value: object) -> None:
    with pytest.raises(CardError):
        parse_card(value)  # type: ignore[arg-type]


def test_parse_card_returns_the_interned_card() -> None:
    assert parse_card("10h") is CARDS[SUITS.index("H") * 13 + RANKS.index("T")]


def test_parse_suit() -> None:
    assert [parse_suit(s) for s in ("s", "♥", "D", "♧")] == ["S", "H", "D", "C"]
    with pytest.raises(CardError, match="'X'"):
        parse_suit("X")


def test_parse_cards_list_form_with_any_separator() -> None:
    assert format_cards(parse_cards("AS KS, 10h;2c\t9♦")) == "AS KS TH 2C 9D"
    assert parse_cards("") == [] and parse_cards("   ") == []


def test_parse_cards_keeps_written_order_and_duplicates() -> None:
    assert format_cards(parse_cards("2C AS 2C")) == "2C AS 2C"


def test_parse_cards_grouped_form() -> None:
    cards = parse_cards("S AKQ72 H 9 D 5 C T8")
    assert format_cards(cards) == "AS KS QS 7S 2S 9H 5D TC 8C"


def test_parse_cards_grouped_allows_repeated_ranks_voids_10_and_symbols() -> None:
    assert format_cards(parse_cards("S AAK H - D 10 9 C")) == "AS AS KS TD 9D"
    assert format_cards(parse_cards("♠AKQ ♥9 ♦- ♣T8")) == "AS KS QS 9H TC 8C"
    assert format_cards(parse_cards("s:aak h:109")) == "AS AS KS TH 9H"


def test_parse_cards_grouped_errors_name_the_offending_text() -> None:
    with pytest.raises(CardError, match=r"'X'.*'AKX'"):
        parse_cards("S AKX H 9")
    with pytest.raises(CardError, match="appears twice"):
        parse_cards("S A H K S Q")


def test_parse_cards_list_error_names_the_bad_card() -> None:
    with pytest.raises(CardError, match="'ZZ'"):
        parse_cards("AS ZZ KD")


def test_format_hand_groups_sorts_and_marks_voids() -> None:
    hand = parse_cards("2S AS 9H TC 8C KS")
    assert format_hand(hand) == "S AK2 H 9 D - C T8"
    assert format_hand(hand, symbols=True) == "♠ AK2 ♥ 9 ♦ - ♣ T8"
    assert format_hand([]) == "S - H - D - C -"


def test_sort_key_orders_suits_shdc_and_ranks_high_to_low() -> None:
    cards = sorted(parse_cards("2C AC 3D KH 2S AS"), key=sort_key)
    assert format_cards(cards) == "AS 2S KH 3D AC 2C"


def test_card_properties() -> None:
    assert parse_card("2S").rank_value == 0 and parse_card("AS").rank_value == 12
    assert [card.index for card in CARDS] == list(range(52))
    assert all(card_from_index(card.index) is card for card in CARDS)
    assert parse_card("AS").symbol == "A♠"


def test_quad_deck_has_every_card_four_times() -> None:
    deck = quad_deck()
    assert len(deck) == DECK_SIZE == 208
    assert Counter(deck) == Counter({card: 4 for card in CARDS})
    assert len(set(CARDS)) == 52


def test_partners_are_majors_and_minors() -> None:
    assert PARTNER == {"S": "H", "H": "S", "D": "C", "C": "D"}


@settings(max_examples=150, deadline=None)
@given(cards_strategy)
def test_list_notation_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


@settings(max_examples=150, deadline=None)
@given(cards_strategy, st.booleans())
def test_grouped_notation_round_trips_to_the_sorted_hand(cards: list[Card], symbols: bool) -> None:
    assert parse_cards(format_hand(cards, symbols=symbols)) == sorted(cards, key=sort_key)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CARDS), st.booleans(), st.booleans(), st.booleans())
def test_every_spelling_of_a_card_parses_to_it(card: Card, lower: bool, ten: bool, symbol: bool) -> None:
    rank = "10" if ten and card.rank == "T" else card.rank
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card.suit] if symbol else card.suit
    text = rank + suit
    assert parse_card(text.lower() if lower else text) is card


@pytest.mark.parametrize("text", [",", " ; ", ":", ", ,", "\ufe0f"])
def test_parse_cards_of_separators_only_is_an_empty_hand(text: str) -> None:
    # Only separators means no cards, like the empty string: never an IndexError.
    assert parse_cards(text) == []
