"""Duplicate coöperative: each coöp table's total, grade and difference on the standings page, the
public page, the results PDF and the API, worked by hand; the event's grade bands set by the
director (scoring.coop checks them; docs/variants.md)."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from director.events import lineup
from director.events import services as events
from director.events.grades import bands_of, set_grade_bands
from director.events.models import Event, Round, Table
from director.movements import services as movements
from director.results import services as results
from scoring.coop import DEFAULT_BANDS, Band
from tests.director.api.helpers import client_for
from tests.director.printing.helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)


def coop_sheet(calypsos: int = 0, unfinished: int = 0) -> dict:
    """♠ completes ``calypsos`` and holds ``unfinished`` cards; every other card in a trick pile.
    Table total: calypso points (500, +750) + 20 × unfinished + 10 × the rest."""
    piles = 208 - 13 * calypsos - unfinished
    return {
        "calypsos": {"S": calypsos, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": unfinished, "H": 0, "D": 0, "C": 0},
        "trick_piles": {"majors": piles // 2, "minors": piles - piles // 2},
        "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
    }


# Totals: 2 calypsoes 500 + 750 + 10 × 182 = 3070; one 500 + 1950 = 2450; none 2080.
SHEETS = {
    (1, 1): coop_sheet(2), (1, 2): coop_sheet(1), (1, 3): coop_sheet(0),
    (2, 1): coop_sheet(0), (2, 2): coop_sheet(2), (2, 3): coop_sheet(1),
}  # fmt: skip
# A barometer: majors 1–3 stay at tables 1–3, minors 4–6 move: game 1 1v4 2v5 3v6, game 2 1v6 2v4 3v5.
# Set 1 (all 7600): T1 3×3070 − 7600 = +1610, T2 3×2450 − 7600 = −250, T3 3×2080 − 7600 = −1360.
# Set 2: T1 −1360, T2 +1610, T3 −250. Session per partnership (its tables added):
#   ♠♥ 2: 5520 +1360 · 1: 5150 +250 · 3: 4530 −1610 (averages 2760, 2575, 2265)
#   ♦♣ 4: 6140 +3220 · 5: 4900 −500 · 6: 4160 −2720 (averages 3070, 2450, 2080)
BANDS = "Bronze: 2400\nSilver: 3000"


@pytest.fixture
def coop(club_a, players_a, director_a):
    event = events.create_event(
        club=club_a, name="Coöp night", date=datetime.date(2025, 4, 4), type=Event.Type.DUPLICATE_COOP, games=2
    )
    lineup.draw_partnerships(event=event, players=players_a[:12], seed=3, fix_directions=True)
    movements.seat_event(event=event)
    for (game, table), sheet in SHEETS.items():
        results.enter_sheet(
            table=Table.objects.get(event=event, number=table),
            round=Round.objects.get(event=event, number=game),
            sheet=sheet,
            by=director_a,
        )
    return event


def test_each_set_and_the_session_graded_and_compared_as_worked_by_hand(coop, director_a):
    set_grade_bands(event=coop, bands=BANDS, by=director_a)
    data = client_for(director_a).get(f"/api/events/{coop.pk}/standings/").json()["coop"]
    assert data["bands"] == [{"name": "Bronze", "from": 2400}, {"name": "Silver", "from": 3000}]
    by_set = {s["game_set"]: {t["table"]: (t["total"], t["grade"], t["rank"], t["difference"]) for t in s["tables"]}
              for s in data["sets"]}  # fmt: skip
    assert by_set == {
        1: {1: (3070, "Silver", 1, 1610), 2: (2450, "Bronze", 2, -250), 3: (2080, None, 3, -1360)},
        2: {2: (3070, "Silver", 1, 1610), 3: (2450, "Bronze", 2, -250), 1: (2080, None, 3, -1360)},
    }
    session = {
        lst["heading"]: [(t["pairs"].split(" ·")[0], t["total"], t["grade"], t["rank"], t["difference"], t["sets"])
                         for t in lst["partnerships"]]
        for lst in data["session"]
    }  # fmt: skip
    assert session == {
        "♠♥ pairs": [("2", 5520, "Bronze", 1, 1360, 2), ("1", 5150, "Bronze", 2, 250, 2),
                     ("3", 4530, None, 3, -1610, 2)],
        "♦♣ pairs": [("4", 6140, "Silver", 1, 3220, 2), ("5", 4900, "Bronze", 2, -500, 2),
                     ("6", 4160, None, 3, -2720, 2)],
    }  # fmt: skip
    table_2 = next(t["pairs"] for t in data["sets"][1]["tables"] if t["table"] == 2)
    assert table_2.startswith("2 · ") and " with 4 · " in table_2


def test_default_bands_until_the_director_sets_them(coop, director_a):
    assert bands_of(coop) == DEFAULT_BANDS
    data = client_for(director_a).get(f"/api/events/{coop.pk}/standings/").json()["coop"]
    # 3070 is under the default Bronze (3250): Practice
    assert data["sets"][0]["tables"][0]["grade"] == "Practice"
    assert data["bands"][1] == {"name": "Bronze", "from": 3250}


def test_the_standings_page_public_page_and_pdf_show_them(coop, director_a, dora, client, tmp_path):
    set_grade_bands(event=coop, bands=BANDS, by=director_a)
    html = dora.get(reverse("standings:standings", args=[coop.pk])).content.decode()
    assert "Coöp tables" in html and "+1,610" in html and "1,360" in html
    majors, minors = (part.split("</table>")[0] for part in html.split('class="standings coop-session"')[1:])
    assert majors.index("5,520") < majors.index("5,150") < majors.index("4,530")
    assert "+1,360" in majors and "Silver" not in majors  # graded on its average, 2760
    assert "Silver" in minors and "+3,220" in minors
    pdf = tmp_path / "results.pdf"
    call_command("print_pdf", "results", event=coop.pk, out=str(pdf), verbosity=0)
    printed = "\n".join(pdf_pages(pdf.read_bytes()))
    assert "Coöp session, ♠♥ pairs (grades: Bronze 2400, Silver 3000)" in printed
    assert "Coöp tables, set 2" in printed
    for figure in ("5,520", "+1,360", "6,140", "+3,220", "3,070", "Silver"):
        assert figure in printed
    events.set_public_switches(event=coop, standings_released=True)
    client.logout()
    public = client.get(reverse("public:standings", args=[coop.club.slug, coop.pk])).content.decode()
    block = public.split('class="coop-grades"')[1]
    assert "Bronze from 2400, Silver from 3000" in block
    assert block.index("5520") < block.index("5150") < block.index("4530")


def test_bands_page_saves_and_refuses_with_the_line_named(coop, dora):
    url = reverse("standings:coop_bands", args=[coop.pk])
    assert dora.get(url).status_code == 200
    bad = dora.post(url, {"bands": "Gold: 4250\nSilver 3750"})
    assert bad.status_code == 400
    assert "line 2 (&#x27;Silver 3750&#x27;)" in bad.content.decode()
    coop.refresh_from_db()
    assert coop.coop_bands == []
    for text, words in (
        ("Gold: 4250\nGold: 3000", "two bands are called"),
        ("Gold: 42x", "the floor must be a whole number ≥ 0, not &#x27;42x&#x27;"),
        ("Gold: 4250\nSilver: 4250", "both start at 4250"),
        ("Gold: -5", "not &#x27;-5&#x27;"),
        (": 100", "a band needs a name"),
    ):
        response = dora.post(url, {"bands": text})
        assert response.status_code == 400 and words in response.content.decode(), text
    coop.refresh_from_db()
    assert coop.coop_bands == []
    assert dora.post(url, {"bands": "Silver: 3000\nBronze: 2400"}).status_code == 302
    coop.refresh_from_db()
    assert bands_of(coop) == (Band(2400, "Bronze"), Band(3000, "Silver"))
    assert dora.post(url, {"bands": "  "}).status_code == 302
    coop.refresh_from_db()
    assert bands_of(coop) == DEFAULT_BANDS


def test_a_new_band_regrades_the_cached_standings(coop, director_a, dora):
    url = reverse("standings:standings", args=[coop.pk])
    assert "Silver" not in dora.get(url).content.decode().split("coop-set")[1]
    set_grade_bands(event=coop, bands=BANDS, by=director_a)
    assert "Silver" in dora.get(url).content.decode().split("coop-set")[1]


def test_grade_bands_only_on_a_coop_event(club_a, director_a, dora):
    night = events.create_event(club=club_a, name="Night", date=datetime.date(2025, 4, 4))
    assert dora.get(reverse("standings:coop_bands", args=[night.pk])).status_code == 404
    from director.core.errors import ValidationError

    with pytest.raises(ValidationError, match="duplicate coöperative"):
        set_grade_bands(event=night, bands=BANDS)


def test_an_adjusted_table_is_not_compared(coop, director_a):
    from director.standings.services import set_artificial

    set_artificial(event=coop, round_number=1, table_number=3, direction="minors", code="A", reason="slow", by=None)
    data = client_for(director_a).get(f"/api/events/{coop.pk}/standings/").json()["coop"]
    set_1 = {t["table"]: (t["total"], t["difference"]) for t in data["sets"][0]["tables"]}
    # two tables: 3070 − 2450 = +620 each way
    assert set_1 == {1: (3070, 620), 2: (2450, -620)}
