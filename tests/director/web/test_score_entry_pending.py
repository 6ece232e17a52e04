"""Saving the score entry page writes only what the director changed: a table's own sheet that
awaits the opponents' confirmation, or is disputed, stays as it is until the director confirms it
as sent or corrects its numbers (issue #14.1)."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.contrib.messages import get_messages

from director.audit.models import AuditEntry
from director.results import services as results
from director.results.models import Submission
from director.table import services as table_services
from tests.director.conftest import table_links

from . import test_cutthroat_scores, test_scores
from .test_scores import GOOD, form_data, url

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

_signed_in = test_scores._signed_in  # the director signed in (``running``: the shared started night)
cutthroat = test_cutthroat_scores.cutthroat  # a running cutthroat night, the director signed in

OTHER = {  # a different sheet that adds up: the disputed numbers' correction
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 45, "minors": 100},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}


def page_form(response) -> dict:
    """Every named input of the score entry form with the value the page put in it (what a browser
    sends when the director presses Save without touching a box)."""
    page = response.content.decode()
    form = page[page.index('id="score-entry"') :]
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) != "csrfmiddlewaretoken":
            data[name.group(1)] = html.unescape(value.group(1)) if value else ""
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form, flags=re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        data[name] = chosen.group(1) if chosen else ""
    return data


def table_sheet(running, number, *, then=None, note="our trick pile was 60 not 45"):
    """Table ``number`` sends OTHER as the ♠♥ side; ``then="dispute"`` the ♦♣ side disputes it (a
    night of table links)."""
    table = table_links(running).tables.get(number=number)
    sent, _ = table_services.submit(
        table=table, round_number=1, sheet=OTHER, side="majors", idempotency_key=None, phone="phone-majors"
    )
    if then == "dispute":
        table_services.dispute(table=table, submission_id=sent.pk, side="minors", note=note, phone="phone-minors")
    return table


def versions(running, number):
    return list(
        Submission.objects.filter(round__event=running, table__number=number)
        .order_by("version")
        .values_list("version", "status")
    )


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.mark.parametrize("then", ["dispute", None])
def test_saving_another_table_leaves_a_pending_sheet_as_it_is(client, running, then):
    table_sheet(running, 2, then=then)
    status = "disputed" if then else "submitted"
    data = page_form(client.get(url(running)))
    assert data["t2-pile-majors"] == "45"  # the page shows the table's numbers in its boxes
    data.update(form_data(1, GOOD))
    response = client.post(url(running), data)
    assert response.status_code == 302
    assert versions(running, 2) == [(1, status)]  # not confirmed behind anyone's back
    assert versions(running, 1) == [(1, "confirmed")]
    messages = said(response)
    assert "Saved game 1: table 1 entered." in messages
    waiting = "disputed" if then else "awaiting the opponents' confirmation"
    assert f"Left as it is: table 2 ({waiting}). Confirm a table's sheet as sent, or correct its numbers." in messages
    assert not AuditEntry.objects.filter(action="results.confirm").exists()


def test_the_page_offers_to_confirm_a_pending_sheet_explicitly(client, running):
    table_sheet(running, 2, then="dispute")
    page = client.get(url(running)).content.decode()
    assert 'name="confirm" value="2"' in page and "Confirm table 2's sheet as sent" in page
    assert "Table 2's sheet (v1) is disputed" in page
    assert 'name="confirm" value="1"' not in page  # table 1 has no sheet to confirm
    assert "To settle: table 2 (disputed)" in page


def test_the_director_confirms_a_disputed_sheet_as_sent_and_the_log_says_who_and_which(client, running):
    table_sheet(running, 2, then="dispute")
    data = page_form(client.get(url(running)))
    response = client.post(url(running), {**data, "confirm": "2"})
    assert response.status_code == 302
    assert versions(running, 2) == [(1, "confirmed")]
    assert "Saved game 1: table 2 confirmed as the table sent it." in said(response)
    entry = AuditEntry.objects.get(action="results.confirm")
    assert entry.actor == "dora" and entry.after["table"] == 2 and entry.after["version"] == 1
    assert "table 2" in entry.note and "disputed" in entry.note


def test_changed_numbers_are_the_directors_correction(client, running):
    table_sheet(running, 2, then="dispute")
    data = page_form(client.get(url(running)))
    data.update(form_data(2, GOOD))  # the trick piles as the disputing side says: 60 / 85
    response = client.post(url(running), data)
    assert response.status_code == 302
    assert versions(running, 2) == [(1, "superseded"), (2, "confirmed")]
    assert "Saved game 1: table 2 corrected." in said(response)


def test_confirming_as_sent_with_changed_numbers_is_refused(client, running):
    table_sheet(running, 2)
    data = page_form(client.get(url(running)))
    data.update(form_data(2, GOOD))
    response = client.post(url(running), {**data, "confirm": "2"})
    assert response.status_code == 400
    assert versions(running, 2) == [(1, "submitted")]


def test_a_sheet_that_changed_while_the_page_was_open_is_not_overwritten(client, running):
    table = table_sheet(running, 2, then="dispute")
    data = page_form(client.get(url(running)))
    # Meanwhile the table sends a corrected sheet (version 2).
    table_services.submit(
        table=table, round_number=1, sheet=GOOD, side="minors", idempotency_key=None, phone="phone-minors"
    )
    data.update(form_data(2, {**GOOD, "trick_piles": {"majors": 50, "minors": 95}}))
    response = client.post(url(running), data)
    assert response.status_code == 400
    assert versions(running, 2) == [(1, "disputed"), (2, "submitted")]
    errors = next(c["errors"] for c in response.context["cards"] if c["cell"].table.number == 2)
    assert any("changed while the page was open" in e for e in errors)
    # Untouched, the same page saves other tables and leaves table 2's new sheet alone.
    untouched = page_form(client.get(url(running)))
    untouched.update(form_data(1, GOOD))
    assert client.post(url(running), untouched).status_code == 302
    assert versions(running, 2) == [(1, "disputed"), (2, "submitted")]


def test_the_service_writes_nothing_for_an_untouched_pending_sheet(running, director_a):
    table = table_sheet(running, 3)
    round1 = running.rounds.get(number=1)
    saved = results.save_from_page(table=table, round=round1, sheet=OTHER, by=director_a, seen_version=1)
    assert (saved.outcome, saved.submission.status) == ("left", "submitted")
    confirmed = results.save_from_page(
        table=table, round=round1, sheet=None, by=director_a, confirm_as_sent=True, seen_version=1
    )
    assert (confirmed.outcome, confirmed.submission.status, confirmed.submission.version) == (
        "confirmed",
        "confirmed",
        1,
    )
    again = results.save_from_page(table=table, round=round1, sheet=OTHER, by=director_a, seen_version=1)
    assert again.outcome == "unchanged" and versions(running, 3) == [(1, "confirmed")]


def test_a_disputes_own_sheet_is_offered_to_fill_in(client, running):
    table = table_sheet(running, 4)
    sent = Submission.objects.get(table=table)
    table_services.dispute(table=table, submission_id=sent.pk, side="minors", sheet=GOOD, phone="phone-minors")
    page = client.get(url(running)).content.decode()
    button = re.search(
        r'<button type="button" class="secondary fill-proposal" id="proposal-4" data-values="([^"]+)"', page
    )
    values = json.loads(html.unescape(button.group(1)))
    assert (values["t4-pile-majors"], values["t4-pile-minors"]) == ("60", "85")
    assert 'id="proposal-2"' not in page


def test_a_cutthroat_tables_own_sheet_is_left_too(client, cutthroat):
    """Four- and three-handed cutthroat sheets sent from the tables read back unchanged from the page."""
    table_links(cutthroat)
    for number, sheet in ((1, test_cutthroat_scores.FOUR), (2, test_cutthroat_scores.THREE)):
        table_services.submit(
            table=cutthroat.tables.get(number=number),
            round_number=1,
            sheet={**sheet, "form": "cutthroat"},
            side="majors",
            idempotency_key=None,
            phone="phone-majors",
        )
    data = page_form(client.get(url(cutthroat)))
    assert data["t2-absent"] == "C"
    response = client.post(url(cutthroat), data)
    assert response.status_code == 302, response.context["cards"][1]["errors"]
    assert versions(cutthroat, 1) == [(1, "submitted")] and versions(cutthroat, 2) == [(1, "submitted")]
    assert "Left as they are: tables 1, 2 (awaiting the opponents' confirmation)." in " ".join(said(response))
