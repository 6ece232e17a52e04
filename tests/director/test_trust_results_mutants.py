"""Tests that kill the surviving mutants of the results' services (``director/results/services.py``,
#36): ``make mutate ARGS="--trust --tests=… director.results.services*"`` (docs/testing.md). Each
asserts what a changed rule gets wrong: the rows a write leaves, its audit entry, a refusal's words."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from director.audit.models import AuditEntry
from director.core.errors import Conflict, NotFound, PermissionDenied, ValidationError
from director.events import services as events
from director.events.models import Partnership, Seat
from director.results import services as results
from director.results.models import Submission
from director.sheets.registry import kind_of
from tests.director.conftest import make_progressive

pytestmark = pytest.mark.django_db
S = Submission.Status


@pytest.fixture
def place(running):
    return running.tables.get(number=1), running.rounds.get(number=1)


# --- withdraw_result ------------------------------------------------------------------------------------------
def test_a_withdrawal_supersedes_for_the_director_and_is_logged_with_what_it_took_back(place, sheet, director_a):
    """Mutants of ``withdraw_result``: the superseded rows' who and why (the default words when no
    note is given), the audit entry's action, event, who, what it took back, note."""
    table, game = place
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    assert results.withdraw_result(table=table, round=game, by=director_a) == 1
    row = Submission.objects.get()
    assert (row.status, row.status_changed_by, row.status_note) == (
        S.SUPERSEDED,
        director_a,
        "withdrawn by the director",
    )
    entry = AuditEntry.objects.get(action="results.withdraw")
    assert (entry.actor, entry.user, entry.event_id) == ("dora", director_a, table.event_id)
    assert entry.after == {"table": 1, "round": 1, "superseded": 1}
    assert entry.note == ""


def test_a_withdrawals_note_is_kept_on_the_rows_and_the_entry(place, sheet, director_a):
    table, game = place
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    results.withdraw_result(table=table, round=game, by=director_a, note="entered for the wrong table")
    assert Submission.objects.get().status_note == "entered for the wrong table"
    assert AuditEntry.objects.get(action="results.withdraw").note == "entered for the wrong table"


# --- the director's score entry page: which sheet stands, and a sheet that moved while the page was open ---------
def pile(sheet, majors: int) -> dict:
    """``sheet`` with the majors' trick pile ``majors`` (the minors' the rest: it still adds up)."""
    total = sheet["trick_piles"]["majors"] + sheet["trick_piles"]["minors"]
    return {**sheet, "trick_piles": {"majors": majors, "minors": total - majors}}


def sent(table, game, sheet, side="majors"):
    return results.submit_from_table(table=table, round=game, sheet=sheet, side=side, phone=f"phone-{side}")


def test_the_standing_sheet_is_this_games_and_live(running, sheet, director_a):
    """Mutants of ``_standing``: without its game (another game's sheet of the table stands for
    this one) or its statuses (a withdrawn, superseded sheet still stands). The page showed no
    sheet (``seen_version=0``), so the director's numbers are the table's first."""
    table = running.tables.get(number=1)
    game1, game2, game3 = (running.rounds.get(number=n) for n in (1, 2, 3))
    results.enter_sheet(table=table, round=game1, sheet=sheet, by=director_a)
    saved = results.save_from_page(table=table, round=game2, sheet=sheet, by=director_a, seen_version=0)
    assert (saved.outcome, saved.submission.version, saved.submission.round_id) == ("entered", 1, game2.pk)
    results.enter_sheet(table=table, round=game3, sheet=sheet, by=director_a)
    results.withdraw_result(table=table, round=game3, by=director_a)
    saved = results.save_from_page(table=table, round=game3, sheet=sheet, by=director_a, seen_version=0)
    assert (saved.outcome, saved.submission.version) == ("entered", 2)
    assert saved.submission.note == ""  # nothing stood, so it replaces nothing


def test_a_confirmed_sheet_stands_before_a_later_one_awaiting_the_opponents(running, sheet, director_a):
    """Mutants of ``_standing`` that ignore the confirmed sheet (the latest live one stands): the
    director confirmed the table's disputed version 1 while its version 2 awaits the opponents, so
    version 1 stands and the page, saved without a change, leaves it "unchanged"."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    results.dispute_submission(submission=first, by=director_a, note="the piles are wrong")
    second = sent(table, game, pile(sheet, 50))
    results.confirm_submission(submission=first, by=director_a, note="version 1 was right")
    assert Submission.objects.get(pk=second.pk).status == S.SUBMITTED
    saved = results.save_from_page(table=table, round=game, sheet=None, by=director_a)
    assert (saved.outcome, saved.submission.pk) == ("unchanged", first.pk)


def test_boxes_left_as_the_page_showed_them_are_not_a_correction_of_a_later_version(running, sheet, director_a):
    """Mutants of ``save_from_page``'s ``shown`` (the version the page showed, by table, game and
    version): the page showed table 2's disputed version 2 and the table has since sent version 3.
    Boxes still holding version 2's numbers are no correction, so the save leaves version 3 awaiting
    the opponents; read as any other version — table 1's version 2, table 2's version 2 of game 1,
    its version 1, version 3, or none — the boxes would differ and the save would be refused."""
    game1, game2 = running.rounds.get(number=1), running.rounds.get(number=2)
    table1, table2 = running.tables.get(number=1), running.tables.get(number=2)
    for table, game in ((table1, game2), (table2, game1)):  # version 2s with other numbers
        results.enter_sheet(table=table, round=game, sheet=pile(sheet, 40), by=director_a)
        results.enter_sheet(table=table, round=game, sheet=pile(sheet, 41), by=director_a)
    one = sent(table2, game2, pile(sheet, 50))
    results.dispute_submission(submission=one, by=director_a)
    two = sent(table2, game2, pile(sheet, 51))
    results.dispute_submission(submission=two, by=director_a)
    three = sent(table2, game2, pile(sheet, 52))
    saved = results.save_from_page(
        table=table2, round=game2, sheet=pile(sheet, 51), by=director_a, seen_version=2, seen_status=S.DISPUTED
    )
    assert (saved.outcome, saved.submission.pk) == ("left", three.pk)
    assert Submission.objects.get(pk=three.pk).status == S.SUBMITTED


def test_a_sheet_withdrawn_while_the_page_was_open(running, sheet, director_a):
    """Mutants of ``save_from_page``: without its version check (``moved``), the boxes left as
    they were would enter the withdrawn sheet again; with no sheet standing, the page's version is
    read to compare the boxes with (not ``standing.version``: there is none). New numbers are refused
    with what stands now: none."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    results.withdraw_result(table=table, round=game, by=director_a)
    saved = results.save_from_page(
        table=table, round=game, sheet=sheet, by=director_a, seen_version=1, seen_status=S.CONFIRMED
    )
    assert (saved.outcome, saved.submission) == ("unchanged", None)
    with pytest.raises(Conflict) as refused:
        results.save_from_page(
            table=table, round=game, sheet=pile(sheet, 40), by=director_a, seen_version=1, seen_status=S.CONFIRMED
        )
    assert refused.value.problems == [
        "table 1's sheet changed while the page was open (none now): look at it again, then save"
    ]
    assert refused.value.field == "t1"
    assert Submission.objects.get().status == S.SUPERSEDED


def test_a_sheet_disputed_while_the_page_was_open_is_not_confirmed_as_sent(running, sheet, director_a):
    """Mutants of ``save_from_page``'s status check and its words: the page showed version 1
    awaiting the opponents; they disputed it since (the same version), so "confirm as sent" is
    refused, saying what it is now."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    results.dispute_submission(submission=first, by_table=table, side="minors", phone="phone-minors")
    with pytest.raises(Conflict) as refused:
        results.save_from_page(
            table=table,
            round=game,
            sheet=None,
            by=director_a,
            confirm_as_sent=True,
            seen_version=1,
            seen_status=S.SUBMITTED,
        )
    assert refused.value.problems == [
        "table 1's sheet changed while the page was open (version 1 is disputed): look at it again, then save"
    ]
    assert Submission.objects.get().status == S.DISPUTED


def test_confirm_as_sent_is_refused_without_a_sheet_awaiting_the_opponents(running, sheet, director_a):
    """Mutants of ``save_from_page``'s "confirm as sent" check and its words: with no sheet, and
    with a confirmed one (confirming it again would not be "as the table sent it"), the refusal names
    the table, on its boxes' field, and writes nothing."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    for _ in range(2):
        with pytest.raises(Conflict) as refused:
            results.save_from_page(table=table, round=game, sheet=None, by=director_a, confirm_as_sent=True)
        assert (refused.value.problems, refused.value.field) == (["table 1 has no sheet waiting to be confirmed"], "t1")
        if not Submission.objects.exists():
            results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a)
    assert list(Submission.objects.values_list("version", "status")) == [(1, S.CONFIRMED)]


def test_confirm_as_sent_with_other_numbers_is_refused_with_what_to_do(running, sheet, director_a):
    """Mutants of ``save_from_page``'s refusal of "confirm as sent" with numbers that differ from
    the table's sheet: its words and field."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    sent(table, game, sheet)
    with pytest.raises(ValidationError) as refused:
        results.save_from_page(
            table=table, round=game, sheet=pile(sheet, 40), by=director_a, confirm_as_sent=True, seen_version=1
        )
    assert refused.value.problems == [
        "table 1: the numbers differ from the sheet the table sent — save them as a correction, or put them "
        "back to confirm the table's sheet as sent"
    ]
    assert refused.value.field == "t1"
    assert Submission.objects.get().status == S.SUBMITTED


def test_the_page_says_what_it_did_to_each_table(running, sheet, director_a):
    """Mutants of ``save_from_page``'s answers (``PageSave``: the table's number, its outcome, the
    sheet that stands): an unchanged confirmed sheet, a table left empty, a new sheet."""
    game = running.rounds.get(number=1)
    one, two, three = (running.tables.get(number=n) for n in (1, 2, 3))
    kept = results.enter_sheet(table=one, round=game, sheet=sheet, by=director_a)
    kind = kind_of(running)
    result = results.save_page(
        round=game,
        sheets=[
            results.PageSheet(table=one, kind=kind, sheet=sheet, seen_version=1),
            results.PageSheet(table=two, kind=kind, sheet=None, seen_version=0),
            results.PageSheet(table=three, kind=kind, sheet=sheet, seen_version=0),
        ],
        by=director_a,
    )
    assert result.saved
    new = Submission.objects.get(table=three)
    assert [(s.table, s.outcome, s.submission) for s in result.done] == [
        (1, "unchanged", kept),
        (2, "unchanged", None),
        (3, "entered", new),
    ]


def test_confirm_as_sent_reads_the_table_once_per_lock_and_once_for_the_log(running, sheet, director_a):
    """Mutant of ``_standing`` without ``select_related("table")``: the director's confirm then reads
    the table's row again for the sheet that stands (a query per table confirmed on the page). Its
    reads are the page's lock, ``confirm_submission``'s lock and the audit entry's table number."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    sent(table, game, sheet)
    with CaptureQueriesContext(connection) as queries:
        saved = results.save_from_page(
            table=table, round=game, sheet=None, by=director_a, confirm_as_sent=True, seen_version=1
        )
    assert saved.outcome == "confirmed"
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith('SELECT "events_table"."id"')]
    assert len(reads) <= 3, reads


def test_a_page_with_a_box_that_cannot_be_read_saves_nothing(running, sheet, director_a):
    """Mutants of ``save_page``'s first pass: a table whose boxes could not be read (the kind's
    ``read`` gave problems and no sheet) stops the whole page — its problems are the answer and no
    table is written, not even the good one."""
    game, kind = running.rounds.get(number=1), kind_of(running)
    one, two = running.tables.get(number=1), running.tables.get(number=2)
    result = results.save_page(
        round=game,
        sheets=[
            results.PageSheet(table=one, kind=kind, sheet=sheet, seen_version=0),
            results.PageSheet(table=two, kind=kind, sheet=None, problems=["the ♠♥ pile is not a number"]),
        ],
        by=director_a,
    )
    assert (result.saved, result.problems, result.done) == (False, {2: ["the ♠♥ pile is not a number"]}, [])
    assert not Submission.objects.exists()


def test_new_numbers_while_an_earlier_game_lacks_sheets_are_saved_only_anyway(running, sheet, director_a):
    """Mutants of ``save_page``'s defaults: said that an earlier game lacks sheets, new numbers are
    held back ("ahead") unless the director saves anyway; by default nothing is said to be missing."""
    game, kind = running.rounds.get(number=2), kind_of(running)
    page = [results.PageSheet(table=running.tables.get(number=1), kind=kind, sheet=sheet, seen_version=0)]
    held = results.save_page(round=game, sheets=page, by=director_a, earlier_missing=True)
    assert (held.saved, held.ahead, held.done) == (False, True, [])
    assert not Submission.objects.exists()
    saved = results.save_page(round=game, sheets=page, by=director_a, earlier_missing=True, anyway=True)
    assert (saved.saved, [s.outcome for s in saved.done]) == (True, ["entered"])
    correction = [
        results.PageSheet(table=running.tables.get(number=1), kind=kind, sheet=pile(sheet, 40), seen_version=1)
    ]
    held = results.save_page(round=game, sheets=correction, by=director_a, earlier_missing=True)
    assert (held.saved, held.ahead, held.done) == (False, True, [])
    again = [results.PageSheet(table=running.tables.get(number=1), kind=kind, sheet=sheet, seen_version=1)]
    unchanged = results.save_page(round=game, sheets=again, by=director_a, earlier_missing=True)
    assert (unchanged.saved, [s.outcome for s in unchanged.done]) == (True, ["unchanged"])
    assert list(Submission.objects.values_list("version", "status")) == [(1, S.CONFIRMED)]


def test_a_sheet_that_does_not_add_up_is_the_pages_only_answer(running, sheet, director_a):
    """Mutants of ``save_page``'s first pass (each typed sheet checked by its kind, blank boxes not):
    a sheet that does not add up is answered before anything is tried, so another table's sheet
    that moved since the page was read is not yet reported, and a blank table is no problem."""
    game, kind = running.rounds.get(number=1), kind_of(running)
    one, two, three = (running.tables.get(number=n) for n in (1, 2, 3))
    moved = sent(two, game, sheet)  # after the page was read: it showed no sheet for table 2
    astray = {**sheet, "trick_piles": {"majors": 61, "minors": 85}}  # one card too many
    result = results.save_page(
        round=game,
        sheets=[
            results.PageSheet(table=one, kind=kind, sheet=astray, seen_version=0),
            results.PageSheet(table=two, kind=kind, sheet=pile(sheet, 40), seen_version=0),
            results.PageSheet(table=three, kind=kind, sheet=None, seen_version=0),
        ],
        by=director_a,
    )
    assert result.problems == {
        1: [
            "cards add up to 209, not 208: 1 card too many "
            "(calypsos 13×3 = 39, unfinished 24, trick piles 61 + 85 = 146)"
        ]
    }
    assert (result.stale, result.done, result.saved) == (set(), [], False)
    assert list(Submission.objects.values_list("pk", "status")) == [(moved.pk, S.SUBMITTED)]


def test_the_page_passes_on_what_it_showed_of_each_table(running, sheet, director_a):
    """Mutants of ``save_page`` that do not pass the page's version or status on: a sheet withdrawn
    since (its version) and one disputed since (its status, the same version) are both reported as
    changed while the page was open (``stale``), and nothing is written."""
    game, kind = running.rounds.get(number=1), kind_of(running)
    one, two = running.tables.get(number=1), running.tables.get(number=2)
    results.enter_sheet(table=one, round=game, sheet=sheet, by=director_a)
    results.withdraw_result(table=one, round=game, by=director_a)
    disputed = sent(two, game, sheet)
    results.dispute_submission(submission=disputed, by=director_a)
    result = results.save_page(
        round=game,
        sheets=[
            results.PageSheet(table=one, kind=kind, sheet=pile(sheet, 40), seen_version=1, seen_status=S.CONFIRMED),
            results.PageSheet(table=two, kind=kind, sheet=None, confirm=True, seen_version=1, seen_status=S.SUBMITTED),
        ],
        by=director_a,
    )
    assert (result.saved, result.stale, result.done) == (False, {1, 2}, [])
    assert result.problems == {
        1: ["table 1's sheet changed while the page was open (none now): look at it again, then save"],
        2: ["table 2's sheet changed while the page was open (version 1 is disputed): look at it again, then save"],
    }
    assert sorted(Submission.objects.values_list("table__number", "status")) == [(1, S.SUPERSEDED), (2, S.DISPUTED)]


# --- dispute_submission -------------------------------------------------------------------------------------------
def test_the_directors_dispute_without_words_keeps_none(running, sheet, director_a):
    """Mutants of ``dispute_submission``'s defaults: the director's dispute with no note and no side
    (a director is no side) records neither, on the row or in the log; the sheet kept as sent."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    disputed = results.dispute_submission(submission=first, by=director_a)
    row = Submission.objects.get()
    assert (row.status, row.status_changed_by, row.status_note, row.status_changed_side) == (
        S.DISPUTED,
        director_a,
        "",
        "",
    )
    assert (row.status_changed_by_table, row.proposal, disputed.pk) == (None, None, first.pk)
    entry = AuditEntry.objects.get(action="results.dispute")
    assert (entry.user, entry.note, entry.before) == (director_a, "", {"status": S.SUBMITTED})
    assert (entry.object_id, entry.event_id, entry.after["status"]) == (str(first.pk), running.pk, S.DISPUTED)
    other = sent(running.tables.get(number=2), game, sheet)
    results.dispute_submission(submission=other, by=director_a, note="the piles look wrong")
    assert Submission.objects.get(pk=other.pk).status_note == "the piles look wrong"
    assert AuditEntry.objects.filter(action="results.dispute").latest("pk").note == "the piles look wrong"


def seated(running, table_number: int, direction: str, game_number: int = 1) -> frozenset[int]:
    """The players of ``direction``'s side at table ``table_number`` in game ``game_number``."""
    return frozenset(
        Seat.objects.filter(
            round__number=game_number,
            round__event=running,
            seating__table__number=table_number,
            seating__direction=direction,
        ).values_list("player_id", flat=True)
    )


def test_a_tables_dispute_from_the_sending_side_or_phone_is_refused_by_results_itself(running, sheet):
    """Mutants of ``dispute_submission``'s status update (``_not_by_the_sender`` for a table's
    dispute, with the side and the phone): results refuses the sending side and the sending phone
    whatever the caller checked, and records the disputing side, table and time."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)  # the majors, from "phone-majors"
    for side, phone in (("majors", "phone-minors"), ("minors", "phone-majors")):
        with pytest.raises(Conflict) as refused:
            results.dispute_submission(submission=first, by_table=table, side=side, phone=phone)
        assert (refused.value.problems, refused.value.field) == (
            ["the side that sent a sheet cannot dispute it: the opponents do, on their own phone"],
            "side",
        )
        assert Submission.objects.get().status == S.SUBMITTED
    before = timezone.now()
    results.dispute_submission(submission=first, by_table=table, side="minors", phone="phone-minors", note="60")
    row = Submission.objects.get()
    assert (row.status, row.status_changed_by_table, row.status_changed_side, row.status_note) == (
        S.DISPUTED,
        table,
        "minors",
        "60",
    )
    assert row.status_changed_by is None
    assert before <= row.status_changed_at <= timezone.now()


def _players_refused(running, sheet, act, verb: str):
    """Table 1's sheet sent by its ♠♥; ``act`` (results' confirm or dispute) refused for a player
    who sat elsewhere and for the senders, each in words that say ``verb``, on the player field with
    its code. Returns the table, the sheet and the opponents' player ids (who may ``verb`` it)."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    elsewhere, senders, opponents = (
        seated(running, 2, "majors"),
        seated(running, 1, "majors"),
        seated(running, 1, "minors"),
    )
    with pytest.raises(PermissionDenied) as refused:
        act(submission=first, by_table=table, players=elsewhere)
    assert refused.value.problems == [f"you did not play at table 1 in game 1, so you cannot {verb} its sheet"]
    assert (refused.value.field, refused.value.code) == ("player", "not-at-this-table")
    with pytest.raises(PermissionDenied) as refused:
        act(submission=first, by_table=table, players=senders)
    assert refused.value.problems == [
        f"your side sent this sheet, so you cannot {verb} it: a player who sat against you does, on their own phone"
    ]
    assert (refused.value.field, refused.value.code) == ("player", "own-side")
    return table, first, opponents


def test_a_players_dispute_is_refused_in_words_that_say_dispute(running, sheet):
    """Mutants of ``dispute_submission``'s call of ``opponents_only`` (its verb; the sheet read with
    its table and game): a player who did not sit at the table, or sat on the sending side, is told
    they cannot *dispute*; an opponent's dispute reads the table and the game once each for it."""
    table, first, opponents = _players_refused(running, sheet, results.dispute_submission, "dispute")
    with CaptureQueriesContext(connection) as queries:
        results.dispute_submission(submission=first, by_table=table, players=opponents)
    assert Submission.objects.get().status == S.DISPUTED
    reads = [q["sql"] for q in queries.captured_queries]
    tables = [q for q in reads if q.startswith('SELECT "events_table"."id"')]
    rounds = [q for q in reads if q.startswith('SELECT "events_round"."id"')]
    assert (len(tables), len(rounds)) == (1, 1), (tables, rounds)


def test_a_sheet_no_longer_awaiting_the_opponents_cannot_be_disputed(running, sheet, director_a):
    """Mutants of ``dispute_submission``'s refusals: a confirmed sheet (or one already disputed) is
    refused with what it is now, on the status field — not as the sending side's mistake."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    results.confirm_submission(submission=first, by=director_a)
    for who in ({"by_table": table, "side": "minors", "phone": "phone-minors"}, {"by": director_a}):
        with pytest.raises(Conflict) as refused:
            results.dispute_submission(submission=first, **who)
        assert (refused.value.problems, refused.value.field) == (
            ["version 1 is confirmed, not awaiting confirmation"],
            "status",
        )
    assert Submission.objects.get().status == S.CONFIRMED
    assert not AuditEntry.objects.filter(action="results.dispute").exists()


# --- enter_sheet ----------------------------------------------------------------------------------------------------
def test_the_directors_sheet_without_a_note_keeps_none_and_an_unknown_source_is_refused(running, sheet, director_a):
    """Mutants of ``enter_sheet_once``: the note's default (no words on the row or in the log when
    none is given) and the refusal of a source that is neither the director nor a table."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    with pytest.raises(ValidationError) as refused:
        results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a, source="robot")
    assert (refused.value.problems, refused.value.field) == (["unknown source 'robot'"], "source")
    assert not Submission.objects.exists()
    row, created = results.enter_sheet_once(table=table, round=game, sheet=sheet, by=director_a)
    assert (created, row.note, row.source, row.status) == (True, "", Submission.Source.DIRECTOR, S.CONFIRMED)
    assert AuditEntry.objects.get(action="results.enter_sheet").note == ""
    saved = results.save_from_page(table=table, round=game, sheet=pile(sheet, 40), by=director_a, seen_version=1)
    assert (saved.outcome, saved.submission.note) == ("corrected", "replaces version 1 (confirmed)")
    assert Submission.objects.get(version=2).note == "replaces version 1 (confirmed)"
    entries = AuditEntry.objects.filter(action="results.enter_sheet").order_by("pk")
    assert [(e.user, e.note) for e in entries] == [(director_a, ""), (director_a, "replaces version 1 (confirmed)")]
    pending = results.enter_sheet(
        table=running.tables.get(number=2), round=game, sheet=sheet, by=director_a, confirm=False
    )
    assert (pending.status, pending.status_changed_at, pending.status_changed_by) == (S.SUBMITTED, None, None)


# --- a retried key: answered before anything else, and again under the table's lock --------------------------------
def test_a_retry_is_answered_with_the_first_sheet_before_its_numbers_are_read(running, sheet, director_a):
    """Mutants of the first ``replayed`` in ``enter_sheet_once`` and ``submit_from_table`` (the
    key, the game): a retry is the first request again, so it is answered with the first sheet
    whatever numbers it carries (they are not read again); the same key for another game of the
    table is refused."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    astray = {**sheet, "trick_piles": {"majors": 61, "minors": 85}}  # does not add up
    first, created = results.enter_sheet_once(table=table, round=game, sheet=sheet, by=director_a, idempotency_key="k")
    again, created_again = results.enter_sheet_once(
        table=table, round=game, sheet=astray, by=director_a, idempotency_key="k"
    )
    assert (created, again.pk, created_again) == (True, first.pk, False)
    other = running.tables.get(number=2)
    sent_first = results.submit_from_table(table=other, round=game, sheet=sheet, idempotency_key="p")
    assert results.submit_from_table(table=other, round=game, sheet=astray, idempotency_key="p").pk == sent_first.pk
    game2 = running.rounds.get(number=2)
    with pytest.raises(Conflict) as refused:
        results.enter_sheet_once(table=table, round=game2, sheet=sheet, by=director_a, idempotency_key="k")
    assert (refused.value.problems, refused.value.field) == (
        ["this idempotency key was already used for another table or game"],
        "idempotency_key",
    )
    with pytest.raises(Conflict):
        results.submit_from_table(table=other, round=game2, sheet=sheet, idempotency_key="p")
    assert Submission.objects.count() == 2


def write_while_waiting(monkeypatch, write):
    """Run ``write`` (another request's, committed while this one waited) just before this request
    takes the table's lock: the race that the second ``replayed``, under the lock, is for."""
    take = results._lock_table
    waiting = []

    def lock(table):
        if not waiting:
            waiting.append(None)  # the other request's own lock is taken as usual
            waiting[0] = write()
        return take(table)

    monkeypatch.setattr(results, "_lock_table", lock)
    return waiting


@pytest.mark.parametrize("how", ["director", "table"])
def test_a_copy_that_waited_for_the_lock_is_answered_with_what_the_first_wrote(
    monkeypatch, running, sheet, director_a, how
):
    """Mutants of the second ``replayed`` (under the table's lock) in ``enter_sheet_once`` and
    ``submit_from_table``: two copies of one request; the first wrote while the second waited for
    the lock, so the second answers with the first's sheet — it does not supersede it (the
    director's) or refuse itself as a second sheet (the table's). (Table 2 in game 1: ids that differ.)"""
    table, game = running.tables.get(number=2), running.rounds.get(number=1)
    assert table.pk != game.pk
    if how == "director":
        write = lambda: results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a, idempotency_key="k")  # noqa: E731
        waiting = write_while_waiting(monkeypatch, write)
        answer, created = results.enter_sheet_once(
            table=table, round=game, sheet=sheet, by=director_a, idempotency_key="k"
        )
        assert created is False
    else:
        write = lambda: results.submit_from_table(table=table, round=game, sheet=sheet, idempotency_key="k")  # noqa: E731
        waiting = write_while_waiting(monkeypatch, write)
        answer = results.submit_from_table(table=table, round=game, sheet=sheet, idempotency_key="k")
    assert answer.pk == waiting[0].pk
    assert list(Submission.objects.values_list("pk", "status")) == [
        (waiting[0].pk, S.CONFIRMED if how == "director" else S.SUBMITTED)
    ]


@pytest.mark.parametrize("how", ["director", "table"])
def test_a_key_another_game_took_while_waiting_for_the_lock_is_refused(monkeypatch, running, sheet, director_a, how):
    """Mutants of the second ``replayed`` without the game: the key was used for the table's next
    game while this request waited for the lock; under the lock it is refused, not answered with
    that other game's sheet."""
    table, game, game2 = running.tables.get(number=1), running.rounds.get(number=1), running.rounds.get(number=2)
    write = lambda: results.enter_sheet(table=table, round=game2, sheet=sheet, by=director_a, idempotency_key="k")  # noqa: E731
    write_while_waiting(monkeypatch, write)
    with pytest.raises(Conflict) as refused:
        if how == "director":
            results.enter_sheet_once(table=table, round=game, sheet=sheet, by=director_a, idempotency_key="k")
        else:
            results.submit_from_table(table=table, round=game, sheet=sheet, idempotency_key="k")
    assert (refused.value.problems, refused.value.field) == (
        ["this idempotency key was already used for another table or game"],
        "idempotency_key",
    )


def test_a_correction_supersedes_what_stood_in_the_directors_name(running, sheet, director_a):
    """Mutants of ``enter_sheet_once``'s supersede: the version it replaces is marked superseded by
    the director, "corrected by the director", and the new one confirmed by the director."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    before = timezone.now()
    results.enter_sheet(table=table, round=game, sheet=pile(sheet, 40), by=director_a)
    old, new = Submission.objects.order_by("version")
    assert before <= old.status_changed_at <= new.status_changed_at <= timezone.now()
    assert (old.pk, old.status, old.status_changed_by, old.status_note) == (
        first.pk,
        S.SUPERSEDED,
        director_a,
        "corrected by the director",
    )
    assert (new.version, new.status, new.status_changed_by, new.submitted_by_user) == (
        2,
        S.CONFIRMED,
        director_a,
        director_a,
    )


# --- confirm_submission ---------------------------------------------------------------------------------------------
def test_a_tables_confirm_from_the_sending_side_or_phone_is_refused_by_results_itself(running, sheet):
    """Mutants of ``confirm_submission``'s status update for a table (``_not_by_the_sender`` with
    the side and the phone): refused with the side's words on the side field, the sheet left
    awaiting; the opponents' confirm records their side, table, note and time, and is not logged
    here (director.table logs a table's confirm)."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    for side, phone in (("majors", "phone-minors"), ("minors", "phone-majors")):
        with pytest.raises(Conflict) as refused:
            results.confirm_submission(submission=first, by_table=table, side=side, phone=phone)
        assert (refused.value.problems, refused.value.field) == (
            ["the side that sent a sheet cannot confirm it: the opponents do, on their own phone"],
            "side",
        )
        assert Submission.objects.get().status == S.SUBMITTED
    before = timezone.now()
    confirmed = results.confirm_submission(
        submission=first, by_table=table, side="minors", phone="phone-minors", note="agreed"
    )
    row = Submission.objects.get()
    assert (confirmed.pk, confirmed.status) == (first.pk, S.CONFIRMED)
    assert (row.status, row.status_changed_by_table, row.status_changed_side, row.status_note) == (
        S.CONFIRMED,
        table,
        "minors",
        "agreed",
    )
    assert (row.status_changed_by, row.status_changed_by_player, row.status_changed_by_partnership) == (
        None,
        None,
        None,
    )
    assert before <= row.status_changed_at <= timezone.now()
    assert not AuditEntry.objects.filter(action="results.confirm").exists()


def test_a_table_confirms_only_its_own_sheet_awaiting_the_opponents(running, sheet):
    """Mutants of ``confirm_submission``'s refusals for a table: another table's sheet is not
    found for it; a disputed sheet is the director's to settle."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    with pytest.raises(NotFound) as refused:
        results.confirm_submission(
            submission=first, by_table=running.tables.get(number=2), side="minors", phone="phone-minors"
        )
    assert (refused.value.problems, refused.value.field) == (["this sheet is not for your table"], "submission")
    results.dispute_submission(submission=first, by_table=table, side="minors", phone="phone-minors")
    with pytest.raises(Conflict) as refused:
        results.confirm_submission(submission=first, by_table=table, side="minors", phone="phone-minors")
    assert (refused.value.problems, refused.value.field) == (
        ["version 1 is disputed and cannot be confirmed"],
        "status",
    )
    assert Submission.objects.get().status == S.DISPUTED


def test_the_director_confirms_a_disputed_or_superseded_version_over_what_stood(running, sheet, director_a):
    """Mutants of the director's ``confirm_submission``: a disputed version, then a superseded one,
    confirmed over what stood (superseded by the director, "replaced by version N"), each logged
    with the director and the note; a confirmed one asked again is answered as it is, not logged."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    results.dispute_submission(submission=first, by_table=table, side="minors", phone="phone-minors")
    second = sent(table, game, pile(sheet, 40))
    results.confirm_submission(submission=second, by_table=table, side="minors", phone="phone-minors")
    results.confirm_submission(submission=first, by=director_a, note="the first was right")
    rows = {r.version: r for r in Submission.objects.all()}
    assert (rows[1].status, rows[1].status_changed_by, rows[1].status_note) == (
        S.CONFIRMED,
        director_a,
        "the first was right",
    )
    assert (rows[2].status, rows[2].status_changed_by, rows[2].status_note) == (
        S.SUPERSEDED,
        director_a,
        "replaced by version 1",
    )
    assert (rows[1].status_changed_by_table, rows[1].status_changed_side) == (None, "")
    results.confirm_submission(submission=second, by=director_a)  # superseded: the director may
    assert dict(Submission.objects.values_list("version", "status")) == {1: S.SUPERSEDED, 2: S.CONFIRMED}
    assert Submission.objects.get(version=2).status_note == ""  # no note given, none made up
    entries = list(AuditEntry.objects.filter(action="results.confirm").order_by("pk"))
    assert [(e.user, e.note, e.object_id) for e in entries] == [
        (director_a, "the first was right", str(first.pk)),
        (director_a, "", str(second.pk)),
    ]
    again = results.confirm_submission(submission=second, by=director_a, note="once more")
    assert (again.pk, again.status, AuditEntry.objects.filter(action="results.confirm").count()) == (
        second.pk,
        S.CONFIRMED,
        2,
    )


def test_a_players_confirm_is_refused_in_words_that_say_confirm_and_records_the_player(running, sheet):
    """Mutants of ``confirm_submission``'s ``opponents_only`` (its verb; the sheet read with its
    table and game) and of what it records: the player and the partnership who confirmed."""
    table, first, opponents = _players_refused(running, sheet, results.confirm_submission, "confirm")
    player = Seat.objects.filter(player_id__in=opponents).first().player
    partnership = Partnership.objects.filter(event=running).first()
    with CaptureQueriesContext(connection) as queries:
        results.confirm_submission(
            submission=first, by_table=table, players=opponents, by_player=player, by_partnership=partnership
        )
    row = Submission.objects.get()
    assert (row.status, row.status_changed_by_player, row.status_changed_by_partnership) == (
        S.CONFIRMED,
        player,
        partnership,
    )
    reads = [q["sql"] for q in queries.captured_queries]
    tables = [q for q in reads if q.startswith('SELECT "events_table"."id"')]
    rounds = [q for q in reads if q.startswith('SELECT "events_round"."id"')]
    assert (len(tables), len(rounds)) == (1, 1), (tables, rounds)


# --- the checks every write starts with -------------------------------------------------------------------------
def test_an_idempotency_key_is_text_of_at_most_80_characters():
    """Mutants of ``check_key``: none ("" too) is no key; 80 characters are a key, 81 or a number
    are refused on the key's field with the limit named."""
    assert results.check_key(None) is None and results.check_key("") is None
    assert results.check_key("k" * 80) == "k" * 80
    for wrong in ("k" * 81, 42):
        with pytest.raises(ValidationError) as refused:
            results.check_key(wrong)
        assert (refused.value.problems, refused.value.field) == (
            ["the idempotency key must be text of at most 80 characters"],
            "idempotency_key",
        )


def test_a_sheet_is_accepted_only_while_the_event_runs_and_its_game_is_open(running):
    """Mutants of ``check_accepting``: an open game of a running event is accepted (with the game or
    without); a closed game is refused by number, then a finished event by name, both on the game's
    field with their codes."""
    game = running.rounds.get(number=1)
    assert results.check_accepting(running, game) is None and results.check_accepting(running) is None
    events.close_round(round=game)
    game.refresh_from_db()
    with pytest.raises(Conflict) as refused:
        results.check_accepting(running, game)
    assert (refused.value.problems, refused.value.field, refused.value.code) == (
        ["game 1 is closed; ask the director"],
        "round",
        "game-closed",
    )
    results.check_accepting(running)  # the event still runs
    running.status = running.Status.FINISHED
    for which in (game, None):
        with pytest.raises(Conflict) as refused:
            results.check_accepting(running, which)
        assert (refused.value.problems, refused.value.field, refused.value.code) == (
            [
                f"{running.name} has finished: the director closed it, so sheets can no longer be sent from the "
                "table; ask the director"
            ],
            "round",
            "event-finished",
        )


def test_a_table_and_a_game_of_two_events_are_not_found_together(running, sheet, club_a, players_a, director_a):
    """Mutants of ``_check_place``: its words and field."""
    other = make_progressive(club_a, players_a, tables=4, by=director_a)
    with pytest.raises(NotFound) as refused:
        results.enter_sheet(table=running.tables.get(number=3), round=other.rounds.get(number=2), sheet=sheet)
    assert (refused.value.problems, refused.value.field) == (
        ["table 3 and game 2 are not in the same event"],
        "table",
    )


# --- submit_from_table ------------------------------------------------------------------------------------------
def test_a_tables_sheet_keeps_who_sent_it_from_where(running, sheet):
    """Mutants of ``submit_from_table``'s row: awaiting the opponents, sent by the table, its side,
    the phone (at most 40 characters kept), the player and partnership of a night of codes, the
    address and the note; none of them made up when not given."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    player = Seat.objects.filter(player_id__in=seated(running, 1, "majors")).first().player
    partnership = Partnership.objects.filter(event=running).first()
    row = results.submit_from_table(
        table=table,
        round=game,
        sheet=sheet,
        ip="10.0.0.9",
        note="our pile was 60",
        side="majors",
        phone="p" * 45,
        player=player,
        partnership=partnership,
    )
    row.refresh_from_db()
    assert (row.status, row.source, row.submitted_by_table, row.version) == (S.SUBMITTED, "table", table, 1)
    assert (row.submitted_side, row.submitted_phone, row.ip_address, row.note) == (
        "majors",
        "p" * 40,
        "10.0.0.9",
        "our pile was 60",
    )
    assert (row.submitted_by_player, row.submitted_by_partnership, row.submitted_by_user) == (
        player,
        partnership,
        None,
    )
    assert (row.status_changed_at, row.status_changed_by) == (None, None)
    bare = results.submit_from_table(table=running.tables.get(number=2), round=game, sheet=sheet)
    bare.refresh_from_db()
    assert (bare.submitted_side, bare.submitted_phone, bare.ip_address, bare.note, bare.idempotency_key) == (
        "",
        "",
        None,
        "",
        None,
    )
    assert (bare.submitted_by_player, bare.submitted_by_partnership) == (None, None)


def test_a_second_tables_sheet_is_refused_while_one_awaits_or_stands_but_not_after_a_dispute(
    running, sheet, director_a
):
    """Mutants of ``submit_from_table``'s refusals: a sheet awaiting the opponents, or confirmed,
    refuses another with the table and game named on the sheet field; a disputed one does not (the
    table sends its corrected sheet); a closed game refuses it."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = sent(table, game, sheet)
    for _ in range(2):
        with pytest.raises(Conflict) as refused:
            sent(table, game, pile(sheet, 40))
        assert (refused.value.problems, refused.value.field) == (
            ["table 1, game 1 is already submitted — confirm or dispute it"],
            "sheet",
        )
        results.confirm_submission(submission=first, by=director_a)
    other = running.tables.get(number=2)
    disputed = sent(other, game, sheet)
    results.dispute_submission(submission=disputed, by=director_a)
    again = sent(other, game, pile(sheet, 40))
    assert (again.version, again.status) == (2, S.SUBMITTED)
    events.close_round(round=game)
    with pytest.raises(Conflict) as refused:
        sent(running.tables.get(number=3), game, sheet)
    assert refused.value.code == "game-closed"
    assert Submission.objects.filter(table__number=3).count() == 0


def test_the_sending_phone_is_known_by_the_40_characters_kept(running, sheet):
    """Mutants of ``_not_by_the_sender``'s phone (compared as kept: its first 40 characters): a long
    phone id that sent the sheet cannot confirm or dispute it, whatever side it claims."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    first = results.submit_from_table(table=table, round=game, sheet=sheet, side="majors", phone="p" * 45)
    for write in (results.confirm_submission, results.dispute_submission):
        with pytest.raises(Conflict) as refused:
            write(submission=first, by_table=table, side="minors", phone="p" * 45)
        assert refused.value.field == "side"
    assert Submission.objects.get().status == S.SUBMITTED


def test_the_player_who_sent_a_sheet_is_its_side_wherever_they_sit_now(running, sheet):
    """Mutants of ``opponents_only`` that leave the sender out of "their side": a sheet sent by a
    player as the majors' while the seats now put that player with the minors (re-seated after it
    was sent) is still theirs, so they are refused as its side (403), not let through."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    player = Seat.objects.filter(player_id__in=seated(running, 1, "minors")).first().player
    first = results.submit_from_table(table=table, round=game, sheet=sheet, side="majors", player=player)
    with pytest.raises(PermissionDenied) as refused:
        results.confirm_submission(submission=first, by_table=table, side="minors", players=frozenset({player.pk}))
    assert refused.value.code == "own-side"
    assert Submission.objects.get().status == S.SUBMITTED


# --- _create: losing the insert race ------------------------------------------------------------------------------
def _row(table, game, sheet, **extra):
    return Submission.objects.create(
        table=table, round=game, sheet=sheet, majors=0, minors=0, net=0, source="table", **extra
    )


def test_losing_the_insert_race_finds_the_winner_by_its_key_at_this_table(
    running, sheet, club_a, players_a, director_a
):
    """Mutants of ``_create``'s fallback (the row of the same key at the same table): the table's
    other sheets (an earlier game's) and another event's table with the same key come first in the
    sheets' order, yet the lost race answers with the winner's row."""
    table, game1, game2 = running.tables.get(number=2), running.rounds.get(number=1), running.rounds.get(number=2)
    other = make_progressive(club_a, players_a, tables=4, by=director_a)
    _row(other.tables.get(number=1), other.rounds.get(number=1), sheet, version=1, idempotency_key="same")
    _row(table, game1, sheet, version=1, status=S.CONFIRMED)
    won = _row(table, game2, sheet, version=1, idempotency_key="same")
    fields = dict(table=table, round=game2, sheet=sheet, majors=0, minors=0, net=0, source="table")
    created, new = results._create(key="same", status=S.SUBMITTED, **fields)
    assert (created.pk, new) == (won.pk, False)


def test_losing_the_insert_race_without_a_key_is_refused_on_the_sheet_field(running, sheet):
    """Mutants of ``_create``'s ``Conflict`` when the lost race has no key: its field."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    _row(table, game, sheet, version=1, status=S.CONFIRMED)
    fields = dict(table=table, round=game, sheet=sheet, majors=0, minors=0, net=0, source="director")
    with pytest.raises(Conflict) as lost:
        results._create(key=None, status=S.CONFIRMED, **fields)
    assert (lost.value.problems, lost.value.field) == (["table 1, game 1 already has a confirmed sheet"], "sheet")


def test_a_retry_is_answered_in_one_query_with_its_table_and_game(running, sheet, director_a):
    """Mutants of ``replayed``'s ``select_related``: the answer to a retry names its table and game
    (the phone's JSON and the director's page say them), read with it in one query."""
    table, game = running.tables.get(number=1), running.rounds.get(number=1)
    results.enter_sheet(table=table, round=game, sheet=sheet, by=director_a, idempotency_key="k")
    with CaptureQueriesContext(connection) as queries:
        earlier = results.replayed("k", table, game)
        assert (earlier.table.number, earlier.round.number) == (1, 1)
    assert len(queries.captured_queries) == 1
