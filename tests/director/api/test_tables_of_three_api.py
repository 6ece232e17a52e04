"""The API and a club night's tables of three (issue #17.7): the night's choice is an event setting,
and a three's result is checked as its variant in its seats (a 400 naming them otherwise)."""

from __future__ import annotations

import datetime

import pytest

from director.events import services as events
from director.movements import night as nights
from director.results.models import Submission
from tests.director.table.test_tables_of_three import FOUR, THREE

pytestmark = pytest.mark.django_db


def test_the_three_table_settings_are_read_written_and_refused_by_name(api_a, world_a):
    body = {"club": world_a.club.pk, "name": "Solo", "date": "2025-05-01", "type": "progressive-individual"}
    created = api_a.post("/api/events/", {**body, "three_table": "split", "removed_suit": "C"}, format="json").json()
    assert (created["three_table"], created["removed_suit"]) == ("split", "C")
    plain = api_a.post("/api/events/", {**body, "name": "Solo 2"}, format="json").json()
    assert (plain["three_table"], plain["removed_suit"]) == ("three-handed", "D")
    for field, value in (("three_table", "five-handed"), ("removed_suit", "X"), ("removed_suit", ["S"])):
        refused = api_a.patch(f"/api/events/{created['id']}/", {field: value}, format="json")
        assert refused.status_code == 400 and field in refused.json(), (field, value)
    changed = api_a.patch(f"/api/events/{created['id']}/", {"three_table": "neutralised"}, format="json")
    assert changed.status_code == 200 and changed.json()["three_table"] == "neutralised"


def test_a_threes_result_through_the_api(api_a, club_a, players_a):
    event = nights.set_up_night(
        club=club_a,
        name="Seven",
        date=datetime.date(2025, 5, 2),
        type="progressive-individual",
        players=[p.pk for p in players_a[:7]],
        seed=4,
    )
    events.start_event(event=event)
    place = {"table": event.tables.get(number=2).pk, "round": event.rounds.get(number=1).pk}
    wrong = api_a.post("/api/results/", {**place, "sheet": FOUR}, format="json")
    assert wrong.status_code == 400
    assert "this table is played by ♠ ♥ ♣ (S, H, C), not S H D C" in str(wrong.json())
    assert not Submission.objects.filter(table_id=place["table"]).exists()
    made = api_a.post("/api/results/", {**place, "sheet": THREE}, format="json")
    assert made.status_code == 201, made.content
    assert Submission.objects.get(table_id=place["table"]).sheet["calypsos"] == {"S": 1, "H": 0, "C": 2}
