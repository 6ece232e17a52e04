"""Kept only while ``table`` and ``results`` still ask for themselves whether a night plays Embers
(their #28 helpers move them onto ``director.sheets.registry``): delete it then. The Embers night's
settings and their checks are the Embers kind's (``director.sheets.embers.night``)."""

from __future__ import annotations

from .models import Event


def is_embers(event: Event) -> bool:
    return event.game == Event.Game.EMBERS
