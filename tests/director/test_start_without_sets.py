"""A duplicate event is not started without game sets unless the director says so: the service
refuses with the reason, the event page asks, "Start anyway" starts it and the log says so; the
API answers 409 unless ``{"force": true}`` (issue #14.5)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from director.audit.models import AuditEntry
from director.core.errors import Conflict
from director.deals import services as deals
from director.events import services as events
from director.events.models import Event
from tests.director.api.helpers import client_for
from tests.director.test_deals_commitment import duplicate  # noqa: F401 (a fixture)

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_the_service_refuses_with_the_reason_and_starts_when_forced(duplicate):  # noqa: F811
    with pytest.raises(Conflict, match="no game sets yet: every table must play the same deals") as refused:
        events.start_event(event=duplicate)
    assert refused.value.field == "game_sets"
    assert Event.objects.get(pk=duplicate.pk).status == "draft"
    assert events.start_event(event=duplicate, force=True).status == "running"
    assert AuditEntry.objects.filter(action="events.start_without_sets", event=duplicate).count() == 1


def test_with_game_sets_it_starts_at_once(duplicate, director_a):  # noqa: F811
    deals.generate_game_sets(event=duplicate, count=2, by=director_a, seed=f"{5:064x}")
    assert events.start_event(event=duplicate).status == "running"
    assert not AuditEntry.objects.filter(action="events.start_without_sets").exists()


def test_a_progressive_night_needs_no_game_sets(progressive_a):
    assert events.start_event(event=progressive_a).status == "running"


def test_the_event_page_gives_the_reason_and_asks(client, duplicate):  # noqa: F811
    start = reverse("events:start", args=[duplicate.pk])
    before = client.get(reverse("events:detail", args=[duplicate.pk])).content.decode()
    assert 'id="start-warning"' in before and "No game sets yet" in before
    refused = client.post(start)
    assert refused.status_code == 302 and refused.url.endswith("?start=check#start-check")
    said = [str(m) for m in get_messages(refused.wsgi_request)]
    assert any("no game sets yet" in m for m in said)
    page = client.get(refused.url).content.decode()
    assert 'id="start-check"' in page and "Start anyway" in page
    assert Event.objects.get(pk=duplicate.pk).status == "draft"
    assert client.post(start, {"force": "1"}).status_code == 302
    assert Event.objects.get(pk=duplicate.pk).status == "running"


def test_the_api_answers_409_unless_forced(duplicate, director_a):  # noqa: F811
    api = client_for(director_a)
    url = f"/api/events/{duplicate.pk}/start/"
    refused = api.post(url, {}, format="json")
    assert refused.status_code == 409 and "no game sets yet" in str(refused.json())
    assert api.post(url, {"force": True}, format="json").status_code == 200
