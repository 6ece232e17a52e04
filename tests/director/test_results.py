import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from director.core.errors import Conflict, NotFound, ValidationError
from director.events import services as events
from director.results import selectors
from director.results import services as results
from director.results.adapters import sheet_problems
from director.results.models import Submission
from director.sheets.partnership.kind import Kind as Partnership

S = Submission.Status


@pytest.fixture
def place(progressive_a):
    return progressive_a.tables.get(number=1), progressive_a.rounds.get(number=1)


def test_director_enters_a_confirmed_sheet(place, sheet, director_a):
    table, round_ = place
    sub = results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a, ip="192.168.1.20")
    assert (sub.version, sub.status, sub.source) == (1, S.CONFIRMED, "director")
    # majors: S 500 + 5×20 + H 7×20 + 600 pile = 1340; minors: D 1250 + 60 + C 180 + 850 = 2340
    assert (sub.majors, sub.minors, sub.net) == (1340, 2340, -1000)
    assert sub.submitted_by_user == director_a and sub.ip_address == "192.168.1.20"


def test_correction_is_a_new_version_and_supersedes(place, sheet, director_a):
    table, round_ = place
    first = results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a)
    corrected = dict(sheet, trick_piles={"majors": 70, "minors": 75})
    second = results.enter_sheet(table=table, round=round_, sheet=corrected, by=director_a)
    first.refresh_from_db()
    assert first.status == S.SUPERSEDED and first.sheet == sheet  # the old row's content is untouched
    assert second.version == 2 and second.status == S.CONFIRMED and second.majors == 1440
    assert [s.version for s in selectors.history(table, round_)] == [1, 2]


@pytest.mark.parametrize(
    "change,message",
    [
        ({"trick_piles": {"majors": 60, "minors": 84}}, "add up to 207, not 208"),
        ({"unfinished": {"S": -1, "H": 7, "D": 3, "C": 15}}, "cannot be negative"),
        ({"unfinished": {"S": "five", "H": 7, "D": 3, "C": 9}}, "unfinished.S must be a whole number"),
        ({"calypsos": {"S": 1, "H": 0, "D": 2}}, "calypsos.C is missing"),
    ],
)
def test_bad_sheets_are_refused_and_write_nothing(place, sheet, director_a, change, message):
    table, round_ = place
    with pytest.raises(ValidationError, match=message) as caught:
        results.enter_sheet(table=table, round=round_, sheet={**sheet, **change}, by=director_a)
    assert caught.value.field == "sheet" and caught.value.problems
    assert not Submission.objects.exists()


def test_sheet_problems_for_the_live_check(sheet):
    assert sheet_problems(sheet, kind=Partnership()) == []
    assert any(
        "208" in p
        for p in sheet_problems(kind=Partnership(), data={**sheet, "trick_piles": {"majors": 1, "minors": 1}})
    )


def test_database_refuses_a_second_confirmed_sheet(place, sheet, director_a):
    table, round_ = place
    sub = results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a)
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.create(
            table=table,
            round=round_,
            version=2,
            sheet=sheet,
            majors=sub.majors,
            minors=sub.minors,
            net=sub.net,
            status=S.CONFIRMED,
            source="import",
        )
    # Any number of superseded or submitted rows are fine.
    Submission.objects.create(
        table=table,
        round=round_,
        version=3,
        sheet=sheet,
        majors=sub.majors,
        minors=sub.minors,
        net=sub.net,
        status=S.SUBMITTED,
        source="import",
    )


def test_database_refuses_a_wrong_net(place, sheet):
    table, round_ = place
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.create(
            table=table, round=round_, version=1, sheet=sheet, majors=10, minors=5, net=4, source="import"
        )


def test_idempotency_key_returns_the_first_result(place, sheet, director_a):
    table, round_ = place
    first = results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a, idempotency_key="k-1")
    again = results.enter_sheet(
        table=table, round=round_, sheet={**sheet, "trick_piles": {"majors": 70, "minors": 75}}, idempotency_key="k-1"
    )
    assert again.pk == first.pk and Submission.objects.count() == 1
    other_table = table.event.tables.get(number=2)
    with pytest.raises(Conflict, match="another table"):
        results.enter_sheet(table=other_table, round=round_, sheet=sheet, idempotency_key="k-1")


def test_a_retried_key_is_one_rule_for_the_director_the_api_and_the_phone(place, sheet, director_a):
    """``results.services.replayed``: the director's entry and the API pass the game (a key of
    another game is refused), the table's phone does not (its retry is answered even once the game
    has moved on); a key of another table is refused either way."""
    table, round_ = place
    first = results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a, idempotency_key="k-9")
    assert results.replayed("k-9", table, round_) == first
    assert results.replayed("k-9", table) == first  # the phone's retry, whatever game is current
    assert results.replayed(None, table) is None and results.replayed("never-sent", table) is None
    game_two = table.event.rounds.get(number=2)
    with pytest.raises(Conflict, match="another table or game"):
        results.replayed("k-9", table, game_two)
    with pytest.raises(Conflict, match=r"already used for another table$"):
        results.replayed("k-9", table.event.tables.get(number=2))


def test_database_refuses_a_repeated_idempotency_key(place, sheet):
    table, round_ = place
    results.submit_from_table(table=table, round=round_, sheet=sheet, idempotency_key="phone-42")
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.create(
            table=table,
            round=round_,
            version=9,
            sheet=sheet,
            majors=1340,
            minors=2340,
            net=-1000,
            source="table",
            idempotency_key="phone-42",
        )


def test_table_submits_opponents_confirm_or_dispute(place, sheet):
    table, round_ = place
    sub = results.submit_from_table(table=table, round=round_, sheet=sheet, ip="10.0.0.7", idempotency_key="a")
    assert sub.status == S.SUBMITTED and sub.submitted_by_table == table
    with pytest.raises(Conflict, match="already submitted — confirm or dispute"):
        results.submit_from_table(table=table, round=round_, sheet=sheet, idempotency_key="b")
    results.dispute_submission(submission=sub, by_table=table, note="our pile was 62")
    sub.refresh_from_db()
    assert sub.status == S.DISPUTED and sub.status_note == "our pile was 62"
    with pytest.raises(Conflict, match="cannot be confirmed"):
        results.confirm_submission(submission=sub, by_table=table)  # a table cannot overrule a dispute
    other = table.event.tables.get(number=2)
    fresh = results.submit_from_table(table=other, round=round_, sheet=sheet)
    with pytest.raises(NotFound, match="not for your table"):
        results.confirm_submission(submission=fresh, by_table=table)
    confirmed = results.confirm_submission(submission=fresh, by_table=other)
    assert confirmed.status == S.CONFIRMED and confirmed.status_changed_by_table == other


def test_director_confirms_a_disputed_sheet(place, sheet, director_a):
    table, round_ = place
    sub = results.submit_from_table(table=table, round=round_, sheet=sheet)
    results.dispute_submission(submission=sub, by_table=table)
    confirmed = results.confirm_submission(submission=sub, by=director_a, note="checked the piles")
    assert confirmed.status == S.CONFIRMED and confirmed.status_changed_by == director_a
    with pytest.raises(Conflict):
        results.dispute_submission(submission=confirmed)


def test_director_reconfirming_an_old_version_supersedes_the_current(place, sheet, director_a):
    table, round_ = place
    v1 = results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a)
    v2 = results.enter_sheet(
        table=table, round=round_, sheet={**sheet, "trick_piles": {"majors": 70, "minors": 75}}, by=director_a
    )
    results.confirm_submission(submission=v1, by=director_a)
    v1.refresh_from_db()
    v2.refresh_from_db()
    assert (v1.status, v2.status) == (S.CONFIRMED, S.SUPERSEDED)


def test_tables_cannot_submit_for_a_closed_game(place, sheet, director_a):
    table, round_ = place
    events.close_round(round=round_)
    with pytest.raises(Conflict, match="closed"):
        results.submit_from_table(table=table, round=round_, sheet=sheet)
    results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a)  # the director still can


def test_table_and_round_must_be_in_the_same_event(place, sheet, club_b, players_b, new_progressive):
    table, _ = place
    other = new_progressive(club_b, players_b, tables=2, games=2)
    with pytest.raises(NotFound, match="not in the same event"):
        results.enter_sheet(table=table, round=other.rounds.first(), sheet=sheet)
    assert not Submission.objects.exists()


def test_withdraw_supersedes_without_deleting(place, sheet, director_a):
    table, round_ = place
    results.enter_sheet(table=table, round=round_, sheet=sheet, by=director_a)
    assert results.withdraw_result(table=table, round=round_, by=director_a) == 1
    assert Submission.objects.get().status == S.SUPERSEDED


def test_partnership_games_and_missing_tables(progressive_a, sheet, director_a):
    round1 = progressive_a.rounds.get(number=1)
    assert [t.number for t in selectors.missing_tables(round1)] == [1, 2, 3, 4]
    results.enter_sheet(table=progressive_a.tables.get(number=2), round=round1, sheet=sheet, by=director_a)
    assert [t.number for t in selectors.missing_tables(round1)] == [1, 3, 4]
    games = selectors.partnership_games(progressive_a)
    assert {(g.direction, g.partnership, g.opponents, g.net) for g in games} == {
        ("majors", 2, 6, -1000),
        ("minors", 6, 2, 1000),
    }
    assert sum(g.net for g in games) == 0


def test_result_selectors_have_constant_query_counts(club_a, new_players, new_progressive, random_sheet):
    players = new_players(club_a, 40, prefix="Q")
    small = new_progressive(club_a, players[:8], tables=2, games=2)
    large = new_progressive(club_a, players[8:], tables=8, games=5, seed=2)
    for event in (small, large):
        for round_ in event.rounds.all():
            for table in event.tables.all():
                results.enter_sheet(table=table, round=round_, sheet=random_sheet())

    def count(event):
        with CaptureQueriesContext(connection) as ctx:
            list(selectors.confirmed_submissions(event))
            selectors.live_results(event)
            selectors.partnership_games(event)
            selectors.missing_tables(event.rounds.first())
        return len(ctx.captured_queries)

    assert count(small) == count(large)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_racing_submissions_one_wins(require_postgres, club_a, new_players, new_progressive, sheet):
    """Two threads submit for the same table and game at once: exactly one row is created.

    Runs in the integration pass on PostgreSQL (threads cannot share SQLite's in-memory test db)."""
    event = new_progressive(club_a, new_players(club_a, 8), tables=2, games=1)
    table, round_ = event.tables.get(number=1), event.rounds.get()
    outcomes = []

    def submit(key):
        try:
            results.submit_from_table(table=table, round=round_, sheet=sheet, idempotency_key=key)
            outcomes.append("ok")
        except Conflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(f"k{i}",)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "ok"]
    assert Submission.objects.filter(table=table, round=round_).count() == 1
