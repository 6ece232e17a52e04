"""The table audience: a table's secret entry link (``/t/<token>/``, the QR code on its guide card).

No sign-in: the token is the key, and it reaches only its own table's sheet for the event's
current game (``table.services``). Every answer is ``no-store`` and its referrer policy is
``same-origin``, so the token stays out of caches and other sites' logs (and the page's own form
posts keep their ``Origin``, which the CSRF check needs). The page works without JavaScript (plain form
posts, answered with a redirect); ``js/table-entry.js`` adds the live check, retries with one
idempotency key, and JSON answers:

* 201 ``{"submission": ..., "replayed": false}`` — written; 200 with ``"replayed": true`` — a retry;
* 400 ``{"error", "problems", "field"}`` — the sheet does not add up (nothing written);
* 409 ``{"error", "code", "state"}`` — e.g. ``already-submitted``: confirm or dispute instead;
* 404 — the link is not (or no longer) valid.

A field of the wrong type (``round`` as an object, ``idempotency_key`` as a number) is a 400
naming it. A body that is not JSON at all, too deep or too large never reaches these views:
``core.middleware.JSONBodyMiddleware`` answers it (400/413 ``{"detail", "code"}``).

What varies by kind of sheet is the kind's (``page.kind``, ``director.sheets``): its boxes, how it
reads them, its templates and scripts; these views never ask which kind it is.
"""

from __future__ import annotations

import uuid
from functools import wraps

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_GET, require_POST

from director.audit.context import request_ip
from director.core import json_body
from director.core.errors import Conflict, DomainError, NotFound, PermissionDenied, ValidationError
from director.core.parsing import json_kind, read_number, read_text
from director.events import codes
from scoring.scores import in_sheet_words

from . import selectors, services


def _private(response):
    add_never_cache_headers(response)
    response["Referrer-Policy"] = (
        "same-origin"  # the secret link never leaves the site; own posts keep their Origin (CSRF)
    )
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _invalid_link(request):
    if json_body.wants_json(request):
        return JsonResponse(
            {"error": "this table link is not valid (it may have been re-issued)", "code": "invalid-link"}, status=404
        )
    return render(request, "table/invalid.html", status=404)


def _bad_body(request, table):
    if json_body.wants_json(request):
        return JsonResponse({"error": "the request body is not a JSON object", "code": "bad-request"}, status=400)
    return redirect("table:entry", token=table.token)


def table_view(view):
    """A view of a table's link (healthchecks' ``authorize``, for a token): the table looked up, an
    unknown link answered (a page, or JSON, 404), the posted fields read — a JSON object (anything
    else is a 400), or the form — and every answer private. The view gets ``(request, table, data)``."""

    @wraps(view)
    def wrapper(request, token):
        table = selectors.table_for_token(token)
        if table is None:
            return _private(_invalid_link(request))
        data = request.POST
        if request.method == "POST" and json_body.is_json(request):
            data = json_body.read(request, empty={})  # a body that is not JSON: answered by the middleware
            if not isinstance(data, dict):
                return _private(_bad_body(request, table))
        return _private(view(request, table, data))

    return wrapper


PHONE_KEY = "table-phone"
# The player code this browser opened (``player_views``): the phone is that player's, on a night of
# player codes, until it opens another code or the director re-issues this one.
PLAYER_KEY = "player-code"


def holder(request) -> codes.Holder | None:
    """The player (or partnership) this browser is bound to, while their code is still valid."""
    code = request.session.get(PLAYER_KEY)
    return codes.holder_of(code) if isinstance(code, str) else None


def _phone(request) -> str:
    """This phone's id: random, made on its first send or confirmation and kept in its session. The
    sheet remembers the phone that sent it, and that phone may not confirm or dispute it."""
    phone = request.session.get(PHONE_KEY)
    if not isinstance(phone, str) or not phone:
        phone = request.session[PHONE_KEY] = uuid.uuid4().hex
    return phone


def _known_phone(request) -> str:
    """The id this phone was given when it opened the table's page. A confirmation or dispute must
    come with it: a phone that does not send the session cookie back (cookies blocked) gets a new id
    on every request, so the phone that sent the sheet could not be told from the opponents'."""
    phone = request.session.get(PHONE_KEY)
    if not isinstance(phone, str) or not phone:
        raise Conflict(
            "this phone did not keep the table page's cookie, so it cannot confirm or dispute a sheet: allow "
            "cookies for this site and open the table's link again, or ask the director",
            field="phone",
            code="no-phone-id",
        )
    return phone


def _kept_key(table) -> str:
    return f"table-{table.pk}-typed-sheet"


def _keep_typed(request, page, sheet, side) -> None:
    """The phone that lost the race keeps its typed sheet (in its own session) to compare and to
    propose as the correction: the page must not throw the players' numbers away."""
    typed = page.kind.typed(sheet)
    if typed is not None:
        round = selectors.table_game(page.table)
        request.session[_kept_key(page.table)] = {
            "round": round.number if round else None,
            "side": side,
            "sheet": typed,
        }


def _forget_typed(request, table) -> None:
    request.session.pop(_kept_key(table), None)


def _typed_comparison(request, page) -> dict | None:
    """This phone's own typed sheet beside the one sent first, differences marked (see ``_keep_typed``)."""
    kept = request.session.get(_kept_key(page.table))
    if page.status != "submitted" or not kept or kept.get("round") != page.round.number:
        return None
    return page.compare(kept["sheet"]) | {"side": page.kind.side_labels.get(kept.get("side") or "", "")}


def _identity(request, page) -> dict | None:
    """On a night of player codes: who this phone is, and whether they sit at this table now."""
    if not codes.uses_codes(page.event):
        return None
    who = holder(request)
    if who is None or who.event.pk != page.event.pk:
        return {"known": False}
    place = codes.place_in(who, page.round) if page.round is not None else None
    here = place is not None and place.table_id == page.table.pk
    return {"known": True, "name": who.name, "here": here, "side": place.direction if here else ""}


def _context(request, page, *, values=None, errors=None, side=None, urls=None) -> dict:
    kind, submission, table = page.kind, page.submission, page.table
    identity = _identity(request, page)
    if identity and identity.get("side"):
        side = identity["side"]  # the player's own side: the server takes it from the seating anyway
    confirmer = services.other_side(page.side) if page.side else None
    sent_here = services.sent_from(submission, request.session.get(PHONE_KEY))
    if values is None and submission is not None and page.can_submit:
        # after a dispute, the form starts from the disputing side's own sheet when they gave one
        proposed = (submission.proposal or {}).get("sheet") if submission.status == "disputed" else None
        values = kind.values(proposed or submission.sheet)
    if side is None and submission is not None and page.status == "disputed" and page.side:
        # the corrected sheet: the sending phone starts on its own side, any other phone on the
        # disputing side (the players may still change it)
        side = page.side if sent_here else services.other_side(page.side)
    labels = kind.side_labels  # a table of three's "sides" are where its seats are written (♠♥ and ♣)
    return {
        "where_next": page.where_next,
        "typed": _typed_comparison(request, page),
        "table": table,
        "event": page.event,
        "state": page,
        "kind": kind,
        "seats": page.seats,
        "sides": page.sides,
        "widget": kind.widget("", values or {}, players=page.players),
        "sent_lines": page.lines,
        "errors": errors or [],
        "side": side or "",
        "submitted_by": kind.sender(page.side or "", page.cell, getattr(submission, "submitted_by_player_id", None)),
        "confirmer": confirmer,
        "sent_here": sent_here,
        "confirmer_label": labels.get(confirmer or "", ""),
        "identity": identity,
        "idempotency_key": uuid.uuid4().hex,
        "client_state": {
            **page.to_dict(),
            "sent_here": sent_here,
            "individual": kind.individual,  # a score per player, no partnership totals
            "check": kind.check_name,  # js/scores.js checkSheet(check, sheet, seats) ...
            "seats": kind.seats,  # ... in the sheet's seats ...
            "tag": kind.tag,  # ... and the "form" the sheet is sent with
            "urls": {
                "state": reverse("table:state", args=[table.token]),
                "submit": reverse("table:submit", args=[table.token]),
                "confirm": reverse("table:confirm", args=[table.token]),
                "dispute": reverse("table:dispute", args=[table.token]),
                **(urls or {}),
            },
        },
    }


@require_GET
@table_view
def entry(request, table, data):
    _phone(request)  # the phone's id, in its session from the first visit (see ``_known_phone``)
    return render(request, "table/entry.html", _context(request, selectors.table_page(table)))


@require_GET
@table_view
def state(request, table, data):
    page = selectors.table_page(table)
    return JsonResponse({**page.to_dict(), "sent_here": services.sent_from(page.submission, _phone(request))})


def _error(request, table, error: DomainError, *, values=None, side=None):
    status = 400
    if isinstance(error, Conflict):
        status = 409
    elif isinstance(error, PermissionDenied):
        status = 403  # a phone acting where its player does not sit, or for its own side's sheet
    elif isinstance(error, NotFound):
        status = 404
    page = selectors.table_page(table)
    # Players read the sheet's words ("Calypsos — ♠ player: ..."); ``field`` keeps the JSON path.
    message, problems = in_sheet_words(error.message), [in_sheet_words(p) for p in error.problems or ()]
    if json_body.wants_json(request):
        body = {
            "error": message,
            "code": error.code,  # e.g. AlreadySubmitted's "already-submitted": confirm or dispute instead
            "field": error.field,
            "problems": problems,
            "state": page.to_dict(),
        }
        return JsonResponse(body, status=status)
    context = _context(request, page, values=values, errors=problems or [message], side=side)
    return render(request, "table/entry.html", context, status=status)


def _whole(problems: list[str]) -> None:
    """A sheet read from its boxes is sent whole: a ``ValidationError`` names what stops it being
    read (a pad's hand half typed: the hands before it would score as the whole pad)."""
    if problems:
        raise ValidationError(f"the scoresheet is wrong: {problems[0]}", field="sheet", problems=problems)


@require_POST
@table_view
def submit(request, table, data):
    page = selectors.table_page(table)
    if json_body.is_json(request):
        sheet, values, problems = data.get("sheet"), None, []
    else:
        typed = page.kind.read(data)
        sheet, values, problems = typed.sheet, typed.values, typed.problems
    side = data.get("side") if isinstance(data.get("side"), str) else None
    try:
        read_text(data, "side")
        _whole(problems)
        if json_body.is_json(request) and not isinstance(sheet, dict):
            raise ValidationError(
                f"the scoresheet is wrong: it must be an object of {page.kind.shape_words}, not {json_kind(sheet)}",
                field="sheet",
            )
        submission, replayed = services.submit(
            table=table,
            round_number=read_number(data, "round"),
            sheet=sheet,
            side=side,
            idempotency_key=read_text(data, "idempotency_key") or None,
            ip=request_ip(request),
            phone=_phone(request),
            holder=holder(request),
        )
    except DomainError as error:
        if isinstance(error, services.AlreadySubmitted):
            _keep_typed(request, page, sheet, side)
        return _error(request, table, error, values=values, side=side)
    _forget_typed(request, table)
    if json_body.wants_json(request):
        side = selectors.submitted_side(submission) if replayed else side
        body = {"submission": selectors.submission_dict(submission, side), "replayed": replayed}
        return JsonResponse(body, status=200 if replayed else 201)
    messages.success(request, f"Sent: version {submission.version}. Now the opponents confirm it.")
    return _back(request, table)


def _proposal(table, data) -> dict | None:
    """The sheet a dispute proposes: ``sheet`` (JSON), or the sheet's boxes with ``propose`` set
    (the page's "Dispute: our sheet is right" form)."""
    if "sheet" in data and data.get("sheet") is not None:
        if not isinstance(data.get("sheet"), dict):
            raise ValidationError("the proposed sheet must be an object of the sheet's sections", field="sheet")
        return data["sheet"]
    if data.get("propose"):
        typed = selectors.table_page(table).kind.read(data)
        _whole(typed.problems)
        return typed.sheet
    return None


def _status_change(request, table, data, action):
    """The opponents confirm the sheet sent, or dispute it (with their own sheet, when they typed one)."""
    try:
        arguments = {
            "table": table,
            "submission_id": read_number(data, "submission"),
            "side": read_text(data, "side"),
            "ip": request_ip(request),
            "holder": holder(request),
        }
        # On a night of player codes a phone is told apart by its player, not by the table page's cookie.
        phone = _phone(request) if codes.uses_codes(table.event) else _known_phone(request)
        if action == "confirm":
            submission = services.confirm(**arguments, phone=phone)
        else:
            note, sheet = read_text(data, "note") or "", _proposal(table, data)
            submission = services.dispute(**arguments, note=note, sheet=sheet, phone=phone)
    except DomainError as error:
        return _error(request, table, error)
    _forget_typed(request, table)
    if json_body.wants_json(request):
        return JsonResponse({"submission": selectors.submission_dict(submission, selectors.submitted_side(submission))})
    if action == "confirm":
        messages.success(request, "Confirmed. Thank you!")
    else:
        messages.warning(request, "Disputed: the director has been told and will come to the table.")
    return _back(request, table)


def _back(request, table):
    """After a plain form post: a player's own page on a night of codes, else the table's."""
    if codes.uses_codes(table.event) and holder(request) is not None:
        return redirect("player:page")
    return redirect("table:entry", token=table.token)


@require_POST
@table_view
def confirm(request, table, data):
    return _status_change(request, table, data, "confirm")


@require_POST
@table_view
def dispute(request, table, data):
    return _status_change(request, table, data, "dispute")


@require_GET
def worker(request):
    """``/t/worker.js``: the table page's service worker (``templates/table/worker.js``). Served under
    ``/t/`` so its scope may be a table's link (``/t/<token>/``, which js/table-entry.js registers it
    for): once opened, the page opens again without the wifi, with the sheet kept on the phone. No
    table is named here; ``no-cache`` so a phone finds a new version at its next visit."""
    response = render(request, "table/worker.js", content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
