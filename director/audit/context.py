"""The request being served, for ``record`` to name who acted without every service taking a
``by`` argument. Set by ``AuditContextMiddleware``; empty in commands, tasks and tests."""

from __future__ import annotations

import ipaddress
from contextvars import ContextVar
from functools import lru_cache

from django.conf import settings
from ipware import get_client_ip

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


@lru_cache(maxsize=8)
def _networks(trusted: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(network) for network in trusted)


def _is_trusted_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _networks(tuple(settings.TRUSTED_PROXIES)))


def request_ip(request) -> str | None:
    """The client's address: the connection's own, unless it comes from a trusted proxy
    (``TRUSTED_PROXIES``), whose X-Forwarded-For then names the client. A client that is not such a
    proxy cannot choose its address by sending the header itself.

    Behind the proxy the last entry of the header is the one that proxy added (what the client
    wrote, if anything, comes before it), so django-ipware is asked for that one entry.
    """
    if request is None:
        return None
    remote = request.META.get("REMOTE_ADDR") or None
    if remote is None or not _is_trusted_proxy(remote):
        return remote
    forwarded, _ = get_client_ip(request, proxy_count=0, strict=False, request_header_order=["HTTP_X_FORWARDED_FOR"])
    return _plain_address(forwarded) or remote


def _plain_address(text: str | None) -> str | None:
    """An address as the database stores one: ``fe80::1%eth0`` (an IPv6 zone, which PostgreSQL's
    ``inet`` refuses: the sign-in or sheet would be a 500) as ``fe80::1``; None if it is none."""
    try:
        address = ipaddress.ip_address(text or "")
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.scope_id:
        address = ipaddress.IPv6Address(str(address).split("%", 1)[0])
    return str(address)
