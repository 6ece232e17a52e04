"""Scoresheet pads of a club night's tables of three and two (issue #17.7), read back from the PDF:
a three's sheet has a row for each of its seats only (clockwise), its card count (117, or 207
Neutralised) and, split partnership, each player's total with the right-hand neighbour; a Duet's
is the partnership sheet naming each player's hand and dummy."""

from __future__ import annotations

import pytest

from director.printing import layout
from director.printing.data import EventData, Play, Side, TableInfo
from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from director.sheets.registry import by_name
from scoring.variants import clockwise_seats
from tests.director.factories import small_night

from .helpers import pdf_pages
from .test_event_nothing_clipped import EDGE, EVENT, LONG, drawn
from .test_scoresheets import parse_scoresheets, seats_in_db

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

__all__ = ["drawn"]  # the fixture that records every string drawn

pytestmark = pytest.mark.django_db


def night(club, players, **extra):
    return small_night(club, players, games=1, **extra)


def pages_of(event, lang="en") -> list[str]:
    return pdf_pages(render_from_event("scoresheets", load_event_data(event), PrintOptions(lang=lang)))


def flat(text: str) -> str:
    return " ".join(text.split())


def seat_rows(page: str) -> list[str]:
    """The suit symbol opening each printed line that starts with one, in order (a row a seat)."""
    return [line.split(" ")[0] for line in page.splitlines() if line[:1] in "♠♥♦♣" and " " in line]


def test_seven_players_print_a_four_handed_sheet_and_a_three_handed_one(club_a, players_a):
    event = night(club_a, players_a[:7])
    four, three = pages_of(event)
    assert parse_scoresheets([four, three]) == seats_in_db(event)  # every seat named, ♦ absent at table 2
    assert set(seats_in_db(event)[(1, 2)]) == set("SHC")
    assert "Net for ♠♥" in flat(four) and "= 208" in flat(four) and "Three-handed cutthroat" not in flat(four)
    text = flat(three)
    assert "Game 1 · Three-handed cutthroat" in text
    assert "the cards add up to 117" in text and "= 117" in text and "= 208" not in text
    assert "Own trick pile" in text and "Net for ♠♥" not in text and "Split totals" not in text
    assert seat_rows(three)[:3] == ["♠", "♥", "♣"]  # one row a seat, clockwise, no ♦ row


def test_a_split_table_prints_each_players_total_with_the_right_hand_player(club_a, players_a):
    event = night(club_a, players_a[:3], three_table="split", removed_suit="C")
    (text,) = pages_of(event)
    assert parse_scoresheets([text]) == seats_in_db(event)
    assert "Split partnership" in flat(text) and "= 117" in flat(text)
    # seated ♠ → ♦ → ♥ (♣ out): ♠'s right is ♥, ♦'s is ♠, ♥'s is ♦
    assert "Split totals: own score + the score of the player on the right" in flat(text)
    assert "♠ + ♥ = ♦ + ♠ = ♥ + ♦ =" in flat(text)


def test_a_night_whose_three_plays_split_prints_the_split_pad_at_the_three_only(club_a, players_a):
    event = night(club_a, players_a[:7], three_table="split")  # the night's suit out: ♦ (default)
    four, three = pages_of(event)
    assert parse_scoresheets([four, three]) == seats_in_db(event)
    assert set(seats_in_db(event)[(1, 2)]) == set("SHC")
    assert "= 208" in flat(four) and "Split" not in flat(four) and "Net for ♠♥" in flat(four)
    text = flat(three)
    assert "Game 1 · Split partnership" in text and "= 117" in text and "207" not in text
    # seated ♠ → ♥ → ♣: each adds the player before them clockwise (♠'s right is ♣, ♥'s ♠, ♣'s ♥)
    assert "Split totals: own score + the score of the player on the right ♠ + ♣ = ♥ + ♠ = ♣ + ♥ =" in text
    assert seat_rows(three)[:3] == ["♠", "♥", "♣"]


def test_a_night_whose_three_plays_neutralised_prints_207_cards_and_no_split_totals(club_a, players_a):
    event = night(club_a, players_a[:7], three_table="neutralised")
    four, three = pages_of(event)
    assert parse_scoresheets([four, three]) == seats_in_db(event)
    assert set(seats_in_db(event)[(1, 2)]) == set("SDH")  # ♣ nobody's
    assert "= 208" in flat(four) and "Neutralised" not in flat(four)
    text = flat(three)
    assert "Game 1 · Neutralised Calypso" in text and "= 207" in text and "117" not in text
    assert "Own trick pile" in text and "Split totals" not in text and " + ♠ =" not in text
    assert seat_rows(three)[:3] == ["♠", "♦", "♥"]


def test_a_neutralised_split_table_prints_207_cards_and_the_split_totals(club_a, players_a):
    event = night(club_a, players_a[:3], three_table="neutralised-split")
    (text,) = pages_of(event)
    assert set(seats_in_db(event)[(1, 1)]) == set("SDH")
    assert "Neutralised, split partnership" in flat(text) and "= 207" in flat(text)
    assert "♠ + ♥ = ♦ + ♠ = ♥ + ♦ =" in flat(text)  # seated ♠ → ♦ → ♥


@pytest.mark.parametrize(("lang", "name"), [("en", "Neutralised Calypso"), ("fr", "Calypso neutralisé")])
def test_a_neutralised_table_prints_207_cards(club_a, players_a, lang, name):
    event = night(club_a, players_a[:3], three_table="neutralised")
    (text,) = pages_of(event, lang)
    assert parse_scoresheets([text], lang) == seats_in_db(event)
    assert set(seats_in_db(event)[(1, 1)]) == set("SDH")
    assert name in flat(text) and "= 207" in flat(text) and "207." in flat(text)


def test_a_duet_prints_the_partnership_sheet_with_hand_and_dummy(club_a, players_a):
    event = night(club_a, players_a[:2])
    (text,) = pages_of(event)
    seats = seats_in_db(event)[(1, 1)]
    assert set(seats) == {"S", "C"}
    printed = parse_scoresheets([text])[(1, 1)]
    assert printed == {
        "S": seats["S"],
        "H": "dummy",
        "D": "dummy",
        "C": seats["C"],
    }
    assert f"♠♥ {seats['S']} & dummy" in flat(text) and f"♦♣ dummy & {seats['C']}" in flat(text)
    assert "Calypso Duet" in flat(text) and "= 208" in flat(text) and "Net for ♠♥" in flat(text)


# --- nothing clipped, in every language and paper ---------------------------------------------------------------------
def odd_event() -> EventData:
    """One table of each: three-handed (♠ ♥ ♣), split (♠ ♦ ♥), Neutralised (♠ ♦ ♥) and a Duet, long names."""
    plays = []
    for table, (variant, majors, minors) in enumerate(
        [("three-handed", "SH", "C"), ("split", "SH", "D"), ("neutralised", "SH", "D"), ("duet", "S", "C")], start=1
    ):

        def side(direction, suits, t=table):
            return Side(direction, None, tuple((s, 10 * t + i, f"{LONG} {s}") for i, s in enumerate(suits)))

        kind = by_name("duet")() if variant == "duet" else by_name("three")(variant, clockwise_seats(majors + minors))
        plays.append(Play(1, table, majors=side("majors", majors), minors=side("minors", minors), kind=kind))
    return EventData(
        event_id=1, name=EVENT, club="Club", date="2025-03-21", type="progressive-individual", individual=True,
        duplicate=False, scale="acbl", rounds=(1,),
        tables=tuple(TableInfo(t, "https://x.example/t/a/") for t in range(1, 5)),
        plays=tuple(plays), entrants=(),
    )  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["scoresheets", "guide-cards"])
def test_variant_pads_stay_inside_the_page(drawn, kind, paper, lang):
    pages = pdf_pages(render_from_event(kind, odd_event(), PrintOptions(paper=paper, lang=lang, event=EVENT)))
    assert len(pages) == 4
    if kind == "scoresheets":
        for page, play in zip(pages, odd_event().plays, strict=True):
            name = play.kind.printed_name(lang)
            assert name and name in flat(page), name
    for (page_width, page_height), x0, x1, y, size, text in drawn:
        assert x0 >= EDGE and x1 <= page_width - EDGE, text
        assert y - 0.25 * size >= EDGE and y + size <= page_height - EDGE, (text, y)
        assert size >= layout.MIN_FIT_SIZE, text


def test_tally_cards_carry_a_three_s_figures_and_both_other_players(club_a, players_a, director_a):
    from director.events import services as events
    from director.printing.tally_cards import tally_cards
    from director.results import services as results
    from tests.director.table.test_tables_of_three import THREE

    event = events.start_event(event=night(club_a, players_a[:7], three_table="split"))
    results.enter_sheet(table=event.tables.get(number=2), round=event.rounds.get(number=1), sheet=THREE, by=director_a)
    seats = seats_in_db(event)[(1, 2)]
    cards = {card.entrant.names: card for card in tally_cards(load_event_data(event))}
    # split totals ♠ 2860, ♥ 1400, ♣ 2140 → figures +1090, −1100, +10 (tests/director/table/test_tables_of_three.py)
    assert {seat: cards[name].lines[0].net for seat, name in seats.items()} == {"S": 1090, "H": -1100, "C": 10}
    assert cards[seats["S"]].lines[0].opponents == f"{seats['H']} & {seats['C']}"
    text = " ".join(
        " ".join(pdf_pages(render_from_event("tally-cards", load_event_data(event), PrintOptions()))).split()
    )
    assert "+1090" in text and "-1100" in text.replace("−", "-")
