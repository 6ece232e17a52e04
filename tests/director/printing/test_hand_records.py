import pytest

from director.printing import layout
from director.printing.hand_records import SetAnalysis, render_hand_records
from director.printing.options import PrintInputError, PrintOptions
from scoring import gamesets

from .helpers import expected, make_sets, page_sizes, parse_hand_record, pdf_pages, sorted_set

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture(scope="module")
def sets():
    return [*make_sets(2, seed=9), sorted_set(3)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hand_record_carries_commitment_and_all_hands(sets, paper):
    digest = "ab" * 32
    data = render_hand_records(sets, PrintOptions(paper=paper, event="Club night"), commitment=digest)
    pages = pdf_pages(data)
    assert len(pages) == len(sets)
    assert set(page_sizes(data)) == {tuple(round(v, 1) for v in layout.PAPERS[paper])}
    for game_set, text in zip(sets, pages, strict=True):
        assert f"Hand record — Set {game_set.number}" in text
        assert digest in text
        assert f"over the {len(sets)} sets" in text
        deals, stats = parse_hand_record(text)
        assert deals == expected(game_set)
        assert len(stats) == 16
        for (lengths_own_partner), (d, seat) in zip(stats, [(d, s) for d in range(4) for s in "SHDC"], strict=True):
            hand = game_set.deals[d][seat]
            lengths = tuple(sum(1 for c in hand if c.suit == suit) for suit in "SHDC")
            own = sum(1 for c in hand if c.suit == seat)
            partner = sum(1 for c in hand if c.suit == {"S": "H", "H": "S", "D": "C", "C": "D"}[seat])
            assert lengths_own_partner == (*lengths, own, partner)


def test_commitment_defaults_to_the_hash_of_the_sets(sets):
    text = pdf_pages(render_hand_records(sets))[0]
    assert gamesets.commitment(sets) in text


def test_own_suit_totals_over_the_game():
    text = pdf_pages(render_hand_records([sorted_set(1)], commitment="x"))[0]
    # the sorted deck deals all spades in deal 1, all hearts in deal 2 …: 13 of its own suit per seat
    assert "Majors 26   ·   Minors 26" in text and "Own-suit cards over the game (of 52)" in text
    assert "♠ Spades 13 ♥ Hearts 13 ♦ Diamonds 13 ♣ Clubs 13" in text


def test_analysis_slot(sets):
    analysis = {1: SetAnalysis(135, -135, True, games=2000, note="standard rules"), 2: {"expected_net_majors": -20}}
    pages = pdf_pages(render_hand_records(sets, commitment="x", analysis=analysis))
    assert "Expected net" in pages[0] and "+135" in pages[0] and "−135" in pages[0]
    assert "Lopsided: yes" in pages[0] and "n = 2000" in pages[0] and "standard rules" in pages[0]
    assert "−20" in pages[1] and "+20" in pages[1] and "Lopsided: no" in pages[1]
    assert "No analysis supplied." in pages[2]


def test_analysis_says_by_how_much_and_how_surely_a_set_favours_a_side(sets):
    summary = {"expected_net_majors": -310.4, "lopsided": True, "games": 100}
    summary |= {"margin": 96.2, "confidence": 0.99996, "tail": 0.0123}
    pages = pdf_pages(render_hand_records(sets[:1], commitment="x", analysis={1: summary}))
    assert "Favours the Minors by 310 ± 96 (> 99.9 % sure); 1.2 % of uniformly dealt sets lean as far" in pages[0]
    balanced = {"expected_net_majors": 42, "expected_net_minors": -42, "lopsided": False, "games": 1, "tail": 0.9}
    french = PrintOptions(lang="fr")
    text = pdf_pages(render_hand_records(sets[:1], french, commitment="x", analysis={1: balanced | {"margin": 0}}))[0]
    assert "Favorise les Majeures de 42 ; 90.0 % des jeux donnés au hasard penchent autant" in text
    plain = {1: {"expected_net_majors": 4}}  # an analysis from before: no margin, no tail
    assert "Favours" not in pdf_pages(render_hand_records(sets[:1], commitment="x", analysis=plain))[0]


@pytest.mark.parametrize("bad", [{"tail": 1.5}, {"confidence": -0.1}, {"margin": "wide"}, {"margin": float("nan")}])
def test_out_of_range_shares_are_a_clear_error(sets, bad):
    with pytest.raises(PrintInputError, match="analysis"):
        render_hand_records(sets, commitment="x", analysis={1: {"expected_net_majors": 0} | bad})


def test_bad_analysis_is_a_clear_error(sets):
    with pytest.raises(PrintInputError, match="analysis"):
        render_hand_records(sets, commitment="x", analysis={1: {"lopsided": True}})


def test_french_hand_record(sets):
    text = pdf_pages(render_hand_records(sets[:1], PrintOptions(lang="fr"), commitment="x"))[0]
    assert "Relevé des donnes — Jeu 1" in text and "♥ Cœur" in text and "Donne 4" in text
