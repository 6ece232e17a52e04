"""Event export to one JSON file and import into an empty database: nothing lost, same bytes."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from director.audit.exchange import FORMAT, export_event_text, import_event
from director.core.errors import Conflict, ValidationError
from director.deals import services as deals
from director.events import lineup
from director.events import services as events
from director.events.models import Event
from director.movements import services as movements
from director.results import services as results
from director.results.models import Submission
from director.standings import services as standings
from director.table import services as table_services


@pytest.fixture
def club_night(club_a, players_a, director_a, sheet, random_sheet):
    """Every kind of row: a side of three (a bye), game sets with a seed, scoresheets in every
    state and version, a closed game, public switches, adjustments and the audit log."""
    event = events.create_event(
        club=club_a,
        name="Exported night",
        date=datetime.date(2025, 5, 2),
        games=3,
        by=director_a,
        phones="table",  # its sheets are sent through the tables' links below
    )
    lineup.draw_partnerships(event=event, players=players_a[:11], seed=5)
    movements.seat_event(event=event)
    deals.generate_game_sets(event=event, count=3, by=director_a)
    events.start_event(event=event)
    round1 = event.rounds.get(number=1)
    tables = list(event.tables.order_by("number"))
    seated = [t for t in tables if t.seatings.filter(round=round1).exists()]
    first, second = seated[0], seated[1]
    sub, _ = table_services.submit(table=first, round_number=1, sheet=sheet, side="majors", idempotency_key="key-1")
    table_services.confirm(table=first, submission_id=sub.pk, side="minors")
    sub2, _ = table_services.submit(
        table=second, round_number=1, sheet=random_sheet(), side="minors", idempotency_key="key-2"
    )
    table_services.dispute(table=second, submission_id=sub2.pk, side="majors", note="miscounted")
    results.enter_sheet(table=second, round=round1, sheet=random_sheet(), by=director_a, note="corrected")
    standings.set_artificial(
        event=event,
        round_number=1,
        table_number=seated[-1].number,
        direction="majors",
        code="A+",
        reason="slow",
        by=director_a,
    )
    standings.set_options(event=event, tie_break="count-back")
    events.close_round(round=round1)
    events.set_public_switches(event=event, standings_released=True)
    event.refresh_from_db()
    return event


def _wipe():
    """Empty the database, as a fresh install would be."""
    call_command("flush", interactive=False, verbosity=0)


def test_export_is_canonical_and_complete(club_night):
    text = export_event_text(club_night)
    assert text == export_event_text(club_night)
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert [e["name"] for e in data["events"]] == ["Exported night"]
    assert len(data["players"]) == 16 and len(data["partnerships"]) == 5
    assert any(len(s["sit_out_order"]) == 4 for s in data["seatings"])  # the side of three
    assert data["game_sets"] == [] and data["game_set_files"][0]["seed"] == ""  # deal secrets: see below
    versions = [(s["table"], s["version"], s["status"]) for s in data["submissions"]]
    assert len(versions) == Submission.objects.filter(round__event=club_night).count() == 3
    assert {s["status"] for s in data["submissions"]} == {"confirmed", "superseded"}
    assert data["artificial_scores"][0]["code"] == "A+"
    assert data["standings_options"][0]["tie_break"] == "count-back"
    assert {"table.submit", "table.confirm", "table.dispute", "results.enter_sheet"} <= {
        a["action"] for a in data["audit_entries"]
    }
    assert data["users"] == ["dora"]
    assert data["submissions"][0]["submitted_at"].endswith("+00:00")


@pytest.mark.django_db(transaction=True)  # flush (TRUNCATE on PostgreSQL) runs outside a transaction
def test_import_into_an_empty_database_gives_the_same_file_back(club_night, tmp_path):
    out = tmp_path / "night.json"
    call_command("export_event", str(club_night.pk), "--out", str(out), "--full")
    original = out.read_bytes()
    tokens = sorted(club_night.tables.values_list("token", flat=True))
    event_id = club_night.pk

    _wipe()
    assert not Event.objects.exists()
    call_command("import_event", str(out))

    again = tmp_path / "again.json"
    call_command("export_event", str(event_id), "--out", str(again), "--full")
    assert again.read_bytes() == original  # byte for byte

    event = Event.objects.get(pk=event_id)
    assert sorted(event.tables.values_list("token", flat=True)) == tokens  # the QR codes still work
    assert Submission.objects.filter(round__event=event).count() == 3
    assert Submission.objects.filter(idempotency_key="key-1", status="confirmed").exists()
    # A retry that reaches the restored server is still recognised as a retry.
    table = Submission.objects.get(idempotency_key="key-1").table
    assert results.replayed("key-1", table).idempotency_key == "key-1"
    # New rows get new ids (PostgreSQL's sequences were moved past the imported ones).
    new = events.create_event(club=event.club, name="Next week", date=datetime.date(2025, 5, 9))
    assert new.pk > event_id


@pytest.mark.django_db(transaction=True)
def test_a_file_from_before_a_column_was_added_imports_with_its_default(club_night):
    """Files exported before results 0004/0005 have no submitted_side / submitted_phone (#14.3)."""
    data = json.loads(export_event_text(club_night))
    assert {s["submitted_side"] for s in data["submissions"] if s["source"] == "table"} == {"majors", "minors"}
    for row in data["submissions"]:
        del row["submitted_side"], row["submitted_phone"]
    _wipe()
    event = import_event(json.dumps(data))
    assert set(Submission.objects.filter(round__event=event).values_list("submitted_side", flat=True)) == {""}


def test_import_refuses_a_database_that_already_has_the_event(club_night):
    text = export_event_text(club_night)
    with pytest.raises(Conflict, match="import into an empty database"):
        import_event(text)
    with pytest.raises(CommandError):
        call_command("import_event", "/nonexistent/file.json")


@pytest.mark.parametrize("payload", ["not json", json.dumps({"format": "other"}), json.dumps([1, 2])])
def test_import_refuses_what_is_not_an_export(db, payload):
    with pytest.raises(ValidationError):
        import_event(payload)


def test_export_of_an_unknown_event(db):
    with pytest.raises(CommandError, match="no event 999"):
        call_command("export_event", "999", "--out", "/tmp/x.json")


# --- deal secrets: left out of a plain export, kept (and announced) in a full backup ---------------
def _hands(event) -> dict:
    return {s.number: s.deals for s in event.game_sets.order_by("number")}


def test_a_plain_export_before_release_holds_no_deal_secret(club_night, capsys):
    seed = club_night.set_file.seed
    hands = _hands(club_night)
    call_command("export_event", str(club_night.pk))
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert seed and seed not in captured.out
    assert not any(json.dumps(deal["S"]) in captured.out for deals in hands.values() for deal in deals)
    assert data["game_sets"] == [] and data["game_set_files"][0]["seed"] == ""
    assert data["game_set_files"][0]["commitment"] == club_night.set_file.commitment  # public: announced
    assert data["left_out"] == {"seed": True, "game_sets": [1, 2, 3]}
    assert "full_backup" not in data
    assert "Left out, as the hands are not released: the dealing seed and the hands of game sets 1, 2, 3" in (
        captured.err
    )


@pytest.mark.django_db(transaction=True)
def test_a_full_backup_says_it_holds_secrets_and_restores_every_deal(club_night, tmp_path, capsys):
    seed, commitment, hands = club_night.set_file.seed, club_night.set_file.commitment, _hands(club_night)
    out = tmp_path / "full.json"
    call_command("export_event", str(club_night.pk), "--out", str(out), "--full")
    assert "This is a full backup: it holds the event's deal secrets" in capsys.readouterr().err
    data = json.loads(out.read_text())
    assert data["full_backup"].startswith("a full backup: it holds the event's deal secrets")
    assert data["game_set_files"][0]["seed"] == seed and "left_out" not in data
    event_id = club_night.pk

    _wipe()
    call_command("import_event", str(out))
    assert "plain export" not in capsys.readouterr().err
    event = Event.objects.get(pk=event_id)
    assert _hands(event) == hands
    assert (event.set_file.seed, event.set_file.commitment) == (seed, commitment)


@pytest.mark.django_db(transaction=True)
def test_a_plain_export_restored_says_what_it_lacks_and_the_sets_come_back_from_their_file(
    club_night, tmp_path, capsys
):
    from director.deals.adapters import to_game_set
    from scoring import gamesets

    document = gamesets.game_sets_to_json([to_game_set(s) for s in club_night.game_sets.order_by("number")])
    out = tmp_path / "plain.json"
    call_command("export_event", str(club_night.pk), "--out", str(out))
    event_id, commitment = club_night.pk, club_night.set_file.commitment

    _wipe()
    call_command("import_event", str(out))
    err = capsys.readouterr().err
    assert (
        "This is a plain export, taken before the hands were released: it does not hold the hands of "
        "game sets 1, 2, 3 or the dealing seed." in err
    )
    assert "import their game-set file again" in err and "export_event --full" in err
    event = Event.objects.get(pk=event_id)
    assert Submission.objects.filter(round__event=event).count() == 3  # the results are all there
    assert not event.game_sets.exists() and event.set_file.seed == ""
    deals.import_game_sets(event=event, data=document)
    assert event.game_sets.count() == 3
    assert Event.objects.get(pk=event_id).set_file.commitment == commitment


def test_once_the_hands_are_released_a_plain_export_keeps_them(club_night):
    deals.release_hands(event=club_night)
    data = json.loads(export_event_text(club_night))
    assert len(data["game_sets"]) == 3 and data["game_set_files"][0]["seed"] == club_night.set_file.seed
    assert "left_out" not in data
