"""The standings' check says what is true (issue #30.5): on a 13-player individual night (tables of
5, 4 and 4) the totals cannot add up to 0, and the standings page, the tallies page and the results
PDF say what they add up to and why — the figure they print is the sum of the totals they print."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.urls import reverse

from director.events.models import Seat
from director.printing.event_data import render_event
from director.standings.selectors import event_results
from tests.director.factories import enter_all, small_night
from tests.director.printing.helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

SUM = re.compile(r"the totals add up to ([+-]?[\d,]+)")


def added(text: str) -> int:
    found = SUM.findall(text)
    assert len(found) == 1, text
    return int(found[0].replace(",", ""))


@pytest.fixture
def thirteen(club_a, players_a, director_a, new_players):
    players = [*players_a, *new_players(club_a, 1, "Late")][:13]
    event = small_night(club_a, players, start=True, games=3)
    seats = Seat.objects.filter(seating__round__event=event, seating__round__number=1)
    assert sorted(Counter(seats.values_list("seating__table__number", flat=True)).values()) == [4, 4, 5]
    enter_all(event, director_a, nets={(1, 1): 360, (1, 2): 120, (1, 3): -40})
    return event


def test_a_night_with_a_table_of_five_says_what_its_totals_add_up_to(dora, thirteen):
    total = sum(row.total for row in event_results(thirteen).standings() if isinstance(row.total, int))
    assert total in (360, -360)  # the side of three's net, once: it cannot be 0

    page = dora.get(reverse("standings:standings", args=[thirteen.pk])).content.decode()
    check = re.search(r'<p class="ok small" id="sum-check">([^<]*)</p>', page)
    assert check is not None, "the sum check is shown, as holding"
    sentence = check.group(1).replace("&#x27;", "'")
    assert added(sentence) == total
    assert "add up to 0." not in sentence and "game 1 table 1: " in sentence

    tallies = dora.get(reverse("standings:tallies", args=[thirteen.pk])).content.decode()
    assert added(re.search(r'id="sum-check">([^<]*)<', tallies).group(1)) == total
    assert "Sum check of the scoresheets" in tallies

    text = " ".join(" ".join(pdf_pages(render_event("results", thirteen, {"paper": "a4"}))).split())
    assert added(text) == total
    assert "add up to zero" not in text and "game 1 table 1:" in text
