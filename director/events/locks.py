"""The row locks that an event's writers share: the event's row for event-level changes, each
game's row for scoresheets and closes."""

from __future__ import annotations

from .changes import results_changed
from .models import Event, Round


def locked_event(event: Event) -> Event:
    """Re-read ``event`` under a row lock: event-level changes are serialised on this row.
    ``FOR NO KEY UPDATE`` (PostgreSQL), as they change no key: a sheet being written meanwhile still
    inserts its audit entry, which refers to the event, instead of waiting for us while we wait for
    it (deleting its table, say). Every caller is about to change the event (its settings, tables,
    partnerships, seatings), so the results are marked changed too (``changes.results_changed``)."""
    results_changed(event.pk)
    return Event.objects.select_for_update(no_key=True).get(pk=event.pk)


def lock_rounds(rounds) -> list[Round]:
    """Re-read these games (a ``Round`` queryset, in the order to lock them) under their row locks,
    held to the end of the transaction.

    The lock every scoresheet write and every close share: a sheet's write holds its game's lock
    (``results.services``, ``table.services``) and checks under it that the event runs and the game
    is open; finishing the event or closing a game takes the locks first, so it waits for the sheets
    being written, sees them, and records its close time only once they are in — and a sheet that
    queued behind the close finds it closed. Tables of one game already queue on its row, so this
    costs no parallelism.

    ``FOR NO KEY UPDATE`` (PostgreSQL): these writers exclude each other, while a row that merely
    refers to the game (a sheet, a seating) is still inserted without waiting for the lock."""
    return list(rounds.select_for_update(of=("self",), no_key=True))
