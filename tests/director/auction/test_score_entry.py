"""The director's score entry page for an Auction Calypso game: the pad as boxes (the
``sheets/auction/pad.html``, prefix ``t<table>-``; no JavaScript needed), or, when every box is blank,
its JSON in the page script's box ``t<table>-sheet``; refusals are form errors (400), never a 500."""

from __future__ import annotations

import json

import pytest

from director.results.models import Submission

from .conftest import LOST_BOXES, WON_BOXES, pad, pad_boxes, won

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def boxes(table: int, hand: int, **values) -> dict:
    return pad_boxes(f"t{table}-", hand, **values)


def url(event, game=1):
    return f"/events/{event.pk}/games/{game}/scores/"


def test_the_page_shows_a_pad_per_table(dora, running):
    event, _table, _game = running
    page = dora.get(url(event)).content.decode()
    assert 'data-form="auction"' in page and "4 a round" in page
    for hand in range(1, 5):
        assert f'name="t1-hand-{hand}-points"' in page and f'name="t3-hand-{hand}-sell"' in page
        assert f'name="t2-hand-{hand}-minors-cards_required"' in page
    assert 'name="t1-hand-5-points"' not in page  # 4 hands a round
    assert 'name="t1-sheet"' in page and 'name="t1-cal-S"' not in page
    # the pad's script, after the rules it reads (the live 52-card check, sell only in limbo)
    assert (
        page.index("js/rules.js")
        < page.index("sheets/auction/auction.js")
        < page.index("sheets/auction/auction-pad.js")
    )


def test_the_pads_are_explained_once_above_the_tables(dora, running):
    event, _table, _game = running
    page = dora.get(url(event)).content.decode()
    assert page.count('id="t3-pad"') == 1  # three tables' pads on the page…
    assert "pad-help" not in page  # …and none repeats the page's own help
    assert page.count("Sell only when the contract is in limbo") == 1
    assert page.count("T + P of both sides must make 52") == 1


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
    assert 'name="t1-hand-2-points" value="300"' in page and 'name="t1-hand-1-majors-trick_pile" value="30"' in page
    assert '<option value="1" selected>X</option>' in page
    assert "<td>300♦ X by D</td><td>loss</td>" in page and '<td class="num">455</td><td class="num">-690</td>' in page


def test_cards_required_and_sell_are_read_from_their_boxes(dora, running):
    event, _table, game = running
    limbo = dict(declarer="H", calypsos="1", points="290", suit="H", majors=("8", "14", "1", "2"))
    response = dora.post(url(event), boxes(2, 1, **limbo, minors=("30", "0", "0"), sell="yes"))
    assert response.status_code == 302
    row = Submission.objects.get(table__number=2, round=game)
    assert row.sheet["hands"][0]["declarers"]["cards_required"] == [2] and row.sheet["hands"][0]["sell"] is True
    assert (row.majors, row.minors) == (1190, 150)


def test_wrong_hands_are_shown_on_their_table_and_nothing_is_saved(dora, running):
    event, _table, game = running
    bad = dict(WON_BOXES, minors=("21", "0", "0"))
    data = boxes(1, 1, **WON_BOXES) | boxes(2, 1, **bad) | boxes(3, 1, **WON_BOXES) | boxes(3, 3, **WON_BOXES)
    response = dora.post(url(event), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "hand 1: cards add up to 51, not 52" in page
    assert "hand 2 is blank, but a later hand is filled in" in page  # table 3: named, not dropped
    assert not Submission.objects.filter(round=game).exists()  # table 1 was right, but nothing is saved
    assert 'name="t2-hand-1-minors-trick_pile" value="21"' in page  # what was typed stays


def test_a_box_left_blank_is_named_and_nothing_is_saved(dora, running):
    event, _table, game = running
    half = dict(WON_BOXES, points="")
    response = dora.post(url(event), boxes(1, 1, **WON_BOXES) | boxes(1, 2, **half))
    assert response.status_code == 400
    assert "hand 2: fill in the points bid" in response.content.decode()
    assert not Submission.objects.filter(round=game).exists()


def test_the_json_box_is_read_when_every_box_is_blank(dora, running):
    event, _table, game = running
    untouched = {"t3-hand-1-calypsos": "0", "t3-hand-1-doubled": "0"}  # the selects' first choices
    response = dora.post(url(event), {"t3-sheet": json.dumps(pad(won("C", "250C"))), **untouched})
    assert response.status_code == 302
    row = Submission.objects.get(table__number=3, round=game)
    assert row.sheet["hands"][0]["declarer"] == "C" and row.minors > 0


def test_the_boxes_come_before_the_json_box(dora, running):
    """The page script leaves a half-typed hand out of its JSON: the boxes name it."""
    event, _table, game = running
    data = boxes(1, 1, **WON_BOXES) | boxes(1, 2, **dict(LOST_BOXES, suit=""))
    response = dora.post(url(event), {**data, "t1-sheet": json.dumps(pad(won()))})
    assert response.status_code == 400 and "hand 2: fill in the bid suit" in response.content.decode()
    assert not Submission.objects.filter(round=game).exists()


@pytest.mark.parametrize(
    ("json_box", "message"),
    [
        ("{not json", "the score pad&#x27;s JSON (t1-sheet) is not JSON"),
        ("[1, 2, 3]", "an Auction score pad is an object"),
        ('{"hands": 5}', "hands must be a list"),
        (json.dumps({"hands": [won()] * 200}), "the score pad has 200 hands, but this event plays 4 a round"),
        (json.dumps({"hands": [{"contract": ["290S"], "declarer": {"x": 1}}]}), "hand 1: "),
        ('{"hands": [' + "[" * 200 + "]" * 200 + "]}", "hand 1: an Auction hand is a JSON object"),
        ("[" * 20_000 + "]" * 20_000, "is not JSON"),  # too deep for the reader
        (json.dumps({"hands": [won()] * 10_000}), "is longer than 50,000 characters"),
        ('{"hands": ["' + "x" * 45_000 + '"]}', "hand 1: "),
    ],
)
def test_hostile_json_is_a_form_error_never_a_500(dora, running, json_box, message):
    event, _table, game = running
    response = dora.post(url(event), {"t1-sheet": json_box})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Submission.objects.filter(round=game).exists()


def test_hostile_boxes_are_a_form_error(dora, running):
    event, _table, game = running
    data = boxes(1, 1, declarer="Q" * 5000, points="9" * 5000, suit="Z", doubled="3", sell="maybe")
    data |= boxes(1, 1, majors=("-3", "x" * 5000, "0", "a, b"), minors=("22", "0", "0"), calypsos="9" * 5000)
    response = dora.post(url(event), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "hand 1: " in page and "9" * 41 not in page  # each box is cut short
    assert not Submission.objects.filter(round=game).exists()


def test_boxes_past_the_hands_per_round_are_not_read(dora, running):
    """Only the event's hands per round are read: boxes past them (no page shows them) are not scored;
    10,000 hands of boxes are refused before the page reads them (400, never a 500)."""
    event, _table, game = running
    data = {}
    for hand in range(1, 61):
        data |= boxes(1, hand, **WON_BOXES)
    assert dora.post(url(event), data).status_code == 302
    assert len(Submission.objects.get(table__number=1, round=game).sheet["hands"]) == 4
    for hand in range(61, 10_001):
        data |= boxes(2, hand, **WON_BOXES)
    assert dora.post(url(event), data).status_code == 400
    assert not Submission.objects.filter(table__number=2, round=game).exists()


def test_a_bid_no_score_can_hold_is_a_form_error(dora, running):
    """The rules set no top to a bid's points; a pad whose scores a score column cannot hold is named
    on its table, and nothing is saved (before: a 500 from the database)."""
    event, _table, game = running
    absurd = dict(LOST_BOXES, points="99999999999999999990", doubled="2")
    response = dora.post(url(event), boxes(1, 1, **WON_BOXES) | boxes(2, 1, **absurd))
    assert response.status_code == 400
    assert "beyond the ±2,147,483,647 a score may be: check the points bid" in response.content.decode()
    assert not Submission.objects.filter(round=game).exists()


def test_a_six_table_night_of_twelve_hands_is_saved_from_its_page(club_a, director_a, dora):
    """The page posts every box of every table: 171 a table at 12 hands a round, 1,026 at six tables
    — past Django's default 1,000 fields, which answered Django's bare "Bad Request (400)" and kept the
    director from saving any pad of the night."""
    from director.events import services as events
    from tests.director.conftest import add_players
    from tests.director.web.test_score_entry_pending import page_form

    from .conftest import set_up

    players = add_players(club_a, 24, "Big")
    event = set_up(club_a, director_a, players, name="Big night", type="auction-pairs", games=3, auction={"hands": 12})
    events.start_event(event=event)
    shown = page_form(dora.get(url(event)))
    assert len(shown) > 1000
    response = dora.post(url(event), shown | boxes(6, 1, **WON_BOXES))
    assert response.status_code == 302
    assert Submission.objects.get(round__event=event).table.number == 6
