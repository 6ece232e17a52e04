"""An Embers night: progressive pairs, 2 tables, 2 games, at most 4 hands a game; a pad worked by hand."""

from __future__ import annotations

import datetime

import pytest

from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import services as movements


def hand(cal=(0, 0, 0, 0), unf=(0, 0, 0, 0), piles=(0, 0), rev=(0, 0, 0, 0)) -> dict:
    seats = "SHDC"
    return {
        "calypsos": dict(zip(seats, cal, strict=True)),
        "unfinished": dict(zip(seats, unf, strict=True)),
        "trick_piles": {"majors": piles[0], "minors": piles[1]},
        "revokes": dict(zip(seats, rev, strict=True)),
    }


# Worked from the rules (issue #17.5, docs/variants.md):
# hand 1: ♠ completes a calypso (13 cards); in progress at its end ♠5 ♥3 ♦0 ♣2 (10); piles 17 + 12:
#   13 + (10 − 0) + 29 = 52. ♠♥ 500 + 170 = 670 · ♦♣ 120.
# hand 2: ♠ its second (750), ♦ its first (500); in progress ♠0 ♥6 ♦4 ♣2 (12); piles 10 + 14;
#   26 + (12 − 10) + 24 = 52; ♣ revokes once: 260 to ♠♥. ♠♥ 750 + 100 + 260 = 1110 · ♦♣ 500 + 140 = 640.
#   Running totals 1780 · 760.
# end: in progress ♠♥ 6 cards, ♦♣ 6 cards: 120 each. Final 1900 · 880.
PAD = {
    "embers": [
        hand(cal=(1, 0, 0, 0), unf=(5, 3, 0, 2), piles=(17, 12)),
        hand(cal=(1, 0, 1, 0), unf=(0, 6, 4, 2), piles=(10, 14), rev=(0, 0, 0, 1)),
    ]
}
FINAL = (1900, 880)


@pytest.fixture
def embers_night(club_a, players_a, director_a):
    event = events.create_event(
        club=club_a,
        name="Embers night",
        date=datetime.date(2025, 5, 2),
        games=2,
        game=Event.Game.EMBERS,
        embers_hands=4,
        by=director_a,
    )
    lineup.draw_partnerships(event=event, players=players_a[:8], seed=2)
    movements.seat_event(event=event)
    return event


@pytest.fixture
def embers_running(embers_night):
    return events.start_event(event=embers_night)
