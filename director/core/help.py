"""``/rules/``: the rules of Calypso as the project states them (docs/rules.md), inside the app.

The page is the Markdown file itself, shipped in the package as ``director/core/rules.md`` (in a
checkout a link to docs/rules.md, so the two are one file) and rendered once per process. Open to
everyone, signed in or not: players at the table read it too.
"""

from __future__ import annotations

import functools
from importlib import resources

import markdown
from django.shortcuts import render
from django.utils.safestring import mark_safe


@functools.cache
def rules_html() -> str:
    text = resources.files("director.core").joinpath("rules.md").read_text(encoding="utf-8")
    # The project's own file, not user input: its HTML is trusted as the templates are.
    return markdown.markdown(text, extensions=["tables"], output_format="html")


def rules(request):
    return render(request, "help/rules.html", {"rules": mark_safe(rules_html())})
