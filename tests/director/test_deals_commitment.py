"""The commitment is offered for announcement only once it is final: every set the seating plays
exists and every set is complete. Before that the page says which sets are missing, and nothing
(stored value, page, event summary) carries a hash that the next set would change."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.deals import selectors
from director.deals import services as deals
from director.deals.models import GameSetFile
from director.events import services as events
from director.movements import night
from scoring import gamesets
from scoring.cards import format_hand

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SEED = "ab" * 16


@pytest.fixture
def duplicate(client, director_a, club_a, players_a):
    """Duplicate pairs, 8 players, two games: the seating plays sets 1 and 2."""
    client.force_login(director_a)
    return night.set_up_night(
        club=club_a,
        name="Recorded dup",
        date="2025-04-01",
        type="duplicate-pairs",
        games=2,
        players=[p.pk for p in players_a[:8]],
        seed=3,
    )


def record_set(event, game_set):
    for deal in range(1, 5):
        for seat in "SHDC":
            text = format_hand(game_set.hand(deal - 1, seat))
            deals.record_hand(event=event, number=game_set.number, deal=deal, seat=seat, text=text)


def sets_page(client, event) -> str:
    return client.get(reverse("deals:sets", args=[event.pk])).content.decode()


def test_no_commitment_to_announce_while_a_set_the_seating_plays_is_missing(client, duplicate):
    assert selectors.sets_needed(duplicate) == [1, 2]
    first, second = gamesets.deal_game_sets(2, SEED)
    record_set(duplicate, first)
    provisional = gamesets.commitment([first])
    page = sets_page(client, duplicate)
    assert "announce or print it before play" not in page
    assert provisional not in page
    assert "No commitment can be announced yet" in page and "Set 2 is missing" in page
    # Neither stored (so the API and the event page do not serve it) nor offered by the selector.
    assert GameSetFile.objects.get(event=duplicate).commitment == ""
    state = selectors.commitment_state(duplicate)
    assert not state.final and state.missing == (2,) and state.incomplete == ()
    assert provisional not in client.get(reverse("events:detail", args=[duplicate.pk])).content.decode()

    record_set(duplicate, second)
    final = gamesets.commitment([first, second])
    page = sets_page(client, duplicate)
    assert "announce or print it before play" in page and final in page
    assert "No commitment can be announced yet" not in page
    assert GameSetFile.objects.get(event=duplicate).commitment == final
    assert selectors.commitment_state(duplicate).value == final


def test_a_set_being_recorded_keeps_the_commitment_back(client, duplicate):
    first, second, third = gamesets.deal_game_sets(3, SEED)
    record_set(duplicate, first)
    record_set(duplicate, second)
    deals.record_hand(event=duplicate, number=3, deal=1, seat="S", text=format_hand(third.hand(0, "S")))
    page = sets_page(client, duplicate)
    assert "Set 3 is still being recorded" in page and "announce or print it before play" not in page
    assert GameSetFile.objects.get(event=duplicate).commitment == ""


def test_generated_sets_that_do_not_cover_the_seating_are_not_announced(client, duplicate):
    set_file = deals.generate_game_sets(event=duplicate, count=1, seed=SEED)
    page = sets_page(client, duplicate)
    assert set_file.commitment not in page
    assert "Set 2 is missing" in page and "Deal or import the sets again" in page
    deals.generate_game_sets(event=duplicate, count=2, seed=SEED, replace=True)
    state = selectors.commitment_state(duplicate)
    assert state.final and state.value == gamesets.commitment(gamesets.deal_game_sets(2, SEED))
    assert state.value in sets_page(client, duplicate)


def test_an_event_seated_without_game_sets_announces_once_every_recorded_set_is_complete(club_a):
    event = events.create_event(club=club_a, name="No seating yet", date="2025-04-01", type="duplicate-pairs", games=2)
    (only,) = gamesets.deal_game_sets(1, SEED)
    record_set(event, only)
    assert selectors.sets_needed(event) == []
    assert selectors.commitment_state(event).value == gamesets.commitment([only])
    assert GameSetFile.objects.get(event=event).commitment == gamesets.commitment([only])


def test_the_event_page_shows_no_commitment_for_dealt_sets_that_do_not_cover_the_seating(client, duplicate):
    deals.generate_game_sets(event=duplicate, count=1, seed=SEED)
    partial = GameSetFile.objects.get(event=duplicate).commitment
    page = client.get(reverse("events:detail", args=[duplicate.pk])).content.decode()
    assert "no commitment yet: set 2 missing" in page
    assert not partial or partial[:17] not in page
    deals.generate_game_sets(event=duplicate, count=2, seed=SEED, replace=True)
    final = gamesets.commitment(gamesets.deal_game_sets(2, SEED))
    page = client.get(reverse("events:detail", args=[duplicate.pk])).content.decode()
    assert final[:17] in page and "no commitment yet" not in page
