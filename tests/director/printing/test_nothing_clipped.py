"""Every string lies inside its page (labels: inside its label), whatever the options."""

import pytest

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.duplication import render_duplication_sheets
from director.printing.envelopes import render_envelopes
from director.printing.fonts import width
from director.printing.hand_records import SetAnalysis, render_hand_records
from director.printing.options import PrintOptions

from .helpers import make_sets, sorted_set

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

EDGE = 3 * layout.MM  # printers cannot print closer to the edge than this


@pytest.fixture
def drawn(monkeypatch):
    """(page number, page size, x0, x1, y, size, text) of every string drawn."""
    found = []
    text = Batch.text

    def spy(self, x, y, s, font=layout.REGULAR, size=10, color=layout.BLACK, align="left"):
        w = width(s, font, size)
        x0 = x - w if align == "right" else x - w / 2 if align == "centre" else x
        found.append((self.pages, self.page_size, x0, x0 + w, y, size, s))
        return text(self, x, y, s, font, size, color, align)

    monkeypatch.setattr(Batch, "text", spy)
    return found


SETS = [*make_sets(2, seed=21), sorted_set(3)]
LONG_EVENT = "The Port of Spain Calypso Club's Annual Duplicate Championship, second session " * 2


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["c6", "dl", "duplication", "hand-records"])
def test_strings_stay_inside_the_page(drawn, lang, paper, kind):
    options = PrintOptions(paper=paper, envelope=kind if kind in ("c6", "dl") else "c6", lang=lang, event=LONG_EVENT)
    if kind in ("c6", "dl"):
        render_envelopes(SETS, options)
    elif kind == "duplication":
        render_duplication_sheets(SETS, options)
    else:
        render_hand_records(SETS, options, analysis={1: SetAnalysis(1234.5, -1234.5, True, 10_000, LONG_EVENT)})
    assert drawn
    for _, (page_width, page_height), x0, x1, y, size, text in drawn:
        assert x0 >= EDGE and x1 <= page_width - EDGE, text
        assert y - 0.25 * size >= EDGE and y + size <= page_height - EDGE, text
        assert size >= layout.MIN_FIT_SIZE, text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_label_text_stays_inside_its_label(drawn, paper):
    render_envelopes(SETS, PrintOptions(paper=paper, envelope="labels", event=LONG_EVENT, lang="fr"))
    sheet = layout.LABEL_SHEETS[paper]
    page_height = layout.PAPERS[paper][1]
    for _, _, x0, x1, y, size, text in drawn:
        column = int((x0 - sheet.left) // sheet.pitch_x)
        row = int((page_height - sheet.top - y) // sheet.pitch_y)
        left = sheet.left + column * sheet.pitch_x
        top = page_height - sheet.top - row * sheet.pitch_y
        assert left + 1 <= x0 and x1 <= left + sheet.width - 1, text
        assert top - sheet.height + 1 <= y - 0.25 * size and y + size * 0.8 <= top, text
