"""Both sides typed the sheet: the slower phone keeps its own numbers, sees where the two sheets
differ, and may dispute with its sheet as the proposed correction (kept with the dispute, shown to
the director, who may enter it). Still at most one confirmed sheet per table and game."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.test import Client

from director.audit.models import AuditEntry
from director.results.adapters import score_sheet
from director.results.models import Submission
from director.sheets.partnership.kind import Kind as Partnership
from tests.director.conftest import opened_phone

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

S = Submission.Status


def post_json(client, url, body):
    return client.post(url, data=json.dumps(body), content_type="application/json", HTTP_ACCEPT="application/json")


@pytest.fixture
def ours(sheet):
    """The ♦♣ side's sheet: the same but for the trick piles (46 / 99 instead of 60 / 85)."""
    return {**sheet, "trick_piles": {"majors": 46, "minors": 99}}


@pytest.fixture
def race(tables, sheet, ours):
    """Table 1: the ♠♥ phone sends first; the ♦♣ phone (its own session) sends its sheet second,
    as js/table-entry.js does (typed text in JSON), and is told it was already submitted."""
    table = tables[1]
    fast, slow = Client(), Client()
    url = f"/t/{table.token}/"
    first = post_json(fast, url + "submit/", {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "a1"})
    assert first.status_code == 201
    typed = {section: {k: str(v) for k, v in part.items()} for section, part in ours.items()}
    second = post_json(slow, url + "submit/", {"round": 1, "side": "minors", "sheet": typed, "idempotency_key": "b1"})
    assert second.status_code == 409 and second.json()["code"] == "already-submitted"
    return table, fast, slow, Submission.objects.get(table=table)


def sent_first(table, sheet):
    """The ♠♥ phone has sent ``sheet``; returns the ♦♣ phone (its own session) and the table's link."""
    url = f"/t/{table.token}/"
    sent = post_json(Client(), url + "submit/", {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "a"})
    assert sent.status_code == 201
    return Client(), url


def hidden_fields(html, form_id):
    form = html[html.index(f'id="{form_id}"') :]
    form = form[: form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def test_the_slower_phone_sees_its_own_sheet_with_the_differences(race):
    table, fast, slow, submitted = race
    assert Submission.objects.filter(table=table).count() == 1  # nothing written for the second phone
    html = slow.get(f"/t/{table.token}/").content.decode()
    typed = html[html.index('id="typed-sheet"') :]
    assert "Your sheet (♦♣)" in typed
    assert "2 boxes differ" in typed
    assert re.search(r'class="pile changed">♠♥ 46 <s class="was">60</s>', typed)
    assert re.search(r'class="pile changed">♦♣ 99 <s class="was">85</s>', typed)
    assert 'class="changed"' not in typed[: typed.index("Trick piles")]  # the seats' boxes agree
    fields = hidden_fields(html, "dispute-with-ours")
    assert fields["pile-majors"] == "46" and fields["pile-minors"] == "99" and fields["cal-D"] == "2"
    assert fields["side"] == "minors" and fields["propose"] == "1" and fields["submission"] == str(submitted.pk)
    assert "typed-sheet" not in fast.get(f"/t/{table.token}/").content.decode()  # the sender has nothing to compare


def test_dispute_with_our_sheet_keeps_it_as_the_proposed_correction(race, ours):
    table, _fast, slow, submitted = race
    html = slow.get(f"/t/{table.token}/").content.decode()
    fields = hidden_fields(html, "dispute-with-ours")
    fields["note"] = "our pile was 99"
    response = slow.post(f"/t/{table.token}/dispute/", fields)  # the page's form, without JavaScript
    assert response.status_code == 302
    submitted.refresh_from_db()
    scored = score_sheet(ours, kind=Partnership())
    assert submitted.status == S.DISPUTED and submitted.status_note == "our pile was 99"
    assert submitted.status_changed_side == "minors"
    assert submitted.proposal == {
        "sheet": scored.sheet,
        "majors": scored.majors,
        "minors": scored.minors,
        "net": scored.net,
    }
    assert submitted.sheet["trick_piles"] == {"majors": 60, "minors": 85}  # the version itself is unchanged
    assert AuditEntry.objects.get(action="table.dispute").after["proposal"]["sheet"] == scored.sheet
    # the corrected sheet's form now starts from the disputing side's numbers, not the other side's
    page = slow.get(f"/t/{table.token}/").content.decode()
    assert re.search(r'name="pile-minors" id="pile-minors"[^>]*value="99"', page)
    assert re.search(r'name="pile-majors" id="pile-majors"[^>]*value="46"', page)
    assert "typed-sheet" not in page


def test_the_director_sees_the_proposal_and_may_enter_it(race, ours, running, director_a):
    table, _fast, slow, submitted = race
    fields = hidden_fields(slow.get(f"/t/{table.token}/").content.decode(), "dispute-with-ours")
    assert post_json(slow, f"/t/{table.token}/dispute/", {**fields, "note": "our pile was 99"}).status_code == 200
    scored = score_sheet(ours, kind=Partnership())
    director = Client()
    director.force_login(director_a)
    entry = director.get(f"/events/{running.pk}/games/1/scores/").content.decode()
    one = entry[entry.index('id="table-1"') : entry.index("</fieldset>", entry.index('id="table-1"'))]
    assert "by the ♦♣ side" in one and "our pile was 99" in one
    assert f"♠♥ {scored.majors} · ♦♣ {scored.minors}" in one
    url = f"/events/{running.pk}/audit/games/1/tables/1/"
    history = director.get(url).content.decode()
    proposal = history[history.index('id="proposal-1"') :]
    assert "Proposed with the dispute</b> by the ♦♣ side" in proposal
    assert re.search(r'class="pile changed"[^>]*>♦♣ <b>99</b> <s class="was">85</s>', proposal)
    assert director.post(url + "override/", {"action": "adopt", "submission": submitted.pk}).status_code == 302
    rows = list(Submission.objects.filter(table=table).order_by("version"))
    assert [(r.version, r.status) for r in rows] == [(1, S.SUPERSEDED), (2, S.CONFIRMED)]
    assert rows[1].sheet == scored.sheet and rows[1].source == "director"
    # once nothing is disputed, there is nothing to adopt
    assert director.post(url + "override/", {"action": "adopt", "submission": submitted.pk}).status_code == 302
    assert Submission.objects.filter(table=table, status=S.CONFIRMED).count() == 1


def test_a_typed_sheet_that_does_not_add_up_is_shown_but_not_proposed(tables, sheet):
    table = tables[2]
    slow, url = sent_first(table, sheet)
    bad = {**sheet, "trick_piles": {"majors": 60, "minors": 84}}
    assert (
        post_json(
            slow, url + "submit/", {"round": 1, "side": "minors", "sheet": bad, "idempotency_key": "b"}
        ).status_code
        == 409
    )
    html = slow.get(url).content.decode()
    assert "Your sheet does not add up" in html and "207" in html
    assert "dispute-with-ours" not in html
    first = Submission.objects.get(table=table)
    refused = post_json(slow, url + "dispute/", {"submission": first.pk, "side": "minors", "sheet": bad})
    assert refused.status_code == 400 and any("207" in p for p in refused.json()["problems"])
    first.refresh_from_db()
    assert first.status == S.SUBMITTED and first.proposal is None
    assert not AuditEntry.objects.filter(action="table.dispute").exists()


def test_the_typed_sheet_is_kept_for_a_plain_form_post_too(tables, sheet):
    table = tables[3]
    slow, url = sent_first(table, sheet)
    data = {"round": "1", "side": "minors", "idempotency_key": uuid.uuid4().hex}
    for seat in "SHDC":
        data[f"cal-{seat}"] = str(sheet["calypsos"][seat])
        data[f"unf-{seat}"] = str(sheet["unfinished"][seat])
    data["pile-majors"], data["pile-minors"] = "46", "99"
    refused = slow.post(url + "submit/", data)
    assert refused.status_code == 409
    assert "Your sheet (♦♣)" in refused.content.decode() and "2 boxes differ" in refused.content.decode()
    assert "2 boxes differ" in slow.get(url).content.decode()  # and still after a reload


def test_after_a_dispute_each_phone_finds_its_own_side_chosen_for_the_corrected_sheet(tables, sheet):
    """The ♦♣ phone disputed (not the sender): its form for the corrected sheet starts on ♦♣; the
    sending phone's starts on ♠♥. Either may still change it."""
    table = tables[2]
    sender, opponents = opened_phone(table), opened_phone(table)  # each page gives its phone an id
    url = f"/t/{table.token}/"
    sent = post_json(sender, url + "submit/", {"round": 1, "side": "majors", "sheet": sheet, "idempotency_key": "s2"})
    made = sent.json()["submission"]["id"]
    assert post_json(opponents, url + "dispute/", {"submission": made, "side": "minors"}).status_code == 200

    def chosen(client):
        page = client.get(url).content.decode()
        return re.findall(r'name="side" value="(majors|minors)" checked', page)

    assert chosen(opponents) == ["minors"]
    assert chosen(sender) == ["majors"]
