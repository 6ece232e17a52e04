"""Set-up for the movement tests: events of each type, and scoresheets whose winner is known."""

from __future__ import annotations

import datetime

import pytest

from director.events import lineup
from director.events import services as events

DATE = datetime.date(2025, 3, 14)

# Majors 1340, minors 2340: the minors win by 1000 (adds up to 208).
MINORS_WIN = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}
MAJORS_WIN = {
    "calypsos": {"S": 2, "H": 0, "D": 1, "C": 0},
    "unfinished": {"S": 3, "H": 9, "D": 5, "C": 7},
    "trick_piles": {"majors": 85, "minors": 60},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}
TIE = {
    "calypsos": {"S": 0, "H": 0, "D": 0, "C": 0},
    "unfinished": {"S": 5, "H": 5, "D": 5, "C": 5},
    "trick_piles": {"majors": 94, "minors": 94},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}
SHEETS = {"majors": MAJORS_WIN, "minors": MINORS_WIN, "tie": TIE}


def make_event(club, players, *, type="progressive-pairs", games=4, movement_kind=None, count=None, seed=3):
    """An event of ``type`` with ``count`` players drawn into partnerships (fixed directions)."""
    settings = {"movement_kind": movement_kind} if movement_kind else {}
    event = events.create_event(club=club, name=f"{type} night", date=DATE, type=type, games=games, **settings)
    if type != "progressive-individual":
        lineup.draw_partnerships(event=event, players=players[:count], seed=seed, fix_directions=True)
    return event


def make_teams(club, players, *, teams: int, games: int, kind: str):
    event = events.create_event(
        club=club, name="Teams", date=DATE, type="duplicate-teams", games=games, movement_kind=kind
    )
    partnerships = []
    for number in range(1, 2 * teams + 1):
        direction = "majors" if number % 2 else "minors"
        pair = players[2 * number - 2 : 2 * number]
        partnerships.append(lineup.add_partnership(event=event, players=pair, number=number, direction=direction))
    for k in range(teams):
        lineup.create_team(event=event, name=f"Team {'ABCDEFGH'[k]}", partnerships=partnerships[2 * k : 2 * k + 2])
    return event


@pytest.fixture
def many_players(club_a, new_players):
    return new_players(club_a, 40, "Member")
