"""A director only ever sees and changes their own clubs' data: every endpoint and method, tried
by the other club's director (404, nothing written), by a signed-in user who directs nothing
(404), anonymously (401/403), and by the club's own director (the expected success or, where the
object's state forbids it, the domain's 4xx — proving the object was reachable)."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from director.clubs.models import Player
from director.events.models import Event, Partnership, Table
from director.results.models import Submission
from scoring import gamesets

from .helpers import World, results_of, snapshot

SHARED_WORLDS = True  # conftest.py: both worlds built once for the module


def _file(n=2, seed="ab" * 16):
    return gamesets.game_sets_to_json(gamesets.deal_game_sets(n, seed), seed)


# (method, url (formatted with the world), body (a function of the world), the owner's status)
CASES = [
    ("get", "/api/clubs/{w.club.pk}/", None, 200),
    ("get", "/api/clubs/{w.club.pk}/directors/", None, 200),
    ("get", "/api/players/{w.player.pk}/", None, 200),
    ("patch", "/api/players/{w.player.pk}/", lambda w: {"name": "Renamed Player"}, 200),
    ("post", "/api/players/", lambda w: {"club": w.club.pk, "name": "New Member"}, 201),
    ("post", "/api/players/import/", lambda w: {"club": w.club.pk, "csv": "name\nCsv Member\n"}, 201),
    ("get", "/api/seasons/{w.season.pk}/", None, 200),
    ("post", "/api/seasons/", lambda w: {"club": w.club.pk, "name": "2026"}, 201),
    ("get", "/api/events/{w.event.pk}/", None, 200),
    ("patch", "/api/events/{w.event.pk}/", lambda w: {"name": "Renamed", "standings_released": True}, 200),
    ("post", "/api/events/", lambda w: {"club": w.club.pk, "name": "Friday", "date": "2025-04-04"}, 201),
    ("post", "/api/events/{w.event.pk}/start/", None, 409),  # already running
    ("post", "/api/events/{w.event.pk}/finish/", None, 409),  # games 2 and 3 have no results
    ("post", "/api/events/{w.event.pk}/finish/", lambda w: {"force": True}, 200),
    ("post", "/api/events/{w.event.pk}/reopen/", None, 409),  # not finished
    ("post", "/api/events/{w.event.pk}/table-count/", lambda w: {"count": 3}, 200),
    ("post", "/api/events/{w.dup.pk}/draw-partnerships/", lambda w: {"players": [p.pk for p in w.spare_players]}, 201),
    ("post", "/api/events/{w.event.pk}/seat/", None, 409),  # game 1 has results: its seating is fixed
    ("post", "/api/events/{w.event.pk}/seat-progressive/", None, 409),  # the deprecated alias of seat
    ("get", "/api/events/{w.event.pk}/grid/", None, 200),
    ("get", "/api/events/{w.event.pk}/standings/", None, 200),
    ("get", "/api/events/{w.event.pk}/travellers/", None, 200),
    ("get", "/api/events/{w.event.pk}/game-set-file/", None, 200),
    ("get", "/api/events/{w.event.pk}/auction-deals/", None, 400),  # not an Auction team match
    ("post", "/api/events/{w.event.pk}/auction-deals/", None, 400),
    # A progressive night plays no game set at a table: its own director's 404 names the event
    # (tests/director/standings/test_api_figures.py reads a duplicate event's traveller).
    ("get", "/api/events/{w.event.pk}/travellers/?set={w.game_set.number}", None, 404),
    ("post", "/api/events/{w.event.pk}/reveal-seed/", None, 200),
    ("post", "/api/events/{w.event.pk}/release-hands/", lambda w: {"released": True}, 200),
    ("get", "/api/tables/{w.table.pk}/", None, 200),
    ("post", "/api/tables/", lambda w: {"event": w.event.pk}, 201),
    ("post", "/api/tables/{w.table.pk}/reissue-token/", None, 200),
    ("get", "/api/rounds/{w.round.pk}/", None, 200),
    ("post", "/api/rounds/{w.round.pk}/close/", None, 200),
    ("post", "/api/rounds/{w.round.pk}/reopen/", None, 409),  # open
    ("get", "/api/partnerships/{w.partnership.pk}/", None, 200),
    (
        "post",
        "/api/partnerships/",
        lambda w: {"event": w.event.pk, "players": [p.pk for p in w.spare_players[:2]]},
        201,
    ),
    (
        "patch",
        "/api/partnerships/{w.spare_partnership.pk}/",
        lambda w: {"players": [p.pk for p in w.spare_players[:2]]},
        200,
    ),
    (
        "patch",
        "/api/partnerships/{w.partnership.pk}/",
        lambda w: {"players": [p.pk for p in w.spare_players[:2]]},
        409,  # it has results
    ),
    ("delete", "/api/partnerships/{w.spare_partnership.pk}/", None, 204),
    ("get", "/api/teams/{w.team.pk}/", None, 200),
    (
        "post",
        "/api/teams/",
        lambda w: {"event": w.event.pk, "name": "Pelicans", "partnerships": [w.spare_partnership.pk]},
        201,
    ),
    ("get", "/api/game-sets/{w.game_set.pk}/", None, 200),
    ("patch", "/api/game-sets/{w.game_set.pk}/", lambda w: {"orientation": "SCHD"}, 200),
    ("delete", "/api/game-sets/{w.game_set.pk}/", None, 204),
    ("get", "/api/game-sets/{w.game_set.pk}/recording/", None, 200),
    ("post", "/api/game-sets/{w.game_set.pk}/fill-last-hand/", None, 400),  # 14 hands still empty
    (
        "post",
        "/api/game-sets/record-hand/",
        lambda w: {"event": w.dup.pk, "number": 1, "deal": 1, "seat": "H", "text": "S 2 H 3"},
        200,
    ),
    ("post", "/api/game-sets/generate/", lambda w: {"event": w.dup.pk, "replace": True}, 201),
    ("post", "/api/game-sets/import/", lambda w: {"event": w.dup.pk, "file": _file(), "replace": True}, 201),
    ("get", "/api/results/{w.submission.pk}/", None, 200),
    ("get", "/api/results/{w.submission.pk}/history/", None, 200),
    ("post", "/api/results/{w.submission.pk}/confirm/", lambda w: {}, 200),
    ("post", "/api/results/{w.submission.pk}/dispute/", lambda w: {}, 409),  # confirmed, not awaiting
    ("post", "/api/results/", lambda w: {"table": w.table.pk, "round": w.round.pk, "sheet": SHEET}, 201),
    ("post", "/api/results/withdraw/", lambda w: {"table": w.table.pk, "round": w.round.pk}, 200),
    ("get", "/api/events/{w.event.pk}/tally-check/", None, 200),
    ("post", "/api/events/{w.event.pk}/tally-check/", lambda w: {"cards": {"1": {"games": {"1": "+10"}}}}, 200),
    ("get", "/api/artificial-scores/{w.artificial.pk}/", None, 200),
    (
        "post",
        "/api/artificial-scores/",
        lambda w: {"event": w.event.pk, "game": 1, "table": 2, "direction": "minors", "code": "A+", "reason": "slow"},
        201,
    ),
    ("post", "/api/artificial-scores/{w.artificial.pk}/withdraw/", lambda w: {"reason": "wrong table"}, 200),
    ("get", "/api/fouled-sets/{w.fouling.pk}/", None, 200),
    (
        "post",
        "/api/fouled-sets/",
        lambda w: {"event": w.event.pk, "game_set": 1, "groups": [[[1, 1]]], "reason": "a card fell"},
        400,  # one group is no fouling
    ),
    ("post", "/api/fouled-sets/{w.fouling.pk}/withdraw/", lambda w: {}, 200),
    ("get", "/api/print-jobs/{w.print_job.pk}/", None, 200),
    ("post", "/api/print-jobs/", lambda w: {"event": w.event.pk, "kind": "results"}, 201),
    ("get", "/api/print-jobs/{w.print_job.pk}/download/", None, 200),
    ("get", "/api/audit-entries/{w.audit_entry.pk}/", None, 200),
]
SHEET = {
    "calypsos": {"S": 0, "H": 1, "D": 0, "C": 0},
    "unfinished": {"S": 4, "H": 4, "D": 4, "C": 4},
    "trick_piles": {"majors": 100, "minors": 79},
}
LISTS = [
    "/api/clubs/",
    "/api/players/",
    "/api/seasons/",
    "/api/events/",
    "/api/tables/",
    "/api/rounds/",
    "/api/partnerships/",
    "/api/teams/",
    "/api/game-sets/",
    "/api/results/",
    "/api/artificial-scores/",
    "/api/fouled-sets/",
    "/api/print-jobs/",
    "/api/audit-entries/",
]
METHODS = ("get", "post", "put", "patch", "delete")
IDS = [f"{method.upper()} {url}" for method, url, _, _ in CASES]


def _call(client, method: str, url: str, world: World, body):
    data = body(world) if body else None
    return getattr(client, method)(url.format(w=world), data=data, format="json")


def test_every_operation_of_the_schema_is_covered():
    """A new endpoint must be added to CASES (or LISTS): compare with the schema's operations."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = {(m, path) for path, item in schema["paths"].items() for m in item if m in METHODS}
    operations = {(m, re.sub(r"\{[a-z_]+\}", "{}", path)) for m, path in operations}  # {id}, {event_id}, {number}
    covered = {(m, re.sub(r"\{w\.[a-z_.]+\}", "{}", url)) for m, url, _, _ in CASES}
    covered |= {("get", url) for url in LISTS}
    # No club's object involved: signing in and out, checking a sheet, creating a new club.
    covered |= {("post", "/api/auth/token/"), ("post", "/api/auth/token/revoke/"), ("post", "/api/results/check/")}
    covered |= {("post", "/api/clubs/")}
    assert sorted(operations - covered) == []


@pytest.mark.parametrize(("method", "url", "body", "expected"), CASES, ids=IDS)
def test_the_other_clubs_director_gets_404_and_changes_nothing(api_a, world_a, world_b, method, url, body, expected):
    before = snapshot()
    response = _call(api_a, method, url, world_b, body)
    assert response.status_code == 404, response.content
    assert snapshot() == before


@pytest.mark.parametrize(("method", "url", "body", "expected"), CASES, ids=IDS)
def test_a_user_who_directs_nothing_gets_404(api_player, world_b, method, url, body, expected):
    before = snapshot()
    assert _call(api_player, method, url, world_b, body).status_code == 404
    assert snapshot() == before


@pytest.mark.parametrize(("method", "url", "body", "expected"), CASES, ids=IDS)
def test_anonymous_is_refused(anon, world_b, method, url, body, expected):
    before = snapshot()
    assert _call(anon, method, url, world_b, body).status_code == 401
    assert snapshot() == before


@pytest.mark.parametrize(("method", "url", "body", "expected"), CASES, ids=IDS)
def test_the_clubs_own_director_succeeds(api_b, world_a, world_b, method, url, body, expected):
    before_a = [row for rows in snapshot() for row in rows if _belongs_to_a(row, world_a)]
    response = _call(api_b, method, url, world_b, body)
    assert response.status_code == expected, response.content
    if expected >= 400:
        assert "detail" in response.json() or response.json(), response.content
    # Club A's rows are untouched by anything club B's director does.
    assert [row for rows in snapshot() for row in rows if _belongs_to_a(row, world_a)] == before_a


def _belongs_to_a(row: dict, world: World) -> bool:
    return row.get("club_id") == world.club.pk or row.get("event_id") in (world.event.pk, world.dup.pk)


@pytest.mark.parametrize("url", LISTS)
def test_lists_show_only_your_clubs(api_a, world_a, world_b, url):
    response = api_a.get(url, {"page_size": 200})
    assert response.status_code == 200
    rows = results_of(response)
    assert rows, "club A has some of these"
    for row in rows:
        club = row.get("club")
        event = row.get("event")
        assert club in (None, world_a.club.pk) and (row.get("id") != world_b.club.pk or url != "/api/clubs/")
        assert event in (None, world_a.event.pk, world_a.dup.pk)


@pytest.mark.parametrize("url", LISTS)
def test_filtering_by_the_other_club_finds_nothing(api_a, world_a, world_b, url):
    params = {"club": world_b.club.pk, "event": world_b.event.pk}
    response = api_a.get(url, params)
    assert response.status_code == 200
    if url != "/api/clubs/":
        assert results_of(response) == []


@pytest.mark.parametrize("url", LISTS)
def test_lists_are_empty_for_a_user_who_directs_nothing_and_refused_anonymously(api_player, anon, world_b, url):
    assert results_of(api_player.get(url)) == []
    assert anon.get(url).status_code == 401


def test_results_check_needs_a_director(anon, api_a):
    body = {"sheet": SHEET}
    assert anon.post("/api/results/check/", body, format="json").status_code == 401
    assert api_a.post("/api/results/check/", body, format="json").status_code == 200


def test_reverse_names_resolve():
    assert reverse("api:schema") == "/api/schema/"
    assert reverse("api:docs") == "/api/docs/"
    assert reverse("api:event-detail", args=[1]) == "/api/events/1/"


def test_owner_writes_really_landed(api_b, world_b):
    """Spot checks that the owner's 2xx writes above did what they said."""
    assert _call(api_b, "patch", "/api/players/{w.player.pk}/", world_b, lambda w: {"name": "Zed"}).status_code == 200
    assert Player.objects.get(pk=world_b.player.pk).name == "Zed"
    refused = _call(api_b, "post", "/api/events/{w.event.pk}/finish/", world_b, None)
    assert refused.status_code == 409 and "games 2, 3 have no results" in refused.json()["unfinished"][0]
    assert Event.objects.get(pk=world_b.event.pk).status == "running"
    forced = _call(api_b, "post", "/api/events/{w.event.pk}/finish/", world_b, lambda w: {"force": True})
    assert forced.status_code == 200
    assert Event.objects.get(pk=world_b.event.pk).status == "finished"
    assert _call(api_b, "post", "/api/tables/", world_b, lambda w: {"event": w.event.pk}).json()["number"] == 3
    assert Table.objects.filter(event=world_b.event).count() == 3
    assert _call(api_b, "delete", "/api/partnerships/{w.spare_partnership.pk}/", world_b, None).status_code == 204
    assert not Partnership.objects.filter(pk=world_b.spare_partnership.pk).exists()
    body = {"table": world_b.table.pk, "round": world_b.round.pk, "sheet": SHEET}
    created = api_b.post("/api/results/", body, format="json").json()
    assert created["version"] == 2 and created["status"] == "confirmed"
    assert Submission.objects.get(pk=world_b.submission.pk).status == "superseded"
    assert json.loads(json.dumps(created["sheet"]))["revokes"] == {"S": 0, "H": 0, "D": 0, "C": 0}


def test_the_owners_traveller_404_is_the_events_own_not_a_hidden_event(api_b, world_b):
    """The owner's 404 for a set no table plays names the event: it was reachable, unlike another club's."""
    response = api_b.get(f"/api/events/{world_b.event.pk}/travellers/", {"set": world_b.game_set.number})
    assert response.status_code == 404
    assert response.json()["detail"] == f"no table plays game set {world_b.game_set.number} in {world_b.event.name}"


def test_a_snapshot_sees_a_changed_row_and_a_new_one(world_b):
    """What the tests above compare: a write anywhere in the snapshot's tables changes it."""
    before = snapshot()
    assert before == snapshot()
    Player.objects.filter(pk=world_b.player.pk).update(name="Renamed Behind Its Back")
    renamed = snapshot()
    pairs = zip(before, renamed, strict=True)
    changed = [new for olds, news in pairs for old, new in zip(olds, news, strict=True) if old != new]
    assert [row["name"] for row in changed] == ["Renamed Behind Its Back"]
    assert changed[0]["club_id"] == world_b.club.pk  # the columns' names, as _belongs_to_a reads them
    Player.objects.create(club=world_b.club, name="Newcomer")
    assert [len(rows) for rows in snapshot()] != [len(rows) for rows in renamed]
