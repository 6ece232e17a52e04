"""Shapes of an event's standings and travellers in the API (issue 21.6): what the OpenAPI schema
documents. The figures come from ``director.standings.exports`` (the rows the CSV and JSON
exports write), so they are those of the pages and the PDF."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from director.events.models import Partnership
from director.standings.selectors import rankings

DIRECTIONS = Partnership.Direction.choices  # the schema's DirectionEnum (and "" for one overall list)

NUMBER = "an integer net (or a player's own score), or matchpoints / a percentage rounded half-up to two places"


class EventRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    type = serializers.CharField()


class StandingSerializer(serializers.Serializer):
    rank = serializers.CharField(help_text="`1`, `=2` … within its list; empty for an entrant with nothing scored yet")
    direction = serializers.ChoiceField(
        DIRECTIONS, allow_blank=True, help_text="the list it is ranked in: `majors`, `minors`, or empty (one list)"
    )
    number = serializers.IntegerField(allow_null=True, help_text="partnership number (null: a player)")
    names = serializers.CharField()
    games = serializers.IntegerField(help_text="games scored")
    total = serializers.FloatField(allow_null=True, help_text=f"the session total: {NUMBER}")
    percentage = serializers.FloatField(allow_null=True, help_text="matchpoint events: the session percentage")
    per_game = serializers.DictField(
        child=serializers.FloatField(allow_null=True), help_text=f"game number → that game's figure: {NUMBER}"
    )
    tie_break = serializers.CharField(help_text="what separated equal totals, if anything")


class StandingsListSerializer(serializers.Serializer):
    direction = serializers.ChoiceField(
        DIRECTIONS, allow_blank=True, help_text="`majors`, `minors`, or empty for the one overall list"
    )
    heading = serializers.CharField(help_text="`♠♥ pairs (N/S)`, `♦♣ pairs (E/W)`, or empty")
    standings = StandingSerializer(many=True)


class TeamStandingSerializer(serializers.Serializer):
    rank = serializers.CharField()
    team = serializers.CharField()
    points = serializers.FloatField()
    aggregate = serializers.IntegerField()
    matches = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    tie_break = serializers.CharField()


class CoopBandSerializer(serializers.Serializer):
    name = serializers.CharField()
    from_ = serializers.IntegerField(help_text="the table total the band starts from")

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class CoopTableSerializer(serializers.Serializer):
    pairs = serializers.CharField(help_text="a set's coöp table: its two partnerships; the session: the partnership")
    total = serializers.IntegerField(help_text="the table total (on the set, or over the session)")
    grade = serializers.CharField(allow_null=True, help_text="the band the total reaches (session: its average)")
    rank = serializers.IntegerField()
    difference = serializers.IntegerField(help_text="its total minus each other table's on the same set, added up")
    game_set = serializers.IntegerField(required=False)
    game = serializers.IntegerField(required=False)
    table = serializers.IntegerField(required=False)
    sets = serializers.IntegerField(required=False, help_text="session: the sets it played")


class CoopSetSerializer(serializers.Serializer):
    game_set = serializers.IntegerField()
    tables = CoopTableSerializer(many=True)


class CoopSessionSerializer(serializers.Serializer):
    heading = serializers.CharField(help_text="♠♥ pairs or ♦♣ pairs")
    partnerships = CoopTableSerializer(many=True, help_text="best summed difference first")


class CoopGradesSerializer(serializers.Serializer):
    bands = CoopBandSerializer(many=True, help_text="the event's grade bands, lowest first")
    sets = CoopSetSerializer(many=True)
    session = CoopSessionSerializer(
        many=True, help_text="per partnership, a list a direction: its tables' totals and differences added"
    )


# Not "Standings": a model named as its own field (standings) breaks openapi-python-client's code (#35).
@extend_schema_serializer(component_name="EventStandings")
class StandingsSerializer(serializers.Serializer):
    event = EventRefSerializer()
    kind = serializers.ChoiceField(
        choices=rankings(), help_text="how the event is ranked: by its type, or as its kind of sheet imposes"
    )
    scale = serializers.CharField(allow_null=True, help_text="matchpoint scale (null for tally events)")
    games = serializers.ListField(child=serializers.IntegerField(), help_text="the event's game numbers")
    ranking = serializers.ChoiceField(
        choices=["separate", "overall"],
        help_text="duplicate pairs ranked per direction (`separate`: a ♠♥ and a ♦♣ list) or `overall`",
    )
    standings = StandingSerializer(many=True, help_text="every list's rows, one list after the other")
    lists = StandingsListSerializer(many=True, help_text="the standings as the pages show them: one list, or two")
    teams = TeamStandingSerializer(many=True, allow_null=True, help_text="team events only")
    coop = CoopGradesSerializer(allow_null=True, help_text="duplicate coöperative events only")


class TravellerLineSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    table = serializers.IntegerField()
    majors = serializers.CharField(help_text="the majors (♠♥) side")
    minors = serializers.CharField(help_text="the minors (♦♣) side")
    majors_score = serializers.IntegerField(allow_null=True)
    minors_score = serializers.IntegerField(allow_null=True)
    majors_net = serializers.IntegerField(allow_null=True, help_text="confirmed results only")
    majors_artificial = serializers.CharField(help_text="an artificial score (A, A+, A-) or empty")
    minors_artificial = serializers.CharField()
    majors_mp = serializers.FloatField(allow_null=True)
    minors_mp = serializers.FloatField(allow_null=True)
    group = serializers.IntegerField(help_text="a fouled set's group (1 otherwise)")
    status = serializers.ChoiceField(choices=["confirmed", "submitted", "disputed", "missing"])


class TravellerSerializer(serializers.Serializer):
    game_set = serializers.IntegerField()
    top = serializers.IntegerField(allow_null=True, help_text="matchpoint top of the set")
    lines = TravellerLineSerializer(many=True, help_text="best majors result first, as the traveller page")


# Not "Travellers": a model named as its own field (travellers) breaks openapi-python-client's code (#35).
@extend_schema_serializer(component_name="EventTravellers")
class TravellersSerializer(serializers.Serializer):
    event = EventRefSerializer()
    scale = serializers.CharField(allow_null=True)
    travellers = TravellerSerializer(many=True)
