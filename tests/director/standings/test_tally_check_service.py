"""The tally-card cross-check is a service (standings.tally_check): it reads the figures as
written, saves the cards that changed and checks them; the page and the API only pass the cells."""

import pytest

from director.standings.models import TallyCardEntry
from director.standings.tally_check import cell_name, check_tally_cards

from .test_forms import cards_as_written

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_the_service_reads_saves_and_cross_checks_the_cards(progressive, director_a):
    check = check_tally_cards(event=progressive, typed=cards_as_written({(5, 2): "+60"}), by=director_a)
    assert check.errors == {} and len(check.written) == 6
    assert (2, 3) in [(d.game, d.table) for d in check.discrepancies]
    assert cell_name(5, 2) in check.flagged
    # Nothing typed: the cards saved last time are checked again, nothing is written.
    again = check_tally_cards(event=progressive)
    assert again.values[cell_name(5, 2)] == "+60" and again.written == []
    assert (2, 3) in [(d.game, d.table) for d in again.discrepancies]


def test_a_figure_that_is_not_a_net_stops_the_saving_and_the_check(progressive, director_a):
    check = check_tally_cards(event=progressive, typed=cards_as_written({(1, 1): "12O"}), by=director_a)
    assert "is not a net" in check.errors[cell_name(1, 1)]
    assert check.discrepancies is None and not TallyCardEntry.objects.exists()


def test_cards_checked_against_each_other_only(progressive, director_a):
    check = check_tally_cards(event=progressive, typed=cards_as_written(), against_sheets=False, by=director_a)
    assert check.discrepancies == [] and not check.against_sheets
