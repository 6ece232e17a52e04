"""Filters for results pages: ``net`` (+120 / -40 / 0), ``mp`` (matchpoints, two places),
``pct`` (a percentage), ``figure`` (whichever of those, or a cutthroat score, the event uses),
``attr_names`` and ``get_item`` (a dict lookup by a variable key)."""

from django import template

from scoring.matchpoints import format_matchpoints, format_percentage
from scoring.tallies import signed

register = template.Library()


@register.filter
def net(value):
    if value is None or value == "":
        return ""
    return signed(int(value))


@register.filter
def mp(value):
    if value is None or value == "":
        return ""
    return format_matchpoints(value, 2)


@register.filter
def pct(value):
    if value is None or value == "":
        return ""
    return format_percentage(value, 2)


@register.filter
def figure(value, results):
    """One game's figure as ``results`` prints it: a net, matchpoints or a cutthroat score."""
    if value == "":
        return ""
    return results.value_text(value)


@register.filter
def get_item(mapping, key):
    if not mapping:
        return None
    return mapping.get(key)


@register.filter
def entrants(keys, results):
    """A side's label: ``{{ side.entrants|entrants:results }}``."""
    return results.entrant_label(keys)


@register.filter
def attr_names(entrant):
    """An entrant's names (``""`` for none): ``{{ results.entrants|get_item:key|attr_names }}``."""
    return getattr(entrant, "names", "") if entrant is not None else ""
