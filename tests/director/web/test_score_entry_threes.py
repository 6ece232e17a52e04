"""The director's score entry page at a club night's tables of three and two (issue #17.7): a three's
card has its seats only, a trick pile each, and is checked as its variant; a Duet's is the
partnership sheet with each player's hand and dummy."""

from __future__ import annotations

import re

import pytest

from director.results.models import Submission
from director.standings.selectors import event_results
from tests.director.factories import small_night

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def started(club, players, **extra):
    return small_night(club, players, start=True, **extra)


def neutralised_boxes(table: int, counts: dict) -> dict:
    data = {}
    for seat, (cal, unf, pile) in counts.items():
        data |= {f"t{table}-cal-{seat}": cal, f"t{table}-unf-{seat}": unf, f"t{table}-pile-{seat}": pile}
        data[f"t{table}-rev-{seat}"] = ""
    return data


def test_a_neutralised_three_is_entered_on_the_directors_page(client, club_a, players_a, director_a):
    event = started(club_a, players_a[:3], three_table="neutralised")
    client.force_login(director_a)
    url = f"/events/{event.pk}/games/1/scores/"
    page = client.get(url).content.decode()
    card = page.split('id="table-1"')[1].split("</fieldset>")[0]
    assert 'data-form="neutralised" data-seats="SDH"' in card and "Neutralised Calypso" in card
    assert re.findall(r'name="t1-pile-(\w+)"', card) == ["S", "D", "H"]
    assert "t1-absent" not in card and "t1-cal-C" not in card

    counts = {"S": ("2", "4", "60"), "D": ("1", "6", "50"), "H": ("0", "9", "39")}  # 207 cards
    wrong = client.post(url, neutralised_boxes(1, {**counts, "H": ("0", "9", "40")}))
    assert wrong.status_code == 400
    assert "cards add up to 208, not 207" in wrong.content.decode()
    assert not Submission.objects.filter(table__event=event).exists()
    hostile = client.post(url, {**neutralised_boxes(1, counts), "t1-cal-S": "<script>", "t1-pile-C": "9"})
    assert hostile.status_code == 400 and not Submission.objects.filter(table__event=event).exists()

    assert client.post(url, neutralised_boxes(1, counts)).status_code == 302
    row = Submission.objects.get(table__event=event)
    assert row.status == Submission.Status.CONFIRMED and row.sheet["form"] == "neutralised"
    again = client.get(url).content.decode()
    # the saved card shows each player's score: ♠ 1250 + 80 + 600, ♦ 500 + 120 + 500, ♥ 180 + 390
    saved = re.findall(r'<b class="saved-score" data-seat="(\w)">(\d+)</b>', again)
    assert saved == [("S", "1930"), ("D", "1120"), ("H", "570")]
    assert 'name="t1-pile-D" ' in again and 'value="50"' in again.split('name="t1-pile-D"')[1][:120]
    nets = {pid: tally.nets[1] for pid, tally in event_results(event).tallies().items()}
    assert sorted(nets.values()) == sorted([(3 * 1930 - 3620) // 2, (3 * 1120 - 3620) // 2, (3 * 570 - 3620) // 2])


def test_a_duet_card_is_the_partnership_sheet_naming_hand_and_dummy(client, club_a, players_a, director_a):
    event = started(club_a, players_a[:2])
    client.force_login(director_a)
    page = client.get(f"/events/{event.pk}/games/1/scores/").content.decode()
    card = page.split('id="table-1"')[1].split("</fieldset>")[0]
    assert 'data-form="partnership"' in card and "Calypso Duet" in card
    players = re.findall(r'<span class="player">([^<]*)</span>', card)
    assert len(players) == 4 and players[1] == players[0] + " (dummy)" and players[2] == players[3] + " (dummy)"
    assert 'name="t1-pile-majors"' in card
