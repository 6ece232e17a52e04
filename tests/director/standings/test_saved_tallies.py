"""Paper tally cards typed into the cross-check page are saved (append-only versions with who and
when) and shown and checked again when the director comes back."""

import pytest
from django.db import IntegrityError
from django.urls import reverse

from director.standings import services
from director.standings.models import TallyCardEntry

from .test_forms import cards_as_written

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_checking_saves_every_card_typed_with_who_and_when(dora, progressive, director_a):
    url = reverse("standings:tallies", args=[progressive.pk])
    response = dora.post(url, {**cards_as_written({(5, 2): "+60"}), "c1-t": "-20"})
    assert response.status_code == 200
    rows = {r.entrant: r for r in TallyCardEntry.objects.filter(event=progressive)}
    assert set(rows) == {"1", "2", "3", "4", "5", "6"}
    assert all(r.version == 1 and r.entered_by == director_a and r.entered_at for r in rows.values())
    assert rows["1"].nets == {1: 120, 2: -200, 3: 60} and rows["1"].total == -20
    assert rows["5"].nets == {1: 40, 2: 60, 3: -60} and rows["5"].total is None
    assert "Saved 6 tally cards" in response.content.decode()

    # Coming back later: the cards are on the page and checked again, the disagreement flagged.
    html = dora.get(url).content.decode()
    assert 'name="c5-g2" value="+60"' in html and 'name="c1-t" value="-20"' in html
    assert "Table 3, game 2" in html and "wrote +60 but the scoresheet gives -40" in html
    assert "v1 · dora" in html


def test_a_correction_is_a_new_version_and_the_same_card_is_not_saved_twice(dora, progressive):
    url = reverse("standings:tallies", args=[progressive.pk])
    dora.post(url, cards_as_written({(5, 2): "+60"}))
    dora.post(url, cards_as_written({(5, 2): "+60"}))  # nothing changed
    assert TallyCardEntry.objects.filter(event=progressive).count() == 6
    html = dora.post(url, cards_as_written()).content.decode()  # 5's game 2 corrected to -40
    assert "Saved 1 tally card." in html and "All the cards agree with the scoresheets" in html
    versions = list(TallyCardEntry.objects.filter(event=progressive, entrant="5").values_list("version", "lines"))
    assert versions == [(1, {"1": 40, "2": 60, "3": -60}), (2, {"1": 40, "2": -40, "3": -60})]
    assert services.latest_tally_cards(progressive)["5"].version == 2
    # Clearing a card is saved too (a version with no lines), and the page then shows it blank.
    data = cards_as_written()
    for game in (1, 2, 3):
        data[f"c6-g{game}"] = ""
    dora.post(url, data)
    latest = services.latest_tally_cards(progressive)["6"]
    assert (latest.version, latest.lines, latest.total) == (2, {}, None)
    assert 'name="c6-g1" value=""' in dora.get(url).content.decode()


def test_entries_that_are_not_nets_save_nothing(dora, progressive):
    data = {**cards_as_written({(1, 1): "12O"}), "c1-t": "abc"}
    response = dora.post(reverse("standings:tallies", args=[progressive.pk]), data)
    assert response.status_code == 400
    assert not TallyCardEntry.objects.exists()
    # Each bad entry says what is wrong next to its own box, not only in a tooltip.
    html = response.content.decode()
    assert '<span class="error small cell-error" id="c1-g1-error">&#x27;12O&#x27; is not a net' in html
    assert '<span class="error small cell-error" id="c1-t-error">&#x27;abc&#x27; is not a net' in html
    assert html.count('aria-invalid="true"') == 2


def test_the_database_refuses_two_rows_of_one_version(progressive, director_a):
    services.save_tally_cards(event=progressive, cards={1: ({1: 120}, None)}, by=director_a)
    with pytest.raises(IntegrityError):
        TallyCardEntry.objects.create(event=progressive, entrant="1", version=1, lines={})


def test_another_clubs_director_cannot_see_the_cards(client, progressive, director_a, director_b):
    services.save_tally_cards(event=progressive, cards={1: ({1: 120}, -5)}, by=director_a)
    client.force_login(director_b)
    assert client.get(reverse("standings:tallies", args=[progressive.pk])).status_code == 404
