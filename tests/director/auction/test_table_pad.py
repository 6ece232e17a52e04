"""The table's phone page for an Auction Calypso game: the pad sent as boxes (no JavaScript) or
JSON, double entry and the opponents' confirmation exactly as for Calypso sheets (the same
services), and hostile input a 400 — never a 500."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from director.events.models import Event
from director.results.models import Submission
from tests.director.table.conftest import TableClient

from .conftest import WON_BOXES, lost, pad, pad_boxes, won

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_1(running):
    """Table 1 of a night of table links (the club's explicit choice: a new event has player codes)."""
    Event.objects.filter(pk=running[1].event_id).update(phones=Event.Phones.TABLE)
    return running[1]


@pytest.fixture
def phones(client, table_1):
    return TableClient(client, table_1)


def form_boxes(hand: int, **values) -> dict:
    return pad_boxes("", hand, **values)


def test_the_phone_page_shows_the_pad_boxes(client, table_1):
    page = client.get(f"/t/{table_1.token}/").content.decode()
    assert 'id="table-pad"' in page and 'id="table-sheet"' not in page
    assert 'name="hand-4-majors-cards_required"' in page and 'name="hand-5-points"' not in page  # 4 a round
    assert 'name="sheet"' in page and 'data-prefix=""' in page
    assert (
        page.index("js/rules.js")
        < page.index("sheets/auction/auction.js")
        < page.index("sheets/auction/auction-pad.js")
    )
    assert "Score pad, game 1" in page
    # the round is the event's hands, not Calypso's four deals; the pad's help is said once
    assert "After the round's 4 hands, one side enters the score pad below" in page
    assert "fourth deal" not in page and page.count("Sell is asked only when the contract is in limbo") == 1


def test_a_pad_sent_as_json_is_confirmed_by_the_opponents(phones):
    response = phones.submit(pad(won(), lost()), side="majors")
    assert response.status_code == 201, response.content
    body = response.json()["submission"]
    assert (body["majors"], body["minors"]) == (295 + 160, 110 - 400)
    assert phones.confirm(body["id"], side="majors").status_code == 409  # the sender cannot confirm
    confirmed = phones.confirm(body["id"], side="minors")
    assert confirmed.status_code == 200 and confirmed.json()["submission"]["status"] == "confirmed"
    page = phones.client.get(phones.url()).content.decode()
    assert "<td>290♠ by S</td><td>win</td>" in page and "<td>300♦ by D</td><td>loss</td>" in page


def test_a_second_pad_is_refused_and_the_typed_pad_is_compared(phones):
    first = phones.submit(pad(won()), side="majors").json()["submission"]
    other = won()
    other["declarers"]["trick_pile"], other["defenders"]["trick_pile"] = 32, 20
    response = phones.submit(pad(other), side="minors")
    assert response.status_code == 409 and response.json()["code"] == "already-submitted"
    page = phones.phones["minors"].get(phones.url()).content.decode()
    assert 'id="typed-sheet"' in page and "2 boxes differ" in page
    assert '<td class="changed" title="sent first: 30">32 <s class="was">30</s></td>' in page
    # Dispute with our pad: it becomes the proposal the director sees.
    disputed = phones.post(
        "dispute", {"submission": first["id"], "side": "minors", "sheet": pad(other)}, phone=phones.phones["minors"]
    )
    assert disputed.status_code == 200
    row = Submission.objects.get(pk=first["id"])
    assert row.status == "disputed" and (row.proposal["majors"], row.proposal["minors"]) == (290 + 30 // 2, 20 * 5)
    assert row.proposal["sheet"]["hands"][0]["declarers"]["trick_pile"] == 32


def test_a_pad_typed_in_the_boxes_is_sent_without_javascript(client, table_1):
    client.get(f"/t/{table_1.token}/")
    data = {"round": "1", "side": "minors", "idempotency_key": uuid.uuid4().hex}
    data |= form_boxes(1, declarer="D", calypsos="1", points="290", suit="D", doubled="2")
    data |= form_boxes(1, minors=("10", "14", "1", "3"), majors=("28", "0", "0"))
    response = client.post(f"/t/{table_1.token}/submit/", data)
    assert response.status_code == 302
    row = Submission.objects.get(table=table_1)
    hand = row.sheet["hands"][0]
    assert hand["contract"] == "1 & 290♦ XX" and "sell" not in hand
    # 100 + 260 = 360 points: 1 & 290 made and reached — won redoubled (290 + 35) × 4 = 1300 + 500 + 400
    assert row.minors == 2200 and row.majors == 28 * 5 and row.submitted_side == "minors"


def test_wrong_boxes_come_back_with_the_problem_and_what_was_typed(client, table_1):
    client.get(f"/t/{table_1.token}/")
    data = {"round": "1", "side": "majors"} | form_boxes(1, **dict(WON_BOXES, minors=("20", "0", "0")))
    response = client.post(f"/t/{table_1.token}/submit/", data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "hand 1: cards add up to 50, not 52: 2 cards missing" in page
    assert 'name="hand-1-minors-trick_pile" value="20"' in page
    assert not Submission.objects.exists()


def test_a_half_typed_hand_is_named_and_not_sent(client, table_1):
    """The boxes are the pad: a hand with a box left blank is not dropped (the hands before it would
    score as the whole pad), even when the JSON box holds a pad that scores."""
    client.get(f"/t/{table_1.token}/")
    data = {"round": "1", "side": "majors", "sheet": json.dumps(pad(won()))}
    data |= form_boxes(1, **WON_BOXES) | form_boxes(2, **dict(WON_BOXES, declarer=""))
    response = client.post(f"/t/{table_1.token}/submit/", data)
    assert response.status_code == 400
    assert "hand 2: fill in the declarer" in response.content.decode()
    assert not Submission.objects.exists()


@pytest.mark.parametrize(
    ("json_box", "message"),
    [
        ("{not json", "is not JSON"),
        ("[" * 20_000 + "]" * 20_000, "is not JSON"),
        (json.dumps({"hands": [won()] * 10_000}), "is longer than 50,000 characters"),
        ('{"hands": ["' + "x" * 45_000 + '"]}', "hand 1: "),
    ],
)
def test_a_hostile_json_box_without_javascript_is_a_400(client, table_1, json_box, message):
    client.get(f"/t/{table_1.token}/")
    response = client.post(f"/t/{table_1.token}/submit/", {"round": "1", "side": "majors", "sheet": json_box})
    assert response.status_code == 400 and message in response.content.decode()
    assert not Submission.objects.exists()


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ("hands", "the scoresheet is wrong: it must be an object of its hands (hands), not text"),
        ([won()], "the scoresheet is wrong: it must be an object of its hands (hands), not a list"),
        ({"hands": {"1": won()}}, "hands must be a list of the hands played"),
        ({"hands": [won()] * 1000}, "the score pad has 1000 hands, but this event plays 4 a round"),
        ({"hands": [{"contract": 290, "declarer": "S"}]}, "hand 1: 290 is not a contract"),
        ({"hands": [{**won(), "declarers": [30, 0, 0]}]}, "hand 1: declarers: expected an object"),
        ({"hands": [{**won(), "declarer": "North"}]}, "hand 1: "),
        ({"calypsos": {"S": 1}, "unfinished": {}, "trick_piles": {}}, "unknown field 'calypsos'"),
        # a bid no score column holds: a 500 before (SQLite: past 2**63; PostgreSQL: past 2**31 − 1)
        (pad(lost("D", "99999999999999999990D XX")), "beyond the ±2,147,483,647 a score may be"),
        (pad(lost("D", "300000000D XX")), "the scores come to ♠♥ 160 · ♦♣ -2,399,999,200"),
    ],
)
def test_hostile_json_is_a_400_naming_the_problem(phones, sheet, message):
    response = phones.submit(sheet, side="majors")
    assert response.status_code == 400, response.content
    body = response.json()
    assert message in body["error"] + " ".join(body["problems"])
    assert not Submission.objects.exists()


def test_a_huge_body_never_reaches_the_view(table_1):
    phone = Client()
    phone.get(f"/t/{table_1.token}/")
    body = json.dumps({"round": 1, "side": "majors", "sheet": {"hands": [won()] * 50_000}})
    response = phone.post(f"/t/{table_1.token}/submit/", data=body, content_type="application/json")
    assert response.status_code in (400, 413) and not Submission.objects.exists()


def test_the_sheet_history_shows_each_version_of_a_pad_hand_by_hand(dora, phones, running, director_a):
    from director.results import services as results

    event, table, game = running
    sent = phones.submit(pad(won()), side="majors").json()["submission"]
    corrected = won()
    corrected["declarers"]["trick_pile"], corrected["defenders"]["trick_pile"] = 31, 21
    results.enter_sheet(table=table, round=game, sheet=pad(corrected), by=director_a)
    page = dora.get(f"/events/{event.pk}/audit/games/1/tables/1/").content.decode()
    assert sent["version"] == 1 and "pad-read" in page
    # version 2 against version 1: the two changed counts marked, the old value struck through
    assert '>31 <s class="was">30</s>' in page and '>21 <s class="was">22</s>' in page


def test_the_opponents_dispute_with_their_own_pad_without_javascript(phones):
    import re

    first = phones.submit(pad(won()), side="majors").json()["submission"]
    ours = won()
    ours["declarers"]["trick_pile"], ours["defenders"]["trick_pile"] = 32, 20
    minors = phones.phones["minors"]
    assert phones.submit(pad(ours), side="minors").status_code == 409
    page = minors.get(phones.url()).content.decode()
    form = page.split('id="dispute-with-ours">', 1)[1].split("</form>", 1)[0]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
    assert fields["propose"] == "1" and fields["hand-1-majors-trick_pile"] == "32"
    assert (fields["hand-1-points"], fields["hand-1-suit"]) == ("290", "S")
    response = minors.post(phones.url("dispute"), fields)
    assert response.status_code == 302
    row = Submission.objects.get(pk=first["id"])
    assert row.status == "disputed" and row.proposal["sheet"]["hands"][0]["declarers"]["trick_pile"] == 32


def test_a_malformed_pad_sent_second_is_refused_and_kept_safely(phones):
    phones.submit(pad(won()), side="majors")
    odd = {**won(), "declarers": {"trick_pile": 30, "added": 0, "calypsos": 0, "cards_required": 5}}
    response = phones.submit({"hands": [odd, "x", {"declarers": []}]}, side="minors")
    assert response.status_code == 409 and response.json()["code"] == "already-submitted"
    page = phones.phones["minors"].get(phones.url())
    assert page.status_code == 200 and 'id="typed-sheet"' in page.content.decode()
    # kept cut down to the pad's boxes: the first hand as typed, the rest (not hands) left out
    kept = phones.phones["minors"].session[f"table-{phones.table.pk}-typed-sheet"]["sheet"]
    assert kept["hands"][0]["declarers"]["trick_pile"] == 30 and len(kept["hands"]) == 1


def test_a_pad_is_confirmed_only_by_the_opponents_of_its_own_table_and_game(running, phones):
    """Double entry holds for pads as for sheets: the sending phone cannot confirm or dispute its pad
    under the other side's name, nor the opponents by replaying its key; table 2's link cannot
    confirm table 1's pad, and once the game has moved on nobody at the table confirms it."""
    from director.events import services as events

    event, _table, game_1 = running
    sent = phones.submit(pad(won()), side="majors", key="pad-key-1").json()["submission"]
    sender = phones.phones["majors"]
    for action in ("confirm", "dispute"):
        switched = phones.post(action, {"submission": sent["id"], "side": "minors"}, phone=sender)
        assert switched.status_code == 409 and switched.json()["code"] == "sent-from-this-phone"
    replay = phones.post(
        "submit", {"round": 1, "side": "minors", "sheet": pad(lost()), "idempotency_key": "pad-key-1"},
        phone=phones.phones["minors"],
    )  # fmt: skip
    assert replay.status_code == 200 and replay.json()["replayed"] is True
    other = TableClient(Client(), event.tables.get(number=2))
    assert other.confirm(sent["id"], side="minors").status_code == 404
    assert Submission.objects.get(pk=sent["id"]).status == "submitted" and Submission.objects.count() == 1

    events.close_round(round=game_1)
    late = phones.confirm(sent["id"], side="minors")
    assert late.status_code == 409
    assert Submission.objects.get(pk=sent["id"]).status == "submitted"
