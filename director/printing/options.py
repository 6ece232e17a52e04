"""Print options shared by every document, and the errors a person can cause."""

from __future__ import annotations

from dataclasses import dataclass

from . import layout
from .words import EVENT_WORDS, LANGUAGES, EventWords, Words

PAPER_CHOICES = tuple(layout.PAPERS)  # a4, letter
ENVELOPE_CHOICES = (*layout.ENVELOPES, "labels")  # c6, dl, labels
LANGUAGE_CHOICES = tuple(LANGUAGES)  # en, fr, es


class PrintError(ValueError):
    """Something a person can get wrong when asking for a print; the message says what and where."""


class PrintOptionError(PrintError):
    """An unknown paper size, envelope size or language."""


class PrintInputError(PrintError):
    """Game sets (or other input data) that cannot be printed as they are."""


def _choice(what: str, value: str, choices: tuple[str, ...]) -> str:
    normal = str(value).strip().lower()
    if normal not in choices:
        raise PrintOptionError(f"unknown {what} {value!r}: choose one of {', '.join(choices)}")
    return normal


@dataclass(frozen=True)
class PrintOptions:
    """How to print: ``paper`` (a4, letter), ``envelope`` (c6, dl, labels — labels are printed on
    ``paper``), ``lang`` (en, fr, es: suit names and words), ``event`` (name printed on every page,
    may be empty) and ``compress`` (compress page streams; off by default, see docs/benchmarks.md).
    Values are case-insensitive; a bad one raises ``PrintOptionError``."""

    paper: str = "a4"
    envelope: str = "c6"
    lang: str = "en"
    event: str = ""
    compress: bool = layout.COMPRESS

    def __post_init__(self) -> None:
        object.__setattr__(self, "paper", _choice("paper size", self.paper, PAPER_CHOICES))
        object.__setattr__(self, "envelope", _choice("envelope size", self.envelope, ENVELOPE_CHOICES))
        object.__setattr__(self, "lang", _choice("language", self.lang, LANGUAGE_CHOICES))
        object.__setattr__(self, "event", " ".join(str(self.event or "").split()))

    @property
    def words(self) -> Words:
        return LANGUAGES[self.lang]

    @property
    def event_words(self) -> EventWords:
        return EVENT_WORDS[self.lang]

    @property
    def page_size(self) -> tuple[float, float]:
        return layout.PAPERS[self.paper]
