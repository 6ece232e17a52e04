"""The director's standings page is computed once per results version of the event and cached
(issue 21.5): a second request reads no results; every write path moves the version, so the page
never shows standings older than the last write. Each test below caches the page, writes through
one service, and would see the old figures if that path did not mark the results changed."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from director.clubs import services as clubs
from director.events import lineup
from director.events import services as events
from director.events.models import Event, Round, Table
from director.events.selectors import results_version
from director.movements import services as movements
from director.results import services as results
from director.standings import services
from director.table import services as table_services
from tests.director.conftest import add_players
from tests.director.factories import enter, net_sheet

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def page(client, event) -> dict[int, tuple[str, str, str]]:
    """The standings rows: partnership number → (rank, names, total or MPs, percentage)."""
    html = client.get(reverse("standings:standings", args=[event.pk])).content.decode()
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = {}
    for row in body.split("<tr")[1:]:
        number = re.search(r"<b>(\d+)</b> ([^<]*)", row)
        if number is None:
            continue
        rank = re.search(r'class="num rank">([^<]*)<', row).group(1)
        total = re.search(r'class="num total">([^<]*)<', row).group(1)
        pct = re.search(r'class="num pct">([^<]*)<', row)
        rows[int(number.group(1))] = (rank, number.group(2), total, pct.group(1) if pct else "")
    return rows


def totals(client, event) -> dict[int, str]:
    return {number: row[2] for number, row in page(client, event).items()}


def place(event, game: int, table: int) -> tuple[Table, Round]:
    return Table.objects.get(event=event, number=table), Round.objects.get(event=event, number=game)


# --- the cache is real -------------------------------------------------------------------------------
def test_a_second_request_reads_no_results(dora, progressive):
    url = reverse("standings:standings", args=[progressive.pk])
    with CaptureQueriesContext(connection) as cold:
        first = dora.get(url).content
    with CaptureQueriesContext(connection) as warm:
        second = dora.get(url).content
    table = [html.split(b"<tbody>")[1].split(b"</tbody>")[0] for html in (first, second)]
    assert table[0] == table[1] and b"+260" in table[0]
    read = [q["sql"] for q in warm.captured_queries]
    assert not any(table in sql for sql in read for table in ("results_submission", "events_seating"))
    assert len(warm) < len(cold) - 5


def test_without_the_version_the_page_would_be_stale(dora, progressive, director_a, monkeypatch):
    # What the tests below rely on: a write that did not move the version leaves the old page.
    monkeypatch.setattr(results, "results_changed", lambda event_id: None)
    assert totals(dora, progressive)[3] == "-60"
    enter(progressive, 3, 3, 100, director_a)  # was −100: partnership 3 now +140
    assert totals(dora, progressive)[3] == "-60"


def test_version_moves_only_on_writes(dora, progressive, director_a):
    version = results_version(progressive)
    page(dora, progressive)
    assert results_version(progressive) == version
    enter(progressive, 1, 1, 0, director_a)
    assert results_version(progressive) == version + 1


# --- results ------------------------------------------------------------------------------------------
def test_correction_by_the_director(dora, progressive, director_a):
    assert totals(dora, progressive)[3] == "-60"
    enter(progressive, 3, 3, 100, director_a)
    after = totals(dora, progressive)
    assert after[3] == "+140" and after[4] == "-300"


def test_table_entry_confirmed_by_the_opponents(dora, club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=2, games=1, phones="table")  # sent by a table's link
    events.start_event(event=event)
    enter(event, 1, 1, 40, director_a)
    table, _ = place(event, 1, 2)
    submitted, _ = table_services.submit(
        table=table, round_number=1, sheet=net_sheet(60), side="majors", idempotency_key=None
    )
    assert totals(dora, event)[2] == ""  # not confirmed yet: not in the standings
    table_services.confirm(table=table, submission_id=submitted.pk, side="minors")
    assert totals(dora, event)[2] == "+60"


def test_table_entry_confirmed_by_the_director(dora, club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=2, games=1)
    table, round_obj = place(event, 1, 2)
    submitted = results.submit_from_table(table=table, round=round_obj, sheet=net_sheet(-20))
    assert totals(dora, event)[2] == ""
    results.confirm_submission(submission=submitted, by=director_a)
    assert totals(dora, event)[2] == "-20"


def test_result_withdrawn(dora, progressive, director_a):
    assert totals(dora, progressive)[6] == "+260"
    table, round_obj = place(progressive, 2, 1)  # game 2, table 1: 1 v 6, majors −200
    results.withdraw_result(table=table, round=round_obj, by=director_a)
    assert totals(dora, progressive)[6] == "+60"


# --- adjustments and options --------------------------------------------------------------------------
def test_artificial_score_and_its_withdrawal(dora, duplicate, director_a):
    # Set 2 at table 2 (game 2: 2 v 4) is not played: an A+ for the majors gives partnership 2 MPs.
    before = page(dora, duplicate)[2]
    adjustment = services.set_artificial(
        event=duplicate, round_number=2, table_number=2, direction="majors", code="A+", reason="late", by=director_a
    )
    awarded = page(dora, duplicate)[2]
    assert awarded[3] != before[3]
    services.withdraw_artificial(adjustment=adjustment, by=director_a, reason="found")
    assert page(dora, duplicate)[2] == before


def test_fouled_set_and_its_withdrawal(dora, duplicate, director_a):
    before = page(dora, duplicate)
    fouling = services.set_fouled(
        event=duplicate, game_set=1, groups=[[[1, 1]], [[1, 2], [1, 3]]], reason="cards swapped", by=director_a
    )
    fouled = page(dora, duplicate)
    assert fouled[1][2] != before[1][2]  # table 1 alone in its group: top on set 1
    services.withdraw_fouled(fouling=fouling, by=director_a, reason="no")
    assert page(dora, duplicate) == before


def test_tie_break_option(dora, progressive):
    assert page(dora, progressive)[1][0] == "=2"
    services.set_options(event=progressive, tie_break="count-back")
    assert page(dora, progressive)[1][0] == "2"


# --- seating, partnerships and players ------------------------------------------------------------------
def test_seating_a_new_table(dora, club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=2, games=2)
    enter(event, 1, 1, 40, director_a)
    newcomers = add_players(club_a, 4, prefix="Late")
    seven = lineup.add_partnership(event=event, players=newcomers[:2], number=7)
    eight = lineup.add_partnership(event=event, players=newcomers[2:], number=8)
    assert 7 not in page(dora, event)  # not seated: not on the page
    movements.set_seating(
        round=Round.objects.get(event=event, number=2),
        table=lineup.add_table(event=event, number=3),
        majors=seven.number,
        minors=eight.number,
    )
    rows = page(dora, event)
    assert rows[7][0] == rows[8][0] == "–"  # seated, nothing scored yet: listed unranked


def test_player_renamed(dora, progressive, players_a):
    names = {row[1] for row in page(dora, progressive).values()}
    player = next(p for p in players_a if any(p.name in n for n in names))
    clubs.update_player(player=player, name="Renamed Player")
    assert any("Renamed Player" in row[1] for row in page(dora, progressive).values())


def test_event_settings(dora, progressive):
    # The event's own settings move its updated_at, which is part of the cache key.
    assert page(dora, progressive)[6][2] == "+260"
    events.update_event(event=progressive, type=Event.Type.PROGRESSIVE_PAIRS, name="Renamed night")
    assert page(dora, progressive)[6][2] == "+260"
    assert "Renamed night" in dora.get(reverse("standings:standings", args=[progressive.pk])).content.decode()


def test_a_submit_does_not_lock_the_event_row(progressive, director_a):
    # Every table of the event submits at once at the end of a game: recording the change is an
    # insert, so the submits do not queue behind one lock on the event (docs/benchmarks.md).
    with CaptureQueriesContext(connection) as queries:
        enter(progressive, 2, 2, 40, director_a)
    assert not [q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "events_event"')]
    assert any(q["sql"].startswith('INSERT INTO "events_resultschange"') for q in queries.captured_queries)
