"""The director's score entry page for an Auction Calypso game: the pad as boxes (no JavaScript
needed), or its JSON in the page script's box; refusals are form errors (400), never a 500."""

from __future__ import annotations

import json

import pytest

from director.results.models import Submission

from .conftest import pad, won

pytestmark = pytest.mark.django_db


def boxes(table: int, hand: int, **values) -> dict:
    return {f"t{table}-h{hand}-{key.replace('_', '-')}": value for key, value in values.items()}


WON_BOXES = dict(declarer="S", bid="290S", decl_T="30", decl_P="0", decl_C="0", def_T="22", def_P="0", def_C="0")
LOST_BOXES = dict(
    declarer="D", bid="300D", dbl="X", decl_T="20", decl_P="0", decl_C="0", def_T="32", def_P="0", def_C="0"
)


def url(event, game=1):
    return f"/events/{event.pk}/games/{game}/scores/"


def test_the_page_shows_a_pad_per_table(dora, running):
    event, _table, _game = running
    page = dora.get(url(event)).content.decode()
    assert 'data-form="auction"' in page and "4 a round" in page
    for hand in range(1, 5):
        assert f'name="t1-h{hand}-bid"' in page and f'name="t3-h{hand}-sell"' in page
    assert 'name="t1-pad"' in page and 'name="t1-cal-S"' not in page


def test_typed_boxes_are_scored_and_saved(dora, running):
    event, table, game = running
    data = boxes(1, 1, **WON_BOXES) | boxes(1, 2, **LOST_BOXES)
    response = dora.post(url(event), data)
    assert response.status_code == 302
    row = Submission.objects.get(table=table, round=game)
    assert (row.majors, row.minors) == (295 + 160, 110 - 800)
    assert row.sheet["hands"][1]["contract"] == "300♦ X" and row.sheet["hands"][1]["declarer"] == "D"
    page = dora.get(url(event)).content.decode()
    # Saved: the boxes show the stored pad, and each hand's score with the running totals.
    assert 'name="t1-h2-bid" id="t1-h2-bid" value="300♦"' in page
    assert '<option value="X" selected>' in page
    assert "<td>300♦ X by D</td><td>loss</td>" in page and '<td class="num">455</td><td class="num">-690</td>' in page


def test_cards_required_and_sell_are_read_from_their_boxes(dora, running):
    event, _table, game = running
    limbo = dict(declarer="H", bid="1 & 290H", decl_T="8", decl_P="14", decl_C="1", decl_req="2", def_T="30")
    response = dora.post(url(event), boxes(2, 1, **limbo, def_P="0", def_C="0", sell="yes"))
    assert response.status_code == 302
    row = Submission.objects.get(table__number=2, round=game)
    assert row.sheet["hands"][0]["declarers"]["cards_required"] == [2] and row.sheet["hands"][0]["sell"] is True
    assert (row.majors, row.minors) == (1190, 150)


def test_wrong_hands_are_shown_on_their_table_and_nothing_is_saved(dora, running):
    event, _table, game = running
    bad = dict(WON_BOXES, def_T="21")
    data = boxes(1, 1, **WON_BOXES) | boxes(2, 1, **bad) | boxes(2, 3, **WON_BOXES)
    response = dora.post(url(event), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "hand 1: cards add up to 51, not 52" in page
    assert "hand 2: contract" in page or "hand 2: " in page  # the blank hand before hand 3 is named
    assert not Submission.objects.filter(round=game).exists()  # table 1 was right, but nothing is saved
    assert 'name="t2-h1-def-T" id="t2-h1-def-T" value="21"' in page  # what was typed stays


def test_the_json_box_of_the_page_script_is_read_in_place_of_the_boxes(dora, running):
    event, _table, game = running
    response = dora.post(url(event), {"t3-pad": json.dumps(pad(won("C", "250C"))), **boxes(3, 1, bid="ignored")})
    assert response.status_code == 302
    row = Submission.objects.get(table__number=3, round=game)
    assert row.sheet["hands"][0]["declarer"] == "C" and row.minors > 0


@pytest.mark.parametrize(
    ("json_box", "message"),
    [
        ("{not json", "an Auction score pad is an object"),
        ("[1, 2, 3]", "an Auction score pad is an object"),
        ('{"hands": 5}', "hands must be a list"),
        (json.dumps({"hands": [won()] * 200}), "the score pad has 200 hands, but this event plays 4 a round"),
        (json.dumps({"hands": [{"contract": ["290S"], "declarer": {"x": 1}}]}), "hand 1: "),
        ('{"hands": [' + "[" * 200 + "]" * 200 + "]}", "hand 1: an Auction hand is a JSON object"),
        ("[" * 20_000 + "]" * 20_000, "an Auction score pad is an object"),  # too deep for the reader
    ],
)
def test_hostile_json_is_a_form_error_never_a_500(dora, running, json_box, message):
    event, _table, game = running
    response = dora.post(url(event), {"t1-pad": json_box})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Submission.objects.filter(round=game).exists()


def test_hostile_boxes_are_a_form_error(dora, running):
    event, _table, game = running
    data = boxes(1, 1, declarer="Q" * 5000, bid="9" * 5000, dbl="XXX", decl_T="-3", decl_req="a, b", sell="maybe")
    response = dora.post(url(event), data)
    assert response.status_code == 400
    assert "hand 1: " in response.content.decode()
    assert not Submission.objects.filter(round=game).exists()
