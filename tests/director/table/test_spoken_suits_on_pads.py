"""Every kind's phone form speaks its suits by name (#30.11): a screen reader says "We are spades and
hearts" and "Spades revokes", not "We are ♠♥" (read as nothing, or "black spade suit"). No
``aria-label`` on a phone's form or pad holds a bare suit symbol, and each "who is entering it?"
radio's accessible name (its label's text, a ``role="img"`` span counted by its ``aria-label``)
names the suits."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from director.sheets.registry import kinds

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

SYMBOLS = re.compile("[♠♥♦♣]")
ARIA = re.compile(r'aria-label="([^"]*)"')
SIDE_LABEL = re.compile(r'<label><input type="radio" name="side"[^>]*>(.*?)</label>', re.S)


class _Name(HTMLParser):
    """A label's name as a screen reader builds it: text, and an element of ``role="img"`` by its
    ``aria-label`` (what it holds is not read)."""

    def __init__(self):
        super().__init__()
        self.words, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.hidden:
            self.hidden += 1
        elif attrs.get("role") == "img" and "aria-label" in attrs:
            self.words.append(f" {attrs['aria-label']} ")
            self.hidden = 1

    def handle_endtag(self, tag):
        self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden:
            self.words.append(data)


def accessible_name(label_html: str) -> str:
    parser = _Name()
    parser.feed(label_html)
    return " ".join("".join(parser.words).split())


def phone_form(kind) -> str:
    widget = kind.widget("", {}, players={}) if kind.pad else kind.widget("", {})
    context = {
        "kind": kind,
        "widget": widget,
        "table": SimpleNamespace(token="t0k3n"),
        "state": SimpleNamespace(round=SimpleNamespace(number=1)),
        "idempotency_key": "k",
        "side": "",
    }
    return render_to_string(kind.phone_template, context)


@pytest.mark.parametrize("kind", [k() for k in kinds()], ids=lambda k: k.name)
def test_no_aria_label_on_a_phone_form_is_a_bare_suit_symbol(kind):
    html = phone_form(kind)
    bare = [label for label in ARIA.findall(html) if SYMBOLS.search(label)]
    assert not bare, f"{kind.name}: aria-labels with suit symbols: {bare[:5]}"


@pytest.mark.parametrize("kind", [k() for k in kinds()], ids=lambda k: k.name)
def test_the_side_radios_name_the_suits(kind):
    names = [accessible_name(label) for label in SIDE_LABEL.findall(phone_form(kind))]
    if not names:
        pytest.skip(f"{kind.name}: no side radio on its phone form")
    assert not any(SYMBOLS.search(name) for name in names), names
    if len(kind.seats) == 3:  # a table of three: no partnerships, each player says the seat they hold
        assert names[0].startswith("I hold spades or hearts"), names
    else:
        assert names == ["We are spades and hearts", "We are diamonds and clubs"], names
