"""An Auction Calypso event's score pad (``scoring.auction``), stored on a ``Submission`` as
``{"hands": [<calypso-auction-hand/1>, ...]}`` (docs/formats.md, "Auction score pad on a
Submission"), each hand in canonical form; the row's ``majors`` and ``minors`` are the pad's final
totals of the two sides (``PAD_SIDES``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from director.core.errors import ValidationError
from director.events.models import AUCTION_TYPES, Event
from director.results.simulate import plausible_pad
from director.sheets.base import MAX_PROBLEMS, EventType, ScoredSheet, SheetKind
from scoring import auction
from scoring.auction_settings import AuctionSettings

from . import night, schema
from .boxes import PadBoxes

# scoring.auction's sides (S + H, D + C) → the director's directions: the one mapping.
PAD_SIDES = {"majors": "majors", "minors": "minors"}
assert set(PAD_SIDES) == set(auction.SIDES)
PAD_KEY = "hands"


def _pad_hands(data, settings: AuctionSettings) -> list:
    """The pad's list of hands, its shape checked (``AuctionError`` saying what is wrong)."""
    if not isinstance(data, Mapping):
        raise auction.AuctionError('an Auction score pad is an object: {"hands": [one object a hand, …]}')
    unknown = sorted(str(k)[:40] for k in data if k != PAD_KEY)
    if unknown:
        raise auction.AuctionError(f"unknown field {', '.join(map(repr, unknown))} in the score pad (only hands)")
    hands = data.get(PAD_KEY)
    if not isinstance(hands, Sequence) or isinstance(hands, str | bytes):
        raise auction.AuctionError("hands must be a list of the hands played, one object a hand")
    if not hands:
        raise auction.AuctionError("the score pad has no hands")
    if len(hands) > settings.hands:
        raise auction.AuctionError(
            f"the score pad has {len(hands)} hands, but this event plays {settings.hands} a round"
        )
    return list(hands)


def canonical_hand(score: auction.HandScore, data: Mapping) -> dict:
    """A scored hand as stored: contract text without its declarer, the declarer, both sides'
    counts, and ``sell`` only when the hand was in limbo."""
    contract = score.contract
    hand = {
        "contract": str(auction.Contract(contract.bid, contract.doubled)),
        "declarer": contract.declarer,
        "declarers": auction.SideHand.from_dict(data.get("declarers"), "declarers").to_dict(),
        "defenders": auction.SideHand.from_dict(data.get("defenders"), "defenders").to_dict(),
    }
    if score.outcome in ("limbo-sold", "limbo-unsold"):
        hand["sell"] = score.outcome == "limbo-sold"
    return hand


def is_pad(sheet) -> bool:
    """A stored sheet is an Auction pad (not a 208-card Calypso sheet)."""
    return isinstance(sheet, Mapping) and PAD_KEY in sheet


def pad_lines(sheet, values: auction.AuctionValues = auction.VALUES) -> list[dict]:
    """A stored pad hand by hand for the pages, scored with the event's ``values``: the hand, its
    score and the running totals by side (``[]`` for a sheet that is not a pad that scores — it
    was checked when stored)."""
    hands = sheet.get(PAD_KEY) if isinstance(sheet, Mapping) else None
    if not isinstance(hands, list) or not hands:
        return []
    try:
        scored = auction.score_pad(hands, values)
    except auction.AuctionError:
        return []
    return [
        {"number": n, "hand": hand, "score": score, "sides": score.by_side(), "totals": totals}
        for n, (hand, (score, totals)) in enumerate(zip(hands, scored, strict=True), start=1)
    ]


@dataclass(frozen=True)
class Kind(PadBoxes, SheetKind):
    name = "auction"
    label = "Auction Calypso score pad"
    pad = True
    settings: AuctionSettings = field(default_factory=AuctionSettings)

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls(event.auction_settings) if event.type in AUCTION_TYPES else None

    @property
    def hands(self) -> int:
        """The rows of the pad: the event's hands a round."""
        return self.settings.hands

    def problems(self, data) -> list[str]:
        """Every problem of a pad, hand by hand (``hand 2: …``), at most ``MAX_PROBLEMS``."""
        try:
            hands = _pad_hands(data, self.settings)
        except auction.AuctionError as error:
            return [str(error)]
        problems = []
        for number, hand in enumerate(hands, start=1):
            try:
                auction.score_pad([hand], self.settings.values)
            except auction.AuctionError as error:
                problems.append(f"hand {number}: {str(error).removeprefix('hand 1: ')}")
            if len(problems) >= MAX_PROBLEMS:
                break
        return problems

    def score(self, data) -> ScoredSheet:
        """Check and score the pad with the event's values: ``ValidationError`` listing every
        wrong hand (``problems``) and nothing else done."""
        try:
            hands = _pad_hands(data, self.settings)
            scored = auction.score_pad(hands, self.settings.values)
        except auction.AuctionError as error:
            problems = self.problems(data) or [str(error)]
            raise ValidationError(
                f"the scoresheet is wrong: {problems[0]}", field="sheet", problems=problems
            ) from error
        totals = scored[-1][1]
        sheet = {PAD_KEY: [canonical_hand(score, hand) for (score, _), hand in zip(scored, hands, strict=True)]}
        return ScoredSheet(sheet=sheet, majors=totals[PAD_SIDES["majors"]], minors=totals[PAD_SIDES["minors"]])

    def lines(self, sheet) -> list[dict]:
        """The stored pad hand by hand for the pages (``pad_lines`` with the event's values)."""
        return pad_lines(sheet, self.settings.values)

    # --- printing
    printed_description = "Auction score pads, one per table per game (a row per hand, the bonus table)"

    # --- events and API: its types, its settings (``night``), its card, its API schema, its demo night
    T, M = Event.Type, Event.MovementKind
    event_types = (
        EventType(T.AUCTION_PAIRS, T.AUCTION_PAIRS.label, M.PROGRESSIVE, fixed_directions=True),
        EventType(T.AUCTION_TEAMS, T.AUCTION_TEAMS.label, M.AUCTION_TEAM_MATCH, ranking="teams", teams=True),
    )
    del T, M
    night = night  # (the module above: SheetKind.night)
    setup_template = "sheets/auction/settings.html"
    event_template = "sheets/auction/event.html"
    api_schema = schema.SHEET
    no_game_sets = "is an Auction Calypso event: its hands are dealt at the table from a 104-card pack"
    checked_alone = True  # with the rules' score values
    demo_night = {  # progressive pairs: 12 players, 3 tables, 3 games of 4 hands
        "name": "Auction Calypso night",
        "date": "2025-04-18",
        "type": "auction-pairs",
        "games": 3,
        "auction": {"hands": 4},
        "players": 12,
    }

    def event_context(self, event, form=None) -> dict:
        return night.card(event, self.settings, form)

    def settings_form(self, data=None):
        return night.SettingsForm(data)

    def demo_sheet(self, rng, game: int, table: int) -> dict:
        """Each table's pad played by the engine's simple bots (seeded by the demo's ``rng``)."""
        return plausible_pad(rng.randrange(2**32), self.hands)
