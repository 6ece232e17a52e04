"""An event whose tables play Embers Calypso (docs/variants.md, "Embers at the club"): the settings'
checks, used by ``events.services`` when a night is set up or changed.

Embers is played in the standard partnerships (majors ♠♥ v minors ♦♣) with the cards dealt at the
table, so it is a game of progressive nights (pairs or individual, in partnerships): a duplicate
event's game sets are 208-card deals, which Embers does not play. ``embers_hands`` is the most
hands a table plays in a game (agreed before the night, as the rules ask); a table that runs out of
time sends the hands it played, its calypsoes in progress scored at the end of its last.
"""

from __future__ import annotations

from director.core.errors import Conflict, ValidationError
from director.core.parsing import parse_choice, parse_int

from .models import EMBERS_TYPES, MAX_EMBERS_HANDS, Event


def clean_game_settings(values: dict) -> dict:
    """``game`` and ``embers_hands`` from ``values``, checked one by one (those present only)."""
    clean = {}
    if "game" in values:
        clean["game"] = parse_choice(values["game"] or Event.Game.CALYPSO, Event.Game, "the game", field="game")
    if values.get("embers_hands") not in (None, ""):
        clean["embers_hands"] = parse_int(
            values["embers_hands"], "the hands a game", field="embers_hands", minimum=1, maximum=MAX_EMBERS_HANDS
        )
    return clean


def check_game(event_type: str, form: str, game: str) -> None:
    """Embers only on a progressive night played in partnerships."""
    if game != Event.Game.EMBERS:
        return
    if event_type not in EMBERS_TYPES:
        raise ValidationError(
            f"Embers is played at a progressive night's tables, not at a {Event.Type(event_type).label.lower()} event",
            field="game",
        )
    if form != Event.Form.PARTNERSHIP:
        raise ValidationError("Embers is played in partnerships (♠♥ v ♦♣), not cutthroat", field="game")


def is_embers(event: Event) -> bool:
    return event.game == Event.Game.EMBERS


ODD_TABLE = (
    "Embers is played by four players in partnerships, so an Embers night cannot seat a table of three or "
    "two (a progressive individual of two, three or seven players): add or remove a player, or play Calypso"
)


def check_odd_table(game: str, where: str, *, conflict: bool = False) -> None:
    """An Embers night seats no table of three or two (``scoring.movements.odd``): its pad is the
    four players' game, and a three's sheet is not a pad. ``where``: the table and game named."""
    if game == Event.Game.EMBERS:
        raise (Conflict if conflict else ValidationError)(f"{where}: {ODD_TABLE}", field="movement")
