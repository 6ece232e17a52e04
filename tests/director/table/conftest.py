"""A running progressive event (4 tables, game 1 open) and helpers to drive table links: a night
of table links, the club's explicit choice (``Event.phones`` "table"; a new event's default is a
code per player, whose tests are test_player_codes.py)."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from director.events.models import Event
from tests.director.conftest import make_progressive, shareable


def _progressive_a(club_a, players_a, director_a):
    return make_progressive(club_a, players_a, tables=4, by=director_a, phones=Event.Phones.TABLE)


# This folder's night of table links, for the modules that share their set-up.
BUILDERS = {"progressive_a": (("club_a", "players_a", "director_a"), _progressive_a)}


@pytest.fixture(scope="module")
def _shared_builders(_shared_builders):
    return {**_shared_builders, **BUILDERS}


progressive_a = shareable("progressive_a", BUILDERS)


@pytest.fixture
def tables(running):
    return {t.number: t for t in running.tables.order_by("number")}


class TableClient:
    """The two phones at one table, one a side: posts JSON to the table's link like
    ``js/table-entry.js`` does, from the phone of the side the body names (♠♥: ``client``)."""

    def __init__(self, client, table):
        self.client = client
        self.table = table
        # Table links are a club's explicit choice: a night made without one has player codes.
        Event.objects.filter(pk=table.event_id).update(phones=Event.Phones.TABLE)
        self.phones = {"majors": client, "minors": Client()}
        for opened in self.phones.values():
            opened.get(self.url())  # a phone opens the table's link before it sends or confirms

    def url(self, what: str = "") -> str:
        return f"/t/{self.table.token}/" + (f"{what}/" if what else "")

    def post(self, what: str, body: dict, *, phone=None):
        side = body.get("side")
        phone = phone or (self.phones.get(side, self.client) if isinstance(side, str) else self.client)
        return phone.post(
            self.url(what), data=json.dumps(body), content_type="application/json", HTTP_ACCEPT="application/json"
        )

    def submit(self, sheet, *, side="majors", key=None, round=1):
        key = key or uuid.uuid4().hex
        return self.post("submit", {"round": round, "side": side, "sheet": sheet, "idempotency_key": key})

    def confirm(self, submission_id, *, side="minors"):
        return self.post("confirm", {"submission": submission_id, "side": side})

    def dispute(self, submission_id, *, side="minors", note=""):
        return self.post("dispute", {"submission": submission_id, "side": side, "note": note})

    def state(self):
        return self.client.get(self.url("state"), HTTP_ACCEPT="application/json").json()


@pytest.fixture
def phone(client, tables):
    """``phone(n)`` → a ``TableClient`` for table ``n``."""
    return lambda number=1: TableClient(client, tables[number])
