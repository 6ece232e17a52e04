"""``{% calypso_rules %}``: the engine's constants (``scoring.browser.rules``) as a JSON script
element for the pages whose scripts check what is typed (js/scores.js, js/hands.js). Data only:
nothing executable is inlined, so a strict Content-Security-Policy allows it.

``{{ key|sheet_place }}``: a sheet's key as the sheet says it (``majors`` → ♠♥, ``S`` → ♠ player).

``{% auction_pad prefix hands sheet=… post=… values=… players=… label=… %}``: an Auction score pad
(director/templates/director/_auction_pad.html, director/core/auction_pad.py) — a plain form that
js/auction-pad.js makes live."""

from django import template
from django.utils.html import json_script

from director.core.auction_pad import pad_context
from scoring.browser import rules
from scoring.scores import SHEET_WORDS

register = template.Library()


@register.simple_tag
def calypso_rules():
    return json_script(rules(), "calypso-rules")


@register.filter
def sheet_place(key):
    return SHEET_WORDS["places"].get(key, key)


@register.inclusion_tag("director/_auction_pad.html")
def auction_pad(prefix, hands, sheet=None, post=None, values=None, players=None, label="", help=True):
    """``help=False`` where the page explains the pad once above several (the director's score entry)."""
    context = pad_context(prefix, int(hands), sheet=sheet, post=post, values=values, players=players, label=label)
    return {**context, "help": help}
