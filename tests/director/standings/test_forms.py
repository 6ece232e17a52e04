"""Tally cross-check, adjustments, options and the projector clock through the pages."""

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from director.events.models import Round
from director.sheets.base import parse_net
from director.standings.clock import PROMPTS, clock_state
from director.standings.models import ArtificialScore, FouledSet
from tests.director.conftest import PASSWORD

from .conftest import PROGRESSIVE_NETS

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def cards_as_written(overrides=None):
    """Every partnership's paper card, correct, with ``overrides`` {(number, game): text}."""
    tables = {1: (1, 4), 2: (2, 5), 3: (3, 6)}
    minors_at = {1: {1: 4, 2: 5, 3: 6}, 2: {1: 6, 2: 4, 3: 5}, 3: {1: 5, 2: 6, 3: 4}}
    data = {}
    for (game, table), net in PROGRESSIVE_NETS.items():
        data[f"c{tables[table][0]}-g{game}"] = f"{net:+d}"
        data[f"c{minors_at[game][table]}-g{game}"] = f"{-net:+d}"
    for (number, game), text in (overrides or {}).items():
        data[f"c{number}-g{game}"] = text
    return data


def test_tally_cards_that_agree(dora, progressive):
    response = dora.post(reverse("standings:tallies", args=[progressive.pk]), cards_as_written())
    assert response.status_code == 200
    assert "All the cards agree with the scoresheets" in response.content.decode()


def test_tally_card_disagreeing_names_table_and_game(dora, progressive):
    url = reverse("standings:tallies", args=[progressive.pk])
    data = cards_as_written({(5, 2): "+60"})  # 5 was at table 3 in game 2 and lost 40
    html = dora.post(url, data).content.decode()
    assert "Table 3, game 2" in html and "wrote +60 but the scoresheet gives -40" in html
    assert 'class="flagged"' in html
    # Against each other only: 3 wrote -40 (the majors side of +40), 5 wrote +60.
    html = dora.post(url, {**data, "against": "cards"}).content.decode()
    assert "Table 3, game 2" in html and "exact negatives" in html


def test_tally_entry_that_is_not_a_net(dora, progressive):
    response = dora.post(reverse("standings:tallies", args=[progressive.pk]), cards_as_written({(1, 1): "12O"}))
    assert response.status_code == 400 and "not a net" in response.content.decode()


def test_parse_net():
    assert [parse_net(t) for t in ("+120", "-40", "−40", "1,020", " 0 ", "")] == [120, -40, -40, 1020, 0, None]
    with pytest.raises(ValueError):
        parse_net("abc")


def test_adjustments_page_awards_and_withdraws(dora, duplicate, director_a):
    url = reverse("standings:adjustments", args=[duplicate.pk])
    response = dora.post(
        url, {"action": "artificial", "place": "2:2", "direction": "majors", "code": "A+", "reason": "late"}
    )
    assert response.status_code == 302
    made = ArtificialScore.objects.get(event=duplicate)
    assert (made.code, made.created_by, made.reason, made.table.number) == ("A+", director_a, "late", 2)
    html = dora.get(url).content.decode()
    assert "late" in html and "Withdraw" in html
    dora.post(url, {"action": "withdraw-artificial", "id": made.pk, "reason": "found the sheet"})
    made.refresh_from_db()
    assert made.withdrawn_at is not None and made.withdrawn_by == director_a
    response = dora.post(
        url, {"action": "artificial", "place": "2:2", "direction": "majors", "code": "A", "reason": ""}
    )
    assert response.status_code == 400 and "give a reason" in response.content.decode()


def test_adjustments_page_fouls_a_set(dora, duplicate):
    url = reverse("standings:adjustments", args=[duplicate.pk])
    data = {"action": "fouled", "game_set": 1, "g1-1": "1", "g1-2": "2", "g1-3": "2", "reason": "swapped hands"}
    assert dora.post(url, data).status_code == 302
    assert FouledSet.objects.get(event=duplicate).groups == [[[1, 1]], [[1, 2], [1, 3]]]
    html = dora.get(reverse("standings:traveller", args=[duplicate.pk, 1])).content.decode()
    assert "swapped hands" in html and "Group" in html


def test_other_director_cannot_adjust(client, director_b, duplicate):
    client.login(username="bert", password=PASSWORD)
    url = reverse("standings:adjustments", args=[duplicate.pk])
    response = client.post(
        url, {"action": "artificial", "place": "2:2", "direction": "majors", "code": "A", "reason": "x"}
    )
    assert response.status_code == 404 and not ArtificialScore.objects.exists()


def test_options_form(dora, progressive):
    dora.post(reverse("standings:options", args=[progressive.pk]), {"tie_break": "count-back"})
    html = dora.get(reverse("standings:standings", args=[progressive.pk])).content.decode()
    assert "count-back" in html


def test_projector_clock(dora, progressive):
    json_url = reverse("standings:projector_json", args=[progressive.pk])
    data = dora.get(json_url).json()
    assert data["round"] == 1 and data["clock"]["running"] is False and data["awaited"] == []
    response = dora.post(
        reverse("standings:clock", args=[progressive.pk]),
        {"round": 1, "action": "start"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 200 and response.json()["clock"]["running"] is True
    assert Round.objects.get(event=progressive, number=1).started_at is not None
    again = dora.post(
        reverse("standings:clock", args=[progressive.pk]),
        {"round": 1, "action": "start"},
        HTTP_ACCEPT="application/json",
    )
    assert again.status_code == 409


def test_clock_prompts():
    start = timezone.now()
    at = lambda minutes: clock_state(start, 40, start + timezone.timedelta(minutes=minutes))  # noqa: E731
    assert at(5).prompt == PROMPTS[0] and at(5).remaining == 35 * 60
    assert at(10).prompt == "You should be finishing the first deal"
    assert at(20).prompt == "You should be finishing the second deal"
    assert at(31).prompt == "Last deal"
    assert at(40).prompt == "Time" and at(55).remaining == 0
    assert clock_state(None, 40, start).running is False


def test_a_finished_event_projects_its_final_standings_without_a_clock(dora, progressive):
    """#14.14: no 40:00 clock once the event is over; the final standings fill the screen."""
    from director.events import services as events
    from director.results import services as results

    url = reverse("standings:projector", args=[progressive.pk])
    running = dora.get(url).content.decode()
    assert 'class="remaining"' in running and "Final standings" not in running

    events.start_event(event=progressive)
    results.finish_event(event=progressive)
    html = dora.get(url).content.decode().split('<script id="projector-initial"')[0]  # what is shown
    assert '<body class="final">' in html
    assert 'class="remaining"' not in html and "40:00" not in html and "Results awaited" not in html
    assert "Final standings · 3 games" in html
    assert 'data-action="start"' not in html
    data = dora.get(reverse("standings:projector_json", args=[progressive.pk])).json()
    assert data["finished"] is True and len(data["standings"]) == 6


def test_every_page_has_a_favicon(client, dora, progressive):
    from django.contrib.staticfiles import finders

    icon = finders.find("favicon.svg")
    assert icon and Path(icon).read_text().startswith("<svg")
    for url in ("/login/", reverse("standings:projector", args=[progressive.pk])):
        html = dora.get(url).content.decode()
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html, url


@pytest.mark.parametrize(
    ("post", "message"),
    [
        # "²".isdigit() is true, but int("²") is no number: each of these was a 500
        (
            {"action": "artificial", "round": "²", "table": "2"},
            "the game number must be a whole number, not &#x27;²&#x27;",
        ),
        ({"action": "artificial", "place": "2:--2"}, "the table number must be a whole number, not &#x27;--2&#x27;"),
        ({"action": "artificial", "round": "9" * 5000, "table": "2"}, "the game number must be a whole number"),
        ({"action": "withdraw-artificial", "id": "²"}, "the adjustment must be a whole number"),
        ({"action": "withdraw-fouled", "id": "abc"}, "the adjustment must be a whole number"),
        ({"action": "fouled", "game_set": "²"}, "the game set must be a whole number"),
        (
            {"action": "fouled", "game_set": "1", "g1-1": "one", "g1-2": "2"},
            "the group of table 1 in game 1 must be a whole number",
        ),
        # PostgreSQL's text holds no NUL: a 500 on a league server (SQLite kept it)
        ({"action": "artificial", "place": "2:2", "reason": "late\x00"}, "the reason holds a NUL character"),
        ({"action": "fouled", "game_set": "1", "g1-1": "1", "g1-2": "2", "reason": "\x00"}, "the reason holds a NUL"),
    ],
)
def test_a_crafted_adjustment_post_is_a_400_naming_the_box(dora, duplicate, post, message):
    url = reverse("standings:adjustments", args=[duplicate.pk])
    response = dora.post(url, {"direction": "majors", "code": "A", "reason": "late", **post})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not ArtificialScore.objects.exists() and not FouledSet.objects.exists()


@pytest.mark.parametrize("kind", ["artificial", "fouled"])
def test_a_withdrawal_reason_holding_a_nul_is_refused_by_name(dora, duplicate, kind):
    url = reverse("standings:adjustments", args=[duplicate.pk])
    if kind == "artificial":
        made = {"action": "artificial", "place": "2:2", "direction": "majors", "code": "A", "reason": "late"}
    else:
        made = {"action": "fouled", "game_set": 1, "g1-1": "1", "g1-2": "2", "g1-3": "2", "reason": "swapped"}
    assert dora.post(url, made).status_code == 302
    row = (ArtificialScore if kind == "artificial" else FouledSet).objects.get()
    response = dora.post(url, {"action": f"withdraw-{kind}", "id": row.pk, "reason": "found\x00"})
    assert response.status_code == 400 and "the reason holds a NUL character" in response.content.decode()
    row.refresh_from_db()
    assert row.withdrawn_at is None
