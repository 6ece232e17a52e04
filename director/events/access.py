"""Which events a user may see and change: those of the clubs they direct (``clubs.access``).

Here, not in ``clubs.access``, because clubs stand below events: an event belongs to a club, and a
club knows nothing of events.
"""

from __future__ import annotations

from director.clubs.access import clubs_for
from director.core.errors import NotFound

from .models import Event


def event_for(user, event_id: int) -> Event:
    """The event ``event_id`` if it belongs to one of ``user``'s clubs, else ``NotFound`` (a 404,
    so another club's event looks like one that does not exist)."""
    event = Event.objects.select_related("club", "season").filter(pk=event_id, club__in=clubs_for(user)).first()
    if event is None:
        raise NotFound(f"no event {event_id} among your clubs' events")
    return event
