"""No template holds what the Content-Security-Policy refuses (docs/security.md, "Headers"): an
inline script, a <style> block, a style="" attribute or an on…= handler. The browser test
(tests/browser/test_content_security_policy.py) sees a page break; this finds it in every template
at once, including pages the browser test does not open."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

ROOT = Path(settings.BASE_DIR)
TEMPLATES = sorted({*ROOT.glob("director/templates/**/*.html"), *ROOT.glob("director/**/templates/**/*.html")})
SCRIPT = re.compile(r"<script\b([^>]*)>", re.I)
REFUSED = {
    "a <style> block": re.compile(r"<style\b", re.I),
    'a style="" attribute': re.compile(r"""\sstyle\s*=\s*["']""", re.I),
    "an inline event handler": re.compile(r"""\son[a-z]+\s*=\s*["']""", re.I),
}


def problems(text: str) -> list[str]:
    found = [what for what, pattern in REFUSED.items() if pattern.search(text)]
    for attributes in SCRIPT.findall(text):
        if "src=" not in attributes and "application/json" not in attributes:
            found.append("an inline <script>")
    return found


def test_the_scan_sees_each_kind():
    assert problems('<p style="color:red">') == ['a style="" attribute']
    assert problems("<style>p{}</style>") == ["a <style> block"]
    assert problems('<button onclick="go()">') == ["an inline event handler"]
    assert problems("<script>go()</script>") == ["an inline <script>"]
    assert problems('<script src="/static/x.js" defer></script><script type="application/json">{}</script>') == []


def test_no_template_holds_what_the_policy_refuses():
    assert len(TEMPLATES) > 40
    found = {str(path.relative_to(ROOT)): problems(path.read_text("utf-8")) for path in TEMPLATES}
    assert {path: what for path, what in found.items() if what} == {}
