"""Tally cards: a row per game with the right table and opponents, and the nets and running
totals of the confirmed sheets."""

from __future__ import annotations

import re

import pytest

from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from director.results.selectors import partnership_games
from scoring import tallies
from tests.director.factories import enter_all

from .helpers import page_sizes, pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

HEAD = re.compile(r"Tally card · Pair (\d+)")
LINE = re.compile(r"^(\d+) (\d+) (♠♥|♦♣) (\d+) · (.+?)(?: (\d+))?(?: ([+−]\d+|0) ([+−]\d+|0))?$")
TOTAL = re.compile(r"^Total(?: ([+−]?\d+))?$")


def number(text: str | None) -> int | None:
    return None if text is None else int(text.replace("−", "-").replace("+", ""))


def parse_tally_cards(pages: list[str]) -> dict[int, dict]:
    cards: dict[int, dict] = {}
    card = None
    for text in pages:
        for line in (line.strip() for line in text.splitlines()):
            if m := HEAD.search(line):
                card = cards[int(m[1])] = {"games": {}, "total": None}
            elif card is not None and (m := LINE.match(line)):
                card["games"][int(m[1])] = {
                    "table": int(m[2]),
                    "direction": "majors" if m[3] == "♠♥" else "minors",
                    "opponents": int(m[4]),
                    "set": int(m[6]) if m[6] else None,
                    "net": number(m[7]),
                    "running": number(m[8]),
                }
            elif card is not None and (m := TOTAL.match(line)):
                card["total"] = number(m[1])
    return cards


def expected_cards(event) -> dict[int, dict]:
    """From the results app's own reading of the confirmed sheets, through scoring.tallies."""
    games = partnership_games(event)
    results = [
        tallies.GameResult(g.round, g.table, g.partnership, g.opponents, g.score, g.score - g.net)
        for g in games
        if g.direction == "majors"
    ]
    return {entrant: tally for entrant, tally in tallies.tallies(results).items()}, games


def test_tally_cards_of_a_scored_progressive_night(scored_progressive_a):
    data = load_event_data(scored_progressive_a)
    pdf = render_from_event("tally-cards", data, PrintOptions(paper="letter"))
    assert len(page_sizes(pdf)) == 4  # 8 partnerships, two to a page
    cards = parse_tally_cards(pdf_pages(pdf))
    by_tally, games = expected_cards(scored_progressive_a)
    assert sorted(cards) == sorted(by_tally) == list(range(1, 9))
    for g in games:
        line = cards[g.partnership]["games"][g.round]
        assert (line["table"], line["direction"], line["opponents"], line["net"]) == (
            g.table, g.direction, g.opponents, g.net,
        )  # fmt: skip
    for entrant, tally in by_tally.items():
        assert [cards[entrant]["games"][game]["running"] for game, _ in tally.running()] == [
            total for _, total in tally.running()
        ]
        assert cards[entrant]["total"] == tally.total
    assert sum(card["total"] for card in cards.values()) == 0  # the standard cross-check


def test_tally_cards_before_any_result_have_boxes(duplicate_a, director_a):
    enter_all(duplicate_a, director_a, rounds={1})
    data = load_event_data(duplicate_a)
    cards = parse_tally_cards(pdf_pages(render_from_event("tally-cards", data, PrintOptions())))
    grid = {(p.round, side.partnership): (p.table, p.game_set) for p in data.plays for side in p.sides()}
    for pair, card in cards.items():
        for game, line in card["games"].items():
            assert (line["table"], line["set"]) == grid[(game, pair)], (pair, game, line)
            assert (line["net"] is None) == (game > 1)
            assert line["running"] is None or game == 1
        assert card["total"] is None


def test_individual_tally_cards_by_player(club_a, players_a):
    import datetime

    from director.events import services as events
    from director.movements import services as movements

    event = events.create_event(
        club=club_a, name="Individual", date=datetime.date(2025, 7, 1), type="progressive-individual", games=3
    )
    movements.seat_event(event=event, players=players_a[:8], seed=3)
    data = load_event_data(event)
    text = "\n".join(pdf_pages(render_from_event("tally-cards", data, PrintOptions())))
    first = data.round_plays(1)
    for play in first:
        for side in play.sides():
            for _suit, _, name in side.seats:
                assert f"Tally card · {name}" in text
