"""Bad input is refused with a 400 (or a 409 for a clash with the current state) and a message
that says what is wrong and where — and writes nothing."""

from __future__ import annotations

import copy

import pytest

from scoring import gamesets

from .helpers import World, snapshot

SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
}


def _file_with_207_cards() -> dict:
    document = gamesets.game_sets_to_json(gamesets.deal_game_sets(2, "cd" * 16), "cd" * 16)
    document = copy.deepcopy(document)
    document["sets"][1]["deals"][2]["H"] = document["sets"][1]["deals"][2]["H"][:-1]
    return document


def _sheet(**change) -> dict:
    return {**SHEET, **change}


# (method, url, body (a function of the world), status, field, a phrase of the message)
BAD = [
    # unknown player / another club's player
    (
        "post",
        "/api/partnerships/",
        lambda w: {"event": w.dup.pk, "players": [w.spare_players[0].pk, 987654]},
        400,
        "players",
        "unknown player 987654",
    ),
    (
        "post",
        "/api/partnerships/",
        lambda w: {"event": w.dup.pk, "players": [w.spare_players[0].pk, w.other_player]},
        400,
        "players",
        "unknown player",
    ),
    (
        "post",
        "/api/partnerships/",
        lambda w: {"event": w.dup.pk, "players": [w.spare_players[0].pk]},
        400,
        "players",
        "two or three players",
    ),
    (
        "post",
        "/api/partnerships/",
        lambda w: {"event": w.dup.pk, "players": ["one", "two"]},
        400,
        "players",
        "valid integer",
    ),
    (
        "post",
        "/api/partnerships/",
        lambda w: {"event": w.event.pk, "players": [w.player.pk, w.spare_players[0].pk]},
        400,
        "players",
        "already plays in partnership",
    ),
    (
        "post",
        "/api/events/{w.dup.pk}/draw-partnerships/",
        lambda w: {"players": [w.spare_players[0].pk, 987654]},
        400,
        "players",
        "unknown player",
    ),
    # duplicate table number, table number out of range or text
    ("post", "/api/tables/", lambda w: {"event": w.event.pk, "number": 1}, 400, "number", "already has a table 1"),
    ("post", "/api/tables/", lambda w: {"event": w.event.pk, "number": 0}, 400, "number", "at least 1"),
    ("post", "/api/tables/", lambda w: {"event": w.event.pk, "number": "three"}, 400, "number", "valid integer"),
    ("post", "/api/events/{w.event.pk}/table-count/", lambda w: {"count": -2}, 400, "count", "greater than or equal"),
    ("post", "/api/events/{w.event.pk}/table-count/", lambda w: {"count": 1}, 409, "tables", "players are seated"),
    # a game set with 207 cards, bad notation, too many cards
    (
        "post",
        "/api/game-sets/import/",
        lambda w: {"event": w.dup.pk, "file": _file_with_207_cards(), "replace": True},
        400,
        "file",
        "12 cards, not 13",
    ),
    (
        "post",
        "/api/game-sets/import/",
        lambda w: {"event": w.dup.pk, "file": "{not json", "replace": True},
        400,
        "file",
        "not JSON",
    ),
    ("post", "/api/game-sets/import/", lambda w: {"event": w.dup.pk, "file": [1, 2]}, 400, "file", "JSON object"),
    (
        "post",
        "/api/game-sets/record-hand/",
        lambda w: {"event": w.dup.pk, "number": 1, "deal": 2, "seat": "H", "text": "S AKZ"},
        400,
        "hands.2.H",
        "deal 2",
    ),
    (
        "post",
        "/api/game-sets/record-hand/",
        lambda w: {"event": w.dup.pk, "number": 1, "deal": 2, "seat": "H", "text": "S AAKKQQJJTT9988 H 2"},
        400,
        "hands.2.H",
        "more than 13",
    ),
    (
        "post",
        "/api/game-sets/record-hand/",
        lambda w: {"event": w.dup.pk, "number": 1, "deal": 5, "seat": "H", "text": "S A"},
        400,
        "deal",
        "less than",
    ),
    (
        "post",
        "/api/game-sets/record-hand/",
        lambda w: {"event": w.dup.pk, "number": 1, "deal": 1, "seat": "X", "text": "S A"},
        400,
        "seat",
        "S, H, D or C",
    ),
    ("post", "/api/game-sets/{w.game_set.pk}/fill-last-hand/", None, 400, "hands", "game set 1"),
    (
        "post",
        "/api/game-sets/generate/",
        lambda w: {"event": w.dup.pk, "count": "three"},
        400,
        "count",
        "valid integer",
    ),
    ("post", "/api/game-sets/generate/", lambda w: {"event": w.dup.pk, "count": 0}, 400, "count", "at least 1"),
    ("post", "/api/game-sets/generate/", lambda w: {"event": w.event.pk}, 409, "count", "already has game sets"),
    # a sheet that does not add up to 208, a negative count, text where a number belongs
    (
        "post",
        "/api/results/",
        lambda w: {"table": w.table.pk, "round": w.round.pk, "sheet": _sheet(trick_piles={"majors": 60, "minors": 84})},
        400,
        "sheet",
        "add up to 207, not 208",
    ),
    (
        "post",
        "/api/results/",
        lambda w: {
            "table": w.table.pk,
            "round": w.round.pk,
            "sheet": _sheet(unfinished={"S": -1, "H": 7, "D": 3, "C": 15}),
        },
        400,
        "sheet",
        "cannot be negative",
    ),
    (
        "post",
        "/api/results/",
        lambda w: {
            "table": w.table.pk,
            "round": w.round.pk,
            "sheet": _sheet(unfinished={"S": "five", "H": 7, "D": 3, "C": 9}),
        },
        400,
        "sheet",
        "unfinished.S must be a whole number",
    ),
    (
        "post",
        "/api/results/",
        lambda w: {"table": w.table.pk, "round": w.round.pk, "sheet": "208"},
        400,
        "sheet",
        "dictionary",
    ),
    (
        "post",
        "/api/results/",
        lambda w: {"table": w.table.pk, "round": w.round.pk, "sheet": SHEET, "idempotency_key": "x" * 81},
        400,
        "idempotency_key",
        "80 characters",
    ),
    (
        "post",
        "/api/results/",
        lambda w: {"table": w.table.pk, "round": w.other_round, "sheet": SHEET},
        400,
        "table",
        "not in the same event",
    ),
    ("post", "/api/results/{w.submission.pk}/dispute/", lambda w: {}, 409, "status", "not awaiting confirmation"),
    # players, clubs, seasons
    (
        "post",
        "/api/players/",
        lambda w: {"club": w.club.pk, "name": w.player.name},
        400,
        "name",
        "already has a player called",
    ),
    ("post", "/api/players/", lambda w: {"club": w.club.pk, "name": "   "}, 400, "name", "blank"),
    (
        "patch",
        "/api/players/{w.player.pk}/",
        lambda w: {"name": w.spare_players[0].name},
        400,
        "name",
        "already has a player",
    ),
    (
        "post",
        "/api/players/import/",
        lambda w: {"club": w.club.pk, "csv": "name\nFine Person\n\n" + "x" * 130},
        400,
        "file",
        "line 4",
    ),
    ("post", "/api/clubs/", lambda w: {"name": "Copycat", "slug": w.club.slug}, 400, "slug", "already exists"),
    (
        "post",
        "/api/seasons/",
        lambda w: {"club": w.club.pk, "name": "Backwards", "starts_on": "2025-06-01", "ends_on": "2025-01-01"},
        400,
        "ends_on",
        "before it starts",
    ),
    # events
    (
        "post",
        "/api/events/",
        lambda w: {"club": w.club.pk, "name": "Night", "date": "2025-04-04", "games": "four"},
        400,
        "games",
        "valid integer",
    ),
    (
        "post",
        "/api/events/",
        lambda w: {"club": w.club.pk, "name": "Night", "date": "14/03/2025"},
        400,
        "date",
        "wrong format",
    ),
    (
        "post",
        "/api/events/",
        lambda w: {"club": w.club.pk, "name": "Night", "date": "2025-04-04", "type": "bridge"},
        400,
        "type",
        "not a valid choice",
    ),
    (
        "post",
        "/api/events/",
        lambda w: {"club": w.club.pk, "name": "Night", "date": "2025-04-04", "form": "cutthroat"},
        400,
        "form",
        "played in partnerships",
    ),
    (
        "post",
        "/api/events/",
        lambda w: {"club": w.club.pk, "name": "Night", "date": "2025-04-04", "season": w.other_season},
        400,
        "season",
        "has no season",
    ),
    (
        "patch",
        "/api/events/{w.event.pk}/",
        lambda w: {"type": "duplicate-pairs"},
        409,
        "type",
        "cannot change once the event has started",
    ),
    ("patch", "/api/events/{w.event.pk}/", lambda w: {"games": 0}, 400, "games", "greater than or equal to 1"),
    (
        "patch",
        "/api/events/{w.event.pk}/",
        lambda w: {"standings_released": "perhaps"},
        400,
        "standings_released",
        "valid boolean",
    ),
    # teams
    ("post", "/api/teams/", lambda w: {"event": w.event.pk, "name": "  "}, 400, "name", "may not be blank"),
    ("post", "/api/teams/", lambda w: {"event": w.event.pk, "name": w.team.name}, 400, "name", "already has a team"),
    (
        "post",
        "/api/teams/",
        lambda w: {"event": w.event.pk, "name": "Pelicans", "number": w.team.number},
        400,
        "number",
        "already has a team 1",
    ),
    ("post", "/api/teams/", lambda w: {"event": w.event.pk, "name": "P", "number": 0}, 400, "number", "at least 1"),
    (
        "post",
        "/api/teams/",
        lambda w: {"event": w.event.pk, "name": "Pelicans", "partnerships": [w.partnership.pk]},
        400,
        "partnerships",
        "already in a team",
    ),
    (
        "post",
        "/api/teams/",
        lambda w: {"event": w.dup.pk, "name": "Pelicans", "partnerships": [w.spare_partnership.pk]},
        400,
        "partnerships",
        "has no partnership",
    ),
    (
        "post",
        "/api/teams/",
        lambda w: {"event": w.event.pk, "name": "Pelicans", "partnerships": "1,2"},
        400,
        "partnerships",
        "list",
    ),
    ("post", "/api/events/{w.event.pk}/start/", None, 409, "status", "is running, not draft"),
    ("post", "/api/rounds/{w.round.pk}/reopen/", None, 409, "round", "already open"),
    ("post", "/api/events/{w.dup.pk}/reveal-seed/", None, 400, "seed", "no generated game sets"),
]
IDS = [f"{method} {url} {field}: {phrase}" for method, url, _, _, field, phrase in BAD]


@pytest.fixture
def world(world_a, world_b) -> World:
    world_a.other_player = world_b.player.pk
    world_a.other_round = world_a.dup.rounds.get(number=1).pk
    world_a.other_season = world_b.season.pk
    return world_a


@pytest.mark.parametrize(("method", "url", "body", "code", "field", "phrase"), BAD, ids=IDS)
def test_bad_input_is_refused_with_a_message_and_writes_nothing(api_a, world, method, url, body, code, field, phrase):
    before = snapshot()
    response = getattr(api_a, method)(url.format(w=world), data=body(world) if body else None, format="json")
    assert response.status_code == code, response.content
    messages = response.json()[field]
    assert isinstance(messages, list) and messages
    assert any(phrase in message for message in messages), messages
    assert snapshot() == before


def test_every_problem_of_a_sheet_is_listed(api_a, world):
    bad = {
        "calypsos": {"S": 0, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": -1, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": 1, "minors": 1},
    }
    response = api_a.post(
        "/api/results/", {"table": world.table.pk, "round": world.round.pk, "sheet": bad}, format="json"
    )
    assert response.status_code == 400
    problems = response.json()["sheet"]
    assert len(problems) >= 2
    assert any("not 208" in p for p in problems)
    assert any("cannot be negative" in p for p in problems)


def test_malformed_json_is_a_400(api_a, world):
    response = api_a.generic("POST", "/api/players/", "{not json", content_type="application/json")
    assert response.status_code == 400 and "JSON parse error" in response.json()["detail"]


@pytest.mark.parametrize(
    ("url", "param", "value"),
    [
        ("/api/events/", "club", "abc"),
        ("/api/events/", "date", "yesterday"),
        ("/api/events/", "date_from", "2025-13-01"),
        ("/api/events/", "status", "sleeping"),
        ("/api/players/", "active", "maybe"),
        ("/api/results/", "round_number", "-1"),
        ("/api/results/", "table", "1.5"),
        ("/api/game-sets/", "complete", "2"),
        ("/api/events/", "page_size", "many"),  # DRF falls back to the default size
    ],
)
def test_bad_filters_are_refused_not_ignored(api_a, world, url, param, value):
    response = api_a.get(url, {param: value})
    if param == "page_size":
        assert response.status_code == 200
        return
    assert response.status_code == 400
    assert value in response.json()[param][0]


def test_unknown_ids_in_the_path_are_404_not_500(api_a, world):
    for url in ("/api/events/99999999999/", "/api/events/9999999999999999999999/", "/api/events/abc/"):
        assert api_a.get(url).status_code == 404
