"""Serializers of the results resources: scoresheet submissions (a sheet of the table's kind:
``director.sheets``), the sheet check, and the adjustments (artificial scores, fouled sets)."""

from rest_framework import serializers

from director.results.models import Submission
from director.sheets.registry import general_first
from director.standings.models import ARTIFICIAL_CODES, ArtificialScore, FouledSet
from director.standings.models import DIRECTIONS as ARTIFICIAL_DIRECTIONS

from .fields import MAX_ID, Choice, Id, SheetField, Text, WholeNumber


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
        max_length=80,
        required=False,
        allow_blank=True,
        default="",
        help_text=(
            "a retried request returns the first; the key is the event's own (another club's use of it is not "
            "seen) — send a random one, e.g. a UUID"
        ),
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


SHEET_FORMS = [(kind.name, kind.label) for kind in general_first() if kind.checked_alone]
"""The kinds of sheet the check reads named alone (``SheetKind.checked_alone``), the default first."""


class SheetCheckSerializer(serializers.Serializer):
    sheet = SheetField(check_counts=False)
    form = serializers.ChoiceField(
        choices=SHEET_FORMS,
        default=SHEET_FORMS[0][0],
        help_text="how to read the sheet when no event is given (a pad: with the rules' score values)",
    )
    event = Id(required=False, help_text="read the sheet by this event's rules (its form; an Auction event's values)")


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
        help_text="a sheet of individual scores: each seat's score (null otherwise)",
    )


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
    code = Choice(
        ARTIFICIAL_CODES,
        fold=True,
        error_messages={"invalid_choice": "{input!r} is not an artificial score: use {accepted}"},
        help_text="A, A+ or A-",
    )
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
