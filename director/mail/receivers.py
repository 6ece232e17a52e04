"""The mail app's answers to what happens below it (connected in ``apps.MailConfig.ready``)."""

from __future__ import annotations

from . import services


def send_on_release(sender, event, **kwargs) -> None:
    """The standings were just released: when the club sends on release, do what "Send now" does
    (the outbox's one row per player keeps a second release from sending anything twice)."""
    if event.club.send_results_on_release:
        services.send_results(event=event)
