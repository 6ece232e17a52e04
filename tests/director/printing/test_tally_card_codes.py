"""Player codes on the tally cards (issue 29): each player's code printed, read back from the PDF,
with a QR code of their own page; none on a night of table links."""

from __future__ import annotations

import pytest

from director.events import codes
from director.events.models import Event, PlayerCode
from director.printing import qr
from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions

from .helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def _spy(monkeypatch) -> list[str]:
    encoded = []
    real = qr.qr_matrix
    monkeypatch.setattr(qr, "qr_matrix", lambda value, level="M": encoded.append(value) or real(value, level))
    return encoded


def test_each_players_code_and_qr_are_on_their_pairs_tally_card(progressive_a, settings, monkeypatch):
    settings.PUBLIC_BASE_URL = "https://club.example/"
    Event.objects.filter(pk=progressive_a.pk).update(phones="player")
    progressive_a.refresh_from_db()
    encoded = _spy(monkeypatch)
    pages = pdf_pages(render_from_event("tally-cards", load_event_data(progressive_a), PrintOptions()))
    text = "\n".join(pages)
    rows = list(PlayerCode.objects.filter(event=progressive_a).select_related("player"))
    assert len(rows) == 16
    for row in rows:
        assert codes.shown(row.code) in text and f"{row.player.name}: your code" in text
    assert sorted(encoded) == sorted(f"https://club.example/me/{row.code}/" for row in rows)
    # a pair's card carries its own two players' codes
    first = next(p for p in pages if "Pair 1" in p)
    members = [m.player_id for m in progressive_a.partnerships.get(number=1).members.all()]
    assert {r.player_id for r in rows if codes.shown(r.code) in first} >= set(members)


def test_no_codes_on_a_night_of_table_links(progressive_a, monkeypatch):
    Event.objects.filter(pk=progressive_a.pk).update(phones="table")
    progressive_a.refresh_from_db()
    encoded = _spy(monkeypatch)
    text = "\n".join(pdf_pages(render_from_event("tally-cards", load_event_data(progressive_a), PrintOptions())))
    assert "your code" not in text.lower() and encoded == []
    assert not PlayerCode.objects.filter(event=progressive_a).exists()
