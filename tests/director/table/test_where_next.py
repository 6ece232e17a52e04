"""After a game is confirmed the phone says where each side and the game set go next, as a
Bridgemate does (#14.7): from the engine's ``where_next`` through one selector."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import strip_tags

from director.events import services as events
from director.events.selectors import next_places
from tests.director.conftest import make_progressive
from tests.director.factories import make_duplicate
from tests.director.table.conftest import TableClient

pytestmark = pytest.mark.django_db


def said(html: str) -> str:
    """The where-next box as the players read it (tags dropped, spaces collapsed)."""
    box = html[html.index('id="where-next"') : html.index("</section>", html.index('id="where-next"'))]
    return re.sub(r"\s+", " ", strip_tags(box.split(">", 1)[1])).strip()


def confirmed_at(table, sheet, round=1) -> str:
    """Table ``table``'s game sent by one phone, confirmed by the other; the page either phone shows."""
    sender, opponents = TableClient(Client(), table), TableClient(Client(), table)
    made = sender.submit(sheet, round=round).json()["submission"]["id"]
    assert opponents.confirm(made).status_code == 200
    return opponents.client.get(opponents.url()).content.decode()


def test_a_progressive_table_is_told_who_stays_and_who_moves_up(tables, sheet):
    where = said(confirmed_at(tables[4], sheet))
    # 4 wraps to 1; a progressive table deals its own cards, so there is no game set to pass on
    assert where == "Where next: game 2 ♠♥ pair: stay at table 4 ♦♣ pair: go to table 1"


def test_the_last_game_does_not_send_the_players_to_wait_for_another(club_a, players_a, director_a, sheet):
    event = events.start_event(event=make_progressive(club_a, players_a, tables=2, games=1, by=director_a))
    page = confirmed_at(event.tables.get(number=1), sheet)
    status = page[page.index('id="table-status"') : page.index("</div>", page.index('id="table-status"'))]
    assert "✓ Confirmed" in status and "Thank you" in status
    assert "next game" not in status  # there is none: the box below says it was the last
    assert said(page) == "That was the last game Thank you for playing!"


def test_nothing_is_said_before_the_game_is_confirmed(tables, sheet):
    phone = TableClient(Client(), tables[1])
    phone.submit(sheet)
    assert 'id="where-next"' not in phone.client.get(phone.url()).content.decode()


def test_a_mitchell_table_is_told_where_the_minors_and_the_game_set_go(club_a, players_a, director_a, sheet):
    event = events.start_event(event=make_duplicate(club_a, players_a, by=director_a))
    where = said(confirmed_at(event.tables.get(number=1), sheet))
    # the majors of a Mitchell stay, the minors move up, the sets move down
    assert where == (
        "Where next: game 2 ♠♥ pair: stay at table 1 ♦♣ pair: go to table 2 The game set (set 1) goes to table 4."
    )


def test_the_selector_follows_the_engine_for_every_game(club_a, players_a, director_a):
    from scoring.movements import Movement

    event = make_duplicate(club_a, players_a, by=director_a)
    event.refresh_from_db()
    movement = Movement.from_dict(event.movement)
    places = next_places(event)
    assert set(places) == {(r, t) for r in range(1, 5) for t in range(1, 5)}
    for (number, table), place in places.items():
        if number == 4:
            assert place.next_round is None and place.moves == () and place.set_tables == ()
            continue
        entry = movement.rounds[number - 1][table]
        assert place.set_tables == movement.where_set_next(entry.game_set, number)
        for move in place.moves:
            side = entry.side(move.direction)
            assert move.table == movement.where_next(side, number, player=False).table
