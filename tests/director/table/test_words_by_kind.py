"""Words that fit the table (issue #30.7): a table of three's phone counts its own deals (three
three-handed, five Neutralised) and offers its players by the seat they hold, not "We are ♠♥" in a
game without partnerships; a coöp table's phone shows the table's total and grade, not only a net."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from director.events import lineup
from director.events import services as events
from director.events.grades import set_grade_bands
from director.events.models import Event, Round, Table
from director.movements import services as movements
from director.results import services as results
from tests.director.factories import small_night
from tests.director.standings.test_coop_grades import coop_sheet

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

SPADE = '<span class="suit suit-S" role="img" aria-label="spades">♠</span>'  # spoken by name
HEART = '<span class="suit suit-H" role="img" aria-label="hearts">♥</span>'

pytestmark = pytest.mark.django_db


def phone(table) -> str:
    return Client().get(f"/t/{table.token}/").content.decode()


def test_a_neutralised_three_says_after_the_fifth_deal(club_a, players_a):
    event = small_night(club_a, players_a[:3], start=True, three_table="neutralised")
    page = phone(event.tables.get(number=1))
    assert "After the fifth deal, one player enters the scoresheet" in page
    assert "fourth deal" not in page and "We are" not in page
    assert f"I hold {SPADE} or {HEART}" in page


def test_a_four_keeps_its_words(club_a, players_a):
    event = small_night(club_a, players_a[:8], start=True)
    page = phone(event.tables.get(number=1))
    assert "After the fourth deal, one side enters the scoresheet" in page
    spoken = '<span role="img" aria-label="spades and hearts">'
    assert f'We are {spoken}<span class="suit suit-S">♠</span><span class="suit suit-H">♥</span></span>' in page


def test_a_coop_phone_shows_the_table_total_and_its_grade(club_a, players_a, director_a):
    event = events.create_event(
        club=club_a, name="Coöp night", date=datetime.date(2025, 4, 4), type=Event.Type.DUPLICATE_COOP, games=2
    )
    lineup.draw_partnerships(event=event, players=players_a[:12], seed=3, fix_directions=True)
    movements.seat_event(event=event)
    set_grade_bands(event=event, bands="Bronze: 2400\nSilver: 3000", by=director_a)
    event = events.start_event(event=Event.objects.get(pk=event.pk), force=True)
    table = Table.objects.get(event=event, number=1)
    # 2 calypsoes: 500 + 750 + 10 × 182 = 3070, Silver
    results.enter_sheet(table=table, round=Round.objects.get(event=event, number=1), sheet=coop_sheet(2), by=None)
    page = phone(table)
    assert 'table total <b class="table-total">3070</b>' in page
    assert 'grade <b class="grade">Silver</b>' in page
    assert "net ♠♥" not in page.split('id="sheet-view"')[1]
