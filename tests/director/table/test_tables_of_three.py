"""Score entry at a club night's table of three or two (issue #17.7): the phone page offers the
variant's sheet, the server checks it with the engine (``scoring.variants``), the opponents
confirm it, and the tally and the next game use each player's figure."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from director.events.models import Event
from director.movements import services as movement_services
from director.results.models import Submission
from director.standings.selectors import event_results
from tests.director.factories import seat_players, small_night
from tests.director.table.conftest import TableClient

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

SPADE = '<span class="suit suit-S" role="img" aria-label="spades">♠</span>'  # spoken by name
HEART = '<span class="suit suit-H" role="img" aria-label="hearts">♥</span>'
CLUB = '<span class="suit suit-C" role="img" aria-label="clubs">♣</span>'

pytestmark = pytest.mark.django_db

THREE = {
    "calypsos": {"S": 1, "H": 0, "C": 2},
    "unfinished": {"S": 5, "H": 7, "C": 3},
    "trick_piles": {"S": 20, "H": 20, "C": 23},
    "revokes": {"S": 0, "H": 1, "C": 0},
}  # 117 cards: ♠ 1060, ♥ 340, ♣ 1800 (tests/scoring/test_table_sheets.py)
FOUR = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}  # 208 cards: majors 500 + 100 + 140 + 600 = 1340, minors 1250 + 60 + 180 + 850 = 2340


def night(club, players, **extra):
    """A small night whose phones use the tables' links (the club's explicit choice)."""
    return small_night(club, players, start=True, phones="table", **extra)


def client_state(html: str) -> dict:
    return json.loads(re.search(r'<script id="table-state" type="application/json">(.*?)</script>', html, re.S)[1])


def test_a_three_handed_sheet_is_sent_confirmed_and_tallied(club_a, players_a):
    event = night(club_a, players_a[:7])
    table = event.tables.get(number=2)
    phones = TableClient(Client(), table)
    page = phones.phones["majors"].get(f"/t/{table.token}/").content.decode()
    state = client_state(page)
    assert (state["check"], state["seats"], state["individual"]) == ("three-handed", "SHC", True)
    assert re.findall(r'name="pile-(\w+)"', page) == ["S", "H", "C"]
    assert 'name="cal-D"' not in page and 'name="pile-majors"' not in page
    # no partnerships at a three: each player by the seat they hold; three deals, not four (#30.7)
    assert f"I hold {SPADE} or {HEART}</label>" in page
    assert f"I hold {CLUB}</label>" in page and "We are" not in page
    assert "After the third deal, one player enters the scoresheet" in page and "fourth deal" not in page

    # a four-handed sheet at a table of three is refused, naming the table's seats; nothing is written
    wrong = phones.submit(FOUR)
    assert wrong.status_code == 400
    assert wrong.json()["problems"][0] == "this table is played by ♠ ♥ ♣ (S, H, C), not S H D C"
    assert phones.submit(["not", "a", "sheet"]).status_code == 400
    assert not Submission.objects.filter(table=table).exists()

    sent = phones.submit(THREE, side="majors")
    assert sent.status_code == 201, sent.content
    row = Submission.objects.get(table=table)
    assert row.sheet["form"] == "cutthroat" and set(row.sheet["calypsos"]) == set("SHC")
    assert (row.majors, row.minors, row.net) == (0, 0, 0)
    assert phones.confirm(row.pk, side="minors").status_code == 200
    row.refresh_from_db()
    assert row.status == Submission.Status.CONFIRMED

    at = seat_players(event, 2)
    tallies = event_results(event).tallies()
    # each figure is own less the others' average, on a four's scale: ♠ −10, ♥ −1090, ♣ +1100
    assert {pid: tallies[pid].nets[1] for pid in at.values()} == {at["S"]: -10, at["H"]: -1090, at["C"]: 1100}
    assert {pid: tallies[pid].tables[1] for pid in at.values()} == dict.fromkeys(at.values(), 2)


def test_split_partnership_tallies_use_the_split_totals_and_the_best_total_stays(client, club_a, players_a, director_a):
    event = night(club_a, players_a[:7], three_table="split")
    four, three = event.tables.get(number=1), event.tables.get(number=2)
    phones = TableClient(Client(), three)
    assert phones.submit(THREE).status_code == 201
    assert phones.confirm(Submission.objects.get(table=three).pk, side="minors").status_code == 200
    at = seat_players(event, 2)
    tallies = event_results(event).tallies()
    # split totals: ♠ 1060 + 1800 = 2860, ♥ 340 + 1060 = 1400, ♣ 1800 + 340 = 2140
    assert {pid: tallies[pid].nets[1] for pid in at.values()} == {at["S"]: 1090, at["H"]: -1100, at["C"]: 10}
    standings = event_results(event).standings()
    assert [row.total for row in standings if row.entrant.key in at.values()] == [1090, 10, -1100]

    fours = TableClient(Client(), four)
    assert fours.submit(FOUR).status_code == 201
    assert fours.confirm(Submission.objects.get(table=four).pk, side="minors").status_code == 200
    change = movement_services.compute_next_round(event=Event.objects.get(pk=event.pk), by=director_a)
    # the three's best split total (♠, 2,860) stays: own ♣ 1,800 is the best own score, but split decides
    assert change.movement.results[-1] == {1: "minors", 2: "S"}
    assert at["S"] in seat_players(event, 2, game=2).values()
    assert not {at["H"], at["C"]} & set(seat_players(event, 2, game=2).values())


def test_a_neutralised_sheet_from_the_plain_form(club_a, players_a):
    event = night(club_a, players_a[:3], three_table="neutralised")
    table = event.tables.get(number=1)
    phone = Client()
    page = phone.get(f"/t/{table.token}/").content.decode()
    assert client_state(page)["seats"] == "SDH" and re.findall(r'name="cal-(\w)"', page) == ["S", "D", "H"]
    data = {"round": "1", "side": "majors", "idempotency_key": "k-neutralised-1"}
    counts = {"S": (2, 4, 60), "D": (1, 6, 50), "H": (0, 9, 39)}  # 13 × 3 + 19 + 149 = 207
    for seat, (cal, unf, pile) in counts.items():
        data |= {f"cal-{seat}": str(cal), f"unf-{seat}": str(unf), f"pile-{seat}": str(pile), f"rev-{seat}": ""}
    bad = phone.post(f"/t/{table.token}/submit/", {**data, "pile-H": "40", "idempotency_key": "k-bad"})
    assert bad.status_code == 400
    assert "cards add up to 208, not 207" in bad.content.decode()
    assert phone.post(f"/t/{table.token}/submit/", data).status_code == 302
    row = Submission.objects.get(table=table)
    assert row.sheet["form"] == "neutralised" and row.sheet["trick_piles"] == {"S": 60, "H": 39, "D": 50}


def test_a_duet_is_a_partnership_sheet_with_one_player_a_side(club_a, players_a):
    event = night(club_a, players_a[:2])
    table = event.tables.get(number=1)
    phones = TableClient(Client(), table)
    page = phones.phones["majors"].get(f"/t/{table.token}/").content.decode()
    state = client_state(page)
    assert (state["check"], state["seats"], state["individual"]) == ("partnership", "SHDC", False)
    at = seat_players(event, 1)
    names = {p.pk: p.name for p in players_a}
    seats = re.findall(r'<li class="seat-(\w)">.*?<span class="player">([^<]*)</span>', page)
    assert seats == [
        ("S", names[at["S"]]),
        ("H", names[at["S"]] + " (dummy)"),
        ("D", names[at["C"]] + " (dummy)"),
        ("C", names[at["C"]]),
    ]
    assert phones.submit(FOUR).status_code == 201
    row = Submission.objects.get(table=table)
    assert (row.majors, row.minors, row.net) == (1340, 2340, -1000)
    assert phones.confirm(row.pk, side="minors").status_code == 200
    tallies = event_results(event).tallies()
    assert (tallies[at["S"]].nets[1], tallies[at["C"]].nets[1]) == (-1000, 1000)
