"""Standings, travellers and score cards of the fixture events against figures worked by hand."""

from fractions import Fraction

import pytest

from director.events.models import Event
from director.standings import services
from director.standings.selectors import event_results
from scoring.matchpoints import matchpoints
from tests.director.factories import enter

from .conftest import PROGRESSIVE_TOTALS

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def by_number(rows):
    return {row.entrant.number: row for row in rows}


def test_progressive_totals_and_shared_ranks(progressive):
    rows = event_results(progressive).standings()
    assert {n: r.total for n, r in by_number(rows).items()} == PROGRESSIVE_TOTALS
    assert [(r.entrant.number, r.rank) for r in rows] == [
        (6, "1"),
        (1, "=2"),
        (2, "=2"),
        (3, "=4"),
        (5, "=4"),
        (4, "6"),
    ]
    assert by_number(rows)[6].per_game == {1: 0, 2: 200, 3: 60}
    assert event_results(progressive).zero_sum() == []


def test_count_back_separates_equal_totals(progressive):
    services.set_options(event=progressive, tie_break="count-back")
    rows = event_results(progressive).standings()
    # Last game: 1 made +60 and 2 −60; 5 made −60 and 3 −100.
    assert [(r.entrant.number, r.rank) for r in rows] == [(6, "1"), (1, "2"), (2, "3"), (5, "4"), (3, "5"), (4, "6")]
    assert by_number(rows)[1].decided_by == "count-back"


def test_head_to_head_leaves_partnerships_who_never_met_equal(progressive):
    services.set_options(event=progressive, tie_break="head-to-head")
    ranks = {r.entrant.number: r.rank for r in event_results(progressive).standings()}
    assert ranks[1] == ranks[2] == "=2"  # both majors: they never played each other


def test_scorecard_running_total(progressive):
    card = event_results(progressive).scorecard(4)
    assert [(line.play.table, line.side.net, line.running) for line in card] == [
        (1, -120, -120),
        (2, -80, -200),
        (3, 100, -100),
    ]
    assert [line.opponents.entrants for line in card] == [(1,), (2,), (3,)]


def test_missing_results_flagged(club_a, players_a, new_progressive, director_a):
    event = new_progressive(club_a, players_a, tables=3, games=2)
    enter(event, 1, 2, 40, director_a)
    results = event_results(event)
    assert [p.table for p in results.awaited(1)] == [1, 3]
    assert [p.status for p in results.round_plays(1)] == ["missing", "confirmed", "missing"]


# --- duplicate pairs (ACBL: top 2 on a set played at three tables) -----------------------------------
def test_duplicate_matchpoints_by_hand(duplicate):
    results = event_results(duplicate)
    one = results.traveller(1)
    assert one.top == 2 and one.expected == 3 and one.results == 3
    mps = {p.table: (p.majors.mp, p.minors.mp) for p in one.plays}
    assert mps == {1: (Fraction(3, 2), Fraction(1, 2)), 2: (Fraction(3, 2), Fraction(1, 2)), 3: (0, 2)}
    two = results.traveller(2)
    assert two.results == 2
    # Neuberg with 2 results of 3: (M + ½)·3/2 − ½ → 1.75 and 0.25.
    mps = {p.table: (p.majors.mp, p.minors.mp) for p in two.plays}
    assert mps == {1: (Fraction(7, 4), Fraction(1, 4)), 3: (Fraction(1, 4), Fraction(7, 4)), 2: (None, None)}
    assert [p.table for p in two.plays] == [1, 3, 2]  # best majors net first, not played last


def test_duplicate_percentages_and_ranks(duplicate):
    rows = event_results(duplicate).standings()
    pct = {n: r.percentage for n, r in by_number(rows).items()}
    assert pct == {
        1: Fraction(8125, 100),
        2: 75,
        3: Fraction(625, 100),
        4: 25,
        5: Fraction(5625, 100),
        6: Fraction(5625, 100),
    }
    assert [(r.entrant.number, r.rank) for r in rows] == [(1, "1"), (2, "2"), (5, "=3"), (6, "=3"), (4, "5"), (3, "6")]
    assert by_number(rows)[1].percentage_text == "81.25"


def test_ebu_scale_doubles_matchpoints(club_a, players_a, director_a):
    from tests.director.factories import enter_all, make_duplicate

    from .conftest import DUPLICATE_NETS, HAND_SCORED

    event = make_duplicate(
        club_a, players_a, **HAND_SCORED, games=2, name="Pairs", scale="ebu", movement=Event.MovementKind.BAROMETER
    )
    enter_all(event, director_a, nets=DUPLICATE_NETS)
    one = event_results(event).traveller(1)
    assert one.top == 4
    assert {p.table: p.majors.mp for p in one.plays} == {1: 3, 2: 3, 3: 0}


def test_artificial_scores_follow_scoring_matchpoints(duplicate, director_a):
    services.set_artificial(
        event=duplicate,
        round_number=2,
        table_number=2,
        direction="majors",
        code="A+",
        reason="slow play",
        by=director_a,
    )
    services.set_artificial(
        event=duplicate,
        round_number=2,
        table_number=2,
        direction="minors",
        code="A-",
        reason="slow play",
        by=director_a,
    )
    two = {p.table: p for p in event_results(duplicate).traveller(2).plays}
    assert [two[t].majors.mp for t in (1, 2, 3)] == matchpoints([40, "A+", -20])
    assert [two[t].minors.mp for t in (1, 2, 3)] == matchpoints([-40, "A-", 20])
    assert two[2].majors.mp == Fraction(6, 5) and two[2].minors.mp == Fraction(4, 5)
    pct = {r.entrant.number: r.percentage for r in event_results(duplicate).standings()}
    assert pct[2] == Fraction(675, 10)  # (1.5 + 1.2) / 4
    assert pct[4] == Fraction(325, 10)  # (0.5 + 0.8) / 4


def test_artificial_score_is_logged_and_replaced_not_edited(duplicate, director_a):
    first = services.set_artificial(
        event=duplicate,
        round_number=2,
        table_number=2,
        direction="majors",
        code="A",
        reason="fouled board",
        by=director_a,
    )
    second = services.set_artificial(
        event=duplicate,
        round_number=2,
        table_number=2,
        direction="majors",
        code="A+",
        reason="on reflection",
        by=director_a,
    )
    first.refresh_from_db()
    assert first.withdrawn_at is not None and "A+" in first.withdrawn_reason
    assert second.live and second.created_by == director_a and second.reason == "on reflection"
    services.withdraw_artificial(adjustment=second, by=director_a, reason="result found")
    two = {p.table: p for p in event_results(duplicate).traveller(2).plays}
    assert two[2].majors.mp is None and two[2].majors.artificial is None


def test_adjustment_needs_a_reason_and_a_real_place(duplicate):
    from director.core.errors import NotFound, ValidationError

    with pytest.raises(ValidationError, match="reason"):
        services.set_artificial(
            event=duplicate, round_number=2, table_number=2, direction="majors", code="A", reason=" "
        )
    with pytest.raises(ValidationError, match="artificial"):
        services.set_artificial(
            event=duplicate, round_number=2, table_number=2, direction="majors", code="B", reason="x"
        )
    with pytest.raises(NotFound):
        services.set_artificial(
            event=duplicate, round_number=2, table_number=9, direction="majors", code="A", reason="x"
        )


def test_fouled_set_is_matchpointed_in_groups(duplicate, director_a):
    from scoring.matchpoints import matchpoints_groups

    services.set_fouled(
        event=duplicate, game_set=1, groups=[[[1, 1]], [[1, 2], [1, 3]]], reason="cards swapped", by=director_a
    )
    one = {p.table: p for p in event_results(duplicate).traveller(1).plays}
    expected = matchpoints_groups([[100], [100, -60]], 3)
    assert [one[1].majors.mp] == expected[0]
    assert [one[2].majors.mp, one[3].majors.mp] == expected[1]
    assert (one[1].majors.group, one[2].majors.group) == (1, 2)


def test_adjustments_go_to_the_audit_log_with_who_and_what(duplicate, director_a):
    from director.audit.models import AuditEntry

    award = services.set_artificial(
        event=duplicate,
        round_number=2,
        table_number=2,
        direction="minors",
        code="A-",
        reason="slow play",
        by=director_a,
    )
    services.withdraw_artificial(adjustment=award, by=director_a, reason="appeal upheld")
    fouling = services.set_fouled(
        event=duplicate, game_set=1, groups=[[[1, 1]], [[1, 2], [1, 3]]], reason="cards swapped", by=director_a
    )
    services.withdraw_fouled(fouling=fouling, by=director_a, reason="miscount")
    log = list(AuditEntry.objects.filter(event=duplicate, action__startswith="standings.").order_by("pk"))
    assert [e.action for e in log] == [
        "standings.artificial",
        "standings.withdraw_artificial",
        "standings.fouled",
        "standings.withdraw_fouled",
    ]
    assert all(e.user == director_a for e in log)
    assert log[0].after == {"game": 2, "table": 2, "direction": "minors", "code": "A-"} and log[0].note == "slow play"
    assert log[1].before == {"code": "A-", "direction": "minors"} and log[1].note == "appeal upheld"
    assert log[2].after == {"game_set": 1, "groups": [[[1, 1]], [[1, 2], [1, 3]]]}
    assert log[3].note == "miscount"
