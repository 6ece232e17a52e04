"""Auction Calypso events: the two types, their movements, and their settings — stored checked,
defaults from the engine, editable while the event is a draft, shown on the event page."""

from __future__ import annotations

import pytest

from director.core.errors import Conflict, ValidationError
from director.events import services as events
from director.events.models import Event
from director.movements import night as nights
from director.sheets.registry import kind_of
from scoring import movements as mv
from scoring.auction import VALUES

from .conftest import DATE

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_progressive_pairs_night_rotates_like_progressive_pairs(auction_pairs):
    event = auction_pairs
    assert kind_of(event).name == "auction" and not event.is_duplicate and event.movement_kind == "progressive"
    assert event.auction_settings.hands == 4 and event.auction_settings.values == VALUES
    partnerships = list(event.partnerships.order_by("number"))
    assert [p.direction for p in partnerships] == ["majors"] * 3 + ["minors"] * 3
    rounds = mv.Movement.from_dict(event.movement).rounds
    # The majors stay, the minors move up one table a game, and no table has a game set.
    assert rounds[0] == {t: mv.TableRound(t, t + 3, None) for t in (1, 2, 3)}
    assert rounds[1] == {1: mv.TableRound(1, 6, None), 2: mv.TableRound(2, 4, None), 3: mv.TableRound(3, 5, None)}


def test_team_of_four_plays_two_tables_with_the_same_hands(auction_teams):
    event = auction_teams
    assert event.movement_kind == "auction-team-match" and event.tables.count() == 2
    teams = {t.name: sorted((p.number, p.direction) for p in t.partnerships.all()) for t in event.teams.all()}
    assert teams == {"Team A": [(1, "majors"), (2, "minors")], "Team B": [(3, "majors"), (4, "minors")]}
    for number, tables in enumerate(mv.Movement.from_dict(event.movement).rounds, start=1):
        assert tables == {1: mv.TableRound(1, 4, number), 2: mv.TableRound(3, 2, number)}
    assert event.auction == {"hands": 12, "draft": False, "values": VALUES.__dict__}


def test_a_team_of_four_is_two_teams(club_a, players_a):
    with pytest.raises(ValidationError, match=r"a team match is two teams; .* has 3"):
        nights.set_up_night(
            club=club_a, name="Too many", date=DATE, type="auction-teams", players=[p.pk for p in players_a[:12]]
        )
    assert not Event.objects.filter(name="Too many").exists()


def test_settings_are_checked_and_nothing_is_written_when_wrong(club_a):
    with pytest.raises(ValidationError) as error:
        events.create_event(club=club_a, name="Bad", date=DATE, type="auction-pairs", auction={"hands": 40})
    assert error.value.field == "auction" and "hands per round must be from 1 to 32, not 40" in error.value.message
    with pytest.raises(ValidationError, match="Auction settings are for Auction Calypso events, not Progressive"):
        events.create_event(club=club_a, name="Bad", date=DATE, auction={"hands": 4})
    assert not Event.objects.filter(name="Bad").exists()
    plain = events.create_event(club=club_a, name="Plain", date=DATE)
    assert plain.auction == {} and kind_of(plain).name != "auction"


def test_settings_change_while_a_draft_and_are_fixed_once_started(auction_pairs, director_a):
    event = events.update_event(event=auction_pairs, auction={"draft": True, "values": {"calypso": 600}})
    event.refresh_from_db()
    assert event.auction_settings.draft is True and event.auction_settings.values.calypso == 600
    assert event.auction_settings.hands == 12  # what was not given is the rules' default again
    events.start_event(event=event)
    with pytest.raises(Conflict, match="the Auction settings cannot change once the event has started"):
        events.update_event(event=event, auction={"values": {"calypso": 700}})
    event.refresh_from_db()
    assert event.auction_settings.values.calypso == 600


def test_changing_an_auction_event_to_another_type_drops_its_settings(club_a):
    event = events.create_event(club=club_a, name="Was auction", date=DATE, type="auction-pairs")
    assert event.auction["hands"] == 12
    event = events.update_event(event=event, type="progressive-pairs")
    assert event.auction == {}


def night_form(players) -> dict:
    """The New club night form of an Auction night, as the director fills it in."""
    return {
        "name": "Form night",
        "date": "2026-03-06",
        "type": "auction-pairs",
        "rules_variant": "standard",
        "games": "2",
        "players": [p.pk for p in players[:8]],
        "pairing": "draw",
    }


def test_the_new_night_form_sets_the_auction_settings(dora, club_a, players_a):
    response = dora.post(
        f"/clubs/{club_a.slug}/events/new/",
        night_form(players_a) | {"auction_hands": "8", "auction_draft": "on", "auction_calypso_bid": "450"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Form night")
    assert event.auction_settings.hands == 8 and event.auction_settings.draft
    assert event.auction_settings.values.calypso_bid == 450 and event.auction_settings.values.calypso == 500
    page = dora.get(f"/events/{event.pk}/").content.decode()
    assert "8 hands per round at each table" in page and "a draft before the first hand" in page
    assert "Bonus per calypso bid and made" in page and "(rules: 400)" in page


def test_the_new_night_form_shows_a_refused_setting(dora, club_a, players_a):
    response = dora.post(
        f"/clubs/{club_a.slug}/events/new/",
        night_form(players_a) | {"auction_minimum_bid": "215"},
    )
    assert response.status_code == 400
    assert "minimum_bid (minimum bid) must be from 220 to 100000, not 215" in response.content.decode()
    assert not Event.objects.filter(name="Form night").exists()


def test_the_event_page_edits_the_settings_of_a_draft(dora, auction_pairs):
    url = f"/events/{auction_pairs.pk}/settings/"
    response = dora.post(url, {"auction_hands": "6", "auction_defender_card": "10"}, follow=True)
    assert "The Auction settings are saved." in response.content.decode()
    auction_pairs.refresh_from_db()
    assert auction_pairs.auction_settings.hands == 6 and auction_pairs.auction_settings.values.defender_card == 10
    response = dora.post(url, {"auction_hands": "six"}, follow=True)
    assert "The Auction settings are not saved: Hands per round: Enter a whole number." in response.content.decode()
    response = dora.post(url, {"auction_table_cap": "5"}, follow=True)
    assert "table_cap (cards a side may keep on the table) must be from 13" in response.content.decode()
    auction_pairs.refresh_from_db()
    assert auction_pairs.auction_settings.hands == 6 and auction_pairs.auction_settings.values.table_cap == 26


def test_another_clubs_director_cannot_change_the_settings(client, director_b, auction_pairs):
    client.login(username="bert", password="calypso-test-1")
    response = client.post(f"/events/{auction_pairs.pk}/settings/", {"auction_hands": "6"})
    assert response.status_code == 404
    auction_pairs.refresh_from_db()
    assert auction_pairs.auction_settings.hands == 4


def test_empty_settings_are_no_settings(club_a):
    plain = events.create_event(club=club_a, name="Plain", date=DATE, auction={})
    assert plain.auction == {}
    auction = events.create_event(club=club_a, name="Auction", date=DATE, type="auction-pairs", auction={}, tables=1)
    assert auction.auction["hands"] == 12
    events.update_event(event=auction, auction={"hands": 6})
    events.start_event(event=auction, force=True)
    events.update_event(event=auction, auction={})  # keeps what is set, even once started
    auction.refresh_from_db()
    assert auction.auction["hands"] == 6


def test_an_auction_event_is_played_in_partnerships(club_a):
    with pytest.raises(ValidationError, match="played in partnerships, not cutthroat"):
        events.create_event(club=club_a, name="Cut", date=DATE, type="auction-pairs", form="cutthroat")


def test_an_auction_event_has_no_game_sets(auction_pairs):
    from director.deals import services as deals

    for attempt in (
        lambda: deals.generate_game_sets(event=auction_pairs, count=2),
        lambda: deals.record_hand(event=auction_pairs, number=1, deal=1, seat="S", text="S AKQ"),
        lambda: deals.start_analysis(event=auction_pairs),
    ):
        with pytest.raises(ValidationError, match="an Auction Calypso event: its hands are dealt at the table"):
            attempt()
    assert not auction_pairs.game_sets.exists()
