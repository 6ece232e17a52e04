"""Every director page: 200 for the club's director, 404 for another club's director, the sign-in
page for anyone anonymous; the home page sends a director to their club."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.deals import services as deals
from director.events import services as events

pytestmark = pytest.mark.django_db


@pytest.fixture
def duplicate_a(club_a, players_a, director_a):
    event = events.create_event(club=club_a, name="Duplicate night", date="2025-04-01", type="duplicate-pairs", games=2)
    events.draw_partnerships(event=event, players=players_a[:8], seed=3)
    deals.generate_game_sets(event=event, count=2, seed="00" * 16)
    deals.record_hand  # noqa: B018  (the recording page needs no set to exist)
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


def test_the_director_sees_every_page(client, director_a, club_a, progressive_a):
    client.force_login(director_a)
    for url in page_urls(club_a, progressive_a):
        response = client.get(url, follow=True)
        assert response.status_code == 200, url


def test_another_clubs_director_gets_404(client, director_b, club_b, club_a, progressive_a):
    client.force_login(director_b)
    for url in page_urls(club_a, progressive_a)[1:]:
        assert client.get(url).status_code == 404, url


def test_anonymous_is_sent_to_sign_in(client, club_a, progressive_a):
    for url in page_urls(club_a, progressive_a):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login")), url


def test_home_sends_a_director_to_their_club(client, director_a, club_a):
    client.force_login(director_a)
    response = client.get("/", follow=True)
    assert response.redirect_chain[-1][0] == reverse("clubs:dashboard", args=[club_a.slug])
    assert club_a.name in response.content.decode()
