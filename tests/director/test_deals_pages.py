"""Game-set pages name first dealers and orientations as the forms do, show a dealt set's options
as text (the commitment covers them), and word the record page's fill hint by the set's state."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from director.core.errors import Conflict
from director.deals import services as deals
from director.deals.models import GameSet, GameSetFile
from director.events import services as events
from scoring import gamesets
from scoring.cards import format_hand

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SEED = "cd" * 16


@pytest.fixture
def event(client, club_a, director_a):
    client.force_login(director_a)
    return events.create_event(
        club=club_a, name="Sets night", date=datetime.date(2025, 5, 2), type="duplicate-pairs", games=2
    )


def page(client, name, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


def test_the_sets_table_names_dealer_and_orientation_as_the_forms_do(client, event):
    deals.generate_game_sets(event=event, count=2, first_dealer="D", orientation="SCHD", seed=SEED)
    html = page(client, "deals:sets", event.pk)
    table = html[html.index('<table class="sets">') : html.index("</table>")]
    assert table.count("♦ Diamonds") == 2 and table.count("♠ → ♣ → ♥ → ♦") == 2
    assert "S→C→H→D" not in table and not re.search(r">\s*D\s*<", table)


def test_a_dealt_set_shows_its_options_as_text_not_as_dropdowns(client, event):
    deals.generate_game_sets(event=event, count=1, first_dealer="H", seed=SEED)
    html = page(client, "deals:record", event.pk, 1)
    assert 'name="first_dealer"' not in html and 'name="orientation"' not in html
    options = html[html.index('id="set-options"') :]
    options = options[: options.index("</p>")]
    assert "♥ Hearts" in options and "♠ → ♦ → ♥ → ♣" in options


def test_a_recorded_set_keeps_its_dropdowns(client, event):
    deals.record_hand(event=event, number=1, deal=1, seat="S", text="AS")
    html = page(client, "deals:record", event.pk, 1)
    assert 'name="first_dealer"' in html and 'name="orientation"' in html and 'id="set-options"' not in html


@pytest.mark.parametrize("change", [{"first_dealer": "C"}, {"orientation": "SCHD"}])
def test_a_dealt_sets_options_cannot_change_under_its_commitment(event, change):
    set_file = deals.generate_game_sets(event=event, count=2, seed=SEED)
    row = GameSet.objects.get(event=event, number=1)
    with pytest.raises(Conflict, match="covered by the commitment") as caught:
        deals.set_game_set_options(game_set=row, **change)
    assert caught.value.field == next(iter(change))
    row.refresh_from_db()
    assert (row.first_dealer, row.orientation) == ("S", "SDHC")
    assert GameSetFile.objects.get(event=event).commitment == set_file.commitment
    assert set_file.commitment == gamesets.commitment(gamesets.deal_game_sets(2, SEED))


def hands_posted(game_set, *, leave_out=()) -> dict:
    return {
        f"hand-{d}-{s}": "" if (d, s) in leave_out else format_hand(game_set.hand(d - 1, s))
        for d in range(1, 5)
        for s in "SHDC"
    }


def savebar(html: str) -> str:
    return html[html.index('<div class="savebar">') :].split("</div>", 1)[0]


def test_the_fill_hint_follows_the_sets_state(client, event):
    (dealt,) = gamesets.deal_game_sets(1, SEED)
    url = reverse("deals:record", args=[event.pk, 1])
    options = {"first_dealer": "S", "orientation": "SDHC", "action": "save"}
    client.post(url, {**hands_posted(dealt, leave_out={(4, "C"), (4, "D")}), **options})
    bar = savebar(page(client, "deals:record", event.pk, 1))
    assert 'id="fill-last"' in bar and "Type fifteen full hands" in bar

    client.post(url, {**hands_posted(dealt, leave_out={(4, "C")}), **options})
    bar = savebar(page(client, "deals:record", event.pk, 1))
    assert 'id="fill-last"' in bar and "The empty hand will get the 13 cards left" in bar

    assert client.post(url, {**hands_posted(dealt), **options}).status_code == 302
    assert GameSet.objects.get(event=event, number=1).complete
    bar = savebar(page(client, "deals:record", event.pk, 1))
    assert "All 16 hands are complete" in bar
    # No fill button, so the live script (hands.js) has no hint of its own to write there.
    assert 'id="fill-last"' not in bar and 'id="fill-hint"' not in bar and "Type fifteen" not in bar
