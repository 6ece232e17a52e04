"""An Embers night's settings (docs/variants.md, "Embers at the club"): the game the tables play and
the most hands a game, read and checked for ``events.services``, and their boxes on the new-night page.

Embers is played in the standard partnerships (majors ♠♥ v minors ♦♣) with the cards dealt at the
table, so it is a game of progressive nights (pairs or individual, in partnerships): a duplicate
event's game sets are 208-card deals, which Embers does not play. ``embers_hands`` is the most
hands a table plays in a game (agreed before the night, as the rules ask); a table that runs out of
time sends the hands it played, its calypsoes in progress scored at the end of its last. Its pad is
the four players' game, so an Embers night seats no table of three or two (``scoring.movements.odd``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django import forms

from director.core.errors import Conflict, ValidationError
from director.core.parsing import parse_choice, parse_int
from director.events.models import EMBERS_TYPES, MAX_EMBERS_HANDS, Event
from director.events.selectors import odd_table_seated

DEFAULT_HANDS = Event._meta.get_field("embers_hands").default
WORDS = {"game": "the game", "embers_hands": "the hands a game"}
ODD_TABLE = (
    "Embers is played by four players in partnerships, so an Embers night cannot seat a table of three or "
    "two (a progressive individual of two, three or seven players): add or remove a player, or play Calypso"
)


def clean(values: Mapping) -> dict:
    """``game`` and ``embers_hands`` from ``values``, checked one by one (those present only)."""
    found = {}
    if "game" in values:
        found["game"] = parse_choice(values["game"] or Event.Game.CALYPSO, Event.Game, "the game", field="game")
    if values.get("embers_hands") not in (None, ""):
        found["embers_hands"] = parse_int(
            values["embers_hands"], "the hands a game", field="embers_hands", minimum=1, maximum=MAX_EMBERS_HANDS
        )
    return found


def odd_table_refused(where: str, *, conflict: bool = False) -> ValidationError:
    """Why an Embers night seats no table of three or two at ``where`` (the table and game named)."""
    return (Conflict if conflict else ValidationError)(f"{where}: {ODD_TABLE}", field="movement")


def check(settings: Mapping, given: Mapping, event=None) -> None:
    """Embers only on a progressive night played in partnerships, and a night already seated with a
    table of three or two does not become an Embers one."""
    if settings["game"] != Event.Game.EMBERS:
        return
    if settings["type"] not in EMBERS_TYPES:
        raise ValidationError(
            "Embers is played at a progressive night's tables, not at a "
            f"{Event.Type(settings['type']).label.lower()} event",
            field="game",
        )
    if settings["form"] != Event.Form.PARTNERSHIP:
        raise ValidationError("Embers is played in partnerships (♠♥ v ♦♣), not cutthroat", field="game")
    if event is not None and event.game != settings["game"] and event.is_individual:
        table = odd_table_seated(event)
        if table is not None:
            raise odd_table_refused(f"table {table}", conflict=True)


def fields() -> dict[str, forms.Field]:
    return {
        "game": forms.ChoiceField(
            choices=Event.Game.choices,
            initial=Event.Game.CALYPSO,
            required=False,  # not sent: Calypso
            label="Game at the tables",
            help_text="Embers: progressive nights in partnerships only; each table keeps a score pad of hands",
        ),
        "embers_hands": forms.IntegerField(
            min_value=1,
            max_value=MAX_EMBERS_HANDS,
            initial=DEFAULT_HANDS,
            required=False,
            label="Embers: most hands a game",
        ),
    }


def from_form(data: Mapping) -> dict:
    return {"game": data.get("game") or Event.Game.CALYPSO, "embers_hands": data.get("embers_hands") or DEFAULT_HANDS}
