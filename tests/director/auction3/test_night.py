"""#32.4's club night of three-handed Auction, as a kind folder plus its registry line: the event type
the kind provides, tables of three seated player by player, the director's score entry, the phones'
send and confirm, the standings (each player's own scores) and the printed pad read back."""

from __future__ import annotations

import pytest

from director.events import services as events
from director.results.models import Submission
from director.sheets import registry
from director.standings.selectors import event_results
from tests.director.auction.conftest import set_up
from tests.director.table.conftest import TableClient

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

TYPE = "auction-threes"


def played(s, h, c, **extra):
    return {
        "played": {
            seat: {"trick_pile": t, "added": 0, "calypsos": 0} for seat, t in zip("SHC", (s, h, c), strict=True)
        },
        **extra,
    }


WON = {"declarer": "S", "contract": "170♣", **played(20, 15, 16)}  # S 170 + 200; H, C 5 × 31 each
LOST = {"declarer": "H", "contract": "200♦ X", **played(20, 15, 16)}  # H −400; S, C + 5 × 36


@pytest.fixture
def night(club_a, players_a, director_a):
    event = set_up(club_a, director_a, players_a[:6], name="Three-handed Auction", type=TYPE, games=2, seed=4)
    events.start_event(event=event)
    event.refresh_from_db()
    return event


def test_the_kind_provides_its_type_and_the_night_seats_tables_of_three(night):
    found = registry.event_type(TYPE)
    assert found.individual and found.table_sizes == (3,) and found.movement == "progressive-individual"
    assert night.is_individual and night.movement_kind == "progressive-individual"
    assert night.get_type_display() == "Auction Calypso, tables of three"
    from director.events.models import Seat

    seats = Seat.objects.filter(round__event=night, round__number=1).select_related("seating__table")
    by_table = {}
    for seat in seats:
        by_table.setdefault(seat.seating.table.number, []).append(seat.suit or "?")
    assert sorted(by_table) == [1, 2] and all(len(s) == 3 for s in by_table.values())
    kind = registry.kind_of(night, "three-handed", "SHC")
    assert kind.name == "auction3" and kind.individual and kind.seats == "SHC"


def test_seven_players_cannot_fill_tables_of_three(club_a, players_a, director_a):
    from director.core.errors import DomainError

    with pytest.raises(DomainError, match="seats 3 a table: 7 players cannot fill tables of 3"):
        set_up(club_a, director_a, players_a[:7], name="Seven", type=TYPE, games=1, seed=1)


def test_the_kind_scores_a_pad_each_player_alone():
    kind = registry.by_name("auction3")()
    scored = kind.score({"hands": [WON, LOST]})
    assert (scored.majors, scored.minors) == (0, 0)
    assert kind.seat_scores(scored.sheet) == {"S": 370 + 180, "H": 155 - 400, "C": 155 + 180}
    assert scored.sheet["hands"][0]["contract"] == "170♣"
    assert kind.problems({"hands": [{**WON, "contract": "160♣"}]}) == [
        "hand 1: contract: '160♣': a three-handed bid without calypsos is at least 170 points, not 160"
    ]


def boxes(prefix: str, number: int, hand: dict) -> dict:
    data = {f"{prefix}hand-{number}-declarer": hand["declarer"], f"{prefix}hand-{number}-contract": hand["contract"]}
    for seat, counts in hand["played"].items():
        for box, value in counts.items():
            data[f"{prefix}hand-{number}-{seat}-{box}"] = str(value)
    return data


def test_the_director_enters_a_pad_and_the_standings_add_own_scores(client, night, director_a):
    client.force_login(director_a)
    page = client.get(f"/events/{night.pk}/games/1/scores/").content.decode()
    assert 'name="t1-hand-1-contract"' in page and 'name="t1-hand-1-C-trick_pile"' in page
    response = client.post(f"/events/{night.pk}/games/1/scores/", boxes("t1-", 1, WON) | boxes("t1-", 2, LOST))
    assert response.status_code == 302, response.content.decode()[:2000]
    row = Submission.objects.get(table__number=1, round__number=1)
    assert row.sheet["hands"][1]["declarer"] == "H"
    results = event_results(night)
    assert results.kind == "cutthroat" and results.own_scores
    figures = sorted(r.total for r in results.standings() if r.total)
    assert figures == sorted([550, -245, 335])


def test_a_phone_sends_the_pad_and_another_player_confirms(client, night):
    table = night.tables.get(number=1)
    phones = TableClient(client, table)
    sent = phones.submit({"hands": [WON]}, side="majors")
    assert sent.status_code in (200, 201), sent.content[:500]
    submission = Submission.objects.get(table=table, round__number=1)
    confirmed = phones.confirm(submission.pk, side="minors")
    assert confirmed.status_code == 200, confirmed.content[:500]
    submission.refresh_from_db()
    assert submission.status == Submission.Status.CONFIRMED


def test_the_printed_pad_reads_back(night):
    from director.events.models import Seat
    from director.printing.documents import render_from_event
    from director.printing.event_data import load_event_data
    from director.printing.options import PrintOptions
    from tests.director.printing.helpers import page_sizes, pdf_pages

    data = render_from_event("scoresheets", load_event_data(night), PrintOptions(event=night.name))
    pages = pdf_pages(data)
    assert len(pages) == 2  # game 1's two tables of three (game 2 is seated from game 1's results)
    assert all(width > height for width, height in page_sizes(data))
    for number, text in enumerate(pages, start=1):
        flat = " ".join(text.split())
        assert flat.startswith(f"Three-handed Auction score pad · Table {number} Three-handed Auction Game 1"), flat[
            :120
        ]
        seats = Seat.objects.filter(round__event=night, round__number=1, seating__table__number=number)
        for seat in seats:
            assert f"{SYMBOLS[seat.suit]} {seat.player.name}" in flat
        assert "Least bid 170 (with calypsos: 10 points)" in flat and "T + P of the three = 51" in flat
        assert flat.count("Score Total") == 3 and "Sold/mis." in flat


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
