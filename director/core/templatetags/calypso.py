"""``{% calypso_rules %}``: the engine's constants (``scoring.browser.rules``) as a JSON script
element for the pages whose scripts check what is typed (js/scores.js, js/hands.js). Data only:
nothing executable is inlined, so a strict Content-Security-Policy allows it."""

from django import template
from django.utils.html import json_script

from scoring.browser import rules

register = template.Library()


@register.simple_tag
def calypso_rules():
    return json_script(rules(), "calypso-rules")
