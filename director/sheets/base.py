"""What every kind of table sheet offers (``SheetKind``), and the checked sheet a kind hands back
(``ScoredSheet``). A kind is a class in its own folder (``director/sheets/<name>/kind.py``), listed
once in ``registry.KINDS``; an instance is the kind bound to one event's settings and one table
(an Auction event's values, an Embers night's hands, a table of three's variant and seats).

Capabilities are attributes of the kind (``individual``, ``hands``, ``seats`` …), never flags
threaded through callers, and the engine calls are its methods: ``problems`` for a live check as
someone types, ``score`` to check and score what is stored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import ClassVar

from director.core.errors import ValidationError
from scoring import tallies
from scoring.cards import MAJOR_SUITS, SUIT_SYMBOLS, SUITS
from scoring.scores import DIRECTIONS, ScoreSheetError
from scoring.variants import table_nets

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
class EventType:
    """A type of event a kind provides (``SheetKind.event_types``; ``registry.event_types()`` lists them
    all): what ``Event.type`` stores and everything decided by it — the movement it starts with, how it
    is ranked, whether its tables seat players or partnerships, how many a table seats."""

    value: str
    """What ``Event.type`` stores (``progressive-pairs``)."""
    label: str
    """The type in the club's words (the new-night form, the pages, the API's enum)."""
    movement: str
    """Its default movement kind (``Event.MovementKind``; ``scoring.movements``' kinds)."""
    ranking: str = "tally"
    """How it is ranked when its kind of sheet imposes nothing (``standings.selectors``: ``tally``,
    ``matchpoints``, ``teams``, or a kind's own ``standings`` ranking)."""
    individual: bool = False
    """Its tables seat players one by one (a progressive individual's movement), not partnerships."""
    teams: bool = False
    """Teams of four: a team is one majors and one minors partnership."""
    fixed_directions: bool = False
    """Drawn partnerships keep one direction all session (first half majors, the rest minors)."""
    table_sizes: tuple[int, ...] = ()
    """The players a table seats when that is the type's own (three-handed Auction: ``(3,)``); ()
    leaves it to the movement (an individual: four to six, three or two only when they cannot)."""


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

    table_words: ClassVar[str] = ""
    """What a table of three or two of this kind plays, in words, when the kind says so rather than the
    table's variant (``scoring.movements.odd.NAMES``): a three-handed Auction night's tables."""

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

    # --- printing: the scoresheets document asks the kind to draw its page; the drawing is the
    # kind's own ``printed.py`` (or the one of the kind it extends), imported by name when first asked
    # as the registry imports ``kind.py``, so neither this module nor ``printing`` imports a kind's folder.
    printed_description: ClassVar[str] = ""
    """The scoresheets document of this kind on the print page, when it is not the 208-card sheet's."""

    def print_sheet(self, batch, play, options) -> None:
        """Draw one table's sheet for one game (``printing.data.Play``) on ``batch``'s page, in
        ``options``' language and paper (the scoresheets document ends the page)."""
        printed(type(self)).draw(self, batch, play, options)

    def printed_name(self, lang: str) -> str:
        """What a table of this kind plays, in the print language, where it is not what the night
        plays at every table (a table of three's variant, a Duet); "" otherwise."""
        name = getattr(printed(type(self)), "name", None)
        return name(self, lang) if name else ""

    # --- standings: what the tallies, the standings and the paper tally cards read of a kind
    standings: ClassVar[str] = ""
    """The ranking the kind imposes on its event (``director.standings.selectors.ranking_of``:
    ``cutthroat`` adds each player's own scores, ``coop`` matchpoints the tables' totals), or ""
    to rank by the event's type."""

    def tally_figures(self, sheet, *, own: bool) -> dict[str, int] | None:
        """Each seat's figure on a stored sheet of individual scores (an ``individual`` kind): the
        player's own score (``seat_scores``) when the event adds own scores (``own``), else the
        player's figure over the others at the table (``scoring.variants.table_nets``). None for a
        sheet scored by partnership (its ``Submission``'s totals are its figures) and for one that no
        longer scores as this kind (stored before the table's seating changed)."""
        try:
            seat = self.seat_scores(sheet)
        except ScoreSheetError:
            return None
        if seat is None:
            return None
        return dict(seat) if own else table_nets(seat)

    def read_figure(self, text) -> int | None:
        """One game's figure as written on a paper tally card: a net (``+120``, ``−40``, ``1,020``);
        None when blank, ``ValueError`` saying why when it is not one."""
        return parse_net(text)

    def figure_text(self, value: int) -> str:
        """A tally figure as the pages and the cards write it: a net with its sign (``+120``)."""
        return tallies.signed(value)

    def cross_check(self, cards, results, *, names, zero_sum: bool) -> list[tallies.Discrepancy]:
        """The paper tally cards checked against the sheets' ``results`` (None: against each other
        only), the zero-sum check with them when ``zero_sum`` (``scoring.tallies.cross_check``)."""
        return tallies.cross_check(cards, results, names=names, zero_sum=zero_sum)

    def templates(self, name: str) -> list[str]:
        """Template ``name`` as this kind shows it: its folder's own ``sheets/<kind>/<name>`` first,
        then those of the kinds it inherits from, then ``name`` itself (as Django's admin looks for
        a model's own template before the site's). A page renders the list, or includes it."""
        own = (f"sheets/{kind.name}/{name}" for kind in type(self).__mro__ if getattr(kind, "name", ""))
        return [*dict.fromkeys(own), name]

    # --- entry: the sheet's boxes on the phone (director.table) and the score entry page (director.results)
    # As Wagtail's blocks do, a kind reads its own boxes from a post under a prefix (``read``), puts a
    # stored sheet back in them (``values``), gives its templates what they draw (``widget``) and names
    # its templates and page scripts; the pages never ask which kind it is. The 208-card family's boxes
    # are ``director.sheets.boxes.SheetBoxes``; a pad's are in its kind's folder.
    phone_template: ClassVar[str] = "sheets/phone.html"
    """The phone's form for the sheet (``director/templates/table/entry.html`` includes it)."""
    director_template: ClassVar[str] = "sheets/director.html"
    """One table's card on the director's score entry page."""
    help_template: ClassVar[str] = "sheets/help.html"
    """How to type the event's sheets, once above the score entry page's cards."""
    sheet_template: ClassVar[str] = "sheets/sheet.html"
    """A stored sheet as the phone shows it (``sheet``, ``lines``: ``lines(sheet)``, ``seats``)."""
    compare_template: ClassVar[str] = "sheets/compare.html"
    """A phone's own typed sheet beside the one sent first (``typed``: the view and its lines)."""
    sides_template: ClassVar[str] = "sheets/_sides.html"
    """The phone's "who is entering it?" (each side as its seats; a table of three: its players)."""
    totals_template: ClassVar[str] = "sheets/_totals.html"
    """A sent (or typed) sheet's partnership totals on the phone (``scores``: majors, minors, net)."""
    scripts: ClassVar[tuple[str, ...]] = ()
    """Static paths of the kind's page scripts, loaded after the page's own (js/scores.js is every page's)."""
    shape_words: ClassVar[str] = "its sections (calypsos, unfinished, trick_piles)"
    """What the sheet's JSON object holds, for a message about a sheet sent as something else."""

    @property
    def check_name(self) -> str:
        """The sheet's check in the browser (js/scores.js ``checkSheet``) and its card's ``data-form``."""
        return self.name

    @property
    def entry_prompt(self) -> str:
        """The phone's words while the sheet is to be entered (safe text: shown as written)."""
        return "After the fourth deal, one side enters the scoresheet below"

    @property
    def side_marks(self) -> dict[str, list[tuple[str, str]]]:
        """Each side's seats on the sheet as ``(suit, symbol)``: at a table of three, only those in play."""
        return {
            d: [(s, SUIT_SYMBOLS[s]) for s in self.seats if (s in MAJOR_SUITS) == (d == "majors")] for d in DIRECTIONS
        }

    @property
    def side_labels(self) -> dict[str, str]:
        """Each side as its seats' symbols (♠♥ and ♦♣; a table of three without ♦: ♠♥ and ♣)."""
        return {side: "".join(symbol for _, symbol in marks) for side, marks in self.side_marks.items()}

    def sender(self, side: str, cell, player_id: int | None = None) -> str:
        """Who sent the stored sheet, for the phone's heading ("♠♥ sent it"): the side that sent it
        (``side``) as its seats' symbols. ``cell``: the table's seating; ``player_id``: the player
        whose code sent it, on a night of player codes (else None)."""
        return self.side_labels.get(side or "", "")

    def players(self, cell) -> dict[str, str]:
        """Who holds each of the sheet's seats in ``cell`` (``events.selectors.Cell``), by name."""
        names = {}
        for seat in self.seats:
            side = cell.majors if seat in MAJOR_SUITS else cell.minors
            player = side.seats.get(seat) if side is not None else None
            if player is not None:
                names[seat] = player.name
        return names

    def seated(self, cell) -> list[dict]:
        """The sheet's seats clockwise with their side and player ("" when nobody is seated)."""
        names = self.players(cell) if cell is not None else {}
        return [
            {
                "seat": seat,
                "symbol": SUIT_SYMBOLS[seat],
                "side": "majors" if seat in MAJOR_SUITS else "minors",
                "player": names.get(seat, ""),
            }
            for seat in self.seats
        ]

    def read(self, data, prefix: str = "") -> TypedSheet:
        """The sheet typed in the boxes of a post (``request.POST``) named under ``prefix``."""
        raise NotImplementedError

    def values(self, sheet, prefix: str = "") -> dict[str, str]:
        """A stored sheet (or one kept as typed) in its boxes: ``{box name: text}``."""
        raise NotImplementedError

    def typed(self, sheet) -> dict | None:
        """A sheet as typed (boxes or JSON) cut down to the kind's boxes as short text: safe to keep
        in a phone's session and to show again. None when it is not a sheet's shape."""
        if not isinstance(sheet, Mapping):
            return None
        return self.read(self.values(sheet)).sheet

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        """What the kind's templates draw of its boxes: each box's name and text (``values``), the
        players by seat (``players``) and the table's ``label``."""
        raise NotImplementedError

    def view(self, sheet, compare=None) -> dict:
        """A stored (or typed) sheet laid out for people, its ``template`` naming how it is drawn;
        with ``compare`` every box that differs is marked, and ``changed`` counts them."""
        raise NotImplementedError

    def lines(self, sheet):
        """A stored pad scored hand by hand for the pages (None for a sheet that is not a pad)."""
        return None

    def card_scores(self, sheet) -> list[dict]:
        """Each player's figure the score entry page shows for a stored sheet of individual scores
        (``[]`` for a sheet scored by partnership, or one that does not score as this kind)."""
        return []

    # --- events and API: the event settings a kind owns, its card and API schema, its demo night ------
    event_types: ClassVar[tuple[EventType, ...]] = ()
    """The types of event this kind provides (``registry.event_types()`` in the kinds' general-first
    order: the order the new-night form lists them in)."""
    tally_check_fields: ClassVar[dict[str, tuple[str, str]]] = {}
    """Fields the kind publishes in the API's tally check (``TallyCheckSerializer``): ``{name: (the
    ``standings.tally_check.TallyCheck`` attribute it reads, its help text)}`` — published names,
    kept for clients, not decisions."""
    api_fields: ClassVar[tuple[str, ...]] = ()
    """The ``Event`` fields this kind publishes in the API's event serializer besides its own settings
    (``event_settings``, published too): the coöperative grade bands."""
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
    def settings_saved(cls, event, before: Mapping | None) -> None:
        """After ``event`` was saved with its settings (``before``: its settings before, None for a new
        event), in the same transaction: what the kind records of them (the audit log of a director's
        override). ``night.saved`` when the module has one."""
        saved = getattr(cls.night, "saved", None) if cls.night else None
        if saved is not None:
            saved(event, before)

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


@cache
def printed(kind: type[SheetKind]):
    """The module that draws ``kind``'s printed sheet: ``printed.py`` in its folder, or in the folder
    of the kind it extends (a coöperative table prints the partnership sheet)."""
    for cls in kind.__mro__:
        if cls is SheetKind:
            break
        module = f"{cls.__module__.rpartition('.')[0]}.printed"
        if find_spec(module) is not None:
            return import_module(module)
    raise LookupError(f"no printed sheet for {kind.__name__} ({kind.__module__})")


# --- standings: a figure as typed from a paper tally card
_WHOLE_NUMBER = re.compile(r"^[+-]?\d+$")


def as_typed(text) -> str:
    """A figure typed from a card with its thousands separators, spaces and typographic minus gone
    (a whole number sent as a JSON number is read as written; anything else is not a figure)."""
    if isinstance(text, bool) or not isinstance(text, str | int | None):
        raise ValueError(f"{text!r} is not a figure from a card (send it as written, like +120)")
    text = str("" if text is None else text).strip()
    return text.replace("−", "-").replace("–", "-").replace(",", "").replace(" ", "")


def whole_number(text) -> bool:
    """``as_typed`` text is a whole number, signed or not."""
    return bool(_WHOLE_NUMBER.match(text))


def parse_net(text) -> int | None:
    """A net as written on a card: ``+120``, ``-40``, ``−40``, ``120``, ``1,020``; blank → None."""
    cleaned = as_typed(text)
    if not cleaned:
        return None
    if not whole_number(cleaned):
        raise ValueError(f"{text!r} is not a net (write it like +120 or -40)")
    return int(cleaned)


@dataclass
class TypedSheet:
    """A sheet as typed in its boxes (``SheetKind.read``): the boxes' text to show again, the sheet
    read from them, what stops it being read (an Auction pad's hand half typed, JSON that is not)
    and whether nothing was typed at all."""

    values: dict[str, str]
    sheet: object
    problems: list[str] = field(default_factory=list)
    blank: bool = False
