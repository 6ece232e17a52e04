"""Events to print: a duplicate-pairs Mitchell with generated game sets and a progressive club
night (fixtures of tests/director/conftest.py: two clubs, their directors, players)."""

from __future__ import annotations

import pytest

from tests.director.factories import enter_all, make_duplicate


@pytest.fixture
def duplicate_a(club_a, players_a, director_a):
    return make_duplicate(club_a, players_a, by=director_a)


@pytest.fixture
def scored_duplicate_a(duplicate_a, director_a):
    enter_all(duplicate_a, director_a)
    return duplicate_a


@pytest.fixture
def scored_progressive_a(progressive_a, director_a):
    enter_all(progressive_a, director_a)
    return progressive_a
