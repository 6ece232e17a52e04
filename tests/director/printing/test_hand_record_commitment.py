"""Hand records printed from an event carry the commitment as it is announced: over every set the
seating plays, never a hash over the sets that happen to exist so far."""

from __future__ import annotations

import pytest

from director.deals.adapters import to_game_set
from director.deals.models import GameSet as GameSetRow
from director.printing.event_data import render_event
from director.printing.options import PrintInputError
from scoring import gamesets

from .helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_hand_records_print_the_commitment_of_every_set(duplicate_a):
    rows = GameSetRow.objects.filter(event=duplicate_a).order_by("number")
    announced = gamesets.commitment(to_game_set(row) for row in rows)
    text = "\n".join(pdf_pages(render_event("hand-records", duplicate_a)))
    assert text.count(announced) == rows.count()  # on every set's page


def test_with_a_set_the_seating_plays_missing_hand_records_are_refused(duplicate_a):
    GameSetRow.objects.filter(event=duplicate_a, number=3).delete()
    with pytest.raises(PrintInputError, match=r"the seating also plays set 3, not dealt or recorded yet"):
        render_event("hand-records", duplicate_a)
    # Envelopes of the sets that exist can still be made up while set 3 is being prepared.
    assert len(pdf_pages(render_event("envelopes", duplicate_a))) == 16 * 3
