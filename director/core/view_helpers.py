"""Helpers every audience's director views share: the sign-in and error mapping of a view, and
putting a service's error next to the form field it names."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404

from director.core.errors import DomainError, NotFound, PermissionDenied


def director_view(view):
    """Signed-in only (anonymous: to the sign-in page); ``NotFound`` is a 404, ``PermissionDenied`` a 403."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except NotFound as error:
            raise Http404(error.message) from error
        except PermissionDenied as error:
            raise DjangoPermissionDenied(error.message) from error

    return wrapper


def place_error(form, error: DomainError, *, fields: dict | None = None, default=None) -> None:
    """Put a service's error next to the form field it names (``fields`` maps service field names
    to form field names); otherwise on ``default`` or at the top of the form."""
    name = (fields or {}).get(error.field, error.field)
    if name not in form.fields:
        name = default
    for problem in error.problems if len(error.problems) > 1 else [error.message]:
        form.add_error(name, problem)
