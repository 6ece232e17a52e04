"""The pages whose scripts check what is typed load the engine's figures as data: one
``<script type="application/json" id="calypso-rules">`` made by scoring.browser.rules(), and no
inline script that runs (a strict Content-Security-Policy allows scripts from files only)."""

from __future__ import annotations

import datetime
import html
import json
import re

import pytest
from django.urls import reverse

from director.events import services as events
from scoring import browser

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)


def engine_rules(page: str) -> dict:
    scripts = SCRIPT.findall(page)
    for attributes, body in scripts:  # every script is a file, or data
        assert "src=" in attributes or 'type="application/json"' in attributes, attributes
        assert "src=" not in attributes or not body.strip()
    data = [body for attributes, body in scripts if 'id="calypso-rules"' in attributes]
    assert len(data) == 1
    order = [a for a, _ in scripts]
    rules_js = next(i for i, a in enumerate(order) if "js/rules.js" in a)
    assert all(i > rules_js for i, a in enumerate(order) if re.search(r"js/(scores|hands)\.js", a))
    return json.loads(html.unescape(data[0]) if "&quot;" in data[0] else data[0])


def test_the_table_page_and_the_directors_pages_load_the_engine_rules(client, progressive_a, director_a):
    running = events.start_event(event=progressive_a)
    table = running.tables.get(number=1)
    expected = json.loads(json.dumps(browser.rules()))
    assert engine_rules(client.get(f"/t/{table.token}/").content.decode()) == expected

    client.force_login(director_a)
    entry = client.get(reverse("results:entry", args=[running.pk, 1]))
    assert engine_rules(entry.content.decode()) == expected
    duplicate = events.create_event(
        club=running.club, name="Sets night", date=datetime.date(2025, 5, 2), type="duplicate-pairs", games=2
    )
    record = client.get(reverse("deals:record", args=[duplicate.pk, 1]))
    assert record.status_code == 200 and engine_rules(record.content.decode()) == expected


def test_the_rules_carry_the_engines_figures():
    rules = browser.rules()
    assert rules["scores"]["deck"] == 208 and rules["scores"]["calypso_values"] == [0, 500, 750]
    assert rules["scores"]["three_handed_copies"] * 13 * 3 == 117
    assert rules["cards"]["suit_aliases"]["♣"] == "C" and "void" in rules["cards"]["void"]
    assert json.loads(json.dumps(rules)) == rules  # plain JSON


def test_the_rules_carry_each_counts_range_from_the_engine():
    ranges = browser.rules()["scores"]["ranges"]
    assert ranges["52"]["revokes"] == [52, "a player makes at most 52 revokes (one a trick)"]
    assert ranges["39"]["calypsos"] == [3, "a player completes at most 3 calypsos (39 cards)"]
    assert ranges["39"]["trick_piles"][0] == 117 and ranges["52"]["unfinished"][0] == 12
