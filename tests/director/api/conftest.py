"""API test fixtures: API clients for each role and a "world" of objects per club."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from .helpers import build_world, client_for


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")  # print jobs' files


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()  # the sign-in throttle counts in the cache
    yield
    cache.clear()


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
def world_a(club_a, director_a, new_players, sheet):
    return build_world(club_a, new_players(club_a, 14, "Ana"), director_a, sheet, prefix="POS")


@pytest.fixture
def world_b(club_b, director_b, new_players, sheet):
    return build_world(club_b, new_players(club_b, 14, "Ben"), director_b, sheet, prefix="Sando")
