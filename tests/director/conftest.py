"""Shared set-up for the director tests: two clubs, a director of each, a user who only plays,
and small factories for events, tables, partnerships and sheets.

A module that sets ``SHARED_SET_UP = True`` builds these objects once (and the nights its folder's
conftest registers in ``_shared_builders``: standings' scored nights, table's running night …),
inside a transaction of its own that is rolled back after the module; each test runs in a
savepoint inside it (pytest-django's ``db``) and gets deep copies of the objects, as Django's
``TestCase.setUpTestData`` gives them, so what one test writes or changes in memory no other test
sees. Only what some test of the module asks for is built, before its first test, in the order of
the builders' dependencies; the ids are then the same for every test of the module, and every test
finds every shared object in the database (an event it did not ask for, say): a module opts in only
if its tests pass that way, alone and in any order (docs/testing.md, "Set-ups shared by a module")."""

from __future__ import annotations

import contextlib
import copy
import datetime
import inspect
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


# --- set-ups a module may share (SHARED_SET_UP) -----------------------------------------------------
def _club_a(director_a):
    return clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director_a)


def _club_b(director_b):
    return clubs.create_club(name="San Fernando Card Circle", slug="sando", owner=director_b)


def add_players(club, count: int, prefix: str = "Player") -> list:
    """``count`` new members named ``prefix 01`` … in one insert, with the columns save() derives
    (``Player.fill_derived``): a set-up's players, not a test of adding one (clubs.add_player's own
    tests do that); one at a time they cost a look-up, a savepoint and an insert each."""
    from director.clubs.models import Player

    players = [Player(club=club, name=f"{prefix} {i:02d}") for i in range(1, count + 1)]
    for player in players:
        player.fill_derived()
    return Player.objects.bulk_create(players)


def _progressive_a(club_a, players_a, director_a):
    return make_progressive(club_a, players_a, tables=4, by=director_a)


def _start(event):
    return events.start_event(event=event)


CHANGES = "changes its first need"  # a builder's third item: it changes that object, not only adds
# How to build each fixture a module may share: name → (the fixtures it needs, a function of them).
BUILDERS = {
    "director_a": ((), lambda: make_user("dora")),
    "director_b": ((), lambda: make_user("bert")),
    "player_user": ((), lambda: make_user("pat")),
    "club_a": (("director_a",), _club_a),
    "club_b": (("director_b",), _club_b),
    "players_a": (("club_a",), lambda club: add_players(club, 16)),
    "players_b": (("club_b",), lambda club: add_players(club, 8, prefix="Sando")),
    "progressive_a": (("club_a", "players_a", "director_a"), _progressive_a),
    # Starting changes the event: shared only where every test that asks for it runs it.
    "running": (("progressive_a",), _start, CHANGES),
}


def shareable(name: str, builders: dict, doc: str = ""):
    """The fixture ``name`` of ``builders``: the module's shared copy if it shares one, else built
    for the test from the fixtures the builder needs (which the fixture asks for, so a test's
    fixture closure names them)."""
    needs, make, *_ = builders[name]

    def fixture(shared, **given):
        return shared[name] if name in shared else make(*(given[need] for need in needs))

    fixture.__signature__ = inspect.Signature(
        [inspect.Parameter(arg, inspect.Parameter.POSITIONAL_OR_KEYWORD) for arg in ("shared", *needs)]
    )
    fixture.__name__, fixture.__doc__ = name, doc
    return pytest.fixture(fixture, name=name)


@pytest.fixture(scope="module")
def _shared_builders():
    """``BUILDERS``; a folder's conftest extends it (a fixture of the same name, asking for this one)."""
    return BUILDERS


def _wanted(builders: dict, items: list) -> set:
    """The shared fixtures some test of the module asks for. Not shared: one that changes an object
    another test of the module asks for unchanged (that test would find it changed); one the module
    or a folder defines again without asking for ``shared`` (its own version, which the builder
    does not know), and what needs either."""
    uses = [set(item.fixturenames) for item in items]
    own = {
        name
        for item in items
        for name, defs in item._fixtureinfo.name2fixturedefs.items()
        if name in builders and "shared" not in defs[-1].argnames
    }
    wanted = set()
    for name, (needs, _make, *changes) in builders.items():
        asked = any(name in used for used in uses)
        if asked and not (changes and any(needs[0] in used and name not in used for used in uses)):
            wanted.add(name)
    changed = True
    while changed:  # drop what needs a fixture that is not shared
        keep = {name for name in wanted - own if all(need in wanted - own for need in builders[name][0])}
        changed, wanted = keep != wanted, keep
    return wanted


_ITEMS_BY_MODULE = pytest.StashKey[dict]()


def _module_items(request):
    """The session's tests of the requesting module (the session's items grouped once, not scanned
    for each module)."""
    stash = request.session.stash
    if _ITEMS_BY_MODULE not in stash:
        grouped: dict = {}
        for item in request.session.items:
            grouped.setdefault(getattr(item, "module", None), []).append(item)
        stash[_ITEMS_BY_MODULE] = grouped
    return stash[_ITEMS_BY_MODULE].get(request.module, [])


@contextlib.contextmanager
def rolled_back_after_module(django_db_blocker):
    """An outer transaction for a module's shared set-up, rolled back when the module ends (or its
    set-up fails); the module's tests run in savepoints inside it (pytest-django's ``db``). The
    database is unblocked only to open and close it: the set-up unblocks it for itself."""
    from django.db import transaction

    outer = transaction.atomic()
    with django_db_blocker.unblock():
        outer.__enter__()
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(scope="module")
def _shared_set_up(request, _shared_builders, django_db_setup, django_db_blocker):
    """The module's shared objects by fixture name (empty unless it sets ``SHARED_SET_UP``)."""
    if not getattr(request.module, "SHARED_SET_UP", False):
        yield {}
        return
    from tests.conftest import fast_test_settings

    items = _module_items(request)
    for item in items:  # a transactional test would commit through, or flush, the module's world
        marker = item.get_closest_marker("django_db")
        transactional = bool(marker and marker.kwargs.get("transaction"))
        if transactional or {"transactional_db", "live_server"} & set(item.fixturenames):
            raise pytest.UsageError(f"{item.nodeid} needs real transactions: its module cannot share a set-up")
    wanted = _wanted(_shared_builders, items)
    built: dict = {}

    def build(name):
        if name not in built:
            needs, make, *_ = _shared_builders[name]
            built[name] = make(*(build(need) for need in needs))
        return built[name]

    with rolled_back_after_module(django_db_blocker):
        with django_db_blocker.unblock(), fast_test_settings():
            for name in sorted(wanted):
                build(name)
        yield built


@pytest.fixture
def shared(_shared_set_up, db):
    """This test's copies of the module's shared objects (one deep copy, so they share their
    objects as the fixtures built per test would), by fixture name; empty if the module shares none."""
    return copy.deepcopy(_shared_set_up)


director_a = shareable("director_a", BUILDERS)
director_b = shareable("director_b", BUILDERS)
player_user = shareable("player_user", BUILDERS, "A signed-up user who directs nothing.")
club_a = shareable("club_a", BUILDERS)
club_b = shareable("club_b", BUILDERS)
players_a = shareable("players_a", BUILDERS)
players_b = shareable("players_b", BUILDERS)
progressive_a = shareable("progressive_a", BUILDERS)
running = shareable("running", BUILDERS, "``progressive_a`` started: game 1 under way (a module may override it).")


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
