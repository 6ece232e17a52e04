"""The director's score entry page: one scoresheet per table for one game.

Each table's boxes are its kind of sheet's (``director.sheets``: a 208-card sheet, a table of three's,
a score pad), read and drawn by the kind; the kind's page script checks them as the
director types. ``results.services.save_page`` checks them again and saves every table filled in
together or not at all: one wrong sheet keeps every sheet of the page unsaved, with the problems
shown on the table concerned.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse

from director.audit.context import request_ip
from director.core.view_helpers import director_view
from director.events.access import event_for
from director.movements import corrections
from director.results import selectors, services


def _tables(numbers: list[int]) -> str:
    return f"table{'s' * (len(numbers) > 1)} {', '.join(str(n) for n in numbers)}"


def _earlier_words(earlier) -> str:
    """``[(1, [2, 4])]`` as "game 1 has no sheet yet from tables 2, 4"."""
    return "; ".join(f"game {game} has no sheet yet from {_tables(tables)}" for game, tables in earlier)


def _history_url(event, round_obj, table: int) -> str | None:
    """The sheet's version history (the audit app's page), when installed."""
    try:
        return reverse("audit:sheet_history", args=[event.pk, round_obj.number, table])
    except NoReverseMatch:
        return None


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


def _report(request, page, done) -> None:
    """Say exactly which tables were written, how, and which were left as they are."""
    written = [(save.outcome, save.table) for save in done if save.outcome in OUTCOME_WORDS]
    if written:
        parts = []
        for outcome, words in OUTCOME_WORDS.items():
            numbers = [table for o, table in written if o == outcome]
            if numbers:
                parts.append(f"{_tables(numbers)} {words}")
        messages.success(request, f"Saved game {page.round.number}: {'; '.join(parts)}.")
    else:
        messages.info(request, "Nothing to save: no sheet was filled in or changed.")
    # Pending sheets nobody acted on: those the service left, and those whose boxes were blank.
    left = {save.table: save.submission.status for save in done if save.outcome == "left"}
    acted = {save.table for save in done}
    left.update(
        {
            c.table.number: c.status
            for c in page.cells
            if c.table.number not in acted and c.status in services.PENDING_WORDS
        }
    )
    for state, what in services.PENDING_WORDS.items():
        numbers = sorted(n for n, status in left.items() if status == state)
        if numbers:
            messages.warning(
                request,
                f"Left as {'they are' if len(numbers) > 1 else 'it is'}: {_tables(numbers)} ({what}). "
                "Confirm a table's sheet as sent, or correct its numbers.",
            )


def _seating_notice(request, page, done):
    """A correction of a sheet that later seating was drawn from (a progressive individual): said on
    the page and logged with the seating kept; None when no later game is concerned."""
    if not any(save.outcome in ("corrected", "confirmed") for save in done):
        return None
    notice = corrections.seating_notice(page.event, page.round.number)
    if notice is not None:
        corrections.record_correction(notice, by=request.user)
        messages.warning(request, notice.text)
    return notice


def _refused(request, page, result) -> int:
    """Say why nothing was saved; the answer's status."""
    if result.ahead:
        messages.warning(
            request,
            f"Nothing was saved: {_earlier_words(page.earlier)}. Are these game {page.round.number}'s sheets? "
            f'Press "Save game {page.round.number} anyway" to save them before.',
        )
        return 409
    messages.error(request, "Nothing was saved: put right the sheets marked below.")
    return 400


def _sheets(data, page, typed) -> list[services.PageSheet]:
    """The tables the director acted on: those typed in, and the one confirmed as sent."""
    confirm = _table_number(data.get("confirm"))
    return [
        services.PageSheet(
            table=page.by_table[number].table,
            kind=page.kinds[number],
            sheet=None if entry.blank else entry.sheet,
            problems=[] if entry.blank else entry.problems,
            confirm=number == confirm,
            seen_version=_seen_version(data, number),
            seen_status=str(data.get(f"t{number}-status", "")) or None,
        )
        for number, entry in typed.items()
        if not entry.blank or number == confirm
    ]


def _seen(data, cell, shown_again: bool) -> dict:
    """The version and status of the table's sheet that the page shows (sent back on save, so a
    sheet that changes meanwhile is not overwritten unseen). A page shown again after a refusal
    keeps what the director saw, unless this table's sheet is the one that changed."""
    result, number = cell.result, cell.table.number
    live = {"version": result.version if result else 0, "status": result.status if result else ""}
    if not shown_again or data.get(f"t{number}-version") is None:
        return live
    return {
        "version": str(data.get(f"t{number}-version", ""))[:10],
        "status": str(data.get(f"t{number}-status", ""))[:12],
    }


def _proposal_values(cell, kind, prefix: str) -> str:
    """A disputed sheet's counter-proposal (the disputing side's own sheet) as the page's box values,
    JSON for the "Fill in their sheet" button ("" when there is none)."""
    result = cell.result
    proposed = (result.proposal or {}).get("sheet") if result is not None and result.status == "disputed" else None
    return json.dumps(kind.values(proposed, prefix), sort_keys=True) if proposed else ""


def _card(request, page, cell, typed, result) -> dict:
    """One table's card: its kind's boxes showing what was typed (a refused post), else the sheet
    that stands, with what the director needs beside them."""
    number, kind, saved = cell.table.number, page.kinds[cell.table.number], cell.result
    prefix, entry = f"t{number}-", typed.get(number)
    values = entry.values if entry is not None else kind.values(saved.sheet, prefix) if saved is not None else {}
    return {
        "cell": cell,
        "kind": kind,
        "widget": kind.widget(prefix, values, players=kind.players(cell), label=f"Table {number}"),
        "errors": result.problems.get(number, []) if result else [],
        "lines": kind.lines(saved.sheet) if saved is not None else None,
        "scores": kind.card_scores(saved.sheet) if saved is not None else [],
        "seen": _seen(request.POST, cell, entry is not None and number not in (result.stale if result else ())),
        "pending": cell.status in services.PENDING_WORDS,
        "proposal": _proposal_values(cell, kind, prefix),
        "history": _history_url(page.event, page.round, number) if saved is not None else None,
    }


def _context(request, page, typed, result) -> dict:
    cards = [_card(request, page, cell, typed, result) for cell in page.cells]
    return {
        "event": page.event,
        "club": page.event.club,
        "round": page.round,
        "rounds": page.rounds,
        "cards": cards,
        "kind": page.kind,  # the event's: the page's help
        "scripts": list(dict.fromkeys(script for card in cards for script in card["kind"].scripts)),
        "missing": [c.table.number for c in page.cells if c.status == "missing"],
        "to_settle": [
            f"table {c.table.number} ({services.PENDING_WORDS[c.status]})"
            for c in page.cells
            if c.status in services.PENDING_WORDS
        ],
        # Sheets for a later game before an earlier one's: warned, and saved only when asked.
        "earlier": page.earlier,
        "earlier_words": _earlier_words(page.earlier) if page.earlier else "",
        "first_earlier": page.earlier[0][0] if page.earlier else None,
        "next_game": page.next_game,
    }


@director_view
def score_entry(request, event_id, number):
    page = selectors.entry_page(event_for(request.user, event_id), number)
    typed, result, status = {}, None, 200
    if request.method == "POST":
        typed = {n: page.kinds[n].read(request.POST, f"t{n}-") for n in page.by_table}
        result = services.save_page(
            round=page.round,
            sheets=_sheets(request.POST, page, typed),
            by=request.user,
            earlier_missing=bool(page.earlier),
            anyway=request.POST.get("ahead") == str(page.round.number),
            ip=request_ip(request),
        )
        if result.saved:
            _report(request, page, result.done)
            notice = _seating_notice(request, page, result.done)
            if notice is not None and not notice.started:  # the director chooses: keep or re-seat
                return redirect(reverse("movements:correction", args=[page.event.pk, page.round.number]))
            return redirect(reverse("results:entry", args=[page.event.pk, page.round.number]))
        status = _refused(request, page, result)
    return render(request, "director/score_entry.html", _context(request, page, typed, result), status=status)
