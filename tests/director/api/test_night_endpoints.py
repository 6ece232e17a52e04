"""What a director's program needs to run a night beyond sheets (docs/api.md): adjustments, the
tally-card cross-check, print jobs (start, poll, download) and the audit log. Who may reach them is
tests/director/api/test_access.py's (CASES); here, what they do and how bad input is refused: a
400 naming the field, nothing written, never a 500."""

from __future__ import annotations

import pytest

from director.printing.models import PrintJob
from director.standings.models import ArtificialScore, FouledSet, TallyCardEntry

from .helpers import results_of, snapshot

SHARED_WORLDS = True  # conftest.py: both worlds built once for the module

pytestmark = pytest.mark.django_db


def _errors(response) -> dict:
    assert response.status_code == 400, response.content
    return response.json()


# --- adjustments ----------------------------------------------------------------------------------
def test_an_artificial_score_is_given_listed_and_withdrawn_once(api_a, world_a):
    body = {"event": world_a.event.pk, "game": 1, "table": 2, "direction": "minors", "code": " a+ ", "reason": "slow"}
    made = api_a.post("/api/artificial-scores/", body, format="json")
    assert made.status_code == 201, made.content
    row = made.json()
    assert (row["game"], row["table"], row["direction"], row["code"], row["live"]) == (1, 2, "minors", "A+", True)
    assert row["created_by"] == "dora"
    live = results_of(api_a.get("/api/artificial-scores/", {"event": world_a.event.pk, "live": "true"}))
    assert {r["id"] for r in live} == {row["id"], world_a.artificial.pk}
    gone = api_a.post(f"/api/artificial-scores/{row['id']}/withdraw/", {"reason": "wrong table"}, format="json")
    assert gone.status_code == 200 and gone.json()["live"] is False
    assert gone.json()["withdrawn_reason"] == "wrong table"
    again = api_a.post(f"/api/artificial-scores/{row['id']}/withdraw/", {}, format="json")
    assert again.status_code == 409 and "already withdrawn" in str(again.json())


@pytest.mark.parametrize(
    "change,field,phrase",
    [
        ({"code": "Z"}, "code", "not an artificial score"),
        ({"direction": "east"}, "direction", "not a valid choice"),
        ({"game": "1"}, "game", "JSON number"),
        ({"reason": ""}, "reason", "blank"),
        ({"code": 3}, "code", "must be text"),
    ],
)
def test_a_bad_artificial_score_is_a_400_naming_the_field(api_a, world_a, change, field, phrase):
    body = {"event": world_a.event.pk, "game": 1, "table": 2, "direction": "minors", "code": "A", "reason": "slow"}
    before = snapshot()
    errors = _errors(api_a.post("/api/artificial-scores/", {**body, **change}, format="json"))
    assert phrase in " ".join(errors[field])
    assert snapshot() == before


def test_a_game_the_event_does_not_have_is_refused(api_a, world_a):
    body = {"event": world_a.event.pk, "game": 9, "table": 1, "direction": "majors", "code": "A", "reason": "x"}
    response = api_a.post("/api/artificial-scores/", body, format="json")
    assert response.status_code == 400 and "no game 9" in str(response.json()["round"])
    assert ArtificialScore.objects.filter(event=world_a.event).count() == 1


def test_a_fouled_set_ruling_is_refused_with_what_is_wrong_and_withdrawn_once(api_a, world_a):
    body = {"event": world_a.event.pk, "game_set": 1, "groups": [[[1, 1]]], "reason": "a card fell"}
    assert "no table plays game set 1" in str(_errors(api_a.post("/api/fouled-sets/", body, format="json")))
    bad = {**body, "groups": [[[1, "1"]]]}
    assert "groups" in _errors(api_a.post("/api/fouled-sets/", bad, format="json"))
    assert FouledSet.objects.filter(event=world_a.event).count() == 1
    url = f"/api/fouled-sets/{world_a.fouling.pk}/withdraw/"
    assert api_a.post(url, {"reason": "it was fine"}, format="json").json()["live"] is False
    assert api_a.post(url, {}, format="json").status_code == 409


def test_a_fouled_set_of_a_duplicate_is_declared_in_groups(api_a, club_a, players_a, director_a):
    from director.events.models import Seating
    from tests.director.factories import make_duplicate

    event = make_duplicate(club_a, players_a, by=director_a)
    plays = sorted(
        {
            tuple(p)
            for p in Seating.objects.filter(round__event=event, game_set_number=1).values_list(
                "round__number", "table__number"
            )
        }
    )
    assert len(plays) >= 2
    body = {"event": event.pk, "game_set": 1, "groups": [[list(plays[0])]], "reason": "a card fell"}
    assert "two groups" in str(_errors(api_a.post("/api/fouled-sets/", body, format="json")))
    body["groups"] = [[list(plays[0])], [list(p) for p in plays[1:]]]
    made = api_a.post("/api/fouled-sets/", body, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["game_set"] == 1 and made.json()["groups"] == body["groups"] and made.json()["live"]


# --- tally cards ----------------------------------------------------------------------------------
def test_tally_cards_are_saved_and_cross_checked(api_a, world_a):
    url = f"/api/events/{world_a.event.pk}/tally-check/"
    assert api_a.get(url).json()["checked"] is False  # nothing typed yet
    response = api_a.post(url, {"cards": {"1": {"games": {"1": 999}, "total": "+999"}}}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["saved"] == 1 and body["checked"] and not body["ok"] and body["against"] == "sheets"
    assert any(d["game"] == 1 and d["kind"] == "scoresheet" for d in body["discrepancies"])
    assert TallyCardEntry.objects.filter(event=world_a.event, entrant="1").count() == 1
    # Read again: the saved card is checked again, nothing new saved.
    again = api_a.get(url).json()
    assert again["saved"] == 0 and again["discrepancies"] == body["discrepancies"]


@pytest.mark.parametrize(
    "cards,field,phrase",
    [
        ({"1": {"games": {"1": "12O"}}}, "cards.1.games.1", "not a net"),
        ({"1": {"total": "abc"}}, "cards.1.total", "not a net"),
        ({"99": {"games": {"1": "+10"}}}, "cards.99", "no entrant"),
        ({"1": {"games": {"7": "+10"}}}, "cards.1.games.7", "no game"),
        ({"1": {"games": {"1": True}}}, "cards", "figure"),
        ({"1": {"games": {"1": [1]}}}, "cards", "figure"),
        ({"1": "+10"}, "cards", ""),
    ],
)
def test_a_card_that_cannot_be_read_is_a_400_and_nothing_is_saved(api_a, world_a, cards, field, phrase):
    before = snapshot()
    response = api_a.post(f"/api/events/{world_a.event.pk}/tally-check/", {"cards": cards}, format="json")
    errors = _errors(response)
    assert field in errors, errors
    assert phrase in str(errors[field])
    assert snapshot() == before


def test_against_must_be_sheets_or_cards(api_a, world_a):
    body = {"cards": {}, "against": "nothing"}
    assert "against" in _errors(api_a.post(f"/api/events/{world_a.event.pk}/tally-check/", body, format="json"))


# --- print jobs -----------------------------------------------------------------------------------
def test_a_print_job_is_started_polled_and_downloaded(api_a, world_a, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # no broker: the task runs here and now
        started = api_a.post("/api/print-jobs/", {"event": world_a.event.pk, "kind": "scoresheets"}, format="json")
    assert started.status_code == 201, started.content
    assert started.json()["status"] == "queued" and started.json()["download"] is None
    polled = api_a.get(f"/api/print-jobs/{started.json()['id']}/").json()
    assert polled["status"] == "done" and polled["percent"] == 100 and polled["done"] == polled["total"] > 0
    pdf = api_a.get(polled["download"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
    listed = results_of(api_a.get("/api/print-jobs/", {"event": world_a.event.pk, "status": "done"}))
    assert polled["id"] in {job["id"] for job in listed}


def test_a_job_not_done_has_nothing_to_download(api_a, world_a):
    job = PrintJob.objects.create(event=world_a.event, kind="results")
    response = api_a.get(f"/api/print-jobs/{job.pk}/download/")
    assert response.status_code == 409 and "queued" in str(response.json())


@pytest.mark.parametrize(
    "change,field,phrase",
    [
        ({"kind": "posters"}, "kind", "unknown document"),
        ({"kind": "envelopes"}, "kind", "progressive night"),  # hands are dealt at the table
        ({"paper": "a3"}, "paper", "unknown paper"),
        ({"lang": "de"}, "lang", "unknown lang"),
        ({"kind": 3}, "kind", "must be text"),
    ],
)
def test_a_print_job_that_cannot_be_made_is_a_400(api_a, world_a, change, field, phrase):
    before = snapshot()
    body = {"event": world_a.event.pk, "kind": "results", **change}
    errors = _errors(api_a.post("/api/print-jobs/", body, format="json"))
    assert phrase in " ".join(errors[field])
    assert snapshot() == before


# --- audit log ------------------------------------------------------------------------------------
def test_the_audit_log_reads_what_happened_in_words(api_a, world_a, world_b):
    body = {"event": world_a.event.pk, "game": 1, "table": 2, "direction": "minors", "code": "A-", "reason": "slow"}
    api_a.post("/api/artificial-scores/", body, format="json")
    rows = results_of(api_a.get("/api/audit-entries/", {"event": world_a.event.pk, "action": "standings."}))
    assert rows[0]["action"] == "standings.artificial" and rows[0]["actor"] == "dora"
    assert rows[0]["description"] == "gave an artificial score" and rows[0]["sentence"]
    assert {r["action"] for r in rows} <= {"standings.artificial"} and len(rows) == 2
    assert results_of(api_a.get("/api/audit-entries/", {"event": world_b.event.pk})) == []
    assert api_a.post("/api/audit-entries/", {}, format="json").status_code == 405  # read only
