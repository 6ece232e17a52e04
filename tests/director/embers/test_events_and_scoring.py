"""An Embers night's settings and its pads through the results services (scored by scoring.embers)."""

from __future__ import annotations

import copy
import datetime

import pytest

from director.core.errors import Conflict, ValidationError
from director.events import services as events
from director.events.models import Event, Round, Table
from director.results import services as results
from director.sheets.embers.kind import Kind as Embers
from director.sheets.embers.kind import pad_lines
from director.sheets.registry import kind_of
from scoring.embers_settings import EmbersSettings
from tests.director.embers.conftest import FINAL, PAD, hand
from tests.director.factories import net_sheet

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def _enter(event, pad, game=1, table=1, **kw):
    return results.enter_sheet(
        table=Table.objects.get(event=event, number=table),
        round=Round.objects.get(event=event, number=game),
        sheet=pad,
        **kw,
    )


def test_a_pad_is_stored_and_scored_as_worked_by_hand(embers_night, director_a):
    row = _enter(embers_night, PAD, by=director_a)
    assert (row.majors, row.minors, row.net) == (*FINAL, 1020)
    assert row.sheet == {"embers": PAD["embers"]}
    lines = pad_lines(row.sheet)
    assert [line["score"].totals for line in lines["hands"]] == [
        {"majors": 670, "minors": 120},
        {"majors": 1780, "minors": 760},
    ]
    assert lines["unfinished_points"] == {"S": 0, "H": 120, "D": 80, "C": 40}


def test_the_event_reads_pads_not_sheets_and_the_other_way(embers_night, club_a, players_a, director_a):
    assert kind_of(embers_night) == Embers(EmbersSettings(3, 1, 4))
    with pytest.raises(ValidationError, match="this is a Calypso scoresheet, but the night plays Embers"):
        _enter(embers_night, net_sheet(0))
    night = events.create_event(club=club_a, name="Calypso", date=datetime.date(2025, 5, 2), games=1)
    night.tables.create(number=1)
    with pytest.raises(ValidationError):
        results.enter_sheet(table=night.tables.get(), round=night.rounds.get(), sheet=PAD)


@pytest.mark.parametrize(
    ("pad", "words"),
    [
        ([], "an Embers pad is an object"),
        ({"embers": "lots"}, "embers must be a list"),
        ({"embers": []}, "the Embers pad has no hands"),
        ({"embers": [hand(piles=(26, 26))] * 5}, "has 5 hands, but this event plays at most 4 a game"),
        ({"embers": [7]}, "hand 1: a hand of the pad is an object, not int"),
        ({"embers": [hand(piles=(26, 25))]}, "hand 1: cards add up to 51, not the 52 dealt: 1 missing"),
        ({"embers": [{**hand(piles=(26, 26)), "calypsos": {"S": "x", "H": 0, "D": 0, "C": 0}}]}, "calypsos.S"),
        ({"embers": [hand(piles=(26, 26)), hand(unf=(13, 0, 0, 0), piles=(20, 19))]}, "hand 2: unfinished.S is 13"),
        ({"embers": [hand(piles=(10**40, 0))]}, "trick_piles.majors"),
        ({"embers": [hand(piles=(26, 26))], "note": 1}, "unknown field 'note'"),
    ],
)
def test_hostile_or_wrong_pads_are_refused_by_name_and_nothing_written(embers_night, pad, words):
    with pytest.raises(ValidationError) as error:
        _enter(embers_night, copy.deepcopy(pad))
    assert any(words in p for p in error.value.problems), error.value.problems
    assert not embers_night.tables.get(number=1).submissions.exists()


def test_embers_only_on_a_progressive_night_in_partnerships(club_a):
    day = datetime.date(2025, 5, 2)
    with pytest.raises(ValidationError, match="not at a duplicate pairs"):
        events.create_event(club=club_a, name="D", date=day, type=Event.Type.DUPLICATE_PAIRS, game="embers")
    with pytest.raises(ValidationError, match="in partnerships"):
        events.create_event(
            club=club_a, name="C", date=day, type=Event.Type.PROGRESSIVE_INDIVIDUAL, form="cutthroat", game="embers"
        )
    with pytest.raises(ValidationError, match="hands a game"):
        events.create_event(club=club_a, name="H", date=day, game="embers", embers_hands=13)
    with pytest.raises(ValidationError, match="the game"):
        events.create_event(club=club_a, name="G", date=day, game="poker")


def test_the_game_is_fixed_once_started(embers_running):
    with pytest.raises(Conflict, match="the game cannot change"):
        events.update_event(event=embers_running, game="calypso")
    with pytest.raises(Conflict, match="the hands a game cannot change"):
        events.update_event(event=embers_running, embers_hands=6)


def test_the_tally_reads_the_pads_totals(embers_night, director_a):
    from director.standings.selectors import event_results

    _enter(embers_night, PAD, by=director_a)
    play = event_results(embers_night).plays[(1, 1)]
    assert (play.majors.score, play.majors.net, play.minors.net) == (1900, 1020, -1020)


def test_the_new_night_form_sets_up_an_embers_night_or_says_why_not(client, director_a, club_a, players_a):
    from tests.director.conftest import PASSWORD
    from tests.director.web.test_forms import errors_of, new_event

    client.login(username="dora", password=PASSWORD)
    players = [str(p.pk) for p in players_a[:8]]
    refused = new_event(client, club_a, players=players, type="duplicate-pairs", game="embers", embers_hands="3")
    assert refused.status_code == 400
    assert errors_of(refused, "game") == [
        "Embers is played at a progressive night's tables, not at a duplicate pairs (matchpoints) event"
    ]
    too_many = new_event(client, club_a, players=players, game="embers", embers_hands="13")
    assert errors_of(too_many, "embers_hands")
    assert not Event.objects.exists()
    made = new_event(client, club_a, players=players, game="embers", embers_hands="4")
    assert made.status_code == 302
    event = Event.objects.get()
    assert (event.game, event.embers_hands) == ("embers", 4)


def test_an_embers_individual_night_never_seats_a_table_of_three_or_two(client, director_a, club_a, players_a):
    """Embers is played by four in partnerships: seven players (a four and a three), or two or three,
    cannot play an Embers individual night. Before, the night was set up with a table of three whose
    phone showed the Embers pad while the server took only a three-handed Calypso sheet (a cutthroat
    sheet stored in an Embers night's tally)."""
    from director.events.models import Seating
    from tests.director.conftest import PASSWORD
    from tests.director.factories import small_night
    from tests.director.web.test_forms import errors_of, new_event

    for count in (7, 3, 2):
        with pytest.raises(ValidationError, match="an Embers night cannot seat a table of three or two"):
            small_night(club_a, players_a[:count], game="embers")
    assert not Event.objects.exists() and not Seating.objects.exists()

    client.login(username="dora", password=PASSWORD)
    players = [str(p.pk) for p in players_a[:7]]
    refused = new_event(client, club_a, players=players, type="progressive-individual", game="embers")
    assert refused.status_code == 400
    assert "an Embers night cannot seat a table of three or two" in " ".join(errors_of(refused, "players"))
    assert not Event.objects.exists()

    eight = small_night(club_a, players_a[:8], game="embers")  # two tables of four: Embers as set up
    assert eight.game == "embers" and eight.tables.count() == 2
    seven = small_night(club_a, players_a[:7], allow_twin=True)  # a Calypso night of seven: a table of three
    with pytest.raises(Conflict, match="an Embers night cannot seat a table of three or two"):
        events.update_event(event=seven, game="embers")
    seven.refresh_from_db()
    assert seven.game == "calypso"
