"""The table page speaks the sheet's words: a sheet refused at the table names its boxes as the
players see them ("Calypsos — ♠ player: must be a whole number"), never JSON paths such as
``calypsos.S`` or ``trick_piles.majors`` — in the JSON answer the page shows, and on the page
without JavaScript."""

from __future__ import annotations

import re
import uuid

from director.results.models import Submission
from director.sheets.registry import by_name

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

PATH = re.compile(r"\b(calypsos|unfinished|trick_piles|revokes)\.\w")


def test_a_refused_sheet_is_named_in_the_sheets_words(phone, sheet):
    not_a_number = phone(1).submit({**sheet, "calypsos": {**sheet["calypsos"], "S": "x"}})
    out_of_range = phone(1).submit(
        {**sheet, "trick_piles": {"majors": 209, "minors": 85}, "unfinished": {**sheet["unfinished"], "D": "13"}}
    )
    assert not_a_number.status_code == out_of_range.status_code == 400
    assert not_a_number.json()["problems"] == ["Calypsos — ♠ player: must be a whole number, not 'x'"]
    problems = out_of_range.json()["problems"]
    assert "Trick pile — ♠♥ is 209: a trick pile holds at most the 208 cards in play" in problems
    assert any(p.startswith("Unfinished — ♦ player is 13:") for p in problems)
    for body in (not_a_number.json(), out_of_range.json()):
        assert not PATH.search(body["error"]) and not any(PATH.search(p) for p in body["problems"]), body
    assert not_a_number.json()["field"]  # the machine-readable path is still there for programs
    assert not Submission.objects.exists()


def test_without_javascript_the_page_names_the_boxes_too(client, tables, sheet):
    table = tables[3]
    data = {
        **by_name("partnership")().values(sheet),
        "round": "1",
        "side": "minors",
        "idempotency_key": uuid.uuid4().hex,
    }
    data["cal-H"] = "two"
    response = client.post(f"/t/{table.token}/submit/", data)
    assert response.status_code == 400
    errors = response.content.decode().split('id="table-errors"')[1].split("</ul>")[0]
    assert "Calypsos — ♥ player: must be a whole number, not &#x27;two&#x27;" in errors
    assert not PATH.search(errors)


def test_the_sheet_kept_beside_the_first_is_named_in_words(client, phone, sheet):
    p = phone(2)
    assert p.submit(sheet, side="majors").status_code == 201
    theirs = {**sheet, "trick_piles": {"majors": 60, "minors": 84}, "calypsos": {**sheet["calypsos"], "C": "-1"}}
    assert p.submit(theirs, side="minors").status_code == 409  # kept in the ♦♣ phone's session
    page = p.phones["minors"].get(p.url()).content.decode()
    typed = page.split('id="typed-sheet"')[1]
    assert "Calypsos — ♣ player is -1: counts cannot be negative" in typed
    assert not PATH.search(typed)


def test_the_sent_sheet_names_its_trick_piles_by_their_suits(client, phone, sheet):
    p = phone(1)
    assert p.submit(sheet, side="majors").status_code == 201
    page = client.get(p.url()).content.decode()
    piles = page.split('id="sheet-view"')[1].split("Trick piles:")[1].split("</p>")[0]
    # The suits are spoken by name too (calypso.py's suits filter: a screen reader says "spades and hearts").
    majors = '<span role="img" aria-label="spades and hearts">♠♥</span>'
    minors = '<span role="img" aria-label="diamonds and clubs">♦♣</span>'
    assert f'<span class="pile">{majors} 60</span>' in piles and f'<span class="pile">{minors} 85</span>' in piles
    assert "majors" not in piles and "minors" not in piles


def test_a_box_left_blank_is_named_as_missing_not_as_an_empty_quote(phone, sheet):
    """A phone that sends before every box is typed is told which boxes are still empty, in words."""
    blanks = {**sheet, "calypsos": {**sheet["calypsos"], "H": ""}, "trick_piles": {"majors": 60, "minors": "  "}}
    response = phone(1).submit(blanks)
    assert response.status_code == 400
    assert response.json()["problems"] == ["Calypsos — ♥ player: missing", "Trick pile — ♦♣: missing"]
    assert not any("''" in p for p in response.json()["problems"])
