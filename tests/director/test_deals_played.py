"""A recorded game set that is complete and has been played keeps its hands and options: changing
them would falsify the results and the announced commitment. A set still being recorded may be
finished after its first table played it."""

from __future__ import annotations

import pytest

from director.core.errors import Conflict
from director.deals import services as deals
from director.deals.models import GameSet, GameSetFile
from director.events import services as events
from director.results import services as results
from scoring import gamesets
from tests.director.test_deals_commitment import SEED, duplicate, record_set  # noqa: F401  (duplicate is a fixture)

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def play_set_one(event, sheet) -> None:
    """Game 1's first table (which plays set 1) hands in its sheet."""
    round1 = event.rounds.get(number=1)
    seating = round1.seatings.filter(game_set_number=1).select_related("table").first()
    results.enter_sheet(table=seating.table, round=round1, sheet=sheet)


def test_a_played_complete_set_cannot_change(duplicate, sheet):  # noqa: F811
    first, second = gamesets.deal_game_sets(2, SEED)
    record_set(duplicate, first)
    record_set(duplicate, second)
    events.start_event(event=duplicate)
    announced = GameSetFile.objects.get(event=duplicate).commitment
    assert announced == gamesets.commitment([first, second])
    play_set_one(duplicate, sheet)
    before = GameSet.objects.get(event=duplicate, number=1).deals

    with pytest.raises(Conflict, match="game set 1 is complete and has been played") as refused:
        deals.record_hand(event=duplicate, number=1, deal=1, seat="S", text="")
    assert refused.value.field == "hands.1.S"
    with pytest.raises(Conflict, match="has been played") as refused:
        deals.set_game_set_options(game_set=GameSet.objects.get(event=duplicate, number=1), first_dealer="H")
    assert refused.value.field == "first_dealer"

    row = GameSet.objects.get(event=duplicate, number=1)
    assert (row.deals, row.first_dealer, row.complete) == (before, "S", True)
    assert GameSetFile.objects.get(event=duplicate).commitment == announced
    # Set 2 has not been played yet: it can still be put right.
    deals.record_hand(event=duplicate, number=2, deal=1, seat="S", text="")
    assert not GameSet.objects.get(event=duplicate, number=2).complete


def test_a_set_can_be_finished_after_its_first_table_played_it(duplicate, sheet):  # noqa: F811
    first, _ = gamesets.deal_game_sets(2, SEED)
    events.start_event(event=duplicate, force=True)  # no set recorded yet: on purpose (#14.5)
    play_set_one(duplicate, sheet)  # dealt at the table, recorded afterwards for the next tables
    record_set(duplicate, first)
    row = GameSet.objects.get(event=duplicate, number=1)
    assert row.complete
    assert row.deals == gamesets.GameSet.to_dict(first.canonical())["deals"]
