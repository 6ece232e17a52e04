"""An Embers night's scoresheets are its score pads: one page per table per game, a row a hand up to
the night's hands, the players' names, the columns the phone has, the end's rows and the card check
— read back from the PDF."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from director.printing import layout
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from director.printing.scoresheets import render_scoresheets
from director.printing.words import EVENT_WORDS
from director.sheets.embers.printed import WORDS
from tests.director.printing.helpers import page_sizes, pdf_pages
from tests.director.printing.test_event_nothing_clipped import EDGE, drawn

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

__all__ = ["drawn"]  # the fixture that records every string drawn


def test_the_embers_pad_is_printed_per_table_and_game_and_reads_back(embers_night, tmp_path):
    data = load_event_data(embers_night)
    assert data.kind.name == "embers" and data.kind.hands == 4
    pages = pdf_pages(render_scoresheets(data))
    assert len(pages) == 2 * 2  # 2 tables × 2 games
    first = pages[0]
    assert "Embers score pad · Table 1" in first and "Game 1" in first
    for label in ("Hand", "Cal.", "In prog.", "Pile", "Revokes", "Points", "Total"):
        assert label in first, label
    # a row a hand, numbered 1 to the night's 4, and no 5th
    numbers = re.findall(r"^\s*([0-9])\s*$", first, flags=re.M)
    assert numbers[:4] == ["1", "2", "3", "4"] and "5" not in numbers
    assert "Cards in progress after the last hand, 20 a card" in first and "Final totals" in first
    assert "+ both trick piles = 52" in first.replace("\n", " ")
    assert "green room" in first and "sin bin" in first
    seated = {name for play in data.plays if play.table == 1 and play.round == 1 for side in play.sides()
              for name in side.names}  # fmt: skip
    assert seated and all(name in first for name in seated)
    assert "Table 2" in pages[1] and "Game 2" in pages[2]
    out = tmp_path / "pads.pdf"
    call_command("print_pdf", "scoresheets", event=embers_night.pk, out=str(out), verbosity=0)
    printed = pdf_pages(out.read_bytes())
    assert len(printed) == 4 and all("Embers score pad · Table" in page for page in printed)
    assert len(set(page_sizes(out.read_bytes()))) == 1


def test_the_pad_says_the_nights_packs_and_its_fire_hands_come_first(embers_night):
    """#32: the fire hand(s) are played as usual and the green room/sin bin procedure starts at the
    end of the first ember hand. Before, the printed pad told the table to keep the green room and
    put the trick piles in the sin bin from hand 1, with three packs whatever the night played."""
    from director.events import services as events

    text = " ".join(pdf_pages(render_scoresheets(load_event_data(embers_night)))[0].split())
    assert "3 packs (156 cards), shuffled together once before hand 1." in text
    assert "Hand 1 is the fire, played as usual" in text
    assert "From the end of hand 2 (the first ember hand) on" in text
    night = events.update_event(event=embers_night, embers_packs=4, embers_fire_hands=2, embers_hands=6)
    data = load_event_data(night)
    assert data.kind.settings.to_dict() == {"packs": 4, "fire_hands": 2, "hands": 6}
    text = " ".join(pdf_pages(render_scoresheets(data))[0].split())
    assert "4 packs (208 cards), shuffled together once before hand 1." in text
    assert "Hands 1 to 2 are the fire hands, played as usual" in text
    assert "From the end of hand 3 (the first ember hand) on" in text
    assert "the 208 cards are all in the pack" in text
    assert text.index("Hands 1 to 2 are the fire hands") < text.index("From the end of hand 3")


def test_a_calypso_night_still_prints_its_208_card_sheet(club_a, players_a, new_progressive):
    night = new_progressive(club_a, players_a, tables=2, games=1)
    text = pdf_pages(render_scoresheets(load_event_data(night)))[0]
    assert "Embers" not in text and "208" in text


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_embers_pad_is_printed_in_the_print_language_inside_the_page(embers_night, drawn, lang):
    """The pad's title, headings, end rows, card check and keeping are the print language's words
    (the Embers kind's ``printed.WORDS``) with the engine's figures, and no word leaves the page."""
    said = WORDS[lang]
    pages = pdf_pages(render_scoresheets(load_event_data(embers_night), PrintOptions(lang=lang, paper="letter")))
    first = " ".join(pages[0].split())
    assert f"{said['title']} · {EVENT_WORDS[lang].table.format(n=1)}" in first
    for key in ("hand", "progress", "pile", "revokes", "points", "total", "final"):
        assert said[key] in first, key
    assert said["end"].format(points=20) in first
    assert "= 52" in first and "Embers score pad" not in first and "Final totals" not in first
    assert said["keeping"].split()[-1] in first  # the keeping paragraph to its last word
    for (page_width, page_height), x0, x1, y, size, text in drawn:
        assert x0 >= EDGE and x1 <= page_width - EDGE, text
        assert y - 0.25 * size >= EDGE and y + size <= page_height - EDGE, (text, y)
        assert size >= layout.MIN_FIT_SIZE, text


def test_every_print_language_has_the_pads_words_with_the_same_figures_to_fill():
    english = WORDS["en"]
    assert WORDS.keys() == EVENT_WORDS.keys()
    for lang, words in WORDS.items():
        assert words.keys() == english.keys(), lang
        for key, text in english.items():
            assert re.findall(r"\{\w+\}", words[key]) == re.findall(r"\{\w+\}", text), (lang, key)
