"""The deals of an Auction Calypso team match (``auction-teams``): writes and reads.

Each round both tables start from the same draft and the same first hand (``scoring.auction.deal``).
They follow the game sets' path: ``deal_auction_rounds`` deals every round from a fresh secret seed
and stores it on the event's ``GameSetFile`` (source *generated*, with the commitment) and each
round's cards in an ``AuctionDeal`` row. ``services.release_hands`` releases them with the seed, as it
does game sets; until then only the club's directors see a card (``selectors.hands_visible``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction

from director.audit.services import record
from director.core.errors import Conflict, ValidationError
from director.events.models import Event
from director.results.models import Submission
from scoring.auction.deal import AuctionDeal as Deal
from scoring.auction.deal import AuctionDealError, commitment, deal_rounds

from .models import AuctionDeal, GameSet, GameSetFile


def check_team_match(event: Event) -> None:
    """Only a team of four deals its rounds here: a progressive Auction night's tables each deal their
    own, and the other events play game sets."""
    if event.type != Event.Type.AUCTION_TEAMS:
        raise ValidationError(
            f"{event.name} is not an Auction Calypso team of four: only a team match deals the same draft and "
            "first hand at both tables",
            field="event",
        )


@transaction.atomic
def deal_auction_rounds(*, event: Event, by=None, replace: bool = False, seed: str | None = None) -> list[Deal]:
    """Deal every round of the team match (one per game) from a fresh secret seed; the draft's cards too
    when the event drafts. Dealt before any result is in (the tables must play what is printed), and
    again only when asked (``replace``). Game sets left from when the event was of another type go
    with the seed they came from. ``seed`` is for tests and the demo only."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    check_team_match(event)
    if AuctionDeal.objects.filter(event=event).exists() and not replace:
        raise Conflict(f"{event.name}'s rounds are dealt already; deal them again explicitly", field="replace")
    if Submission.objects.filter(round__event=event).exists():
        raise Conflict(
            f"{event.name} already has results: its rounds cannot be dealt now (the tables played other cards)",
            field="replace",
        )
    if AuctionDeal.objects.filter(event=event).exists() and event.hands_released:
        raise Conflict(f"{event.name}'s deals are released: withdraw them before dealing again", field="replace")
    seed = seed or secrets.token_hex(16)
    try:
        deals = deal_rounds(event.games, seed, draft=event.auction_settings.draft)
    except AuctionDealError as error:
        raise ValidationError(str(error), field="games") from None
    AuctionDeal.objects.filter(event=event).delete()
    GameSet.objects.filter(event=event).delete()
    AuctionDeal.objects.bulk_create([AuctionDeal(event=event, number=d.number, deal=d.to_dict()) for d in deals])
    GameSetFile.objects.filter(event=event).delete()
    GameSetFile.objects.create(
        event=event, source=GameSetFile.Source.GENERATED, commitment=commitment(deals), seed=seed, created_by=by
    )
    record("deals.deal_auction", event=event, after={"rounds": len(deals), "draft": event.auction_settings.draft})
    return deals


def auction_deals_of(event: Event) -> list[Deal]:
    """The event's stored deals, round by round, read back checked (secret: directors only, or after
    release). ``ValidationError`` naming the round if a stored deal is not a deal of the pack."""
    out = []
    for row in AuctionDeal.objects.filter(event=event, number__lte=event.games).order_by("number"):
        try:
            out.append(Deal.from_dict(row.deal))
        except AuctionDealError as error:
            raise ValidationError(f"the stored deal of round {row.number}: {error}", field="deals") from None
    return out


@dataclass(frozen=True)
class DealsState:
    """What the event page says of a team match's deals (no card in it)."""

    rounds: int  # rounds the event plays
    dealt: tuple[int, ...]  # rounds that have a deal
    draft: bool  # whether the event drafts (AUCTION.md §2)
    dealt_draft: bool  # whether the stored deals have the draft's cards
    released: bool

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(n for n in range(1, self.rounds + 1) if n not in self.dealt)

    @property
    def problem(self) -> str:
        """Why the stored deals are not the ones to play ("" when they are): a round without a deal, or
        a draft setting changed since they were dealt (the event is still a draft)."""
        if not self.dealt:
            return "the rounds are not dealt yet"
        if self.missing:
            return f"round {', '.join(map(str, self.missing))} has no deal: deal the rounds again"
        if self.dealt_draft != self.draft:
            had = "with" if self.dealt_draft else "without"
            return f"the rounds were dealt {had} the draft, which the settings have changed since: deal them again"
        return ""

    @property
    def ready(self) -> bool:
        return not self.problem


def deals_state(event: Event) -> DealsState | None:
    """The team match's deals at a glance (``None`` for any other event)."""
    if event.type != Event.Type.AUCTION_TEAMS:
        return None
    rows = list(AuctionDeal.objects.filter(event=event).order_by("number").values_list("number", "deal"))
    return DealsState(
        rounds=event.games,
        dealt=tuple(number for number, _ in rows if number <= event.games),
        draft=event.auction_settings.draft,
        dealt_draft=any(bool(deal.get("draft")) for _, deal in rows if isinstance(deal, dict)),
        released=event.hands_released,
    )
