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
from director.events import services as events
from director.printing.words import ENGLISH
from tests.browser.conftest import sign_in
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
    events.draw_partnerships(event=event, players=players, seed=7)
    deals.generate_game_sets(event=event, count=2, by=user, seed=f"{7:064x}")
    events.seat_event(event=event)
    return event


def test_a_director_prints_envelopes_and_downloads_them(page, duplicate_event):
    sign_in(page, "dora", PASSWORD)
    page.wait_for_url("**/clubs/pos/")
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
