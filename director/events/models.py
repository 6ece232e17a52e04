"""An event (a club night or a match) and everything that places people at tables.

Shape, with the movement in mind (``scoring.movements.Movement``): an event has tables 1..T and
rounds 1..G (a round is one game). For every round and table there is one ``Seating`` per
direction (majors, minors): which partnership sits there and which game set it plays. ``Seat``
rows say who sits in which suit's seat (for individual events they are the only record of who
plays where). ``Round.sitting_out_*`` hold the byes. ``Event.movement`` keeps the movement's
``to_dict()`` so the grid can be re-validated and re-applied.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from director.sheets import registry
from scoring.auction_settings import AuctionSettings
from scoring.cards import SIDE_SUITS, SUIT_SYMBOLS, SUITS
from scoring.movements.odd import OddTables
from scoring.variants import DEFAULT_REMOVED_SUIT

MAJORS = "majors"
MINORS = "minors"
DIRECTION_SUITS = SIDE_SUITS  # the seats of each direction


def new_table_token() -> str:
    return secrets.token_urlsafe(18)


EMBERS_TYPES = ("progressive-pairs", "progressive-individual")  # the nights whose tables may play Embers
MAX_EMBERS_HANDS = 12
# scoring.embers_settings: 3 to 6 packs, 1 to packs − 2 fire hands, four hands the bare minimum (fewer,
# or no ember hand, only with the director's reason): the checks live there, the DB keeps them too.
EMBERS_PACKS = (3, 6)
EMBERS_LEAST_HANDS = 4


class Event(models.Model):
    class Type(models.TextChoices):
        # The built-in types' names, for the code that means one of them. The types there are — and
        # all that each decides — are the kinds' (``registry.event_types()``): ``type``'s choices.
        PROGRESSIVE_PAIRS = "progressive-pairs", "Progressive, fixed partnerships"
        PROGRESSIVE_INDIVIDUAL = "progressive-individual", "Progressive, individual"
        DUPLICATE_PAIRS = "duplicate-pairs", "Duplicate pairs (matchpoints)"
        DUPLICATE_TEAMS = "duplicate-teams", "Duplicate teams of four"
        DUPLICATE_COOP = "duplicate-coop", "Duplicate coöperative"
        AUCTION_PAIRS = "auction-pairs", "Auction Calypso, progressive pairs"
        AUCTION_TEAMS = "auction-teams", "Auction Calypso, team of four"

    class RulesVariant(models.TextChoices):
        STANDARD = "standard", "Standard"
        BEAT_THE_LEADER = "beat-the-leader", "Beat the leader"
        ALL_FOURS = "all-fours", "All Fours"

    class Form(models.TextChoices):
        PARTNERSHIP = "partnership", "Partnership"
        CUTTHROAT = "cutthroat", "Cutthroat"

    class Game(models.TextChoices):
        # docs/variants.md, "Embers at the club": played at the tables of a progressive night
        CALYPSO = "calypso", "Calypso"
        EMBERS = "embers", "Embers Calypso (3 to 6 packs, calypsoes in progress carried from hand to hand)"

    class Scale(models.TextChoices):
        ACBL = "acbl", "ACBL (1 per net beaten)"
        EBU = "ebu", "EBU (2 per net beaten)"

    class MovementKind(models.TextChoices):
        PROGRESSIVE = "progressive", "Progressive (minors move up)"
        PROGRESSIVE_INDIVIDUAL = "progressive-individual", "Progressive individual (losers move)"
        MITCHELL = "mitchell", "Mitchell"
        BAROMETER = "barometer", "Barometer"
        TEAM_MATCH = "team-match", "Team match (two tables, sets swapped)"
        ROUND_ROBIN = "round-robin", "Round robin of teams"
        MANUAL = "manual", "Entered by the director"
        AUCTION_TEAM_MATCH = "auction-team-match", "Auction team match (two tables, same hands)"

    class IndividualMovement(models.TextChoices):
        # scoring.movements' RULES_MOVEMENT / FIXED_SIZE_MOVEMENT (docs/movements.md)
        RULES = "rules", "As the rules say: of three losers one moves down a table (table sizes change)"
        FIXED_SIZES = "fixed-sizes", "Tables keep their size (the project's own variant)"

    class ThreeTable(models.TextChoices):
        # What a progressive individual's table of three plays (scoring.movements.odd; docs/variants.md)
        THREE_HANDED = "three-handed", "Three-handed cutthroat"
        SPLIT = "split", "Split partnership (own score + right-hand player's)"
        NEUTRALISED = "neutralised", "Neutralised Calypso (207 cards, ♣ nobody's)"
        NEUTRALISED_SPLIT = "neutralised-split", "Neutralised Calypso, scored as split partnership"

    class Phones(models.TextChoices):
        """Who a phone acts for (issue 29, docs/security.md "Phones at the tables")."""

        PLAYER = "player", "A code per player (only an opponent confirms)"
        PARTNERSHIP = "partnership", "A code per partnership (only an opponent confirms)"
        TABLE = "table", "Table QR, no player codes (anyone holding the table's link may act for either side)"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="events")
    season = models.ForeignKey("clubs.Season", on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    date = models.DateField()
    name = models.CharField(max_length=160)
    # Choices from the kinds (a callable: the migration names it, so a kind's new type needs none).
    type = models.CharField(max_length=32, choices=registry.event_type_choices, default=Type.PROGRESSIVE_PAIRS)
    rules_variant = models.CharField(max_length=20, choices=RulesVariant.choices, default=RulesVariant.STANDARD)
    form = models.CharField(max_length=16, choices=Form.choices, default=Form.PARTNERSHIP)
    games = models.PositiveSmallIntegerField(default=4, help_text="number of games (rounds) in the event")
    matchpoint_scale = models.CharField(max_length=8, choices=Scale.choices, default=Scale.ACBL)
    movement_kind = models.CharField(max_length=32, choices=MovementKind.choices, default=MovementKind.PROGRESSIVE)
    individual_movement = models.CharField(
        max_length=16,
        choices=IndividualMovement.choices,
        default=IndividualMovement.RULES,
        help_text="progressive individual: where the one of three losers who moves down goes",
    )
    # Progressive individual of 2, 3 or 7 players: what its table of three plays, and the suit out of
    # the three packs when that is three-handed or split (a table of two always plays Calypso Duet).
    three_table = models.CharField(max_length=20, choices=ThreeTable.choices, default=ThreeTable.THREE_HANDED)
    removed_suit = models.CharField(
        max_length=1, choices=[(s, f"{SUIT_SYMBOLS[s]} {s}") for s in SUITS], default=DEFAULT_REMOVED_SUIT
    )
    game_length_minutes = models.PositiveSmallIntegerField(default=40)
    # How a phone is known at the tables: a code per player unless the club chooses otherwise (the
    # set-up page, the API, a script alike); table links only as a club's explicit choice. Events
    # made before this default keep what they had (their cards are printed).
    phones = models.CharField(max_length=12, choices=Phones.choices, default=Phones.PLAYER, db_default="player")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    # Public switches: nothing is shown to the public until the director turns it on.
    standings_released = models.BooleanField(default=False)
    scorecards_released = models.BooleanField(default=False)
    travellers_released = models.BooleanField(default=False)
    hands_released = models.BooleanField(default=False)
    movement = models.JSONField(default=dict, blank=True, help_text="scoring.movements.Movement.to_dict()")
    # What the tables play: Calypso (a 208-card sheet a game) or Embers (a score pad of up to
    # ``embers_hands`` hands a game, scoring.embers); Embers only on progressive nights in partnerships.
    game = models.CharField(max_length=12, choices=Game.choices, default=Game.CALYPSO)
    embers_hands = models.PositiveSmallIntegerField(default=4, help_text="Embers: the most hands a table plays a game")
    # Embers' packs and fire hands (scoring.embers_settings.EmbersSettings, checked by the embers kind's
    # night.py) and the director's reason for a game shorter than four hands (or with no ember hand):
    # blank unless the director overrode the rules' minimum (the override is in the audit log).
    embers_packs = models.PositiveSmallIntegerField(default=3, help_text="Embers: packs shuffled together (3-6)")
    embers_fire_hands = models.PositiveSmallIntegerField(
        default=1, help_text="Embers: fire hands played as usual before the first ember hand (1 to packs - 2)"
    )
    embers_short_reason = models.CharField(
        max_length=200, blank=True, default="", help_text="Embers: the director's reason for fewer than four hands"
    )
    # A coöperative event's grade bands, [[floor, name], ...] as scoring.coop.check_bands returns them
    # (written by events.grades.set_grade_bands); [] means scoring.coop.DEFAULT_BANDS.
    coop_bands = models.JSONField(default=list, blank=True, help_text="grade bands (duplicate coöperative)")
    # An Auction Calypso event's settings (scoring.auction_settings.AuctionSettings.to_dict(): hands per
    # round, draft, score values), written checked by events.services; {} for the other types.
    auction = models.JSONField(default=dict, blank=True, help_text="AuctionSettings.to_dict() (Auction events)")
    # The one-time token of the "New club night" form that created the event: a second submit of
    # the same form (browser Back, then submit again) is refused instead of making a twin night; also
    # the API's idempotency key for POST /api/events/. Unique within the club only (a constraint
    # below): another club's token is no concern of this one's, nor a way to learn of it. Null, not
    # "", for none: the constraint then lets any number of events have none.
    setup_token = models.CharField(max_length=40, null=True, blank=True, editable=False)  # noqa: DJ001
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["club", "-date"], name="events_event_club_date")]
        constraints = [
            models.UniqueConstraint(fields=["club", "setup_token"], name="events_setup_token_unique_per_club"),
            models.CheckConstraint(condition=Q(games__gte=1), name="events_event_at_least_one_game"),
            models.CheckConstraint(
                condition=Q(form="partnership") | Q(type="progressive-individual"),
                name="events_event_cutthroat_only_individual",
            ),
            models.CheckConstraint(
                condition=Q(game="calypso")
                | Q(game="embers", form="partnership", type__in=EMBERS_TYPES)
                & Q(embers_hands__gte=1, embers_hands__lte=MAX_EMBERS_HANDS),
                name="events_event_embers_progressive_partnership",
            ),
            models.CheckConstraint(
                condition=Q(game="calypso")
                | Q(embers_packs__gte=EMBERS_PACKS[0], embers_packs__lte=EMBERS_PACKS[1])
                & Q(embers_fire_hands__gte=1, embers_fire_hands__lte=F("embers_packs") - 2),
                name="events_event_embers_packs_and_fire_hands",
            ),
            models.CheckConstraint(
                # fewer than four hands, or no hand after the fire hands, only with the director's reason
                condition=Q(game="calypso")
                | Q(embers_hands__gte=EMBERS_LEAST_HANDS, embers_hands__gt=F("embers_fire_hands"))
                | ~Q(embers_short_reason=""),
                name="events_event_embers_short_game_has_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def event_type(self):
        """What the kinds say of this event's type (``sheets.base.EventType``: its movement, ranking,
        whether it seats players, its table sizes)."""
        return registry.event_type(self.type)

    @property
    def is_individual(self) -> bool:
        """Its tables seat players one by one (a progressive individual, three-handed Auction)."""
        return self.event_type.individual

    @property
    def is_duplicate(self) -> bool:
        return self.type.startswith("duplicate-")

    @property
    def is_team_event(self) -> bool:
        """Teams of four (a team is one majors and one minors partnership)."""
        return self.event_type.teams

    @property
    def auction_settings(self) -> AuctionSettings:
        """The stored settings (the rules' defaults for an event that has none)."""
        return AuctionSettings.from_dict(self.auction or None)

    @property
    def odd_tables(self) -> OddTables:
        """What a table of three plays and the suit out of three-handed packs (``three_table``,
        ``removed_suit``); a table of two plays Calypso Duet."""
        return OddTables(self.three_table, self.removed_suit)


AUCTION_TYPES = (Event.Type.AUCTION_PAIRS, Event.Type.AUCTION_TEAMS)


class Table(models.Model):
    """A numbered table. ``token`` is the secret in the table's entry link (QR code); re-issuable."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=40, unique=True, default=new_table_token, editable=False)
    token_issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="events_table_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="events_table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class PlayerCode(models.Model):
    """A player's own code for one event (``events.codes``), or a partnership's: typed or scanned
    from the tally card, it tells the server which player a phone is. ``code`` is stored as issued
    (8 characters of ``codes.ALPHABET``); re-issuing replaces it, so the old one stops working."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="player_codes")
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    partnership = models.ForeignKey(
        "Partnership", on_delete=models.CASCADE, null=True, blank=True, related_name="codes"
    )
    code = models.CharField(max_length=8, unique=True, editable=False)
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"], condition=Q(player__isnull=False), name="events_code_once_per_player"
            ),
            models.UniqueConstraint(
                fields=["event", "partnership"],
                condition=Q(partnership__isnull=False),
                name="events_code_once_per_partnership",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=True, partnership__isnull=False)
                | Q(player__isnull=False, partnership__isnull=True),
                name="events_code_player_or_pair",
            ),
        ]

    def __str__(self) -> str:
        return f"code of {self.player or self.partnership} in {self.event_id}"


class Round(models.Model):
    """One game of the event, played at every table at the same time."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    sitting_out_partnerships = models.ManyToManyField("Partnership", blank=True, related_name="byes")
    sitting_out_players = models.ManyToManyField("clubs.Player", blank=True, related_name="+")

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="events_round_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="events_round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Game {self.number}"


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="events_team_number_unique_per_event"),
            models.UniqueConstraint(fields=["event", "name"], name="events_team_name_unique_per_event"),
        ]

    def __str__(self) -> str:
        return self.name


class Partnership(models.Model):
    """Two or three players who score together all session (``members`` in seat order).

    ``direction`` is set when the event fixes it (progressive pairs, Mitchell majors stay...):
    the partnership then always holds those suits. Blank when it changes from round to round.
    """

    class Direction(models.TextChoices):
        MAJORS = MAJORS, "Majors (Spades & Hearts)"
        MINORS = MINORS, "Minors (Diamonds & Clubs)"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="partnerships")
    number = models.PositiveSmallIntegerField()
    direction = models.CharField(max_length=8, choices=Direction.choices, blank=True, default="")
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="partnerships")
    players = models.ManyToManyField("clubs.Player", through="PartnershipMember", related_name="partnerships")

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="events_partnership_number_unique_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="events_partnership_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Partnership {self.number}"


class PartnershipMember(models.Model):
    """A player in a partnership; ``position`` 1..3 is the seat order (1 holds S or D, 2 holds H or C)."""

    partnership = models.ForeignKey(Partnership, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="memberships")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["partnership", "position"]
        constraints = [
            models.UniqueConstraint(fields=["partnership", "position"], name="events_member_position_unique"),
            models.UniqueConstraint(fields=["partnership", "player"], name="events_member_player_unique"),
            models.CheckConstraint(condition=Q(position__gte=1, position__lte=3), name="events_member_position_1_3"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.partnership}"


class Seating(models.Model):
    """Who sits on one side (majors or minors) of one table in one round, and what they play.

    ``game_set_number`` refers to the event's game set (``deals.GameSet.number``), ``None`` when
    the table deals its own cards. ``sit_out_order`` is for a partnership of three: the player
    ids sitting out deals 1..4 (X, Y, Z, X — RULES.md §5); empty otherwise.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seatings")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seatings")
    direction = models.CharField(max_length=8, choices=Partnership.Direction.choices)
    partnership = models.ForeignKey(
        Partnership, on_delete=models.CASCADE, null=True, blank=True, related_name="seatings"
    )
    game_set_number = models.PositiveSmallIntegerField(null=True, blank=True)
    sit_out_order = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["round", "table__number", "direction"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table", "direction"], name="events_seating_one_per_side"),
            models.UniqueConstraint(
                fields=["round", "partnership"],
                condition=Q(partnership__isnull=False),
                name="events_seating_partnership_once_per_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.table} · {self.direction}"


class Seat(models.Model):
    """A player at a table in a round, in a suit's seat (the first deal's seat for a side of three,
    whose third player — sitting out deal 1 — has a blank ``suit``)."""

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")  # for the DB rule below
    suit = models.CharField(max_length=1, blank=True, choices=[*((s, s) for s in SUITS), ("", "out in deal 1")])
    player = models.ForeignKey("clubs.Player", on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["seating", "suit"]
        constraints = [
            models.UniqueConstraint(fields=["seating", "suit"], name="events_seat_suit_once_per_seating"),
            # Nobody is in two places in one round.
            models.UniqueConstraint(fields=["round", "player"], name="events_seat_player_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.suit}"


class ResultsChange(models.Model):
    """One write that changed what an event's results pages show: a sheet entered, confirmed,
    disputed or withdrawn, an adjustment, a fouled set, a ranking option, a seating, a partnership,
    a player's name. ``changes.results_changed`` adds a row in the write's own transaction; the
    number of rows of an event is its *results version*, under which the computed standings are
    cached (``standings.page.standings_page``).

    Insert-only rather than a counter on the event row: an update would hold the event's row lock
    until the write commits, and every table of the event would queue behind it (the submit path
    locks only its own table; docs/benchmarks.md, the entry load test). The count, not the highest
    id, is the version: ids are handed out before commit, so a write that commits after a later one
    would not move the highest id, but it always adds one to the count."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"results of {self.event_id} changed at {self.at:%H:%M:%S}"
