"""Exports parse back with the right numbers; charts are real PNG/SVG/PDF that follow the data."""

import csv
import io
import json
import struct
from fractions import Fraction

import pytest
from django.urls import reverse

from director.standings import charts
from director.standings.selectors import event_results
from tests.director.factories import enter

from .conftest import PROGRESSIVE_TOTALS

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def get(client, event, what, fmt):
    response = client.get(reverse("standings:export", args=[event.pk, what, fmt]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return response.content.decode()


def test_standings_csv_and_json(dora, progressive):
    rows = list(csv.DictReader(io.StringIO(get(dora, progressive, "standings", "csv"))))
    assert {int(r["number"]): int(r["total"]) for r in rows} == PROGRESSIVE_TOTALS
    assert [r["rank"] for r in rows] == ["1", "=2", "=2", "=4", "=4", "6"]
    assert rows[0]["game_2"] == "200"
    data = json.loads(get(dora, progressive, "standings", "json"))
    assert data["event"]["id"] == progressive.pk
    assert {r["number"]: r["total"] for r in data["standings"]} == PROGRESSIVE_TOTALS


def test_tallies_export(dora, progressive):
    rows = list(csv.DictReader(io.StringIO(get(dora, progressive, "tallies", "csv"))))
    assert len(rows) == 18  # 6 partnerships × 3 games
    four = [(int(r["game"]), int(r["table"]), int(r["net"])) for r in rows if r["number"] == "4"]
    assert four == [(1, 1, -120), (2, 2, -80), (3, 3, 100)]
    assert sum(int(r["net"]) for r in rows) == 0


def test_travellers_export_with_matchpoints(dora, duplicate):
    data = json.loads(get(dora, duplicate, "travellers", "json"))
    set_two = {r["table"]: r for r in data["travellers"] if r["game_set"] == 2}
    assert (set_two[1]["majors_mp"], set_two[1]["minors_mp"]) == (1.75, 0.25)
    assert set_two[2]["majors_mp"] is None and set_two[2]["status"] == "missing"
    rows = list(csv.DictReader(io.StringIO(get(dora, duplicate, "travellers", "csv"))))
    assert len(rows) == 6 and {r["top"] for r in rows} == {"2"}
    standings = json.loads(get(dora, duplicate, "standings", "json"))["standings"]
    assert [(r["number"], r["percentage"]) for r in standings][:2] == [(1, 81.25), (2, 75.0)]


def test_unknown_export_is_404(dora, progressive):
    assert dora.get(reverse("standings:export", args=[progressive.pk, "nothing", "csv"])).status_code == 404


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_running_totals_png_follows_the_data(progressive, director_a):
    before = charts.event_running_totals(event_results(progressive))
    width, height = png_size(before)
    assert (width, height) == (800, 450)
    charts.forget()  # drawn again, not handed back from the process's drawings
    assert charts.event_running_totals(event_results(progressive)) == before  # deterministic
    enter(progressive, 3, 1, 300, director_a)  # a correction changes the lines
    assert charts.event_running_totals(event_results(progressive)) != before


def test_histogram_formats(duplicate):
    results = event_results(duplicate)
    png = charts.set_histogram(results, 1)
    assert 300 <= png_size(png)[0] <= 2000
    assert charts.set_histogram(results, 2) != png
    svg = charts.set_histogram(results, 1, fmt="svg").decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert charts.set_histogram(results, 1, fmt="pdf")[:5] == b"%PDF-"
    assert png_size(charts.set_histogram(results, 1, dpi=200))[0] == 1200
    assert png_size(charts.score_histogram([], title="nothing"))[0] == 600


def test_plain_chart_functions():
    a = charts.running_totals_chart({"1 · Ann & Bo": [(1, 120), (2, -40)], "2 · Cy & Di": [(1, -120), (2, 40)]})
    b = charts.running_totals_chart({"1 · Ann & Bo": [(1, 120), (2, 40)], "2 · Cy & Di": [(1, -120), (2, -40)]})
    assert png_size(a) == png_size(b) and a != b
    with pytest.raises(ValueError):
        charts.score_histogram([1, 2], fmt="gif")


def test_the_same_numbers_are_drawn_once_and_anything_new_again(monkeypatch):
    """A process keeps its drawings by what they draw: asked again for the same labels and numbers
    (a Fraction or its float), it hands back the same bytes without drawing; a new number, label,
    title, format or size is drawn; forget() empties what it keeps."""
    charts.forget()
    drawn = []
    render = charts._render
    monkeypatch.setattr(charts, "_render", lambda figure, fmt, dpi: drawn.append(fmt) or render(figure, fmt, dpi))
    series = {"1 · Ann & Bo": [(1, 120), (2, Fraction(-81, 2))], "2 · Cy & Di": [(1, -120), (2, 40)]}
    first = charts.running_totals_chart(series)
    assert charts.running_totals_chart({**series, "1 · Ann & Bo": [(1, 120.0), (2, -40.5)]}) is first
    assert len(drawn) == 1
    assert charts.running_totals_chart({**series, "2 · Cy & Di": [(1, -120), (2, 41)]}) != first
    assert charts.running_totals_chart({"1 · Ann & Bo": series["1 · Ann & Bo"]}) != first
    charts.running_totals_chart(series, title="Another")
    charts.running_totals_chart(series, fmt="svg")
    charts.running_totals_chart(series, size=(6, 4))
    assert len(drawn) == 6
    nets = [120, -40, Fraction(7, 2)]
    histogram = charts.score_histogram(nets)
    assert charts.score_histogram((120.0, -40.0, 3.5)) is histogram
    assert charts.score_histogram(nets, bins=8) != histogram
    charts.score_histogram(nets, dpi=200)
    assert len(drawn) == 9
    charts.forget()
    assert charts.running_totals_chart(series) == first and charts.score_histogram(nets) == histogram
    assert len(drawn) == 11


def test_chart_views(dora, duplicate):
    response = dora.get(reverse("standings:chart_set", args=[duplicate.pk, 1, "png"]))
    assert response["Content-Type"] == "image/png" and png_size(response.content)
    response = dora.get(reverse("standings:chart_running", args=[duplicate.pk, "svg"]))
    assert response["Content-Type"] == "image/svg+xml"


LONG_NAME = "Bartholomew Maximilian Fitzgerald-Worthington-Smythe the Third of Port of Spain and San Fernando Jnr"


def right_edge_is_blank(png: bytes, columns: int = 4) -> bool:
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    return all(image.getpixel((x, y)) > 250 for x in range(width - columns, width) for y in range(height))


@pytest.mark.parametrize("entrants", [4, 30], ids=["one column", "three columns"])
def test_running_totals_legend_shortens_a_long_name_and_keeps_the_chart_size(entrants):
    series = {f"{n} · {LONG_NAME} & Ann Baptiste": [(1, 10 * n), (2, -5 * n)] for n in range(1, entrants + 1)}
    series["99 · Cy & Di"] = [(1, -120), (2, 40)]
    png = charts.running_totals_chart(series)
    assert png_size(png) == (800, 450)
    assert right_edge_is_blank(png), "the legend runs off the right edge of the chart"
    svg = charts.running_totals_chart(series, fmt="svg").decode()
    assert LONG_NAME not in svg and "1 · Bartholomew" in svg and "…" in svg
    assert "99 · Cy &amp; Di<" in svg  # a short label is left alone


def test_a_name_a_spreadsheet_would_run_is_exported_as_text(dora, progressive):
    """A player named like a formula is written with a leading ' (text to every spreadsheet), while the
    figures the export writes itself — ranks such as "=2", negative nets — stay as they are."""
    from director.clubs.models import Player
    from director.standings.exports import spreadsheet_safe

    Player.objects.filter(club=progressive.club).order_by("pk").filter(
        pk=Player.objects.filter(club=progressive.club).order_by("pk").values("pk")[:1]
    ).update(name='=HYPERLINK("http://x.example","win")')
    text = get(dora, progressive, "standings", "csv")
    assert '\'=HYPERLINK(""http://x.example"",""win"")' in text
    assert "\n=HYPERLINK" not in text and ",=HYPERLINK" not in text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["rank"] for r in rows] == ["1", "=2", "=2", "=4", "=4", "6"]
    assert [spreadsheet_safe(v) for v in ("@SUM(A1)", "+1+1", "-120", "=2", "81.25", "Dora", 7)] == [
        "'@SUM(A1)", "'+1+1", "-120", "=2", "81.25", "Dora", 7,
    ]  # fmt: skip
