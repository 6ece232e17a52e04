"""The table's entry link: what it shows, submit / confirm / dispute, retries and races."""

from __future__ import annotations

import json
import uuid

from django.test import Client
from django.urls import reverse

from director.audit.models import AuditEntry
from director.events import lineup
from director.events import services as events
from director.events.selectors import table_round
from director.results import services as results
from director.results.models import Submission

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

S = Submission.Status


def test_page_shows_the_current_game_and_who_sits_where(client, running, tables):
    table = tables[2]
    response = client.get(f"/t/{table.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 2" in html and "Game 1 of 4" in html
    cell = table_round(table, running.rounds.get(number=1))
    for side in (cell.majors, cell.minors):
        for player in side.seats.values():
            assert player.name in html
    assert 'id="table-sheet"' in html
    assert response["Cache-Control"].startswith("max-age=0") or "no-store" in response["Cache-Control"]
    assert "no-store" in response["Cache-Control"]
    assert response["Referrer-Policy"] == "same-origin"
    assert reverse("table:entry", kwargs={"token": table.token}) == f"/t/{table.token}/"


def test_page_does_not_name_other_tables_players(client, running, tables):
    other = table_round(tables[3], running.rounds.get(number=1))
    html = client.get(f"/t/{tables[1].token}/").content.decode()
    for side in (other.majors, other.minors):
        for player in side.seats.values():
            assert player.name not in html


def test_invalid_and_reissued_links(client, tables):
    assert client.get("/t/not-a-token/").status_code == 404
    old = tables[1].token
    assert client.get(f"/t/{old}/").status_code == 200
    lineup.reissue_table_token(table=tables[1])
    assert client.get(f"/t/{old}/").status_code == 404
    assert client.post(f"/t/{old}/submit/", {}).status_code == 404
    assert client.get(f"/t/{tables[1].token}/").status_code == 200


def test_submit_then_opponents_confirm(phone, sheet):
    p = phone(1)
    response = p.submit(sheet, side="majors")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["replayed"] is False
    sub = body["submission"]
    assert (sub["status"], sub["version"], sub["side"]) == ("submitted", 1, "majors")
    row = Submission.objects.get(pk=sub["id"])
    assert row.source == Submission.Source.TABLE and row.submitted_by_table == p.table
    assert p.state()["status"] == "submitted"

    refused = p.confirm(sub["id"], side="majors")
    assert refused.status_code == 409
    assert "this phone sent the sheet" in refused.json()["error"]
    # The sending phone saying it is the other side is still the sending phone (#14.2).
    same_phone = p.post("confirm", {"submission": sub["id"], "side": "minors"}, phone=p.phones["majors"])
    assert same_phone.status_code == 409 and same_phone.json()["code"] == "sent-from-this-phone"
    assert p.post("dispute", {"submission": sub["id"], "side": "minors"}, phone=p.phones["majors"]).status_code == 409
    wrong_side = p.post("confirm", {"submission": sub["id"], "side": "majors"}, phone=p.phones["minors"])
    assert wrong_side.status_code == 409 and "opponents" in wrong_side.json()["error"]
    assert Submission.objects.get(pk=sub["id"]).status == S.SUBMITTED

    confirmed = p.confirm(sub["id"], side="minors")
    assert confirmed.status_code == 200
    assert confirmed.json()["submission"]["status"] == "confirmed"
    again = p.confirm(sub["id"], side="minors")  # a retry
    assert again.status_code == 200
    assert Submission.objects.filter(table=p.table).count() == 1
    actions = list(AuditEntry.objects.filter(event=p.table.event).values_list("action", flat=True).order_by("id"))
    assert actions[-2:] == ["table.submit", "table.confirm"]
    entry = AuditEntry.objects.get(action="table.submit")
    assert entry.actor == "table 1" and entry.after["side"] == "majors" and entry.after["net"] == row.net


def test_retry_with_the_same_key_returns_the_first_result(phone, sheet):
    p = phone(1)
    key = str(uuid.uuid4())
    first = p.submit(sheet, key=key)
    second = p.submit(sheet, key=key)
    assert first.status_code == 201 and second.status_code == 200
    assert second.json()["replayed"] is True
    assert second.json()["submission"]["id"] == first.json()["submission"]["id"]
    assert Submission.objects.filter(table=p.table).count() == 1
    assert AuditEntry.objects.filter(action="table.submit").count() == 1


def test_second_different_submission_is_told_to_confirm_or_dispute(phone, sheet, random_sheet):
    p = phone(1)
    assert p.submit(sheet, side="majors").status_code == 201
    other = p.submit(random_sheet(), side="minors")
    assert other.status_code == 409
    body = other.json()
    assert body["code"] == "already-submitted"
    assert "already submitted — confirm or dispute" in body["error"]
    assert body["state"]["submission"]["side"] == "majors"
    assert Submission.objects.filter(table=p.table).count() == 1


def test_a_key_used_at_another_table_is_refused(phone, sheet):
    key = uuid.uuid4().hex
    assert phone(1).submit(sheet, key=key).status_code == 201
    assert phone(2).submit(sheet, key=key).status_code == 409
    assert Submission.objects.count() == 1


def test_a_sheet_that_does_not_add_up_writes_nothing(phone, sheet):
    bad = {**sheet, "trick_piles": {"majors": 60, "minors": 84}}
    response = phone(1).submit(bad)
    assert response.status_code == 400
    assert any("207" in p or "missing" in p for p in response.json()["problems"])
    assert not Submission.objects.exists() and not AuditEntry.objects.filter(action="table.submit").exists()
    nonsense = phone(1).post("submit", {"round": 1, "side": "majors", "sheet": "lots", "idempotency_key": "k1"})
    assert nonsense.status_code == 400
    assert phone(1).submit(sheet, side="north").status_code == 400


def test_dispute_flags_the_table_and_allows_a_corrected_sheet(phone, sheet, random_sheet, running):
    p = phone(3)
    first = p.submit(sheet, side="minors").json()["submission"]
    disputed = p.dispute(first["id"], side="majors", note="we had two calypsoes")
    assert disputed.status_code == 200
    assert disputed.json()["submission"]["status"] == "disputed"
    assert p.state()["status"] == "disputed"
    from director.results.selectors import disputed as disputed_rows

    assert [s.table.number for s in disputed_rows(running)] == [3]
    assert p.confirm(first["id"], side="majors").status_code == 409  # the director decides now
    fixed = p.submit(random_sheet(), side="majors")
    assert fixed.status_code == 201 and fixed.json()["submission"]["version"] == 2
    entry = AuditEntry.objects.get(action="table.dispute")
    assert entry.note == "we had two calypsoes"


def test_only_the_current_game_and_only_while_running(phone, sheet, running):
    p = phone(1)
    assert p.submit(sheet, round=2).status_code == 409  # a future game
    round1 = running.rounds.get(number=1)
    events.close_round(round=round1)
    closed = p.submit(sheet, round=1)
    assert closed.status_code == 409 and "game 2" in closed.json()["error"]
    assert p.state()["round"] == 2
    assert p.submit(sheet, round=2).status_code == 201
    results.finish_event(event=running, force=True)  # game 2 still has tables without a sheet
    assert p.state()["status"] == "not-running"
    assert p.submit(sheet, round=2).status_code == 409


def test_a_closed_games_sheet_cannot_be_confirmed_from_the_table(phone, sheet, running):
    p = phone(1)
    sub = p.submit(sheet).json()["submission"]
    events.close_round(round=running.rounds.get(number=1))
    assert p.confirm(sub["id"]).status_code == 409
    assert Submission.objects.get(pk=sub["id"]).status == S.SUBMITTED


def test_a_table_cannot_touch_another_tables_sheet(phone, sheet):
    other = phone(2).submit(sheet).json()["submission"]
    assert phone(1).confirm(other["id"]).status_code == 404
    assert phone(1).dispute(other["id"]).status_code == 404
    assert Submission.objects.get(pk=other["id"]).status == S.SUBMITTED


def test_draft_event_has_nothing_to_enter(client, progressive_a, sheet):
    table = progressive_a.tables.get(number=1)
    response = client.get(f"/t/{table.token}/")
    assert response.status_code == 200 and b"Nothing to enter yet" in response.content


def test_plain_form_posts_work_without_javascript(client, tables, sheet):
    table = tables[4]
    data = {"round": "1", "side": "majors", "idempotency_key": uuid.uuid4().hex}
    for seat in "SHDC":
        data[f"cal-{seat}"] = str(sheet["calypsos"][seat])
        data[f"unf-{seat}"] = str(sheet["unfinished"][seat])
        data[f"rev-{seat}"] = ""
    data["pile-majors"], data["pile-minors"] = "60", "85"
    response = client.post(f"/t/{table.token}/submit/", data)
    assert response.status_code == 302
    row = Submission.objects.get(table=table)
    assert row.sheet["calypsos"] == sheet["calypsos"] and row.sheet["revokes"] == {s: 0 for s in "SHDC"}
    assert client.post(f"/t/{table.token}/submit/", data).status_code == 302  # the same form again: a replay
    assert Submission.objects.filter(table=table).count() == 1
    page = client.get(f"/t/{table.token}/").content.decode()
    assert "Confirm (♦♣)" not in page and 'action="/t/' + table.token + '/confirm/"' not in page  # #14.2
    assert "Sent from this phone by ♠♥" in page and "on their own phone" in page
    refused = client.post(f"/t/{table.token}/confirm/", {"submission": row.pk, "side": "minors"})
    assert refused.status_code == 409 and "this phone sent the sheet" in refused.content.decode()
    other_phone = Client()
    page = other_phone.get(f"/t/{table.token}/").content.decode()
    assert "Confirm (♦♣)" in page and "Sent from this phone" not in page
    confirm = other_phone.post(f"/t/{table.token}/confirm/", {"submission": row.pk, "side": "minors"})
    assert confirm.status_code == 302
    row.refresh_from_db()
    assert row.status == S.CONFIRMED
    bad = dict(data, idempotency_key=uuid.uuid4().hex, **{"pile-minors": "x"})
    assert client.post(f"/t/{table.token}/submit/", bad).status_code == 409  # already confirmed


def test_director_entered_sheet_shows_at_the_table(phone, sheet, running, director_a):
    p = phone(2)
    results.enter_sheet(table=p.table, round=running.rounds.get(number=1), sheet=sheet, by=director_a)
    assert p.state()["status"] == "confirmed"
    assert p.submit(sheet).status_code == 409


def test_a_sheet_sent_through_a_trusted_proxy_records_the_phones_address(settings, tables, sheet, director_a):
    """Behind the league server's proxy a sheet's "from where" is the phone's, as the audit log's
    (TRUSTED_PROXIES); a client that is no such proxy cannot choose its address with the header."""
    settings.TRUSTED_PROXIES = ["172.18.0.0/16"]
    proxied = {"REMOTE_ADDR": "172.18.0.3", "HTTP_X_FORWARDED_FOR": "203.0.113.9"}
    spoofed = {"REMOTE_ADDR": "198.51.100.7", "HTTP_X_FORWARDED_FOR": "203.0.113.10"}
    for number, meta in ((1, proxied), (2, spoofed)):
        body = {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": f"proxy-{number}"}
        response = Client().post(
            f"/t/{tables[number].token}/submit/", json.dumps(body), content_type="application/json", **meta
        )
        assert response.status_code == 201
    director = Client()
    director.force_login(director_a)
    director.post(f"/events/{tables[3].event_id}/games/1/scores/", {"t3-version": "0", **_typed(3, sheet)}, **proxied)
    addresses = dict(Submission.objects.values_list("table__number", "ip_address"))
    assert addresses == {1: "203.0.113.9", 2: "198.51.100.7", 3: "203.0.113.9"}


def _typed(table: int, sheet: dict) -> dict:
    boxes = {f"t{table}-cal-{seat}": n for seat, n in sheet["calypsos"].items()}
    boxes |= {f"t{table}-unf-{seat}": n for seat, n in sheet["unfinished"].items()}
    boxes |= {f"t{table}-pile-{side}": n for side, n in sheet["trick_piles"].items()}
    return boxes | {f"t{table}-rev-{seat}": n for seat, n in sheet["revokes"].items()}


def test_a_post_the_csrf_check_refuses_gets_the_apps_own_page(tables, sheet):
    """A phone whose page outlived its cookie is told to reload and send again — not Django's page."""
    phone = Client(enforce_csrf_checks=True)
    table = tables[1]
    assert phone.get(f"/t/{table.token}/").status_code == 200
    response = phone.post(f"/t/{table.token}/submit/", {"side": "majors"})
    page = response.content.decode()
    assert response.status_code == 403
    assert "Please send it again" in page and "reload the page" in page
    assert "CSRF" not in page and "Forbidden" not in page
    assert not table.submissions.exists()
