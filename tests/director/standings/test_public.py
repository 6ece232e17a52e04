"""Public pages: nothing until released, never a card before the hands are, cached but fresh."""

import json

import pytest
from django.urls import reverse

from director.deals import services as deals
from director.events import services as events
from tests.director.factories import enter

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def urls(event):
    slug, e = event.club.slug, event.pk
    return {
        "standings": reverse("public:standings", args=[slug, e]),
        "json": reverse("public:standings_json", args=[slug, e]),
        "cards": reverse("public:scorecards", args=[slug, e]),
        "card": reverse("public:scorecard", args=[slug, e, 1]),
        "sets": reverse("public:travellers", args=[slug, e]),
        "set": reverse("public:traveller", args=[slug, e, 1]),
    }


def test_everything_is_404_until_released(client, duplicate):
    for url in urls(duplicate).values():
        assert client.get(url).status_code == 404, url
    assert client.get(reverse("public:ladder", args=["pos"])).status_code == 404


def test_wrong_club_slug_is_404(client, duplicate, club_b):
    events.set_public_switches(event=duplicate, standings_released=True)
    assert client.get(reverse("public:standings", args=["sando", duplicate.pk])).status_code == 404


def test_released_standings_and_json(client, duplicate):
    events.set_public_switches(event=duplicate, standings_released=True)
    u = urls(duplicate)
    html = client.get(u["standings"]).content.decode()
    assert "81.25" in html and "live.js" in html
    data = client.get(u["json"]).json()
    assert [r["percentage"] for r in data["rows"]][:2] == ["81.25", "75.00"]
    assert data["rows"][0]["games"] == ["1.50", "1.75"]
    # Score cards and travellers are separate switches.
    assert client.get(u["cards"]).status_code == 404
    assert client.get(u["set"]).status_code == 404


def test_new_result_shows_at_once_despite_the_cache(client, club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=2, games=2)
    events.set_public_switches(event=event, standings_released=True)
    url = urls(event)["json"]
    assert [r["rank"] for r in client.get(url).json()["rows"]] == ["", "", "", ""]
    enter(event, 1, 1, 140, director_a)
    rows = [r for r in client.get(url).json()["rows"] if r["rank"]]
    assert {r["number"]: r["total"] for r in rows} == {1: "+140", 3: "-140"}
    enter(event, 1, 1, 160, director_a)  # a correction
    assert {r["number"]: r["total"] for r in client.get(url).json()["rows"]}[1] == "+160"


def test_travellers_need_hands_released_and_never_show_cards_before(client, duplicate):
    deals.generate_game_sets(event=duplicate, seed="c0ffee" * 8)
    events.set_public_switches(
        event=duplicate, standings_released=True, scorecards_released=True, travellers_released=True
    )
    u = urls(duplicate)
    assert client.get(u["set"]).status_code == 404
    assert client.get(u["sets"]).status_code == 404
    from director.deals.adapters import hand_text
    from director.deals.models import GameSet

    # Every suit of every hand as the traveller draws it, e.g. '<span class="suit-S">♠</span> AKK9'.
    snippets = set()
    for row in GameSet.objects.filter(event=duplicate):
        for d in (1, 2, 3, 4):
            for seat in "SHDC":
                parts = hand_text(row, d, seat).split()
                for i in range(0, 8, 2):
                    mark = "♠♥♦♣"["SHDC".index(parts[i])]
                    name = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[parts[i]]
                    snippets.add(
                        f'<span class="suit-{parts[i]}" role="img" aria-label="{name}">{mark}</span> {parts[i + 1]}<'
                    )
    for name in ("standings", "json", "cards", "card"):
        body = client.get(u[name]).content.decode()
        assert "hand-record" not in body, name
        assert not any(snippet in body for snippet in snippets), name
    deals.release_hands(event=duplicate)
    html = client.get(u["set"]).content.decode()
    assert "hand-record" in html and "1.50" in html
    assert sum(snippet in html for snippet in snippets) >= 16
    assert client.get(u["sets"]).status_code == 200


def test_scorecards_when_released(client, duplicate):
    events.set_public_switches(event=duplicate, scorecards_released=True)
    u = urls(duplicate)
    assert client.get(u["cards"]).status_code == 200
    html = client.get(u["card"]).content.decode()
    assert "1.75" in html and "81.25" in html
    assert client.get(reverse("public:scorecard", args=["pos", duplicate.pk, 99])).status_code == 404


def test_public_ladder_counts_released_events_only(client, duplicate, progressive):
    events.set_public_switches(event=duplicate, standings_released=True)
    html = client.get(reverse("public:ladder", args=["pos"])).content.decode()
    assert "81.25" in html
    # Player names of partnership 1 in the duplicate event are on the ladder; the progressive one is not released.
    response = client.get(reverse("public:ladder", args=["pos"]), {"basis": "tally"})
    assert "No results to rank yet" in response.content.decode()
    assert client.get(reverse("public:club", args=["pos"])).status_code == 200


def test_json_is_valid_and_has_no_cards(client, duplicate):
    deals.generate_game_sets(event=duplicate, seed="c0ffee" * 8)
    events.set_public_switches(event=duplicate, standings_released=True)
    data = json.loads(client.get(urls(duplicate)["json"]).content)
    assert set(data) >= {"marker", "rows", "games", "percentages", "progress"}
    assert "deals" not in json.dumps(data)


def test_the_score_card_list_says_what_its_numbers_are(client, duplicate, director_a):
    """Each entrant's place reads "rank 1", not a bare number beside the partnership number."""
    events.set_public_switches(event=duplicate, standings_released=True, scorecards_released=True)
    public = client.get(urls(duplicate)["cards"]).content.decode()
    client.force_login(director_a)
    private = client.get(reverse("standings:scorecards", args=[duplicate.pk])).content.decode()
    for html in (public, private):
        assert '<span class="muted small">rank 1</span>' in html
        assert '<span class="muted small">1</span>' not in html


@pytest.mark.parametrize(
    "query",
    [
        {"season": "9" * 30},
        {"season": "²"},
        {"min": "²"},
        {"best": "³"},
        {"season": "abc", "min": "-1", "best": "0"},
    ],
)
def test_a_ladder_query_that_is_no_number_is_ignored_never_a_500(duplicate, director_a, query):
    """The season, min and best of the ladder's address are typed by anyone (the public ladder)."""
    from django.test import Client

    events.set_public_switches(event=duplicate, standings_released=True)
    public = Client(raise_request_exception=False)
    director = Client(raise_request_exception=False)
    director.force_login(director_a)
    for client, name in ((public, "public:ladder"), (director, "standings:ladder")):
        response = client.get(reverse(name, args=["pos"]), query)
        assert response.status_code == 200, (name, query)
        assert "81.25" in response.content.decode()  # the whole ladder, as without the query
