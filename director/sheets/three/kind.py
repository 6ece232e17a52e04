"""A club night's table of three: the event's variant (``scoring.variants.TABLE_FORMS``) in the
seats its three players hold, clockwise — 117 cards three-handed or split, 207 Neutralised."""

from __future__ import annotations

from dataclasses import dataclass

from director.sheets.base import ScoredSheet, SheetKind, refused
from director.sheets.boxes import SheetBoxes
from scoring import scores, variants
from scoring.cards import SUIT_SYMBOLS

from . import night, schema


@dataclass(frozen=True)
class Kind(SheetBoxes, SheetKind):
    name = "three"
    label = "A table of three"
    individual = True
    table_variant: str = variants.THREE_HANDED
    table_seats: str = "SHC"

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls(variant, seats) if variant in variants.TABLE_FORMS else None

    @property
    def variant(self) -> str:
        return self.table_variant

    @property
    def seats(self) -> str:
        return self.table_seats

    @property
    def neutralised(self) -> bool:
        """Neutralised Calypso's 207 cards (♣ nobody's) rather than three-handed packs."""
        return variants.neutralised_cards(self.table_variant)

    @property
    def tag(self) -> str:
        return "neutralised" if self.neutralised else "cutthroat"

    def problems(self, data) -> list[str]:
        return variants.check_table_sheet(self.table_variant, data, self.table_seats)

    def score(self, data) -> ScoredSheet:
        try:
            variants.score_table_sheet(self.table_variant, data, self.table_seats)
        except scores.ScoreSheetError as error:
            raise refused(error) from error
        sheet = (variants.NeutralisedSheet if self.neutralised else scores.CutthroatSheet).from_dict(data)
        return ScoredSheet(sheet=sheet.to_dict(), majors=0, minors=0)

    # --- printing and standings (SheetKind.tally_figures reads the seats' totals)
    def seat_scores(self, data) -> dict[str, int]:
        """Each seat's total (split partnership: its own score plus the right-hand player's)."""
        return dict(variants.score_table_sheet(self.table_variant, data, self.table_seats).totals)

    # --- entry: three players, each scoring alone — no sides, no partners
    sides_template = "sheets/three/_sides.html"

    @property
    def deals(self) -> int:
        """The deals the table plays: three three-handed (117 cards), five Neutralised (207)."""
        return len(variants.NEUTRALISED_DEAL_SIZES) if self.neutralised else variants.THREE_HANDED_DEALS

    @property
    def entry_prompt(self) -> str:
        nth = {3: "third", 5: "fifth"}.get(self.deals, f"{self.deals}th")
        return f"After the {nth} deal, one player enters the scoresheet below"

    @property
    def check_name(self) -> str:
        return self.table_variant  # js/scores.js checkTable(variant, sheet, seats)

    def card_scores(self, sheet) -> list[dict]:
        """Each player's total (split partnership: own + the right-hand player's), clockwise."""
        try:
            figures = variants.score_table_sheet(self.table_variant, sheet, self.table_seats).totals
        except scores.ScoreSheetError:
            return []
        return [{"seat": seat, "symbol": SUIT_SYMBOLS[seat], "score": figures[seat]} for seat in self.table_seats]

    # --- events and API: the night's choices for its tables of three (``night``), its API schema
    night = night  # (the module above: SheetKind.night)
    api_schema = schema.SHEET

    def movement_figure(self, sheet, net):
        """Each seat's total (split: own + the right-hand player's): the best stays
        (``ScoreSheetError`` for a sheet of other seats)."""
        return variants.score_table_sheet(self.table_variant, sheet, self.table_seats).totals
