"""Every director page: 200 for the club's director, 404 for another club's director, the sign-in
page for anyone anonymous; the home page sends a director to their club."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.movements import services as movements

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def duplicate_a(club_a, players_a, director_a):
    event = events.create_event(club=club_a, name="Duplicate night", date="2025-04-01", type="duplicate-pairs", games=2)
    lineup.draw_partnerships(event=event, players=players_a[:8], seed=3)
    movements.seat_event(event=event)
    deals.generate_game_sets(event=event, count=2, seed="00" * 16)
    return event


def page_urls(club, event):
    return [
        reverse("clubs:choose"),
        reverse("clubs:dashboard", args=[club.slug]),
        reverse("clubs:players", args=[club.slug]),
        reverse("clubs:new_event", args=[club.slug]),
        reverse("events:detail", args=[event.pk]),
        reverse("results:entry", args=[event.pk, 1]),
        reverse("deals:sets", args=[event.pk]),
        reverse("deals:record", args=[event.pk, 1]),
    ]


def post_urls(club, event):
    return [
        reverse("clubs:players", args=[club.slug]),
        reverse("clubs:new_event", args=[club.slug]),
        reverse("events:start", args=[event.pk]),
        reverse("events:finish", args=[event.pk]),
        reverse("events:switches", args=[event.pk]),
        reverse("events:close_round", args=[event.pk, 1]),
        reverse("events:reopen_round", args=[event.pk, 1]),
        reverse("events:reissue_token", args=[event.pk, 1]),
        reverse("results:entry", args=[event.pk, 1]),
        reverse("deals:sets", args=[event.pk]),
        reverse("deals:record", args=[event.pk, 1]),
    ]


@pytest.mark.parametrize("which", ["progressive_a", "duplicate_a"])
def test_the_director_sees_every_page(client, director_a, club_a, which, request):
    event = request.getfixturevalue(which)
    client.force_login(director_a)
    for url in page_urls(club_a, event):
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        assert response.redirect_chain == [] or url == reverse("clubs:choose"), url


def test_another_clubs_director_gets_404_and_changes_nothing(client, director_b, club_b, club_a, duplicate_a):
    client.force_login(director_b)
    before = (duplicate_a.status, list(duplicate_a.tables.values_list("token", flat=True)))
    for url in page_urls(club_a, duplicate_a)[1:]:
        assert client.get(url).status_code == 404, url
    for url in post_urls(club_a, duplicate_a):
        assert client.post(url, {"action": "reveal", "add-name": "Intruder"}).status_code == 404, url
    duplicate_a.refresh_from_db()
    assert (duplicate_a.status, list(duplicate_a.tables.values_list("token", flat=True))) == before
    assert not club_a.players.filter(name="Intruder").exists()
    assert not duplicate_a.set_file.seed_revealed


def test_a_player_who_directs_nothing_sees_no_club(client, player_user, club_a, progressive_a):
    client.force_login(player_user)
    assert "do not direct any club" in client.get(reverse("clubs:choose")).content.decode()
    assert client.get(reverse("clubs:dashboard", args=[club_a.slug])).status_code == 404
    assert client.get(reverse("events:detail", args=[progressive_a.pk])).status_code == 404
    assert client.get("/").status_code == 200  # the plain home page


def test_anonymous_is_sent_to_sign_in(client, club_a, progressive_a):
    for url in page_urls(club_a, progressive_a) + post_urls(club_a, progressive_a):
        response = client.get(url) if url in page_urls(club_a, progressive_a) else client.post(url)
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login")), url


def test_home_sends_a_director_to_their_club(client, director_a, club_a):
    client.force_login(director_a)
    response = client.get("/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("clubs:dashboard", args=[club_a.slug])
    assert club_a.name in response.content.decode()


def test_a_director_of_two_clubs_chooses(client, director_a, club_a, director_b, club_b):
    from director.clubs import services as clubs

    clubs.add_director(club=club_b, user=director_a)
    client.force_login(director_a)
    page = client.get("/", follow=True).content.decode()
    assert club_a.name in page and club_b.name in page
    assert client.get(reverse("clubs:dashboard", args=[club_b.slug])).status_code == 200


def test_the_dashboard_lists_the_clubs_events_only(client, director_a, club_a, progressive_a, club_b, players_b):
    other = events.create_event(club=club_b, name="Sando night", date="2025-03-01")
    client.force_login(director_a)
    page = client.get(reverse("clubs:dashboard", args=[club_a.slug])).content.decode()
    assert progressive_a.name in page and reverse("events:detail", args=[progressive_a.pk]) in page
    assert other.name not in page


def test_the_event_page_shows_the_grid_and_where_next(client, director_a, progressive_a):
    client.force_login(director_a)
    page = client.get(reverse("events:detail", args=[progressive_a.pk])).content.decode()
    assert page.count('class="cell status-') == 4 * 4  # 4 tables × 4 games
    assert "Where next" in page
    for table in progressive_a.tables.all():
        assert table.token in page


def test_the_event_page_says_where_next_only_for_the_games_seated(client, director_a, club_a, players_a):
    """The where-next table reads the one where-next (movements.selectors.path): before the night is
    seated there is none, and a game not seated yet is a dash — not "sits out" (which it used to
    say of every partnership in every game not seated)."""
    import re

    event = events.create_event(club=club_a, name="Seated bit by bit", date="2025-03-14", games=3)
    lineup.draw_partnerships(event=event, players=players_a[:8], seed=1, fix_directions=True)
    client.force_login(director_a)
    url = reverse("events:detail", args=[event.pk])
    assert "Where next" not in client.get(url).content.decode()
    movements.apply_plan(event=event, plan=[{1: {"majors": 1, "minors": 3}, 2: {"majors": 2, "minors": 4}}])
    page = client.get(url).content.decode()
    section = page[page.index("<h2>Where next</h2>") : page.index("</section>", page.index("<h2>Where next</h2>"))]
    rows = re.findall(r"<tr><th><b>(\d)</b>.*?</tr>", section, re.S)
    assert rows == ["1", "2", "3", "4"]
    cells = re.findall(r'<td class="center">(.*?)</td>', section, re.S)
    cells = [re.sub(r"<[^>]+>|\s+", " ", cell).split() for cell in cells]
    assert cells[:3] == [["Table", "1", "♠♥", "v", "3"], ["—"], ["—"]]
    assert "sits out" not in section
