"""The phone page of an Embers table: the pad typed as boxes (no script) or sent as JSON, through
the same results services — the opponents confirm or dispute from another phone, a second phone's
own pad is kept and compared, hostile pads are a 400."""

from __future__ import annotations

import json

from django.test import Client

from director.events.models import Event
from director.results.models import Submission
from tests.director.embers.conftest import FINAL, PAD, hand
from tests.director.embers.test_score_entry import boxes

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

JSON = {"content_type": "application/json", "HTTP_ACCEPT": "application/json"}


def phones(event):
    """Two phones at table 1 by its link (a night of table links, the club's explicit choice)."""
    Event.objects.filter(pk=event.pk).update(phones=Event.Phones.TABLE)
    table = event.tables.get(number=1)
    url = f"/t/{table.token}/"
    ours, theirs = Client(), Client()
    for phone in (ours, theirs):
        assert phone.get(url).status_code == 200
    return url, ours, theirs


def test_the_pad_typed_on_a_phone_is_sent_and_confirmed_by_the_opponents(embers_running):
    url, ours, theirs = phones(embers_running)
    page = ours.get(url).content.decode()
    assert 'id="embers-sheet"' in page and 'name="hand-3-pile-majors"' in page and 'id="table-sheet"' not in page
    sent = ours.post(url + "submit/", {"round": 1, "side": "majors", "idempotency_key": "k1", **boxes("", PAD)})
    assert sent.status_code == 302
    row = Submission.objects.get()
    assert (row.status, row.majors, row.minors, row.sheet) == ("submitted", *FINAL, PAD)
    shown = theirs.get(url).content.decode()
    assert "<b>1900</b>" in shown and "1780" in shown  # the pad sent, hand by hand, to confirm
    refused = ours.post(url + "confirm/", {"submission": row.pk, "side": "minors"})
    assert refused.status_code == 409  # the sending phone cannot confirm its own pad
    assert theirs.post(url + "confirm/", {"submission": row.pk, "side": "minors"}).status_code == 302
    row.refresh_from_db()
    assert row.status == "confirmed"


def test_a_second_phones_pad_is_kept_compared_and_proposed_in_a_dispute(embers_running):
    url, ours, theirs = phones(embers_running)
    ours.post(url + "submit/", {"round": 1, "side": "majors", "idempotency_key": "k1", **boxes("", PAD)})
    other = boxes("", PAD)
    other["hand-1-pile-majors"], other["hand-1-pile-minors"] = "16", "13"
    lost = theirs.post(url + "submit/", {"round": 1, "side": "minors", "idempotency_key": "k2", **other})
    assert lost.status_code == 409
    page = theirs.get(url).content.decode()
    assert "2 boxes differ" in page and 'id="dispute-with-ours"' in page
    row = Submission.objects.get()
    disputed = theirs.post(url + "dispute/", {"submission": row.pk, "side": "minors", "propose": "1", **other})
    assert disputed.status_code == 302
    row.refresh_from_db()
    assert row.status == "disputed"
    # hand 1: ♠♥ 500 + 160, ♦♣ 130; the proposal scored as the engine does: 1890 · 890
    assert (row.proposal["majors"], row.proposal["minors"]) == (1890, 890)
    assert row.proposal["sheet"]["embers"][0]["trick_piles"] == {"majors": 16, "minors": 13}


def test_hostile_pads_sent_as_json_are_a_400_naming_the_problem(embers_running):
    url, ours, _ = phones(embers_running)
    for n, (sheet, words) in enumerate(
        [
            ({"embers": [{"calypsos": []}]}, "calypsos must be an object"),
            ({"embers": [None] * 50}, "has 50 hands"),
            ({"calypsos": {}, "trick_piles": {}}, "the night plays Embers"),
            ({"embers": [hand(cal=(10**30, 0, 0, 0), piles=(26, 26))]}, "hand 1: Calypsos — ♠ player is 1000"),
        ]
    ):
        body = {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": f"h{n}"}
        response = ours.post(url + "submit/", json.dumps(body), **JSON)
        assert response.status_code == 400, response.content
        answer = response.json()
        assert any(words in p for p in [answer["error"], *answer["problems"]]), answer
    assert not Submission.objects.exists()


def test_a_pad_sent_as_json_is_scored(embers_running):
    url, ours, _ = phones(embers_running)
    body = {"round": 1, "side": "majors", "sheet": PAD, "idempotency_key": "j1"}
    response = ours.post(url + "submit/", json.dumps(body), **JSON)
    assert response.status_code == 201
    assert (Submission.objects.get().majors, Submission.objects.get().minors) == FINAL
