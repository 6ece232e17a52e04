"""The audit log: who did what, when, before and after; written by the services, read by directors."""

from __future__ import annotations

import pytest
from django.contrib.admin.sites import site
from django.test import Client, RequestFactory

from director.audit.admin import AuditEntryAdmin
from director.audit.models import AuditEntry
from director.audit.services import record
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.results import services as results
from director.results.models import Submission
from tests.director.conftest import opened_phone, table_links

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def actions(event):
    return list(AuditEntry.objects.filter(event=event).order_by("id").values_list("action", flat=True))


def test_record_names_who_acted(running, director_a):
    table = running.tables.get(number=1)
    by_user = record("results.confirm", event=running, user=director_a, after={"x": 1})
    by_table = record("table.submit", table=table)
    by_system = record("deals.reveal_seed", event=running.pk)
    assert (by_user.actor, by_table.actor, by_system.actor) == ("dora", "table 1", "system")
    assert (
        by_user.club_id == running.club_id and by_table.event_id == running.pk and by_system.club_id == running.club_id
    )
    assert by_user.after == {"x": 1}


def test_entries_are_never_changed(running):
    entry = record("events.close_round", event=running)
    entry.note = "rewritten"
    with pytest.raises(RuntimeError):
        entry.save()
    admin = AuditEntryAdmin(AuditEntry, site)
    request = RequestFactory().get("/")
    assert not admin.has_change_permission(request, entry) and not admin.has_delete_permission(request, entry)
    assert not admin.has_add_permission(request)


def test_director_actions_in_other_apps_are_logged(running, director_a, sheet, random_sheet):
    round1 = running.rounds.get(number=1)
    table = running.tables.get(number=2)
    seeded = actions(running)
    assert "events.apply_plan" in seeded  # the seating written when the event was set up

    first = results.enter_sheet(table=table, round=round1, sheet=sheet, by=director_a, confirm=False)
    results.confirm_submission(submission=first, by=director_a, note="checked the sheet")
    results.enter_sheet(table=table, round=round1, sheet=random_sheet(), by=director_a, note="typo")
    results.withdraw_result(table=table, round=round1, by=director_a)
    events.set_public_switches(event=running, standings_released=True)
    lineup.reissue_table_token(table=table)
    events.close_round(round=round1)
    events.reopen_round(round=round1)
    deals.generate_game_sets(event=running, seed="00" * 16)
    deals.release_hands(event=running)

    logged = actions(running)[len(seeded) :]
    assert logged == [
        "results.enter_sheet",
        "results.confirm",
        "results.enter_sheet",
        "results.withdraw",
        "events.public_switches",
        "events.reissue_table_token",
        "events.close_round",
        "events.reopen_round",
        "deals.release_hands",
    ]
    entries = {e.action: e for e in AuditEntry.objects.filter(event=running)}
    confirm = entries["results.confirm"]
    assert confirm.actor == "dora" and confirm.note == "checked the sheet"
    assert confirm.after["status"] == "confirmed" and confirm.after["table"] == 2
    assert entries["events.public_switches"].before["standings_released"] is False
    assert entries["events.public_switches"].after == {"standings_released": True}
    table.refresh_from_db()
    reissue = entries["events.reissue_table_token"]
    assert table.token not in str(reissue.after) + str(reissue.before) + reissue.object_repr
    assert entries["results.withdraw"].after["superseded"] == 1
    assert entries["deals.release_hands"].after == {"hands_released": True}


def test_a_refused_change_leaves_no_entry(running, director_a, sheet):
    round1 = running.rounds.get(number=1)
    table = running.tables.get(number=1)
    before = AuditEntry.objects.count()
    bad = {**sheet, "trick_piles": {"majors": 1, "minors": 1}}
    with pytest.raises(Exception):  # noqa: B017 - any refusal
        results.enter_sheet(table=table, round=round1, sheet=bad, by=director_a)
    with pytest.raises(Exception):  # noqa: B017
        events.close_round(round=round1) and events.close_round(round=round1)
    assert AuditEntry.objects.count() == before + 1  # only the first close


def test_the_event_log_page(client, running, director_a, director_b, sheet):
    table = table_links(running).tables.get(number=3)
    client.post(
        f"/t/{table.token}/submit/",
        data={"round": 1, "side": "minors", "sheet": sheet, "idempotency_key": "k-3"},
        content_type="application/json",
    )
    submission = Submission.objects.get(table=table)
    opened_phone(table).post(  # the opponents' phone
        f"/t/{table.token}/dispute/",
        data={"submission": submission.pk, "side": "majors", "note": "two revokes"},
        content_type="application/json",
    )
    url = f"/events/{running.pk}/audit/"
    assert client.get(url).status_code == 302  # anonymous: to the sign-in page
    client.force_login(director_b)
    assert client.get(url).status_code == 404  # another club's event does not exist for them
    client.force_login(director_a)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "table 3" in html and "The ♦♣ pair sent the sheet of game 1 (version 1)" in html
    assert 'id="disputed"' in html and "two revokes" in html
    assert client.get(url + "?action=table").status_code == 200


def test_sheet_history_and_the_directors_overrides(client, running, director_a, director_b, sheet, random_sheet):
    table = table_links(running).tables.get(number=1)
    round1 = running.rounds.get(number=1)
    client.post(
        f"/t/{table.token}/submit/",
        data={"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "k-1"},
        content_type="application/json",
    )
    first = Submission.objects.get(table=table)
    opened_phone(table).post(  # the opponents' phone
        f"/t/{table.token}/dispute/", data={"submission": first.pk, "side": "minors"}, content_type="application/json"
    )
    url = f"/events/{running.pk}/audit/games/1/tables/1/"
    client.force_login(director_b)
    assert client.get(url).status_code == 404
    assert client.post(url + "override/", {"action": "confirm", "submission": first.pk}).status_code == 404
    first.refresh_from_db()
    assert first.status == "disputed"

    client.force_login(director_a)
    html = client.get(url).content.decode()
    assert "Table (♠♥)" in html and "Confirm this version" in html
    response = client.post(url + "override/", {"action": "confirm", "submission": first.pk, "note": "sheet is right"})
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.status == "confirmed" and first.status_changed_by == director_a
    entry = AuditEntry.objects.filter(action="results.confirm").get()
    assert entry.actor == "dora" and entry.ip_address == "127.0.0.1"  # from the request, via the middleware

    client.post(url + "override/", {"action": "withdraw", "note": "wrong table"})
    assert not Submission.objects.filter(table=table, round=round1, status__in=["confirmed", "submitted"]).exists()
    assert AuditEntry.objects.filter(action="results.withdraw", actor="dora").exists()
    assert client.get(f"/events/{running.pk}/audit/games/1/tables/99/").status_code == 404


def test_starting_finishing_and_reopening_the_event_are_logged(client, progressive_a, director_a, sheet):
    """Re-opening a finished night lets its published results change: the log says who did it and when."""
    client.force_login(director_a)
    seated = actions(progressive_a)  # the seating's own entry
    assert client.post(f"/events/{progressive_a.pk}/start/", {"confirm": "1"}).status_code == 302
    for table in progressive_a.tables.all():
        for round_ in progressive_a.rounds.all():
            results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a)
    assert client.post(f"/events/{progressive_a.pk}/finish/", {"confirm": "1"}).status_code == 302
    assert client.post(f"/events/{progressive_a.pk}/reopen/").status_code == 302
    log = [a for a in actions(progressive_a)[len(seated) :] if not a.startswith("results.")]
    assert log == ["events.start", "events.finish", "events.reopen"]
    assert all(e.user == director_a for e in AuditEntry.objects.filter(action__in=log))
    html = client.get(f"/events/{progressive_a.pk}/audit/").content.decode()
    for said in (
        "Started the event: game 1 is under way.",
        "Finished the event: every game is closed.",
        "Re-opened the finished event: its results can change again.",
    ):
        assert said in html


@pytest.mark.parametrize("picked", ["abc", "1.5", "", "٣", "9" * 30])
@pytest.mark.parametrize("action", ["confirm", "adopt"])
def test_an_override_naming_no_version_is_refused_with_a_message_never_a_500(
    running, director_a, sheet, picked, action
):
    table = running.tables.get(number=1)
    entered = results.enter_sheet(table=table, round=running.rounds.get(number=1), sheet=sheet, by=director_a)
    director = Client(raise_request_exception=False)
    director.force_login(director_a)
    url = f"/events/{running.pk}/audit/games/1/tables/1/"
    response = director.post(url + "override/", {"action": action, "submission": picked}, follow=True)
    assert response.status_code == 200
    assert "no such version of this sheet" in response.content.decode() or "no disputed version" in (
        response.content.decode()
    )
    entered.refresh_from_db()
    assert entered.status == "confirmed" and entered.version == 1


@pytest.mark.parametrize("action", ["confirm", "withdraw"])
def test_an_override_note_holding_a_nul_is_refused_by_name(running, director_a, sheet, action):
    """PostgreSQL's text holds no NUL: a crafted note was a 500 on a league server (SQLite kept it)."""
    table = running.tables.get(number=1)
    entered = results.enter_sheet(table=table, round=running.rounds.get(number=1), sheet=sheet, by=director_a)
    director = Client()
    director.force_login(director_a)
    url = f"/events/{running.pk}/audit/games/1/tables/1/override/"
    response = director.post(url, {"action": action, "submission": entered.pk, "note": "x\x00y"}, follow=True)
    assert "the note holds a NUL character" in response.content.decode()
    entered.refresh_from_db()
    assert (entered.status, entered.status_note) == ("confirmed", "")
