"""Filters for results pages: ``net`` (+120 / -40 / 0), ``mp`` (matchpoints, two places),
``pct`` (a percentage), ``figure`` (whichever of those, or an own score, the event uses),
``attr_names`` and ``get_item`` (a dict lookup by a variable key); ``standing_rows`` (the rows
of the standings table); ``of_kind`` (a template as the event's kind of sheet shows it)."""

from html import escape as esc

from django import template
from django.urls import reverse
from django.utils.safestring import mark_safe

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
    """One game's figure as ``results`` prints it: a net, matchpoints or a player's own score."""
    if value == "":
        return ""
    return results.value_text(value)


@register.filter
def of_kind(name, kind):
    """``{% include "director/standings/_scorecard.html"|of_kind:kind %}``: the kind's own version of
    the template if its folder has one (``SheetKind.templates``), else the template itself."""
    return kind.templates(name)


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


@register.simple_tag(takes_context=True)
def standing_rows(context, rows, link_cards=False):
    """The standings table's rows, one ``<tr>`` per ``StandingRow``: the page's hot loop, written
    here because a 500-table night has a thousand rows of a dozen cells, which the template
    language renders about ten times slower. Every text is escaped (``html.escape``, as Django's
    ``escape`` does, without its lazy-string wrapper). ``link_cards`` links entrants to their cards."""
    cards = esc(reverse("standings:scorecards", args=[context["event"].pk])) if link_cards else None
    percentage = context["results"].uses_matchpoints
    out = []
    for row in rows:
        entrant = row.entrant
        name = esc(entrant.names)
        if entrant.number:
            name = f"<b>{entrant.number}</b> {name}"
        if cards is not None:
            name = f'<a href="{cards}{esc(str(entrant.key))}/">{name}</a>'
        if entrant.team:
            name += f' <span class="muted small">{esc(entrant.team)}</span>'
        if row.decided_by:
            by = esc(row.decided_by)
            name += f' <span class="tb small" title="separated by {by}">{by}</span>'
        cells = "".join(f'<td class="num game-col">{esc(v)}</td>' for v in row.cells)
        tail = f'<td class="num pct">{esc(row.percentage_text)}</td>' if percentage else ""
        unranked = "" if row.rank else ' class="unranked"'
        out.append(
            f"<tr{unranked}>\n"
            f'      <td class="num rank">{esc(row.rank or "–")}</td>\n'
            f"      <td>{name}</td>\n"
            f"      {cells}\n"
            f'      <td class="num total">{esc(row.total_text)}</td>\n'
            f"      {tail}\n    </tr>"
        )
    return mark_safe("\n".join(out))  # every text above is escaped
