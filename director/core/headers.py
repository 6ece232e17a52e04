"""The Content-Security-Policy header: django-csp's middleware, with the policy fitted to what each
response is. The policy itself is ``CONTENT_SECURITY_POLICY`` in the settings (see docs/security.md).

- HTML pages get the settings' policy as it is: scripts and styles from static files only.
- DRF's browsable API (a director looking at ``/api/events/`` in a browser) is DRF's own templates,
  which put ``style="float: right"`` and the like on a few elements: those pages may use style
  *attributes*; scripts stay static-only.
- An SVG chart opened on its own is matplotlib's drawing, styled by its own ``<style>`` element and
  attributes and holding no script: it may use inline styles.
- A PDF opened in the browser is drawn by the browser's own viewer, which a page policy breaks
  (Chrome refuses the "plugin data" under ``object-src 'none'`` and the viewer's inline styles): it
  gets no policy. ``X-Frame-Options: DENY`` and ``nosniff`` still come with it.
"""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.middleware import PolicyParts
from rest_framework.renderers import BrowsableAPIRenderer

BROWSABLE_API = {"style-src-attr": [UNSAFE_INLINE]}
SVG = {"style-src": [UNSAFE_INLINE]}


def _content_type(response) -> str:
    return response.get("Content-Type", "").split(";", 1)[0].strip().lower()


class CSPMiddleware(BaseCSPMiddleware):
    def process_response(self, request, response):
        if _content_type(response) == "application/pdf":
            response._csp_exempt = True  # what django-csp's @csp_exempt() marks
        return super().process_response(request, response)

    def get_policy_parts(self, request, response, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only=report_only)
        extra = None
        if _content_type(response) == "image/svg+xml":
            extra = SVG
        elif _content_type(response) == "text/html" and _is_browsable_api(response):
            extra = BROWSABLE_API
        if extra:
            parts.replace = {**extra, **(parts.replace or {})}
        return parts


def _is_browsable_api(response) -> bool:
    return isinstance(getattr(response, "accepted_renderer", None), BrowsableAPIRenderer)
