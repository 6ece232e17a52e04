"""The "New club night" form carries a one-time token: submitting the same form twice (browser
Back, then "Set up and seat the tables" again) sets up one night and links to it the second time."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from director.core.errors import Conflict
from director.events import services as events
from director.events.models import Event
from director.movements import night
from tests.director.api.helpers import client_for
from tests.director.web.test_forms import new_event

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def drawn_form(client, club) -> dict:
    page = client.get(reverse("clubs:new_event", args=[club.slug])).content.decode()
    token = re.search(r'name="once" value="([^"]+)"', page)
    assert token, "the form carries a one-time token"
    return {"once": token.group(1)}


def post(client, club, players, once, follow=False, **extra):
    """The club night form as a browser sends it (``players`` ticked, ``once`` its token)."""
    return new_event(client, club, follow=follow, players=[str(p.pk) for p in players], **once, **extra)


def test_the_same_form_submitted_again_sets_up_one_night_and_links_to_it(client, director_a, club_a, players_a):
    client.force_login(director_a)
    once = drawn_form(client, club_a)
    first = post(client, club_a, players_a[:8], once)
    event = Event.objects.get(club=club_a)
    assert first.status_code == 302 and first.url == reverse("events:detail", args=[event.pk])

    again = post(client, club_a, players_a[:8], once)  # Back, then submit again
    assert again.status_code == 409
    assert Event.objects.filter(club=club_a).count() == 1
    page = again.content.decode()
    assert "This form was already used" in page
    assert f'href="{reverse("events:detail", args=[event.pk])}"' in page
    # The page offers a fresh form (a new token) for a genuinely new night.
    fresh = re.search(r'name="once" value="([^"]+)"', page).group(1)
    assert fresh != once["once"]
    assert post(client, club_a, players_a[:8], {"once": fresh}, name="Saturday night").status_code == 302
    assert Event.objects.filter(club=club_a).count() == 2


def test_each_drawing_of_the_form_has_its_own_token(client, director_a, club_a):
    client.force_login(director_a)
    assert drawn_form(client, club_a) != drawn_form(client, club_a)


def test_the_service_refuses_a_used_token_and_writes_nothing(club_a, players_a):
    ids = [p.pk for p in players_a[:8]]
    night.set_up_night(club=club_a, name="Friday", date="2025-05-02", players=ids, seed=1, setup_token="tok-1")
    with pytest.raises(Conflict, match="already used") as refused:
        night.set_up_night(club=club_a, name="Friday", date="2025-05-02", players=ids, seed=1, setup_token="tok-1")
    assert refused.value.field == "setup_token"
    assert Event.objects.filter(club=club_a).count() == 1
    assert events.event_set_up_by(club_a, "tok-1").name == "Friday"


def test_back_fetches_the_form_again_with_a_new_token_and_the_same_night_is_refused(
    client, director_a, club_a, players_a
):
    """Chromium's Back fetches the form again (a new token) and puts the typed name and ticked
    players back: the night of that name and date is found instead of set up twice (#14.4)."""
    client.force_login(director_a)
    first = post(client, club_a, players_a[:8], drawn_form(client, club_a))
    event = Event.objects.get(club=club_a)
    assert first.status_code == 302
    twin = post(client, club_a, players_a[:8], drawn_form(client, club_a), name="  friday   NIGHT ")
    assert twin.status_code == 409
    assert Event.objects.filter(club=club_a).count() == 1
    page = twin.content.decode()
    assert "Friday night on 2 May 2025 is already set up" in page
    assert f'href="{reverse("events:detail", args=[event.pk])}"' in page
    assert 'name="again"' in page and 'value="Friday night"' not in page  # the form as it was sent
    # Another night of the same name and date, said so: set up.
    again = post(client, club_a, players_a[:8], drawn_form(client, club_a), again="on")
    assert again.status_code == 302
    assert Event.objects.filter(club=club_a, name="Friday night").count() == 2
    # Another date is another night.
    assert post(client, club_a, players_a[:8], drawn_form(client, club_a), date="2025-05-09").status_code == 302


def test_the_service_refuses_a_twin_and_writes_nothing(club_a, players_a):
    ids = [p.pk for p in players_a[:8]]
    night.set_up_night(club=club_a, name="Friday", date="2025-05-02", players=ids, seed=1)
    before = Event.objects.count()
    with pytest.raises(Conflict, match="already set up") as refused:
        night.set_up_night(club=club_a, name="FRIDAY", date="2025-05-02", players=ids, seed=1, new_players=["Ann"])
    assert refused.value.field == "twin"
    assert Event.objects.count() == before and not club_a.players.filter(name="Ann").exists()


def test_the_api_create_is_idempotent(director_a, club_a):
    """A retried POST /api/events/ with the same idempotency key returns the first event (#14.4)."""
    client = client_for(director_a)
    body = {"club": club_a.pk, "name": "API night", "date": "2025-05-02", "idempotency_key": "retry-1"}
    first = client.post("/api/events/", body, format="json")
    assert first.status_code == 201, first.content
    again = client.post("/api/events/", body, format="json")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert Event.objects.filter(club=club_a, name="API night").count() == 1
    other = client.post("/api/events/", {**body, "idempotency_key": "retry-2"}, format="json")
    assert other.status_code == 201
    too_long = client.post("/api/events/", {**body, "idempotency_key": "k" * 41}, format="json")
    assert too_long.status_code == 400
