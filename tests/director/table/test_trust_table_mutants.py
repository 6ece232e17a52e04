"""Tests that kill the surviving mutants of the table's services (``director/table/services.py``,
#36): ``make mutate ARGS="--trust --tests=… director.table.services*"`` (docs/testing.md). Each
asserts what a changed rule gets wrong: a refusal's words and field, the row a confirmation or a
dispute writes, its audit entry."""

from __future__ import annotations

import pytest
from django.test import Client

from director.audit.models import AuditEntry
from director.clubs.models import Player
from director.core.errors import Conflict, ValidationError
from director.events import codes
from director.events import services as events
from director.events.models import Event, PlayerCode, Round, Seat, Seating
from director.results.models import Submission
from director.table import services
from tests.director.conftest import make_progressive
from tests.director.table.test_player_codes import _with_codes, pair_phone, phone_of, post, seated, send

pytestmark = pytest.mark.django_db
S = Submission.Status


def _refused(answer, status: int, error: str, field: str) -> None:
    """The phone's refusal: its status, and the words and field the page shows beside the box."""
    assert answer.status_code == status
    assert (answer.json()["error"], answer.json()["field"]) == (error, field)


def _sent(phone, sheet) -> tuple:
    """Table 1's ♠♥ phone has sent ``sheet``: the phones and the submission's id."""
    p = phone(1)
    answer = p.submit(sheet)
    assert answer.status_code == 201
    return p, answer.json()["submission"]["id"]


def _passed_round(running, sheet, seat: str):
    """A night of player codes: table 1's ♠ player sends the sheet from their phone, then passes it
    to the ``seat`` player, who opens their own code on it. Returns the night, the table, who sits
    where, the shared phone and the sheet's id."""
    night = _with_codes(running)
    table = night.tables.get(number=1)
    at = seated(night, 1, 1)
    shared = phone_of(night, at["S"])
    sid = send(shared, table, sheet).json()["submission"]["id"]
    code = PlayerCode.objects.get(event=night, player_id=at[seat]).code
    assert shared.get(f"/me/{codes.shown(code).lower()}/").status_code == 302  # now the seat player's
    return night, table, at, shared, sid


# --- table links: the refusals -----------------------------------------------------------------------------
def test_a_second_sheet_is_refused_on_the_sheet_field_with_its_code(phone, sheet):
    """Mutants of ``AlreadySubmitted``: the refusal's field (the JSON's ``field``, which the phone's
    page puts the message beside) and code."""
    p, _ = _sent(phone, sheet)
    answer = p.submit(sheet, side="minors")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["code"], body["field"]) == ("already-submitted", "sheet")
    assert body["error"] == "table 1, game 1 is already submitted — confirm or dispute it"


def test_a_confirmed_sheet_cannot_be_disputed_and_the_phone_is_told_why(phone, sheet):
    """Mutants of ``dispute``'s refusal of a sheet that is no longer awaiting the opponents: its
    words, its field."""
    p, sid = _sent(phone, sheet)
    assert p.confirm(sid).status_code == 200
    answer = p.dispute(sid, note="too late")
    _refused(answer, 409, "version 1 is confirmed; it cannot be disputed", "status")
    assert Submission.objects.get(pk=sid).status == S.CONFIRMED


def test_the_sending_side_disputing_from_another_phone_is_told_the_opponents_dispute(phone, sheet):
    """Mutants: ``_check_opponents`` called without the side (the services' own refusal then speaks,
    in other words) or with another verb."""
    p, sid = _sent(phone, sheet)
    answer = p.post("dispute", {"submission": sid, "side": "majors", "note": ""}, phone=p.phones["minors"])
    assert answer.status_code == 409
    assert answer.json()["error"] == "the ♠♥ side entered this sheet; the opponents (♦♣) dispute it"
    assert answer.json()["field"] == "side"
    assert Submission.objects.get(pk=sid).status == S.SUBMITTED


def test_a_sheet_the_minors_sent_is_the_majors_to_answer(phone, sheet):
    """Mutant: ``other_side`` answering ♦♣ for either side."""
    p = phone(1)
    sid = p.submit(sheet, side="minors").json()["submission"]["id"]
    answer = p.post("dispute", {"submission": sid, "side": "majors", "note": ""}, phone=p.phones["minors"])
    assert answer.status_code == 409
    assert answer.json()["error"].startswith(
        "this phone sent the sheet, so it cannot dispute it: the ♠♥ side dispute it"
    )


def test_a_disputed_sheet_cannot_be_confirmed_at_the_table(phone, sheet):
    """Mutant: the field of ``confirm``'s refusal of a sheet that is no longer awaiting the opponents."""
    p, sid = _sent(phone, sheet)
    assert p.dispute(sid).status_code == 200
    answer = p.confirm(sid)
    assert answer.status_code == 409
    body = answer.json()
    assert (body["error"], body["field"]) == ("version 1 is disputed; the director decides now", "status")


def test_the_sending_phone_disputing_is_told_to_use_the_opponents_phone(phone, sheet):
    """Mutants: ``_check_opponents``'s verb changed for a dispute from the phone that sent it."""
    p, sid = _sent(phone, sheet)
    answer = p.post("dispute", {"submission": sid, "side": "minors", "note": ""}, phone=p.phones["majors"])
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        "this phone sent the sheet, so it cannot dispute it: the ♦♣ side dispute it on their own phone "
        "(scan the table's code), or ask the director"
    )
    assert (answer.json()["code"], answer.json()["field"]) == ("sent-from-this-phone", "side")


def test_a_sheet_sent_without_a_side_is_answered_with_the_opponents(phone, sheet):
    """Mutants of ``_check_opponents``' words for a sheet whose side was not recorded (sent before
    sheets kept their side, or read from such a file): "the opponents", not a side."""
    p, sid = _sent(phone, sheet)
    Submission.objects.filter(pk=sid).update(submitted_side="")
    answer = p.post("dispute", {"submission": sid, "side": "minors", "note": ""}, phone=p.phones["majors"])
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        "this phone sent the sheet, so it cannot dispute it: the opponents dispute it on their own phone "
        "(scan the table's code), or ask the director"
    )


# --- table links: what a dispute writes --------------------------------------------------------------------
def test_a_dispute_without_a_note_keeps_none_and_is_logged_for_the_table(phone, sheet, running):
    """Mutants: the note's default or its ``or ""`` made another text; the audit entry's table
    (who acted), object, before, ip left out."""
    p, sid = _sent(phone, sheet)
    answer = p.post("dispute", {"submission": sid, "side": "minors"})
    assert answer.status_code == 200
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.status_note, row.status_changed_side) == (S.DISPUTED, "", "minors")
    assert row.status_changed_by_table_id == row.table_id and row.status_changed_by_player_id is None
    entry = AuditEntry.objects.get(action="table.dispute")
    assert (entry.actor, entry.event_id, entry.club_id) == ("table 1", running.pk, running.club_id)
    assert (entry.object_type, entry.object_id) == ("results.submission", str(sid))
    assert entry.before == {"status": "submitted"}
    assert entry.after == {"status": "disputed", "side": "minors", "round": 1, "version": 1, "proposal": None}
    assert (entry.note, entry.ip_address) == ("", "127.0.0.1")


def test_the_service_keeps_the_address_it_is_given_and_no_note_unless_given(phone, sheet, tables):
    """Mutants of ``dispute``: the note's default another text, the address not passed to the
    audit entry (outside a request nothing else knows it)."""
    _, sid = _sent(phone, sheet)
    services.dispute(table=tables[1], submission_id=sid, side="minors", ip="203.0.113.9", phone="the-other-phone")
    assert Submission.objects.get(pk=sid).status_note == ""
    entry = AuditEntry.objects.get(action="table.dispute")
    assert (entry.ip_address, entry.note) == ("203.0.113.9", "")


def test_a_disputes_note_is_kept_to_500_characters(phone, sheet):
    """Mutant: ``[:501]``: the note's column holds 500 (PostgreSQL refuses a longer one)."""
    p, sid = _sent(phone, sheet)
    assert p.dispute(sid, note="  " + "n" * 600).status_code == 200
    assert Submission.objects.get(pk=sid).status_note == "n" * 500
    assert AuditEntry.objects.get(action="table.dispute").note == "n" * 500


# --- player codes: who disputed ------------------------------------------------------------------------------
def test_a_players_dispute_records_the_player_and_no_side(running, sheet):
    """Mutants of ``dispute`` on a night of player codes: the player (``by_player``) not recorded,
    the side or the phone recorded (the player is who acted there, not a side's phone), the
    sender's own side let through with other words."""
    night = _with_codes(running)
    table = night.tables.get(number=1)
    at = seated(night, 1, 1)
    sid = send(phone_of(night, at["S"]), table, sheet).json()["submission"]["id"]
    partner = phone_of(night, at["H"])  # the sender's partner: their side sent it
    refused = post(partner, table, "dispute", {"submission": sid, "note": ""})
    assert refused.status_code == 403
    assert refused.json()["error"] == (
        "your side sent this sheet, so you cannot dispute it: a player who sat against you does, on their own phone"
    )
    answer = post(phone_of(night, at["D"]), table, "dispute", {"submission": sid, "note": "piles"})
    assert answer.status_code == 200
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.status_changed_by_player_id, row.status_changed_by_partnership_id) == (
        S.DISPUTED,
        at["D"],
        None,
    )
    assert (row.status_changed_side, row.status_changed_by_table_id) == ("", table.pk)


def test_one_phone_passed_round_the_table_acts_for_each_players_code(running, sheet):
    """Mutants passing the phone's id to ``results.dispute_submission`` on a night of player codes:
    there the player, not the phone, must be an opponent (a table with one phone passes it round,
    each player opening their own code), so the phone that sent the sheet may dispute it for an
    opponent."""
    _night, table, at, shared, sid = _passed_round(running, sheet, "D")
    answer = post(shared, table, "dispute", {"submission": sid, "note": ""})
    assert answer.status_code == 200
    assert Submission.objects.get(pk=sid).status_changed_by_player_id == at["D"]


def test_a_partnerships_dispute_records_the_partnership(club_a, players_a, director_a, new_progressive, sheet):
    """Mutants: ``by_partnership`` not passed on a night of partnership codes."""
    night = new_progressive(club_a, players_a, tables=2, by=director_a)
    night = _with_codes(events.start_event(event=night), phones="partnership")
    table = night.tables.get(number=1)
    sides = {s.direction: s.partnership for s in table.seatings.filter(round__number=1)}
    sid = send(pair_phone(night, sides["majors"]), table, sheet).json()["submission"]["id"]
    assert post(pair_phone(night, sides["minors"]), table, "dispute", {"submission": sid}).status_code == 200
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.status_changed_by_partnership) == (S.DISPUTED, sides["minors"])


# --- the confirm side -----------------------------------------------------------------------------------------
def test_the_sending_side_confirming_from_another_phone_is_told_the_opponents_confirm(phone, sheet):
    """Mutant: ``confirm`` calling ``_check_opponents`` without the side (the services' own refusal
    then speaks, in other words)."""
    p, sid = _sent(phone, sheet)
    answer = p.post("confirm", {"submission": sid, "side": "majors"}, phone=p.phones["minors"])
    _refused(answer, 409, "the ♠♥ side entered this sheet; the opponents (♦♣) confirm it", "side")
    assert Submission.objects.get(pk=sid).status == S.SUBMITTED


def test_a_players_partner_cannot_confirm_and_is_told_so(running, sheet):
    """Mutants: ``confirm``'s ``opponents_only`` with another verb on a night of player codes."""
    night = _with_codes(running)
    table = night.tables.get(number=1)
    at = seated(night, 1, 1)
    sid = send(phone_of(night, at["S"]), table, sheet).json()["submission"]["id"]
    refused = post(phone_of(night, at["H"]), table, "confirm", {"submission": sid})
    assert refused.status_code == 403
    assert refused.json()["error"] == (
        "your side sent this sheet, so you cannot confirm it: a player who sat against you does, on their own phone"
    )
    assert Submission.objects.get(pk=sid).status == S.SUBMITTED


def test_the_sending_phone_confirming_is_told_to_use_the_opponents_phone(phone, sheet):
    """Mutants: ``confirm``'s verb for ``_check_opponents`` changed."""
    p, sid = _sent(phone, sheet)
    answer = p.post("confirm", {"submission": sid, "side": "minors"}, phone=p.phones["majors"])
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        "this phone sent the sheet, so it cannot confirm it: the ♦♣ side confirm it on their own phone "
        "(scan the table's code), or ask the director"
    )


def test_a_tables_confirmation_is_logged_for_the_table(phone, sheet, running, tables):
    """Mutants of ``confirm``'s audit entry: who acted (the table), the sheet, before and after, the
    address (given to the service outside a request, nothing else knows it)."""
    _, sid = _sent(phone, sheet)
    services.confirm(table=tables[1], submission_id=sid, side="minors", ip="203.0.113.9", phone="the-other-phone")
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.status_changed_side, row.status_changed_by_table_id) == (
        S.CONFIRMED,
        "minors",
        row.table_id,
    )
    entry = AuditEntry.objects.get(action="table.confirm")
    assert (entry.actor, entry.event_id, entry.club_id) == ("table 1", running.pk, running.club_id)
    assert (entry.object_type, entry.object_id) == ("results.submission", str(sid))
    assert entry.before == {"status": "submitted"}
    assert entry.after == {"status": "confirmed", "side": "minors", "round": 1, "version": 1}
    assert entry.ip_address == "203.0.113.9"


def test_a_players_confirmation_records_the_player_and_no_side_from_a_shared_phone(running, sheet):
    """Mutants of ``confirm`` on a night of player codes: the side recorded (or another text), the
    phone's id passed on (one phone passed round the table acts for each player's code: the player,
    not the phone, must be an opponent)."""
    _night, table, at, shared, sid = _passed_round(running, sheet, "C")
    answer = post(shared, table, "confirm", {"submission": sid})
    assert answer.status_code == 200
    row = Submission.objects.get(pk=sid)
    assert (row.status, row.status_changed_by_player_id, row.status_changed_side) == (S.CONFIRMED, at["C"], "")
    entry = AuditEntry.objects.get(action="table.confirm")
    assert entry.after["player"] == row.status_changed_by_player.name and entry.after["side"] == "minors"


# --- which sheet -------------------------------------------------------------------------------------------------
def test_a_sheet_named_by_something_not_a_number_is_refused_on_the_submission_field(phone, sheet, tables):
    """Mutants of ``_own_submission``'s refusal: its words, its field. (The table's views read the
    number first; the service refuses for any other caller.)"""
    _, sid = _sent(phone, sheet)
    for act in (services.confirm, services.dispute):
        with pytest.raises(ValidationError) as refused:
            act(table=tables[1], submission_id="the first one", side="minors", phone="the-other-phone")
        assert (refused.value.message, refused.value.field) == ("say which sheet (its number) you mean", "submission")
    assert Submission.objects.get(pk=sid).status == S.SUBMITTED


def test_a_sheet_of_a_closed_game_is_refused_on_the_submission_field(phone, sheet, running):
    """Mutants of ``_in_current_game``'s field."""
    p, sid = _sent(phone, sheet)
    events.close_round(round=running.rounds.get(number=1))
    for answer in (p.confirm(sid), p.dispute(sid)):
        assert answer.status_code == 409
        assert (answer.json()["error"], answer.json()["field"]) == (
            "that sheet is for game 1; the current game is game 2",
            "submission",
        )


# --- sending a sheet -----------------------------------------------------------------------------------------------
def test_a_sent_sheet_is_kept_with_its_phone_key_and_address_and_logged_whole(phone, sheet, running):
    """Mutants of ``submit``: the phone's id, the key, the side not kept; the audit entry's parts."""
    p = phone(1)
    answer = p.submit(sheet, key="the-first-try")
    assert answer.status_code == 201
    row = Submission.objects.get(pk=answer.json()["submission"]["id"])
    phone_id = p.phones["majors"].session["table-phone"]
    assert (row.submitted_phone, row.idempotency_key, row.submitted_side) == (phone_id, "the-first-try", "majors")
    assert (row.ip_address, row.status, row.version) == ("127.0.0.1", S.SUBMITTED, 1)
    entry = AuditEntry.objects.get(action="table.submit")
    assert (entry.actor, entry.event_id, entry.club_id, entry.ip_address) == (
        "table 1",
        running.pk,
        running.club_id,
        "127.0.0.1",
    )
    assert (entry.object_type, entry.object_id, entry.before) == ("results.submission", str(row.pk), None)
    assert entry.after == {
        "side": "majors",
        "round": 1,
        "version": 1,
        "majors": row.majors,
        "minors": row.minors,
        "net": row.net,
        "sheet": row.sheet,
    }


def test_a_sheet_sent_after_a_dispute_is_logged_with_the_one_it_follows(phone, sheet, random_sheet):
    """Mutants of ``submission_summary`` and of ``submit``'s ``before``: the disputed version the new
    sheet follows, as the director's log shows it."""
    p, sid = _sent(phone, sheet)
    assert p.dispute(sid).status_code == 200
    disputed = Submission.objects.get(pk=sid)
    assert p.submit(random_sheet(), side="minors").status_code == 201
    entry = AuditEntry.objects.filter(action="table.submit").order_by("id").last()
    assert entry.before == {
        "version": 1,
        "status": "disputed",
        "majors": disputed.majors,
        "minors": disputed.minors,
        "net": disputed.net,
    }
    assert entry.after["version"] == 2


def test_the_service_keeps_a_sheets_address_phone_and_key_as_given(tables, sheet):
    """Mutants of ``submit`` passing its arguments on: outside a request only they say who sent it."""
    submission, replayed = services.submit(
        table=tables[1],
        round_number=1,
        sheet=sheet,
        side="minors",
        idempotency_key="k-7",
        ip="203.0.113.9",
        phone="p" * 50,
    )
    assert replayed is False
    assert (submission.ip_address, submission.submitted_phone, submission.idempotency_key) == (
        "203.0.113.9",
        "p" * 40,
        "k-7",
    )
    assert AuditEntry.objects.get(action="table.submit").ip_address == "203.0.113.9"
    again, replayed = services.submit(
        table=tables[1], round_number=1, sheet=sheet, side="minors", idempotency_key="k-7"
    )
    assert replayed is True and again.pk == submission.pk
    with pytest.raises(services.AlreadySubmitted):
        services.submit(table=tables[1], round_number=1, sheet=sheet, side="majors", idempotency_key="")


# --- which game a table may write to -------------------------------------------------------------------------
def test_a_table_is_told_which_game_is_open(phone, sheet, running):
    """Mutants of ``_locked_game``'s words and fields: another game than the open one, every game
    closed, a table nobody sits at in the open game."""
    p = phone(1)
    future = p.submit(sheet, round=2)
    assert future.status_code == 409
    assert (future.json()["error"], future.json()["field"]) == (
        "game 2 is not open at this table; the current game is game 1 (reload the page)",
        "round",
    )
    Seating.objects.filter(round__event=running, round__number=1, table=p.table).delete()
    nobody = p.submit(sheet, round=1)
    assert nobody.status_code == 404
    assert (nobody.json()["error"], nobody.json()["field"]) == ("nobody is seated at table 1 in game 1", "round")
    Round.objects.filter(event=running).update(status=Round.Status.CLOSED)
    closed = p.submit(sheet, round=1)
    assert closed.status_code == 409
    assert (closed.json()["error"], closed.json()["field"]) == (
        "every game of this event is closed; ask the director",
        "round",
    )
    assert not Submission.objects.exists()


def test_a_table_of_an_event_not_yet_started_writes_nothing(progressive_a, sheet):
    """Mutants of ``_locked_game``'s refusal of an event that is not running."""
    table = progressive_a.tables.get(number=1)
    with pytest.raises(Conflict) as refused:
        services.submit(table=table, round_number=1, sheet=sheet, side="majors", idempotency_key=None)
    assert (refused.value.message, refused.value.field) == (
        f"{progressive_a.name} is not running; ask the director",
        "round",
    )
    assert not Submission.objects.exists()


# --- who acts on a night of player codes ----------------------------------------------------------------------
def test_a_player_code_night_tells_a_table_link_and_a_moved_player_what_to_do(running, sheet):
    """Mutants of ``acting``'s refusals: their words and fields."""
    night = _with_codes(running)
    table = night.tables.get(number=1)
    link_only = post(Client(), table, "submit", {"round": 1, "side": "majors", "sheet": sheet})
    assert link_only.status_code == 403
    assert (link_only.json()["error"], link_only.json()["field"]) == (
        f"{night.name} uses player codes: open the code on your tally card (or type it at the page's address) — "
        "a table's link alone cannot send, confirm or dispute a sheet",
        "player",
    )
    elsewhere = seated(night, 1, 2)["S"]
    name = Player.objects.get(pk=elsewhere).name
    moved = send(phone_of(night, elsewhere), table, sheet)
    assert moved.status_code == 403
    assert (moved.json()["error"], moved.json()["field"]) == (
        f"{name} is not at table 1 in game 1 (you play at table 2 now): your page shows your table — open it again",
        "player",
    )
    Seat.objects.filter(round__event=night, round__number=1, player_id=elsewhere).delete()
    unseated = send(phone_of(night, elsewhere), table, sheet)
    assert unseated.status_code == 403
    assert unseated.json()["error"] == (
        f"{name} is not at table 1 in game 1 (you are not seated in it): your page shows your table — open it again"
    )
    assert not Submission.objects.exists()


def test_another_tables_sheet_is_not_found_on_the_submission_field(phone, sheet):
    """Mutants of ``_own_submission``'s refusal of another table's sheet: its words, its field."""
    _, sid = _sent(phone, sheet)
    other = phone(2)
    for answer in (other.confirm(sid), other.dispute(sid)):
        assert answer.status_code == 404
        assert (answer.json()["error"], answer.json()["field"]) == ("that sheet is not this table's", "submission")
    assert Submission.objects.get(pk=sid).status == S.SUBMITTED


# --- the fifth session's survivors (docs/testing.md) ------------------------------------------------------------
def test_a_phone_that_does_not_say_its_side_is_asked_which_beside_the_side_box(phone, sheet):
    """Mutants of ``_check_side``: its words and its field."""
    answer = phone(1).submit(sheet, side="north")
    _refused(answer, 400, "say which side you are: majors (♠♥) or minors (♦♣)", "side")
    assert not Submission.objects.exists()


def test_another_nights_open_game_is_not_this_tables(phone, sheet, running, club_a, players_a, director_a):
    """Mutant of ``_locked_game``: the open game looked up among every event's games, not the
    table's own night's (another night of the club at its game 1 while this one is at game 2)."""
    p = phone(1)
    events.close_round(round=running.rounds.get(number=1))
    other = make_progressive(club_a, players_a, tables=1, by=director_a, phones=Event.Phones.TABLE)
    events.start_event(event=other)
    sent = p.submit(sheet, round=2)
    assert sent.status_code == 201
    assert Submission.objects.get(pk=sent.json()["submission"]["id"]).round.event_id == running.pk


def test_a_sheet_sent_without_a_phone_records_no_phone(tables, sheet):
    """Mutant of ``submit``: a made-up phone id written for none (the director's pages show which
    phone sent a sheet; no phone sent this one)."""
    Event.objects.filter(pk=tables[1].event_id).update(phones=Event.Phones.TABLE)
    submission, replayed = services.submit(
        table=tables[1], round_number=1, sheet=sheet, side="majors", idempotency_key="k-none"
    )
    assert replayed is False
    assert Submission.objects.get(pk=submission.pk).submitted_phone == ""
