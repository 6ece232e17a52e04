"""An Embers night's settings (docs/variants.md, "Embers at the club"): the game the tables play, the
packs, the fire hands and the most hands a game (and the director's reason for a game shorter than
the rules' four hands), read and checked for ``events.services`` in one place —
``scoring.embers_settings.EmbersSettings.check`` — and their boxes on the new-night page.

Embers is played in the standard partnerships (majors ♠♥ v minors ♦♣) with the cards dealt at the
table, so it is a game of progressive nights (pairs or individual, in partnerships): a duplicate
event's game sets are 208-card deals, which Embers does not play. ``embers_hands`` is the most
hands a table plays in a game (agreed before the night, as the rules ask); a table that runs out of
time sends the hands it played, its calypsoes in progress scored at the end of its last. "Four is the
bare minimum, but twelve is probably a decent number", ideally even: fewer than four hands (or no
ember hand after the fire hands) is refused unless the director gives a reason (``embers_short_reason``,
audited when it is set), an odd number is only warned of (``warnings``, on the event page). Its pad is
the four players' game, so an Embers night seats no table of three or two (``scoring.movements.odd``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django import forms

from director.audit.services import record
from director.core.errors import Conflict, ValidationError
from director.core.parsing import parse_choice, parse_int
from director.events.models import EMBERS_TYPES, MAX_EMBERS_HANDS, Event
from director.events.selectors import odd_table_seated
from director.sheets import registry
from scoring.embers_settings import LEAST_PACKS, MOST_PACKS, EmbersSettings, most_fire_hands

DEFAULT_HANDS = Event._meta.get_field("embers_hands").default
DEFAULT_PACKS = Event._meta.get_field("embers_packs").default
DEFAULT_FIRE_HANDS = Event._meta.get_field("embers_fire_hands").default
MAX_REASON = Event._meta.get_field("embers_short_reason").max_length
WORDS = {
    "game": "the game",
    "embers_hands": "the hands a game",
    "embers_packs": "the packs",
    "embers_fire_hands": "the fire hands",
    "embers_short_reason": "the reason for a short Embers game",
}
SETTING_FIELDS = {"packs": "embers_packs", "fire_hands": "embers_fire_hands", "hands": "embers_hands"}
"""``EmbersSettings``' names → the ``Event`` fields that hold them (a problem names its box)."""
ODD_TABLE = (
    "Embers is played by four players in partnerships, so an Embers night cannot seat a table of three or "
    "two (a progressive individual of two, three or seven players): add or remove a player, or play Calypso"
)


def clean(values: Mapping) -> dict:
    """``game``, the hands, packs and fire hands and the reason from ``values``, each read alone
    (those present only; how they go together is ``check``'s, ``EmbersSettings.check``)."""
    found = {}
    if "game" in values:
        found["game"] = parse_choice(values["game"] or Event.Game.CALYPSO, Event.Game, "the game", field="game")
    if values.get("embers_hands") not in (None, ""):
        found["embers_hands"] = parse_int(
            values["embers_hands"], "the hands a game", field="embers_hands", minimum=1, maximum=MAX_EMBERS_HANDS
        )
    if values.get("embers_packs") not in (None, ""):
        found["embers_packs"] = parse_int(
            values["embers_packs"], "the packs", field="embers_packs", minimum=LEAST_PACKS, maximum=MOST_PACKS
        )
    if values.get("embers_fire_hands") not in (None, ""):
        found["embers_fire_hands"] = parse_int(
            values["embers_fire_hands"], "the fire hands", field="embers_fire_hands", minimum=1, maximum=MOST_PACKS - 2
        )
    if "embers_short_reason" in values:
        reason = values["embers_short_reason"]
        if reason is not None and not isinstance(reason, str):
            raise ValidationError("the reason for a short Embers game is text", field="embers_short_reason")
        reason = " ".join((reason or "").split())
        if len(reason) > MAX_REASON:
            raise ValidationError(
                f"the reason for a short Embers game is longer than {MAX_REASON} characters",
                field="embers_short_reason",
            )
        found["embers_short_reason"] = reason
    return found


def settings_of(values: Mapping) -> EmbersSettings:
    """The game's ``EmbersSettings`` from an event's fields (an ``Event``'s, or a mapping of them)."""
    read = values.get if isinstance(values, Mapping) else lambda name: getattr(values, name)
    return EmbersSettings(read("embers_packs"), read("embers_fire_hands"), read("embers_hands"))


def warnings(event) -> tuple[str, ...]:
    """What is unwise about an Embers event's settings without being refused (an odd number of hands;
    a short game the director allowed), for the event page: ``EmbersSettings.check``'s warnings."""
    if event.game != Event.Game.EMBERS:
        return ()
    return settings_of(event).check(short_allowed=bool(event.embers_short_reason)).warnings


def _field_of(problem: str) -> str:
    """The box a problem of ``EmbersSettings.check`` is about (its first word names the setting)."""
    return SETTING_FIELDS.get(problem.split(" ", 1)[0], "embers_hands")


def odd_table_refused(where: str, *, conflict: bool = False) -> ValidationError:
    """Why an Embers night seats no table of three or two at ``where`` (the table and game named)."""
    return (Conflict if conflict else ValidationError)(f"{where}: {ODD_TABLE}", field="movement")


def check(settings: Mapping, given: Mapping, event=None) -> dict:
    """Embers only on a progressive night played in partnerships, with packs, fire hands and hands
    that ``EmbersSettings.check`` passes (a short game only with the director's reason), and a night
    already seated with a table of three or two does not become an Embers one."""
    if settings["game"] != Event.Game.EMBERS:
        return {}
    if settings["type"] not in EMBERS_TYPES:
        raise ValidationError(
            "Embers is played at a progressive night's tables, not at a "
            f"{registry.event_type(settings['type']).label.lower()} event",
            field="game",
        )
    if settings["form"] != Event.Form.PARTNERSHIP:
        raise ValidationError("Embers is played in partnerships (♠♥ v ♦♣), not cutthroat", field="game")
    found = settings_of(settings).check(short_allowed=bool(settings["embers_short_reason"]))
    if found.errors:
        short = "fewer need the director's override" in found.errors[0] or "no ember hand" in found.errors[0]
        hint = " (give a reason to allow it)" if short else ""
        raise ValidationError(
            f"the Embers settings are wrong: {found.errors[0]}{hint}", field=_field_of(found.errors[0])
        )
    if event is not None and event.game != settings["game"] and event.is_individual:
        table = odd_table_seated(event)
        if table is not None:
            raise odd_table_refused(f"table {table}", conflict=True)
    return {}


def saved(event, before: Mapping | None) -> None:
    """The director's override of the four-hand minimum goes in the audit log when it is given or
    changed (``before``: the event's settings before the change, None for a new event)."""
    reason = event.embers_short_reason if event.game == Event.Game.EMBERS else ""
    earlier = (before or {}).get("embers_short_reason", "") if (before or {}).get("game") == Event.Game.EMBERS else ""
    if reason and reason != earlier:
        record(
            "events.embers_short_game",
            event=event,
            before={"embers_short_reason": earlier} if before is not None else None,
            after={"embers_hands": event.embers_hands, "embers_fire_hands": event.embers_fire_hands},
            note=reason,
        )


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
            help_text="four is the bare minimum, twelve a decent number, ideally even",
        ),
        "embers_packs": forms.IntegerField(
            min_value=LEAST_PACKS,
            max_value=MOST_PACKS,
            initial=DEFAULT_PACKS,
            required=False,
            label="Embers: packs",
            help_text=f"{LEAST_PACKS} to {MOST_PACKS} packs shuffled together",
        ),
        "embers_fire_hands": forms.IntegerField(
            min_value=1,
            max_value=most_fire_hands(MOST_PACKS),
            initial=DEFAULT_FIRE_HANDS,
            required=False,
            label="Embers: fire hands",
            help_text="played as usual before the sin-bin/green-room procedure starts: 1 to packs − 2",
        ),
        "embers_short_reason": forms.CharField(
            max_length=MAX_REASON,
            required=False,
            label="Embers: reason for fewer than four hands",
            help_text="only to play a shorter game than the rules' bare minimum (kept in the audit log)",
        ),
    }


def from_form(data: Mapping) -> dict:
    return {
        "game": data.get("game") or Event.Game.CALYPSO,
        "embers_hands": data.get("embers_hands") or DEFAULT_HANDS,
        "embers_packs": data.get("embers_packs") or DEFAULT_PACKS,
        "embers_fire_hands": data.get("embers_fire_hands") or DEFAULT_FIRE_HANDS,
        "embers_short_reason": data.get("embers_short_reason") or "",
    }
