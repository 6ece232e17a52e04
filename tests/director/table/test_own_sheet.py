"""Double entry: the phone that sent a sheet cannot confirm or dispute it, whatever side it says it
is; the opponents do, from their own phone, or the director does (issue #14.2)."""

from __future__ import annotations

import pytest

from director.core.errors import Conflict
from director.results import services as results
from director.results.models import Submission
from director.table import services

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def send(table, sheet, *, side="majors", phone="phone-a"):
    sent, _ = services.submit(table=table, round_number=1, sheet=sheet, side=side, idempotency_key=None, phone=phone)
    return sent


@pytest.mark.parametrize("action", [services.confirm, services.dispute])
def test_the_sending_phone_is_refused_whatever_side_it_claims(tables, sheet, action):
    sent = send(tables[1], sheet)
    assert sent.submitted_phone == "phone-a"
    with pytest.raises(Conflict, match="this phone sent the sheet") as refused:
        action(table=tables[1], submission_id=sent.pk, side="minors", phone="phone-a")
    assert refused.value.code == "sent-from-this-phone"
    assert Submission.objects.get(pk=sent.pk).status == "submitted"
    done = action(table=tables[1], submission_id=sent.pk, side="minors", phone="phone-b")
    assert done.status in ("confirmed", "disputed") and done.status_changed_side == "minors"


def test_the_status_update_refuses_the_sending_phone_too(tables, sheet):
    sent = send(tables[2], sheet)
    with pytest.raises(Conflict, match="on their own phone"):
        results.confirm_submission(submission=sent, by_table=tables[2], side="minors", phone="phone-a")
    assert Submission.objects.get(pk=sent.pk).status == "submitted"


def test_the_director_may_confirm_a_sheet_from_any_phone(tables, sheet, director_a):
    sent = send(tables[3], sheet)
    assert results.confirm_submission(submission=sent, by=director_a).status == "confirmed"


def test_the_state_says_which_phone_sent_the_sheet(phone, sheet):
    p = phone(4)
    assert p.submit(sheet, side="majors").status_code == 201
    assert p.state()["sent_here"] is True  # the ♠♥ phone
    other = p.phones["minors"].get(p.url("state"), HTTP_ACCEPT="application/json").json()
    assert other["sent_here"] is False and other["status"] == "submitted"


@pytest.mark.parametrize("action", ["confirm", "dispute"])
def test_a_phone_that_keeps_no_cookie_cannot_confirm_or_dispute(tables, sheet, action):
    """Cookies blocked: each request is a new session, so each would be given a new phone id and the
    phone that sent the sheet could confirm it as 'the other side'. A confirmation must come with
    the id the phone was given when it opened the link."""
    import json

    from django.test import Client

    url = f"/t/{tables[1].token}/"
    body = {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "no-cookie"}
    cookieless = {"content_type": "application/json", "HTTP_ACCEPT": "application/json"}
    sent = Client().post(url + "submit/", json.dumps(body), **cookieless).json()["submission"]
    refused = Client().post(url + f"{action}/", json.dumps({"submission": sent["id"], "side": "minors"}), **cookieless)
    assert refused.status_code == 409 and refused.json()["code"] == "no-phone-id"
    assert "allow cookies" in refused.json()["error"]
    assert Submission.objects.get(pk=sent["id"]).status == "submitted"
    opponents = Client()
    assert opponents.get(url).status_code == 200  # the opponents' phone opened the link: it has its id
    done = opponents.post(url + f"{action}/", json.dumps({"submission": sent["id"], "side": "minors"}), **cookieless)
    assert done.status_code == 200
