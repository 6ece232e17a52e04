"""The director's page of an Auction Calypso team match's deals (``deals.auction``): deal the rounds,
read them, print them for the tables, release them after play.

Directors of the event's club only (anyone else gets a 404): the page shows every card. Writes go
through ``deals.auction`` and ``deals.services.release_hands`` (the game sets' release, unchanged).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse

from director.core.confirm import confirmed
from director.core.errors import DomainError
from director.core.view_helpers import director_view
from director.deals import services
from director.deals.auction import auction_deals_of, deals_state
from director.deals.auction import deal_auction_rounds as deal_rounds
from director.deals.models import GameSetFile
from director.deals.selectors import commitment_state
from director.deals.views import ask_release
from director.events.access import event_for
from director.printing import services as printing
from scoring.auction.deal import draft_first
from scoring.cards import SUIT_SYMBOLS, format_hand

from .forms import DealAuctionForm

ACTIONS = ("deal", "release", "withdraw", "print")
COMPASS = {"S": "N", "D": "E", "H": "S", "C": "W"}  # docs/auction.md, "Seats"


class ActionForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS], error_messages={"invalid_choice": "unknown action"})


def _act(request, event, action: str, deal_form: DealAuctionForm):
    """Run ``action``; the response, or ``None`` with the refusal placed on ``deal_form``."""
    try:
        if action == "deal":
            if not deal_form.is_valid():
                return None
            deals = deal_rounds(event=event, by=request.user, replace=deal_form.cleaned_data["replace"])
            messages.success(request, f"Dealt {len(deals)} round{'s' if len(deals) != 1 else ''}: note the commitment.")
        elif action == "print":
            options = {name: request.POST.get(name, "") for name in ("paper", "envelope", "lang")}
            job = printing.start_print_job(event=event, kind="auction-deals", options=options, by=request.user)
            return redirect(reverse("printing:page", args=[event.pk]) + f"?job={job.pk}")
        elif not deals_state(event).dealt:
            deal_form.add_error(None, "the rounds are not dealt yet: deal them first")
            return None
        elif action == "release" and not confirmed(request):
            return ask_release(request, event, "deals", back=reverse("deals:auction", args=[event.pk]))
        else:
            services.release_hands(event=event, released=action == "release")
            messages.success(request, "Deals released to the public." if action == "release" else "Deals withdrawn.")
    except DomainError as error:
        deal_form.add_error(None, error.message)
        return None
    return redirect("deals:auction", event_id=event.pk)


def _rounds(event) -> list[dict]:
    """Each stored round as the page shows it: the draft's cards, who picks first, the hands by seat."""
    rows = []
    for deal in auction_deals_of(event):
        rows.append(
            {
                "number": deal.number,
                "dealer": f"{COMPASS[deal.dealer]} {SUIT_SYMBOLS[deal.dealer]}",
                "draft": [
                    {"first": SUIT_SYMBOLS[draft_first(deal.dealer, k)], "cards": " ".join(c.symbol for c in cards)}
                    for k, cards in enumerate(deal.draft, start=1)
                ],
                "hands": [
                    {"seat": f"{COMPASS[seat]} {SUIT_SYMBOLS[seat]}", "cards": format_hand(cards, symbols=True)}
                    for seat, cards in ((seat, deal.hands[seat]) for seat in "SDHC")
                ],
            }
        )
    return rows


@director_view
def auction_deals(request, event_id):
    event = event_for(request.user, event_id)
    state = deals_state(event)
    if state is None:
        messages.error(request, f"{event.name} is not an Auction Calypso team of four: it has no deals to make.")
        return redirect("events:detail", event_id=event.pk)
    deal_form = DealAuctionForm()
    status = 200
    if request.method == "POST":
        chosen = ActionForm(request.POST)
        deal_form = DealAuctionForm(request.POST)
        if not chosen.is_valid():
            deal_form.is_valid()
            deal_form.add_error(None, f"unknown action {str(request.POST.get('action', ''))[:40]!r}")
        else:
            response = _act(request, event, chosen.cleaned_data["action"], deal_form)
            if response is not None:
                return response
        status = 400
        state = deals_state(event)
    set_file = GameSetFile.objects.filter(event=event).first()
    try:
        rounds = _rounds(event)
        broken = ""
    except DomainError as error:
        rounds, broken = [], error.message
    return render(
        request,
        "director/auction_deals.html",
        {
            "event": event,
            "club": event.club,
            "state": state,
            "set_file": set_file,
            "commitment": commitment_state(event, set_file=set_file).value,
            "rounds": rounds,
            "broken": broken,
            "deal_form": deal_form,
        },
        status=status,
    )
