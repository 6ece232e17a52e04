"""Small results fixtures with hand-computed figures.

Sheets here have no calypsoes and no unfinished cards: all 208 cards are in the two trick piles,
so a majors pile of ``104 + net/20`` cards gives the majors exactly ``net`` (10 points a card).
"""

from __future__ import annotations

import datetime

import pytest

from director.events import lineup
from director.events import services as events
from director.events.models import Event, Round, Table
from director.movements import services as movements
from director.results import services as results

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


def net_sheet(net: int) -> dict:
    assert net % 20 == 0
    majors = 104 + net // 20
    return {
        "calypsos": {"S": 0, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 0, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": majors, "minors": 208 - majors},
        "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
    }


def enter(event: Event, game: int, table: int, net: int, by=None):
    return results.enter_sheet(
        table=Table.objects.get(event=event, number=table),
        round=Round.objects.get(event=event, number=game),
        sheet=net_sheet(net),
        by=by,
    )


def enter_all(event: Event, nets: dict, by=None) -> None:
    for (game, table), net in nets.items():
        enter(event, game, table, net, by)


def make_duplicate(
    club, players, *, tables: int = 3, games: int = 2, scale: str = "acbl", name: str = "Pairs", movement=None
):
    event = events.create_event(
        club=club,
        name=name,
        date=datetime.date(2025, 3, 21),
        type=Event.Type.DUPLICATE_PAIRS,
        games=games,
        movement_kind=movement or Event.MovementKind.BAROMETER,
        matchpoint_scale=scale,
    )
    lineup.draw_partnerships(event=event, players=players[: 4 * tables], seed=1)
    movements.seat_event(event=event)
    return event


@pytest.fixture
def progressive(club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=3, games=3)
    enter_all(event, PROGRESSIVE_NETS, director_a)
    return event


@pytest.fixture
def duplicate(club_a, players_a, director_a):
    event = make_duplicate(club_a, players_a)
    enter_all(event, DUPLICATE_NETS, director_a)
    return event


@pytest.fixture
def event_b(club_b, players_b, new_progressive):
    return new_progressive(club_b, players_b, tables=2, games=2)
