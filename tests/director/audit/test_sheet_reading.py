"""What the director reads about a table's sheet: a dispute's reason on the score entry page, and
each version of the sheet laid out as a sheet (not a dict), with what changed marked."""

from __future__ import annotations

import json
import re

from django.utils import timezone

from director.results import services as results
from director.results.models import Submission
from director.sheets.registry import by_name
from tests.director.conftest import opened_phone, table_links

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def post(client, url, body):
    return client.post(url, data=json.dumps(body), content_type="application/json", HTTP_ACCEPT="application/json")


def table_sheet_disputed(client, table, sheet, note):
    """``client``'s phone sends the sheet; the opponents dispute it on their own phone (a night of
    table links)."""
    table_links(table.event)
    made = post(
        client, f"/t/{table.token}/submit/", {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "k1"}
    )
    first = made.json()["submission"]["id"]
    assert (
        post(
            opened_phone(table), f"/t/{table.token}/dispute/", {"submission": first, "side": "minors", "note": note}
        ).status_code
        == 200
    )
    return Submission.objects.get(pk=first)


def card(html, number):
    """The score entry page's fieldset for one table."""
    start = html.index(f'id="table-{number}"')
    end = html.find("</fieldset>", start)
    return html[start:end]


def test_score_entry_shows_why_who_and_when_a_sheet_is_disputed(client, running, director_a, sheet):
    table = running.tables.get(number=3)
    disputed = table_sheet_disputed(client, table, sheet, "our pile was 99")
    client.force_login(director_a)
    html = client.get(f"/events/{running.pk}/games/1/scores/").content.decode()
    three = card(html, 3)
    assert "v1 disputed" in three
    assert "our pile was 99" in three
    assert "at the table" in three
    when = timezone.localtime(disputed.status_changed_at).strftime("%H:%M")
    assert re.search(r"<time[^>]*>" + when + "</time>", three)
    assert "/audit/games/1/tables/3/" in three
    assert "our pile was 99" not in card(html, 1)  # only on the table concerned


def test_a_director_dispute_without_a_reason_names_the_director(client, running, director_a, sheet):
    table = running.tables.get(number=2)
    submission = results.enter_sheet(
        table=table, round=running.rounds.get(number=1), sheet=sheet, by=director_a, confirm=False
    )
    results.dispute_submission(submission=submission, by=director_a)
    client.force_login(director_a)
    two = card(client.get(f"/events/{running.pk}/games/1/scores/").content.decode(), 2)
    assert f"by {director_a}" in two and "no reason given" in two


def test_history_shows_each_version_as_a_sheet_with_the_changes_marked(client, running, director_a, sheet):
    table = running.tables.get(number=1)
    table_sheet_disputed(client, table, sheet, "their pile is 59")
    corrected = {**sheet, "trick_piles": {"majors": 59, "minors": 86}}
    results.enter_sheet(table=table, round=running.rounds.get(number=1), sheet=corrected, by=director_a)
    client.force_login(director_a)
    html = client.get(f"/events/{running.pk}/audit/games/1/tables/1/").content.decode()
    assert "{&#x27;calypsos&#x27;" not in html and "{'calypsos'" not in html  # no raw dict
    version1 = html[html.index('id="version-1"') : html.index('id="version-2"')]
    version2 = html[html.index('id="version-2"') :]
    assert "Calypsoes" in version1 and "Unfinished" in version1 and "Revokes" in version1
    assert "changed" not in version1  # nothing before it to differ from
    assert re.search(r'class="pile changed"[^>]*>♠♥ <b>59</b> <s class="was">60</s>', version2)
    assert re.search(r'class="pile changed"[^>]*>♦♣ <b>86</b> <s class="was">85</s>', version2)
    assert "2 boxes changed from version 1" in version2
    assert 'class="num changed"' in version2  # the scores that moved with the piles


def test_history_keeps_the_dispute_after_the_director_corrects_it(client, running, director_a, sheet):
    """The corrected version's note replaces the dispute's on the row; the history still says who
    disputed version 1, when and why (from the audit log, where it was written)."""
    table = running.tables.get(number=2)
    disputed = table_sheet_disputed(client, table, sheet, "our trick pile was 60 not 45")
    when = timezone.localtime(disputed.status_changed_at).strftime("%H:%M")
    corrected = {**sheet, "trick_piles": {"majors": 59, "minors": 86}}
    results.enter_sheet(table=table, round=running.rounds.get(number=1), sheet=corrected, by=director_a)
    client.force_login(director_a)
    html = client.get(f"/events/{running.pk}/audit/games/1/tables/2/").content.decode()
    version1 = html[html.index('id="version-1"') : html.index('id="version-2"')]
    assert "Superseded" in version1
    assert f"Disputed by the ♦♣ side at {when}: “our trick pile was 60 not 45”" in version1
    assert "Disputed" not in html[html.index('id="version-2"') :]


def test_sheet_view_marks_differences_as_text():
    sheet_view = by_name("partnership")().view  # every 208-card kind lays its sheet out alike
    stored = {"calypsos": {"S": 1, "H": 0, "D": 2, "C": 0}, "trick_piles": {"majors": 60, "minors": 85}}
    typed = {"calypsos": {"S": "1", "H": "0", "D": "3", "C": ""}, "trick_piles": {"majors": "60", "minors": "99"}}
    view = sheet_view(typed, stored)
    assert [r["seat"] for r in view["seats"]] == ["S", "H", "D", "C"]
    cal = {r["seat"]: r["boxes"][0] for r in view["seats"]}
    assert not cal["S"].changed and cal["D"].changed and cal["D"].other == "2" and cal["C"].changed
    assert [(p["label"], p["box"].changed) for p in view["piles"]] == [("♠♥", False), ("♦♣", True)]
    assert view["changed"] == 3
    assert sheet_view(stored)["changed"] == 0
