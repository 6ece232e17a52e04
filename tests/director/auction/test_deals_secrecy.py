"""An Auction team match's deals are as secret as game sets: before the director releases them, no
public, table, API or other club's path shows a card of them (nor the seed that deals them again).

The walk of tests/director/test_secrecy.py, over a running team match that drafts, with a pad in
and every public switch on but the hands: every URL pattern of the project, GET and empty POST, as
the public, a table holding its entry link, another club's director (a session; an API token,
on DRF's views, the only ones that read one)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from director.deals import auction as deals
from director.deals import services as deal_services
from director.events import services as events
from director.printing import services as printing
from director.printing.models import PrintJob
from director.results import services as results
from scoring.cards import format_cards, format_hand
from tests.director.test_secrecy import TABLE_PAGES, TABLE_WALKER, TOKEN_WALKER, _body, all_urls, walk, walked_by

from .conftest import pad, set_up, won

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def secret_match(club_a, players_a, director_a, django_capture_on_commit_callbacks):
    event = set_up(
        club_a, director_a, players_a[:8], name="Secret match", type="auction-teams", games=2, seed=5,
        auction={"hands": 4, "draft": True},
    )  # fmt: skip
    deals.deal_auction_rounds(event=event, by=director_a)
    events.start_event(event=event)
    results.enter_sheet(
        table=event.tables.get(number=1), round=event.rounds.get(number=1), sheet=pad(won()), by=director_a
    )
    events.set_public_switches(event=event, standings_released=True, scorecards_released=True, travellers_released=True)
    with django_capture_on_commit_callbacks(execute=True):
        printing.start_print_job(event=event, kind="auction-deals", by=director_a)
    assert PrintJob.objects.get(event=event).status == "done"
    event.refresh_from_db()
    assert not event.hands_released
    return event


def secrets_of(event) -> list[str]:
    """Each seat's hand and each draft round in every form the project writes cards, and the seed."""
    found = []
    for deal in deals.auction_deals_of(event):
        for cards in deal.hands.values():
            texts = [str(card) for card in cards]
            found += [format_cards(cards), format_hand(cards), format_hand(cards, symbols=True), json.dumps(texts)]
        for cards in deal.draft:
            texts = [str(card) for card in cards]
            found += [format_cards(cards), " ".join(card.symbol for card in cards), json.dumps(texts)]
    assert len(found) == 2 * (4 * 4 + 4 * 3)
    seed = event.set_file.seed
    assert len(seed) == 32
    return [*found, seed, json.dumps(deals.auction_deals_of(event)[0].to_dict())[:60]]


def walkers(event, director_b) -> dict:
    table = event.tables.get(number=1)
    at_table = Client(raise_request_exception=False)
    assert at_table.get(f"/t/{table.token}/").status_code == 200
    other = Client(raise_request_exception=False)
    other.force_login(director_b)
    api_token = Token.objects.create(user=director_b)
    return {
        "anonymous": (Client(raise_request_exception=False), {}),
        TABLE_WALKER: (at_table, {}),
        "other club's director": (other, {}),
        TOKEN_WALKER: (Client(raise_request_exception=False), {"HTTP_AUTHORIZATION": f"Token {api_token.key}"}),
    }


def test_no_path_shows_an_unreleased_deal_to_anyone_but_the_clubs_directors(secret_match, director_a, director_b):
    job = PrintJob.objects.get(event=secret_match)
    urls = all_urls(secret_match, job)
    secrets = secrets_of(secret_match)
    report = []
    for who, (client, headers) in walkers(secret_match, director_b).items():
        leaks, errors, made = walk(client, walked_by(who, urls), secrets, headers=headers)
        assert made >= (TABLE_PAGES if who == TABLE_WALKER else 300)
        report += [f"{who}: {leak}" for leak in leaks]
        report += [f"{who}: {e}" for e in errors]
    assert not report, "\n".join(report)

    # The detector works: the club's own director finds the deals where they belong.
    own = Client(raise_request_exception=False)
    own.force_login(director_a)
    leaks, _, _ = walk(own, [(f"/events/{secret_match.pk}/auction-deals/", "auction")], secrets)
    assert leaks, "the club's director should see the deals on the deals page"
    own_api = own.get(f"/api/events/{secret_match.pk}/game-set-file/").json()
    assert own_api["seed"] == "" and own_api["commitment"] == secret_match.set_file.commitment


def test_release_reveals_the_seed_and_withdraw_hides_it_again(secret_match, director_a):
    own = Client()
    own.force_login(director_a)
    deal_services.release_hands(event=secret_match)
    secret_match.refresh_from_db()
    assert secret_match.hands_released
    seed = secret_match.set_file.seed
    assert own.get(f"/api/events/{secret_match.pk}/game-set-file/").json()["seed"] == seed
    assert seed in _body(own.get(f"/events/{secret_match.pk}/auction-deals/"))
    deal_services.release_hands(event=secret_match, released=False)
    secret_match.refresh_from_db()
    assert not secret_match.hands_released
    assert "released to the public" not in _body(own.get(f"/events/{secret_match.pk}/"))


# --- event files (backups) --------------------------------------------------------------------------------
def test_a_plain_export_before_release_leaves_the_deals_and_seed_out(secret_match):
    from director.audit.exchange import export_event, export_event_text, missing_from

    text = export_event_text(secret_match)
    assert not [s for s in secrets_of(secret_match) if s in text]
    data = json.loads(text)
    assert data["auction_deals"] == [] and data["left_out"] == {"seed": True, "auction_deals": [1, 2]}
    assert data["game_set_files"][0]["commitment"] == secret_match.set_file.commitment  # public: announced
    assert "the deals of rounds 1, 2 or the dealing seed" in missing_from(data)
    assert "deal the rounds again on the event's Deals page" in missing_from(data)
    full = export_event(secret_match, full=True)
    stored = [deal.to_dict() for deal in deals.auction_deals_of(secret_match)]
    assert [row["deal"] for row in full["auction_deals"]] == stored and "left_out" not in full
    deal_services.release_hands(event=secret_match)
    released = json.loads(export_event_text(secret_match))
    assert [row["deal"] for row in released["auction_deals"]] == stored and "left_out" not in released


@pytest.mark.django_db(transaction=True)
def test_a_full_backup_restores_the_deals(secret_match, tmp_path):
    from django.core.management import call_command

    from director.audit.exchange import export_event_text, import_event
    from director.events.models import Event

    stored, seed = deals.auction_deals_of(secret_match), secret_match.set_file.seed
    text = export_event_text(secret_match, full=True)
    event_id = secret_match.pk
    call_command("flush", interactive=False, verbosity=0)
    import_event(text)
    event = Event.objects.get(pk=event_id)
    assert deals.auction_deals_of(event) == stored and event.set_file.seed == seed
