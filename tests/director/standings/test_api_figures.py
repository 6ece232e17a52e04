"""``/api/events/{id}/standings/`` and ``/api/events/{id}/travellers/`` (issue 21.6): the same figures
as the standings page, the CSV exports and the results PDF; another club's event is a 404; the
endpoints are in the OpenAPI schema."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from director.standings.selectors import fmt_mp, fmt_pct, signed
from tests.director.api.helpers import client_for
from tests.director.factories import enter
from tests.director.printing.helpers import pdf_pages

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def csv_rows(client, event, what: str) -> list[dict]:
    response = client.get(reverse("standings:export", args=[event.pk, what, "csv"]))
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def as_csv(value) -> str:
    return "" if value is None else str(value)


def page_rows(client, event) -> dict[int, tuple[str, str, str]]:
    """The standings page: partnership number → (rank, total or MPs, percentage) as printed."""
    html = client.get(reverse("standings:standings", args=[event.pk])).content.decode()
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    out = {}
    for row in body.split("<tr")[1:]:
        number = int(re.search(r"<b>(\d+)</b>", row).group(1))
        pct = re.search(r'class="num pct">([^<]*)<', row)
        out[number] = (
            re.search(r'class="num rank">([^<]*)<', row).group(1),
            re.search(r'class="num total">([^<]*)<', row).group(1),
            pct.group(1) if pct else "",
        )
    return out


@pytest.mark.parametrize("kind", ["progressive", "duplicate"])
def test_standings_are_the_figures_of_the_csv_the_page_and_the_pdf(kind, request, director_a, dora, tmp_path):
    event = request.getfixturevalue(kind)
    data = client_for(director_a).get(f"/api/events/{event.pk}/standings/").json()
    assert data["event"]["id"] == event.pk and data["games"] == [1, 2, 3][: len(data["games"])]
    assert data["kind"] == ("tally" if kind == "progressive" else "matchpoints")
    standings = data["standings"]
    assert len(standings) == 6

    exported = csv_rows(dora, event, "standings")
    assert [row["number"] for row in exported] == [str(row["number"]) for row in standings]
    for api, line in zip(standings, exported, strict=True):
        assert (line["rank"], line["names"], line["games"]) == (api["rank"], api["names"], str(api["games"]))
        assert (line["total"], line["percentage"]) == (as_csv(api["total"]), as_csv(api["percentage"]))
        assert {game: line[f"game_{game}"] for game in api["per_game"]} == {
            game: as_csv(value) for game, value in api["per_game"].items()
        }

    shown = page_rows(dora, event)
    pdf = tmp_path / "results.pdf"
    call_command("print_pdf", "results", event=event.pk, out=str(pdf), verbosity=0)
    printed = "\n".join(pdf_pages(pdf.read_bytes()))
    for api in standings:
        rank, total, pct = shown[api["number"]]
        assert rank == api["rank"]
        if kind == "progressive":
            assert total == signed(api["total"]) and api["total"] == int(api["total"])
            assert signed(api["total"]) in printed
        else:
            assert (total, pct) == (fmt_mp(api["total"]), fmt_pct(api["percentage"]))
            assert fmt_pct(api["percentage"]) in printed
    if kind == "progressive":
        assert {row["number"]: row["total"] for row in standings} == {1: -20, 2: -20, 3: -60, 4: -100, 5: -60, 6: 260}


def test_travellers_are_the_figures_of_the_csv(duplicate, director_a, dora):
    api = client_for(director_a)
    data = api.get(f"/api/events/{duplicate.pk}/travellers/").json()
    assert data["scale"] == duplicate.matchpoint_scale
    assert [t["game_set"] for t in data["travellers"]] == [1, 2]
    exported = csv_rows(dora, duplicate, "travellers")
    lines = [(t["game_set"], t["top"], line) for t in data["travellers"] for line in t["lines"]]
    assert len(lines) == len(exported)
    for (number, top, line), row in zip(lines, exported, strict=True):
        assert (row["game_set"], row["top"]) == (str(number), as_csv(top))
        assert {key: row[key] for key in line} == {key: as_csv(value) for key, value in line.items()}
    one = api.get(f"/api/events/{duplicate.pk}/travellers/?set=2").json()
    assert one["travellers"] == [data["travellers"][1]]
    missing = [line for line in one["travellers"][0]["lines"] if line["status"] == "missing"]
    assert len(missing) == 1 and missing[0]["majors_mp"] is None  # not played: the others factored up


def test_another_clubs_event_and_an_unplayed_set_are_404_a_bad_set_400(progressive, duplicate, director_b, director_a):
    other = client_for(director_b)
    for url in (f"/api/events/{progressive.pk}/standings/", f"/api/events/{duplicate.pk}/travellers/"):
        assert other.get(url).status_code == 404
    api = client_for(director_a)
    assert api.get(f"/api/events/{duplicate.pk}/travellers/?set=9").status_code == 404
    assert api.get(f"/api/events/{duplicate.pk}/travellers/?set=x").status_code == 400


def test_standings_follow_a_correction(progressive, director_a):
    api = client_for(director_a)
    url = f"/api/events/{progressive.pk}/standings/"
    assert {r["number"]: r["total"] for r in api.get(url).json()["standings"]}[3] == -60
    enter(progressive, 3, 3, 100, director_a)
    assert {r["number"]: r["total"] for r in api.get(url).json()["standings"]}[3] == 140


def test_in_the_openapi_schema(director_a):
    schema = client_for(director_a).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/events/{id}/standings/", "/api/events/{id}/travellers/"):
        assert "get" in schema["paths"][path], path
    assert any(p["name"] == "set" for p in schema["paths"]["/api/events/{id}/travellers/"]["get"]["parameters"])
    standing = schema["components"]["schemas"]["Standing"]["properties"]
    assert {"rank", "number", "names", "total", "percentage", "per_game"} <= set(standing)
