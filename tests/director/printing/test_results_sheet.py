"""The results sheet: its standings and travellers carry the numbers scoring computes from the
confirmed sheets, and the running-totals chart is on the page."""

from __future__ import annotations

import io
import random
import re
from collections import defaultdict
from fractions import Fraction

import pytest
from pypdf import PdfReader

from director.printing.event_data import load_results_data, render_event
from director.results.selectors import partnership_games
from scoring import matchpoints, tallies

from .helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

NUMBER = r"[+−-]?[\d,]+(?:\.\d+)?"


def value(text: str) -> Fraction:
    return Fraction(text.replace(",", "").replace("−", "-").replace("+", ""))


def standings_rows(text: str, games: int, with_percent: bool) -> dict[int, dict]:
    tail = rf"((?:{NUMBER} ){{{games}}})({NUMBER})" + (rf" ({NUMBER})" if with_percent else "")
    row = re.compile(rf"^(=?\d+) (\d+) · (.+?) {tail}$")
    out = {}
    for line in text.splitlines():
        if m := row.match(line.strip()):
            out[int(m[2])] = {
                "rank": m[1],
                "per_game": [value(v) for v in m[4].split()],
                "total": value(m[5]),
                "percent": value(m[6]) if with_percent else None,
            }
    return out


def test_progressive_results_equal_the_tallies(scored_progressive_a):
    pdf = render_event("results", scored_progressive_a, {"paper": "a4"})
    text = "\n".join(pdf_pages(pdf))
    games = partnership_games(scored_progressive_a)
    results = [
        tallies.GameResult(g.round, g.table, g.partnership, g.opponents, g.score, g.score - g.net)
        for g in games
        if g.direction == "majors"
    ]
    expected = tallies.tallies(results)
    rows = standings_rows(text, 4, with_percent=False)
    assert set(rows) == set(expected) == set(range(1, 9))
    for pair, tally in expected.items():
        assert rows[pair]["total"] == tally.total
        assert rows[pair]["per_game"] == [tally.nets[g] for g in range(1, 5)]
    order = sorted(rows, key=lambda p: -rows[p]["total"])
    assert [rows[p]["total"] for p in order] == sorted((t.total for t in expected.values()), reverse=True)
    assert rows[order[0]]["rank"] in ("1", "=1")
    assert "Check: the totals add up to zero." in text
    assert "Running totals" in text
    assert any("/Image" in str(page.get("/Resources", {}).get("/XObject", {})) or page.images for page in
               PdfReader(io.BytesIO(pdf)).pages)  # fmt: skip


def test_duplicate_results_equal_the_matchpoints(scored_duplicate_a):
    event = scored_duplicate_a
    text = "\n".join(pdf_pages(render_event("results", event, {"paper": "letter"})))
    games = partnership_games(event)
    by_set: dict[tuple[int, str], list] = defaultdict(list)
    for g in games:
        by_set[(g.game_set, g.direction)].append(g)
    scored: dict[int, list[tuple[Fraction, int]]] = defaultdict(list)
    mp_of: dict[tuple[int, int], Fraction] = {}
    for (game_set, _), entries in by_set.items():
        points = matchpoints.matchpoints([g.net for g in entries], event.matchpoint_scale)
        top = matchpoints.top(len(entries), event.matchpoint_scale)
        for g, mp in zip(entries, points, strict=True):
            scored[g.partnership].append((mp, top))
            mp_of[(game_set, g.partnership)] = mp
    rows = standings_rows(text, 4, with_percent=True)
    assert set(rows) == set(scored)
    for pair, entries in scored.items():
        pct = matchpoints.session_percentage(entries)
        assert rows[pair]["percent"] == value(matchpoints.format_percentage(pct, 2)), pair
        assert rows[pair]["total"] == value(matchpoints.format_matchpoints(sum(mp for mp, _ in entries), 2))

    # Travellers: one per set, each line's matchpoints those of scoring.matchpoints.
    line = re.compile(rf"^(\d+) (\d+) (\d+) (\d+) (\d+) (\d+) ({NUMBER}) ({NUMBER}) ({NUMBER})$")
    travellers = re.split(r"Traveller · Set (\d+)", text)[1:]
    assert [int(n) for n in travellers[::2]] == sorted({g.game_set for g in games})
    for number, body in zip(travellers[::2], travellers[1::2], strict=True):
        found = [m for m in (line.match(x.strip()) for x in body.splitlines()) if m]
        assert len(found) == len(by_set[(int(number), "majors")])
        for m in found:
            majors, minors = int(m[3]), int(m[4])
            assert value(m[7]) == int(m[5]) - int(m[6])
            assert value(m[8]) == value(matchpoints.format_matchpoints(mp_of[(int(number), majors)], 2))
            assert value(m[9]) == value(matchpoints.format_matchpoints(mp_of[(int(number), minors)], 2))


def test_results_before_any_sheet(duplicate_a):
    data = load_results_data(duplicate_a)
    assert data.chart_png is None and all(line.rank == "" for line in data.standings)
    text = "\n".join(pdf_pages(render_event("results", duplicate_a)))
    assert "Standings" in text


def image_sizes(pdf: bytes) -> list[list[tuple[int, int]]]:
    """Per page, the pixel size of each image drawn on it."""
    return [[image.image.size for image in page.images] for page in PdfReader(io.BytesIO(pdf)).pages]


CHART = (1480, 720)  # running totals: 7.4 × 3.6 in at 200 dpi
HISTOGRAM = (1000, 560)  # a score histogram: 5.0 × 2.8 in at 200 dpi


def test_progressive_results_carry_a_histogram_per_game(scored_progressive_a):
    data = load_results_data(scored_progressive_a)
    assert sorted(data.game_histograms) == [1, 2, 3, 4] and not data.set_histograms
    pdf = render_event("results", scored_progressive_a, {"paper": "a4"})
    sizes = [size for page in image_sizes(pdf) for size in page]
    assert sorted(sizes) == sorted([CHART] + [HISTOGRAM] * 4)
    assert "Scores, game by game" in "\n".join(pdf_pages(pdf))


def test_duplicate_results_carry_each_sets_histogram_after_its_traveller(scored_duplicate_a):
    pdf = render_event("results", scored_duplicate_a, {"paper": "letter"})
    sizes = image_sizes(pdf)
    assert sorted(s for page in sizes for s in page) == sorted([CHART] + [HISTOGRAM] * 4)
    pages = pdf_pages(pdf)
    # each histogram is on the page of its traveller's end (or the next page when it did not fit)
    seen = 0
    for index, (text, images) in enumerate(zip(pages, sizes, strict=True)):
        count = images.count(HISTOGRAM)
        if count:
            assert text.count("Traveller · Set") >= count or "Traveller · Set" in pages[index - 1]
        seen += count
    assert seen == 4


def test_a_set_without_results_has_no_histogram(duplicate_a, director_a):
    from director.results import services as results_services
    from director.results.simulate import plausible_sheet
    from director.standings.selectors import event_results

    assert load_results_data(duplicate_a).set_histograms == {}
    first = next(p for p in event_results(duplicate_a).play_list() if p.game_set is not None)
    results_services.enter_sheet(
        table=duplicate_a.tables.get(number=first.table),
        round=duplicate_a.rounds.get(number=first.round),
        sheet=plausible_sheet(random.Random(1)),
        by=director_a,
    )
    data = load_results_data(duplicate_a)
    assert list(data.set_histograms) == [first.game_set] and not data.game_histograms
