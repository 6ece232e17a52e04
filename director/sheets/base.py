"""What every kind of table sheet offers (``SheetKind``), and the checked sheet a kind hands back
(``ScoredSheet``). A kind is a class in its own folder (``director/sheets/<name>/kind.py``), listed
once in ``registry.KINDS``; an instance is the kind bound to one event's settings and one table
(an Auction event's values, an Embers night's hands, a table of three's variant and seats).

Capabilities are attributes of the kind (``individual``, ``hands``, ``seats`` …), never flags
threaded through callers, and the engine calls are its methods: ``problems`` for a live check as
someone types, ``score`` to check and score what is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

from director.core.errors import ValidationError
from scoring.cards import SUITS
from scoring.scores import ScoreSheetError

MAX_PROBLEMS = 20
"""At most this many problems are listed for one sheet (a pad lists them hand by hand)."""


def refused(error: ScoreSheetError) -> ValidationError:
    """A 208-card (or three's) sheet the engine refused, as the pages and the API report it."""
    return ValidationError(f"the scoresheet is wrong: {error}", field="sheet", problems=error.problems)


@dataclass(frozen=True)
class ScoredSheet:
    """A checked scoresheet in canonical JSON with its scores (what a ``Submission`` row stores):
    the partnerships' totals, or 0 and 0 for a sheet of individual scores (cutthroat, a three)."""

    sheet: dict
    majors: int
    minors: int

    @property
    def net(self) -> int:
        return self.majors - self.minors


@dataclass(frozen=True)
class SheetKind:
    """One kind of table sheet, bound to an event (and a table). Subclasses set the class
    attributes and implement ``for_table``, ``problems`` and ``score``."""

    name: ClassVar[str] = ""
    """The registry's key and the name pages and the API use (``partnership``, ``auction`` …)."""
    label: ClassVar[str] = ""
    """The kind in the club's words (``Calypso by partnership``)."""
    individual: ClassVar[bool] = False
    """A trick pile and a score per player, no partnership totals (cutthroat, a table of three)."""
    pad: ClassVar[bool] = False
    """A score pad of hands (Auction, Embers) rather than one 208-card sheet a game."""

    @classmethod
    def for_table(cls, event, variant: str | None, seats: str) -> SheetKind | None:
        """This kind bound to ``event``'s table whose seating plays ``variant`` in ``seats`` (a
        table of three or two: ``scoring.movements.odd``), or None when the table plays another."""
        raise NotImplementedError

    @property
    def seats(self) -> str:
        """The seats that have boxes on the sheet, clockwise from ♠."""
        return SUITS

    @property
    def hands(self) -> int:
        """The most hands a pad holds (0 for a sheet that is not a pad)."""
        return 0

    @property
    def variant(self) -> str:
        """A club night's table of three: what it plays (``three-handed``, ``split`` …); else ""."""
        return ""

    @property
    def tag(self) -> str:
        """The sheet's ``form`` as the page script sends it ("" for a partnership sheet)."""
        return ""

    def problems(self, data) -> list[str]:
        """Every problem of a (possibly half-typed) sheet, for a live check as someone types."""
        raise NotImplementedError

    def score(self, data) -> ScoredSheet:
        """Check and score a sheet: ``ValidationError`` listing every problem, nothing else done."""
        raise NotImplementedError

    def seat_scores(self, data) -> dict[str, int] | None:
        """Each seat's own score of a checked sheet of individual scores; None for a sheet scored
        by partnership (its ``ScoredSheet`` totals say it all)."""
        return None

    # --- events and API: the event settings a kind owns, its card and API schema, its demo night ------
    night: ClassVar[ModuleType | None] = None
    """The module of the event settings this kind owns (its folder's ``night.py``), or None. It holds
    ``WORDS`` (the ``Event`` fields, in words: fixed once the event has started), ``clean(values)``
    (those among ``values``, each read and checked alone), ``check(settings, given, event)`` (refuse
    what the kind cannot be played with; its settings to store besides those given), ``fields()``
    (the new-night form's boxes) and ``from_form(data)`` (their values as ``events.services`` takes
    them): what the class methods below answer."""
    setup_template: ClassVar[str] = ""
    """A block of its own on the new-night page for its boxes (``setting_fields``); "" puts them
    among the event's other boxes."""
    event_template: ClassVar[str] = ""
    """Its card on the event page (filled by ``event_context``); "" for none."""
    api_schema: ClassVar[dict] = {}
    """What its sheet adds to the API's JSON schema of a sheet (``director.api.fields`` merges them)."""
    no_game_sets: ClassVar[str] = ""
    """Why its events have no game sets (208-card deals to generate, import or record), said after
    the event's name; "" when they may have them."""
    checked_alone: ClassVar[bool] = False
    """The API's sheet check reads a sheet of this kind named by ``name`` alone (no event, no table)."""
    demo_night: ClassVar[dict] = {}
    """A night of its own in ``manage.py demo``: ``create_event``'s settings and ``players`` (how many
    play); {} for none."""

    @classmethod
    def event_settings(cls) -> dict[str, str]:
        """The ``Event`` fields this kind owns, in words (``{"embers_hands": "the hands a game"}``)."""
        return dict(cls.night.WORDS) if cls.night else {}

    @classmethod
    def clean_settings(cls, values: Mapping) -> dict:
        """Its own settings among ``values`` (an event being set up or changed), each read and checked
        alone (``ValidationError`` naming the field); those absent are left out."""
        return cls.night.clean(values) if cls.night else {}

    @classmethod
    def check_settings(cls, settings: Mapping, given: Mapping, event=None) -> dict:
        """Refuse what it cannot be played with: ``settings`` are the event's as they will be (what is
        ``given`` over what ``event`` — None while it is set up — stores). Returns its settings to
        store besides those given (an Auction event's filled in)."""
        return (cls.night.check(settings, given, event) or {}) if cls.night else {}

    @classmethod
    def check_table(cls, variant: str | None, where: str, *, conflict: bool = False) -> None:
        """Refuse (``ValidationError``, or ``Conflict``) a table of three or two (``variant``, from
        ``scoring.movements.odd``) seated at ``where`` on a night of this kind: nothing by default."""

    @classmethod
    def setting_fields(cls) -> dict:
        """The new-night form's boxes for its settings (Django form fields by name, in order)."""
        return cls.night.fields() if cls.night else {}

    @classmethod
    def settings_from_form(cls, data: Mapping) -> dict:
        """Its boxes' cleaned values as ``events.services`` takes them."""
        return cls.night.from_form(data) if cls.night else {}

    @property
    def summary(self) -> str:
        """What the event page says of the night's sheets after its type ("" when nothing)."""
        return ""

    def event_context(self, event, form=None) -> dict:
        """The context of ``event_template`` (``form``: its settings form as posted)."""
        return {}

    def settings_form(self, data=None):
        """The form that changes its settings on the event page (None when it has none)."""
        return None

    def movement_figure(self, sheet, net: int):
        """What a progressive individual's movement reads of this table's confirmed sheet to seat the
        next game (``movements.selectors.pending_results``): its net, majors' less minors'."""
        return net

    def demo_sheet(self, rng, game: int, table: int) -> dict:
        """A plausible sheet of this kind for the demo's table ``table`` in game ``game``."""
        raise NotImplementedError
