"""Guide cards print every destination whole (issue #30.6): a 60-player individual night whose
players have names up to 40 characters, read back from the PDF — every player's name and every
"→ Table N" they go to is there, nothing cut off with an ellipsis."""

from __future__ import annotations

import random
import re

import pytest

from director.clubs import services as clubs
from director.movements import services as movements
from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from tests.director.factories import enter_all, small_night

from .helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

FIRST = ["Hollis", "Bartholomew", "Anne-Marguerite", "Oluwaseun", "Maximiliano", "Jo", "Wilhelmina", "Ng"]
LAST = ["Hosein", "Fitzgerald-Worth", "Ramcharitar-Baptiste", "Okonkwo", "de la Cruz Villanueva"]


def long_names(count: int, seed: int = 30) -> list[str]:
    """``count`` names, many of them long, the longest 40 characters (the issue's Hollis Hosein among them)."""
    rng = random.Random(seed)
    names = ["Hollis Hosein", "Anne-Marguerite Ramcharitar-Baptiste Ong"]  # the second: 40 characters
    while len(names) < count:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {len(names) + 1}"
        longer = f"{name} Abercrombie"
        names.append(longer if len(longer) <= 40 and rng.random() < 0.5 else name)
    assert max(map(len, names)) == 40 and len(set(names)) == count
    return names


def test_every_destination_prints_whole_for_sixty_players_with_long_names(club_a, director_a):
    players = [clubs.add_player(club=club_a, name=name) for name in long_names(60)]
    event = small_night(club_a, players, start=True, games=3)
    enter_all(event, director_a, rounds={1})
    movements.compute_next_round(event=event)
    data = load_event_data(event)
    text = "\n".join(pdf_pages(render_from_event("guide-cards", data, PrintOptions())))
    flat = " ".join(text.split())
    assert "…" not in text
    seated = {}
    for play in data.plays:
        if play.round != 2:
            continue
        for side in (play.majors, play.minors):
            for _, _, name in side.seats if side is not None else ():
                seated[name] = play.table
    assert len(seated) == 60
    for name, table in seated.items():
        assert name in flat, name  # every name whole
        goes = re.search(rf"{re.escape(name)} (?:→ Table (\d+)|stays)", flat)
        assert goes is not None, name
        if goes[1]:
            assert int(goes[1]) == table, name
