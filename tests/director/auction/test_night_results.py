"""An Auction Calypso night end to end on the results side: standings, tallies, score cards,
travellers (the team of four), exports, charts, the projector and the public pages — all read the
pads' totals (majors / minors), and none expects a 208-card sheet."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.urls import reverse

from director.events import services as events
from director.results import services
from director.results.simulate import plausible_pad
from director.standings.selectors import event_results
from scoring.auction import score_pad

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def play_night(event, director, hands: int) -> dict:
    """Every seated table's pad for every game (seeded); returns {(game, table): (majors, minors)}."""
    events.start_event(event=event)
    totals = {}
    for round_ in event.rounds.order_by("number"):
        for table in sorted({s.table for s in round_.seatings.select_related("table")}, key=lambda t: t.number):
            sheet = plausible_pad(round_.number * 10 + table.number, hands)
            row = services.enter_sheet(table=table, round=round_, sheet=sheet, by=director)
            expected = score_pad(sheet["hands"])[-1][1]
            assert (row.majors, row.minors) == (expected["majors"], expected["minors"])
            totals[(round_.number, table.number)] = (row.majors, row.minors)
    return totals


@pytest.fixture(autouse=True)
def _no_cache():
    cache.clear()
    yield
    cache.clear()


def test_progressive_pairs_tallies_are_the_differences_each_round(dora, auction_pairs, director_a):
    event = auction_pairs
    totals = play_night(event, director_a, hands=4)
    results = event_results(event)
    expected: dict[int, int] = {}
    for play in results.play_list():
        majors, minors = totals[(play.round, play.table)]
        for direction, net in (("majors", majors - minors), ("minors", minors - majors)):
            (key,) = play.side(direction).entrants
            expected[key] = expected.get(key, 0) + net
    standings = {row.entrant.key: row.total for row in results.standings()}
    assert standings == expected and sum(standings.values()) == 0
    assert results.zero_sum() == []
    # The pages and the exports read the same figures.
    for path in ("", "games/1/", "games/2/", "cards/", "tallies/", "export/", "charts/running.svg"):
        response = dora.get(f"/events/{event.pk}/results/{path}")
        assert response.status_code == 200, (path, response.status_code)
    rows = list(
        csv.DictReader(io.StringIO(dora.get(f"/events/{event.pk}/results/export/tallies.csv").content.decode()))
    )
    assert len(rows) == 3 * 6 and {int(r["net"]) for r in rows} == {m - n for m, n in totals.values()} | {
        n - m for m, n in totals.values()
    }
    standings_csv = dora.get(f"/events/{event.pk}/results/export/standings.csv").content.decode()
    best = max(expected.values())
    assert f",{best}," in standings_csv or f",{best}\r" in standings_csv


def test_the_team_of_four_compares_the_two_tables(dora, auction_teams, director_a):
    event = auction_teams
    totals = play_night(event, director_a, hands=4)
    results = event_results(event)
    teams = {row.team: row for row in results.team_standings()}
    # Team A: majors at table 1 and minors at table 2, each game; team B the other seats.
    a = sum(totals[(g, 1)][0] - totals[(g, 1)][1] + totals[(g, 2)][1] - totals[(g, 2)][0] for g in (1, 2))
    assert teams["Team A"].aggregate == a and teams["Team B"].aggregate == -a
    winner = "Team A" if a > 0 else "Team B"
    assert teams[winner].rank == "1"
    # One traveller a game: both tables played the same hands.
    assert results.game_sets() == [1, 2]
    traveller = dora.get(f"/events/{event.pk}/results/sets/1/")
    assert traveller.status_code == 200
    for path in ("", "export/", "cards/", "tallies/"):
        assert dora.get(f"/events/{event.pk}/results/{path}").status_code == 200
    teams_csv = dora.get(f"/events/{event.pk}/results/export/teams.csv").content.decode()
    assert "Team A" in teams_csv and str(abs(a)) in teams_csv


def test_public_pages_and_the_projector_show_an_auction_night(client, dora, auction_pairs, director_a):
    event = auction_pairs
    play_night(event, director_a, hands=2)
    events.set_public_switches(event=event, standings_released=True, scorecards_released=True)
    leader = event_results(event).standings()[0]
    page = client.get(reverse("public:standings", args=[event.club.slug, event.pk])).content.decode()
    assert leader.entrant.names.replace("&", "&amp;") in page
    assert all(cell in page for cell in leader.cells) and leader.cells[0].startswith(("+", "-"))
    data = client.get(reverse("public:standings_json", args=[event.club.slug, event.pk])).json()
    assert leader.entrant.names in str(data["rows"][0])
    cards = client.get(reverse("public:scorecards", args=[event.club.slug, event.pk]))
    assert cards.status_code == 200
    projector = dora.get(f"/events/{event.pk}/projector.json").json()
    assert leader.entrant.names in str(projector)
