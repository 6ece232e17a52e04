"""``{% calypso_rules %}``: the engine's constants (``scoring.browser.rules``) as a JSON script
element for the pages whose scripts check what is typed (js/scores.js, js/hands.js). Data only:
nothing executable is inlined, so a strict Content-Security-Policy allows it.

``{{ key|sheet_place }}``: a sheet's key as the sheet says it (``majors`` → ♠♥, ``S`` → ♠ player)."""

from django import template
from django.utils.html import json_script

from scoring.browser import rules
from scoring.scores import SHEET_WORDS

register = template.Library()


@register.simple_tag
def calypso_rules():
    return json_script(rules(), "calypso-rules")


@register.filter
def sheet_place(key):
    return SHEET_WORDS["places"].get(key, key)
