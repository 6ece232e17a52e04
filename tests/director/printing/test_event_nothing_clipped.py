"""Every string of the event documents lies inside its page at every paper and language, with
long names, a side of three and a long session — built from plain data, no database."""

from __future__ import annotations

import pytest

from director.printing import layout
from director.printing.canvas import Batch
from director.printing.data import (
    Entrant,
    EventData,
    Play,
    Result,
    ResultsData,
    Side,
    StandingLine,
    TableInfo,
    Traveller,
    TravellerLine,
)
from director.printing.documents import render_from_event
from director.printing.fonts import width
from director.printing.options import PrintOptions
from director.printing.tally_cards import tally_cards
from scoring.movements import NextMove, NextPlaces

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

EDGE = 3 * layout.MM
LONG = "Bartholomew Fitzgerald-Montgomery"
EVENT = "The Port of Spain Calypso Club's Annual Duplicate Championship, second session " * 2


def long_event(games: int = 8, tables: int = 3) -> EventData:
    pairs = 2 * tables
    names = {p: (f"{LONG} {p}", f"Anastasia Wolfeschlegel {p}") for p in range(1, pairs + 1)}
    plays = []
    for game in range(1, games + 1):
        for table in range(1, tables + 1):
            majors = table
            minors = tables + 1 + (table + game - 2) % tables
            trio = minors == pairs
            m_names, n_names = names[majors], names[minors]
            plays.append(
                Play(
                    game,
                    table,
                    game_set=(table + game) % 5 + 1,
                    majors=Side("majors", majors, (("S", 10 * majors, m_names[0]), ("H", 10 * majors + 1, m_names[1]))),
                    minors=Side(
                        "minors",
                        minors,
                        (("D", 10 * minors, n_names[0]), ("C", 10 * minors + 1, n_names[1])),
                        third=(10 * minors + 2, f"Third {LONG}") if trio else None,
                        sit_out=(f"Third {LONG}", n_names[1], n_names[0], f"Third {LONG}") if trio else (),
                    ),
                    result=Result(12340, 2000) if game < 3 else None,
                    next=NextPlaces(  # two-digit tables: the longest "→ Table m ♠♥" and "Set n → Table m"
                        game,
                        table,
                        game + 1 if game < games else None,
                        True,
                        (
                            NextMove("majors", majors, table, "majors", stays=True),
                            NextMove("minors", minors, table % 12 + 10, "majors"),
                        ),
                        (table + game) % 5 + 1,
                        (table % 12 + 10,),
                    ),
                )
            )
    return EventData(
        event_id=1, name=EVENT, club="Club", date="2025-03-21", type="progressive-pairs", individual=False,
        duplicate=False, scale="acbl", rounds=tuple(range(1, games + 1)),
        tables=tuple(TableInfo(t, f"https://calypso.example.org/t/{'x' * 24}{t}/") for t in range(1, tables + 1)),
        plays=tuple(plays), entrants=tuple(Entrant(p, p, " & ".join(names[p])) for p in range(1, pairs + 1)),
        sitting_out={2: (f"7 · {LONG} & {LONG}",)},
    )  # fmt: skip


def long_results(games: int = 8) -> ResultsData:
    standings = tuple(
        StandingLine(f"={i}", f"{i} · {LONG} & {LONG}", "1234.50", "66.67", games, tuple(["12.50"] * games))
        for i in range(1, 45)
    )
    line = TravellerLine(1, 12, f"3 · {LONG}", f"4 · {LONG}", "12340", "2000", "+10,340", "A+ 12.00", "12.00")
    travellers = tuple(Traveller(n, "top 21", (line,) * 22, "21/22 · fouled") for n in range(1, 4))
    from director.standings.charts import running_totals_chart

    chart = running_totals_chart({f"{i} · {LONG}": [(g, g * i) for g in range(games + 1)] for i in range(12)})
    return ResultsData(EVENT, True, tuple(range(1, games + 1)), standings, travellers, (), "check", chart)


@pytest.fixture
def drawn(monkeypatch):
    found = []
    text = Batch.text

    def spy(self, x, y, s, font=layout.REGULAR, size=10, color=layout.BLACK, align="left"):
        w = width(s, font, size)
        x0 = x - w if align == "right" else x - w / 2 if align == "centre" else x
        found.append((self.page_size, x0, x0 + w, y, size, s))
        return text(self, x, y, s, font, size, color, align)

    monkeypatch.setattr(Batch, "text", spy)
    return found


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["scoresheets", "tally-cards", "guide-cards", "results"])
def test_event_documents_stay_inside_the_page(drawn, kind, paper, lang):
    options = PrintOptions(paper=paper, lang=lang, event=EVENT)
    data = long_results() if kind == "results" else long_event()
    render_from_event(kind, data, options)
    assert drawn
    for (page_width, page_height), x0, x1, y, size, text in drawn:
        assert x0 >= EDGE and x1 <= page_width - EDGE, text
        assert y - 0.25 * size >= EDGE and y + size <= page_height - EDGE, (text, y)
        assert size >= layout.MIN_FIT_SIZE, text


def test_running_totals_wait_for_every_earlier_game():
    cards = tally_cards(long_event())
    for card in cards:
        for line in card.lines:
            assert (line.net is not None) == (line.game < 3)
            assert (line.running is not None) == (line.game < 3)
        assert card.total is None  # games 3.. not scored yet
