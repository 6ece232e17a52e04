import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.core.management.base import CommandError

from director.clubs.models import Club, Player
from director.deals.models import GameSet
from director.demo.management.commands import demo
from director.events.models import Event
from director.results.models import Submission
from director.results.selectors import partnership_games
from scoring.auction import score_pad
from scoring.scores import check_sheet

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def run(*args) -> str:
    out = io.StringIO()
    call_command("demo", *args, stdout=out)
    return out.getvalue()


def snapshot():
    return sorted(
        (s.round.event.name, s.round.number, s.table.number, s.majors, s.minors)
        for s in Submission.objects.select_related("round__event", "table")
    )


@pytest.mark.django_db
def test_demo_loads_a_club_night_and_prints_the_sign_in():
    output = run()
    assert f"username: {demo.USERNAME}" in output and f"password: {demo.PASSWORD}" in output
    assert authenticate(username=demo.USERNAME, password=demo.PASSWORD) is not None
    club = Club.objects.get(slug="demo")
    assert Player.objects.filter(club=club).count() == 20

    night = Event.objects.get(club=club, type="progressive-pairs")
    assert (night.status, night.tables.count(), night.rounds.count()) == ("finished", 5, 5)
    assert Submission.objects.filter(round__event=night, status="confirmed").count() == 25
    dup = Event.objects.get(club=club, type="duplicate-pairs")
    assert GameSet.objects.filter(event=dup, complete=True).count() == 5
    assert dup.set_file.commitment and dup.set_file.seed_revealed
    assert Submission.objects.filter(round__event=dup, status="confirmed").count() == 20
    match = Event.objects.get(club=club, type="duplicate-teams")
    assert match.teams.count() == 2 and match.partnerships.filter(team__isnull=False).count() == 4

    auction = Event.objects.get(club=club, type="auction-pairs")
    assert (auction.status, auction.tables.count(), auction.auction_settings.hands) == ("finished", 3, 4)
    pads = Submission.objects.filter(round__event=auction, status="confirmed")
    assert pads.count() == 9
    for pad in pads:  # every pad scores to the totals its row holds
        totals = score_pad(pad.sheet["hands"])[-1][1]
        assert len(pad.sheet["hands"]) == 4 and (pad.majors, pad.minors) == (totals["majors"], totals["minors"])

    for submission in Submission.objects.exclude(round__event=auction):
        assert check_sheet(submission.sheet) == []  # every Calypso sheet adds up to 208
    for event in (night, dup, match, auction):
        assert sum(game.net for game in partnership_games(event)) == 0  # the tally cross-check
    # Each duplicate set is played by several tables in the same direction.
    sets = [g.game_set for g in partnership_games(dup) if g.direction == "majors"]
    assert all(sets.count(n) >= 3 for n in set(sets))


@pytest.mark.django_db
def test_demo_is_deterministic_and_if_empty_does_nothing():
    run()
    first = snapshot()
    assert "not loaded" in run("--if-empty")
    assert snapshot() == first
    with pytest.raises(CommandError, match="--reset"):
        run()
    run("--reset")
    assert snapshot() == first
