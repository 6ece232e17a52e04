"""The score entry page: sheets saved through results.services, re-checked by the server; one bad
sheet keeps the whole page unsaved with the problem next to its table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from director.results.models import Submission

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

GOOD = {  # majors 1340, minors 2340
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}


def form_data(table: int, sheet: dict, **overrides) -> dict:
    data = {}
    for seat in "SHDC":
        data[f"t{table}-cal-{seat}"] = sheet["calypsos"][seat]
        data[f"t{table}-unf-{seat}"] = sheet["unfinished"][seat]
        data[f"t{table}-rev-{seat}"] = sheet["revokes"][seat] or ""
    for side in ("majors", "minors"):
        data[f"t{table}-pile-{side}"] = sheet["trick_piles"][side]
    data.update({f"t{table}-{k}": v for k, v in overrides.items()})
    return data


@pytest.fixture(autouse=True)
def _signed_in(client, director_a):
    """Every test here works the page as dora (``running`` is the shared started event)."""
    client.force_login(director_a)


def url(event, game=1):
    return reverse("results:entry", args=[event.pk, game])


def card_errors(response, table):
    return next(c["errors"] for c in response.context["cards"] if c["cell"].table.number == table)


def test_the_page_lists_every_table_with_its_seats(client, running):
    response = client.get(url(running))
    assert [c["cell"].table.number for c in response.context["cards"]] == [1, 2, 3, 4]
    page = response.content.decode()
    assert 'name="t4-pile-minors"' in page and "Missing: tables 1, 2, 3, 4" in page


def test_saving_sheets_confirms_them_with_their_scores(client, running, random_sheet):
    other = random_sheet()
    response = client.post(url(running), {**form_data(1, GOOD), **form_data(3, other)})
    assert response.status_code == 302
    saved = {s.table.number: s for s in Submission.objects.filter(round__event=running)}
    assert set(saved) == {1, 3}
    assert (saved[1].majors, saved[1].minors, saved[1].net, saved[1].status) == (1340, 2340, -1000, "confirmed")
    assert saved[1].source == "director" and saved[1].submitted_by_user.username == "dora"
    page = client.get(url(running)).content.decode()
    assert "Missing: tables 2, 4" in page and "1340" in page


def test_resaving_an_unchanged_sheet_writes_no_new_version(client, running):
    client.post(url(running), form_data(1, GOOD))
    client.post(url(running), form_data(1, GOOD))
    assert Submission.objects.filter(round__event=running).count() == 1
    corrected = {**GOOD, "trick_piles": {"majors": 65, "minors": 80}}
    client.post(url(running), form_data(1, corrected))
    versions = list(
        Submission.objects.filter(round__event=running).order_by("version").values_list("status", flat=True)
    )
    assert versions == ["superseded", "confirmed"]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"pile-minors": "80"}, "cards add up to 203, not 208: 5 cards missing"),
        ({"cal-S": "one"}, "calypsos.S must be a whole number, not 'one'"),
        ({"unf-H": "-1"}, "counts cannot be negative"),
        ({"unf-D": "13"}, "an unfinished calypso holds 0–12 cards"),
        ({"pile-majors": ""}, "trick_piles.majors is missing"),  # a box left blank
    ],
)
def test_a_bad_sheet_is_refused_next_to_its_table_and_nothing_is_written(client, running, overrides, message):
    response = client.post(url(running), {**form_data(1, GOOD), **form_data(2, GOOD, **overrides)})
    assert response.status_code == 400
    assert any(message in e for e in card_errors(response, 2)), card_errors(response, 2)
    assert card_errors(response, 1) == []
    assert not Submission.objects.exists()  # table 1 was fine but is not half-saved either
    page = response.content.decode()
    assert "Nothing was saved" in page
    assert 'value="80"' in page or overrides != {"pile-minors": "80"}  # what was typed is kept


def test_a_blank_page_saves_nothing(client, running):
    response = client.post(url(running), {}, follow=True)
    assert "Nothing to save" in response.content.decode()
    assert not Submission.objects.exists()


def test_an_unknown_game_is_404(client, running):
    assert client.get(url(running, 9)).status_code == 404
