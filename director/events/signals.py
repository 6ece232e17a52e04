"""What the events app tells the apps above it, which it may not import (the floors): a receiver
connects in its own ``AppConfig.ready``."""

from __future__ import annotations

from django.dispatch import Signal

# Sent once the transaction that switched an event's Standings from off to on has committed
# (``services.set_public_switches``); keyword ``event``. The mail app sends results on it when the
# club has chosen "send on release".
standings_released = Signal()
