import datetime
import json

import pytest

from director.core.errors import Conflict, ValidationError
from director.deals import selectors
from director.deals import services as deals
from director.deals.adapters import hand_text, to_game_set
from director.deals.models import GameSet, GameSetFile
from director.events import services as events
from scoring import gamesets

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


@pytest.fixture
def dup_event(club_a):
    return events.create_event(
        club=club_a, name="Duplicate", date=datetime.date(2025, 3, 21), type="duplicate-pairs", games=3
    )


def test_generate_stores_commitment_and_hides_the_seed(dup_event, director_a):
    set_file = deals.generate_game_sets(event=dup_event, by=director_a)
    rows = list(selectors.game_sets_of(dup_event))
    assert [r.number for r in rows] == [1, 2, 3] and all(r.complete for r in rows)
    assert set_file.source == GameSetFile.Source.GENERATED
    assert set_file.commitment == gamesets.commitment(to_game_set(r) for r in rows)
    assert set_file.seed and set_file.public_seed == ""
    revealed = deals.reveal_seed(event=dup_event)
    assert revealed.public_seed == set_file.seed
    # Anyone with the seed regenerates the same sets.
    again = gamesets.deal_game_sets(3, revealed.seed)
    assert gamesets.commitment(again) == set_file.commitment


def test_generate_refuses_to_overwrite_unless_asked(dup_event):
    deals.generate_game_sets(event=dup_event, seed="00" * 16)
    with pytest.raises(Conflict, match="already has game sets"):
        deals.generate_game_sets(event=dup_event)
    deals.generate_game_sets(event=dup_event, count=2, replace=True)
    assert GameSet.objects.filter(event=dup_event).count() == 2


@pytest.mark.parametrize("count", ["three", 0, -1])
def test_generate_bad_count(dup_event, count):
    with pytest.raises(ValidationError, match="number of game sets"):
        deals.generate_game_sets(event=dup_event, count=count)
    assert not GameSet.objects.exists() and not GameSetFile.objects.exists()


def _file(n=2, seed="ab" * 16):
    return gamesets.game_sets_to_json(gamesets.deal_game_sets(n, seed), seed)


def test_import_a_file(dup_event):
    document = _file()
    set_file = deals.import_game_sets(event=dup_event, data=json.dumps(document).encode(), file_name="friday.json")
    assert set_file.source == "imported" and set_file.commitment == document["commitment"]
    assert set_file.seed == "ab" * 16 and not set_file.seed_revealed
    assert GameSet.objects.filter(event=dup_event).count() == 2


def test_import_refuses_a_set_with_207_cards_and_writes_nothing(dup_event):
    document = _file()
    document["sets"][1]["deals"][2]["H"] = document["sets"][1]["deals"][2]["H"][:-1]
    document["commitment"] = "0" * 64
    with pytest.raises(ValidationError, match="game set 2") as caught:
        deals.import_game_sets(event=dup_event, data=document)
    assert any("12 cards" in p or "207" in p or "deal 3" in p for p in caught.value.problems)
    assert not GameSet.objects.exists() and not GameSetFile.objects.exists()


def test_import_refuses_a_wrong_commitment_and_bad_json(dup_event):
    document = _file()
    document["commitment"] = "f" * 64
    with pytest.raises(ValidationError, match="commitment"):
        deals.import_game_sets(event=dup_event, data=document)
    with pytest.raises(ValidationError, match="not JSON"):
        deals.import_game_sets(event=dup_event, data="{nope")
    assert not GameSet.objects.exists()


def _hands(game_set):
    return [(d, seat, " ".join(str(c) for c in game_set.deals[d - 1][seat])) for d in range(1, 5) for seat in "SHDC"]


def test_record_by_hand_and_fill_the_last_hand(dup_event):
    source = gamesets.deal_game_sets(1, "cd" * 16)[0]
    hands = _hands(source)
    for deal, seat, text in hands[:-1]:
        deals.record_hand(event=dup_event, number=1, deal=deal, seat=seat, text=text)
    row = GameSet.objects.get(event=dup_event, number=1)
    state = selectors.recording_state(row)
    assert not row.complete and state.can_fill_last and state.remaining_count == 13
    assert state.incomplete == ["deal 4 C (0 cards)"]
    row = deals.fill_last_hand(game_set=row)
    assert row.complete
    assert sorted(map(str, to_game_set(row).deals[3]["C"])) == sorted(map(str, source.deals[3]["C"]))
    set_file = GameSetFile.objects.get(event=dup_event)
    assert set_file.source == "recorded" and set_file.commitment == gamesets.commitment([source])


def test_record_hand_in_suit_grouped_notation(dup_event):
    row = deals.record_hand(event=dup_event, number=2, deal=1, seat="S", text="♠ AKQ72 h 9 D 5 C 10 8")
    assert row.deals[0]["S"] == ["AS", "KS", "QS", "7S", "2S", "9H", "5D", "TC", "8C"]
    assert hand_text(row, 1, "S") == "S AKQ72 H 9 D 5 C T8"


@pytest.mark.parametrize(
    "text,message",
    [
        ("S AKX", "'X'"),
        ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH", "14 cards, more than 13"),
    ],
)
def test_record_hand_refuses_bad_hands(dup_event, text, message):
    with pytest.raises(ValidationError, match=message) as caught:
        deals.record_hand(event=dup_event, number=1, deal=2, seat="H", text=text)
    assert caught.value.field == "hands.2.H"
    assert not GameSet.objects.exists()


def test_record_hand_refuses_a_fifth_copy(dup_event):
    deals.record_hand(event=dup_event, number=1, deal=1, seat="S", text="AS AS AS")
    with pytest.raises(ValidationError, match="AS typed 5 times"):
        deals.record_hand(event=dup_event, number=1, deal=1, seat="H", text="AS AS")
    assert GameSet.objects.get().deals[0]["H"] == []


def test_fill_last_hand_needs_fifteen_hands(dup_event):
    row = deals.record_hand(event=dup_event, number=1, deal=1, seat="S", text="AS")
    with pytest.raises(ValidationError, match="missing"):
        deals.fill_last_hand(game_set=row)


def test_recording_is_refused_on_generated_sets(dup_event):
    deals.generate_game_sets(event=dup_event)
    with pytest.raises(Conflict, match="were generated"):
        deals.record_hand(event=dup_event, number=1, deal=1, seat="S", text="AS")


def test_release_hands_reveals_the_seed(dup_event):
    assert not selectors.hands_visible(dup_event, director=False)
    deals.generate_game_sets(event=dup_event)
    set_file = deals.release_hands(event=dup_event)
    dup_event.refresh_from_db()
    assert set_file.released and set_file.seed_revealed and dup_event.hands_released
    assert selectors.hands_visible(dup_event, director=False)
