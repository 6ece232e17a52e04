"""An Embers night's score pad (``scoring.embers``; docs/variants.md, "Embers at the club").

A table's sheet for a game is its Embers pad, stored on the ``Submission`` as
``{"embers": [hand, ...]}`` — each hand ``scoring.embers.EmbersHand.to_dict()`` (calypsoes completed,
cards in progress at its end, both trick piles, revokes) — and scored by ``score_embers`` as a
finished game: the row's ``majors``/``minors`` are the two sides' final totals (running totals plus
20 a card in progress after the last hand). A 208-card sheet sent to an Embers night, or a pad to a
Calypso one, is refused. Every check is the engine's; this module only checks the pad's outer shape
and the event's number of hands. The kind is bound to the night's ``EmbersSettings`` (packs, fire
hands, hands: ``night.settings_of``), and every engine call takes them: the cards of a suit are
13 × packs, and up to the first ember hand nothing goes back to the pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from director.core.errors import ValidationError
from director.events.models import Event
from director.sheets.base import MAX_PROBLEMS, ScoredSheet, SheetKind
from scoring.embers import EmbersHand, check_pad, score_embers
from scoring.embers_settings import EmbersSettings
from scoring.scores import ScoreSheetError

from . import night, schema
from .pad import PAD_KEY, PadBoxes, pad_lines


def _hands(data, most: int) -> list:
    """The pad's hands, its outer shape checked (``ScoreSheetError`` saying what is wrong)."""
    if not isinstance(data, Mapping):
        raise ScoreSheetError('an Embers pad is an object: {"embers": [one object a hand, …]}')
    if PAD_KEY not in data and "trick_piles" in data:
        raise ScoreSheetError(
            "this is a Calypso scoresheet, but the night plays Embers: send the table's pad, "
            '{"embers": [one object a hand, …]}'
        )
    unknown = sorted(str(key)[:40] for key in data if key != PAD_KEY)
    if unknown:
        raise ScoreSheetError(f"unknown field {', '.join(map(repr, unknown))} in the Embers pad (only embers)")
    hands = data.get(PAD_KEY)
    if not isinstance(hands, Sequence) or isinstance(hands, str | bytes):
        raise ScoreSheetError("embers must be a list of the hands played, one object a hand")
    if not hands:
        raise ScoreSheetError("the Embers pad has no hands")
    if len(hands) > most:
        raise ScoreSheetError(f"the Embers pad has {len(hands)} hands, but this event plays at most {most} a game")
    return list(hands)


@dataclass(frozen=True)
class Kind(PadBoxes, SheetKind):
    name = "embers"
    label = "Embers Calypso score pad"
    pad = True
    settings: EmbersSettings = field(default_factory=EmbersSettings)

    @classmethod
    def for_table(cls, event, variant, seats):
        return cls(night.settings_of(event)) if event.game == Event.Game.EMBERS else None

    @property
    def hands(self) -> int:
        """The most hands a table plays in a game (the event's setting)."""
        return self.settings.hands

    @property
    def most_hands(self) -> int:
        return self.settings.hands

    def problems(self, data) -> list[str]:
        """Every problem of the pad, each naming its hand (``hand 2: …``), at most ``MAX_PROBLEMS``."""
        try:
            hands = _hands(data, self.most_hands)
        except ScoreSheetError as error:
            return [str(error)]
        return check_pad(hands, self.settings)[:MAX_PROBLEMS]

    def score(self, data) -> ScoredSheet:
        """Check and score the pad: ``ValidationError`` listing every problem, nothing else done."""
        try:
            hands = _hands(data, self.most_hands)
            scored = score_embers(hands, settings=self.settings)
        except ScoreSheetError as error:
            problems = self.problems(data) or [str(error)]
            raise ValidationError(
                f"the Embers pad is wrong: {problems[0]}", field="sheet", problems=problems
            ) from error
        sheet = {PAD_KEY: [EmbersHand.from_dict(hand).to_dict() for hand in hands]}
        return ScoredSheet(sheet=sheet, majors=scored.final["majors"], minors=scored.final["minors"])

    def lines(self, sheet) -> dict | None:
        """The stored pad for the pages (``pad_lines``)."""
        return pad_lines(sheet)

    def widget(self, prefix: str, values: dict[str, str], *, players=None, label: str = "") -> dict:
        """The pad's boxes, and the night's settings for the page script's check (embers-pad.js)."""
        return super().widget(prefix, values, players=players, label=label) | {"settings": self.settings.to_dict()}

    # --- events and API: its settings (``night``), its API schema
    night = night  # (the module above: SheetKind.night)
    event_template = "sheets/embers/event.html"
    api_schema = schema.SHEET

    def event_context(self, event, form=None) -> dict:
        """The event page's card: the packs, fire hands and hands in words, the director's reason
        for a short game and what is unwise without being refused (an odd number of hands)."""
        return {
            "embers": self.settings,
            "embers_summary": self.settings.summary(),
            "embers_reason": event.embers_short_reason,
            "embers_warnings": night.warnings(event),
        }

    @classmethod
    def check_table(cls, variant, where, *, conflict=False):
        if variant:
            raise night.odd_table_refused(where, conflict=conflict)

    @property
    def summary(self) -> str:
        game = self.settings
        fire = f"{game.fire_hands} fire hand{'s' * (game.fire_hands != 1)}"
        return f"Embers Calypso, {game.packs} packs, {fire}, up to {game.hands} hand{'s' * (game.hands != 1)} a game"
