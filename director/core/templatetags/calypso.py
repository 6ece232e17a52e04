"""``{% calypso_rules %}``: the engine's constants (``scoring.browser.rules``) as a JSON script
element for the pages whose scripts check what is typed (js/scores.js, js/hands.js). Data only:
nothing executable is inlined, so a strict Content-Security-Policy allows it.

``{{ key|sheet_place }}``: a sheet's key as the sheet says it (``majors`` → ♠♥, ``S`` → ♠ player);
``{{ text|suits }}``: suit symbols spoken by name ("♠♥" is read "spades and hearts")."""

import re

from django import template
from django.utils.html import conditional_escape, format_html, json_script
from django.utils.safestring import mark_safe

from scoring.browser import rules
from scoring.cards import SUIT_NAMES as CARD_SUIT_NAMES
from scoring.cards import SUIT_SYMBOLS
from scoring.scores import SHEET_WORDS

register = template.Library()


@register.simple_tag
def calypso_rules():
    return json_script(rules(), "calypso-rules")


# A screen reader says a suit's name, not its symbol ("♠" may be read as nothing, or "black spade
# suit"): each symbol, or a side's pair ("♠♥"), is shown as it is and spoken by name.
SUIT_KEYS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
SUIT_NAMES = {symbol: CARD_SUIT_NAMES[suit].lower() for suit, symbol in SUIT_SYMBOLS.items()}
_SUIT_RUN = re.compile("[" + "".join(SUIT_SYMBOLS.values()) + "]+")


def _spoken(run: str) -> str:
    return format_html('<span role="img" aria-label="{}">{}</span>', _said(run), run)


@register.filter(needs_autoescape=True)
def suits(text, autoescape=True):
    """``{{ text|suits }}``: ``text`` (escaped) with its suit symbols spoken by name."""
    text = conditional_escape(text) if autoescape else str(text)
    return mark_safe(_SUIT_RUN.sub(lambda m: _spoken(m[0]), str(text)))  # escaped above


@register.filter
def sheet_place(key):
    """A sheet's key as the sheet says it (``majors`` → ♠♥, ``S`` → ♠ player), suits spoken."""
    return suits(SHEET_WORDS["places"].get(key, key))


@register.filter
def suit_name(suit) -> str:
    """``{{ "S"|suit_name }}`` or ``{{ "♠"|suit_name }}`` → ``spades`` (for an aria-label)."""
    symbol = {key: symbol for symbol, key in SUIT_KEYS.items()}.get(suit, suit)
    return SUIT_NAMES.get(symbol, suit)


def _said(run: str) -> str:
    names = [SUIT_NAMES[symbol] for symbol in run]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@register.filter
def suit_words(text) -> str:
    """``{{ "Hand 1 ♠♥ trick pile"|suit_words }}`` → ``Hand 1 spades and hearts trick pile``: plain
    text for an ``aria-label`` (an attribute cannot hold the spoken markup ``|suits`` gives)."""
    return _SUIT_RUN.sub(lambda m: _said(m[0]), str(text))
