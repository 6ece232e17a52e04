"""An Auction Calypso team match's deals in the browser (issue 16): the director deals the rounds
from the event page's Deals card, reads them on the Deals page, releases them, prints them and
downloads the PDF, whose slips are the stored deals card for card at both tables."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from director.clubs import services as clubs
from director.deals.auction import auction_deals_of
from director.events.models import Event
from director.movements import night as nights
from scoring.cards import format_hand, sort_key
from tests.browser.conftest import sign_in
from tests.director.auction.test_deals_printing import read_back

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "calypso-2026"


@pytest.fixture
def team_match(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    club = clubs.create_club(name="Port of Spain Calypso Club", slug="pos", owner=user)
    players = [clubs.add_player(club=club, name=f"Player {i:02d}") for i in range(1, 9)]
    return nights.set_up_night(
        club=club, by=user, date=datetime.date(2026, 3, 6), players=[p.pk for p in players],
        name="Auction match", type="auction-teams", games=2, seed=5, auction={"hands": 4, "draft": True},
    )  # fmt: skip


def test_the_director_deals_releases_and_prints_the_team_match(page, team_match):
    sign_in(page, "dora", PASSWORD)
    page.goto(f"/events/{team_match.pk}/")
    card = page.locator("#deals")
    assert "0 of 2 rounds dealt" in card.inner_text()
    card.get_by_role("button", name="Deal the rounds").click()
    page.wait_for_url(f"**/events/{team_match.pk}/auction-deals/")
    assert "2 of 2 rounds dealt" in page.locator("#auction-deals").inner_text()

    stored = auction_deals_of(Event.objects.get(pk=team_match.pk))
    shown = page.locator("#round-2").inner_text()
    for seat in "SHDC":
        assert format_hand(stored[1].hands[seat], symbols=True) in shown
    assert " ".join(card.symbol for card in stored[1].draft[3]) in shown

    page.get_by_role("button", name="Release the deals to the public (after play)").click()
    assert "The cards become public" in page.locator("#confirm").inner_text()  # the confirm step (#30)
    page.locator("#confirm-button").click()
    page.locator("#auction-deals").get_by_text("Deals are public.").wait_for()
    page.get_by_role("button", name="Print the deals").click()
    page.wait_for_url(f"**/events/{team_match.pk}/print/?job=*")
    link = page.locator("tr.job").first.get_by_role("link", name="Download PDF")
    link.wait_for(state="visible", timeout=30_000)
    with page.expect_download() as info:
        link.click()
    with open(info.value.path(), "rb") as handle:
        hands, drafts, order = read_back(handle.read())
    assert len(order) == 2 * 2 * 5
    for deal in stored:
        for table in (1, 2):
            assert [cards for _, cards in drafts[deal.number, table]] == [list(cards) for cards in deal.draft]
            for seat in "SHDC":
                assert hands[deal.number, table, seat] == sorted(deal.hands[seat], key=sort_key)
