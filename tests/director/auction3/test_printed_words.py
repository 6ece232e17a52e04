"""The printed three-handed Auction pad speaks the print job's language (``PrintOptions.lang``), as the
four-handed pad does: its title, its column headings and its scoring in brief, read back from the PDF."""

from __future__ import annotations

import pytest

from tests.director.auction3.test_night import night  # noqa: F401 — the fixture

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

SAID = {
    "en": ("Three-handed Auction score pad", "Least bid 170 (with calypsos: 10 points)", "T + P of the three = 51"),
    "fr": (
        "Feuille de marque — enchères à trois",
        "Enchère minimum 170 (avec calypsos : 10 points)",
        "T + P des trois = 51",
    ),
    "es": ("Hoja de anotación — subasta a tres", "Puja mínima 170 (con calypsos: 10 puntos)", "T + P de los tres = 51"),
}
ENGLISH_ONLY = ("Three-handed Auction score pad", "Least bid", "Sold/mis.", "of the three")


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_pad_in_the_print_language(night, lang):  # noqa: F811
    from director.printing.documents import render_from_event
    from director.printing.event_data import load_event_data
    from director.printing.options import PrintOptions
    from tests.director.printing.helpers import pdf_pages

    data = render_from_event("scoresheets", load_event_data(night), PrintOptions(event=night.name, lang=lang))
    flat = " ".join(pdf_pages(data)[0].split())
    title, rules, check = SAID[lang]
    assert flat.startswith(title), flat[:120]
    assert rules in flat and check in flat, flat
    if lang != "en":
        assert flat.count({"fr": "Marque Total", "es": "Tanteo Total"}[lang]) == 3, flat
        assert "…" not in flat, flat  # no heading clipped
        assert not [words for words in ENGLISH_ONLY if words in flat], flat
        assert {"fr": "Don. Décl. Contrat", "es": "Mano Decl. Contrato"}[lang] in flat, flat[:400]
