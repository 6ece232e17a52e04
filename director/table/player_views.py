"""A player's own page on a night of player codes (issue 29; ``events.codes``).

``/me/<code>/`` (the QR code on the tally card, or the code typed at ``/me/``) binds this browser to
the code's player — the code is kept in the session, so re-issuing it unbinds every phone that had
it — and sends the browser on to ``/me/``: where the player sits in the game being played ("Game 3:
table 4, you are ♠ with Kim, against …"), that table's sheet to enter, confirm or dispute (the table
page itself, ``views._context``: its forms post to the table's views, which act for this player
only where they sit now) and their running tally. The page polls ``/me/state/`` and reloads when the
director seats the next game, so it follows the player from table to table.

Wrong codes count against the address (``codes.guess_refused``): 429 once too many.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from director.audit.context import request_ip
from director.core.errors import PermissionDenied
from director.events import codes
from director.events.models import Event, PartnershipMember, Table
from director.printing.event_data import load_event_data
from director.printing.tally_cards import signed, tally_cards
from director.results.services import opponents_only
from scoring.cards import SUIT_NAMES, SUIT_SYMBOLS

from . import selectors
from .views import PLAYER_KEY, _context, _private, holder


def _refused(request, status: int, message: str):
    context = {"message": message, "limited": status == 429}
    return _private(render(request, "table/player_code.html", context, status=status))


@require_http_methods(["GET", "POST"])
def open_code(request, code: str | None = None):
    """Bind this browser to the code's player, then show their page."""
    if code is None:
        code = request.POST.get("code", "")
        if request.method == "GET":
            return redirect("player:page")
    ip = request_ip(request)
    if codes.guess_refused(ip):
        return _refused(
            request, 429, "Too many wrong codes from this network: wait a quarter of an hour, or ask the director."
        )
    found = codes.holder_of(code)
    if found is None:
        codes.count_guess(ip)
        return _refused(
            request,
            404,
            "That code is not valid: check it on your tally card (it may have been re-issued), or ask the director.",
        )
    request.session[PLAYER_KEY] = found.row.code
    return _private(redirect("player:page"))


def _names(players) -> str:
    return " & ".join(p.name for p in players) or "—"


def _company(who: codes.Holder, page) -> tuple[list[str], list, list]:
    """``(the holder's seats' suits, partners, opponents)`` at the table of ``page`` (a sheet of
    individual scores: no partners, everyone else against)."""
    cell, mine = page.cell, who.player_ids
    sides = [s for s in (cell.majors, cell.minors) if s is not None]
    own = next((s for s in sides if any(p.pk in mine for p in s.players)), None)
    suits = [suit for s in sides for suit, p in s.seats.items() if p.pk in mine]
    if page.kind.individual or own is None:
        return suits, [], [p for s in sides for p in s.players if p.pk not in mine]
    return suits, [p for p in own.players if p.pk not in mine], [p for s in sides if s is not own for p in s.players]


def where(who: codes.Holder, page) -> str:
    """ "Game 3: table 4, you are ♠ with Kim, against Ann & Bob" (a sheet of individual scores:
    against everyone else)."""
    suits, partners, against = _company(who, page)
    seat = "".join(SUIT_SYMBOLS[s] for s in suits) or "out in the first deal"
    text = f"Game {page.round.number}: table {page.table.number}, you are {seat}"
    text += f" with {_names(partners)}" if partners else ""
    return f"{text}, against {_names(against)}"


def you_are(who: codes.Holder, page) -> str:
    """ "You are ♠ (spades) with Kim": said on the sheet's form where a table's link asks which
    side is entering it — the player's side is known from the seating (the server takes it from
    there whatever the form says)."""
    suits, partners, _against = _company(who, page)
    seat = " and ".join(f"{SUIT_SYMBOLS[s]} ({SUIT_NAMES[s].lower()})" for s in suits) or "out in the first deal"
    return f"You are {seat}" + (f" with {_names(partners)}" if partners else "")


def _tally(who: codes.Holder) -> dict | None:
    """The player's tally card as it stands (``printing.tally_cards``): game by game and the total."""
    event = who.event
    if event.is_individual:
        key = who.row.player_id
    elif who.row.partnership_id is not None:
        key = who.row.partnership.number
    else:
        key = (
            PartnershipMember.objects.filter(partnership__event=event, player_id=who.row.player_id)
            .values_list("partnership__number", flat=True)
            .first()
        )
    card = next((c for c in tally_cards(load_event_data(event)) if c.entrant.key == key), None)
    if card is None:
        return None
    fmt = str if card.lines and event.is_individual else signed
    lines = [
        {
            "game": line.game,
            "table": line.table,
            "opponents": line.opponents,
            "net": fmt(line.net) if line.net is not None else "",
            "running": fmt(line.running) if line.running is not None else "",
        }
        for line in card.lines
    ]
    return {"lines": lines, "total": fmt(card.total) if card.total is not None else ""}


def _seated(who: codes.Holder):
    """``(table page, place)`` where the holder sits in the game being played, or ``(None, round)``."""
    event = Event.objects.get(pk=who.event.pk)
    round = selectors.current_round(event) if event.status == Event.Status.RUNNING else None
    place = codes.place_in(who, round) if round is not None else None
    if place is None:
        return None, round
    return selectors.table_page(Table.objects.select_related("event", "event__club").get(pk=place.table_id)), round


def _idle_state(event, round) -> dict:
    status = "not-running" if round is None else "bye"
    return {"round": round.number if round else None, "status": status, "submission": None, "event": event.name}


def _answerable(page, who) -> bool:
    """Whether this player may confirm or dispute the sheet that stands (an opponent of its sender)."""
    if page.submission is None or page.submission.status != "submitted":
        return False
    try:
        opponents_only(page.submission, who.player_ids, "confirm")
    except PermissionDenied:
        return False
    return True


@require_GET
def page(request):
    who = holder(request)
    if who is None:
        return _private(render(request, "table/player_code.html", {"message": ""}))
    table_page, round = _seated(who)
    urls = {"state": reverse("player:state")}
    if table_page is not None:
        context = _context(request, table_page, urls=urls)
        # The page says "sent by your side" where the player may not answer the sheet themselves.
        context["sent_here"] = table_page.submission is not None and not _answerable(table_page, who)
        context["where"] = where(who, table_page)
        context["you_are"] = you_are(who, table_page)
    else:
        event = who.event
        context = {
            "event": event,
            "state": None,
            "where": f"Game {round.number}: you sit out this game" if round is not None else "",
            "client_state": {**_idle_state(event, round), "urls": urls},
        }
    context |= {"holder": who, "tally": _tally(who), "player_page": True}
    return _private(render(request, "table/player.html", context))


@require_GET
def state(request):
    """What ``/me/`` shows now, in the fields its script compares (game, status, sheet)."""
    who = holder(request)
    if who is None:
        return _private(JsonResponse({"error": "open your player code first", "code": "no-player"}, status=403))
    table_page, round = _seated(who)
    if table_page is None:
        return _private(JsonResponse(_idle_state(who.event, round)))
    return _private(JsonResponse({**table_page.to_dict(), "sent_here": False}))
