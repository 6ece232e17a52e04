"""Cutthroat standings: each player's own score per game from the confirmed cutthroat sheets
(``scoring.scores.score_cutthroat``), ranked by the sum with equal totals sharing a rank.

Seven players play, two games; table 2 is three-handed (no ♣ player, 117 cards) in both games:
an eighth player is seated there at ♣ (a side holds two or three players) but plays no game, so
has no score and no rank.

Game 1 · table 1 (P1 ♠ P2 ♥ P3 ♦ P4 ♣), sheet FOUR:
  ♠ 500 + 5×20 + 30×10 = 900 · ♥ 7×20 + 300 = 440 · ♦ 1250 + 60 + 400 = 1710 · ♣ 180 + 450 = 630
Game 1 · table 2 (P5 ♠ P6 ♥ P7 ♦), sheet THREE (♥ revokes once: 260 to each of the others):
  ♠ 500 + 100 + 200 + 260 = 1060 · ♥ 140 + 200 = 340 · ♦ 1250 + 60 + 230 + 260 = 1800
Game 2 · table 1 (P5 ♠ P2 ♥ P7 ♦ P3 ♣), sheet SECOND (♣ revokes once):
  ♠ 40 + 400 + 260 = 700 · ♥ 500 + 500 + 260 = 1260 · ♦ 80 + 430 + 260 = 770 · ♣ 120 + 500 = 620
Game 2 · table 2 (P1 ♠ P6 ♥ P4 ♦), sheet THIRD: ♠ 60 + 800 = 860 · ♥ 200 · ♦ 140

Totals: P7 1800+770 = 2570 · P3 1710+620 = 2330 · P5 1060+700 = 1760 · P1 900+860 = 1760 ·
        P2 440+1260 = 1700 · P4 630+140 = 770 · P6 340+200 = 540
Ranks:  1 P7 · 2 P3 · =3 P1 and P5 · 5 P2 · 6 P4 · 7 P6
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from director.events import services as events
from director.events.models import Event, Round, Table
from director.movements import services as movements
from director.results import services as results
from director.standings import charts, exports
from director.standings.selectors import event_results

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

FOUR = {
    "form": "cutthroat",
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"S": 30, "H": 30, "D": 40, "C": 45},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}
THREE = {
    "form": "cutthroat",
    "calypsos": {"S": 1, "H": 0, "D": 2},
    "unfinished": {"S": 5, "H": 7, "D": 3},
    "trick_piles": {"S": 20, "H": 20, "D": 23},
    "revokes": {"S": 0, "H": 1, "D": 0},
}
SECOND = {
    "form": "cutthroat",
    "calypsos": {"S": 0, "H": 1, "D": 0, "C": 0},
    "unfinished": {"S": 2, "H": 0, "D": 4, "C": 6},
    "trick_piles": {"S": 40, "H": 50, "D": 43, "C": 50},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 1},
}
THIRD = {
    "form": "cutthroat",
    "calypsos": {"S": 0, "H": 0, "D": 0},
    "unfinished": {"S": 3, "H": 0, "D": 0},
    "trick_piles": {"S": 80, "H": 20, "D": 14},
    "revokes": {"S": 0, "H": 0, "D": 0},
}
SCORES = {  # (game, player number) -> own score, by hand (module docstring)
    (1, 1): 900, (1, 2): 440, (1, 3): 1710, (1, 4): 630, (1, 5): 1060, (1, 6): 340, (1, 7): 1800,
    (2, 5): 700, (2, 2): 1260, (2, 7): 770, (2, 3): 620, (2, 1): 860, (2, 6): 200, (2, 4): 140,
}  # fmt: skip
TOTALS = {7: 2570, 3: 2330, 5: 1760, 1: 1760, 2: 1700, 4: 770, 6: 540}
RANKS = {7: "1", 3: "2", 5: "=3", 1: "=3", 2: "5", 4: "6", 6: "7"}


def make_cutthroat(club, players, by=None):
    p = [None] + [x.pk for x in players[:8]]  # p[1]..p[8]
    event = events.create_event(
        club=club,
        name="Cutthroat night",
        date=datetime.date(2025, 5, 2),
        type=Event.Type.PROGRESSIVE_INDIVIDUAL,
        form=Event.Form.CUTTHROAT,
        games=2,
        by=by,
    )
    plan = [
        {
            "tables": {
                1: {"majors": [p[1], p[2]], "minors": [p[3], p[4]]},
                2: {"majors": [p[5], p[6]], "minors": [p[7], p[8]]},
            }
        },
        {
            "tables": {
                1: {"majors": [p[5], p[2]], "minors": [p[7], p[3]]},
                2: {"majors": [p[1], p[6]], "minors": [p[4], p[8]]},
            }
        },
    ]
    movements.apply_plan(event=event, plan=plan)
    return event


def enter(event, game, table, sheet, by=None):
    return results.enter_sheet(
        table=Table.objects.get(event=event, number=table),
        round=Round.objects.get(event=event, number=game),
        sheet=sheet,
        by=by,
    )


@pytest.fixture
def cutthroat(club_a, players_a, director_a):
    event = make_cutthroat(club_a, players_a, director_a)
    for (game, table), sheet in {(1, 1): FOUR, (1, 2): THREE, (2, 1): SECOND, (2, 2): THIRD}.items():
        enter(event, game, table, sheet, director_a)
    return event


def number_of(players_a):
    return {p.pk: i for i, p in enumerate(players_a[:8], start=1)}


def test_standings_are_the_players_own_scores_added(cutthroat, players_a):
    result = event_results(cutthroat)
    assert result.kind == "cutthroat" and result.own_scores and not result.uses_matchpoints
    number = number_of(players_a)
    rows = result.standings()
    assert {number[r.entrant.key]: r.total for r in rows if r.rank} == TOTALS
    assert {number[r.entrant.key]: r.rank for r in rows if r.rank} == RANKS
    assert [(number[r.entrant.key], r.total) for r in rows if not r.rank] == [(8, None)]  # seated, never played
    assert [number[r.entrant.key] for r in rows][:2] == [7, 3]
    for row in rows[:7]:
        n = number[row.entrant.key]
        assert row.per_game == {g: SCORES[(g, n)] for g in (1, 2)}
    assert next(r for r in rows if number[r.entrant.key] == 7).total_text == "2,570"  # a score, no sign
    assert result.zero_sum() == [] and result.game_results() == []


def test_tallies_and_running_totals_per_player(cutthroat, players_a):
    result = event_results(cutthroat)
    number = number_of(players_a)
    tallies = {number[k]: t for k, t in result.tallies().items()}
    assert tallies[1].nets == {1: 900, 2: 860} and tallies[1].tables == {1: 1, 2: 2}
    assert tallies[6].running() == [(1, 340), (2, 540)]
    assert {n: t.total for n, t in tallies.items()} == TOTALS
    running = {number[k]: v for k, v in result.running_totals().items()}
    assert running[7] == [(1, 1800), (2, 2570)]
    rows = exports.tally_rows(result)
    assert len(rows) == 14
    p1 = [r for r in rows if r["names"] == players_a[0].name]
    assert [(r["game"], r["table"], r["seat"], r["score"]) for r in p1] == [(1, 1, "♠", 900), (2, 2, "♠", 860)]
    assert p1[1]["opponents"] == f"{players_a[5].name} & {players_a[3].name}"


def test_a_sheet_not_confirmed_does_not_count(club_a, players_a, director_a):
    event = make_cutthroat(club_a, players_a, director_a)
    enter(event, 1, 1, FOUR, director_a)
    results.enter_sheet(
        table=Table.objects.get(event=event, number=2), round=Round.objects.get(event=event, number=1),
        sheet=THREE, by=director_a, confirm=False,
    )  # fmt: skip
    number = number_of(players_a)
    rows = event_results(event).standings()
    assert {number[r.entrant.key]: r.total for r in rows if r.rank} == {1: 900, 2: 440, 3: 1710, 4: 630}
    assert {number[r.entrant.key] for r in rows if not r.rank} == {5, 6, 7, 8}


def test_the_score_card_and_the_game_page(client, cutthroat, players_a, director_a):
    client.force_login(director_a)
    p1 = players_a[0]
    page = client.get(reverse("standings:scorecard", args=[cutthroat.pk, p1.pk]))
    assert page.status_code == 200
    lines = [line for line in page.context["lines"] if line.side]
    assert [(line.round, line.seat, line.own, line.running) for line in lines] == [
        (1, "♠", 900, 900),
        (2, "♠", 860, 1760),
    ]
    html = page.content.decode()
    assert "1,760" in html and "=3" in html and "three-handed" in html
    game = client.get(reverse("standings:round", args=[cutthroat.pk, 2])).content.decode()
    for name, score in ((players_a[4].name, "700"), (players_a[1].name, "1,260"), (players_a[0].name, "860")):
        assert name in game and score in game
    standings = client.get(reverse("standings:standings", args=[cutthroat.pk])).content.decode()
    assert "2,570" in standings and "+2,570" not in standings and "own scores" in standings


def test_public_standings_and_projector(client, cutthroat, players_a, director_a):
    events.set_public_switches(event=cutthroat, standings_released=True)
    data = client.get(reverse("public:standings_json", args=[cutthroat.club.slug, cutthroat.pk])).json()
    top = data["rows"][0]
    assert top["names"] == players_a[6].name and top["rank"] == "1" and top["games"] == ["1,800", "770"]
    assert top["total"] == "2,570"
    assert [r["rank"] for r in data["rows"]][2:4] == ["=3", "=3"]
    page = client.get(reverse("public:standings", args=[cutthroat.club.slug, cutthroat.pk])).content.decode()
    assert "2,330" in page
    client.force_login(director_a)
    projector = client.get(reverse("standings:projector_json", args=[cutthroat.pk])).json()
    assert [r["text"] for r in projector["standings"]][:3] == ["2,570", "2,330", "1,760"]
    html = client.get(reverse("standings:projector", args=[cutthroat.pk])).content.decode()
    assert "2,570" in html and "+2570" not in html


def test_histogram_of_a_game_takes_every_players_score(cutthroat):
    result = event_results(cutthroat)
    assert sorted(charts.set_nets(result, round_number=1)) == sorted([900, 440, 1710, 630, 1060, 340, 1800])
    assert charts.set_histogram(result, round_number=1, fmt="png").startswith(b"\x89PNG")


def test_cutthroat_events_stay_out_of_a_tally_ladder(cutthroat, progressive):
    from director.standings.ladder import season_ladder

    rows = season_ladder([cutthroat, progressive], basis="tally", method="total")
    assert sum(r.sessions for r in rows) == 12  # the progressive pairs night's 12 players only
