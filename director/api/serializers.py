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
from director.printing.documents import KINDS as PRINT_DOCUMENTS
from director.printing.models import PrintJob
from director.printing.options import ENVELOPE_CHOICES, LANGUAGE_CHOICES, PAPER_CHOICES
from director.sheets import registry

from .fields import (  # noqa: F401 (ErrorSerializer: auth and the standings views take it from here)
    DEALER_CHOICES,
    DEALS_SCHEMA,
    MAX_ID,
    ORIENTATION_CHOICES,
    SEATS,
    Choice,
    DealsField,
    ErrorSerializer,
    Id,
    SeatField,
    SheetField,
    Text,
    WholeNumber,
    _shown,
)

PRINT_KINDS = tuple(PRINT_DOCUMENTS)
"""The documents a print job makes (``director.printing.documents``): an enum of the schema."""


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
    # No default: an empty slug (made from the name) would not match the slug pattern it declares.
    slug = serializers.SlugField(
        max_length=60, required=False, allow_blank=True, help_text="made from the name if left out"
    )


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
    removed_suit = serializers.CharField(read_only=True, help_text="the suit out of a table of three's three packs")

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
            "games",
            "matchpoint_scale",
            "movement_kind",
            "individual_movement",
            "game_length_minutes",
            *registry.api_fields(),  # each kind's own settings (the form, the game, an Auction event's …)
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
    type = serializers.ChoiceField(choices=registry.event_type_choices())  # the kinds' types
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
    removed_suit = Text(max_length=1, help_text="a table of three's three packs: the suit out of them (S, H, D, C)")
    game_length_minutes = WholeNumber(min_value=1, max_value=MAX_GAME_MINUTES)
    season = Id(allow_null=True)
    game = serializers.ChoiceField(choices=Event.Game.choices, help_text="what the tables play (Embers: progressive)")
    embers_hands = WholeNumber(min_value=1, max_value=MAX_EMBERS_HANDS, help_text="Embers: the most hands a game")
    # Embers' packs and fire hands, and the reason for fewer than four hands: checked by the service
    # (the embers kind's night.py, scoring.embers_settings.EmbersSettings.check)
    embers_packs = WholeNumber(min_value=3, max_value=6, help_text="Embers: packs shuffled together (3-6)")
    embers_fire_hands = WholeNumber(min_value=1, max_value=4, help_text="Embers: fire hands (1 to packs - 2)")
    embers_short_reason = Text(
        max_length=200, allow_blank=True, help_text="Embers: the director's reason for fewer than four hands"
    )
    auction = serializers.DictField(
        help_text="Auction Calypso events: hands (per round), draft, values (score values; any left out keep "
        "the rules' value) — docs/formats.md; checked by the service"
    )


class EventCreateSerializer(_EventSettings):
    club = Id()
    tables = WholeNumber(min_value=0, max_value=MAX_TABLES, required=False, default=0)
    idempotency_key = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text=(
            "a retried request with the same key returns the event the first one created (200); the key is "
            "the club's own (another club's use of it is not seen) — send a random one, e.g. a UUID"
        ),
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


class DealAuctionSerializer(serializers.Serializer):
    replace = serializers.BooleanField(default=False, help_text="deal again, replacing the deals (no result in yet)")


class AuctionDealsSerializer(serializers.Serializer):
    """An Auction team match's deals (``deals.auction``): served only to the directors of its club."""

    rounds = serializers.IntegerField(read_only=True, help_text="rounds the event plays")
    dealt = serializers.ListField(child=serializers.IntegerField(), read_only=True, help_text="rounds with a deal")
    draft = serializers.BooleanField(read_only=True, help_text="whether the event drafts (AUCTION.md §2)")
    problem = serializers.CharField(read_only=True, help_text="why the deals are not ready to play; empty if they are")
    released = serializers.BooleanField(read_only=True)
    commitment = serializers.CharField(read_only=True, help_text="SHA-256 over the deals, to announce before play")
    deals = serializers.ListField(
        child=serializers.JSONField(), read_only=True, help_text="a calypso-auction-deal/1 object per round"
    )


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

    against = serializers.SerializerMethodField()
    checked = serializers.SerializerMethodField(help_text="false: no cards typed or saved yet")
    ok = serializers.SerializerMethodField(help_text="every card typed agrees")
    saved = serializers.SerializerMethodField(help_text="cards saved as a new version by this request")
    discrepancies = serializers.SerializerMethodField()
    not_entered = serializers.ListField(child=serializers.CharField(), read_only=True)

    def get_fields(self):
        # the kinds' own published fields first (SheetKind.tally_check_fields), where they always stood
        kinds = {
            name: serializers.BooleanField(source=source, read_only=True, help_text=words)
            for name, (source, words) in registry.tally_check_fields().items()
        }
        return kinds | super().get_fields()

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
    kind = serializers.ChoiceField(PRINT_KINDS, read_only=True)
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
    kind = Choice(
        PRINT_KINDS,
        what="document",
        help_text="envelopes, duplication, hand-records (duplicate events), auction-deals (an Auction team "
        "match), scoresheets, tally-cards, guide-cards, results",
    )
    paper = Choice(PAPER_CHOICES, what="paper", fold=True, default="a4")
    envelope = Choice(ENVELOPE_CHOICES, what="envelope", fold=True, default="c6", help_text="hand envelopes")
    lang = Choice(LANGUAGE_CHOICES, what="lang", fold=True, default="en")


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
