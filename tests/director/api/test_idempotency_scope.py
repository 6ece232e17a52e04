"""Idempotency keys belong to their club (#29.6): a key is looked up in its own event (a sheet's) or
club (an event's), so another club's use of the same key is no answer — neither a 409 that says the
key exists elsewhere (a leak, and a way to block a club by guessing its keys) nor that club's row."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from director.events.models import Event
from director.results import services as results
from director.results.models import Submission
from tests.director.table.conftest import TableClient

from .helpers import client_for

SHARED_WORLDS = True  # conftest.py: both worlds built once for the module

KEY = "0b7d7c3e-6f0e-4d4c-9a51-2f1c8e3b9d10"


def _sheet_body(world, sheet, key=KEY):
    return {"table": world.table.pk, "round": world.round.pk, "sheet": sheet, "idempotency_key": key}


def test_another_club_reusing_a_sheet_key_gets_its_own_new_row(api_a, api_b, world_a, world_b, sheet):
    first_a = api_a.post("/api/results/", _sheet_body(world_a, sheet), format="json")
    assert first_a.status_code == 201
    b = api_b.post("/api/results/", _sheet_body(world_b, sheet), format="json")
    assert b.status_code == 201, b.content
    assert b.json()["id"] != first_a.json()["id"] and b.json()["table"] == world_b.table.pk
    text = b.content.decode()
    assert "already used" not in text and "another table" not in text and world_a.event.name not in text
    assert Submission.objects.filter(idempotency_key=KEY).count() == 2
    # Each club's retry still returns its own first row.
    assert api_b.post("/api/results/", _sheet_body(world_b, sheet), format="json").json()["id"] == b.json()["id"]
    again_a = api_a.post("/api/results/", _sheet_body(world_a, sheet), format="json")
    assert again_a.status_code == 200 and again_a.json()["id"] == first_a.json()["id"]


def test_the_same_key_twice_in_one_event_still_returns_the_first(api_b, world_a, world_b, sheet):
    results.enter_sheet(table=world_a.table, round=world_a.round, sheet=sheet, idempotency_key=KEY)
    first = api_b.post("/api/results/", _sheet_body(world_b, sheet), format="json")
    again = api_b.post("/api/results/", _sheet_body(world_b, sheet), format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Submission.objects.filter(table=world_b.table, idempotency_key=KEY).count() == 1
    # Within the event the key is still its first table's: another table of it is told so.
    other_table = world_b.event.tables.get(number=2)
    refused = api_b.post("/api/results/", {**_sheet_body(world_b, sheet), "table": other_table.pk}, format="json")
    assert refused.status_code == 409 and "another table" in refused.content.decode()


def test_a_phone_of_another_club_reusing_a_key_sends_its_own_sheet(world_a, world_b, sheet):
    phone_a = TableClient(client_for(), world_a.event.tables.get(number=2))
    phone_b = TableClient(client_for(), world_b.event.tables.get(number=2))
    sent_a = phone_a.submit(sheet, key=KEY)
    assert sent_a.status_code == 201
    sent_b = phone_b.submit({**sheet, "trick_piles": {"majors": 70, "minors": 75}}, key=KEY)
    assert sent_b.status_code == 201, sent_b.content
    assert sent_b.json()["submission"]["id"] != sent_a.json()["submission"]["id"]
    assert sent_b.json()["replayed"] is False
    retried = phone_b.submit(sheet, key=KEY)
    assert retried.status_code == 200 and retried.json()["submission"]["id"] == sent_b.json()["submission"]["id"]


def test_the_database_keeps_a_key_once_per_table_not_once_everywhere(world_a, world_b, sheet):
    results.enter_sheet(table=world_a.table, round=world_a.round, sheet=sheet, idempotency_key=KEY)
    fields = {"sheet": sheet, "majors": 1340, "minors": 2340, "net": -1000, "source": "import"}
    Submission.objects.create(table=world_b.table, round=world_b.round, version=9, idempotency_key=KEY, **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.create(table=world_a.table, round=world_a.round, version=9, idempotency_key=KEY, **fields)


def test_another_club_reusing_an_event_key_gets_its_own_event(api_a, api_b, club_a, club_b):
    body = {"name": "Friday night", "date": "2025-05-02", "idempotency_key": KEY}
    first_a = api_a.post("/api/events/", {**body, "club": club_a.pk}, format="json")
    assert first_a.status_code == 201
    b = api_b.post("/api/events/", {**body, "club": club_b.pk, "name": "Sando Friday"}, format="json")
    assert b.status_code == 201, b.content
    assert b.json()["id"] != first_a.json()["id"] and b.json()["club"] == club_b.pk
    assert "already" not in b.content.decode()
    assert Event.objects.filter(setup_token=KEY).count() == 2
    # Each club's retry returns its own first event.
    again_a = api_a.post("/api/events/", {**body, "club": club_a.pk}, format="json")
    assert again_a.status_code == 200 and again_a.json()["id"] == first_a.json()["id"]
    again_b = api_b.post("/api/events/", {**body, "club": club_b.pk, "name": "Sando Friday"}, format="json")
    assert again_b.status_code == 200 and again_b.json()["id"] == b.json()["id"]
