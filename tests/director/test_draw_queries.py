"""A draw writes its partnerships in a fixed number of queries, whatever the number of players
(issue 34.5: it made seven queries a partnership, the set-up of most director tests and of a
director's night)."""

from __future__ import annotations

import datetime

import pytest

from director.events import lineup
from director.events import services as events
from director.events.models import Partnership, PartnershipMember

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def _draw(club, players, django_assert_num_queries, queries):
    event = events.create_event(club=club, name=f"Draw of {len(players)}", date=datetime.date(2025, 5, 2), games=2)
    with django_assert_num_queries(queries):
        drawn = lineup.draw_partnerships(event=event, players=players, seed=7)
    return event, drawn


@pytest.mark.django_db
def test_a_draw_of_forty_players_takes_the_queries_of_a_draw_of_four(club_a, new_players, django_assert_num_queries):
    players = new_players(club_a, 45, "Drawn")
    small, _ = _draw(club_a, players[:4], django_assert_num_queries, 10)
    large, drawn = _draw(club_a, players[4:44], django_assert_num_queries, 10)
    odd, _ = _draw(club_a, players[:5], django_assert_num_queries, 10)

    # What the draw wrote: numbered partnerships, the first half majors, each player once, in seat order.
    assert [p.number for p in drawn] == list(range(1, 21)) and all(p.pk for p in drawn)
    rows = Partnership.objects.filter(event=large).order_by("number")
    assert [p.direction for p in rows] == ["majors"] * 10 + ["minors"] * 10
    members = PartnershipMember.objects.filter(partnership__event=large)
    assert sorted(m.player_id for m in members) == sorted(p.pk for p in players[4:44])
    assert {m.position for m in members} == {1, 2}
    assert Partnership.objects.filter(event=small).count() == 2
    sizes = sorted(p.members.count() for p in Partnership.objects.filter(event=odd))
    assert sizes == [2, 3]  # five players: a pair and a partnership of three
