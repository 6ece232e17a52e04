"""The tally cross-check page for a cutthroat event: each player's card holds their own score per
game (no sign, never negative), checked against their own score on their table's confirmed sheet.

The event and its scores are those of ``test_cutthroat`` (worked by hand in its docstring): seven
players score, Player 08 is seated at table 2's empty ♣ seat (three-handed both games) and plays no
game. Before this check existed the page reported every correct line as "no scoresheet for table 1
in game 1" (it looked for partnership sheets) and, against the cards only, "not exact negatives".
"""

import pytest
from django.urls import reverse

from director.sheets.cutthroat.standings import parse_score
from director.standings import services
from director.standings.models import TallyCardEntry

from .test_cutthroat import SCORES, TOTALS, cutthroat  # noqa: F401  (cutthroat is a fixture)

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def keys(players_a) -> dict[int, int]:
    """Player number (1–8, as in test_cutthroat) → the player's id, the key of their row."""
    return {n: p.pk for n, p in enumerate(players_a[:8], start=1)}


def cards_as_written(players_a, overrides=None) -> dict[str, str]:
    """Every player's card as a careful player writes it (``1,710``), with its total; ``overrides``
    {(number, game or "t"): text} changes a cell."""
    pk = keys(players_a)
    data = {f"c{pk[n]}-g{g}": f"{score:,}" for (g, n), score in SCORES.items()}
    data.update({f"c{pk[n]}-t": f"{total:,}" for n, total in TOTALS.items()})
    for (n, game), text in (overrides or {}).items():
        data[f"c{pk[n]}-{'t' if game == 't' else f'g{game}'}"] = text
    return data


def found(response) -> list[tuple]:
    return [(d.kind, d.game, d.table, d.message) for d in response.context["discrepancies"]]


def flagged(response) -> set[str]:
    cells = [c for row in response.context["grid"] for c in (*row["cells"], row["total"])]
    return {c["name"] for c in cells if c["flagged"]}


def test_a_correct_set_of_cards_gives_nothing_to_look_at_and_is_saved(dora, cutthroat, players_a, director_a):  # noqa: F811
    url = reverse("standings:tallies", args=[cutthroat.pk])
    response = dora.post(url, cards_as_written(players_a))
    assert response.status_code == 200
    assert response.context["discrepancies"] == [] and response.context["not_entered"] == []
    html = response.content.decode()
    assert "All the cards agree with the scoresheets." in html and "Saved 7 tally cards" in html
    assert 'id="cutthroat-check"' in html and "no pairing of nets and no zero sum" in html
    assert "No zero-sum check" in html and "tallies add up to 0" not in html and "waits for every card" not in html
    pk = keys(players_a)
    rows = {r.entrant: r for r in TallyCardEntry.objects.filter(event=cutthroat)}
    assert set(rows) == {str(pk[n]) for n in TOTALS}  # Player 08 typed nothing: no card saved
    for n, total in TOTALS.items():
        row = rows[str(pk[n])]
        assert row.nets == {g: SCORES[(g, n)] for g in (1, 2)} and row.total == total
        assert row.version == 1 and row.entered_by == director_a

    # Opened again: the scores shown as written, without a sign, and checked again.
    again = dora.get(url)
    html = again.content.decode()
    assert f'name="c{pk[3]}-g1" value="1,710"' in html and f'name="c{pk[7]}-t" value="2,570"' in html
    assert 'value="+' not in html
    assert again.context["discrepancies"] == []


def test_a_transposed_score_is_named_at_its_table_and_game(dora, cutthroat, players_a):  # noqa: F811
    # Players 01 and 02 each wrote the other's game-1 score, and added their own cards up right.
    data = cards_as_written(players_a, {(1, 1): "440", (1, "t"): "1,300", (2, 1): "900", (2, "t"): "2,160"})
    response = dora.post(reverse("standings:tallies", args=[cutthroat.pk]), data)
    assert response.status_code == 200
    sheet = "the sheet has Player 01 900, Player 02 440, Player 03 1,710, Player 04 630"
    assert found(response) == [
        ("scoresheet", 1, 1, f"Table 1, game 1: Player 01 wrote 440 but the scoresheet gives 900 ({sheet})."),
        ("scoresheet", 1, 1, f"Table 1, game 1: Player 02 wrote 900 but the scoresheet gives 440 ({sheet})."),
    ]
    pk = keys(players_a)
    assert flagged(response) == {f"c{pk[1]}-g1", f"c{pk[2]}-g1"}
    html = response.content.decode()
    assert "2 things to look at" in html and "Player 01 wrote 440 but the scoresheet gives 900" in html

    # Without the sheets nothing can see it, and the page says so rather than that all is well.
    response = dora.post(reverse("standings:tallies", args=[cutthroat.pk]), {**data, "against": "cards"})
    assert response.context["discrepancies"] == []
    html = response.content.decode()
    assert "Every card's total is the sum of its lines." in html
    assert "without the scoresheets there is nothing to check them against" in html
    assert "All the cards agree" not in html and "exact negatives" not in html


def test_a_wrong_total_is_found_with_and_without_the_sheets(dora, cutthroat, players_a):  # noqa: F811
    data = cards_as_written(players_a, {(7, "t"): "2,750"})  # 1,800 + 770 = 2,570
    url = reverse("standings:tallies", args=[cutthroat.pk])
    message = "Player 07's card: the lines add up to 2,570 but the total written is 2,750."
    for against in ("sheets", "cards"):
        response = dora.post(url, {**data, "against": against})
        assert found(response) == [("total", None, None, message)]
        assert flagged(response) == {f"c{keys(players_a)[7]}-t"}


def test_a_player_who_did_not_play_at_that_table(dora, cutthroat, players_a):  # noqa: F811
    # Player 08 is seated at table 2's ♣ seat, but the game there was three-handed.
    data = cards_as_written(players_a, {(8, 1): "340", (8, "t"): "340"})
    response = dora.post(reverse("standings:tallies", args=[cutthroat.pk]), data)
    assert found(response) == [
        ("wrong-table", 1, 2, "Table 2, game 1: Player 08 wrote 340, but Player 08 is not on that table's scoresheet.")
    ]


def test_a_missing_line_and_a_missing_card(dora, cutthroat, players_a):  # noqa: F811
    data = cards_as_written(players_a, {(4, 2): "", (4, "t"): "630", (6, 1): "", (6, 2): "", (6, "t"): ""})
    response = dora.post(reverse("standings:tallies", args=[cutthroat.pk]), data)
    assert found(response) == [
        (
            "missing-line",
            2,
            2,
            "Table 2, game 2: Player 04's card has no line for this game (the scoresheet gives 140).",
        )
    ]
    assert response.context["not_entered"] == ["Player 06"]
    html = response.content.decode()
    assert "No card entered yet for 1: Player 06." in html and "waits for every card" not in html


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-900", "&#x27;-900&#x27; is negative: a cutthroat score never is (write it like 1,250)"),
        ("−900", "&#x27;−900&#x27; is negative: a cutthroat score never is (write it like 1,250)"),
        ("9OO", "&#x27;9OO&#x27; is not a score (write it as on the card, like 1,250)"),
    ],
)
def test_bad_input_is_refused_next_to_its_cell_and_writes_nothing(dora, cutthroat, players_a, typed, message):  # noqa: F811
    url = reverse("standings:tallies", args=[cutthroat.pk])
    response = dora.post(url, cards_as_written(players_a, {(1, 1): typed}))
    assert response.status_code == 400
    name = f"c{keys(players_a)[1]}-g1"
    html = response.content.decode()
    assert f'<span class="error small cell-error" id="{name}-error">{message}</span>' in html
    assert f'aria-describedby="{name}-error"' in html and "Some entries are not scores" in html
    assert response.context["discrepancies"] is None
    assert not TallyCardEntry.objects.exists()

    # With cards saved already, a bad entry saves none of the other changes either.
    dora.post(url, cards_as_written(players_a))
    assert TallyCardEntry.objects.count() == 7
    response = dora.post(url, cards_as_written(players_a, {(1, 1): typed, (2, 1): "450", (2, "t"): "1,710"}))
    assert response.status_code == 400
    assert TallyCardEntry.objects.count() == 7 and all(r.version == 1 for r in TallyCardEntry.objects.all())


def test_a_negative_total_is_refused_too(dora, cutthroat, players_a):  # noqa: F811
    data = cards_as_written(players_a, {(3, "t"): "-2,330"})
    response = dora.post(reverse("standings:tallies", args=[cutthroat.pk]), data)
    assert response.status_code == 400
    assert "is negative: a cutthroat score never is" in response.context["errors"][f"c{keys(players_a)[3]}-t"]
    assert not TallyCardEntry.objects.exists()


def test_cards_saved_by_the_service_are_checked_when_the_page_opens(dora, cutthroat, players_a, director_a):  # noqa: F811
    pk = keys(players_a)
    cards = {pk[n]: ({g: SCORES[(g, n)] for g in (1, 2)}, total) for n, total in TOTALS.items()}
    cards[pk[5]] = ({1: 1060, 2: 770}, 1830)  # game 2: Player 07's 770 written for Player 05's 700
    written = services.save_tally_cards(event=cutthroat, cards=cards, by=director_a)
    assert len(written) == 7
    assert services.latest_tally_cards(cutthroat)[str(pk[5])].nets == {1: 1060, 2: 770}
    response = dora.get(reverse("standings:tallies", args=[cutthroat.pk]))
    sheet = "the sheet has Player 05 700, Player 02 1,260, Player 07 770, Player 03 620"
    assert found(response) == [
        ("scoresheet", 2, 1, f"Table 1, game 2: Player 05 wrote 770 but the scoresheet gives 700 ({sheet}).")
    ]
    html = response.content.decode()
    assert f'name="c{pk[5]}-g2" value="770"' in html and f'name="c{pk[5]}-t" value="1,830"' in html


def test_parse_score():
    typed = ("1,250", "900", "+900", " 0 ", "1 710", "", "-0")
    assert [parse_score(t) for t in typed] == [1250, 900, 900, 0, 1710, None, 0]
    for bad in ("-40", "−40", "abc", "12O", "1.5"):
        with pytest.raises(ValueError):
            parse_score(bad)


def test_a_partnership_event_keeps_its_nets_and_zero_sum(dora, progressive):
    html = dora.get(reverse("standings:tallies", args=[progressive.pk])).content.decode()
    assert "Zero-sum check of the scoresheets" in html and "(+120, −40;" in html
    assert 'id="cutthroat-check"' not in html and "No zero-sum check" not in html
