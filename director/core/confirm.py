"""The confirm step of an action that cannot simply be taken back (close a game, seat the next,
finish, release): the first POST shows what will happen and acts on nothing; the page's button
posts the same fields again with ``confirm=1``. It needs no script (#30, "no irreversible click")."""

from __future__ import annotations

from django.shortcuts import render

SKIP = ("csrfmiddlewaretoken", "confirm", "typed_name")


def confirmed(request) -> bool:
    """The POST is the second step (the confirm page's button)."""
    return request.POST.get("confirm") == "1"


def ask(
    request,
    *,
    event,
    title: str,
    summary: list[str],
    button: str,
    back: str,
    warning: str = "",
    typed=None,
    extra: dict | None = None,
):
    """The confirm page for ``request``'s POST: ``summary`` says what will happen, ``warning`` what
    cannot be taken back (in plain words), ``back`` where Cancel goes. The POST's own fields are sent
    again with the confirmation, and ``extra``. ``typed``: a name to type (an event with results)."""
    fields = [(key, value) for key in request.POST if key not in SKIP for value in request.POST.getlist(key)]
    fields += list((extra or {}).items())
    return render(
        request,
        "director/confirm.html",
        {
            "event": event,
            "club": event.club,
            "title": title,
            "summary": summary,
            "warning": warning,
            "button": button,
            "back": back,
            "fields": fields,
            "action": request.get_full_path(),
            "typed": typed,
        },
    )
