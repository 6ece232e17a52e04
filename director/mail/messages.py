"""A results message for one outbox row: text and HTML parts, the player's score card as a PDF,
a signed unsubscribe link (in the text and in ``List-Unsubscribe``) and a Message-ID of its own."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives, make_msgid
from django.template.loader import render_to_string
from django.urls import reverse

from director.printing.event_data import event_options, load_event_data
from director.printing.models import PrintJob
from director.printing.tally_cards import render_tally_cards

from .models import Outbox
from .words import words

UNSUBSCRIBE_SALT = "director.mail.unsubscribe"


def unsubscribe_token(player) -> str:
    """A signed token naming the player (and their club): the link works without signing in, and
    nobody can make one for another player without the secret key."""
    return signing.dumps({"p": player.pk, "c": player.club_id}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_url(player) -> str:
    return settings.PUBLIC_BASE_URL.rstrip("/") + reverse("mail:unsubscribe", args=[unsubscribe_token(player)])


def read_token(token: str) -> dict | None:
    """The token's ``{"p": player id, "c": club id}``, or ``None`` if it was not made here."""
    try:
        value = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return value if isinstance(value, dict) and {"p", "c"} <= set(value) else None


def event_language(event) -> str:
    """The language of the event's latest printed documents (their ``lang``), English without any."""
    options = PrintJob.objects.filter(event=event).order_by("-pk").values_list("options", flat=True).first()
    return (options or {}).get("lang") or "en"


def score_card_pdf(event, entrant, lang: str) -> bytes:
    """The player's own tally card (the printed tally cards, their entrant's only)."""
    return render_tally_cards(load_event_data(event), event_options(event, {"lang": lang}), entrants=[entrant])


def standings_url(event) -> str:
    return settings.PUBLIC_BASE_URL.rstrip("/") + reverse("public:standings", args=[event.club.slug, event.pk])


def build(row: Outbox) -> EmailMultiAlternatives:
    event, player = row.event, row.player
    lang = event_language(event)
    w = words(lang)
    figures = row.figures
    names = {"event": event.name, "club": event.club.name, "date": event.date.isoformat(), "name": player.name}
    unsubscribe = unsubscribe_url(player)
    context = {
        "w": w,
        "hello": w["hello"].format(**names),
        "intro": w["intro"].format(**names),
        "corrected": row.kind == Outbox.Kind.CORRECTED,
        "f": figures,
        "standings_url": standings_url(event),
        "unsubscribe_url": unsubscribe,
        "lang": lang,
    }
    subject = w["corrected_subject" if context["corrected"] else "subject"].format(**names)
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("mail/results.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.address],
        headers={
            # RFC 2369 and RFC 8058: mail programs show an unsubscribe button that posts to the link.
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Message-ID": make_msgid(f"outbox-{row.pk}-{row.kind}"),
            "Content-Language": lang,
        },
    )
    message.attach_alternative(render_to_string("mail/results.html", context), "text/html")
    card = score_card_pdf(event, figures["entrant"], lang)
    message.attach(f"score-card-{event.date.isoformat()}.pdf", card, "application/pdf")
    return message
