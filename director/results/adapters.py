"""Between ``Submission`` rows and the scoring engines: ``scoring.scores`` for Calypso sheets
(partnership or cutthroat; a club night's table of three by its variant, ``scoring.variants``), ``scoring.auction``
for an Auction Calypso event's score pad, ``scoring.embers`` for an Embers night's pads (through
``results.embers.EmbersRules``, a ``PadRules``).

Which engine reads a sheet is the event's (``SheetRules.of(event)``), never the sheet's own say:
a pad sent to a Calypso event, or a 208-card sheet to an Auction or Embers one, is refused as malformed.

An Auction pad is stored as ``{"hands": [<calypso-auction-hand/1>, ...]}`` (docs/formats.md,
"Auction score pad on a Submission"), each hand in canonical form; the row's ``majors`` and
``minors`` are the pad's final totals of the two sides (``PAD_SIDES``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from director.core.errors import ValidationError
from director.events.embers import is_embers
from scoring import auction, scores, variants
from scoring.auction_settings import AuctionSettings

PARTNERSHIP, CUTTHROAT, AUCTION = "partnership", "cutthroat", "auction"
# scoring.auction's sides (S + H, D + C) → the director's directions: the one mapping.
PAD_SIDES = {"majors": "majors", "minors": "minors"}
assert set(PAD_SIDES) == set(auction.SIDES)
PAD_KEYS = {"hands"}
MAX_PROBLEMS = 20


class PadRules:
    """An event whose sheets another engine reads (``results.embers.EmbersRules``): a ``SheetRules``'
    ``pad``, to which ``sheet_problems``/``score_sheet`` hand the sheet."""

    form = ""

    def problems(self, data) -> list[str]:
        raise NotImplementedError

    def score(self, data) -> ScoredSheet:
        raise NotImplementedError


@dataclass(frozen=True)
class SheetRules:
    """How an event's sheets are read: ``form`` partnership / cutthroat / auction, or a club night's
    table of three's variant (``scoring.variants.TABLE_FORMS``) in its ``seats``; ``auction`` the
    Auction event's settings (its score values, and how many hands a pad may hold); ``pad`` an event
    whose sheets another engine reads (an Embers night's pads)."""

    form: str = PARTNERSHIP
    auction: AuctionSettings | None = None
    seats: str = ""
    pad: PadRules | None = None

    @classmethod
    def of(cls, event) -> SheetRules:
        if event.is_auction:
            return cls(AUCTION, event.auction_settings)
        if is_embers(event):
            from .embers import EmbersRules  # (results.embers builds on this module)

            rules = EmbersRules(event.embers_hands)
            return cls(rules.form, pad=rules)
        return cls(event.form or PARTNERSHIP)

    @property
    def is_auction(self) -> bool:
        return self.form == AUCTION

    @property
    def pad_hands(self) -> int:
        """The rows of the event's Auction score pad (its hands per round); 0 for any other sheet."""
        return self.auction.hands if self.is_auction and self.auction is not None else 0


def _rules(form) -> SheetRules:
    """``form`` as given by callers: a ``SheetRules``, or a Calypso form's name."""
    return form if isinstance(form, SheetRules) else SheetRules(form or PARTNERSHIP)


def table_form(form: str | SheetRules, variant: str | None, seats: str = "") -> SheetRules:
    """The rules of one table's sheet: a club night's table of three's variant (``three-handed``,
    ``split``, ``neutralised``…) in its ``seats``, a Duet's partnership sheet (one player a side),
    else the event's (``form``: its ``SheetRules`` or its Calypso form's name)."""
    if variant in variants.TABLE_FORMS:
        return SheetRules(variant, seats=seats)
    return SheetRules(PARTNERSHIP) if variant == "duet" else _rules(form)


@dataclass(frozen=True)
class ScoredSheet:
    """A checked scoresheet in canonical JSON with its scores (what a Submission row stores)."""

    sheet: dict
    majors: int
    minors: int

    @property
    def net(self) -> int:
        return self.majors - self.minors


# --- Auction score pads ----------------------------------------------------------------------------
def _pad_hands(data, settings: AuctionSettings) -> list:
    """The pad's list of hands, its shape checked (``AuctionError`` saying what is wrong)."""
    if not isinstance(data, Mapping):
        raise auction.AuctionError('an Auction score pad is an object: {"hands": [one object a hand, …]}')
    unknown = sorted(str(k)[:40] for k in data if k not in PAD_KEYS)
    if unknown:
        raise auction.AuctionError(f"unknown field {', '.join(map(repr, unknown))} in the score pad (only hands)")
    hands = data.get("hands")
    if not isinstance(hands, Sequence) or isinstance(hands, str | bytes):
        raise auction.AuctionError("hands must be a list of the hands played, one object a hand")
    if not hands:
        raise auction.AuctionError("the score pad has no hands")
    if len(hands) > settings.hands:
        raise auction.AuctionError(
            f"the score pad has {len(hands)} hands, but this event plays {settings.hands} a round"
        )
    return list(hands)


def pad_problems(data, settings: AuctionSettings) -> list[str]:
    """Every problem of a pad, hand by hand (``hand 2: …``), at most ``MAX_PROBLEMS``."""
    try:
        hands = _pad_hands(data, settings)
    except auction.AuctionError as error:
        return [str(error)]
    problems = []
    for number, hand in enumerate(hands, start=1):
        try:
            auction.score_pad([hand], settings.values)
        except auction.AuctionError as error:
            problems.append(f"hand {number}: {str(error).removeprefix('hand 1: ')}")
        if len(problems) >= MAX_PROBLEMS:
            break
    return problems


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


def score_pad(data, settings: AuctionSettings) -> ScoredSheet:
    """Check and score an Auction pad with the event's values: ``ValidationError`` listing every
    wrong hand (``problems``) and nothing else done."""
    try:
        hands = _pad_hands(data, settings)
        scored = auction.score_pad(hands, settings.values)
    except auction.AuctionError as error:
        problems = pad_problems(data, settings) or [str(error)]
        raise ValidationError(f"the scoresheet is wrong: {problems[0]}", field="sheet", problems=problems) from error
    totals = scored[-1][1]
    sheet = {"hands": [canonical_hand(score, hand) for (score, _), hand in zip(scored, hands, strict=True)]}
    return ScoredSheet(sheet=sheet, majors=totals[PAD_SIDES["majors"]], minors=totals[PAD_SIDES["minors"]])


def pad_lines(sheet, values: auction.AuctionValues = auction.VALUES) -> list[dict]:
    """A stored pad hand by hand for the pages, scored with the event's ``values``: the hand, its
    score and the running totals by side (``[]`` for a sheet that is not a pad that scores — it
    was checked when stored)."""
    hands = sheet.get("hands") if isinstance(sheet, Mapping) else None
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


# --- any sheet ---------------------------------------------------------------------------------------
def sheet_problems(data, *, form: str | SheetRules = PARTNERSHIP) -> list[str]:
    """Every problem with a (possibly half-typed) sheet, for a live check as the director types."""
    rules = _rules(form)
    if rules.pad is not None:
        return rules.pad.problems(data)
    if rules.is_auction:
        return pad_problems(data, rules.auction)
    if rules.form in variants.TABLE_FORMS:  # a club night's table of three, in its seats
        return variants.check_table_sheet(rules.form, data, rules.seats)
    if rules.form == CUTTHROAT:
        return scores.check_cutthroat(data)
    return scores.check_sheet(data)


MAX_SCORE = 2**31 - 1
"""The largest score a ``Submission`` column holds on every database (PostgreSQL's integer)."""


def score_sheet(data, *, form: str | SheetRules = PARTNERSHIP) -> ScoredSheet:
    """``scored_sheet``, refused (``ValidationError``) when its scores are more than a score column
    holds: the engines set no upper limit on a bid's points, and 20 digits of them would reach the
    database as a 500 rather than as the mistake it is."""
    scored = scored_sheet(data, form=form)
    if max(abs(scored.majors), abs(scored.minors), abs(scored.net)) > MAX_SCORE:
        raise ValidationError(
            f"the scoresheet is wrong: the scores come to ♠♥ {scored.majors:,} · ♦♣ {scored.minors:,}, beyond the "
            f"±{MAX_SCORE:,} a score may be: check the points bid",
            field="sheet",
        )
    return scored


def scored_sheet(data, *, form: str | SheetRules = PARTNERSHIP) -> ScoredSheet:
    """Check and score a sheet (dict from a form, the API or a file). Raises ``ValidationError``
    listing every problem — text where a number belongs, a negative count, cards not adding to 208
    (an Auction pad: to 52 a hand).

    Cutthroat sheets and a table of three's have individual scores and no partnership totals:
    ``majors``/``minors`` are 0 and the players' figures are read from the sheet when needed
    (``scoring.variants.score_table_sheet`` for a table of three). An Embers pad's are the sides'
    final totals (``results.embers``).

    The one dispatch of a sheet to its engine: ``form`` is the event's ``SheetRules`` (or a
    table's, ``table_form``), or a Calypso form's name.
    """
    rules = _rules(form)
    if rules.pad is not None:
        return rules.pad.score(data)
    if rules.is_auction:
        return score_pad(data, rules.auction)
    try:
        if rules.form in variants.TABLE_FORMS:
            variants.score_table_sheet(rules.form, data, rules.seats)
            kind = variants.NeutralisedSheet if variants.neutralised_cards(rules.form) else scores.CutthroatSheet
            return ScoredSheet(sheet=kind.from_dict(data).to_dict(), majors=0, minors=0)
        if rules.form == CUTTHROAT:
            sheet = scores.CutthroatSheet.from_dict(data)
            return ScoredSheet(sheet=sheet.to_dict(), majors=0, minors=0)
        sheet = scores.ScoreSheet.from_dict(data)
        game = scores.score_game(sheet)
    except scores.ScoreSheetError as error:
        raise ValidationError(f"the scoresheet is wrong: {error}", field="sheet", problems=error.problems) from error
    return ScoredSheet(sheet=sheet.to_dict(), majors=game.majors, minors=game.minors)


def is_pad(sheet) -> bool:
    """A stored sheet is an Auction pad (not a 208-card Calypso sheet)."""
    return isinstance(sheet, Mapping) and "hands" in sheet


def to_score_sheet(submission) -> scores.ScoreSheet:
    """The stored sheet as a ``scoring.scores.ScoreSheet`` (it was checked when stored). Not for
    an Auction pad (``ValueError``: it has no 208-card sheet)."""
    if is_pad(submission.sheet):
        raise ValueError("an Auction score pad is not a 208-card Calypso sheet")
    return scores.ScoreSheet.from_dict(submission.sheet, validate=False)


def to_game_score(submission) -> scores.GameScore:
    if is_pad(submission.sheet):
        raise ValueError("an Auction score pad is not a 208-card Calypso sheet")
    return scores.score_game(submission.sheet)
