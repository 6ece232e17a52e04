import pytest

from director.printing import layout
from director.printing.content import SORTING_ORDER, copies_by_card
from director.printing.duplication import render_duplication_sheets
from director.printing.options import PrintOptions
from director.printing.words import LANGUAGES
from scoring.cards import parse_card

from .helpers import expected, make_sets, page_sizes, parse_check_rows, parse_duplication, pdf_pages, sorted_set

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture(scope="module")
def sets():
    return [*make_sets(3, seed=5), sorted_set(4)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_card_map_and_check_rows_reconstruct_each_set(sets, paper, lang):
    data = render_duplication_sheets(sets, PrintOptions(paper=paper, lang=lang))
    pages = pdf_pages(data)
    assert len(pages) == len(sets)
    assert set(page_sizes(data)) == {tuple(round(v, 1) for v in layout.PAPERS[paper])}
    words = LANGUAGES[lang]
    for game_set, text in zip(sets, pages, strict=True):
        assert words.game_set.format(n=game_set.number) in text
        order, deals = parse_duplication(text, words)
        assert sorted(order, key=SORTING_ORDER.index) == list(SORTING_ORDER)  # all 52, each once
        assert deals == expected(game_set)
        assert parse_check_rows(text, words) == expected(game_set)


def test_cards_are_listed_row_by_row_in_sorting_order(sets):
    order, _ = parse_duplication(pdf_pages(render_duplication_sheets(sets[:1]))[0], LANGUAGES["en"])
    # row r of the table holds rank r (ace first) of ♠ ♥ ♦ ♣
    assert order[:4] == [parse_card(c) for c in ("AS", "AH", "AD", "AC")]
    assert order[-4:] == [parse_card(c) for c in ("2S", "2H", "2D", "2C")]


def test_a_hand_holding_two_copies_is_listed_twice():
    game_set = sorted_set(1)
    places = dict(copies_by_card(game_set))[parse_card("2S")]
    assert places == [(1, "S")] * 4
    text = pdf_pages(render_duplication_sheets([game_set]))[0]
    assert "♠2 D1♠ D1♠ D1♠ D1♠" in text


def test_progress_per_sheet(sets):
    calls = []
    render_duplication_sheets(sets, progress=lambda *a: calls.append(a))
    assert calls == [(i, len(sets)) for i in range(1, len(sets) + 1)]
