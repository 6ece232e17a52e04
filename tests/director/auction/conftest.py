"""Auction Calypso club nights: a progressive pairs night and a team of four, set up as the club
night page sets them up, and score pads built from the engine's worked hands."""

from __future__ import annotations

import datetime

import pytest

from director.movements import night as nights
from tests.director.conftest import CHANGES, PASSWORD, shareable

DATE = datetime.date(2026, 3, 6)


def won(declarer: str = "S", contract: str = "290S") -> dict:
    """A hand won outright: 30 cards in declarer's pile (300 points against 290 bid)."""
    return {
        "contract": contract,
        "declarer": declarer,
        "declarers": {"trick_pile": 30, "added": 0, "calypsos": 0},
        "defenders": {"trick_pile": 22, "added": 0, "calypsos": 0},
    }


def lost(declarer: str = "D", contract: str = "300D") -> dict:
    """A hand lost outright: 20 cards (200 points against 300 bid, nothing added to sell)."""
    return {
        "contract": contract,
        "declarer": declarer,
        "declarers": {"trick_pile": 20, "added": 0, "calypsos": 0},
        "defenders": {"trick_pile": 32, "added": 0, "calypsos": 0},
    }


# won("S"): majors 290 + (300 − 290)/2 = 295, minors 22 × 5 = 110.
# lost("D"): minors −(300 + 100) = −400, majors 32 × 5 = 160.
WON_S = {"majors": 295, "minors": 110}
LOST_D = {"majors": 160, "minors": -400}


def pad(*hands) -> dict:
    return {"hands": list(hands)}


@pytest.fixture
def dora(client, director_a):
    client.login(username="dora", password=PASSWORD)
    return client


def set_up(club, by, players, **settings):
    """An Auction night as the club night page sets it up (its movement read back)."""
    event = nights.set_up_night(club=club, by=by, date=DATE, players=[p.pk for p in players], **settings)
    event.refresh_from_db()
    return event


def _auction_pairs(club_a, players_a, director_a):
    return set_up(
        club_a, director_a, players_a[:12], name="Auction night", type="auction-pairs", games=3, seed=3,
        auction={"hands": 4},
    )  # fmt: skip


def _auction_teams(club_a, players_a, director_a):
    return set_up(club_a, director_a, players_a[:8], name="Auction match", type="auction-teams", games=2, seed=5)


def _start(auction_pairs):
    from director.events import services as events

    events.start_event(event=auction_pairs)
    auction_pairs.refresh_from_db()
    return auction_pairs, auction_pairs.tables.get(number=1), auction_pairs.rounds.get(number=1)


A = ("club_a", "players_a", "director_a")
# The Auction nights, for the modules that share their set-up (tests/director/conftest.py).
BUILDERS = {
    "auction_pairs": (A, _auction_pairs),
    "auction_teams": (A, _auction_teams),
    "running": (("auction_pairs",), _start, CHANGES),
}


@pytest.fixture(scope="module")
def _shared_builders(_shared_builders):
    return {**_shared_builders, **BUILDERS}


auction_pairs = shareable(
    "auction_pairs", BUILDERS, "Auction Calypso, progressive pairs: 12 players, 3 tables, 3 games of 4 hands."
)
auction_teams = shareable("auction_teams", BUILDERS, "Auction Calypso, team of four: two teams, two tables, 2 games.")
running = shareable("running", BUILDERS, "The progressive Auction night, started: (event, table 1, game 1).")


def pad_boxes(prefix: str, hand: int, *, majors=(), minors=(), **boxes) -> dict:
    """One hand's boxes as the pad posts them (``director.sheets.auction.boxes``: ``{prefix}hand-{n}-…``).
    ``majors``/``minors``: the side's (T, P, C[, cards required]); the other boxes by name
    (declarer, calypsos, points, suit, doubled 0/1/2, sell yes/no)."""
    data = {f"{prefix}hand-{hand}-{box}": value for box, value in boxes.items()}
    for side, counts in (("majors", majors), ("minors", minors)):
        for box, value in zip(("trick_pile", "added", "calypsos", "cards_required"), counts, strict=False):
            data[f"{prefix}hand-{hand}-{side}-{box}"] = value
    return data


# won("S") and lost("D") as typed in the boxes
WON_BOXES = dict(declarer="S", points="290", suit="S", majors=("30", "0", "0"), minors=("22", "0", "0"))
LOST_BOXES = dict(declarer="D", points="300", suit="D", doubled="1", minors=("20", "0", "0"), majors=("32", "0", "0"))
