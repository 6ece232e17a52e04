"""Serializers: output shapes (read-only, from rows the selectors fetched) and input shapes.

Input serializers check *shape* only (types, lengths, ranges of ids); the rules of the domain —
a duplicate number, an unknown player, a sheet that does not add up to 208 — are the services'
to enforce, and their messages reach the client through ``director.api.errors``.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from director.audit.models import AuditEntry
from director.audit.sentences import read as read_entry
from director.audit.services import describe
from director.clubs.models import Club, ClubDirector, Player, Season
from director.deals import selectors as deal_selectors
from director.deals.models import GameSet, GameSetFile
from director.deals.services import MAX_SETS
from director.events.lineup import MAX_TABLES
from director.events.models import MAX_EMBERS_HANDS, Event, Partnership, Round, Table, Team
from director.events.services import MAX_GAME_MINUTES, MAX_GAMES
from director.printing.models import PrintJob
from director.results.models import Submission
from director.standings.models import DIRECTIONS as ARTIFICIAL_DIRECTIONS
from director.standings.models import ArtificialScore, FouledSet
from scoring import scores
from scoring.cards import SUITS

# Primary keys are 64-bit; anything larger is refused as shape before it reaches the database.
MAX_ID = 2**62


class WholeNumber(serializers.IntegerField):
    """An integer sent as a JSON number. Text (``"3"``), ``true`` and fractions (``3.0``) are
    refused, as in a scoresheet: the API takes JSON, so a number that arrives as text is a
    client's mistake to report, not to guess at."""

    default_error_messages = {"invalid": "A valid integer is required (a JSON number such as 3), not {value}."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid", value=_shown(data))
        return super().to_internal_value(data)


def _shown(value) -> str:
    """A refused value as the client sent it, cut short: ``'3' (text)``, ``3.5``, ``true``."""
    if isinstance(value, str):
        text = value if len(value) <= 20 else value[:20] + "…"
        return f"{text!r} (text)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    text = repr(value)
    return text if len(text) <= 20 else text[:20] + "…"


class Text(serializers.CharField):
    """Text sent as a JSON string. A number, object or list is refused, not turned into text
    (DRF's ``CharField`` would store ``12345`` as ``"12345"``)."""

    default_error_messages = {"not_text": "must be text (a JSON string), not {value}."}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text", value=_shown(data))
        return super().to_internal_value(data)


def Id(**kwargs) -> serializers.IntegerField:
    return WholeNumber(min_value=1, max_value=MAX_ID, **kwargs)


SEATS = tuple(SUITS)  # a sheet's seats, in suit order
_RANGES = ", ".join(f"{key.replace('_', ' ')} 0–{most}" for key, (most, _) in scores.count_ranges().items())
_COUNTS = {"type": "object", "properties": {s: {"type": "integer", "minimum": 0} for s in SEATS}}
SHEET_SCHEMA = {
    "type": "object",
    "description": "A scoresheet: counts per seat after the fourth deal (RULES.md §5). "
    "Cards must add up to 208: 13 × calypsos + unfinished + both trick piles. "
    f"Every count is a JSON whole number (not text): {_RANGES} (three-handed cutthroat: fewer). "
    'A cutthroat event\'s sheet has a trick pile per seat (`{"S": 30, "H": 30, "D": 40, "C": 45}`) '
    "and, played three-handed, names three seats (117 cards).",
    "properties": {
        "form": {"type": "string", "enum": ["partnership", "cutthroat"], "description": "optional"},
        "calypsos": _COUNTS,
        "unfinished": _COUNTS,
        "trick_piles": {
            "type": "object",
            "description": "`majors` and `minors`; cutthroat: one per seat",
            "properties": {
                "majors": {"type": "integer", "minimum": 0},
                "minors": {"type": "integer", "minimum": 0},
                **{seat: {"type": "integer", "minimum": 0} for seat in SEATS},
            },
        },
        "revokes": _COUNTS,
    },
    "required": ["calypsos", "unfinished", "trick_piles"],
    "example": {
        "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
        "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
        "trick_piles": {"majors": 60, "minors": 85},
        "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
    },
}
_HAND = {"type": "array", "items": {"type": "string", "example": "AS"}, "description": "canonical cards"}
DEALS_SCHEMA = {
    "type": "array",
    "description": "Deals 1–4, each mapping a seat (S, H, D, C) to its 13 cards.",
    "items": {"type": "object", "properties": {s: _HAND for s in SEATS}},
}


SHEET_WRONG = "the scoresheet is wrong: "
"""How every message about a sheet begins (``director.results.adapters`` phrases the rest so)."""


def sheet_type_problems(data) -> list[str]:
    """Counts that are not JSON whole numbers, one phrase each naming the count.

    The API takes JSON, so ``"3"`` (text), ``3.0`` and ``true`` are a client's mistake to report
    (a form's digits are text, and ``scoring.scores`` reads them). Only the values present are
    looked at; their ranges, a missing or unknown seat and the arithmetic are ``scoring.scores``'s
    to report, with every problem it finds (``count_ranges``)."""
    problems = []
    for key in scores.count_ranges():
        counts = data.get(key)
        if not isinstance(counts, dict):
            continue
        for name, value in counts.items():
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(f"{key}.{name} must be a whole number (a JSON number such as 3), not {_shown(value)}")
    return problems


@extend_schema_field(SHEET_SCHEMA)
class SheetField(serializers.DictField):
    """A scoresheet object. Its counts must be JSON whole numbers (checked here); their ranges and
    the rest are ``scoring.scores``'s to check, in the service."""

    default_error_messages = {
        "not_a_dict": SHEET_WRONG + "it must be a JSON object with calypsos, unfinished and trick_piles, "
        "not {input_type}."
    }

    def __init__(self, *, check_counts: bool = True, **kwargs):
        self.check_counts = check_counts  # the check endpoint lists these problems instead
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        problems = sheet_type_problems(data) if self.check_counts else []
        if problems:
            raise serializers.ValidationError([SHEET_WRONG + problem for problem in problems])
        return super().to_internal_value(data)


DEALER_CHOICES = GameSet._meta.get_field("first_dealer").choices
ORIENTATION_CHOICES = GameSet._meta.get_field("orientation").choices


def SeatField(**kwargs) -> serializers.RegexField:
    """A seat named by its suit. A pattern, not an enum: the schema's enum of these letters is
    ``first_dealer``'s, and one choice set may carry only one name."""
    return serializers.RegexField(
        r"^[SHDC]$", error_messages={"invalid": "the seat must be S, H, D or C"}, help_text="S, H, D or C", **kwargs
    )


@extend_schema_field(DEALS_SCHEMA)
class DealsField(serializers.JSONField):
    pass


# --- auth -----------------------------------------------------------------------------------------
class TokenRequestSerializer(serializers.Serializer):
    username = Text(max_length=150)
    password = Text(max_length=256, style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(read_only=True)


# --- clubs ----------------------------------------------------------------------------------------
class ClubSerializer(serializers.ModelSerializer):
    player_count = serializers.IntegerField(read_only=True)
    event_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "created_at", "player_count", "event_count"]


class ClubCreateSerializer(serializers.Serializer):
    name = Text(max_length=120)
    slug = serializers.SlugField(max_length=60, required=False, allow_blank=True, default="")


class DirectorSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = ClubDirector
        fields = ["id", "username", "role", "created_at"]


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "club", "name", "external_id", "active", "created_at"]
        read_only_fields = fields


class PlayerCreateSerializer(serializers.Serializer):
    club = Id()
    name = Text(max_length=120)
    external_id = Text(max_length=60, required=False, allow_blank=True, default="")


class PlayerUpdateSerializer(serializers.Serializer):
    name = Text(max_length=120, required=False)
    external_id = Text(max_length=60, required=False, allow_blank=True)
    active = serializers.BooleanField(required=False)


class PlayerImportSerializer(serializers.Serializer):
    club = Id()
    csv = Text(max_length=1_000_000, help_text="CSV text: a `name` column and an optional `external_id` column")


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "club", "name", "starts_on", "ends_on"]
        read_only_fields = fields


class SeasonCreateSerializer(serializers.Serializer):
    club = Id()
    name = Text(max_length=120)
    starts_on = serializers.DateField(required=False, allow_null=True, default=None)
    ends_on = serializers.DateField(required=False, allow_null=True, default=None)


# --- events ---------------------------------------------------------------------------------------
SWITCHES = ("standings_released", "scorecards_released", "travellers_released")


class EventSerializer(serializers.ModelSerializer):
    table_count = serializers.IntegerField(read_only=True, required=False)
    removed_suit = serializers.CharField(read_only=True, help_text="the suit out of a three-handed table's packs")

    class Meta:
        model = Event
        fields = [
            "id",
            "club",
            "season",
            "date",
            "name",
            "type",
            "rules_variant",
            "form",
            "games",
            "matchpoint_scale",
            "movement_kind",
            "individual_movement",
            "three_table",
            "removed_suit",
            "game_length_minutes",
            "game",
            "embers_hands",
            "coop_bands",
            "status",
            "standings_released",
            "scorecards_released",
            "travellers_released",
            "hands_released",
            "table_count",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class _EventSettings(serializers.Serializer):
    name = Text(max_length=160)
    date = serializers.DateField()
    type = serializers.ChoiceField(choices=Event.Type.choices)
    rules_variant = serializers.ChoiceField(choices=Event.RulesVariant.choices)
    form = serializers.ChoiceField(choices=Event.Form.choices)
    games = WholeNumber(min_value=1, max_value=MAX_GAMES)
    matchpoint_scale = serializers.ChoiceField(choices=Event.Scale.choices)
    movement_kind = serializers.ChoiceField(choices=Event.MovementKind.choices)
    individual_movement = serializers.ChoiceField(choices=Event.IndividualMovement.choices)
    three_table = serializers.ChoiceField(
        choices=Event.ThreeTable.choices, help_text="progressive individual: what a table of three plays"
    )
    # text rather than an enum: the suits' enum is the first dealer's (the service names a bad one)
    removed_suit = Text(max_length=1, help_text="three-handed or split: the suit out of the three packs (S, H, D, C)")
    game_length_minutes = WholeNumber(min_value=1, max_value=MAX_GAME_MINUTES)
    season = Id(allow_null=True)
    game = serializers.ChoiceField(choices=Event.Game.choices, help_text="what the tables play (Embers: progressive)")
    embers_hands = WholeNumber(min_value=1, max_value=MAX_EMBERS_HANDS, help_text="Embers: the most hands a game")


class EventCreateSerializer(_EventSettings):
    club = Id()
    tables = WholeNumber(min_value=0, max_value=MAX_TABLES, required=False, default=0)
    idempotency_key = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text="a retried request with the same key returns the event the first one created (200)",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, settings_field in self.fields.items():
            if name not in ("club", "name", "date", "tables"):  # every other setting has a default
                settings_field.required = False


class EventUpdateSerializer(_EventSettings):
    standings_released = serializers.BooleanField()
    scorecards_released = serializers.BooleanField()
    travellers_released = serializers.BooleanField()

    def __init__(self, *args, **kwargs):
        kwargs["partial"] = True
        super().__init__(*args, **kwargs)


class TableCountSerializer(serializers.Serializer):
    count = WholeNumber(min_value=0, max_value=MAX_TABLES)


class DrawSerializer(serializers.Serializer):
    players = serializers.ListField(child=Id(), min_length=1, max_length=2000)
    seed = WholeNumber(required=False, allow_null=True, default=None, min_value=0, max_value=MAX_ID)
    fix_directions = serializers.BooleanField(required=False, allow_null=True, default=None)


class FinishSerializer(serializers.Serializer):
    force = serializers.BooleanField(
        default=False, help_text="finish although results are unfinished (games without results, open disputes)"
    )


class StartSerializer(serializers.Serializer):
    force = serializers.BooleanField(
        default=False, help_text="start a duplicate event although it has no game sets (dealt at the tables)"
    )


class ReleaseHandsSerializer(serializers.Serializer):
    released = serializers.BooleanField(default=True)


class TableSerializer(serializers.ModelSerializer):
    class Meta:
        model = Table
        fields = ["id", "event", "number", "token", "token_issued_at"]
        read_only_fields = fields


class TableCreateSerializer(serializers.Serializer):
    event = Id()
    number = WholeNumber(required=False, allow_null=True, default=None, help_text="default: the next free number")


class RoundSerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ["id", "event", "number", "status", "started_at", "closed_at"]
        read_only_fields = fields


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.id", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)
    position = serializers.IntegerField(read_only=True)


class PartnershipSerializer(serializers.ModelSerializer):
    players = MemberSerializer(source="members", many=True, read_only=True)
    team_name = serializers.CharField(source="team.name", read_only=True, allow_null=True, default=None)

    class Meta:
        model = Partnership
        fields = ["id", "event", "number", "direction", "team", "team_name", "players"]
        read_only_fields = fields


class PartnershipCreateSerializer(serializers.Serializer):
    event = Id()
    players = serializers.ListField(child=Id(), min_length=1, max_length=10, help_text="player ids in seat order")
    number = WholeNumber(required=False, allow_null=True, default=None)
    direction = serializers.ChoiceField(choices=Partnership.Direction.choices, required=False, allow_blank=True)
    team = Id(required=False, allow_null=True, default=None)


class PartnershipUpdateSerializer(serializers.Serializer):
    players = serializers.ListField(child=Id(), min_length=1, max_length=10, help_text="player ids in seat order")


class TeamPartnershipSerializer(serializers.ModelSerializer):
    class Meta:
        model = Partnership
        fields = ["id", "number", "direction"]
        read_only_fields = fields


class TeamSerializer(serializers.ModelSerializer):
    partnerships = TeamPartnershipSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "event", "number", "name", "partnerships"]
        read_only_fields = fields


class TeamCreateSerializer(serializers.Serializer):
    event = Id()
    name = Text(max_length=120, help_text="unique in the event")
    partnerships = serializers.ListField(
        child=Id(), max_length=50, required=False, default=list, help_text="ids of the event's partnerships"
    )
    number = WholeNumber(required=False, allow_null=True, default=None, help_text="default: the next free number")


class GridSeatSerializer(serializers.Serializer):
    """One seat of a side: ``(suit, Player)`` from ``SideView.seats``."""

    seat = serializers.CharField(read_only=True, help_text="S, H, D or C (the first deal's seat for a side of three)")
    player = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)

    def to_representation(self, instance):
        suit, player = instance
        return {"seat": suit, "player": player.pk, "name": player.name}


class GridSideSerializer(serializers.Serializer):
    """``events.selectors.SideView``."""

    partnership = serializers.IntegerField(
        source="partnership.number", read_only=True, allow_null=True, help_text="partnership number"
    )
    seats = serializers.SerializerMethodField()
    sit_out_order = serializers.ListField(child=serializers.IntegerField(), read_only=True)

    @extend_schema_field(GridSeatSerializer(many=True))
    def get_seats(self, side) -> list:
        return GridSeatSerializer(list(side.seats.items()), many=True).data


class GridCellSerializer(serializers.Serializer):
    """``events.selectors.Cell``."""

    round = serializers.IntegerField(source="round.number", read_only=True, help_text="game number")
    table = serializers.IntegerField(source="table.number", read_only=True, help_text="table number")
    game_set = serializers.IntegerField(read_only=True, allow_null=True)
    status = serializers.CharField(read_only=True, help_text="missing, submitted, disputed, confirmed or empty")
    result = serializers.IntegerField(
        source="result.pk", read_only=True, allow_null=True, help_text="the live submission's id"
    )
    majors = GridSideSerializer(read_only=True, allow_null=True)
    minors = GridSideSerializer(read_only=True, allow_null=True)


class GridRoundSerializer(serializers.Serializer):
    """A ``Round`` of the grid, with who sits out (``Grid.sitting_out``, given as context)."""

    id = serializers.IntegerField(read_only=True)
    number = serializers.IntegerField(read_only=True)
    status = serializers.CharField(read_only=True)
    sitting_out_partnerships = serializers.SerializerMethodField()
    sitting_out_players = serializers.SerializerMethodField()

    def _out(self, round_) -> list:
        return self.context["sitting_out"].get(round_.number, [])

    def get_sitting_out_partnerships(self, round_) -> list[int]:
        return [x.number for x in self._out(round_) if isinstance(x, Partnership)]

    def get_sitting_out_players(self, round_) -> list[int]:
        return [x.pk for x in self._out(round_) if isinstance(x, Player)]


class GridSerializer(serializers.Serializer):
    """``events.selectors.Grid``: who sits where in every game, which set they play, and each
    result's status. The one place the grid becomes JSON."""

    rounds = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()
    cells = serializers.SerializerMethodField()

    @extend_schema_field(GridRoundSerializer(many=True))
    def get_rounds(self, grid) -> list:
        return GridRoundSerializer(grid.rounds, many=True, context={"sitting_out": grid.sitting_out}).data

    def get_tables(self, grid) -> list[int]:
        return [t.number for t in grid.tables]

    @extend_schema_field(GridCellSerializer(many=True))
    def get_cells(self, grid) -> list:
        return GridCellSerializer([cell for _, cell in sorted(grid.cells.items())], many=True).data


# --- game sets ------------------------------------------------------------------------------------
class GameSetSerializer(serializers.ModelSerializer):
    """A game set with its hands. Only ever served to the directors of the event's club."""

    deals = DealsField(read_only=True)

    class Meta:
        model = GameSet
        fields = ["id", "event", "number", "first_dealer", "orientation", "complete", "deals", "updated_at"]
        read_only_fields = fields


class GameSetOptionsSerializer(serializers.Serializer):
    first_dealer = serializers.ChoiceField(choices=DEALER_CHOICES, required=False)
    orientation = serializers.ChoiceField(choices=ORIENTATION_CHOICES, required=False)


class GameSetFileSerializer(serializers.ModelSerializer):
    """Where the event's game sets came from. ``seed`` stays empty until it is revealed."""

    seed = serializers.CharField(source="public_seed", read_only=True)
    commitment = serializers.SerializerMethodField(
        help_text="the SHA-256 commitment to announce; empty until it is final (every set the seating plays "
        "exists and is complete)"
    )
    missing_sets = serializers.SerializerMethodField(help_text="sets the seating plays that do not exist yet")
    incomplete_sets = serializers.SerializerMethodField(help_text="sets still being recorded")

    def _state(self, set_file: GameSetFile):
        cache = self.context.setdefault("_commitment_state", {})
        if set_file.pk not in cache:
            cache[set_file.pk] = deal_selectors.commitment_state(set_file.event, set_file=set_file)
        return cache[set_file.pk]

    def get_commitment(self, set_file: GameSetFile) -> str:
        return self._state(set_file).value

    def get_missing_sets(self, set_file: GameSetFile) -> list[int]:
        return list(self._state(set_file).missing)

    def get_incomplete_sets(self, set_file: GameSetFile) -> list[int]:
        return list(self._state(set_file).incomplete)

    class Meta:
        model = GameSetFile
        fields = [
            "event",
            "source",
            "commitment",
            "missing_sets",
            "incomplete_sets",
            "seed",
            "seed_revealed",
            "released",
            "file_name",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class GenerateSerializer(serializers.Serializer):
    event = Id()
    count = WholeNumber(required=False, allow_null=True, default=None, help_text="default: one per game")
    first_dealer = serializers.ChoiceField(choices=DEALER_CHOICES, default="S")
    orientation = serializers.ChoiceField(choices=ORIENTATION_CHOICES, default="SDHC")
    replace = serializers.BooleanField(default=False)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "object", "description": "a calypso-gamesets/1 document"},
            {"type": "string", "description": "the same document as JSON text"},
        ]
    }
)
class GameSetDocumentField(serializers.JSONField):
    pass


class ImportSerializer(serializers.Serializer):
    event = Id()
    file = GameSetDocumentField(help_text="a `calypso-gamesets/1` document (object, or its JSON text)")
    file_name = Text(max_length=200, required=False, allow_blank=True, default="")
    replace = serializers.BooleanField(default=False)

    def validate_file(self, value):
        if isinstance(value, str):
            if len(value) > 5_000_000:
                raise serializers.ValidationError("the file is larger than 5 MB")
            return value
        if not isinstance(value, dict):
            raise serializers.ValidationError("a game-set file is a JSON object (or its text)")
        return value


class RecordHandSerializer(serializers.Serializer):
    event = Id()
    number = WholeNumber(min_value=1, max_value=MAX_SETS, help_text="the game set's number")
    deal = WholeNumber(min_value=1, max_value=4)
    seat = SeatField()
    text = Text(max_length=400, allow_blank=True, help_text="suit-grouped, e.g. `S AKQ72 H 9 D 5 C T8`; empty clears")


class RecordingStateSerializer(serializers.Serializer):
    game_set = GameSetSerializer(read_only=True)
    remaining = serializers.CharField(read_only=True, help_text="what is left of the 208 cards, suit-grouped")
    remaining_count = serializers.IntegerField(read_only=True)
    incomplete = serializers.ListField(child=serializers.CharField(), read_only=True)
    problems = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), read_only=True)
    can_fill_last = serializers.BooleanField(read_only=True)


# --- results --------------------------------------------------------------------------------------
class SubmissionSerializer(serializers.ModelSerializer):
    sheet = SheetField(read_only=True)
    event = serializers.IntegerField(source="round.event_id", read_only=True)
    round_number = serializers.IntegerField(source="round.number", read_only=True)
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    submitted_by = serializers.CharField(
        source="submitted_by_user.username", read_only=True, allow_null=True, default=None
    )
    status_changed_by = serializers.CharField(
        source="status_changed_by.username", read_only=True, allow_null=True, default=None
    )

    class Meta:
        model = Submission
        fields = [
            "id",
            "event",
            "table",
            "table_number",
            "round",
            "round_number",
            "version",
            "status",
            "source",
            "sheet",
            "majors",
            "minors",
            "net",
            "submitted_by",
            "submitted_by_table",
            "submitted_at",
            "note",
            "status_note",
            "status_changed_at",
            "status_changed_by",
        ]
        read_only_fields = fields


class SubmissionCreateSerializer(serializers.Serializer):
    table = Id()
    round = Id()
    sheet = SheetField()
    confirm = serializers.BooleanField(default=True, help_text="make it the confirmed sheet (default)")
    idempotency_key = Text(
        max_length=80, required=False, allow_blank=True, default="", help_text="a retried request returns the first"
    )
    note = Text(max_length=2000, required=False, allow_blank=True, default="")


class NoteSerializer(serializers.Serializer):
    note = Text(max_length=2000, required=False, allow_blank=True, default="")


class WithdrawSerializer(serializers.Serializer):
    table = Id()
    round = Id()
    note = Text(max_length=2000, required=False, allow_blank=True, default="")


class WithdrawnSerializer(serializers.Serializer):
    withdrawn = serializers.IntegerField(read_only=True, help_text="how many live versions were superseded")


class SheetCheckSerializer(serializers.Serializer):
    sheet = SheetField(check_counts=False)
    form = serializers.ChoiceField(choices=Event.Form.choices, default=Event.Form.PARTNERSHIP)


class SheetCheckResultSerializer(serializers.Serializer):
    ok = serializers.BooleanField(read_only=True)
    problems = serializers.ListField(child=serializers.CharField(), read_only=True)
    majors = serializers.IntegerField(read_only=True, allow_null=True)
    minors = serializers.IntegerField(read_only=True, allow_null=True)
    net = serializers.IntegerField(read_only=True, allow_null=True)
    scores = serializers.DictField(
        child=serializers.IntegerField(),
        read_only=True,
        allow_null=True,
        help_text="cutthroat: each seat's score (null otherwise)",
    )


class ErrorSerializer(serializers.Serializer):
    """``{"detail": "..."}`` or ``{"<field>": ["message", ...]}``."""

    detail = serializers.CharField(required=False)


# --- adjustments ----------------------------------------------------------------------------------
class _AdjustmentSerializer(serializers.ModelSerializer):
    created_by = serializers.CharField(source="created_by.username", read_only=True, allow_null=True, default=None)
    withdrawn_by = serializers.CharField(source="withdrawn_by.username", read_only=True, allow_null=True, default=None)
    live = serializers.SerializerMethodField(help_text="not withdrawn")

    def get_live(self, adjustment) -> bool:
        return adjustment.withdrawn_at is None


ADJUSTMENT_FIELDS = ["reason", "created_by", "created_at", "live", "withdrawn_at", "withdrawn_by", "withdrawn_reason"]


class ArtificialScoreSerializer(_AdjustmentSerializer):
    game = serializers.IntegerField(source="round.number", read_only=True, help_text="game number")
    table = serializers.IntegerField(source="table.number", read_only=True, help_text="table number")

    class Meta:
        model = ArtificialScore
        fields = ["id", "event", "game", "table", "direction", "code", *ADJUSTMENT_FIELDS]
        read_only_fields = fields


class ArtificialScoreCreateSerializer(serializers.Serializer):
    event = Id()
    game = WholeNumber(min_value=1, max_value=MAX_ID, help_text="game number")
    table = WholeNumber(min_value=1, max_value=MAX_ID, help_text="table number")
    direction = serializers.ChoiceField(choices=ARTIFICIAL_DIRECTIONS)
    code = Text(max_length=4, help_text="A, A+ or A-")
    reason = Text(max_length=2000, help_text="logged and shown")


class WithdrawAdjustmentSerializer(serializers.Serializer):
    reason = Text(max_length=2000, required=False, allow_blank=True, default="")


class FouledSetSerializer(_AdjustmentSerializer):
    game_set = serializers.IntegerField(source="game_set_number", read_only=True)
    groups = serializers.JSONField(read_only=True, help_text="groups of [game, table] that played one version")

    class Meta:
        model = FouledSet
        fields = ["id", "event", "game_set", "groups", *ADJUSTMENT_FIELDS]
        read_only_fields = fields


class FouledSetCreateSerializer(serializers.Serializer):
    event = Id()
    game_set = WholeNumber(min_value=1, max_value=MAX_ID)
    groups = serializers.ListField(
        child=serializers.ListField(
            child=serializers.ListField(child=WholeNumber(min_value=1, max_value=MAX_ID), min_length=2, max_length=2),
            max_length=500,
        ),
        max_length=100,
        help_text="every play of the set, as [game, table], split into the groups that played one version",
    )
    reason = Text(max_length=2000)


# --- tally cards ----------------------------------------------------------------------------------
@extend_schema_field({"oneOf": [{"type": "string", "example": "+120"}, {"type": "integer"}], "nullable": True})
class Figure(serializers.Field):
    """A figure as written on a card: text (``"+120"``, ``"1,250"``) or a JSON whole number; the
    tally service reads it."""

    default_error_messages = {"not_figure": "must be a figure as written (text or a whole number), not {value}."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("not_figure", value=_shown(data))
        if isinstance(data, str) and len(data) > 20:
            raise serializers.ValidationError("a figure is at most 20 characters")
        return data

    def to_representation(self, value):
        return value


class TallyCardSerializer(serializers.Serializer):
    games = serializers.DictField(child=Figure(allow_null=True), required=False, help_text="game number → figure")
    total = Figure(required=False, allow_null=True, help_text="the card's total, if written")


class TallyCheckRequestSerializer(serializers.Serializer):
    cards = serializers.DictField(
        child=TallyCardSerializer(), help_text="entrant (partnership or player key) → the card as written"
    )
    against = serializers.ChoiceField(
        choices=["sheets", "cards"], default="sheets", help_text="check against the scoresheets, or the cards only"
    )


class DiscrepancySerializer(serializers.Serializer):
    kind = serializers.CharField(read_only=True)
    message = serializers.CharField(read_only=True)
    game = serializers.IntegerField(read_only=True, allow_null=True)
    table = serializers.IntegerField(read_only=True, allow_null=True)
    entrants = serializers.ListField(child=serializers.CharField(), read_only=True)


class TallyCheckSerializer(serializers.Serializer):
    """``standings.tally_check.TallyCheck``."""

    cutthroat = serializers.BooleanField(read_only=True, help_text="cards hold each player's own score")
    against = serializers.SerializerMethodField()
    checked = serializers.SerializerMethodField(help_text="false: no cards typed or saved yet")
    ok = serializers.SerializerMethodField(help_text="every card typed agrees")
    saved = serializers.SerializerMethodField(help_text="cards saved as a new version by this request")
    discrepancies = serializers.SerializerMethodField()
    not_entered = serializers.ListField(child=serializers.CharField(), read_only=True)

    def get_against(self, check) -> str:
        return "sheets" if check.against_sheets else "cards"

    def get_checked(self, check) -> bool:
        return check.discrepancies is not None

    def get_ok(self, check) -> bool:
        return check.discrepancies == []

    def get_saved(self, check) -> int:
        return len(check.written)

    @extend_schema_field(DiscrepancySerializer(many=True))
    def get_discrepancies(self, check) -> list:
        found = [{**vars(d), "entrants": [str(key) for key in d.entrants]} for d in (check.discrepancies or [])]
        return DiscrepancySerializer(found, many=True).data


# --- printing -------------------------------------------------------------------------------------
class PrintJobSerializer(serializers.ModelSerializer):
    title = serializers.CharField(read_only=True)
    percent = serializers.IntegerField(read_only=True)
    file_name = serializers.SerializerMethodField()
    download = serializers.SerializerMethodField(help_text="the PDF, once the job is done")

    class Meta:
        model = PrintJob
        fields = [
            "id",
            "event",
            "kind",
            "title",
            "options",
            "status",
            "done",
            "total",
            "percent",
            "error",
            "size",
            "file_name",
            "download",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_file_name(self, job) -> str:
        from director.printing.services import file_name

        return file_name(job)

    def get_download(self, job) -> str | None:
        if job.status != PrintJob.Status.DONE:
            return None
        return reverse("api:print-job-download", args=[job.pk])


class PrintJobCreateSerializer(serializers.Serializer):
    """Which document and how; ``printing.services`` judges the names (a 400 lists the choices)."""

    event = Id()
    kind = Text(
        max_length=40,
        help_text="envelopes, duplication, hand-records (duplicate events), scoresheets, tally-cards, "
        "guide-cards, results",
    )
    paper = Text(max_length=20, required=False, allow_blank=True, default="", help_text="a4 (default) or letter")
    envelope = Text(
        max_length=20,
        required=False,
        allow_blank=True,
        default="",
        help_text="hand envelopes: c6 (default), dl, labels",
    )
    lang = Text(max_length=8, required=False, allow_blank=True, default="", help_text="en (default), fr, es")


# --- audit log ------------------------------------------------------------------------------------
class AuditEntrySerializer(serializers.ModelSerializer):
    sentence = serializers.SerializerMethodField(help_text="what happened, in words")
    description = serializers.SerializerMethodField(help_text="the action, in words")

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "at",
            "actor",
            "club",
            "event",
            "action",
            "description",
            "sentence",
            "object_type",
            "object_id",
            "object_repr",
            "before",
            "after",
            "note",
        ]
        read_only_fields = fields

    def get_sentence(self, entry) -> str:
        return read_entry(entry).sentence

    def get_description(self, entry) -> str:
        return describe(entry.action)
