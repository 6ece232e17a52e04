"""The table link is open to anyone with the token (and its refusals to anyone without): a body
nobody types on purpose is a JSON 400 (413 for size), never a 500 or an HTML page, and a field of
the wrong type is a 400 naming it — nothing written either way."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client

from director.results.models import Submission

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

DEEP = b"[" * 1000 + b"]" * 1000
BAD = {
    "nested 1,000 deep": (DEEP, "nested more than 64 levels"),
    "nested 100 objects deep": (b'{"sheet":' * 100 + b"{}" + b"}" * 100, "nested more than 64 levels"),
    "not UTF-8": (b'{"side": "m\xe4jors"}', "not UTF-8"),
    "NaN": (b'{"round": NaN, "side": "majors"}', "NaN is not a JSON number"),
    "a lone surrogate": (b'{"idempotency_key": "\\ud83d"}', "not a character"),
    # PostgreSQL's text and jsonb hold no NUL: stored, it was a 500 on a league server
    "a NUL": (b'{"side": "majors", "note": "late\\u0000", "idempotency_key": "k\\u0000"}', "NUL"),
}


def _post(client, url, body: bytes):
    return client.post(url, data=body, content_type="application/json", HTTP_ACCEPT="application/json")


@pytest.mark.parametrize("what", ["submit", "confirm", "dispute"])
@pytest.mark.parametrize("name", list(BAD))
def test_a_hostile_body_is_a_json_400(client, tables, name, what):
    body, phrase = BAD[name]
    response = _post(client, f"/t/{tables[1].token}/{what}/", body)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert phrase in response.json()["detail"]
    assert not Submission.objects.filter(source="table").exists()


def test_a_passer_by_without_a_token_gets_the_same_answer(client, tables):
    response = _post(client, "/t/not-a-token/submit/", DEEP)
    assert response.status_code == 400 and "nested" in response.json()["detail"]


def test_a_body_larger_than_a_request_may_be_is_a_json_413(client, tables):
    body = b'{"note": "' + b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + b'"}'
    response = _post(client, f"/t/{tables[1].token}/submit/", body)
    assert response.status_code == 413
    assert response.json()["code"] == "too-large"


def test_a_form_larger_than_a_request_may_be_is_a_json_413_for_a_json_client(tables):
    """Even where the CSRF check reads the form before any view (a real browser's request)."""
    body = "note=" + "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = Client(enforce_csrf_checks=True).post(
        f"/t/{tables[1].token}/submit/",
        data=body,
        content_type="application/x-www-form-urlencoded",
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 413 and response.json()["code"] == "too-large"


@pytest.mark.parametrize(
    "change, field, phrase",
    [
        ({"round": {"number": 1}}, "round", "round must be a whole number (a JSON number such as 3), not an object"),
        ({"round": [1]}, "round", "not a list"),
        ({"round": True}, "round", "not true"),
        ({"round": 1.5}, "round", "not a number"),
        ({"idempotency_key": 12345}, "idempotency_key", "idempotency_key must be text (a JSON string), not a number"),
        ({"idempotency_key": ["k"]}, "idempotency_key", "not a list"),
        ({"side": {"majors": True}}, "side", "side must be text"),
        ({"sheet": [1, 2, 3]}, "sheet", "must be an object of its sections"),
        ({"sheet": "60/85"}, "sheet", "not text"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_400_naming_it(phone, sheet, change, field, phrase):
    body = {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "k-1", **change}
    response = phone(1).post("submit", body)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert phrase in response.json()["error"]
    assert not Submission.objects.filter(source="table").exists()


@pytest.mark.parametrize(
    "what, change, field",
    [
        ("confirm", {"submission": {"id": 1}}, "submission"),
        ("confirm", {"submission": True}, "submission"),
        ("confirm", {"submission": 1.9}, "submission"),
        ("dispute", {"note": {"why": "wrong"}}, "note"),
        ("dispute", {"note": 7}, "note"),
        ("confirm", {"side": ["minors"]}, "side"),
    ],
)
def test_confirm_and_dispute_name_a_field_of_the_wrong_type(phone, sheet, what, change, field):
    submitted = phone(1).submit(sheet).json()["submission"]
    response = phone(1).post(what, {"submission": submitted["id"], "side": "minors", **change})
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert Submission.objects.get(pk=submitted["id"]).status == "submitted"


def test_a_form_post_still_reads_its_numbers_from_text(client, tables, sheet):
    """The page without JavaScript posts a form: its round is digits, as a form's always are."""
    from director.sheets.registry import by_name

    fields = {**by_name("partnership")().values(sheet), "round": "1", "side": "majors", "idempotency_key": "form-1"}
    response = client.post(f"/t/{tables[1].token}/submit/", fields)
    assert response.status_code == 302
    assert Submission.objects.get(source="table").idempotency_key == "form-1"


def test_a_json_body_that_is_not_an_object_is_still_refused(client, tables):
    response = _post(client, f"/t/{tables[1].token}/submit/", json.dumps([1, 2]).encode())
    assert response.status_code == 400 and response.json()["code"] == "bad-request"


@pytest.mark.parametrize(("what", "field"), [("dispute", "note"), ("dispute", "side"), ("submit", "idempotency_key")])
def test_a_nul_typed_in_a_form_is_a_400_naming_the_box(phone, sheet, what, field):
    """A phone without JavaScript posts a form: a NUL (``%00``) in its text is refused by name, as
    JSON's is, before anything is written (PostgreSQL's text holds no NUL: it was a 500)."""
    table = phone(1)
    sent = table.submit(sheet, side="majors").json()["submission"]
    Submission.objects.filter(pk=sent["id"]).update(status="disputed")  # (submit: the form may send again)
    if what == "dispute":
        Submission.objects.filter(pk=sent["id"]).update(status="submitted")
    boxes = {
        f"{kind}-{seat}": str(sheet[section][seat])
        for section, kind in (("calypsos", "cal"), ("unfinished", "unf"), ("revokes", "rev"))
        for seat in "SHDC"
    }
    boxes |= {f"pile-{side}": str(n) for side, n in sheet["trick_piles"].items()}
    post = {"submission": sent["id"], "round": "1", "side": "minors", "note": "our pile was 60", **boxes}
    response = table.phones["minors"].post(table.url(what), {**post, field: "x\x00y"})
    assert response.status_code == 400
    assert f"{field} holds a NUL character" in response.content.decode()
    assert Submission.objects.count() == 1
    assert Submission.objects.get().status_note == ""
