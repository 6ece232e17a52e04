"""An Auction team match's deals made by the system (``deals.auction``): dealt from a secret seed for
every round, stored, refused where they make no sense, shown and printed for the club's directors,
released as game sets are."""

from __future__ import annotations

import pytest
from django.test import Client

from director.core.errors import Conflict, ValidationError
from director.deals import auction as deals
from director.deals import services as deal_services
from director.deals.models import AuctionDeal, GameSetFile
from director.events import services as events
from director.results import services as results
from scoring.auction.deal import commitment, deal_rounds
from scoring.cards import format_hand

from .conftest import pad, set_up, won

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SEED = "c0ffee" * 6


@pytest.fixture
def drafting(club_a, players_a, director_a):
    """A team match that drafts: 2 tables, 3 games."""
    return set_up(
        club_a, director_a, players_a[:8], name="Drafting match", type="auction-teams", games=3, seed=5,
        auction={"hands": 4, "draft": True},
    )  # fmt: skip


def test_every_round_is_dealt_stored_and_read_back_as_the_engine_deals_it(drafting, director_a):
    made = deals.deal_auction_rounds(event=drafting, by=director_a, seed=SEED)
    assert made == deal_rounds(3, SEED, draft=True)
    assert list(AuctionDeal.objects.filter(event=drafting).values_list("number", flat=True)) == [1, 2, 3]
    assert deals.auction_deals_of(drafting) == made  # what a restart reads back
    set_file = GameSetFile.objects.get(event=drafting)
    assert set_file.seed == SEED and not set_file.seed_revealed and set_file.public_seed == ""
    assert set_file.commitment == commitment(made)
    state = deals.deals_state(drafting)
    assert state.dealt == (1, 2, 3) and state.ready and state.dealt_draft and not state.released


def test_a_fresh_seed_each_time_and_no_draft_cards_without_the_draft(auction_teams, director_a):
    first = deals.deal_auction_rounds(event=auction_teams, by=director_a)
    seed = GameSetFile.objects.get(event=auction_teams).seed
    assert len(seed) == 32 and first == deal_rounds(2, seed, draft=False)
    assert all(deal.draft == () and len(deal.aside) == 52 for deal in first)
    again = deals.deal_auction_rounds(event=auction_teams, by=director_a, replace=True)
    assert again != first and GameSetFile.objects.get(event=auction_teams).seed != seed


def test_only_a_team_match_deals_and_never_twice_by_accident(auction_pairs, auction_teams, director_a):
    with pytest.raises(ValidationError, match="not an Auction Calypso team of four"):
        deals.deal_auction_rounds(event=auction_pairs, by=director_a)
    assert not AuctionDeal.objects.filter(event=auction_pairs).exists()
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    with pytest.raises(Conflict, match="dealt already"):
        deals.deal_auction_rounds(event=auction_teams, by=director_a)
    assert GameSetFile.objects.get(event=auction_teams).seed == SEED  # nothing changed


def test_no_dealing_again_once_a_result_is_in_or_the_deals_are_released(auction_teams, director_a):
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    deal_services.release_hands(event=auction_teams)
    with pytest.raises(Conflict, match="withdraw them"):
        deals.deal_auction_rounds(event=auction_teams, by=director_a, replace=True)
    deal_services.release_hands(event=auction_teams, released=False)
    events.start_event(event=auction_teams)
    table, game = auction_teams.tables.get(number=1), auction_teams.rounds.get(number=1)
    results.enter_sheet(table=table, round=game, sheet=pad(won()), by=director_a)
    with pytest.raises(Conflict, match="already has results: its rounds cannot be dealt now"):
        deals.deal_auction_rounds(event=auction_teams, by=director_a, replace=True)
    assert GameSetFile.objects.get(event=auction_teams).seed == SEED


def test_no_first_deal_once_a_result_is_in(auction_teams, director_a):
    """Dealt after play began, the printed deals would not be what the tables played."""
    events.start_event(event=auction_teams)
    table, game = auction_teams.tables.get(number=1), auction_teams.rounds.get(number=1)
    results.enter_sheet(table=table, round=game, sheet=pad(won()), by=director_a)
    with pytest.raises(Conflict, match="already has results"):
        deals.deal_auction_rounds(event=auction_teams, by=director_a)
    assert not AuctionDeal.objects.exists() and not GameSetFile.objects.exists()


def test_game_sets_left_from_another_type_go_with_their_seed(club_a, players_a, director_a):
    """A duplicate event with game sets, turned into a team match while a draft: dealing replaces the
    sets' file, so the sets (unverifiable without it, unplayable in Auction) go too."""
    from director.deals.models import GameSet

    event = set_up(club_a, director_a, players_a[:8], name="Was duplicate", type="duplicate-teams", games=2, seed=5)
    deal_services.generate_game_sets(event=event, by=director_a)
    assert GameSet.objects.filter(event=event).count() == 2
    events.update_event(event=event, type="auction-teams")
    event.refresh_from_db()
    deals.deal_auction_rounds(event=event, by=director_a, seed=SEED)
    assert not GameSet.objects.filter(event=event).exists()
    assert GameSetFile.objects.get(event=event).commitment == commitment(deal_rounds(2, SEED, draft=False))


def test_a_changed_setting_asks_to_deal_again(auction_teams, director_a):
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    events.update_event(event=auction_teams, auction={"hands": 12, "draft": True})
    auction_teams.refresh_from_db()
    assert "dealt without the draft" in deals.deals_state(auction_teams).problem
    events.update_event(event=auction_teams, auction={"hands": 12, "draft": False}, games=3)
    auction_teams.refresh_from_db()
    assert deals.deals_state(auction_teams).problem == "round 3 has no deal: deal the rounds again"
    deals.deal_auction_rounds(event=auction_teams, by=director_a, replace=True)
    assert deals.deals_state(auction_teams).ready


def test_a_stored_deal_that_is_not_one_is_named_not_served(auction_teams, director_a):
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    row = AuctionDeal.objects.get(event=auction_teams, number=2)
    row.deal["hands"]["S"][0] = row.deal["hands"]["H"][0]
    row.save()
    with pytest.raises(ValidationError, match=r"the stored deal of round 2: round 2: .* is in the deal"):
        deals.auction_deals_of(auction_teams)


# --- the page -----------------------------------------------------------------------------------------
def test_the_director_deals_reads_and_releases_on_the_page(auction_teams, dora):
    url = f"/events/{auction_teams.pk}/auction-deals/"
    page = dora.get(url)
    assert page.status_code == 200 and b"0 of 2 rounds dealt" in page.content
    assert dora.post(url, {"action": "deal"}).status_code == 302
    made = deals.auction_deals_of(auction_teams)
    body = dora.get(url).content.decode()
    assert "2 of 2 rounds dealt" in body and commitment(made) in body
    assert all(f"{seat} {symbol}" in body for seat, symbol in (("N", "♠"), ("E", "♦"), ("S", "♥"), ("W", "♣")))
    for deal in made:
        for seat in "SHDC":
            assert format_hand(deal.hands[seat], symbols=True) in body
    assert GameSetFile.objects.get(event=auction_teams).seed not in body
    detail = dora.get(f"/events/{auction_teams.pk}/").content.decode()
    assert 'id="deals"' in detail and "2 of 2 rounds dealt" in detail and "secret until you release them" in detail
    assert "hand-line" not in detail  # the event page shows no card
    assert dora.post(url, {"action": "release", "confirm": "1"}).status_code == 302
    auction_teams.refresh_from_db()
    assert auction_teams.hands_released
    assert GameSetFile.objects.get(event=auction_teams).seed in dora.get(url).content.decode()
    assert "released to the public" in dora.get(f"/events/{auction_teams.pk}/").content.decode()


@pytest.mark.parametrize(
    "data,says",
    [
        ({"action": "shuffle"}, "unknown action"),
        ({"action": ["deal", "x"] * 50}, "unknown action"),
        ({}, "unknown action"),
        ({"action": "release"}, "not dealt yet"),
        ({"action": "withdraw"}, "not dealt yet"),
        ({"action": "print"}, "not dealt yet"),
        ({"action": "\x00<script>"}, "unknown action"),
    ],
)
def test_hostile_posts_get_a_form_error_and_change_nothing(auction_teams, dora, data, says):
    response = dora.post(f"/events/{auction_teams.pk}/auction-deals/", data)
    assert response.status_code == 400
    assert says in response.content.decode()
    assert not AuctionDeal.objects.filter(event=auction_teams).exists()
    assert not GameSetFile.objects.filter(event=auction_teams).exists()


def test_dealing_twice_on_the_page_needs_the_box_ticked(auction_teams, dora):
    url = f"/events/{auction_teams.pk}/auction-deals/"
    dora.post(url, {"action": "deal"})
    seed = GameSetFile.objects.get(event=auction_teams).seed
    refused = dora.post(url, {"action": "deal", "replace": ""})
    assert refused.status_code == 400 and "deal them again explicitly" in refused.content.decode()
    assert GameSetFile.objects.get(event=auction_teams).seed == seed
    assert dora.post(url, {"action": "deal", "replace": "on"}).status_code == 302
    assert GameSetFile.objects.get(event=auction_teams).seed != seed


def test_other_events_and_other_clubs_have_no_deals_page(auction_pairs, auction_teams, dora, director_b):
    response = dora.get(f"/events/{auction_pairs.pk}/auction-deals/")
    assert response.status_code == 302 and response["Location"] == f"/events/{auction_pairs.pk}/"
    assert dora.post(f"/events/{auction_pairs.pk}/auction-deals/", {"action": "deal"}).status_code == 302
    assert not AuctionDeal.objects.exists()
    other = Client()
    other.force_login(director_b)
    assert other.get(f"/events/{auction_teams.pk}/auction-deals/").status_code == 404
    assert other.post(f"/events/{auction_teams.pk}/auction-deals/", {"action": "deal"}).status_code == 404
    assert Client().get(f"/events/{auction_teams.pk}/auction-deals/").status_code == 302  # to sign in
    assert not AuctionDeal.objects.exists()


# --- the API ------------------------------------------------------------------------------------------
@pytest.fixture
def api(director_a):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=director_a)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}")


def test_the_api_deals_and_serves_the_deals_to_the_clubs_directors(auction_teams, api, director_b):
    url = f"/api/events/{auction_teams.pk}/auction-deals/"
    before = api.get(url).json()
    assert before["dealt"] == [] and before["deals"] == [] and before["problem"] == "the rounds are not dealt yet"
    dealt = api.post(url, {}, "application/json")
    assert dealt.status_code == 200
    body = dealt.json()
    stored = deals.auction_deals_of(auction_teams)
    assert body["deals"] == [deal.to_dict() for deal in stored] and body["dealt"] == [1, 2]
    assert body["commitment"] == commitment(stored) and body["problem"] == "" and body["released"] is False
    again = api.post(url, {}, "application/json")
    assert again.status_code == 409 and "deal them again explicitly" in again.json()["replace"][0]
    assert api.post(url, {"replace": True}, "application/json").json()["deals"] != body["deals"]
    from rest_framework.authtoken.models import Token

    other = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director_b).key}")
    assert other.get(url).status_code == 404 and other.post(url, {}, "application/json").status_code == 404
    assert Client().get(url).status_code in (401, 403)


@pytest.mark.parametrize(
    "body", [{"replace": "perhaps"}, {"replace": [True]}, {"replace": {"a": 1}}, [], "x", {"replace": None}]
)
def test_the_api_refuses_hostile_bodies_with_a_400(auction_teams, api, body):
    response = api.post(f"/api/events/{auction_teams.pk}/auction-deals/", body, "application/json")
    assert response.status_code == 400, response.content
    assert not AuctionDeal.objects.filter(event=auction_teams).exists()


def test_the_api_says_which_events_have_no_deals(auction_pairs, api):
    for method in ("get", "post"):
        response = getattr(api, method)(f"/api/events/{auction_pairs.pk}/auction-deals/")
        assert response.status_code == 400 and "not an Auction Calypso team of four" in response.json()["event"][0]
    assert not AuctionDeal.objects.exists()
