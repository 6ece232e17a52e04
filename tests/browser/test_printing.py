"""A director prints the hand envelopes of a duplicate event from the print page: the job runs
(eagerly, no broker), the progress bar fills, and the PDF downloads with 16 envelopes per set."""

from __future__ import annotations

import datetime
import io

import pytest
from django.contrib.auth import get_user_model
from pypdf import PdfReader

from director.clubs import services as clubs
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.printing.words import ENGLISH
from tests.browser.conftest import sign_in
from tests.browser.test_club_night import shot
from tests.director.printing.helpers import parse_envelopes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"


@pytest.fixture
def duplicate_event(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 9)]
    event = events.create_event(
        club=club, name="Duplicate pairs", date=datetime.date(2025, 3, 21), type="duplicate-pairs", games=2, by=user
    )
    lineup.draw_partnerships(event=event, players=players, seed=7)
    deals.generate_game_sets(event=event, count=2, by=user, seed=f"{7:064x}")
    movements.seat_event(event=event)
    return event


def test_a_director_prints_envelopes_and_downloads_them(page, duplicate_event):
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{duplicate_event.pk}/print/")
    page.get_by_role("heading", name="Print", exact=True).wait_for()

    page.locator("input[name=kind][value=envelopes]").check()
    page.locator("select[name=envelope]").select_option("dl")
    page.get_by_role("button", name="Start printing").click()

    row = page.locator("tr.job").first
    bar = row.locator("progress")
    bar.wait_for()
    link = row.get_by_role("link", name="Download PDF")
    link.wait_for(state="visible", timeout=30_000)
    assert bar.get_attribute("value") == bar.get_attribute("max") == "32"
    assert row.get_attribute("data-status") == "done"

    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename.endswith(".pdf")
    with open(download.path(), "rb") as handle:
        pages = [p.extract_text() for p in PdfReader(io.BytesIO(handle.read())).pages]
    hands = parse_envelopes(pages, ENGLISH)
    per_set = {n: sum(1 for h in hands if h["set"] == n) for n in (1, 2)}
    assert per_set == {1: 16, 2: 16}


def test_a_progressive_night_prints_event_documents_named_in_words_and_warns_of_loopback_qr_codes(
    page, live_server, settings, tmp_path
):
    """#14.11, #14.12: no hand documents for a progressive night; QR codes that would open this
    computer's own address are flagged in red with the way to serve on the venue network."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.PUBLIC_BASE_URL = live_server.url  # http://localhost:…: what `make run` without LAN=1 prints
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 9)]
    night = events.create_event(club=club, name="Club night", date=datetime.date(2025, 3, 14), games=2, by=user)
    lineup.draw_partnerships(event=night, players=players, seed=7)
    movements.seat_event(event=night)

    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{night.pk}/print/")
    documents = page.locator("label.switch strong").all_inner_texts()
    assert documents == ["Scoresheets", "Tally cards", "Table guide cards", "Results"]
    warning = page.locator(".qr-loopback")
    assert "Phones cannot open these QR codes" in warning.inner_text()
    assert "make run LAN=1" in warning.inner_text()
    assert warning.evaluate("e => getComputedStyle(e).color") == "rgb(179, 38, 30)"  # var(--bad), red
    shot(page, "print-progressive")

    page.locator("input[name=kind][value=guide-cards]").check()
    page.get_by_role("button", name="Start printing").click()
    row = page.locator("tr.job").first
    row.get_by_role("link", name="Download PDF").wait_for(state="visible", timeout=30_000)
    assert row.locator("td strong").inner_text() == "Table guide cards"
    with page.expect_download() as info:
        row.get_by_role("link", name="Download PDF").click()
    assert info.value.suggested_filename.startswith("club-night-table-guide-cards-")
    shot(page, "print-progressive-job")
