"""What the endpoints do for the club's own director: authentication, filtering, pagination,
results as versioned submissions, and game sets (hands to directors only; the seed once revealed)."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from director.clubs.models import Player
from director.events import services as events
from director.movements import night
from director.results.models import Submission
from scoring import gamesets

from .helpers import results_of

PASSWORD = "calypso-test-1"  # tests/director/conftest.py


# --- authentication -------------------------------------------------------------------------------
def test_token_for_username_and_password(anon, world_a, director_a):
    response = anon.post("/api/auth/token/", {"username": "dora", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    key = response.json()["token"]
    assert Token.objects.get(user=director_a).key == key
    client = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    clubs = results_of(client.get("/api/clubs/"))
    assert [c["slug"] for c in clubs] == ["pos"]
    # The same token on a second request; revoking it signs every client out.
    assert anon.post("/api/auth/token/", {"username": "dora", "password": PASSWORD}).json()["token"] == key
    assert client.post("/api/auth/token/revoke/").status_code == 204
    assert client.get("/api/clubs/").status_code == 401


@pytest.mark.parametrize(
    "body", [{"username": "dora", "password": "wrong"}, {"username": "nobody", "password": PASSWORD}]
)
def test_wrong_credentials(anon, director_a, body):
    response = anon.post("/api/auth/token/", body, format="json")
    assert response.status_code == 400 and response.json() == {"detail": "wrong username or password"}
    assert not Token.objects.exists()


def test_token_requests_are_limited_per_username(anon, director_a, settings):
    codes = [anon.post("/api/auth/token/", {"username": "dora", "password": "guess"}).status_code for _ in range(6)]
    assert codes == [400] * (settings.LOGIN_FAILURE_LIMIT - 1) + [429] * (7 - settings.LOGIN_FAILURE_LIMIT)
    refused = anon.post("/api/auth/token/", {"username": "dora", "password": PASSWORD})
    assert refused.status_code == 429 and "Try again after" in refused.json()["detail"]


def test_session_sign_in_works_and_writes_need_csrf(world_a):
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username="dora", password=PASSWORD)
    assert client.get("/api/events/").status_code == 200
    refused = client.post("/api/players/", {"club": world_a.club.pk, "name": "Sneaky"}, format="json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]


def test_api_token_command(director_a):
    out = io.StringIO()
    call_command("api_token", "dora", stdout=out)
    key = out.getvalue().strip()
    assert Token.objects.get(user=director_a).key == key
    out = io.StringIO()
    call_command("api_token", "dora", "--reset", stdout=out)
    assert out.getvalue().strip() != key


def test_creating_a_club_makes_you_its_owner(api_player, player_user):
    response = api_player.post("/api/clubs/", {"name": "Tobago Tricks"}, format="json")
    assert response.status_code == 201
    assert response.json()["slug"] == "tobago-tricks"
    assert results_of(api_player.get(f"/api/clubs/{response.json()['id']}/directors/"))[0]["role"] == "owner"


# --- filtering and pagination ---------------------------------------------------------------------
@pytest.fixture
def nights(world_a, director_a):
    """Five more events of club A on 1..5 April, the 2nd finished-looking (running)."""
    made = [
        events.create_event(club=world_a.club, name=f"April {d}", date=datetime.date(2025, 4, d), tables=1)
        for d in range(1, 6)
    ]
    events.start_event(event=made[1])
    return made


def _names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["name"] for row in results_of(response)]


def test_events_by_date_status_club_and_type(api_a, world_a, world_b, nights):
    assert _names(api_a.get("/api/events/", {"date": "2025-04-03"})) == ["April 3"]
    assert _names(api_a.get("/api/events/", {"date_from": "2025-04-02", "date_to": "2025-04-04"})) == [
        "April 4",
        "April 3",
        "April 2",
    ]
    assert _names(api_a.get("/api/events/", {"status": "running"})) == ["April 2", "POS night"]
    assert _names(api_a.get("/api/events/", {"type": "duplicate-pairs"})) == ["POS duplicate"]
    assert len(_names(api_a.get("/api/events/", {"club": world_a.club.pk}))) == 7
    assert _names(api_a.get("/api/events/", {"season": world_a.season.pk})) == ["POS night"]


def test_pagination(api_a, world_a, nights):
    first = api_a.get("/api/events/", {"page_size": 3}).json()
    assert first["count"] == 7 and len(first["results"]) == 3 and first["next"] and first["previous"] is None
    last = api_a.get("/api/events/", {"page_size": 3, "page": 3}).json()
    assert len(last["results"]) == 1 and last["next"] is None
    assert api_a.get("/api/events/", {"page": 99}).status_code == 404


def test_players_search_and_active(api_a, world_a):
    api_a.patch(f"/api/players/{world_a.player.pk}/", {"active": False}, format="json")
    assert _names(api_a.get("/api/players/", {"search": "ana 0", "active": "false"})) == ["Ana 01"]
    assert "Ana 01" not in _names(api_a.get("/api/players/", {"active": "true", "page_size": 100}))


def test_tables_rounds_partnerships_by_event(api_a, world_a):
    tables = results_of(api_a.get("/api/tables/", {"event": world_a.event.pk}))
    assert [t["number"] for t in tables] == [1, 2] and all(t["token"] for t in tables)
    rounds = results_of(api_a.get("/api/rounds/", {"event": world_a.event.pk, "status": "open"}))
    assert [r["number"] for r in rounds] == [1, 2, 3]
    partnerships = results_of(api_a.get("/api/partnerships/", {"event": world_a.event.pk, "direction": "majors"}))
    assert [p["number"] for p in partnerships] == [1, 2]
    assert [m["position"] for m in partnerships[0]["players"]] == [1, 2]


def test_teams_list_filter_get_and_create(api_a, world_a, world_b):
    sharks = results_of(api_a.get("/api/teams/", {"event": world_a.event.pk}))
    assert [(t["number"], t["name"]) for t in sharks] == [(1, "POS Sharks")]
    assert [p["number"] for p in sharks[0]["partnerships"]] == [1, 2]
    assert results_of(api_a.get("/api/teams/", {"event": world_a.dup.pk})) == []
    assert results_of(api_a.get("/api/teams/", {"event": world_b.event.pk})) == []  # not yours: nothing

    minors = [p for p in world_a.event.partnerships.order_by("number") if p.number in (3, 4)]
    body = {"event": world_a.event.pk, "name": " Pelicans ", "partnerships": [p.pk for p in minors]}
    created = api_a.post("/api/teams/", body, format="json")
    assert created.status_code == 201, created.content
    team = created.json()
    assert (team["event"], team["number"], team["name"]) == (world_a.event.pk, 2, "Pelicans")
    assert [(p["number"], p["direction"]) for p in team["partnerships"]] == [(3, "minors"), (4, "minors")]
    assert api_a.get(f"/api/teams/{team['id']}/").json() == team
    partnership = api_a.get(f"/api/partnerships/{minors[0].pk}/").json()
    assert (partnership["team"], partnership["team_name"]) == (team["id"], "Pelicans")
    numbered = api_a.post("/api/teams/", {"event": world_a.event.pk, "name": "Gulls", "number": 9}, format="json")
    assert numbered.json()["number"] == 9 and numbered.json()["partnerships"] == []


def test_event_create_and_update(api_a, world_a):
    body = {"club": world_a.club.pk, "name": "Team match", "date": "2025-05-01", "type": "duplicate-teams", "tables": 2}
    created = api_a.post("/api/events/", body, format="json").json()
    assert created["movement_kind"] == "team-match" and created["table_count"] == 2 and created["status"] == "draft"
    changed = api_a.patch(
        f"/api/events/{created['id']}/",
        {"games": 6, "season": world_a.season.pk, "standings_released": True},
        format="json",
    ).json()
    assert (changed["games"], changed["season"], changed["standings_released"]) == (6, world_a.season.pk, True)
    assert len(results_of(api_a.get("/api/rounds/", {"event": created["id"]}))) == 6
    assert created["individual_movement"] == "rules"


def test_event_individual_movement_option(api_a, world_a):
    body = {"club": world_a.club.pk, "name": "Solo", "date": "2025-05-01", "type": "progressive-individual"}
    created = api_a.post("/api/events/", {**body, "individual_movement": "fixed-sizes"}, format="json").json()
    assert created["individual_movement"] == "fixed-sizes"
    changed = api_a.patch(f"/api/events/{created['id']}/", {"individual_movement": "rules"}, format="json")
    assert changed.json()["individual_movement"] == "rules"
    refused = api_a.patch(f"/api/events/{created['id']}/", {"individual_movement": "keep"}, format="json")
    assert refused.status_code == 400 and "individual_movement" in refused.json()


# --- results --------------------------------------------------------------------------------------
def test_results_versions_confirm_dispute_and_withdraw(api_a, world_a, sheet):
    place = {"table": world_a.table.pk, "round": world_a.round.pk}
    pending = api_a.post("/api/results/", {**place, "sheet": sheet, "confirm": False}, format="json").json()
    assert (pending["version"], pending["status"]) == (2, "submitted")
    disputed = api_a.post(f"/api/results/{pending['id']}/dispute/", {"note": "pile was 62"}, format="json").json()
    assert (disputed["status"], disputed["status_note"]) == ("disputed", "pile was 62")
    confirmed = api_a.post(f"/api/results/{pending['id']}/confirm/", {}, format="json").json()
    assert confirmed["status"] == "confirmed" and confirmed["status_changed_by"] == "dora"
    history = api_a.get(f"/api/results/{pending['id']}/history/").json()
    assert [(h["version"], h["status"]) for h in history] == [(1, "superseded"), (2, "confirmed")]
    assert (history[1]["majors"], history[1]["minors"], history[1]["net"]) == (1340, 2340, -1000)
    rows = results_of(api_a.get("/api/results/", {"event": world_a.event.pk, "round_number": 1, "table_number": 1}))
    assert [r["version"] for r in rows] == [1, 2]
    live = results_of(api_a.get("/api/results/", {"event": world_a.event.pk, "live": "true"}))
    assert [r["id"] for r in live] == [pending["id"]]
    withdrawn = api_a.post("/api/results/withdraw/", place, format="json").json()
    assert withdrawn == {"withdrawn": 1}
    assert not Submission.objects.filter(status="confirmed", table=world_a.table).exists()


def test_a_retried_submission_returns_the_first(api_a, world_a, sheet):
    body = {"table": world_a.table.pk, "round": world_a.round.pk, "sheet": sheet, "idempotency_key": "laptop-7"}
    first = api_a.post("/api/results/", body, format="json")
    again = api_a.post("/api/results/", body, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert Submission.objects.filter(table=world_a.table, round=world_a.round).count() == 2  # v1 + this one


def test_a_retry_that_lands_while_the_first_copy_is_scored_is_still_a_replay(api_a, world_a, sheet, monkeypatch):
    """Whether a request was a retry is the service's answer (under its lock), not a read the API
    makes first: here the first copy is written after the API could have looked, and the second
    still gets 200 and the first copy's row."""
    from director.results import services as result_services

    score = result_services.score_sheet  # (the one dispatch: a table of three's rules too, issue #17.7)
    landed = []

    def score_while_a_copy_lands(*args, **kwargs):
        if not landed:
            landed.append(None)  # the copy's own scoring comes back here
            landed[0] = result_services.enter_sheet(
                table=world_a.table, round=world_a.round, sheet=sheet, idempotency_key="laptop-8"
            )
        return score(*args, **kwargs)

    monkeypatch.setattr(result_services, "score_sheet", score_while_a_copy_lands)
    body = {"table": world_a.table.pk, "round": world_a.round.pk, "sheet": sheet, "idempotency_key": "laptop-8"}
    response = api_a.post("/api/results/", body, format="json")
    assert response.status_code == 200
    assert response.json()["id"] == landed[0].pk
    assert Submission.objects.filter(idempotency_key="laptop-8").count() == 1


def test_check_a_sheet_without_saving(api_a, sheet):
    ok = api_a.post("/api/results/check/", {"sheet": sheet}, format="json").json()
    assert ok == {"ok": True, "problems": [], "majors": 1340, "minors": 2340, "net": -1000, "scores": None}
    bad = api_a.post(
        "/api/results/check/", {"sheet": {**sheet, "trick_piles": {"majors": 1, "minors": 1}}}, format="json"
    ).json()
    assert not bad["ok"] and any("not 208" in p for p in bad["problems"]) and bad["net"] is None
    assert not Submission.objects.exists()


# --- game sets: secrecy, generation, recording by hand -------------------------------------------
SEED = "5e" * 16  # the world's generated sets (tests/director/api/helpers.py)


def _every_get(client, world) -> list[str]:
    urls = [
        "/api/clubs/",
        "/api/players/",
        "/api/seasons/",
        "/api/events/",
        "/api/tables/",
        "/api/rounds/",
        "/api/partnerships/",
        "/api/results/",
        f"/api/events/{world.event.pk}/",
        f"/api/events/{world.event.pk}/game-set-file/",
        f"/api/results/{world.submission.pk}/history/",
    ]
    return [client.get(url).content.decode() for url in urls]


def test_the_seed_stays_secret_until_revealed(api_a, world_a):
    assert all(SEED not in body for body in _every_get(api_a, world_a))
    set_file = api_a.get(f"/api/events/{world_a.event.pk}/game-set-file/").json()
    assert set_file["seed"] == "" and not set_file["seed_revealed"] and len(set_file["commitment"]) == 64
    revealed = api_a.post(f"/api/events/{world_a.event.pk}/reveal-seed/").json()
    assert revealed["seed"] == SEED
    # Anyone with the seed can check the commitment.
    assert gamesets.commitment(gamesets.deal_game_sets(3, SEED)) == revealed["commitment"]


def test_hands_only_for_the_clubs_directors(api_a, api_b, api_player, anon, world_a, world_b):
    rows = results_of(api_a.get("/api/game-sets/", {"event": world_a.event.pk}))
    assert [r["number"] for r in rows] == [1, 2, 3] and all(len(r["deals"]) == 4 for r in rows)
    assert sum(len(hand) for deal in rows[0]["deals"] for hand in deal.values()) == 208
    one = rows[0]["id"]
    assert api_b.get(f"/api/game-sets/{one}/").status_code == 404
    assert api_player.get(f"/api/game-sets/{one}/").status_code == 404
    assert anon.get(f"/api/game-sets/{one}/").status_code == 401
    assert all(
        r["event"] == world_b.event.pk or r["event"] == world_b.dup.pk for r in results_of(api_b.get("/api/game-sets/"))
    )
    # Released hands are for the public pages; the API stays the directors'.
    api_a.post(f"/api/events/{world_a.event.pk}/release-hands/", {"released": True}, format="json")
    assert api_b.get(f"/api/game-sets/{one}/").status_code == 404


def test_generate_then_replace(api_a, world_a):
    created = api_a.post("/api/game-sets/generate/", {"event": world_a.dup.pk, "replace": True}, format="json")
    assert created.status_code == 201
    body = created.json()
    assert body["source"] == "generated" and body["seed"] == "" and body["commitment"]
    assert len(results_of(api_a.get("/api/game-sets/", {"event": world_a.dup.pk, "complete": "true"}))) == 2


def test_import_a_file(api_a, world_a):
    document = gamesets.game_sets_to_json(gamesets.deal_game_sets(2, "ab" * 16), "ab" * 16)
    for file in (document, json.dumps(document)):
        body = {"event": world_a.dup.pk, "file": file, "file_name": "friday.json", "replace": True}
        imported = api_a.post("/api/game-sets/import/", body, format="json")
        assert imported.status_code == 201, imported.content
        assert imported.json()["commitment"] == document["commitment"] and imported.json()["seed"] == ""


def test_no_commitment_is_served_before_it_is_final(api_a, world_a):
    """A file with fewer sets than the seating plays has no commitment to announce yet: a hash over
    it would change when the missing set comes."""
    players = Player.objects.filter(club=world_a.club).order_by("pk")[:8]
    dup = night.set_up_night(
        club=world_a.club, name="Seated dup", date="2025-04-01", type="duplicate-pairs", games=2,
        players=[p.pk for p in players], seed=3,
    )  # fmt: skip
    needed = [1, 2]
    document = gamesets.game_sets_to_json(gamesets.deal_game_sets(len(needed) - 1, "ab" * 16), "ab" * 16)
    body = {"event": dup.pk, "file": document, "replace": True}
    imported = api_a.post("/api/game-sets/import/", body, format="json").json()
    assert (imported["commitment"], imported["missing_sets"], imported["incomplete_sets"]) == ("", needed[-1:], [])
    read = api_a.get(f"/api/events/{dup.pk}/game-set-file/").json()
    assert read["commitment"] == "" and read["missing_sets"] == needed[-1:]

    document = gamesets.game_sets_to_json(gamesets.deal_game_sets(len(needed), "ab" * 16), "ab" * 16)
    body = {"event": dup.pk, "file": document, "replace": True}
    imported = api_a.post("/api/game-sets/import/", body, format="json").json()
    assert imported["commitment"] == document["commitment"] and imported["missing_sets"] == []


def test_record_a_set_by_hand_and_fill_the_last_hand(api_a, world_a):
    full = gamesets.deal_game_sets(1, "77" * 16)[0].to_dict()
    state = None
    for d, deal in enumerate(full["deals"], start=1):
        for seat, cards in deal.items():
            if (d, seat) == (4, "C"):
                continue
            body = {"event": world_a.dup.pk, "number": 2, "deal": d, "seat": seat, "text": " ".join(cards)}
            response = api_a.post("/api/game-sets/record-hand/", body, format="json")
            assert response.status_code == 200, response.content
            state = response.json()
    assert state["remaining_count"] == 13 and state["can_fill_last"] and not state["game_set"]["complete"]
    filled = api_a.post(f"/api/game-sets/{state['game_set']['id']}/fill-last-hand/").json()
    assert filled["complete"] and sorted(filled["deals"][3]["C"]) == sorted(full["deals"][3]["C"])
    recording = api_a.get(f"/api/game-sets/{state['game_set']['id']}/recording/").json()
    assert recording["remaining_count"] == 0 and recording["incomplete"] == []


def test_game_set_options_and_delete(api_a, world_a):
    url = f"/api/game-sets/{world_a.game_set.pk}/"
    changed = api_a.patch(url, {"first_dealer": "D", "orientation": "SCHD"}, format="json").json()
    assert (changed["first_dealer"], changed["orientation"]) == ("D", "SCHD")
    assert api_a.delete(url).status_code == 204
    assert api_a.get(url).status_code == 404


def test_the_grid_json_is_the_grid_serializer(api_a, world_a):
    """One serializer turns ``events.selectors.Grid`` into JSON; the API returns exactly that."""
    from director.api.serializers import GridSerializer
    from director.results.selectors import results_grid

    served = api_a.get(f"/api/events/{world_a.event.pk}/grid/").json()
    assert served == GridSerializer(results_grid(world_a.event)).data


def test_round_grid(api_a, world_a):
    grid = api_a.get(f"/api/events/{world_a.event.pk}/grid/").json()
    assert [r["number"] for r in grid["rounds"]] == [1, 2, 3] and grid["tables"] == [1, 2]
    first = grid["cells"][0]
    assert (first["round"], first["table"], first["status"], first["result"]) == (
        1,
        1,
        "confirmed",
        world_a.submission.pk,
    )
    assert first["majors"]["partnership"] == 1 and [s["seat"] for s in first["majors"]["seats"]] == ["S", "H"]
    assert [s["seat"] for s in first["minors"]["seats"]] == ["D", "C"]
    assert {c["status"] for c in grid["cells"][1:]} == {"missing"}


def test_a_cutthroat_sheet_is_checked_scored_and_entered(api_a, world_a):
    sheet = {
        "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
        "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
        "trick_piles": {"S": 30, "H": 30, "D": 40, "C": 45},
    }
    checked = api_a.post("/api/results/check/", {"sheet": sheet, "form": "cutthroat"}, format="json").json()
    assert checked["ok"] and checked["scores"] == {"S": 900, "H": 440, "D": 1710, "C": 630}
    assert checked["majors"] is None
    event = night.set_up_night(
        club=world_a.club,
        name="Cutthroat",
        date="2025-06-06",
        type="progressive-individual",
        form="cutthroat",
        players=[p.pk for p in world_a.spare_players[:4]] + [world_a.player.pk],
    )
    place = {"table": event.tables.get(number=1).pk, "round": event.rounds.get(number=1).pk}
    created = api_a.post("/api/results/", {**place, "sheet": sheet}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["sheet"]["trick_piles"] == sheet["trick_piles"]
    partnership_sheet = {**sheet, "trick_piles": {"majors": 60, "minors": 85}}
    refused = api_a.post("/api/results/", {**place, "sheet": partnership_sheet}, format="json")
    assert refused.status_code == 400 and any("trick_piles" in m for m in refused.json()["sheet"])
