"""The printed deals of an Auction team match, read back from the PDF: every card printed is the
engine's deal — the draft's cards in the order they are turned up, each seat's 13 cards — for both
tables of every round; and who may print them."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from django.test import Client
from pypdf import PdfReader

from director.core.errors import ValidationError
from director.deals import auction as deals
from director.events import services as events
from director.printing import layout, services
from director.printing.event_data import render_event
from director.printing.models import PrintJob
from scoring.auction.deal import deal_rounds, draft_first
from scoring.cards import Card, parse_card, sort_key
from tests.director.conftest import PASSWORD

from .conftest import set_up

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SEED = "5eed" * 8
SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SEAT_LINE = re.compile(r"^([♠♥♦♣]) (Spades|Hearts|Diamonds|Clubs)\s+·\s+(North|East|South|West)$", re.M)
CARD_LINE = re.compile(r"^([♠♥♦♣]) ((?:(?:10|[2-9JQKA])\s*)+|—)$", re.M)
DRAFT_LINE = re.compile(r"^Draft (\d), first pick ([♠♥♦♣]) (.+)$", re.M)
HEAD = re.compile(r"^Round (\d+)\s+·\s+Table (\d)\s+·\s+(First hand|The draft)$", re.M)
COMPASS = {"North": "S", "East": "D", "South": "H", "West": "C"}


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def drafting(club_a, players_a, director_a):
    return set_up(
        club_a, director_a, players_a[:8], name="Drafting match", type="auction-teams", games=2, seed=5,
        auction={"hands": 4, "draft": True},
    )  # fmt: skip


def _cards(text: str) -> list[Card]:
    """``A♦ 10♠ …`` → cards, in the order printed."""
    return [parse_card(token) for token in text.split()]


def read_back(data: bytes) -> tuple[dict, dict, list]:
    """(hands by (round, table, seat), draft by (round, table), the pages' order) from the PDF."""
    hands, drafts, order = {}, {}, []
    for page in PdfReader(io.BytesIO(data)).pages:
        text = page.extract_text()
        head = HEAD.search(text)
        assert head, text
        number, table, what = int(head.group(1)), int(head.group(2)), head.group(3)
        assert "Table 1 and Table 2 play the same cards" in text
        if what == "The draft":
            rounds = DRAFT_LINE.findall(text)
            drafts[number, table] = [(SUIT_OF[first], _cards(cards)) for _, first, cards in rounds]
            assert [int(k) for k, _, _ in rounds] == [1, 2, 3, 4]
            order.append((number, table, "draft"))
            continue
        seat_line = SEAT_LINE.search(text)
        assert seat_line, text
        seat = SUIT_OF[seat_line.group(1)]
        assert COMPASS[seat_line.group(3)] == seat
        cards = []
        for symbol, ranks in CARD_LINE.findall(text):
            if ranks.strip() != "—":
                cards += [parse_card(rank + SUIT_OF[symbol]) for rank in ranks.split()]
        assert "13 cards" in text
        hands[number, table, seat] = cards
        order.append((number, table, seat))
    return hands, drafts, order


def test_every_printed_card_is_the_engines_deal_at_both_tables(drafting, director_a):
    deals.deal_auction_rounds(event=drafting, by=director_a, seed=SEED)
    expected = deal_rounds(2, SEED, draft=True)
    data = render_event("auction-deals", drafting, {"envelope": "c6"})
    hands, drafts, order = read_back(data)
    assert order == [
        (number, table, what) for number in (1, 2) for table in (1, 2) for what in ("draft", "S", "D", "H", "C")
    ]
    for deal in expected:
        for table in (1, 2):
            assert drafts[deal.number, table] == [
                (draft_first(deal.dealer, k), list(cards)) for k, cards in enumerate(deal.draft, start=1)
            ]
            for seat in "SHDC":
                assert hands[deal.number, table, seat] == sorted(deal.hands[seat], key=sort_key)
                assert len(hands[deal.number, table, seat]) == 13
        printed = Counter(card for (n, t, _), cards in hands.items() if (n, t) == (deal.number, 1) for card in cards)
        turned = Counter(card for cards in deal.draft for card in cards)
        assert all(printed[card] + turned[card] <= 2 for card in printed)  # never a third copy
    sizes = {
        (round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1))
        for p in PdfReader(io.BytesIO(data)).pages
    }
    assert sizes == {tuple(round(v, 1) for v in layout.ENVELOPES["c6"])}


def test_without_the_draft_only_the_seats_slips_are_printed(auction_teams, director_a):
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    data = render_event("auction-deals", auction_teams, {"envelope": "dl"})
    hands, drafts, order = read_back(data)
    assert drafts == {} and len(order) == 2 * 2 * 4
    for deal in deal_rounds(2, SEED, draft=False):
        assert hands[deal.number, 2, "C"] == list(deal.hands["C"])


def signed_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_released_deals_print_from_the_deals_page_and_download_for_the_director_only(
    auction_teams, director_a, director_b, django_capture_on_commit_callbacks
):
    client = signed_in(director_a)
    url = f"/events/{auction_teams.pk}/auction-deals/"
    client.post(url, {"action": "deal"})
    client.post(url, {"action": "release"})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"action": "print", "envelope": "c6"})
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/events/{auction_teams.pk}/print/?job={job.pk}"
    assert (job.kind, job.status, job.done, job.total) == ("auction-deals", "done", 16, 16)
    download = f"/events/{auction_teams.pk}/print/jobs/{job.pk}/download/"
    data = b"".join(client.get(download).streaming_content)
    hands, _, _ = read_back(data)
    for deal in deals.auction_deals_of(auction_teams):
        for seat in "SHDC":
            assert hands[deal.number, 1, seat] == hands[deal.number, 2, seat] == list(deal.hands[seat])
    assert signed_in(director_b).get(download).status_code == 404
    assert Client().get(download).status_code == 302  # to sign in


def test_the_print_page_offers_the_deals_to_a_team_match_only(auction_teams, auction_pairs, director_a):
    client = signed_in(director_a)
    assert b"Auction deals" in client.get(f"/events/{auction_teams.pk}/print/").content
    assert b"Auction deals" not in client.get(f"/events/{auction_pairs.pk}/print/").content
    refused = client.post(f"/events/{auction_pairs.pk}/print/", {"kind": ["auction-deals"]})
    assert refused.status_code == 400 and "not an Auction Calypso team of four" in refused.content.decode()
    not_yet = client.post(f"/events/{auction_teams.pk}/print/", {"kind": ["auction-deals"]}, follow=True)
    assert "the rounds are not dealt yet" in not_yet.content.decode()
    assert not PrintJob.objects.exists()


def test_stale_deals_are_not_printed(auction_teams, director_a):
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    events.update_event(event=auction_teams, auction={"hands": 12, "draft": True})
    auction_teams.refresh_from_db()
    with pytest.raises(ValidationError, match="dealt without the draft"):
        services.start_print_job(event=auction_teams, kind="auction-deals", by=director_a)
    assert not PrintJob.objects.exists()


def test_the_api_prints_them_and_refuses_other_events_with_a_400(auction_teams, auction_pairs, director_a):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=director_a)
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    refused = api.post("/api/print-jobs/", {"event": auction_pairs.pk, "kind": "auction-deals"}, "application/json")
    assert refused.status_code == 400 and "not an Auction Calypso team of four" in refused.content.decode()
    not_yet = api.post("/api/print-jobs/", {"event": auction_teams.pk, "kind": "auction-deals"}, "application/json")
    assert not_yet.status_code == 400 and "not dealt yet" in not_yet.content.decode()
    deals.deal_auction_rounds(event=auction_teams, by=director_a, seed=SEED)
    started = api.post("/api/print-jobs/", {"event": auction_teams.pk, "kind": "auction-deals"}, "application/json")
    assert started.status_code in (201, 202) and started.json()["kind"] == "auction-deals"


# --- nothing clipped -------------------------------------------------------------------------------------
def _hardest_deal():
    """A valid deal whose first draft round is the eight tens (the widest cards, ``10♦``) and whose
    North holds twelve spades and a ten: the longest lines a slip can have."""
    from scoring.auction.deal import AuctionDeal

    pack = [card for card in sorted(deal_rounds(1, SEED, draft=True)[0].cards(), key=sort_key)]
    tens = [card for card in pack if card.rank == "T"]
    rest = [card for card in pack if card.rank != "T"]
    spades = [card for card in rest if card.suit == "S"][:12]
    for card in spades:
        rest.remove(card)
    north = (*spades, rest.pop())
    draft = (tuple(tens), *(tuple(rest[i : i + 8]) for i in range(0, 24, 8)))
    rest = rest[24:]
    hands = {"S": tuple(sorted(north, key=sort_key))}
    for seat in "DHC":
        hands[seat], rest = tuple(sorted(rest[:13], key=sort_key)), rest[13:]
    return AuctionDeal(1, "S", draft, hands, tuple(rest)).validate()


@pytest.mark.parametrize("envelope", ["c6", "dl", "labels"])
def test_every_string_stays_inside_the_slip(monkeypatch, envelope):
    from director.printing.auction_deals import render_auction_deals
    from director.printing.canvas import Batch
    from director.printing.fonts import width
    from director.printing.options import PrintOptions

    drawn, text = [], Batch.text

    def spy(self, x, y, s, font=layout.REGULAR, size=10, color=layout.BLACK, align="left"):
        w = width(s, font, size)
        x0 = x - w if align == "right" else x - w / 2 if align == "centre" else x
        drawn.append((self.page_size, x0, x0 + w, y, size, s))
        return text(self, x, y, s, font, size, color, align)

    monkeypatch.setattr(Batch, "text", spy)
    long_event = "The Port of Spain Calypso Club's Annual Auction Team Championship, second session " * 2
    render_auction_deals([_hardest_deal()], PrintOptions(envelope=envelope, event=long_event))
    edge = 3 * layout.MM
    assert len(drawn) > 100
    for (page_width, page_height), x0, x1, y, size, s in drawn:
        assert x0 >= edge and x1 <= page_width - edge, s
        assert y - 0.25 * size >= edge and y + size <= page_height - edge, s
        assert size >= layout.MIN_FIT_SIZE, s
