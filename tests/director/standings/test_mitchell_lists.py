"""A Mitchell ranks its ♠♥ pairs (N/S) and its ♦♣ pairs (E/W) separately, as every duplicate pairs
result does, with one overall list as an option (issue 14.10): the standings page, the public page
and its JSON, the results PDF, the CSV export and the API show the same lists."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from director.events import services as events
from director.events.models import Event
from director.standings import services
from director.standings.page import standings_page
from director.standings.selectors import event_results
from tests.director.api.helpers import client_for
from tests.director.factories import enter_all, make_duplicate
from tests.director.printing.helpers import pdf_pages

from .conftest import HAND_SCORED, MITCHELL_NETS

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

MAJORS_HEADING = "♠♥ pairs (N/S)"
MINORS_HEADING = "♦♣ pairs (E/W)"

SEPARATE = {"majors": [(1, "1"), (3, "2"), (2, "3")], "minors": [(5, "1"), (4, "2"), (6, "3")]}
OVERALL = [(1, "=1"), (5, "=1"), (3, "=3"), (4, "=3"), (2, "=5"), (6, "=5")]


@pytest.fixture
def mitchell(club_a, players_a, director_a):
    event = make_duplicate(
        club_a, players_a, **HAND_SCORED, games=3, name="Mitchell night", movement=Event.MovementKind.MITCHELL
    )
    enter_all(event, director_a, nets=MITCHELL_NETS)
    return event


def page_lists(client, event) -> list[tuple[str, list[tuple[int, str]]]]:
    """The director's standings page: (heading, [(partnership number, rank)]) per list."""
    html = client.get(reverse("standings:standings", args=[event.pk])).content.decode()
    out = []
    for part in re.split(r'<h3 class="standings-list"[^>]*>', html)[1:] or [html]:
        heading = part.split("</h3>", 1)[0] if "</h3>" in part.split("<table", 1)[0] else ""
        body = part.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
        rows = [
            (int(re.search(r"<b>(\d+)</b>", row).group(1)), re.search(r'class="num rank">([^<]*)<', row).group(1))
            for row in body.split("<tr")[1:]
        ]
        out.append((heading, rows))
    return out


def csv_lines(client, event) -> list[dict]:
    response = client.get(reverse("standings:export", args=[event.pk, "standings", "csv"]))
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def printed(event, tmp_path) -> str:
    pdf = tmp_path / f"results-{event.pk}.pdf"
    call_command("print_pdf", "results", event=event.pk, out=str(pdf), verbosity=0)
    return "\n".join(pdf_pages(pdf.read_bytes()))


def pdf_ranks(text: str) -> list[tuple[int, str]]:
    """(partnership number, rank) of each standings line of the printed sheet, in order."""
    return [(int(number), rank) for rank, number in re.findall(r"^(=?\d+) (\d+) · ", text, re.MULTILINE)]


def test_a_mitchell_ranks_each_direction_from_1(mitchell):
    lists = event_results(mitchell).standings_lists()
    assert [(lst.direction, lst.heading) for lst in lists] == [("majors", MAJORS_HEADING), ("minors", MINORS_HEADING)]
    shown = {lst.direction: [(row.entrant.number, row.rank) for row in lst.rows] for lst in lists}
    assert shown == SEPARATE
    assert [row.percentage_text for row in lists[0].rows] == ["58.33", "50.00", "41.67"]


def test_page_pdf_csv_api_and_public_page_show_the_same_two_lists(mitchell, director_a, dora, tmp_path):
    expected = [(MAJORS_HEADING, SEPARATE["majors"]), (MINORS_HEADING, SEPARATE["minors"])]
    assert page_lists(dora, mitchell) == expected

    text = printed(mitchell, tmp_path)
    assert text.index(MAJORS_HEADING) < text.index(MINORS_HEADING)
    assert pdf_ranks(text) == SEPARATE["majors"] + SEPARATE["minors"]

    lines = csv_lines(dora, mitchell)
    assert [(line["direction"], int(line["number"]), line["rank"]) for line in lines] == [
        (direction, number, rank) for direction in ("majors", "minors") for number, rank in SEPARATE[direction]
    ]

    data = client_for(director_a).get(f"/api/events/{mitchell.pk}/standings/").json()
    assert data["ranking"] == "separate"
    assert [(part["heading"], [(r["number"], r["rank"]) for r in part["standings"]]) for part in data["lists"]] == (
        expected
    )
    assert [(r["number"], r["rank"], r["direction"]) for r in data["standings"]] == [
        (line_number, rank, direction)
        for direction in ("majors", "minors")
        for line_number, rank in SEPARATE[direction]
    ]

    events.set_public_switches(event=mitchell, standings_released=True)
    public = dora.get(reverse("public:standings_json", args=[mitchell.club.slug, mitchell.pk])).json()
    assert [(part["heading"], [(r["number"], r["rank"]) for r in part["rows"]]) for part in public["lists"]] == (
        expected
    )
    html = dora.get(reverse("public:standings", args=[mitchell.club.slug, mitchell.pk])).content.decode()
    assert html.index(MAJORS_HEADING) < html.index(MINORS_HEADING)
    assert html.count('<table class="standings public"') == 2


def test_the_option_switches_to_one_overall_list_and_the_cached_standings_follow(mitchell, director_a, dora, tmp_path):
    assert len(standings_page(mitchell).lists) == 2  # cached now
    response = dora.post(reverse("standings:options", args=[mitchell.pk]), {"ranking": "overall"})
    assert response.status_code == 302

    assert page_lists(dora, mitchell) == [("", OVERALL)]
    html = dora.get(reverse("standings:standings", args=[mitchell.pk])).content.decode()
    assert "standings-list" not in html and '<option value="overall" selected>' in html
    text = printed(mitchell, tmp_path)
    assert MAJORS_HEADING not in text and pdf_ranks(text) == OVERALL
    assert [(int(line["number"]), line["rank"], line["direction"]) for line in csv_lines(dora, mitchell)] == [
        (number, rank, "") for number, rank in OVERALL
    ]
    data = client_for(director_a).get(f"/api/events/{mitchell.pk}/standings/").json()
    assert data["ranking"] == "overall"
    assert [(part["direction"], part["heading"]) for part in data["lists"]] == [("", "")]
    assert [(r["number"], r["rank"]) for r in data["lists"][0]["standings"]] == OVERALL

    dora.post(reverse("standings:options", args=[mitchell.pk]), {"ranking": "auto"})
    assert page_lists(dora, mitchell) == [(MAJORS_HEADING, SEPARATE["majors"]), (MINORS_HEADING, SEPARATE["minors"])]


def test_a_barometer_is_one_list_unless_the_director_asks_for_two(duplicate, director_a):
    assert [lst.direction for lst in standings_page(duplicate).lists] == [None]
    services.set_options(event=duplicate, ranking="separate")
    lists = standings_page(duplicate).lists
    assert [lst.heading for lst in lists] == [MAJORS_HEADING, MINORS_HEADING]
    # conftest's barometer: minors 5 and 6 both have 56.25 % (2¼ of 4), 4 has 25 % (½ of 2)
    assert [[(row.entrant.number, row.rank) for row in lst.rows] for lst in lists] == [
        [(1, "1"), (2, "2"), (3, "3")],
        [(5, "=1"), (6, "=1"), (4, "3")],
    ]


def test_a_progressive_night_is_one_list_whatever_the_option(progressive):
    services.set_options(event=progressive, ranking="separate")
    assert [lst.direction for lst in standings_page(progressive).lists] == [None]


def test_an_unknown_ranking_is_refused(mitchell):
    from director.core.errors import ValidationError

    with pytest.raises(ValidationError, match="unknown ranking"):
        services.set_options(event=mitchell, ranking="winners")


def test_the_projector_shows_both_lists_under_their_headings(mitchell, dora):
    data = dora.get(reverse("standings:projector_json", args=[mitchell.pk])).json()
    assert [(r["heading"], r["number"], r["rank"]) for r in data["standings"]] == [
        (heading, number, rank)
        for heading, direction in ((MAJORS_HEADING, "majors"), (MINORS_HEADING, "minors"))
        for number, rank in SEPARATE[direction]
    ]
    html = dora.get(reverse("standings:projector", args=[mitchell.pk])).content.decode()
    assert html.index(f'<th colspan="3">{MAJORS_HEADING}</th>') < html.index(f'<th colspan="3">{MINORS_HEADING}</th>')


def test_score_cards_name_the_list_their_rank_is_in(mitchell, dora):
    html = dora.get(reverse("standings:scorecards", args=[mitchell.pk])).content.decode()
    assert html.index(f'<h3 class="standings-list">{MAJORS_HEADING}</h3>') < html.index(MINORS_HEADING)
    card = dora.get(reverse("standings:scorecard", args=[mitchell.pk, 5])).content.decode()
    assert f"rank 1 of the {MINORS_HEADING}" in card
    events.set_public_switches(event=mitchell, scorecards_released=True)
    public = dora.get(reverse("public:scorecards", args=[mitchell.club.slug, mitchell.pk])).content.decode()
    assert public.count('class="standings-list"') == 2
