"""Cutthroat events on paper: a four-player scoresheet (calypsoes, unfinished, own trick pile,
revokes, score; the card check over all trick piles = 208, or 117 three-handed) naming the player of
every seat, and tally cards carrying each player's own score."""

from __future__ import annotations

import pytest

from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from director.printing.tally_cards import tally_cards
from tests.director.standings.test_cutthroat import FOUR, SCORES, SECOND, THIRD, THREE, enter, make_cutthroat

from .helpers import pdf_pages
from .test_scoresheets import parse_scoresheets, seats_in_db

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


@pytest.fixture
def cutthroat(club_a, players_a, director_a):
    return make_cutthroat(club_a, players_a, director_a)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_cutthroat_scoresheet_names_every_seat_and_has_a_row_per_player(cutthroat, lang):
    data = load_event_data(cutthroat)
    assert data.kind.name == "cutthroat"
    pages = pdf_pages(render_from_event("scoresheets", data, PrintOptions(lang=lang, event=cutthroat.name)))
    assert len(pages) == 2 * 2  # 2 tables × 2 games
    assert parse_scoresheets(pages, lang) == seats_in_db(cutthroat)
    assert all(len(seats) == 4 for seats in seats_in_db(cutthroat).values())


def test_the_cutthroat_sheet_has_its_columns_the_check_and_four_signatures(cutthroat):
    pages = pdf_pages(render_from_event("scoresheets", load_event_data(cutthroat), PrintOptions()))
    for text in pages:
        flat = " ".join(text.split())
        assert "Cutthroat" in flat
        for heading in ("Calypsoes", "Unfinished cards", "Own trick pile", "Revokes", "Score"):
            assert heading in flat
        assert "13 ×" in flat and "all trick piles" in flat and "= 208 (117)" in flat
        assert "Three-handed (no ♣ player)" in flat and "117" in flat
        assert "own trick-pile card 10" in flat and "Agreed by" in flat
        assert "Net for ♠♥" not in flat and "Trick pile: cards × 10" not in flat  # no partnership lines


def test_cutthroat_tally_cards_carry_each_players_own_score(cutthroat, players_a, director_a):
    for (game, table), sheet in {(1, 1): FOUR, (1, 2): THREE, (2, 1): SECOND, (2, 2): THIRD}.items():
        enter(cutthroat, game, table, sheet, director_a)
    data = load_event_data(cutthroat)
    number = {p.pk: i for i, p in enumerate(players_a[:8], start=1)}
    cards = {number[c.entrant.key]: c for c in tally_cards(data)}
    for n in range(1, 8):
        assert [line.net for line in cards[n].lines] == [SCORES[(1, n)], SCORES[(2, n)]]
    assert cards[1].total == 1760 and cards[8].total is None  # player 8 sat at the empty ♣ seat
    assert cards[1].lines[1].opponents == f"{players_a[5].name} & {players_a[3].name} & {players_a[7].name}"
    text = " ".join(pdf_pages(render_from_event("tally-cards", data, PrintOptions()))[0].split())
    assert "Other players" in text and "1760" in text and "+1760" not in text and "+900" not in text
