"""The request being served, for ``record`` to name who acted without every service taking a
``by`` argument. Set by ``AuditContextMiddleware``; empty in commands, tasks and tests."""

from __future__ import annotations

from contextvars import ContextVar

_request: ContextVar = ContextVar("calypso_audit_request", default=None)


def current_request():
    return _request.get()


class AuditContextMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _request.set(request)
        try:
            return self.get_response(request)
        finally:
            _request.reset(token)


def request_user(request):
    """The request's signed-in user (read lazily: the API authenticates tokens inside its views
    and sets ``request.user`` on the underlying request), or None."""
    user = getattr(request, "user", None) if request is not None else None
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def request_ip(request) -> str | None:
    return (request.META.get("REMOTE_ADDR") or None) if request is not None else None
