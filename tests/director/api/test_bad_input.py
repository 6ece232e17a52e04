"""Bad input is refused with a 400 (or a 409 for a clash with the current state) and a message
that says what is wrong and where — and writes nothing."""

from __future__ import annotations

import copy

import pytest

from scoring import gamesets

from .helpers import World, snapshot

SHARED_WORLDS = True  # conftest.py: both worlds built once for the module

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
        "the scoresheet is wrong: it must be a JSON object",
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
        "calypsos": {"S": 4, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 5, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": 1, "minors": 1},
    }
    response = api_a.post(
        "/api/results/", {"table": world.table.pk, "round": world.round.pk, "sheet": bad}, format="json"
    )
    assert response.status_code == 400
    problems = response.json()["sheet"]
    assert len(problems) == 2
    assert any("not 208" in p for p in problems)
    assert any("S: 4 calypsos and 5 unfinished make 57 cards of one suit" in p for p in problems)


def test_every_count_out_of_range_is_listed_before_any_total(api_a, world):
    bad = _sheet(unfinished={"S": -1, "H": 7, "D": 3, "C": 15}, trick_piles={"majors": 60, "minors": 10**30})
    problems = _post_sheet(api_a, world, bad).json()["sheet"]
    assert [p.split(":")[1].strip() for p in problems] == [
        "trick_piles.minors is 10000000000000000000…",
        "unfinished.S is -1",
        "unfinished.C is 15",
    ]


def test_malformed_json_is_a_400(api_a, world):
    response = api_a.generic("POST", "/api/players/", "{not json", content_type="application/json")
    assert response.status_code == 400 and "is not JSON (Expecting property name" in response.json()["detail"]


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
        ("/api/players/", "club", "²"),  # a digit to str.isdigit, not to int()
        # pagination is read as strictly as the filters: no silent fall-back to the default size
        ("/api/events/", "page_size", "many"),
        ("/api/events/", "page_size", "0"),
        ("/api/events/", "page_size", "-3"),
        ("/api/events/", "page_size", "201"),
        ("/api/results/", "page_size", "1e3"),
        ("/api/events/", "page", "abc"),
        ("/api/events/", "page", "0"),
        ("/api/events/", "page", "last"),
    ],
)
def test_bad_filters_are_refused_not_ignored(api_a, world, url, param, value):
    response = api_a.get(url, {param: value})
    assert response.status_code == 400, response.content
    assert list(response.json()) == [param]
    assert value in response.json()[param][0]


def test_page_sizes_in_range_are_served_and_a_page_past_the_end_is_a_404(api_a, world):
    assert len(api_a.get("/api/players/", {"page_size": 1}).json()["results"]) == 1
    assert api_a.get("/api/players/", {"page_size": 200}).status_code == 200
    past = api_a.get("/api/players/", {"page_size": 200, "page": 2})
    assert past.status_code == 404 and "no page 2" in past.json()["detail"]


def _post_sheet(api, world, sheet, url="/api/results/"):
    place = {"table": world.table.pk, "round": world.round.pk} if url == "/api/results/" else {}
    return api.post(url, {**place, "sheet": sheet}, format="json")


@pytest.mark.parametrize(
    ("change", "phrase"),
    [
        ({"calypsos": {"S": "1", "H": 0, "D": 2, "C": 0}}, "calypsos.S must be a whole number (a JSON number"),
        ({"unfinished": {"S": " 5", "H": 7, "D": 3, "C": 9}}, "unfinished.S must be a whole number"),
        ({"trick_piles": {"majors": "60", "minors": 85}}, "trick_piles.majors must be a whole number"),
        ({"revokes": {"S": "0"}}, "revokes.S must be a whole number"),
        ({"calypsos": {"S": 1.0, "H": 0, "D": 2, "C": 0}}, "calypsos.S must be a whole number"),
        ({"calypsos": {"S": 10**22, "H": 0, "D": 2, "C": 0}}, "calypsos.S is 1000000000"),
        (
            {"calypsos": {"S": 5, "H": 0, "D": 2, "C": 0}},
            "calypsos.S is 5: a player completes at most 4 calypsos (52 cards)",
        ),
        ({"unfinished": {"S": 10**22, "H": 7, "D": 3, "C": 9}}, "unfinished.S is 1000000000"),
        (
            {"trick_piles": {"majors": 209, "minors": 85}},
            "trick_piles.majors is 209: a trick pile holds at most the 208 cards in play",
        ),
        ({"revokes": {"H": 53}}, "revokes.H is 53: a player makes at most 52 revokes (one a trick)"),
        ({"calypsos": {"S": -(10**22), "H": 0, "D": 2, "C": 0}}, "calypsos.S is -1000000000"),
    ],
)
def test_sheet_counts_must_be_json_numbers_in_range(api_a, world, change, phrase):
    before = snapshot()
    response = _post_sheet(api_a, world, _sheet(**change))
    assert response.status_code == 400, response.content
    messages = response.json()["sheet"]
    assert len(messages) == 1, messages  # the count out of range, not a 25-digit card total
    assert messages[0].startswith("the scoresheet is wrong: " + phrase), messages
    assert "cards add up" not in messages[0]
    assert snapshot() == before
    # the check endpoint names the same problem (and saves nothing either)
    checked = _post_sheet(api_a, world, _sheet(**change), url="/api/results/check/")
    assert checked.status_code == 200
    assert checked.json()["ok"] is False and checked.json()["problems"][0].startswith(phrase)
    assert snapshot() == before


def test_every_sheet_message_names_the_scoresheet(api_a, world):
    one = _post_sheet(api_a, world, _sheet(trick_piles={"majors": 60, "minors": 84})).json()["sheet"]
    several = _post_sheet(
        api_a, world, _sheet(calypsos={"S": 4, "H": 0, "D": 2, "C": 0}, unfinished={"S": 5, "H": 7, "D": 3, "C": 9})
    ).json()["sheet"]  # 57 cards of one suit, and 247 in all: scoring's two problems
    not_an_object = _post_sheet(api_a, world, [1, 2]).json()["sheet"]
    assert len(one) == 1 and len(several) == 2 and len(not_an_object) == 1
    for message in one + several + not_an_object:
        assert message.startswith("the scoresheet is wrong: "), message
        assert message.count("the scoresheet is wrong") == 1, message


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        ("/api/tables/", lambda w: {"event": w.event.pk, "number": "3"}, "number"),
        ("/api/tables/", lambda w: {"event": str(w.event.pk)}, "event"),
        ("/api/tables/", lambda w: {"event": w.event.pk, "number": 3.0}, "number"),
        ("/api/tables/", lambda w: {"event": w.event.pk, "number": True}, "number"),
        ("/api/events/{w.event.pk}/table-count/", lambda w: {"count": "3"}, "count"),
        (
            "/api/partnerships/",
            lambda w: {"event": w.dup.pk, "players": [str(p.pk) for p in w.spare_players[:2]]},
            "players",
        ),
    ],
)
def test_numbers_sent_as_text_are_refused_everywhere_as_in_a_sheet(api_a, world, url, body, field):
    before = snapshot()
    response = api_a.post(url.format(w=world), body(world), format="json")
    assert response.status_code == 400, response.content
    assert any("A valid integer is required (a JSON number" in m for m in response.json()[field])
    assert snapshot() == before


def test_bodies_must_be_json(api_a, world):
    before = snapshot()
    response = api_a.post("/api/tables/", {"event": world.event.pk, "number": 3})  # multipart form data
    assert response.status_code == 415
    assert "multipart/form-data" in response.json()["detail"]
    assert snapshot() == before


def test_unknown_ids_in_the_path_are_404_not_500(api_a, world):
    for url in ("/api/events/99999999999/", "/api/events/9999999999999999999999/", "/api/events/abc/"):
        assert api_a.get(url).status_code == 404


def test_an_unknown_id_is_named_in_a_sentence(api_a, world):
    for url, said in (
        ("/api/events/99999/standings/", "no event 99999 among your clubs' events"),
        ("/api/events/99999/travellers/", "no event 99999 among your clubs' events"),
    ):
        response = api_a.get(url)
        assert response.status_code == 404 and response.json()["detail"] == said, (url, response.content)
    response = api_a.post("/api/players/", {"club": 99999, "name": "Kitch"}, format="json")
    assert response.status_code == 404 and response.json()["detail"] == "no club 99999 among your clubs"


@pytest.mark.parametrize(
    ("method", "url", "body", "field"),
    [
        ("patch", "/api/events/{w.event.pk}/", {"standings_relased": True}, "standings_relased"),
        ("patch", "/api/events/{w.event.pk}/", {"name": "Renamed", "hands_released": True}, "hands_released"),
        ("post", "/api/results/{w.submission.pk}/confirm/", {"note": "ok", "side": "minors"}, "side"),
        ("post", "/api/results/check/", {"sheet": {}, "table": 1}, "table"),
        ("post", "/api/events/{w.event.pk}/finish/", {"forse": True}, "forse"),
    ],
)
def test_an_unknown_field_is_a_400_naming_it_and_nothing_changes(api_a, world, method, url, body, field):
    """A typo or a field another request takes is not silently dropped (a 200 that did nothing)."""
    before = snapshot()
    response = getattr(api_a, method)(url.format(w=world), body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()[field][0].startswith("unknown field: this request takes ")
    assert snapshot() == before
