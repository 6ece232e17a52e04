import math
import random
import re

import pytest

from director.printing import layout
from director.printing.envelopes import render_envelopes
from director.printing.options import PrintOptions
from director.printing.words import LANGUAGES
from scoring.cards import SUITS
from scoring.gamesets import GameSet

from .helpers import SYMBOL_SUIT, expected, make_sets, page_sizes, parse_envelopes, pdf_pages, rebuild, sorted_set

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture(scope="module")
def sets():
    return [*make_sets(2, seed=11), sorted_set(3)]


def _size(size):
    return (round(size[0], 1), round(size[1], 1))


@pytest.mark.parametrize("envelope", ["c6", "dl"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_envelopes_reconstruct_every_hand(sets, envelope, lang):
    options = PrintOptions(envelope=envelope, lang=lang, event="Club night")
    data = render_envelopes(sets, options)
    pages = pdf_pages(data)
    assert len(pages) == 16 * len(sets)  # one envelope per hand
    assert set(page_sizes(data)) == {_size(layout.ENVELOPES[envelope])}
    hands = parse_envelopes(pages, LANGUAGES[lang])
    assert len(hands) == 16 * len(sets)
    rebuilt = rebuild(hands, [s.number for s in sets])
    for game_set in sets:
        assert rebuilt[game_set.number] == expected(game_set)
    assert all("Club night" in page for page in pages)


def test_every_envelope_has_its_own_corner_reference(sets):
    """Envelopes are sorted by the corner reference, so it names the set as well as deal and seat."""
    pages = pdf_pages(render_envelopes(sets, PrintOptions(event="Club night")))
    hands = parse_envelopes(pages, LANGUAGES["en"])
    references = []
    for page, hand in zip(pages, hands, strict=True):
        found = re.findall(r"(\d+)·D([1-4])([♠♥♦♣])", page)
        assert len(found) == 1, page
        number, deal, symbol = found[0]
        assert (int(number), int(deal), SYMBOL_SUIT[symbol]) == (hand["set"], hand["deal"], hand["seat"])
        references.append(found[0])
    assert len(set(references)) == 16 * len(sets)


def test_each_envelope_says_who_deals_and_who_leads(sets):
    hands = parse_envelopes(pdf_pages(render_envelopes(sets)), LANGUAGES["en"])
    by_number = {s.number: s for s in sets}
    for hand in hands:
        game_set = by_number[hand["set"]]
        assert hand["dealer"] == game_set.dealer(hand["deal"] - 1)
        assert hand["leader"] == game_set.leader(hand["deal"] - 1)


def test_repeated_cards_and_voids_are_printed_as_such():
    text = pdf_pages(render_envelopes([sorted_set(1)]))[0]
    # deal 1, Spades: the four 2s, four 3s, four 4s and a 5 of spades; void elsewhere
    assert "♠ 5  4  4  4  4  3  3  3  3  2  2  2  2" in text
    assert "♥ —" in text and "♦ —" in text and "♣ —" in text
    assert "♠ Spades" in text and "13 cards" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_labels_fill_sheets_and_reconstruct(sets, paper):
    data = render_envelopes(sets, PrintOptions(paper=paper, envelope="labels", event="A long event name " * 4))
    sheet = layout.LABEL_SHEETS[paper]
    assert len(page_sizes(data)) == math.ceil(16 * len(sets) / sheet.per_page)
    assert set(page_sizes(data)) == {_size(layout.PAPERS[paper])}
    hands = parse_envelopes(pdf_pages(data), LANGUAGES["en"])
    assert [(h["set"], h["deal"], h["seat"]) for h in hands] == [
        (s.number, d, seat) for s in sets for d in range(1, 5) for seat in SUITS
    ]
    rebuilt = rebuild(hands, [s.number for s in sets])
    for game_set in sets:
        assert rebuilt[game_set.number] == expected(game_set)


def test_a4_labels_hold_one_set_per_sheet(sets):
    pages = pdf_pages(render_envelopes(sets, PrintOptions(envelope="labels")))
    assert len(pages) == len(sets)
    for game_set, text in zip(sets, pages, strict=True):
        assert text.count(f"Set {game_set.number} · Deal") == 16


def test_progress_is_reported_per_hand(sets):
    calls = []
    render_envelopes(sets, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 48) for i in range(1, 49)]


def test_spanish_suit_names_and_output_file(sets, tmp_path):
    target = tmp_path / "env.pdf"
    data = render_envelopes(sets[:1], PrintOptions(lang="es"), out=target)
    assert target.read_bytes() == data
    text = pdf_pages(data)[1]
    assert "♥ Corazones" in text and "Juego 1" in text and "Reparto 1" in text


def test_cards_are_sorted_whatever_order_the_set_stores_them_in(sets):
    rng = random.Random(4)
    game_set = sets[0]
    shuffled = GameSet(
        game_set.number,
        tuple({seat: tuple(rng.sample(cards, len(cards))) for seat, cards in deal.items()} for deal in game_set.deals),
        game_set.first_dealer,
        game_set.orientation,
    )
    assert shuffled != game_set
    assert pdf_pages(render_envelopes([shuffled])) == pdf_pages(render_envelopes([game_set]))
