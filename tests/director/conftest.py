"""Shared set-up for the director tests: two clubs, a director of each, a user who only plays,
and small factories for events, tables, partnerships and sheets."""

from __future__ import annotations

import copy
import datetime
import random

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from director.results.simulate import plausible_sheet

PASSWORD = "calypso-test-1"


def opened_phone(table):
    """A phone (test client) that has opened ``table``'s link, as a phone does before it confirms or
    disputes: the page gives it the id the double-entry rule tells phones apart by."""
    from django.test import Client

    table_links(table.event)  # a table link's phone: a night of table links
    phone = Client()
    phone.get(f"/t/{table.token}/")
    return phone


def table_links(event):
    """``event`` as a night of table links (``Event.phones`` "table"): a club's explicit choice —
    a new event has player codes — for the tests that drive a table's link as its phones."""
    from director.events.models import Event

    Event.objects.filter(pk=event.pk).update(phones=Event.Phones.TABLE)
    event.phones = Event.Phones.TABLE
    return event


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username=username, password=PASSWORD, **extra)


@pytest.fixture
def director_a(db):
    return make_user("dora")


@pytest.fixture
def director_b(db):
    return make_user("bert")


@pytest.fixture
def player_user(db):
    """A signed-up user who directs nothing."""
    return make_user("pat")


@pytest.fixture
def club_a(director_a):
    return clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director_a)


@pytest.fixture
def club_b(director_b):
    return clubs.create_club(name="San Fernando Card Circle", slug="sando", owner=director_b)


def add_players(club, count: int, prefix: str = "Player") -> list:
    return [clubs.add_player(club=club, name=f"{prefix} {i:02d}") for i in range(1, count + 1)]


@pytest.fixture
def players_a(club_a):
    return add_players(club_a, 16)


@pytest.fixture
def players_b(club_b):
    return add_players(club_b, 8, prefix="Sando")


def make_progressive(club, players, *, tables: int, games: int = 4, by=None, seed: int = 1, phones=None):
    """A progressive-pairs event with ``tables`` tables, partnerships drawn and seated; ``phones``:
    how phones are known (None: the model's default, a code per player)."""
    extra = {"phones": phones} if phones else {}
    event = events.create_event(
        club=club, name=f"Club night ({tables} tables)", date=datetime.date(2025, 3, 14), games=games, by=by, **extra
    )
    lineup.draw_partnerships(event=event, players=players[: 4 * tables], seed=seed)
    movements.seat_event(event=event)
    return event


@pytest.fixture
def new_progressive():
    """``new_progressive(club, players, tables=..., games=...)`` → a seated progressive-pairs event."""
    return make_progressive


@pytest.fixture
def new_players():
    """``new_players(club, count, prefix)`` → that many new players."""
    return add_players


@pytest.fixture
def progressive_a(club_a, players_a, director_a):
    return make_progressive(club_a, players_a, tables=4, by=director_a)


@pytest.fixture
def running(progressive_a):
    """``progressive_a`` started: game 1 under way (a module may override ``progressive_a``)."""
    return events.start_event(event=progressive_a)


# A scoresheet that adds up to 208 (also for the worlds a module shares: tests/director/api/conftest.py).
SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}


@pytest.fixture
def sheet():
    """A scoresheet that adds up to 208."""
    return copy.deepcopy(SHEET)


@pytest.fixture
def rng():
    return random.Random(208)


@pytest.fixture
def random_sheet(rng):
    """``random_sheet()`` → a fresh plausible sheet (seeded)."""
    return lambda: plausible_sheet(rng)
