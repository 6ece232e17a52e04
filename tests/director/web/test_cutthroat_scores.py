"""Score entry for a cutthroat event: a trick pile per player, four individual scores, three-handed
tables (117 cards), saved through results.services.enter_sheet. That js/scores.js checks and scores
cutthroat sheets as scoring.scores does is tests/js/test_parity.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from director.events import services as events
from director.movements import night
from director.results.models import Submission
from scoring import scores

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db

FOUR = {  # S 600+300=900, H 140+300=440, D 1310+400=1710, C 180+450=630
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"S": 30, "H": 30, "D": 40, "C": 45},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}
THREE = {  # no ♣ player: 13×3 + 15 + 63 = 117
    "calypsos": {"S": 1, "H": 0, "D": 2},
    "unfinished": {"S": 5, "H": 7, "D": 3},
    "trick_piles": {"S": 20, "H": 20, "D": 23},
    "revokes": {"S": 0, "H": 1, "D": 0},
}


def form_data(table: int, sheet: dict, absent: str = "", **overrides) -> dict:
    data = {f"t{table}-absent": absent}
    for seat in sheet["calypsos"]:
        data[f"t{table}-cal-{seat}"] = sheet["calypsos"][seat]
        data[f"t{table}-unf-{seat}"] = sheet["unfinished"][seat]
        data[f"t{table}-pile-{seat}"] = sheet["trick_piles"][seat]
        data[f"t{table}-rev-{seat}"] = sheet["revokes"][seat] or ""
    data.update({f"t{table}-{k}": v for k, v in overrides.items()})
    return data


@pytest.fixture
def cutthroat(client, club_a, players_a, director_a):
    event = night.set_up_night(
        club=club_a,
        name="Cutthroat night",
        date="2025-05-02",
        type="progressive-individual",
        form="cutthroat",
        players=[p.pk for p in players_a[:12]],
        by=director_a,
    )
    events.start_event(event=event)
    client.force_login(director_a)
    return event


def url(event, game=1):
    return reverse("results:entry", args=[event.pk, game])


def card_errors(response, table):
    return next(c["errors"] for c in response.context["cards"] if c["cell"].table.number == table)


def test_the_page_shows_a_trick_pile_per_player_and_the_three_handed_choice(client, cutthroat):
    response = client.get(url(cutthroat))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-form="cutthroat"' in page and "This event is played cutthroat" in page
    for seat in "SHDC":
        assert f'name="t3-pile-{seat}"' in page
    assert 'name="t1-pile-majors"' not in page
    assert 'name="t2-absent"' in page and "Three-handed, no ♣ player · 117 cards" in page
    static = Path(settings.BASE_DIR) / "director/core/static/js"
    assert "S.checkSheet(" in (static / "score-entry.js").read_text()  # the card names its check: data-form
    assert 'if (name === "cutthroat") return checkCutthroat(sheet);' in (static / "scores.js").read_text()


def test_cutthroat_sheets_are_saved_with_their_individual_scores(client, cutthroat):
    response = client.post(url(cutthroat), {**form_data(1, FOUR), **form_data(2, THREE, absent="C", **{"cal-C": "9"})})
    assert response.status_code == 302, response.context and [c["errors"] for c in response.context["cards"]]
    saved = {s.table.number: s for s in Submission.objects.filter(round__event=cutthroat)}
    assert set(saved) == {1, 2}
    assert saved[1].sheet == {"form": "cutthroat", **FOUR} and saved[1].status == "confirmed"
    assert saved[2].sheet == {"form": "cutthroat", **THREE}  # the empty seat's boxes are ignored
    assert (saved[1].majors, saved[1].minors, saved[1].net) == (0, 0, 0)  # no partnerships
    assert scores.score_cutthroat(saved[1].sheet).scores == {"S": 900, "H": 440, "D": 1710, "C": 630}
    # H revoked once: 260 to each of the two others.
    assert scores.score_cutthroat(saved[2].sheet).scores == {"S": 1060, "H": 340, "D": 1800}

    page = client.get(url(cutthroat))
    cards = {c["cell"].table.number: c for c in page.context["cards"]}
    assert [s["score"] for s in cards[1]["scores"]] == [900, 440, 1710, 630]
    assert cards[2]["widget"]["absent"]["value"] == "C" and [s["seat"] for s in cards[2]["scores"]] == ["S", "H", "D"]
    text = page.content.decode()
    assert 'value="45"' in text and "Missing: table 3" in text
    # Re-saving the page as it stands writes no new version.
    client.post(url(cutthroat), {**form_data(1, FOUR), **form_data(2, THREE, absent="C")})
    assert Submission.objects.filter(round__event=cutthroat).count() == 2


@pytest.mark.parametrize(
    ("table_data", "message"),
    [
        (form_data(2, FOUR, **{"pile-C": "44"}), "cards add up to 207, not 208: 1 card missing"),
        (form_data(2, FOUR, absent="C"), "cards add up to 154, not 117: 37 cards too many"),
        (form_data(2, THREE, absent="C", **{"pile-D": "24"}), "cards add up to 118, not 117: 1 card too many"),
        (form_data(2, FOUR, **{"cal-S": "one"}), "calypsos.S must be a whole number, not 'one'"),
        (form_data(2, FOUR, **{"pile-H": "-1"}), "counts cannot be negative"),
        (form_data(2, FOUR, **{"unf-D": "13"}), "an unfinished calypso holds 0–12 cards"),
        (form_data(2, THREE, absent="C", **{"cal-D": "3", "unf-D": "1"}), "there are only 39"),
        (form_data(2, FOUR, **{"pile-S": ""}), "trick_piles.S is missing"),  # a box left blank
    ],
)
def test_a_bad_cutthroat_sheet_is_refused_next_to_its_table_and_nothing_is_written(
    client, cutthroat, table_data, message
):
    response = client.post(url(cutthroat), {**form_data(1, FOUR), **table_data})
    assert response.status_code == 400
    assert any(message in e for e in card_errors(response, 2)), card_errors(response, 2)
    assert card_errors(response, 1) == []
    assert not Submission.objects.exists()


def test_a_partnership_sheet_is_refused_for_a_cutthroat_event(cutthroat):
    from director.core.errors import ValidationError
    from director.results import services as results

    partnership = {**FOUR, "trick_piles": {"majors": 60, "minors": 85}}
    with pytest.raises(ValidationError, match="trick_piles"):
        results.enter_sheet(
            table=cutthroat.tables.get(number=1), round=cutthroat.rounds.get(number=1), sheet=partnership
        )
    assert not Submission.objects.exists()
