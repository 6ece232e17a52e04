"""Marking an event's results changed: every write that changes what the results pages show adds a
``ResultsChange`` row, which moves the event's results version (``selectors.results_version``), so
the cached standings are computed afresh.

A module of its own, below ``locks`` and ``services``: taking the event's row lock marks the results
changed (``locks.locked_event``), and the other apps' writes reach it through ``events.services``.
"""

from __future__ import annotations

from .models import Event, ResultsChange


def results_changed(event_id: int) -> None:
    """Something the results pages show has changed for the event: move its results version
    (``selectors.results_version``), so the cached standings are computed afresh. Called inside
    the write's transaction, so the new version and the write commit (or roll back) together; a
    reader that saw the old version may cache what it computed under that old version, which no
    later reader asks for. An insert: it takes no lock another write waits for."""
    ResultsChange.objects.create(event_id=event_id)


def player_changed(player) -> None:
    """A player's name shows on the results of every event of the club that seats them: mark those
    changed (``Player`` saves call this; ``apps`` connects it)."""
    ids = Event.objects.filter(club_id=player.club_id).values_list("pk", flat=True)
    ResultsChange.objects.bulk_create([ResultsChange(event_id=pk) for pk in ids])
