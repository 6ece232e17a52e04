"""A progressive individual played cutthroat: a trick pile and a score per player (``scoring.scores``)."""

from __future__ import annotations

from dataclasses import dataclass

from director.events.models import Event
from director.sheets.base import ScoredSheet, SheetKind, refused
from director.sheets.boxes import SheetBoxes
from scoring import scores
from scoring.cards import SUIT_SYMBOLS, SUITS
from scoring.tallies import Discrepancy, cutthroat_cross_check, plain

from . import night, schema
from .standings import parse_score


@dataclass(frozen=True)
class Kind(SheetBoxes, SheetKind):
    name = "cutthroat"
    label = "Cutthroat Calypso"
    individual = True

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls() if event.form == Event.Form.CUTTHROAT else None

    @property
    def tag(self) -> str:
        return "cutthroat"

    def problems(self, data) -> list[str]:
        return scores.check_cutthroat(data)

    def score(self, data) -> ScoredSheet:
        try:
            sheet = scores.CutthroatSheet.from_dict(data)
        except scores.ScoreSheetError as error:
            raise refused(error) from error
        return ScoredSheet(sheet=sheet.to_dict(), majors=0, minors=0)

    def seat_scores(self, data) -> dict[str, int]:
        return dict(scores.score_cutthroat(data).scores)

    # --- standings: each player scores alone, so the event adds own scores (no sign, no zero sum)
    standings = "cutthroat"

    def tally_figures(self, sheet, *, own: bool) -> dict[str, int] | None:
        try:
            return self.seat_scores(sheet)
        except scores.ScoreSheetError:  # a partnership sheet stored before the event's form changed
            return None

    def read_figure(self, text) -> int | None:
        return parse_score(text)

    def figure_text(self, value: int) -> str:
        return plain(value)

    def cross_check(self, cards, results, *, names, zero_sum: bool) -> list[Discrepancy]:
        """Each card against its lines and the sheets' own scores: nothing pairs, nothing adds to 0."""
        return cutthroat_cross_check(cards, results, names=names)

    # --- entry: a table may play three-handed (117 cards), saying which seat is empty (``absent``)
    help_template = "sheets/cutthroat/help.html"
    ABSENT_CHOICES = [("", "Four players · 208 cards")] + [
        (seat, f"Three-handed, no {SUIT_SYMBOLS[seat]} player · 117 cards") for seat in SUITS
    ]

    def left_out(self, data, prefix: str = "") -> str:
        absent = str(data.get(f"{prefix}absent", "") or "").strip()
        return absent if len(absent) == 1 and absent in SUITS else ""

    def left_out_values(self, absent: str, prefix: str) -> dict[str, str]:
        return {f"{prefix}absent": absent}

    def values(self, sheet, prefix: str = "") -> dict[str, str]:
        values = super().values(sheet, prefix)
        named = sheet.get("calypsos") if isinstance(sheet, dict) else None
        missing = [seat for seat in SUITS if seat not in (named if isinstance(named, dict) else {})]
        return values | {f"{prefix}absent": missing[0] if len(missing) == 1 else ""} if values else values

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        widget = super().widget(prefix, values, players=players, label=label)
        absent = values.get(f"{prefix}absent", "")
        for seat in widget["seats"]:
            seat["absent"] = seat["seat"] == absent
        chooser = {"name": f"{prefix}absent", "value": absent, "choices": self.ABSENT_CHOICES}
        return widget | {"absent": chooser | {"template": "sheets/cutthroat/absent.html"}}

    def card_scores(self, sheet) -> list[dict]:
        try:
            figures = scores.score_cutthroat(sheet).scores
        except scores.ScoreSheetError:  # a partnership sheet stored before the event became cutthroat
            return []
        return [{"seat": seat, "symbol": SUIT_SYMBOLS[seat], "score": figures[seat]} for seat in figures]

    # --- events and API: the event's form (``night``), its API schema
    night = night  # (the module above: SheetKind.night)
    api_schema = schema.SHEET
    checked_alone = True
    # the API's tally check has always said so under the kind's name (clients read it)
    tally_check_fields = {"cutthroat": ("own_scores", "cards hold each player's own score")}
