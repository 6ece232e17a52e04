"""The coöp results' headings fit their page (issue #30.6): read back from the PDF, each heading's
text is there whole and every line of it lies within the page's margins — its position read from
the PDF, its width measured with reportlab's ``stringWidth`` in the font it is drawn in."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from director.printing import layout
from director.printing.event_data import render_event
from director.printing.fonts import width
from scoring.coop import DEFAULT_BANDS
from tests.director.standings.test_coop_grades import coop  # noqa: F401 (the fixture)

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def drawn_lines(pdf: bytes) -> list[tuple[float, float, str, float]]:
    """Every piece of text drawn: ``(x, page width, text, size)``."""
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        page_width = float(page.mediabox.width)

        def seen(text, cm, tm, font, size, page_width=page_width):
            if text.strip():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                out.append((tm[4] * cm[0] + cm[4], page_width, text.strip(), size * scale))

        page.extract_text(visitor_text=seen)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_coop_headings_are_whole_and_within_the_page(coop, paper):  # noqa: F811 (the fixture)
    lines = drawn_lines(render_event("results", coop, {"paper": paper}))
    heading = [line for line in lines if line[2].startswith("Coöp session")]
    assert heading, "the session heading is printed"
    margin = layout.EVENT_SHEET.margin
    for x, _, _, _ in heading:
        assert x >= margin - 0.5
    # the heading lines and those following them up to the table make the whole heading
    text = " ".join(t for _, _, t, _ in lines)
    bands = ", ".join(f"{band.name} {band.floor}" for band in DEFAULT_BANDS)
    for direction in ("♠♥ pairs", "♦♣ pairs"):
        assert f"Coöp session, {direction} (grades: {bands})" in " ".join(text.split())
    bold = [line for line in lines if line[3] >= layout.EVENT_SHEET.heading_size - 0.5]
    assert bold
    for x, page_width, piece, size in bold:
        assert x + width(piece, layout.BOLD, size) <= page_width - margin + 0.5, (paper, piece)
