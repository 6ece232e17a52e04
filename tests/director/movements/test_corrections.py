"""A corrected sheet that later seating was drawn from (#30): the save says which later games were
seated from the old result and who would have sat elsewhere; the director keeps or re-seats; the
audit log records the choice; scores follow the corrected sheet either way."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.audit.models import AuditEntry
from director.events import services as events
from director.events.models import Round
from director.movements import corrections
from director.movements import services as ms
from director.results.models import Submission
from scoring import movements as mv

from .conftest import SHEETS, make_event
from .test_services import enter, stored

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated_two(club_a, many_players, director_a):
    """A 12-player individual: game 1 all majors, closed, game 2 seated from it."""
    event = make_event(club_a, many_players, type="progressive-individual", games=3)
    ms.build_movement(event=event, players=many_players[:12], seed=7)
    events.start_event(event=event)
    enter(event, 1, {1: "majors", 2: "majors", 3: "majors"}, by=director_a)
    events.close_round(round=event.rounds.get(number=1))
    ms.compute_next_round(event=event)
    return event


def expected_game_two(event, winners):
    movement = stored(event)
    redo = mv.progressive_individual_next(
        mv.edit.drop_after(movement.copy(), 1), winners, variant=event.individual_movement, odd=event.odd_tables
    )
    return redo


def test_no_notice_when_the_winner_is_the_same(seated_two, director_a):
    enter(seated_two, 1, {1: "majors"}, by=director_a)  # a new version, the same winner
    assert corrections.seating_notice(seated_two, 1) is None


def test_notice_names_the_later_games_and_who_would_sit_elsewhere(seated_two, director_a):
    before = stored(seated_two)
    enter(seated_two, 1, {1: "minors"}, by=director_a)
    notice = corrections.seating_notice(seated_two, 1)
    assert notice is not None and notice.later == [2] and notice.tables == [1] and not notice.started
    redo = expected_game_two(seated_two, {1: -1000, 2: 1000, 3: 1000})
    moved = {p for p in before.units() if before.where(p, 2).table != redo.where(p, 2).table}
    assert moved and len(notice.moves) == len(moved)
    for move in notice.moves:
        assert move.name in notice.text
    assert "game 1's old result at table 1" in notice.text


def test_the_score_entry_page_says_so_and_asks_then_reseat_is_logged(client, seated_two, director_a):
    client.force_login(director_a)
    event = seated_two
    page = reverse("results:entry", args=[event.pk, 1])
    standing = Submission.objects.get(table__event=event, table__number=1, round__number=1, status="confirmed")
    data = {"t1-version": standing.version, "t1-status": "confirmed"}
    table = event.tables.get(number=1)
    form = _form_values(event, 1, SHEETS["minors"])
    response = client.post(page, {**data, **form})
    assert response.status_code == 302
    assert response["Location"] == reverse("movements:correction", args=[event.pk, 1])
    assert AuditEntry.objects.filter(event=event, action="movements.correction_seating").count() == 1
    shown = client.get(response["Location"])
    assert b"Re-seat game 2" in shown.content and b"would-move" in shown.content
    # Scores follow the corrected sheet already.
    assert Submission.objects.get(table=table, round__number=1, status="confirmed").net < 0
    client.post(response["Location"], {"choice": "reseat"})
    redo = expected_game_two(event, {1: -1000, 2: 1000, 3: 1000})
    assert stored(event).rounds[1] == redo.rounds[1]
    assert AuditEntry.objects.filter(event=event, action="movements.correction_reseat").count() == 1
    assert corrections.seating_notice(event, 1) is None


def test_keep_is_logged_and_the_seating_stays(client, seated_two, director_a):
    client.force_login(director_a)
    before = stored(seated_two)
    enter(seated_two, 1, {1: "minors"}, by=director_a)
    response = client.post(reverse("movements:correction", args=[seated_two.pk, 1]), {"choice": "keep"})
    assert response.status_code == 302
    assert stored(seated_two).rounds == before.rounds
    entry = AuditEntry.objects.get(event=seated_two, action="movements.correction_kept")
    assert entry.after["choice"] == "kept"


def test_once_the_next_game_has_results_only_keep_is_offered(client, seated_two, director_a):
    client.force_login(director_a)
    enter(seated_two, 2, {1: "majors"}, by=director_a)  # game 2 under way
    enter(seated_two, 1, {1: "minors"}, by=director_a)
    notice = corrections.seating_notice(seated_two, 1)
    assert notice.started and "stays as played" in notice.text
    before = stored(seated_two)
    response = client.post(reverse("movements:correction", args=[seated_two.pk, 1]), {"choice": "reseat"})
    assert response.status_code == 200 and b"has started" in response.content
    assert stored(seated_two).rounds == before.rounds


def test_the_api_answers_with_the_notice(seated_two, director_a):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(director_a)
    table = seated_two.tables.get(number=1)
    round_obj = seated_two.rounds.get(number=1)
    response = client.post(
        "/api/results/", {"table": table.pk, "round": round_obj.pk, "sheet": SHEETS["minors"]}, format="json"
    )
    assert response.status_code == 201, response.content
    seating = response.json()["seating"]
    assert seating["seated_from_old_result"] == [2] and seating["would_sit_elsewhere"]
    assert seating["can_reseat"] is True
    assert AuditEntry.objects.filter(event=seated_two, action="movements.correction_seating").count() == 1


def _form_values(event, number, sheet):
    from director.sheets.registry import kind_of

    kind = kind_of(event)  # tables of four
    return {k: str(v) for k, v in kind.values(sheet, f"t{number}-").items()}


# --- every later game seated, not only game n+1 (#30) ---------------------------------------------------
@pytest.fixture
def seated_three(seated_two, director_a):
    """``seated_two`` played on: game 2 all majors, closed, game 3 seated from it (not started)."""
    event = seated_two
    enter(event, 2, {1: "majors", 2: "majors", 3: "majors"}, by=director_a)
    events.close_round(round=event.rounds.get(number=2))
    ms.compute_next_round(event=event)
    assert len(stored(event).rounds) == 3
    return event


def test_a_game_drawn_from_a_game_played_as_seated_is_said_to_stand(seated_three, director_a):
    before = stored(seated_three)
    enter(seated_three, 1, {1: "minors"}, by=director_a)
    notice = corrections.seating_notice(seated_three, 1)
    assert [g.number for g in notice.games] == [2, 3]
    assert notice.started and notice.later == [2] and notice.reseated == []
    assert notice.games[1].stands and notice.games[1].moves == []
    assert notice.text.startswith("Game 2 was seated from game 1's old result")
    assert "Game 3 was seated from game 2 as played, so it stands." in notice.text
    assert notice.as_dict()["later_games"][1] == {"game": 3, "started": False, "stands": True,
                                                  "would_sit_elsewhere": []}  # fmt: skip
    assert stored(seated_three).rounds == before.rounds


def test_reseating_covers_every_later_game_not_started(client, seated_three, director_a):
    """Games 2 and 3 seated and neither started: a correction of game 1 reaches both — game 2 from
    the corrected result, game 3 only once game 2 has results again — and re-seating says and does
    both, and the log says so. The services never leave a night so (any sheet of game 2, even one
    withdrawn, marks it started), so game 2's sheets are taken out of the database here, as a
    repair by hand would."""
    event = seated_three
    Submission.objects.filter(round__event=event, round__number=2).delete()
    Round.objects.filter(event=event, number=2).update(status=Round.Status.OPEN, closed_at=None)
    enter(event, 1, {1: "minors"}, by=director_a)
    notice = corrections.seating_notice(event, 1)
    assert notice.later == [2, 3] and notice.reseated == [2, 3] and not notice.started
    assert notice.games[0].moves and notice.games[1].moves is None
    assert "Games 2 and 3 were seated from game 1's old result" in notice.text
    assert "re-seating game 2 takes its seating away" in notice.text
    assert "re-seat games 2 and 3 from the corrected results" in notice.text
    client.force_login(director_a)
    url = reverse("movements:correction", args=[event.pk, 1])
    page = client.get(url).content.decode()
    assert 'id="later-games"' in page and "Game 3 was seated from game 2&#x27;s results" in page
    client.post(url, {"choice": "reseat"})
    movement = stored(event)
    redo = expected_game_two(event, {1: -1000, 2: 1000, 3: 1000})
    assert len(movement.rounds) == 2 and movement.rounds[1] == redo.rounds[1]
    assert not event.rounds.get(number=3).seatings.exists()
    entry = AuditEntry.objects.get(event=event, action="movements.correction_reseat")
    assert entry.after["reseats"] == [2, 3] and "Game 3 no longer seated" in entry.note
