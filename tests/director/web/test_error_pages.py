"""What players and the public see when an address is wrong or the server fails: the app's own
small pages, never Django's debug pages (the URL list, settings, a traceback); and a results page
the director has not released yet says so plainly."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import path

from director.events import services as events

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

DJANGO_PAGES = ("URLconf", "Using the URLconf", "Traceback", "settings", "DEBUG", "Request Method")


def boom(request):
    raise RuntimeError("the secret key is hunter2")


# This module doubles as a URLconf for the 500 test (pytest.mark.urls), with the project's handlers.
urlpatterns = [path("boom/", boom)]
handler404 = "director.core.views.page_not_found"


def assert_friendly(response, status: int, heading: str):
    text = response.content.decode()
    assert response.status_code == status
    assert heading in text
    for giveaway in DJANGO_PAGES:
        assert giveaway not in text, giveaway
    assert len(response.content) < 4000  # a page, not a 131 KB report
    assert "calypso.css" in text  # in the site's style


@pytest.mark.parametrize(
    "url",
    [
        "/t/",  # a table address cut short
        "/t/not-a-token/extra/part/",
        "/table/3/",
        "/p/no-such-club/",
        "/p/no-such-club/1/",
        "/static/no-such-file.js",
    ],
)
def test_a_mistyped_address_gets_the_apps_own_small_404(client, url):
    assert_friendly(client.get(url), 404, "Page not found")


def test_a_director_asking_for_an_event_that_is_not_theirs_gets_the_same_page(client, director_a, club_b):
    client.force_login(director_a)
    assert_friendly(client.get("/events/999999/"), 404, "Page not found")


def test_debug_pages_are_off_in_the_test_settings_as_in_make_run(settings):
    # pytest-django turns DEBUG off; the settings' own default is checked in tests/director/audit.
    assert settings.DEBUG is False


@pytest.mark.urls(__name__)
def test_a_server_error_gets_the_apps_own_500_and_leaks_nothing():
    response = Client(raise_request_exception=False).get("/boom/")
    assert_friendly(response, 500, "Something went wrong")
    assert "hunter2" not in response.content.decode()


@pytest.fixture
def night(club_a, players_a, director_a):
    from tests.director.conftest import make_progressive

    return make_progressive(club_a, players_a, tables=2, by=director_a)


def test_an_unreleased_public_event_is_a_plain_not_published_yet_page(client, club_a, night):
    base = f"/p/{club_a.slug}/{night.pk}/"
    for url in (base, base + "standings.json", base + "cards/", base + "sets/"):
        response = client.get(url)
        assert_friendly(response, 404, "Not published yet")
        assert night.name not in response.content.decode()  # nothing of the event shows
    events.set_public_switches(event=night, standings_released=True)
    assert client.get(base).status_code == 200
    # Score cards are a switch of their own: still not published.
    assert_friendly(client.get(base + "cards/"), 404, "Not published yet")


def test_an_event_of_another_club_is_not_found_rather_than_not_published(client, club_a, club_b, night):
    assert_friendly(client.get(f"/p/{club_b.slug}/{night.pk}/"), 404, "Page not found")


def test_a_refused_request_gets_the_apps_own_400(client):
    """A request Django refuses as it reads it (here more form fields than a request may carry) gets
    the app's small page, not Django's bare "Bad Request (400)"."""
    from django.conf import settings

    fields = {f"f{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    assert_friendly(client.post("/login/", fields), 400, "The request was refused")
