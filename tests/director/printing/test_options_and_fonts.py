import io

import pytest
from pypdf import PdfReader

from director.printing import fonts, layout
from director.printing.content import check_game_set
from director.printing.documents import KINDS, render_from_sets
from director.printing.envelopes import render_envelopes
from director.printing.options import PrintInputError, PrintOptionError, PrintOptions
from scoring.cards import parse_card
from scoring.gamesets import GameSet

from .helpers import make_sets

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.mark.parametrize(
    ("field", "value"), [("paper", "a5"), ("envelope", "c5"), ("lang", "de")], ids=["paper", "envelope", "lang"]
)
def test_unknown_options_are_named(field, value):
    with pytest.raises(PrintOptionError, match=f"{value!r}: choose one of"):
        PrintOptions(**{field: value})


def test_options_are_case_insensitive():
    options = PrintOptions(paper="Letter", envelope="DL", lang="FR", event="  Club   night ")
    assert (options.paper, options.envelope, options.lang, options.event) == ("letter", "dl", "fr", "Club night")


def _broken(game_set: GameSet) -> GameSet:
    first = dict(game_set.deals[0])
    first["S"] = first["S"][:-1]  # 207 cards
    return GameSet(game_set.number, (first, *game_set.deals[1:]), game_set.first_dealer, game_set.orientation)


def test_a_set_with_207_cards_is_refused_with_where():
    with pytest.raises(PrintInputError, match="set 1") as error:
        render_envelopes([_broken(make_sets(1)[0])])
    assert "12 cards" in str(error.value)


def test_a_set_with_a_fifth_copy_is_refused():
    game_set = make_sets(1)[0]
    first = dict(game_set.deals[0])
    first["S"] = (*first["S"][:-1], parse_card("AS") if first["S"][-1] != parse_card("AS") else parse_card("KS"))
    with pytest.raises(PrintInputError, match=r"not 4|must appear 4 times"):
        check_game_set(GameSet(1, (first, *game_set.deals[1:])))


def test_duplicate_set_numbers_and_empty_batches_are_refused():
    game_set = make_sets(1)[0]
    with pytest.raises(PrintInputError, match="appears twice"):
        render_envelopes([game_set, game_set])
    with pytest.raises(PrintInputError, match="no game sets"):
        render_envelopes([])


def test_event_kinds_cannot_print_from_sets():
    assert {k for k, d in KINDS.items() if d.source == "event"} == {
        "scoresheets",
        "tally-cards",
        "guide-cards",
        "results",
    }
    with pytest.raises(PrintOptionError, match="printed from an event"):
        render_from_sets("scoresheets", make_sets(1))
    with pytest.raises(PrintOptionError, match="unknown document"):
        render_from_sets("menus", make_sets(1))


def test_fonts_are_vendored_with_licence_and_embedded():
    for filename in layout.FONT_FILES.values():
        assert (fonts.FONT_DIR / filename).stat().st_size > 100_000
    assert "Bitstream" in (fonts.FONT_DIR / "LICENSE").read_text()
    reader = PdfReader(io.BytesIO(render_envelopes(make_sets(1))))
    embedded = set()
    for font in reader.pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is not None and "/FontFile2" in descriptor.get_object():
            embedded.add(str(font["/BaseFont"]).split("+")[-1])
    assert {layout.REGULAR, layout.BOLD} <= embedded


def test_same_input_gives_the_same_bytes():
    sets = make_sets(1)
    assert render_envelopes(sets) == render_envelopes(sets)


def test_hearts_and_diamonds_are_red():
    # page streams are uncompressed by default: the red fill colour appears before the ♥ glyphs
    data = render_envelopes(make_sets(1))
    assert b".78 0 0 rg" in data
