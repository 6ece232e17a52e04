"""The projector's first paint: the clock is formatted on the server (m:ss), as the script will
draw it, so no raw count of seconds flashes before the script runs."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from director.events.models import Round

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def clock_html(html: str) -> str:
    return re.search(r'<span class="remaining">([^<]*)</span>', html)[1]


def test_a_clock_not_started_shows_the_whole_game(client, progressive, director_a):
    progressive.game_length_minutes = 45
    progressive.save(update_fields=["game_length_minutes"])
    Round.objects.filter(event=progressive).update(status="open", started_at=None)
    client.force_login(director_a)
    html = client.get(reverse("standings:projector", args=[progressive.pk])).content.decode()
    assert clock_html(html) == "45:00"
    assert 'class="clock idle"' in html and "The clock has not started" in html
    assert '<body class="playing"' not in html


@pytest.mark.parametrize(
    ("elapsed", "quarter"),
    [(125, 0), (16 * 60 + 1, 1), (31 * 60, 2), (50 * 60, 3)],
)
def test_a_running_clock_is_formatted_with_its_quarters(client, progressive, director_a, elapsed, quarter):
    progressive.game_length_minutes = 60
    progressive.save(update_fields=["game_length_minutes"])
    Round.objects.filter(event=progressive, number=1).update(
        status="open", started_at=timezone.now() - datetime.timedelta(seconds=elapsed)
    )
    client.force_login(director_a)
    html = client.get(reverse("standings:projector", args=[progressive.pk])).content.decode()
    shown = clock_html(html)
    assert re.fullmatch(r"\d+:\d\d", shown), shown
    minutes, seconds = map(int, shown.split(":"))
    left = 3600 - elapsed
    assert left - 3 <= minutes * 60 + seconds <= left  # a second or two may pass during the request
    assert html.count('class="done"') == quarter
    assert 'class="playing"' in html and "idle" not in html.split('class="clock', 1)[1].split(">", 1)[0]


def test_time_up_shows_zero(client, progressive, director_a):
    Round.objects.filter(event=progressive, number=1).update(
        status="open", started_at=timezone.now() - datetime.timedelta(hours=5)
    )
    client.force_login(director_a)
    html = client.get(reverse("standings:projector", args=[progressive.pk])).content.decode()
    assert clock_html(html) == "0:00" and 'class="clock time-up"' in html and ">Time<" in html
    assert html.count('class="done"') == 4 and '<body class="playing"' not in html
    payload = client.get(reverse("standings:projector_json", args=[progressive.pk])).json()
    assert payload["clock"]["remaining_text"] == "0:00"
