"""The event page's e-mail card reads its counts here, so the event page only includes a partial."""

from __future__ import annotations

from django import template

from director.mail import services

register = template.Library()


@register.simple_tag
def mail_state(event) -> dict:
    counts = services.outbox_counts(event)
    total = sum(counts.values())
    return {**counts, "total": total, "corrections": services.corrections_due(event) if counts["sent"] else 0}
