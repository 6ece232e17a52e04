"""The event page's next step (#30.2) for the nights whose sheets are not the partnership sheet:
Embers, Auction pairs and coöperative. Each is set up as the club night page does and walked
through its night (draft, game 1 in play, every sheet in, the last game, finished, released); at
every stage the page's one primary action and its line saying why are those of the README's
club-night table for that event type — and never a step the type does not have (an Auction pairs
night deals nothing; Embers and Auction pairs have no game sets nor hands to release)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.events.models import Event, Round
from director.events.selectors import NightFacts, next_step
from director.movements import services as movements
from director.results import services as results
from director.results.models import Submission

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

STEP = re.compile(r'id="next-step".*?class="(?:button )?big"[^>]*>([^<]*)<.*?id="next-step-why">([^<]*)<', re.S)


def shown(client, event) -> tuple[str, str]:
    page = client.get(reverse("events:detail", args=[event.pk])).content.decode()
    found = STEP.search(page)
    assert found, "no next step on the event page"
    return found[1].strip(), found[2].strip()


def night(club, players, **settings) -> Event:
    event = events.create_event(club=club, name="Night", date=datetime.date(2026, 11, 20), games=2, **settings)
    lineup.draw_partnerships(event=event, players=players[:8], seed=3, fix_directions=True)
    movements.seat_event(event=event)
    return event


def stand_in_sheets(event, game: int, director) -> None:
    """Every table's sheet of ``game`` confirmed, as the page counts them (its kind's sheet is not
    what the next step reads: only that each table has a confirmed one)."""
    round_ = event.rounds.get(number=game)
    for table in event.tables.filter(seatings__round=round_).distinct():
        Submission.objects.create(
            table=table, round=round_, version=1, sheet={}, majors=0, minors=0, net=0,
            status=Submission.Status.CONFIRMED, source=Submission.Source.DIRECTOR, submitted_by_user=director,
        )  # fmt: skip


def walk(client, event, director, *, before: list[tuple[str, str]], after: list[tuple[str, str]]):
    """The steps shown from draft to done: ``before`` (draft), then play, then ``after`` (finished)."""
    for label, why in before:
        got = shown(client, event)
        assert got[0] == label and why in got[1], got
        if label.startswith("Add the game sets"):
            deals.generate_game_sets(event=event, by=director)
    assert shown(client, event)[0] == "Start the event"
    events.start_event(event=event)
    assert shown(client, event) == ("Enter scores · game 1", "Game 1: tables 1, 2 have no confirmed sheet yet.")
    stand_in_sheets(event, 1, director)
    label, why = shown(client, event)
    assert label == "Close game 1…" and "close it, then game 2 starts" in why, (label, why)
    events.close_round(round=event.rounds.get(number=1))
    assert shown(client, event)[0] == "Enter scores · game 2"
    stand_in_sheets(event, 2, director)
    assert shown(client, event) == (
        "Finish the event…",
        "Every sheet of the last game (game 2) is in: finish the night.",
    )
    results.finish_event(event=event, force=True)
    for label, why in after:
        got = shown(client, event)
        assert got[0] == label and why in got[1], got
        if label.startswith("Release the hands"):
            Event.objects.filter(pk=event.pk).update(hands_released=True)
        elif label.startswith("Release the results"):
            Event.objects.filter(pk=event.pk).update(standings_released=True)
    assert shown(client, event) == (
        "See the results",
        "The night is finished and its results are public: nothing is left.",
    )
    assert Round.objects.filter(event=event, status=Round.Status.OPEN).count() == 0


RESULTS = [("Release the results…", "publish the standings")]


def test_an_embers_night_steps(client, club_a, players_a, director_a):
    client.force_login(director_a)
    event = night(club_a, players_a, game=Event.Game.EMBERS, embers_hands=4)
    walk(client, event, director_a, before=[], after=RESULTS)


def test_an_auction_pairs_night_steps(client, club_a, players_a, director_a):
    client.force_login(director_a)
    event = night(club_a, players_a, type="auction-pairs", auction={"hands": 4})
    walk(client, event, director_a, before=[], after=RESULTS)


def test_a_coop_night_steps(client, club_a, players_a, director_a):
    client.force_login(director_a)
    event = night(club_a, players_a, type=Event.Type.DUPLICATE_COOP)
    walk(
        client,
        event,
        director_a,
        before=[("Add the game sets", "Every table plays the same deals")],
        after=[("Release the hands…", "the hands they played"), *RESULTS],
    )


# The facts alone, per type (``next_step`` reads no database): what each type's facts give.
EMBERS = AUCTION_PAIRS = {"games": 2}  # no sets, no deals, seated whole
COOP = {"games": 2, "hands": "hands"}


@pytest.mark.parametrize(
    "facts,action,label",
    [
        (NightFacts(status="draft", seated=True, **EMBERS), "start", "Start the event"),
        (NightFacts(status="running", seated=True, current=1, current_tables=2, **EMBERS), "close", "Close game 1"),
        (NightFacts(status="finished", seated=True, **EMBERS), "release-results", "Release the results"),
        (NightFacts(status="draft", seated=True, **AUCTION_PAIRS), "start", "Start the event"),
        (
            NightFacts(status="running", seated=True, current=2, current_tables=2, current_missing=(2,), games=2),
            "scores",
            "Enter scores · game 2",
        ),
        (NightFacts(status="draft", seated=True, hands_ready=False, **COOP), "sets", "Add the game sets"),
        (NightFacts(status="running", seated=True, current=2, current_tables=2, **COOP), "finish", "Finish the event"),
        (NightFacts(status="finished", seated=True, **COOP), "release-hands", "Release the hands"),
        (NightFacts(status="finished", seated=True, hands_released=True, **COOP), "release-results", "Release the results")  # noqa: E501,
    ],
    ids=["embers-draft", "embers-close", "embers-finished", "auction-draft", "auction-scores",
         "coop-sets", "coop-finish", "coop-hands", "coop-results"],
)  # fmt: skip
def test_next_step_facts_per_type(facts, action, label):
    step = next_step(facts)
    assert (step.action, step.label) == (action, label), step
