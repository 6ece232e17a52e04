"""The director's score entry page: one scoresheet per table for one game.

The browser checks the sheets as the director types (``js/scores.js`` mirrors ``scoring.scores``;
cutthroat events have a trick pile per player and four — three-handed, three — individual scores);
the server checks them again with ``results.adapters.sheet_problems`` (with ``table_form``'s rules) and saves through
``results.services.enter_sheet``. All the tables filled in are saved together or not at all: one
wrong sheet keeps every sheet of the page unsaved, with the problems shown on the table concerned.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse

from director.audit.context import request_ip
from director.core import auction_pad
from director.core.errors import Conflict, DomainError
from director.core.view_helpers import director_view
from director.events.access import event_for
from director.events.embers import is_embers
from director.events.models import Event
from director.events.selectors import label_games
from director.events.services import get_round
from director.results import selectors, services
from director.results.adapters import sheet_problems
from director.sheets.embers.pad import embers_card, pad_values, read_pads
from director.sheets.registry import kind_of
from scoring import scores, variants
from scoring.cards import MAJOR_SUITS
from scoring.cards import SUIT_SYMBOLS as SEAT_SYMBOLS
from scoring.variants import TABLE_FORMS

from .forms import SEATS, absent_name, read_entries, values_from_sheet


class _Refused(Exception):
    """Raised inside the save transaction to roll every sheet back."""


class _Ahead(Exception):
    """New numbers for a game while an earlier one still lacks sheets, without "save anyway"."""


def _earlier_words(earlier) -> str:
    """``[(1, [2, 4])]`` as "game 1 has no sheet yet from tables 2, 4"."""
    return "; ".join(f"game {game} has no sheet yet from {_tables(tables)}" for game, tables in earlier)


def _client_ip(request) -> str | None:
    return request_ip(request)  # behind a trusted proxy, the address it forwards


def _history_url(event, round_obj, table: int) -> str | None:
    """The sheet's version history (the audit app's page), when installed."""
    try:
        return reverse("audit:sheet_history", args=[event.pk, round_obj.number, table])
    except NoReverseMatch:
        return None


def _three(cell) -> tuple[str, str] | None:
    """A club night's table of three: ``(variant, seats)`` (``None`` for any other table)."""
    if cell.variant in TABLE_FORMS:
        return cell.variant, "".join(suit for suit, _, _ in cell.seat_list)
    return None


def _player(cell, seat):
    """Who holds ``seat`` (a Duet: each player holds a hand and, face up, a dummy)."""
    side = cell.majors if seat in MAJOR_SUITS else cell.minors
    if side is None:
        return None
    if cell.variant == "duet":
        player = next(iter(side.seats.values()), None)
        return {"name": f"{player.name} (dummy)" if seat in "HD" else player.name} if player else None
    return side.seats.get(seat)


def _pad_players(cell) -> dict[str, str]:
    """An Auction pad's players by seat, for its declarer choice."""
    return {
        seat: player["name"] if isinstance(player, dict) else player.name
        for seat in SEATS
        if (player := _player(cell, seat)) is not None
    }


def _card(cell, entry, values, *, cutthroat: bool = False):
    table = cell.table.number
    three = _three(cell)

    def box(kind, key):
        name = f"t{table}-{kind}-{key}"
        return {"name": name, "value": values.get(name, ""), "kind": kind, "key": key}

    absent = values.get(absent_name(table), "") if cutthroat and three is None else ""
    seats = []
    for seat in three[1] if three else SEATS:
        seats.append(
            {
                "seat": seat,
                "symbol": SEAT_SYMBOLS[seat],
                "player": _player(cell, seat),
                "cal": box("cal", seat),
                "unf": box("unf", seat),
                "pile": box("pile", seat),
                "rev": box("rev", seat),
                "absent": seat == absent,
            }
        )
    card = {
        "cell": cell,
        "seats": seats,
        "piles": [box("pile", "majors"), box("pile", "minors")],
        "errors": entry.errors if entry else [],
        "cutthroat": cutthroat or three is not None,  # a trick pile per player
        "form": three[0] if three else "cutthroat" if cutthroat else "partnership",
        "three": three[1] if three else "",
    }
    if cutthroat and three is None:
        card["absent"] = {"name": absent_name(table), "value": absent}
    if card["cutthroat"]:
        card["saved_scores"] = _cutthroat_scores(cell.result, three)
    return card


def _cutthroat_scores(result, three=None) -> list[dict]:
    """The individual scores of a stored cutthroat sheet (the row keeps 0 – 0 for majors/minors); a
    table of three: each player's total (split partnership: own + the right-hand player's)."""
    if result is None:
        return []
    try:
        if three is not None:
            figures = variants.score_table_sheet(three[0], result.sheet, three[1]).totals
        else:
            figures = scores.score_cutthroat(result.sheet).scores
    except scores.ScoreSheetError:  # a partnership sheet stored before the event became cutthroat
        return []
    order = three[1] if three is not None else figures  # a table of three: its seats clockwise
    return [{"seat": seat, "symbol": SEAT_SYMBOLS[seat], "score": figures[seat]} for seat in order]


def _table_number(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _seen_version(data, table: int) -> int | None:
    """The version of the table's sheet the page showed (0: none); None when the form did not say."""
    value = data.get(f"t{table}-version")
    if value is None:
        return None
    return _table_number(value or 0)


OUTCOME_WORDS = {"entered": "entered", "corrected": "corrected", "confirmed": "confirmed as the table sent it"}


def _tables(numbers: list[int]) -> str:
    return f"table{'s' * (len(numbers) > 1)} {', '.join(str(n) for n in numbers)}"


def _report(request, round_obj, done, by_table) -> None:
    """Say exactly which tables were written, how, and which were left as they are."""
    written = [(save.outcome, save.table) for save in done if save.outcome in OUTCOME_WORDS]
    if written:
        parts = []
        for outcome, words in OUTCOME_WORDS.items():
            numbers = [table for o, table in written if o == outcome]
            if numbers:
                parts.append(f"{_tables(numbers)} {words}")
        messages.success(request, f"Saved game {round_obj.number}: {'; '.join(parts)}.")
    else:
        messages.info(request, "Nothing to save: no sheet was filled in or changed.")
    # Pending sheets nobody acted on: those the service left, and those whose boxes were blank.
    left = {save.table: save.submission.status for save in done if save.outcome == "left"}
    acted = {save.table for save in done}
    left.update({n: c.status for n, c in by_table.items() if n not in acted and c.status in services.PENDING_WORDS})
    for state, what in services.PENDING_WORDS.items():
        numbers = sorted(n for n, status in left.items() if status == state)
        if numbers:
            messages.warning(
                request,
                f"Left as {'they are' if len(numbers) > 1 else 'it is'}: {_tables(numbers)} ({what}). "
                "Confirm a table's sheet as sent, or correct its numbers.",
            )


def _proposal_values(cell, *, cutthroat: bool, pad_hands: int = 0) -> str:
    """A disputed sheet's counter-proposal (the disputing side's own sheet) as the page's box values,
    JSON for the "Fill in their sheet" button ("" when there is none)."""
    result = cell.result
    proposed = (result.proposal or {}).get("sheet") if result is not None and result.status == "disputed" else None
    if not proposed:
        return ""
    return json.dumps(_values(cell, proposed, cutthroat=cutthroat, pad_hands=pad_hands), sort_keys=True)


def _values(cell, sheet, *, cutthroat: bool, pad_hands: int = 0) -> dict[str, str]:
    """A stored sheet in the table's boxes (a table of three: its seats, a trick pile each; an
    Auction pad: its hands' boxes)."""
    if pad_hands:
        return auction_pad.fields_of_pad(sheet, f"t{cell.table.number}-", pad_hands)
    three = _three(cell)
    seats = three[1] if three else SEATS
    return values_from_sheet(cell.table.number, sheet, cutthroat=cutthroat or three is not None, seats=seats)


def _seen(data, cell, entry) -> dict:
    """The version and status of the table's sheet that the page shows (sent back on save, so a
    sheet that changes meanwhile is not overwritten unseen). A page shown again after a refusal
    keeps what the director saw, unless this table's sheet is the one that changed."""
    result = cell.result
    live = {"version": result.version if result else 0, "status": result.status if result else ""}
    if entry is None or entry.stale or data.get(f"t{cell.table.number}-version") is None:
        return live
    return {
        "version": str(data.get(f"t{cell.table.number}-version", ""))[:10],
        "status": str(data.get(f"t{cell.table.number}-status", ""))[:12],
    }


@director_view
def score_entry(request, event_id, number):
    event = event_for(request.user, event_id)
    round_obj = get_round(event, number)
    grid = selectors.results_grid(event)
    label_games(event, grid.rounds)
    round_obj = next((r for r in grid.rounds if r.number == round_obj.number), round_obj)
    earlier = selectors.unfinished_before(grid, round_obj.number)
    ahead = request.POST.get("ahead") == str(round_obj.number)
    cells = [c for c in (grid.cell(round_obj.number, t.number) for t in grid.tables) if c and c.status != "empty"]
    by_table = {c.table.number: c for c in cells}
    cutthroat = event.form == Event.Form.CUTTHROAT
    kind, embers = kind_of(event), is_embers(event)
    pad_hands = kind.hands if kind.name == "auction" else 0  # an Auction event's pad
    entries = {}
    status = 200
    if request.method == "POST":
        threes = {n: t for n, t in ((n, _three(c)) for n, c in by_table.items()) if t is not None}
        if embers:
            entries = read_pads(request.POST, list(by_table), event.embers_hands)
        else:
            entries = read_entries(
                request.POST, list(by_table), cutthroat=cutthroat, threes=threes, pad_hands=pad_hands
            )
        confirm_table = _table_number(request.POST.get("confirm"))
        to_save = []
        for number_, entry in entries.items():
            if entry.blank and number_ != confirm_table:
                continue
            sheet, problems = (None, []) if entry.blank else entry.read()
            three = threes.get(number_)
            table_kind = kind_of(event, by_table[number_].variant, three[1] if three else "")
            problems = problems or (sheet_problems(sheet, kind=table_kind) if sheet is not None else [])
            if problems:
                entry.errors = problems
                continue
            to_save.append((by_table[number_], entry, sheet))
        if not any(e.errors for e in entries.values()):
            done = []
            try:
                with transaction.atomic():
                    for cell, entry, sheet in to_save:
                        try:
                            done.append(
                                services.save_from_page(
                                    table=cell.table,
                                    round=round_obj,
                                    sheet=sheet,
                                    by=request.user,
                                    confirm_as_sent=cell.table.number == confirm_table,
                                    seen_version=_seen_version(request.POST, cell.table.number),
                                    seen_status=str(request.POST.get(f"t{cell.table.number}-status", "")) or None,
                                    ip=_client_ip(request),
                                )
                            )
                        except DomainError as error:
                            entry.errors = list(error.problems)
                            entry.stale = isinstance(error, Conflict)
                    if any(e.errors for e in entries.values()):
                        raise _Refused
                    typed = [save.table for save in done if save.outcome in ("entered", "corrected")]
                    if typed and earlier and not ahead:
                        raise _Ahead
            except _Refused:
                pass
            except _Ahead:
                status = 409
                messages.warning(
                    request,
                    f"Nothing was saved: {_earlier_words(earlier)}. Are these game {round_obj.number}'s sheets? "
                    f'Press "Save game {round_obj.number} anyway" to save them before.',
                )
            else:
                _report(request, round_obj, done, by_table)
                return redirect(reverse("results:entry", args=[event.pk, round_obj.number]))
        if status != 409:
            status = 400
            messages.error(request, "Nothing was saved: put right the sheets marked below.")

    cards = []
    for cell in cells:
        entry = entries.get(cell.table.number)
        if entry is not None:
            values = entry.values
        elif cell.result is not None and embers:
            values = pad_values(f"t{cell.table.number}-", cell.result.sheet, event.embers_hands)
        elif cell.result is not None:
            values = _values(cell, cell.result.sheet, cutthroat=cutthroat, pad_hands=pad_hands)
        else:
            values = {}
        card = _card(cell, entry, values, cutthroat=cutthroat)
        if embers:
            card.update(embers_card(cell, values, event.embers_hands))
        if pad_hands:  # the pad's boxes: the {% auction_pad %} tag (director.core.auction_pad)
            card["pad"] = {
                "prefix": f"t{cell.table.number}-",
                "post": values,
                "players": _pad_players(cell),
                "label": f"Table {cell.table.number}",
            }
            card["saved_lines"] = kind.lines(cell.result.sheet) if cell.result else []
        card["seen"] = _seen(request.POST, cell, entry)
        card["pending"] = cell.status in ("submitted", "disputed")
        card["proposal"] = _proposal_values(cell, cutthroat=cutthroat, pad_hands=pad_hands) if not embers else ""
        card["history"] = _history_url(event, round_obj, cell.table.number) if cell.result is not None else None
        cards.append(card)
    rounds = grid.rounds
    return render(
        request,
        "director/score_entry.html",
        {
            "event": event,
            "club": event.club,
            "round": round_obj,
            "cards": cards,
            "rounds": rounds,
            "cutthroat": cutthroat,
            "embers": embers,
            "auction": getattr(kind, "settings", None),
            "pad_hands": pad_hands,
            "absent_choices": [("", "Four players · 208 cards")]
            + [(seat, f"Three-handed, no {SEAT_SYMBOLS[seat]} player · 117 cards") for seat in SEATS],
            "missing": [c.table.number for c in cells if c.status == "missing"],
            "to_settle": [
                f"table {c.table.number} ({services.PENDING_WORDS[c.status]})"
                for c in cells
                if c.status in services.PENDING_WORDS
            ],
            # Sheets for a later game before an earlier one's: warned, and saved only when asked.
            "earlier": earlier,
            "earlier_words": _earlier_words(earlier) if earlier else "",
            "first_earlier": earlier[0][0] if earlier else None,
            "next_game": selectors.next_game(grid),
        },
        status=status,
    )
