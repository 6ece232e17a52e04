"""Scoresheets: a page per table per game with the right player in every seat."""

from __future__ import annotations

import re

import pytest

from director.events.models import Seat
from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from director.printing.words import EVENT_WORDS, LANGUAGES

from .helpers import SYMBOL_SUIT, page_sizes, pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def seats_in_db(event) -> dict[tuple[int, int], dict[str, str]]:
    """(game, table) → suit → player name, straight from the Seat rows."""
    out: dict[tuple[int, int], dict[str, str]] = {}
    for seat in Seat.objects.filter(round__event=event).select_related("seating__table", "round", "player"):
        if seat.suit:
            out.setdefault((seat.round.number, seat.seating.table.number), {})[seat.suit] = seat.player.name
    return out


def parse_scoresheets(pages: list[str], lang: str = "en") -> dict[tuple[int, int], dict[str, str]]:
    words, ew = LANGUAGES[lang], EVENT_WORDS[lang]
    names = "|".join(re.escape(n) for n in words.suits.values())
    table = re.compile(re.escape(ew.table).replace(r"\{n\}", r"(\d+)"))
    game = re.compile(re.escape(ew.game).replace(r"\{n\}", r"(\d+)"))
    seat = re.compile(rf"^([♠♥♦♣]) (?:{names}) (.+)$")
    found = {}
    for text in pages:
        key = (int(game.search(text)[1]), int(table.search(text)[1]))
        assert key not in found, f"two sheets for {key}"
        found[key] = {SYMBOL_SUIT[m[1]]: m[2].strip() for line in text.splitlines() if (m := seat.match(line.strip()))}
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_progressive_scoresheets_name_every_seat(progressive_a, paper):
    data = load_event_data(progressive_a)
    pdf = render_from_event("scoresheets", data, PrintOptions(paper=paper, event=progressive_a.name))
    pages = pdf_pages(pdf)
    assert len(pages) == 4 * 4  # 4 tables × 4 games
    assert set(page_sizes(pdf)) == {(595.3, 841.9) if paper == "a4" else (612.0, 792.0)}
    assert parse_scoresheets(pages) == seats_in_db(progressive_a)
    for text in pages:
        assert "= 208" in text and "13 ×" in text
        assert "Agreed by" in text and "Net for ♠♥" in text


def test_duplicate_scoresheets_carry_the_game_set(duplicate_a):
    data = load_event_data(duplicate_a)
    pages = pdf_pages(render_from_event("scoresheets", data, PrintOptions(lang="es")))
    assert parse_scoresheets(pages, "es") == seats_in_db(duplicate_a)
    for play, text in zip(data.plays, pages, strict=True):
        assert f"Juego {play.game_set}" in text
        assert f"Mesa {play.table}" in text and f"Partida {play.round}" in text


def test_a_side_of_three_shows_its_sit_out_order(club_a, players_a, director_a):
    import datetime

    from director.events import lineup
    from director.events import services as events
    from director.movements import services as movements

    event = events.create_event(club=club_a, name="Odd night", date=datetime.date(2025, 6, 6), games=3)
    lineup.draw_partnerships(event=event, players=players_a[:9], seed=4)  # 4 pairs and one of three
    movements.seat_event(event=event)
    data = load_event_data(event)
    trio = next(side for play in data.plays for side in play.sides() if side.third is not None)
    pages = pdf_pages(render_from_event("scoresheets", data, PrintOptions()))
    text = next(t for t in pages if trio.third[1] in t)
    assert f"{trio.third[1]} — out in deal 1" in text
    order = " · ".join(f"{i} {name}" for i, name in enumerate(trio.sit_out, start=1))
    assert f"Sit-out order: {order}" in text.replace("\n", " ")
