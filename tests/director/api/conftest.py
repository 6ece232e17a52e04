"""API test fixtures: API clients for each role and a "world" of objects per club.

A module that sets ``SHARED_WORLDS = True`` builds its two directors, clubs and worlds once (about
0.3 s of CPU a test otherwise, most of the API tests' time) inside a transaction of its own that
is rolled back after the module; each test runs in a savepoint inside it (pytest-django's ``db``)
and gets deep copies of the objects, as Django's ``TestCase.setUpTestData`` gives them, so what one
test writes or changes in memory no other test sees. Only for modules whose tests all find both
worlds in the database harmless (no test there counts every row of a table)."""

from __future__ import annotations

import copy
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.conftest import fast_test_settings
from tests.director.conftest import SHEET, add_players, make_user, rolled_back_after_module

from .helpers import World, build_world, client_for


@dataclass
class Worlds:
    director_a: object
    director_b: object
    club_a: object
    club_b: object
    world_a: World
    world_b: World


def _build_worlds() -> Worlds:
    from director.clubs import services as clubs

    director_a, director_b = make_user("dora"), make_user("bert")
    club_a = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director_a)
    club_b = clubs.create_club(name="San Fernando Card Circle", slug="sando", owner=director_b)
    sheet = copy.deepcopy(SHEET)
    world_a = build_world(club_a, add_players(club_a, 14, "Ana"), director_a, sheet, prefix="POS")
    world_b = build_world(club_b, add_players(club_b, 14, "Ben"), director_b, sheet, prefix="Sando")
    return Worlds(director_a, director_b, club_a, club_b, world_a, world_b)


@pytest.fixture(scope="module")
def _shared_worlds(request, django_db_setup, django_db_blocker, tmp_path_factory):
    """The module's worlds and the media folder holding their files, or None if it builds its own."""
    if not getattr(request.module, "SHARED_WORLDS", False):
        yield None
        return
    from django.test import override_settings

    media = tmp_path_factory.mktemp("shared-media")
    with rolled_back_after_module(django_db_blocker):
        with django_db_blocker.unblock(), fast_test_settings(), override_settings(MEDIA_ROOT=str(media)):
            worlds = _build_worlds()
        yield worlds, media


@pytest.fixture
def _worlds(_shared_worlds, db):
    """This test's copies of the module's worlds (one deep copy, so they share their objects)."""
    return None if _shared_worlds is None else copy.deepcopy(_shared_worlds[0])


@pytest.fixture(autouse=True)
def _media(settings, tmp_path, _shared_worlds):
    settings.MEDIA_ROOT = str(tmp_path / "media")  # print jobs' files
    if _shared_worlds is not None:  # the worlds' files, for this test to read, change or delete
        shutil.copytree(_shared_worlds[1], Path(settings.MEDIA_ROOT))


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()  # the sign-in throttle counts in the cache
    yield
    cache.clear()


@pytest.fixture
def director_a(_worlds):
    return make_user("dora") if _worlds is None else _worlds.director_a


@pytest.fixture
def director_b(_worlds):
    return make_user("bert") if _worlds is None else _worlds.director_b


@pytest.fixture
def club_a(_worlds, director_a):
    from director.clubs import services as clubs

    if _worlds is None:
        return clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=director_a)
    return _worlds.club_a


@pytest.fixture
def club_b(_worlds, director_b):
    from director.clubs import services as clubs

    if _worlds is None:
        return clubs.create_club(name="San Fernando Card Circle", slug="sando", owner=director_b)
    return _worlds.club_b


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def api_a(director_a):
    return client_for(director_a)


@pytest.fixture
def api_b(director_b):
    return client_for(director_b)


@pytest.fixture
def api_player(player_user):
    return client_for(player_user)


@pytest.fixture
def world_a(_worlds, club_a, director_a, new_players, sheet):
    if _worlds is not None:
        return _worlds.world_a
    return build_world(club_a, new_players(club_a, 14, "Ana"), director_a, sheet, prefix="POS")


@pytest.fixture
def world_b(_worlds, club_b, director_b, new_players, sheet):
    if _worlds is not None:
        return _worlds.world_b
    return build_world(club_b, new_players(club_b, 14, "Ben"), director_b, sheet, prefix="Sando")
