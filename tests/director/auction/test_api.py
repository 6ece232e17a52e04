"""The REST API for Auction Calypso events: their settings, pads entered and checked, standings
and exports read from the pads' totals; bad input a 400 naming the field."""

from __future__ import annotations

import pytest

from director.events.models import Event
from director.results.models import Submission
from tests.director.api.helpers import client_for

from .conftest import pad, won

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(director_a):
    return client_for(director_a)


def test_an_auction_event_is_created_with_its_settings(api, club_a):
    body = {"club": club_a.pk, "name": "Auction", "date": "2026-03-06", "type": "auction-pairs"}
    response = api.post("/api/events/", {**body, "auction": {"hands": 8, "values": {"calypso": 600}}}, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["movement_kind"] == "progressive" and data["auction"]["hands"] == 8
    assert data["auction"]["values"]["calypso"] == 600 and data["auction"]["values"]["calypso_bid"] == 400


@pytest.mark.parametrize(
    ("auction", "message"),
    [
        ({"hands": 0}, "hands per round must be from 1 to 32, not 0"),
        ({"values": {"minimum_bid": 210}}, "minimum_bid (minimum bid) must be from 220"),
        ({"values": {"calypso": "500"}}, None),  # digits as text are read (as typed in a form)
        ([1, 2], "Expected a dictionary of items"),
        # "²".isdigit() is true but int("²") is not a number: this was a 500
        ({"hands": "²"}, "hands per round must be a whole number, not '²'"),
        ({"values": {"calypso": "--5"}}, "calypso (points per calypso) must be a whole number, not '--5'"),
    ],
)
def test_bad_settings_are_a_400_naming_auction(api, club_a, auction, message):
    body = {"club": club_a.pk, "name": "Auction", "date": "2026-03-06", "type": "auction-teams", "auction": auction}
    before = Event.objects.count()
    response = api.post("/api/events/", body, format="json")
    if message is None:
        assert response.status_code == 201
        return
    assert response.status_code == 400
    assert message in " ".join(response.json()["auction"])
    assert Event.objects.count() == before


def test_a_pad_is_entered_and_listed(api, running):
    event, table, game = running
    response = api.post(
        "/api/results/", {"table": table.pk, "round": game.pk, "sheet": pad(won("H", "250H"))}, format="json"
    )
    assert response.status_code == 201, response.content
    data = response.json()
    # 300 points against 250: 250 + 25 = 275 for the majors, 22 × 5 for the minors
    assert (data["majors"], data["minors"], data["net"]) == (275, 110, 165)
    assert data["sheet"]["hands"][0]["contract"] == "250♥"
    standings = api.get(f"/api/events/{event.pk}/standings/").json()
    assert standings["kind"] == "tally"
    nets = {row["number"]: row["total"] for row in standings["standings"] if row["total"] is not None}
    majors, minors = (
        table.seatings.get(round=game, direction="majors"),
        table.seatings.get(round=game, direction="minors"),
    )
    assert nets[majors.partnership.number] == 165 and nets[minors.partnership.number] == -165


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ({"hands": [won()] * 9}, "the score pad has 9 hands, but this event plays 4 a round"),
        ({"hands": "x"}, "hands must be a list"),
        ({"hands": [{**won(), "declarer": None}]}, "hand 1: the declarer is needed"),
        ({"calypsos": {"S": 1}, "unfinished": {}, "trick_piles": {}, "revokes": {}}, "unknown field 'calypsos'"),
        ("pad", "it must be a JSON object with calypsos"),
    ],
)
def test_a_bad_pad_is_a_400_and_writes_nothing(api, running, sheet, message):
    _event, table, game = running
    response = api.post("/api/results/", {"table": table.pk, "round": game.pk, "sheet": sheet}, format="json")
    assert response.status_code == 400, response.content
    assert message in str(response.json())
    assert not Submission.objects.exists()


def test_the_sheet_check_reads_a_pad_by_the_events_rules(api, running):
    event, _table, _game = running
    response = api.post("/api/results/check/", {"sheet": pad(won()), "event": event.pk}, format="json")
    assert response.json() == {"ok": True, "problems": [], "majors": 295, "minors": 110, "net": 185, "scores": None}
    response = api.post("/api/results/check/", {"sheet": pad(*[won()] * 5), "event": event.pk}, format="json")
    assert response.json()["problems"] == ["the score pad has 5 hands, but this event plays 4 a round"]
    # Without an event: the rules' values and no limit but the default 12 hands.
    response = api.post("/api/results/check/", {"sheet": pad(*[won()] * 5), "form": "auction"}, format="json")
    assert response.json()["majors"] == 5 * 295
    bad = {**won(), "defenders": {"trick_pile": 21, "added": 0, "calypsos": 0}}
    response = api.post("/api/results/check/", {"sheet": pad(bad), "form": "auction"}, format="json")
    assert response.json()["ok"] is False and response.json()["problems"][0].startswith("hand 1: cards add up to 51")


def test_another_clubs_event_is_not_found_for_the_check(running, director_b):
    event, _table, _game = running
    response = client_for(director_b).post(
        "/api/results/check/", {"sheet": pad(won()), "event": event.pk}, format="json"
    )
    assert response.status_code == 404


def test_a_pad_no_score_column_holds_is_a_400(api, running):
    _event, table, game = running
    absurd = pad({**won("S", "3000000000S XX"), "declarers": {"trick_pile": 20, "added": 0, "calypsos": 0},
                  "defenders": {"trick_pile": 32, "added": 0, "calypsos": 0}})  # fmt: skip
    response = api.post("/api/results/", {"table": table.pk, "round": game.pk, "sheet": absurd}, format="json")
    assert response.status_code == 400
    assert "a score may be" in str(response.json())
    assert not Submission.objects.exists()
