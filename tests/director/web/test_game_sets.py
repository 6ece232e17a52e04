"""Game-set pages: deal with a commitment (seed secret until revealed), import a file, record by hand."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from director.deals.models import GameSet, GameSetFile
from director.events import lineup
from director.events import services as events
from director.movements import services as movements
from scoring import gamesets
from scoring.cards import format_hand

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SEED = "ab" * 16


@pytest.fixture
def duplicate(client, director_a, club_a, players_a):
    event = events.create_event(club=club_a, name="Duplicate night", date="2025-04-01", type="duplicate-pairs", games=2)
    lineup.draw_partnerships(event=event, players=players_a[:8], seed=3)
    movements.seat_event(event=event)
    client.force_login(director_a)
    return event


def sets_url(event):
    return reverse("deals:sets", args=[event.pk])


def record_url(event, number=1):
    return reverse("deals:record", args=[event.pk, number])


def hands_of(game_set) -> dict:
    return {f"hand-{d}-{s}": format_hand(game_set.hand(d - 1, s)) for d in range(1, 5) for s in "SHDC"}


def test_deal_sets_shows_the_commitment_and_keeps_the_seed_secret(client, duplicate):
    response = client.post(
        sets_url(duplicate),
        {"action": "generate", "generate-count": "2", "generate-first_dealer": "S", "generate-orientation": "SDHC"},
    )
    assert response.status_code == 302
    set_file = GameSetFile.objects.get(event=duplicate)
    page = client.get(sets_url(duplicate)).content.decode()
    assert set_file.commitment in page and set_file.seed not in page
    client.post(sets_url(duplicate), {"action": "reveal"})
    page = client.get(sets_url(duplicate)).content.decode()
    assert set_file.seed in page
    # Anyone can now re-deal from the seed and check the commitment.
    assert gamesets.commitment(gamesets.deal_game_sets(2, set_file.seed)) == set_file.commitment


def test_dealing_again_needs_replace(client, duplicate):
    data = {"action": "generate", "generate-count": "2", "generate-first_dealer": "S", "generate-orientation": "SDHC"}
    client.post(sets_url(duplicate), data)
    commitment = GameSetFile.objects.get(event=duplicate).commitment
    response = client.post(sets_url(duplicate), data)
    assert response.status_code == 400
    assert "replace them explicitly" in " ".join(response.context["generate_form"].errors["count"])
    assert GameSetFile.objects.get(event=duplicate).commitment == commitment


def test_import_a_file(client, duplicate):
    document = gamesets.game_sets_to_json(gamesets.deal_game_sets(2, SEED))
    upload = SimpleUploadedFile("sets.json", json.dumps(document).encode())
    assert client.post(sets_url(duplicate), {"action": "import", "import-file": upload}).status_code == 302
    assert GameSet.objects.filter(event=duplicate, complete=True).count() == 2
    assert client.get(record_url(duplicate, 2)).status_code == 200


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        ("drop a card", "12 cards, not 13"),
    ],
)
def test_a_bad_file_is_refused_with_its_message_and_writes_nothing(client, duplicate, content, message):
    if content == "drop a card":
        document = gamesets.game_sets_to_json(gamesets.deal_game_sets(1, SEED))
        document.pop("commitment", None)
        document["sets"][0]["deals"][0]["S"] = document["sets"][0]["deals"][0]["S"][:-1]
        content = json.dumps(document).encode()
    upload = SimpleUploadedFile("sets.json", content)
    response = client.post(sets_url(duplicate), {"action": "import", "import-file": upload})
    assert response.status_code == 400
    errors = " ".join(response.context["import_form"].errors["file"])
    assert message in errors, errors
    assert not GameSet.objects.exists() and not GameSetFile.objects.exists()


def test_record_fifteen_hands_and_fill_the_last(client, duplicate):
    dealt = gamesets.deal_game_set(1, SEED)
    hands = hands_of(dealt)
    hands["hand-4-C"] = ""
    response = client.post(
        record_url(duplicate), {**hands, "first_dealer": "S", "orientation": "SDHC", "action": "save"}
    )
    assert response.status_code == 302
    row = GameSet.objects.get(event=duplicate, number=1)
    assert not row.complete
    page = client.get(record_url(duplicate)).content.decode()
    assert "deal 4 C (0 cards)" not in page  # the empty hand is not an error, just incomplete
    client.post(record_url(duplicate), {**hands, "first_dealer": "S", "orientation": "SDHC", "action": "fill"})
    row.refresh_from_db()
    assert row.complete
    assert sorted(row.deals[3]["C"]) == sorted(str(c) for c in dealt.hand(3, "C"))
    # Set 1 is complete but the seating also plays set 2: no commitment yet, it would still change.
    assert GameSetFile.objects.get(event=duplicate).commitment == ""


@pytest.mark.parametrize(
    ("hand", "text", "message"),
    [
        ("hand-2-H", "S AKQ72 H 9 D 5 C T8X", "'X' in 'T8X' is not a rank"),
        ("hand-1-S", "S AAAAA", "AS"),  # a fifth ace of spades
        ("hand-3-D", "S AKQJT98765432 H 2", "14 cards, more than 13"),
    ],
)
def test_a_bad_hand_is_refused_next_to_it_and_nothing_is_saved(client, duplicate, hand, text, message):
    dealt = gamesets.deal_game_set(1, SEED)
    hands = {k: "" for k in hands_of(dealt)}
    hands["hand-1-H"] = "S AAAA"
    hands[hand] = text
    response = client.post(
        record_url(duplicate), {**hands, "first_dealer": "S", "orientation": "SDHC", "action": "save"}
    )
    assert response.status_code == 400
    shown = next(h for d in response.context["deals"] for h in d["hands"] if h["name"] == hand)
    assert any(message in e for e in shown["errors"]), shown["errors"]
    assert shown["value"] == text  # what was typed stays in the box
    assert not GameSet.objects.exists()  # not even the good hand 1 H


def test_imported_sets_are_shown_not_edited(client, duplicate):
    client.post(
        sets_url(duplicate),
        {"action": "generate", "generate-count": "2", "generate-first_dealer": "S", "generate-orientation": "SDHC"},
    )
    before = GameSet.objects.get(event=duplicate, number=1).deals
    page = client.get(record_url(duplicate)).content.decode()
    assert "readonly" in page
    client.post(record_url(duplicate), {"hand-1-S": "S A", "action": "save"})
    assert GameSet.objects.get(event=duplicate, number=1).deals == before
