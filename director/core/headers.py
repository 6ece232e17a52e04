"""The Content-Security-Policy header: django-csp's middleware, with the policy fitted to what each
response is. The policy itself is ``CONTENT_SECURITY_POLICY`` in the settings (see docs/security.md).

- HTML pages get the settings' policy as it is: scripts and styles from static files only.
- DRF's browsable API (a director looking at ``/api/events/`` in a browser) is DRF's own templates:
  they put ``style="float: right"`` and the like on a few elements, so those pages may use style
  *attributes*, and they inline Pygments' stylesheet, allowed by its hash. Scripts stay static-only.
- An SVG chart opened on its own is matplotlib's drawing, styled by its own ``<style>`` element and
  attributes and holding no script: it may use inline styles.
- A PDF opened in the browser is drawn by the browser's own viewer, which a page policy breaks
  (Chrome refuses the "plugin data" under ``object-src 'none'`` and the viewer's inline styles): it
  gets no policy. ``X-Frame-Options: DENY`` and ``nosniff`` still come with it.
"""

from __future__ import annotations

import base64
import functools
import hashlib

from csp.constants import UNSAFE_INLINE
from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.middleware import PolicyParts
from django.utils.html import escape
from rest_framework.compat import pygments_css
from rest_framework.renderers import BrowsableAPIRenderer

SVG = {"style-src": [UNSAFE_INLINE]}


def _content_type(response) -> str:
    return response.get("Content-Type", "").split(";", 1)[0].strip().lower()


@functools.cache
def _code_style_hash(code_style: str) -> list[str]:
    """The hash source of the ``<style>`` DRF's page inlines for ``code_style`` (as its template
    writes it, escaped), or none without Pygments."""
    css = pygments_css(code_style)
    if not css:
        return []
    digest = base64.b64encode(hashlib.sha256(escape(css).encode()).digest()).decode("ascii")
    return [f"'sha256-{digest}'"]


class CSPMiddleware(BaseCSPMiddleware):
    def process_response(self, request, response):
        if _content_type(response) == "application/pdf":
            response._csp_exempt = True  # what django-csp's @csp_exempt() marks
        return super().process_response(request, response)

    def get_policy_parts(self, request, response, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only=report_only)
        kind = _content_type(response)
        renderer = getattr(response, "accepted_renderer", None)
        if kind == "image/svg+xml":
            parts.replace = {**SVG, **(parts.replace or {})}
        elif kind == "text/html" and isinstance(renderer, BrowsableAPIRenderer):
            parts.replace = {"style-src-attr": [UNSAFE_INLINE], **(parts.replace or {})}
            parts.update = {"style-src": _code_style_hash(renderer.code_style), **(parts.update or {})}
        return parts
