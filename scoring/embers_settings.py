"""An Embers Calypso game's settings: how many packs, how many fire hands, how many hands.

The rules page (quoted in issue #32, docs/variants.md "Embers"): "the first hand is played as usual —
this hand is known as the fire. Thereafter, from the second hand onwards (the ember hands) there is a
procedure to follow at the end of each hand"; three packs is the minimum, and with more packs up to
packs − 2 fire hands: with six, "four fire hands (i.e. you only start the sin-bin/green-room process at
the end of the fifth hand)". The length: "Four is the bare minimum, but twelve is probably a decent
number", ideally even.

The one home of those limits. ``EmbersSettings.check`` says what is wrong (errors) and what is only
unwise (warnings); ``from_dict`` reads what a director typed or an API client sent and refuses what
can never be played; ``to_dict`` is what an event stores (every value). The engine
(``scoring.embers``: the pad's checks, the game) takes the settings; the browser's copy of the figures
is ``scoring.browser.rules()["embers"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .scores import CALYPSO_CARDS

LEAST_PACKS = 3  # "three packs is the minimum"
MOST_PACKS = 6  # the most the rules page speaks of ("with six packs, four fire hands")
LEAST_FIRE_HANDS = 1  # "the first hand is played as usual — this hand is known as the fire"
LEAST_HANDS = 4  # "Four is the bare minimum": fewer only with the director's override
DECENT_HANDS = 12  # "but twelve is probably a decent number"
DEFAULT_HANDS = 4
MOST_HANDS = 32  # not a rule: a pad, its page and its printed sheet end somewhere
PACK = 4 * CALYPSO_CARDS  # 52 cards a pack, and a hand deals 52 (13 to each of four players)
FIELDS = ("packs", "fire_hands", "hands")


class EmbersSettingsError(ValueError):
    """Settings that cannot be played; ``problems`` lists each, the message joins them."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class SettingsCheck:
    """What ``EmbersSettings.check`` found: ``errors`` refuse the settings, ``warnings`` are shown."""

    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors


def most_fire_hands(packs: int) -> int:
    """Up to ``packs − 2`` fire hands: the first ember hand is then dealt from the last 104 cards and
    leaves 52 undealt, so the next hand can be dealt while every trick pile sits out."""
    return packs - 2


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class EmbersSettings:
    """``packs`` (3–6) shuffled together once; ``fire_hands`` (1 to packs − 2) played as usual, each
    dealt from the cards not yet dealt; ``hands`` in the game. Hand numbers here are 1-based."""

    packs: int = LEAST_PACKS
    fire_hands: int = LEAST_FIRE_HANDS
    hands: int = DEFAULT_HANDS

    @property
    def deck(self) -> int:
        """The cards in play: 52 a pack (the conservation check's total)."""
        return PACK * self.packs

    @property
    def per_suit(self) -> int:
        """The cards of one suit in the packs: the most a player can hold of their own suit."""
        return CALYPSO_CARDS * self.packs

    @property
    def first_ember_hand(self) -> int:
        """The first hand at whose end the sin-bin/green-room procedure runs."""
        return self.fire_hands + 1

    def is_fire(self, hand: int) -> bool:
        """Hand ``hand`` (1-based) is a fire hand: played as usual, nothing goes back to the pack."""
        return hand <= self.fire_hands

    def undealt_before(self, hand: int) -> int | None:
        """The cards hand ``hand`` is dealt from, up to the first ember hand (52 × packs − 52 a hand
        already dealt); ``None`` later, when it depends on the calypsoes completed."""
        if hand > self.first_ember_hand:
            return None
        return self.deck - PACK * (hand - 1)

    def check(self, *, short_allowed: bool = False) -> SettingsCheck:
        """Errors and warnings, each naming the setting. ``short_allowed`` is the director's
        override for a game shorter than the rules' bare minimum of four hands (or one with no
        ember hand): those become warnings instead of errors."""
        errors: list[str] = []
        warnings: list[str] = []
        packs, fire, hands = self.packs, self.fire_hands, self.hands
        packs_ok = _is_whole(packs) and LEAST_PACKS <= packs <= MOST_PACKS
        if not packs_ok:
            errors.append(
                f"packs is {packs!r}: Embers is played with {LEAST_PACKS} to {MOST_PACKS} packs "
                f"(three packs is the minimum)"
            )
        fire_ok = _is_whole(fire) and fire >= LEAST_FIRE_HANDS and (not packs_ok or fire <= most_fire_hands(packs))
        if not fire_ok:
            most = f"{most_fire_hands(packs)} (packs − 2)" if packs_ok else "packs − 2"
            with_packs = f"with {packs} packs " if packs_ok else ""
            errors.append(f"fire_hands is {fire!r}: {with_packs}a game has {LEAST_FIRE_HANDS} to {most} fire hands")
        if not (_is_whole(hands) and 1 <= hands <= MOST_HANDS):
            errors.append(f"hands is {hands!r}: a game is 1 to {MOST_HANDS} hands")
            return SettingsCheck(tuple(errors), tuple(warnings))
        short = errors if not short_allowed else warnings
        if hands < LEAST_HANDS:
            override = "allowed by the director's override" if short_allowed else "fewer need the director's override"
            short.append(
                f"hands is {hands}: four hands is the bare minimum of an Embers game (twelve is probably a "
                f"decent number); {override}"
            )
        if fire_ok and hands <= fire:
            short.append(
                f"hands is {hands}: with {fire} fire hand{'s' if fire > 1 else ''} the sin-bin/green-room "
                f"procedure first runs at the end of hand {fire + 1}, so a game of {hands} has no ember hand"
            )
        if hands % 2:
            warnings.append(f"hands is {hands}: an odd number of hands; an even number is ideal")
        return SettingsCheck(tuple(errors), tuple(warnings))

    def require(self, *, short_allowed: bool = False) -> EmbersSettings:
        """``self`` when ``check`` finds no error, else ``EmbersSettingsError`` naming each."""
        errors = self.check(short_allowed=short_allowed).errors
        if errors:
            raise EmbersSettingsError(list(errors))
        return self

    def summary(self) -> str:
        """In words, for pages and printed pads."""
        fire = f"{self.fire_hands} fire hand{'s' if self.fire_hands > 1 else ''}"
        return (
            f"{self.packs} packs ({self.deck} cards), {fire}, {self.hands} hands: the sin-bin/green-room "
            f"procedure runs at the end of each hand from hand {self.first_ember_hand}"
        )

    def to_dict(self) -> dict[str, Any]:
        """As an event stores it: every value."""
        return {"packs": self.packs, "fire_hands": self.fire_hands, "hands": self.hands}

    @classmethod
    def from_dict(cls, data: object) -> EmbersSettings:
        """From ``{"packs": 3, "fire_hands": 1, "hands": 12}`` (anything left out keeps its default;
        whole numbers, or their digits as text). ``EmbersSettingsError`` naming every problem with
        what can never be played; the length rule (fewer than four hands, no ember hand) is
        ``check``'s, which knows whether the director overrode it."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise EmbersSettingsError(["the Embers settings are an object with packs, fire_hands and hands"])
        unknown = sorted(str(key)[:40] for key in data if key not in FIELDS)
        if unknown:
            raise EmbersSettingsError([f"unknown Embers setting {', '.join(map(repr, unknown))} ({', '.join(FIELDS)})"])
        problems: list[str] = []
        values: dict[str, int] = {}
        for name in FIELDS:
            if name in data:
                value = _read_whole(data[name])
                if value is None:
                    shown = data[name][:20] if isinstance(data[name], str) else data[name]
                    problems.append(f"{name} must be a whole number, not {shown!r}")
                else:
                    values[name] = value
        if problems:
            raise EmbersSettingsError(problems)
        return cls(**values).require(short_allowed=True)


def _read_whole(value: object) -> int | None:
    if _is_whole(value):
        return value  # type: ignore[return-value]
    if isinstance(value, str):
        text = value.strip()
        # isdecimal, not isdigit: int() reads every decimal digit, but not "²"; at most 4 digits
        if text.isdecimal() and len(text) <= 4:
            return int(text)
    return None


DEFAULTS = EmbersSettings()

__all__ = [
    "DEFAULTS",
    "DEFAULT_HANDS",
    "LEAST_HANDS",
    "LEAST_PACKS",
    "MOST_HANDS",
    "MOST_PACKS",
    "EmbersSettings",
    "EmbersSettingsError",
    "SettingsCheck",
    "most_fire_hands",
]
