"""Three-handed Auction Calypso's score pad (``scoring.auction.three``, docs/auction.md "Three-handed
Auction Calypso"): a table of three, one declarer against the other two each hand, every player
scoring alone. Stored on a ``Submission`` as ``{"hands": [<hand>, ...]}``, each hand the engine's
``ThreeHandedHand`` JSON with the table's seats as the players' names (``"S"``, ``"H"``, ``"C"``);
the row's ``majors`` and ``minors`` are 0 (no sides: each seat's total is its player's figure).

The kind provides its event type (``EVENT_TYPE``): tables of three seated player by player by the
progressive individual's movement (the winner of a table stays, the other two move up), ranked by
the players' own scores added up.
"""

from __future__ import annotations

from dataclasses import dataclass

from director.core.errors import ValidationError
from director.events.models import Event
from director.sheets.base import MAX_PROBLEMS, EventType, ScoredSheet, SheetKind
from scoring.auction import AuctionError
from scoring.auction.three import ThreeHandedHand, score_three_handed_pad
from scoring.cards import SUIT_SYMBOLS
from scoring.tallies import plain
from scoring.variants import three_handed_seats

from . import boxes

TYPE = "auction-threes"
EVENT_TYPE = EventType(
    TYPE,
    "Auction Calypso, tables of three",
    Event.MovementKind.PROGRESSIVE_INDIVIDUAL,
    ranking="cutthroat",  # each player's own scores added up (no sides, no zero sum)
    individual=True,
    table_sizes=(3,),
)
HANDS = 8
"""Rows on the pad: the most hands a table plays in a game (blank rows are hands not played)."""


def _hands(data) -> list:
    if not isinstance(data, dict) or set(data) != {boxes.PAD_KEY}:
        raise AuctionError('a three-handed Auction pad is an object: {"hands": [one object a hand, …]}')
    hands = data[boxes.PAD_KEY]
    if not isinstance(hands, list) or not hands:
        raise AuctionError("the score pad has no hands")
    if len(hands) > HANDS:
        raise AuctionError(f"the score pad has {len(hands)} hands, at most {HANDS} a game")
    return hands


@dataclass(frozen=True)
class Kind(boxes.PadBoxes, SheetKind):
    name = "auction3"
    label = "Three-handed Auction Calypso score pad"
    table_words = "three-handed Auction Calypso"
    individual = True
    pad = True
    table_seats: str = "SHC"

    @classmethod
    def for_table(cls, event, variant, seats):
        if event.type != TYPE:
            return None
        return cls(seats if len(seats) == 3 else three_handed_seats(event.removed_suit))

    @property
    def seats(self) -> str:
        return self.table_seats

    @property
    def hands(self) -> int:
        return HANDS

    @property
    def tag(self) -> str:
        return self.name

    def _scored(self, data):
        return score_three_handed_pad(list(self.table_seats), _hands(data))

    def problems(self, data) -> list[str]:
        """Every wrong hand (``hand 2: …``), at most ``MAX_PROBLEMS``."""
        try:
            hands = _hands(data)
        except AuctionError as error:
            return [str(error)]
        problems = []
        for number, hand in enumerate(hands, start=1):
            try:
                score_three_handed_pad(list(self.table_seats), [hand])
            except AuctionError as error:
                problems.append(f"hand {number}: {str(error).removeprefix('hand 1: ')}")
        return problems[:MAX_PROBLEMS]

    def score(self, data) -> ScoredSheet:
        try:
            self._scored(data)
        except AuctionError as error:
            problems = self.problems(data) or [str(error)]
            raise ValidationError(
                f"the scoresheet is wrong: {problems[0]}", field="sheet", problems=problems
            ) from error
        seats = list(self.table_seats)
        hands = [ThreeHandedHand.from_dict(hand, seats).to_dict() for hand in data[boxes.PAD_KEY]]
        return ScoredSheet(sheet={boxes.PAD_KEY: hands}, majors=0, minors=0)

    def seat_scores(self, data) -> dict[str, int]:
        """Each seat's total over the pad's hands (``ScoreSheetError``-free: ``AuctionError`` is a ValueError)."""
        return dict(self._scored(data)[-1][1])

    def tally_figures(self, sheet, *, own: bool) -> dict[str, int] | None:
        try:
            return self.seat_scores(sheet)
        except (AuctionError, TypeError, KeyError):
            return None

    def figure_text(self, value: int) -> str:
        """An own score, as the pad writes it: ``370``, ``-245`` (no ``+``: not a net)."""
        return plain(value)

    def lines(self, sheet) -> list[dict]:
        """The stored pad hand by hand: contract, declarer, outcome, each seat's score and running total."""
        try:
            scored = self._scored(sheet)
        except AuctionError:
            return []
        return [
            {
                "number": number,
                "contract": str(score.contract),
                "declarer": SUIT_SYMBOLS[score.declarer],
                "outcome": score.outcome,
                "seats": [
                    {"seat": s, "symbol": SUIT_SYMBOLS[s], "score": score.scores[s], "total": totals[s]}
                    for s in self.table_seats
                ],
            }
            for number, (score, totals) in enumerate(scored, start=1)
        ]

    def sender(self, side: str, cell, player_id: int | None = None) -> str:
        """A table of three has no sides: the heading names the seat and player who sent the pad
        ("♣ Ann"). The phone says only ♠/♥ or ♣, so the ♠/♥ of a night without player codes is
        either of the two ("♠ Ann or ♥ Bob"); with codes, the sending player's own seat."""
        if cell is None or side not in ("majors", "minors"):
            return ""
        held = {seat: getattr(getattr(cell, side), "seats", {}).get(seat) for seat in self.side_seats(side)}
        own = [seat for seat, player in held.items() if player is not None and player.pk == player_id]
        return " or ".join(
            f"{SUIT_SYMBOLS[seat]} {held[seat].name}" if held[seat] is not None else SUIT_SYMBOLS[seat]
            for seat in own or held
        )

    def side_seats(self, side: str) -> list[str]:
        """The table's seats the phone's ``side`` stands for (♠ and ♥, or ♣)."""
        return [suit for suit, _ in self.side_marks[side]]

    def card_scores(self, sheet) -> list[dict]:
        figures = self.tally_figures(sheet, own=True)
        if figures is None:
            return []
        return [{"seat": seat, "symbol": SUIT_SYMBOLS[seat], "score": figures[seat]} for seat in self.table_seats]

    def movement_figure(self, sheet, net):
        """Each seat's total: the best stays at the table, the other two move up."""
        return self.seat_scores(sheet)

    # --- printing
    printed_description = "Three-handed Auction score pads, one per table per game (a row per hand)"

    # --- events: the type it provides
    event_types = (EVENT_TYPE,)
    no_game_sets = "is a three-handed Auction Calypso night: its hands are dealt at the table"
