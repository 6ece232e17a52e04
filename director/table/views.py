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
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_GET, require_POST

from director.audit.context import request_ip
from director.core import auction_pad, json_body
from director.core.errors import Conflict, DomainError, NotFound, ValidationError
from director.core.parsing import parse_text
from director.events.embers import is_embers
from director.events.selectors import table_by_token
from director.movements.selectors import load_movement, where_next
from director.results.adapters import score_sheet, sheet_problems
from director.results.selectors import sheet_view
from director.sheets.base import SheetKind
from director.sheets.embers.pad import pad_values, read_pad, typed_pad
from director.sheets.registry import kind_of
from scoring.cards import MAJOR_SUITS, SUIT_SYMBOLS
from scoring.cards import SIDE_SYMBOLS as SIDE_LABELS
from scoring.scores import in_sheet_words
from scoring.variants import TABLE_FORMS

from . import services
from .embers import embers_context, embers_typed
from .forms import SEATS, field_names, sheet_from_fields, typed_sheet, values_from_sheet


def _private(response):
    add_never_cache_headers(response)
    response["Referrer-Policy"] = (
        "same-origin"  # the secret link never leaves the site; own posts keep their Origin (CSRF)
    )
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _wants_json(request) -> bool:
    return json_body.is_json(request) or "application/json" in request.headers.get("Accept", "")


def _ip(request) -> str | None:
    """The phone's address: behind a trusted proxy, the one it forwards (as the audit log's)."""
    return request_ip(request)


def _body(request) -> dict:
    """The posted fields: a JSON object (``json_body`` has refused a body that is not JSON), or the form."""
    if json_body.is_json(request):
        data = json_body.read(request, empty={})
        if not isinstance(data, dict):
            raise _BadBody
        return data
    return request.POST


class _BadBody(Exception):
    pass


def _kind(value) -> str:
    """What a JSON value is, in the words of JSON: for a message about a value of the wrong type."""
    if isinstance(value, bool):
        return "true" if value else "false"
    for types, name in ((dict, "an object"), (list, "a list"), (int | float, "a number"), (str, "text")):
        if isinstance(value, types):
            return name
    return "null"


def _number(data, field: str) -> int | None:
    """A whole number: a JSON number, or digits from a form; absent or empty is None."""
    value = data.get(field)
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 18:
        return int(value)
    shown = repr(value[:20]) if isinstance(value, str) else _kind(value)
    raise ValidationError(f"{field} must be a whole number (a JSON number such as 3), not {shown}", field=field)


def _text(data, field: str) -> str | None:
    value = data.get(field)
    if isinstance(value, str):
        parse_text(value, field, field=field)  # a form's %00 refused by name (JSON's: by json_body)
        return value
    if value is None:
        return value
    raise ValidationError(f"{field} must be text (a JSON string), not {_kind(value)}", field=field)


def _invalid_link(request):
    if _wants_json(request):
        response = JsonResponse(
            {"error": "this table link is not valid (it may have been re-issued)", "code": "invalid-link"}, status=404
        )
    else:
        response = render(request, "table/invalid.html", status=404)
    return _private(response)


def _table(token):
    try:
        return table_by_token(token)
    except NotFound:
        return None


@dataclass(frozen=True)
class Layout:
    """The boxes of a table's sheet: its ``kind`` (``director.sheets``) and the seats that have boxes."""

    kind: SheetKind

    @property
    def seats(self) -> str:
        return self.kind.seats

    @property
    def pad_hands(self) -> int:  # an Auction Calypso event: the pad's rows (0 for any other sheet)
        return self.kind.hands if self.kind.name == "auction" else 0

    @property
    def cutthroat(self) -> bool:  # a trick pile per player, no partnership totals
        return self.kind.individual

    @property
    def three(self) -> str:  # a club night's table of three: its variant ("" otherwise)
        return self.kind.variant

    @property
    def tag(self) -> str:  # the sheet's "form" as sent
        return self.kind.tag

    def fields(self) -> dict:
        return {"cutthroat": self.cutthroat, "seats": self.seats}


def _side_marks(layout: Layout) -> dict[str, list[tuple[str, str]]]:
    """Each side's seats as (suit, symbol): at a table of three, only the seats in play."""
    return {
        direction: [(s, SUIT_SYMBOLS[s]) for s in layout.seats if (s in MAJOR_SUITS) == (direction == "majors")]
        for direction in ("majors", "minors")
    }


def _layout(state) -> Layout:
    cell = state.cell
    variant = cell.variant if cell is not None else None
    seats = "".join(suit for suit, _, _ in cell.seat_list) if cell is not None and cell.seat_list else ""
    return Layout(kind_of(state.event, variant, seats))


def _seats(state) -> list[dict]:
    cell = state.cell
    rows = []
    if cell is not None and cell.variant in TABLE_FORMS:  # a table of three: its seats, clockwise
        return [
            {"seat": suit, "symbol": symbol, "side": "majors" if suit in MAJOR_SUITS else "minors", "player": p.name}
            for suit, symbol, p in cell.seat_list
        ]
    duet = cell is not None and cell.variant == "duet"  # each player has a hand and a dummy
    for seat in SEATS:
        side = None
        if cell is not None:
            side = cell.majors if seat in MAJOR_SUITS else cell.minors
        player = side.seats.get(seat) if side is not None else None
        if duet and side is not None:
            player = next(iter(side.seats.values()), None)
        rows.append(
            {
                "seat": seat,
                "symbol": SUIT_SYMBOLS[seat],
                "side": "majors" if seat in MAJOR_SUITS else "minors",
                "player": (player.name + (" (dummy)" if duet and seat in "HD" else "")) if player is not None else "",
            }
        )
    return rows


def _sides(state) -> list[dict]:
    sides = []
    for direction in ("majors", "minors"):
        side = getattr(state.cell, direction, None) if state.cell is not None else None
        if side is None:
            continue
        sides.append(
            {
                "direction": direction,
                "suits": SIDE_LABELS[direction],
                "partnership": side.partnership.number if side.partnership is not None else None,
                "out_first": side.out_first.name if side.out_first is not None else "",
            }
        )
    return sides


PHONE_KEY = "table-phone"


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


def _keep_typed(request, table, sheet, side) -> None:
    """The phone that lost the race keeps its typed sheet (in its own session) to compare and to
    propose as the correction: the page must not throw the players' numbers away."""
    if is_embers(table.event):
        typed = typed_pad(sheet, table.event.embers_hands)
    else:
        layout = _layout(services.table_state(table))
        typed = typed_sheet(sheet, **layout.fields(), tag=layout.tag, pad_hands=layout.pad_hands)
    if typed is not None:
        round = services.table_game(table)
        request.session[_kept_key(table)] = {"round": round.number if round else None, "side": side, "sheet": typed}


def _forget_typed(request, table) -> None:
    request.session.pop(_kept_key(table), None)


def _typed_comparison(request, table, state) -> dict | None:
    """This phone's own typed sheet beside the one sent first, differences marked (see ``_keep_typed``)."""
    kept = request.session.get(_kept_key(table))
    if state.status != "submitted" or not kept or kept.get("round") != state.round.number:
        return None
    layout = _layout(state)
    problems = [in_sheet_words(p) for p in sheet_problems(kept["sheet"], kind=layout.kind)]
    scored = None if problems else score_sheet(kept["sheet"], kind=layout.kind)
    if is_embers(state.event):
        return embers_typed(kept, state, problems, scored) | {"side": SIDE_LABELS.get(kept.get("side") or "", "")}
    return {
        # compared as stored (a typed 290S is the stored 290♠), when the typed sheet reads
        "view": sheet_view(scored.sheet if scored else kept["sheet"], state.submission.sheet),
        "values": values_from_sheet(kept["sheet"], pad_hands=layout.pad_hands),
        "side": SIDE_LABELS.get(kept.get("side") or "", ""),
        "problems": problems,
        "scores": scored,
    }


def _values(event, sheet, pad_hands: int = 0) -> dict[str, str]:
    """The form's boxes showing a stored sheet (an Embers night's: its pad's; an Auction event's: its
    ``pad_hands`` rows)."""
    if is_embers(event):
        return pad_values("", sheet, event.embers_hands)
    return values_from_sheet(sheet, pad_hands=pad_hands)


def _context(request, table, state, *, values=None, errors=None, side=None) -> dict:
    layout = _layout(state)
    cutthroat = layout.cutthroat
    # a table of three's "sides" are where its seats are written (without ♦: ♠♥ and ♣)
    labels = dict(SIDE_LABELS)
    if layout.three:
        labels = {
            d: "".join(SUIT_SYMBOLS[s] for s in layout.seats if (s in MAJOR_SUITS) == (d == "majors")) for d in labels
        }
    pad_hands = layout.pad_hands
    submission = state.submission
    confirmer = services.other_side(state.side) if state.side else None
    sent_here = services.sent_from(submission, request.session.get(PHONE_KEY))
    if values is None and submission is not None and state.can_submit:
        # after a dispute, the form starts from the disputing side's own sheet when they gave one
        proposed = (submission.proposal or {}).get("sheet") if submission.status == "disputed" else None
        values = _values(state.event, proposed or submission.sheet, pad_hands)
    if side is None and submission is not None and state.status == "disputed" and state.side:
        # the corrected sheet: the sending phone starts on its own side, any other phone on the
        # disputing side (the players may still change it)
        side = state.side if sent_here else services.other_side(state.side)
    return {
        # Once the game is confirmed: where each side and the game set go next (as a Bridgemate does).
        "where_next": where_next(load_movement(state.event), state.round.number, table.number)
        if state.status == "confirmed"
        else None,
        "typed": _typed_comparison(request, table, state),
        "table": table,
        "event": state.event,
        "state": state,
        "seats": _seats(state),
        "sides": _sides(state),
        "cutthroat": cutthroat,
        **embers_context(state, values),
        "pile_keys": [
            (k, SUIT_SYMBOLS[k] if cutthroat else SIDE_LABELS[k])
            for k in (layout.seats if cutthroat else ("majors", "minors"))
        ],
        "variant_form": layout.three,
        # the radio buttons' marks: who is "majors" and who "minors" at this table
        "side_marks": _side_marks(layout),
        "values": values or {},
        "errors": errors or [],
        "side": side or "",
        "side_labels": labels,
        "submitted_by": labels.get(state.side or "", ""),
        "confirmer": confirmer,
        "sent_here": sent_here,
        "confirmer_label": labels.get(confirmer or "", ""),
        "idempotency_key": uuid.uuid4().hex,
        "field_names": [name for name, _, _ in field_names(**layout.fields())],
        # Auction Calypso: the score pad ({% auction_pad %}: director.core.auction_pad), the stored pad scored.
        "auction": state.event.auction_settings if pad_hands else None,
        "pad_hands": pad_hands,
        "pad_players": {row["seat"]: row["player"] for row in _seats(state) if row["player"]} if pad_hands else {},
        "sheet_lines": layout.kind.lines(submission.sheet) if pad_hands and submission is not None else [],
        "client_state": {
            **state.to_dict(),
            "sent_here": sent_here,
            "cutthroat": cutthroat,
            "table_form": layout.three,  # a table of three: its variant (scores.js checkTable) ...
            "sheet_tag": layout.tag,  # ... the "form" its sheet is sent with ...
            "seats": layout.seats,  # ... and its seats
            "urls": {
                "state": reverse("table:state", args=[table.token]),
                "submit": reverse("table:submit", args=[table.token]),
                "confirm": reverse("table:confirm", args=[table.token]),
                "dispute": reverse("table:dispute", args=[table.token]),
            },
        },
    }


@require_GET
def entry(request, token):
    table = _table(token)
    if table is None:
        return _invalid_link(request)
    _phone(request)  # the phone's id, in its session from the first visit (see ``_known_phone``)
    state = services.table_state(table)
    return _private(render(request, "table/entry.html", _context(request, table, state)))


@require_GET
def state(request, token):
    table = _table(token)
    if table is None:
        return _invalid_link(request)
    state = services.table_state(table)
    sent_here = services.sent_from(state.submission, _phone(request))
    return _private(JsonResponse({**state.to_dict(), "sent_here": sent_here}))


def _error(request, table, error: DomainError, *, values=None, side=None):
    status = 400
    if isinstance(error, Conflict):
        status = 409
    elif isinstance(error, NotFound):
        status = 404
    state = services.table_state(table)
    # Players read the sheet's words ("Calypsos — ♠ player: ..."); ``field`` keeps the JSON path.
    message, problems = in_sheet_words(error.message), [in_sheet_words(p) for p in error.problems or ()]
    if _wants_json(request):
        body = {
            "error": message,
            "code": "already-submitted" if isinstance(error, services.AlreadySubmitted) else error.code,
            "field": error.field,
            "problems": problems,
            "state": state.to_dict(),
        }
        return _private(JsonResponse(body, status=status))
    context = _context(request, table, state, values=values, errors=problems or [message], side=side)
    return _private(render(request, "table/entry.html", context, status=status))


def _bad_body(request, table):
    if _wants_json(request):
        return _private(
            JsonResponse({"error": "the request body is not a JSON object", "code": "bad-request"}, status=400)
        )
    return redirect("table:entry", token=table.token)


@require_POST
def submit(request, token):
    table = _table(token)
    if table is None:
        return _invalid_link(request)
    try:
        data = _body(request)
    except _BadBody:
        return _bad_body(request, table)
    layout = _layout(services.table_state(table))
    typing: list[str] = []  # an Auction pad's blank boxes (auction_pad.read_pad)
    if json_body.is_json(request):
        sheet = data.get("sheet")
        values = None
    elif is_embers(table.event):
        pad = read_pad(data, table.number, "", table.event.embers_hands)
        sheet, values = pad.sheet(), pad.values
    elif layout.pad_hands:
        values = auction_pad.pad_values(data, "", layout.pad_hands)
        sheet, typing = auction_pad.read_pad(values, "", layout.pad_hands)
    else:
        sheet = sheet_from_fields(data, **layout.fields(), tag=layout.tag)
        values = {name: str(data.get(name, ""))[:20] for name, _, _ in field_names(**layout.fields())}
    side = data.get("side") if isinstance(data.get("side"), str) else None
    try:
        _text(data, "side")
        _pad_or_refuse(sheet, typing)
        if json_body.is_json(request) and not isinstance(sheet, dict):
            what = "its hands (hands)" if layout.pad_hands else "its sections (calypsos, unfinished, trick_piles)"
            raise ValidationError(
                f"the scoresheet is wrong: it must be an object of {what}, not {_kind(sheet)}", field="sheet"
            )
        submission, replayed = services.submit(
            table=table,
            round_number=_number(data, "round"),
            sheet=sheet,
            side=side,
            idempotency_key=_text(data, "idempotency_key") or None,
            ip=_ip(request),
            phone=_phone(request),
        )
    except DomainError as error:
        if isinstance(error, services.AlreadySubmitted):
            _keep_typed(request, table, sheet, side)
        return _error(request, table, error, values=values, side=side)
    _forget_typed(request, table)
    if _wants_json(request):
        body = {
            "submission": services.submission_dict(
                submission, services.submitted_side(submission) if replayed else side
            ),
            "replayed": replayed,
        }
        return _private(JsonResponse(body, status=200 if replayed else 201))
    messages.success(request, f"Sent: version {submission.version}. Now the opponents confirm it.")
    return redirect("table:entry", token=table.token)


def _status_change(request, token, action):
    table = _table(token)
    if table is None:
        return _invalid_link(request)
    try:
        data = _body(request)
    except _BadBody:
        return _bad_body(request, table)
    try:
        if action == "confirm":
            submission = services.confirm(
                table=table,
                submission_id=_number(data, "submission"),
                side=_text(data, "side"),
                ip=_ip(request),
                phone=_known_phone(request),
            )
        else:
            submission = services.dispute(
                table=table,
                submission_id=_number(data, "submission"),
                side=_text(data, "side"),
                note=_text(data, "note") or "",
                sheet=_proposal(table, data),
                ip=_ip(request),
                phone=_known_phone(request),
            )
    except DomainError as error:
        return _error(request, table, error)
    _forget_typed(request, table)
    if _wants_json(request):
        return _private(
            JsonResponse({"submission": services.submission_dict(submission, services.submitted_side(submission))})
        )
    if action == "confirm":
        messages.success(request, "Confirmed. Thank you!")
    else:
        messages.warning(request, "Disputed: the director has been told and will come to the table.")
    return redirect("table:entry", token=table.token)


def _pad_or_refuse(sheet, problems: list[str]):
    """A pad read from its boxes, or a ``ValidationError`` naming the boxes left blank (nothing is
    sent with a hand half typed: the hands before it would score as the whole pad)."""
    if problems:
        raise ValidationError(f"the scoresheet is wrong: {problems[0]}", field="sheet", problems=problems)
    return sheet


def _proposal(table, data) -> dict | None:
    """The sheet a dispute proposes: ``sheet`` (JSON), or the sheet's fields with ``propose`` set
    (the page's "Dispute: our sheet is right" form)."""
    if "sheet" in data and data.get("sheet") is not None:
        if not isinstance(data.get("sheet"), dict):
            raise ValidationError("the proposed sheet must be an object of the sheet's sections", field="sheet")
        return data["sheet"]
    if data.get("propose") and is_embers(table.event):
        return read_pad(data, table.number, "", table.event.embers_hands).sheet()
    if data.get("propose"):
        layout = _layout(services.table_state(table))
        if layout.pad_hands:
            return _pad_or_refuse(*auction_pad.read_pad(data, "", layout.pad_hands))
        return sheet_from_fields(data, **layout.fields(), tag=layout.tag)
    return None


@require_POST
def confirm(request, token):
    return _status_change(request, token, "confirm")


@require_POST
def dispute(request, token):
    return _status_change(request, token, "dispute")
