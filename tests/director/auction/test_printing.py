"""The printed Auction score pad: one landscape page per table per game, read back from the PDF —
the players by seat, a row per hand, the columns, and the event's own score values and bonus table."""

from __future__ import annotations

import re

import pytest

from director.events import services as events
from director.events.models import Seat
from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data, render_event
from director.printing.options import PrintOptions
from tests.director.printing.helpers import page_sizes, pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def render(event, **options):
    return render_from_event("scoresheets", load_event_data(event), PrintOptions(event=event.name, **options))


def test_a_pad_per_table_per_game_naming_every_seat(auction_pairs):
    data = render(auction_pairs)
    pages = pdf_pages(data)
    assert len(pages) == 3 * 3  # 3 tables × 3 games, game by game
    assert all(width > height for width, height in page_sizes(data))  # landscape
    seen = []
    for text in pages:
        flat = " ".join(text.split())
        match = re.match(r"Auction score pad · Table (\d) Auction night Game (\d) (.*)", flat)
        assert match, flat[:200]
        table, game, rest = int(match.group(1)), int(match.group(2)), match.group(3)
        seen.append((game, table))
        seats = Seat.objects.filter(round__event=auction_pairs, round__number=game, seating__table__number=table)
        printed = dict(re.findall(r"([♠♦♥♣]) (Player \d\d)", rest.split("Declarers")[0]))
        assert printed == {SYMBOLS[s.suit]: s.player.name for s in seats} and len(printed) == 4
        heading = "Declarers Defenders This hand Running total Hand Decl. Contract (X/XX) T P C Cards req. T P C Sold"
        assert heading in rest
        # a numbered row per hand: 4 this night, then the values
        rows = rest.split("♠♥ ♦♣ ♠♥ ♦♣", 1)[1].split("Minimum bid")[0].split()
        assert rows == ["1", "2", "3", "4"]
        assert rest.endswith("♠♥ ♦♣")  # the two sides' signature lines
    assert seen == [(g, t) for g in (1, 2, 3) for t in (1, 2, 3)]


def test_the_printed_values_follow_the_settings(auction_pairs):
    events.update_event(
        event=auction_pairs, auction={"hands": 2, "values": {"first_card": 120, "further_card": 90, "calypso": 600}}
    )
    auction_pairs.refresh_from_db()
    flat = " ".join(pdf_pages(render(auction_pairs))[0].split())
    # 1 card → 120, 2 → 210 … 13 → 120 + 12 × 90 = 1200
    assert "Cards req. + 1 120 2 210 3 300 4 390 5 480 6 570 7 660 8 750 9 840 10 930 11 1020 12 1110 13 1200" in flat
    assert flat.split("♠♥ ♦♣ ♠♥ ♦♣", 1)[1].split("Minimum bid")[0].split() == ["1", "2"]  # 2 hands now
    assert "calypso 600" in flat and "Minimum bid 220" in flat and "keep at most 26 cards" in flat
    assert "T + P of both sides = 52 every hand" in flat


@pytest.mark.parametrize(("lang", "title"), [("fr", "Calypso aux enchères"), ("es", "Calypso con subasta")])
def test_the_pad_in_the_events_language(auction_pairs, lang, title):
    flat = " ".join(pdf_pages(render(auction_pairs, lang=lang))[0].split())
    assert title in flat and "1 100 2 180 3 260 4 340" in flat and "13 1060" in flat


def test_a_long_session_of_32_hands_fits_on_the_page(auction_pairs):
    import io

    from pypdf import PdfReader

    events.update_event(event=auction_pairs, auction={"hands": 32})
    auction_pairs.refresh_from_db()
    page = PdfReader(io.BytesIO(render(auction_pairs))).pages[0]
    lowest = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            lowest.append(tm[5] * cm[3] + cm[5])

    flat = " ".join(page.extract_text(visitor_text=visit).split())
    rows = flat.split("♠♥ ♦♣ ♠♥ ♦♣", 1)[1].split("Minimum bid")[0].split()
    assert rows == [str(n) for n in range(1, 33)]
    assert min(lowest) >= 12 * 72 / 25.4 - 1  # nothing printed into the bottom margin


def test_tally_cards_and_results_of_a_played_night_carry_the_pads_nets(auction_pairs, director_a):
    from director.standings.selectors import event_results
    from tests.director.auction.test_night_results import play_night

    totals = play_night(auction_pairs, director_a, hands=2)
    data = load_event_data(auction_pairs)
    cards = " ".join(" ".join(pdf_pages(render_from_event("tally-cards", data, PrintOptions()))).split())
    for majors, minors in totals.values():
        assert f"{majors - minors:+,}".replace("-", "−") in cards or f"{majors - minors:+,}" in cards
    results = " ".join(" ".join(pdf_pages(render_event("results", auction_pairs))).split())
    leader = event_results(auction_pairs).standings()[0]
    assert leader.entrant.names in results


def test_the_print_page_lists_the_score_pads_where_the_scoresheets_are(dora, auction_pairs):
    page = dora.get(f"/events/{auction_pairs.pk}/print/").content.decode()
    assert "Auction score pads, one per table per game" in page
    assert "Hand envelopes" not in page and "Duplication sheets" not in page
