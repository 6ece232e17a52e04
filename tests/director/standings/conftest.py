"""Small results fixtures with hand-computed figures, entered as net sheets
(``tests.director.factories.net_sheet``: a majors pile of ``104 + net/20`` cards gives the majors
exactly ``net``)."""

from __future__ import annotations

import pytest

from director.events.models import Event
from tests.director.conftest import PASSWORD, make_progressive, shareable
from tests.director.factories import enter_all, make_duplicate

# Progressive night, 3 tables × 3 games; majors 1–3 stay, minors 4–6 move up a table a game:
# game 1: 1v4 2v5 3v6 · game 2: 1v6 2v4 3v5 · game 3: 1v5 2v6 3v4. Majors' nets by (game, table):
PROGRESSIVE_NETS = {
    (1, 1): 120, (1, 2): -40, (1, 3): 0,
    (2, 1): -200, (2, 2): 80, (2, 3): 40,
    (3, 1): 60, (3, 2): -60, (3, 3): -100,
}  # fmt: skip
# By hand: 1: +120−200+60 = −20 · 2: −40+80−60 = −20 · 3: 0+40−100 = −60
#          4: −120−80+100 = −100 · 5: +40−40−60 = −60 · 6: 0+200+60 = +260   (sum 0)
PROGRESSIVE_TOTALS = {1: -20, 2: -20, 3: -60, 4: -100, 5: -60, 6: 260}

# Duplicate pairs, barometer 3 tables × 2 games: every table plays set g in game g;
# majors 1–3 stay, minors 4–6 move: game 1: 1v4 2v5 3v6 · game 2: 1v6 2v4 3v5.
# Set 2 at table 2 is not played.
DUPLICATE_NETS = {(1, 1): 100, (1, 2): 100, (1, 3): -60, (2, 1): 40, (2, 3): -20}

# ``make_duplicate`` settings of the duplicate events scored by hand here: 3 tables, partnerships
# drawn with seed 1, no game sets (only the nets count).
HAND_SCORED = {"tables": 3, "seed": 1, "game_sets": False}

# Mitchell, 3 tables × 3 games: majors 1–3 stay; minors 4–6 move up a table, the sets down one:
# game 1: 1v4 (set 1) 2v5 (2) 3v6 (3) · game 2: 1v6 (2) 2v4 (3) 3v5 (1) · game 3: 1v5 (3) 2v6 (1) 3v4 (2).
# Majors' nets by (game, table); each set is played three times, top 2 (ACBL):
#   set 1: 1 +100 → 2, 3 +40 → 1, 2 −20 → 0   (minors: 4 → 0, 5 → 1, 6 → 2)
#   set 2: 2 +60, 1 +60 → 1½ each, 3 −80 → 0   (minors: 5 → ½, 6 → ½, 4 → 2)
#   set 3: 3 +200 → 2, 2 0 → 1, 1 −100 → 0     (minors: 6 → 0, 4 → 1, 5 → 2)
# Totals: ♠♥ 1: 3½, 3: 3, 2: 2½ · ♦♣ 5: 3½, 4: 3, 6: 2½ (of 6).
MITCHELL_NETS = {
    (1, 1): 100, (2, 3): 40, (3, 2): -20,
    (1, 2): 60, (2, 1): 60, (3, 3): -80,
    (1, 3): 200, (2, 2): 0, (3, 1): -100,
}  # fmt: skip


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def dora(client, director_a):
    """The test client, signed in as ``director_a`` (dora, club A's director)."""
    client.login(username="dora", password=PASSWORD)
    return client


def _progressive(club_a, players_a, director_a):
    event = make_progressive(club_a, players_a, tables=3, games=3)
    enter_all(event, director_a, nets=PROGRESSIVE_NETS)
    return event


def _duplicate(club_a, players_a, director_a):
    event = make_duplicate(
        club_a, players_a, **HAND_SCORED, games=2, name="Pairs", movement=Event.MovementKind.BAROMETER
    )
    enter_all(event, director_a, nets=DUPLICATE_NETS)
    return event


def _event_b(club_b, players_b):
    return make_progressive(club_b, players_b, tables=2, games=2)


A = ("club_a", "players_a", "director_a")
# The scored nights, for the modules that share their set-up (tests/director/conftest.py).
BUILDERS = {
    "progressive": (A, _progressive),
    "duplicate": (A, _duplicate),
    "event_b": (("club_b", "players_b"), _event_b),
}


@pytest.fixture(scope="module")
def _shared_builders(_shared_builders):
    return {**_shared_builders, **BUILDERS}


progressive = shareable("progressive", BUILDERS)
duplicate = shareable("duplicate", BUILDERS)
event_b = shareable("event_b", BUILDERS)
