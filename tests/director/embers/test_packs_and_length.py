"""#32 points 1–3 at the club: an Embers night's packs (3–6) and fire hands (1 to packs − 2) are its
settings, checked in one place (the embers kind's night.py through EmbersSettings.check), and its
pads are checked with them; a game shorter than four hands needs the director's reason (audited),
an odd number of hands is warned of on the event page. Each figure below is worked by hand."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from director.audit.models import AuditEntry
from director.core.errors import ValidationError
from director.events import services as events
from director.events.models import Event, Round, Table
from director.results import services as results
from director.sheets.registry import kind_of
from tests.director.api.helpers import client_for
from tests.director.conftest import PASSWORD
from tests.director.embers.conftest import hand

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

DAY = datetime.date(2025, 5, 2)


def _enter(event, pad):
    return results.enter_sheet(
        table=Table.objects.get(event=event, number=1), round=Round.objects.get(event=event, number=1), sheet=pad
    )


def _night_named(club, name, **settings):
    event = events.create_event(club=club, name=name, date=DAY, games=1, game="embers", **settings)
    event.tables.create(number=1)
    return event


def _night(club, **settings):
    return _night_named(club, "Embers", **settings)


# ♠ completes three calypsoes in hand 1 (39 cards) and holds 1 in progress; piles 6 + 6:
# 39 + 1 + 12 = 52 dealt. Three packs hold 39 spades: 40 is one too many; four packs hold 52.
THREE_IN_ONE = {"embers": [hand(cal=(3, 0, 0, 0), unf=(1, 0, 0, 0), piles=(6, 6))]}

# ♠ completes two calypsoes in each of hands 1 and 2 (26 + 13 + 13 = 52 a hand) and one in hand 3
# (13 + 39 in piles). Nothing goes back to the pack before the end of the first ember hand: with
# four packs and two fire hands that is hand 3, by which ♠ has completed 5 × 13 = 65 spades of the
# 52 there are; with one fire hand the two of hand 1 went back at the end of hand 2, so it adds up.
FIVE_BY_HAND_3 = {
    "embers": [
        hand(cal=(2, 0, 0, 0), piles=(13, 13)),
        hand(cal=(2, 0, 0, 0), piles=(13, 13)),
        hand(cal=(1, 0, 0, 0), piles=(20, 19)),
        hand(piles=(26, 26)),
    ]
}


def test_the_pads_follow_the_nights_packs(club_a):
    three = _night(club_a)
    with pytest.raises(ValidationError) as error:
        _enter(three, THREE_IN_ONE)
    assert any("there are only 39" in p for p in error.value.problems), error.value.problems
    four = _night_named(club_a, "Four packs", embers_packs=4)
    assert kind_of(four).settings.per_suit == 52
    row = _enter(four, THREE_IN_ONE)
    assert (row.majors, row.minors) == (500 + 750 + 1000 + 60 + 20, 60)


def test_the_pads_follow_the_nights_fire_hands(club_a):
    two_fire = _night_named(club_a, "Two fire hands", embers_packs=4, embers_fire_hands=2)
    with pytest.raises(ValidationError) as error:
        _enter(two_fire, FIVE_BY_HAND_3)
    assert any(
        "hand 3: S: 5 calypsos since hand 1 (none goes back to the pack before the end of hand 3)" in p
        for p in error.value.problems
    ), error.value.problems
    one_fire = _night_named(club_a, "One fire hand", embers_packs=4, embers_fire_hands=1)
    assert _enter(one_fire, FIVE_BY_HAND_3).majors > 0


@pytest.mark.parametrize(
    ("given", "field", "words"),
    [
        ({"embers_packs": 7}, "embers_packs", "the packs"),
        ({"embers_packs": 2}, "embers_packs", "the packs"),
        ({"embers_packs": 4, "embers_fire_hands": 3}, "embers_fire_hands", "with 4 packs a game has 1 to 2"),
        ({"embers_fire_hands": 2}, "embers_fire_hands", "with 3 packs a game has 1 to 1"),
        ({"embers_hands": 3}, "embers_hands", "four hands is the bare minimum"),
        ({"embers_packs": 6, "embers_fire_hands": 4, "embers_hands": 4}, "embers_hands", "no ember hand"),
    ],
)
def test_settings_that_cannot_be_played_are_refused_by_name(club_a, given, field, words):
    with pytest.raises(ValidationError, match=words) as error:
        events.create_event(club=club_a, name="E", date=DAY, game="embers", **given)
    assert error.value.field == field
    assert not Event.objects.exists()


def test_the_database_keeps_the_same_limits(club_a):
    event = _night(club_a)
    for bad in ({"embers_packs": 7}, {"embers_packs": 4, "embers_fire_hands": 3}, {"embers_hands": 3}):
        with pytest.raises(IntegrityError), transaction.atomic():
            Event.objects.filter(pk=event.pk).update(**bad)
    Event.objects.filter(pk=event.pk).update(embers_hands=3, embers_short_reason="last game before closing")


def test_a_short_game_needs_the_directors_reason_and_the_override_is_audited(club_a, director_a):
    with pytest.raises(ValidationError, match="give a reason to allow it"):
        events.create_event(club=club_a, name="Short", date=DAY, game="embers", embers_hands=2)
    event = events.create_event(
        club=club_a, name="Short", date=DAY, game="embers", embers_hands=2, embers_short_reason="a late start"
    )
    entry = AuditEntry.objects.get(event=event, action="events.embers_short_game")
    assert entry.note == "a late start" and entry.after == {"embers_hands": 2, "embers_fire_hands": 1}
    from director.audit.sentences import SENTENCES

    said = SENTENCES[entry.action](entry).sentence
    assert said == "Allowed an Embers game of 2 hands, under the rules' bare minimum of four: “a late start”."
    events.update_event(event=event, embers_short_reason="a late start")  # unchanged: not logged again
    events.update_event(event=event, embers_short_reason="the hall closes at ten")
    assert list(
        AuditEntry.objects.filter(action="events.embers_short_game").order_by("pk").values_list("note", flat=True)
    ) == ["a late start", "the hall closes at ten"]
    with pytest.raises(ValidationError, match="bare minimum"):
        events.update_event(event=event, embers_short_reason="")
    # a game of four or more needs no reason and logs none
    events.create_event(club=club_a, name="Long", date=DAY, game="embers", embers_hands=6)
    assert AuditEntry.objects.filter(action="events.embers_short_game").count() == 2


def test_an_odd_number_of_hands_is_warned_of_on_the_event_page_not_refused(client, club_a, director_a):
    odd = events.create_event(club=club_a, name="Odd", date=DAY, game="embers", embers_hands=5, embers_packs=4)
    client.login(username="dora", password=PASSWORD)
    page = client.get(reverse("events:detail", args=[odd.pk])).content.decode()
    assert 'id="embers-warnings"' in page and "hands is 5: an odd number of hands; an even number is ideal" in page
    assert "4 packs (208 cards), 1 fire hand, 5 hands" in page
    even = events.create_event(club=club_a, name="Even", date=DAY, game="embers", embers_hands=6)
    assert 'id="embers-warnings"' not in client.get(reverse("events:detail", args=[even.pk])).content.decode()


def test_the_new_night_form_takes_packs_fire_hands_and_a_reason(client, director_a, club_a, players_a):
    from tests.director.web.test_forms import errors_of, new_event

    client.login(username="dora", password=PASSWORD)
    players = [str(p.pk) for p in players_a[:8]]
    short = new_event(client, club_a, players=players, game="embers", embers_hands="3")
    assert short.status_code == 400 and "bare minimum" in " ".join(errors_of(short, "embers_hands"))
    fire = new_event(client, club_a, players=players, game="embers", embers_packs="4", embers_fire_hands="3")
    assert "with 4 packs a game has 1 to 2" in " ".join(errors_of(fire, "embers_fire_hands"))
    assert not Event.objects.exists()
    made = new_event(
        client,
        club_a,
        players=players,
        game="embers",
        embers_hands="3",
        embers_packs="5",
        embers_fire_hands="3",
        embers_short_reason="a short evening",
    )
    assert made.status_code == 302
    event = Event.objects.get()
    assert (event.embers_packs, event.embers_fire_hands, event.embers_hands) == (5, 3, 3)
    assert AuditEntry.objects.filter(event=event, action="events.embers_short_game", note="a short evening").exists()


def test_the_api_sets_packs_and_fire_hands(club_a, director_a):
    api = client_for(director_a)
    base = {"club": club_a.pk, "date": "2025-05-02", "game": "embers"}
    made = api.post("/api/events/", {**base, "name": "A", "embers_packs": 5, "embers_fire_hands": 3}, format="json")
    assert made.status_code == 201, made.content
    assert (made.json()["embers_packs"], made.json()["embers_fire_hands"]) == (5, 3)
    refused = api.post("/api/events/", {**base, "name": "B", "embers_hands": 2}, format="json")
    assert refused.status_code == 400 and "embers_hands" in refused.json()
