"""The director's score entry page on an Embers night: each table's pad as boxes (no script needed),
checked and saved through the same results services; a wrong pad is a form error naming its hand."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.results.models import Submission
from director.sheets.embers.pad import field_name
from tests.director.conftest import PASSWORD
from tests.director.embers.conftest import FINAL, PAD

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture
def dora(client, director_a):
    client.login(username="dora", password=PASSWORD)
    return client


def boxes(prefix: str, pad: dict) -> dict:
    """A pad as the boxes a director types (0 typed as 0: blank would mean none too)."""
    post = {}
    for n, hand in enumerate(pad["embers"], start=1):
        for section, short in (("calypsos", "cal"), ("unfinished", "unf"), ("revokes", "rev")):
            for seat, value in hand[section].items():
                post[field_name(prefix, n, f"{short}-{seat}")] = "" if value == 0 else str(value)
        for side, value in hand["trick_piles"].items():
            post[field_name(prefix, n, f"pile-{side}")] = str(value)
    return post


def test_the_page_shows_a_pad_per_table_and_saves_one_as_typed(embers_running, dora):
    url = reverse("results:entry", args=[embers_running.pk, 1])
    page = dora.get(url).content.decode()
    assert 'data-form="embers"' in page and 'name="t2-hand-3-pile-minors"' in page and "t1-hand-5" not in page
    assert 'data-packs="3" data-fire-hands="1"' in page  # the night's settings for the live check
    # the pad is explained once, above the tables, not again in each table's pad
    assert "pad-help" not in page and page.count("what the green room grew + both trick piles") == 1
    response = dora.post(url, boxes("t1-", PAD))
    assert response.status_code == 302, response.content.decode()[:2000]
    row = Submission.objects.get(table__event=embers_running, table__number=1, status="confirmed")
    assert (row.majors, row.minors) == FINAL and row.sheet == PAD
    shown = dora.get(url).content.decode()
    # the stored pad hand by hand: running totals 670 · 120, 1780 · 760, then the end's 1900 · 880
    lines = shown.split('class="embers-lines')[1].split("</table>")[0]
    for figure in ("670", "1780", "760", "<b>1900</b>", "<b>880</b>"):
        assert figure in lines
    assert 'value="17"' in shown  # hand 1's ♠♥ pile, shown again in its box


def test_a_pad_that_does_not_add_up_is_refused_by_hand_and_nothing_saved(embers_running, dora):
    url = reverse("results:entry", args=[embers_running.pk, 1])
    post = boxes("t1-", PAD)
    post["t1-hand-2-pile-minors"] = "15"
    post["t2-hand-1-pile-majors"] = "x"
    response = dora.post(url, post)
    page = response.content.decode()
    assert response.status_code == 400
    assert "hand 2: cards add up to 53, not the 52 dealt: 1 too many" in page
    assert "hand 1: trick_piles.majors must be a whole number, not &#x27;x&#x27;" in page
    assert 'value="15"' in page  # what was typed is kept
    assert not Submission.objects.filter(table__event=embers_running).exists()


def test_a_hand_typed_beyond_the_last_blank_one_is_named(embers_running, dora):
    url = reverse("results:entry", args=[embers_running.pk, 1])
    post = {"t1-hand-1-pile-majors": "26", "t1-hand-1-pile-minors": "26", "t1-hand-3-cal-S": "1"}
    page = dora.post(url, post).content.decode()
    assert "hand 2: trick_piles.majors is missing" in page
    assert not Submission.objects.exists()
