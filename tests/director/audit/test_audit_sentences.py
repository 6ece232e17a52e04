"""The audit log reads as sentences and sheets, never raw dicts (#14.16): every kind of entry the
services write has a sentence, and the event's log page shows sentences and laid-out sheets."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from director.audit.sentences import SENTENCES, read
from director.audit.services import ACTIONS
from director.events import services as events
from director.results import services as results
from tests.director.conftest import opened_phone, table_links

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 7, "D": 3, "C": 9},
    "trick_piles": {"majors": 60, "minors": 85},
    "revokes": {"S": 0, "H": 0, "D": 0, "C": 0},
}
SUMMARY = {"table": 3, "round": 1, "version": 2, "status": "confirmed", "source": "director", "majors": 1400,
           "minors": 1250, "net": 150}  # fmt: skip
NUMBERS = {"majors": 1400, "minors": 1250, "net": 150}

# Each action as its service writes it: (before, after, note, object_repr, actor) and the sentence.
SAMPLES = {
    "results.enter_sheet": (
        None,
        SUMMARY,
        "",
        "",
        "dora",
        "Entered the sheet of table 3, game 1 (version 2, confirmed): ♠♥ 1400 · ♦♣ 1250 · net +150 to ♠♥.",
    ),
    "results.confirm": (
        None,
        SUMMARY,
        "",
        "",
        "dora",
        "Confirmed the sheet of table 3, game 1 (version 2): ♠♥ 1400 · ♦♣ 1250 · net +150 to ♠♥.",
    ),
    "results.dispute": (
        {"status": "submitted"},
        {**SUMMARY, "version": 1, "status": "disputed"},
        "",
        "",
        "dora",
        "Disputed the sheet of table 3, game 1 (version 1): it waits for the director's correction or confirmation.",
    ),
    "results.withdraw": (
        None,
        {"table": 3, "round": 1, "superseded": 2},
        "wrong table",
        "",
        "dora",
        "Withdrew the result of table 3, game 1 (2 versions set aside; nothing deleted).",
    ),
    "table.submit": (
        {**SUMMARY, "version": 1, "status": "disputed"},
        {"side": "majors", "round": 1, "version": 2, **NUMBERS, "sheet": SHEET},
        "",
        "",
        "table 3",
        "The ♠♥ pair sent the sheet of game 1 (version 2), replacing version 1 (disputed): "
        "♠♥ 1400 · ♦♣ 1250 · net +150 to ♠♥.",
    ),
    "table.confirm": (
        {"status": "submitted"},
        {"status": "confirmed", "side": "minors", "round": 1, "version": 1},
        "",
        "",
        "table 3",
        "The ♦♣ pair confirmed the opponents' sheet of game 1 (version 1).",
    ),
    "table.dispute": (
        {"status": "submitted"},
        {
            "status": "disputed",
            "side": "minors",
            "round": 1,
            "version": 1,
            "proposal": {"side": "minors", "sheet": SHEET},
        },
        "our pile was 60",
        "",
        "table 3",
        "The ♦♣ pair disputed the opponents' sheet of game 1 (version 1) and proposed the sheet below.",
    ),
    "deals.release_hands": (
        None,
        {"hands_released": False},
        "",
        "",
        "dora",
        "Withdrew the hands from the public pages.",
    ),
    "deals.reveal_seed": (
        None,
        {"seed_revealed": True},
        "",
        "",
        "dora",
        "Revealed the game sets' seed: anyone can now check the deals against the announced commitment.",
    ),
    "deals.deal_auction": (
        None,
        {"rounds": 3, "draft": True},
        "",
        "",
        "dora",
        "Dealt 3 rounds of the Auction team match (the draft and the first hand, the same at both tables) "
        "from a new secret seed.",
    ),
    "events.apply_plan": (
        None,
        {"from_round": 2, "games": 3, "seatings": 24},
        "",
        "",
        "dora",
        "Seated games 2–4 (24 places at tables).",
    ),
    "events.public_switches": (
        {"pk": 1, "standings_released": False, "travellers_released": True, "hands_released": False},
        {"standings_released": True, "travellers_released": False, "hands_released": False},
        "",
        "",
        "dora",
        "Published the standings; hid the travellers on the public pages.",
    ),
    "events.coop_bands": (
        [],
        [[2400, "Bronze"], [3000, "Silver"]],
        "",
        "",
        "dora",
        "Set the coöperative grade bands: Bronze from 2400 and Silver from 3000.",
    ),
    "events.embers_short_game": (
        None,
        {"embers_hands": 3, "embers_fire_hands": 1},
        "the hall closes at ten",
        "",
        "dora",
        "Allowed an Embers game of 3 hands, under the rules' bare minimum of four: “the hall closes at ten”.",
    ),
    "events.reissue_player_code": (
        None,
        {"player": 7},
        "",
        "code of Kim in 3",
        "dora",
        "Issued a new code for Kim: the old code on their card no longer opens their page.",
    ),
    "events.reissue_table_token": (
        None,
        None,
        "",
        "Table 4",
        "dora",
        "Issued a new entry link for table 4: its old link and QR code no longer open the table page.",
    ),
    "clubs.update_player": (
        {"name": "Ann Smith", "external_id": "", "active": True},
        {"name": "Ann Smyth", "external_id": "C-12", "active": False},
        "",
        "Ann Smyth",
        "dora",
        "Changed player Ann Smyth: name changed from “Ann Smith” to “Ann Smyth”, "
        "membership number set to “C-12” and made inactive.",
    ),
    "clubs.settings": (
        {"send_results_on_release": False},
        {"send_results_on_release": True},
        "",
        "Port of Spain Calypso Club",
        "dora",
        "Changed the club settings: turned on “send results by e-mail when the standings are released”.",
    ),
    "events.close_round": (
        None,
        {"status": "closed"},
        "",
        "Game 2",
        "dora",
        "Closed game 2: no more sheets from the tables for it.",
    ),
    "events.finish_forced": (
        None,
        {"unfinished": ["game 4, table 2: no sheet", "game 4, table 3: disputed"]},
        "",
        "",
        "dora",
        "Finished the event on purpose with results unfinished: game 4, table 2: no sheet; game 4, table 3: disputed.",
    ),
    "events.reopen_round": (None, {"status": "open"}, "", "Game 2", "dora", "Reopened game 2."),
    "events.start": (None, {"status": "running"}, "", "", "dora", "Started the event: game 1 is under way."),
    "events.finish": (None, {"status": "finished"}, "", "", "dora", "Finished the event: every game is closed."),
    "events.reopen": (
        None,
        {"status": "running"},
        "",
        "",
        "dora",
        "Re-opened the finished event: its results can change again.",
    ),
    "events.start_without_sets": (
        None,
        {"game_sets": 0},
        "",
        "",
        "dora",
        "Started the duplicate event on purpose with no game sets dealt, imported or recorded.",
    ),
    "standings.artificial": (
        None,
        {"game": 2, "table": 3, "direction": "minors", "code": "A+"},
        "late arrival",
        "",
        "dora",
        "Gave an artificial score A+ to the ♦♣ pair at table 3, game 2.",
    ),
    "standings.withdraw_artificial": (
        {"code": "A+", "direction": "minors"},
        None,
        "given in error",
        "",
        "dora",
        "Withdrew the artificial score A+ of the ♦♣ pair.",
    ),
    "standings.fouled": (
        None,
        {"game_set": 2, "groups": [[[1, 1], [2, 2]], [[3, 3]]]},
        "a card in the wrong pocket",
        "",
        "dora",
        "Declared game set 2 fouled: each group is matchpointed on its own "
        "(group 1: table 1 in game 1 and table 2 in game 2; group 2: table 3 in game 3).",
    ),
    "standings.withdraw_fouled": (
        {"game_set": 2},
        None,
        "withdrawn",
        "",
        "dora",
        "Withdrew the ruling that game set 2 was fouled.",
    ),
    "movements.build": (
        {"fingerprint": "ab12"},
        {"kind": "progressive", "tables": 4, "games": 4, "seed": 7},
        "",
        "",
        "dora",
        "Built the progressive movement: 4 tables and 4 games.",
    ),
    "movements.swap": (
        {"fingerprint": "ab12"},
        {"first": 1, "second": 4, "from_round": 2, "fingerprint": "cd34"},
        "Pair 1 and pair 4 swapped from game 2; the movement was re-validated.",
        "",
        "dora",
        "Pair 1 and pair 4 swapped from game 2; the movement was re-validated.",
    ),
    "movements.latecomer": (
        {"fingerprint": "ab12"},
        {"players": [7], "partnership": 5, "from_round": 2, "placements": []},
        "",
        "",
        "dora",
        "Seated a latecomer from game 2.",
    ),
    "movements.next_round": (
        {"fingerprint": "ab12"},
        {"round": 3, "results": [], "coins": []},
        "",
        "",
        "dora",
        "Drew game 3 from the results of the game before.",
    ),
    "movements.correction_seating": (
        None,
        {"game": 1, "tables": [1], "choice": "kept"},
        "",
        "",
        "dora",
        "Corrected a sheet that later seating was drawn from (game 1).",
    ),
    "movements.correction_kept": (
        None,
        {"game": 1, "tables": [1], "choice": "kept"},
        "",
        "",
        "dora",
        "Kept the seating as played after a correction (game 1).",
    ),
    "movements.correction_reseat": (
        None,
        {"game": 2, "tables": [1], "choice": "re-seated"},
        "",
        "",
        "dora",
        "Re-seated the next game after a correction (game 2).",
    ),
    "mail.send_results": (
        None,
        {"sending": 5, "sent": 0, "waiting": 5, "failed": 0},
        "",
        "",
        "dora",
        "Sent the results by e-mail: 5 messages to go.",
    ),
    "mail.send_corrections": (None, {"corrected": 1}, "", "", "dora", "Sent corrected results by e-mail to 1 player."),
    "mail.unsubscribe": (
        None,
        None,
        "by the link in a message",
        "Ann Smith",
        "system",
        "Withdrew consent to results by e-mail (the link in a message): Ann Smith.",
    ),
    "mail.export_player": (None, None, "", "Ann Smith", "dora", "Exported the personal data of Ann Smith."),
    "mail.erase_player": (None, None, "", "Erased player 7", "dora", "Erased the personal data of Erased player 7."),
    "events.delete": (
        None,
        {"name": "Test night", "date": "2025-03-01", "had_results": False},
        "",
        "",
        "dora",
        "Deleted the event Test night of 2025-03-01.",
    ),
}

RAW = re.compile(r"[{}\[\]]|': |\w+_\w+")  # braces, brackets, a dict's quoted keys, snake_case names


def entry(action, before=None, after=None, note="", object_repr="", actor="dora"):
    return SimpleNamespace(action=action, before=before, after=after, note=note, object_repr=object_repr, actor=actor)


def test_every_action_kind_has_a_sentence():
    assert set(SAMPLES) == set(ACTIONS) == set(SENTENCES)


@pytest.mark.parametrize("action", sorted(SAMPLES))
def test_each_kind_reads_as_a_sentence(action):
    before, after, note, object_repr, actor, expected = SAMPLES[action]
    reading = read(entry(action, before, after, note, object_repr, actor))
    assert reading.sentence == expected
    assert not RAW.search(reading.sentence), reading.sentence


@pytest.mark.parametrize("action", sorted(SAMPLES))
def test_each_kind_reads_without_its_values_too(action):
    for before, after in ((None, None), ("odd", ["odd"]), ({"x": {"y": 1}}, {"side": 5, "round": None})):
        sentence = read(entry(action, before, after)).sentence
        assert sentence and sentence[0].isupper() and sentence.endswith("."), sentence
        assert "{" not in sentence and "[" not in sentence, sentence


def test_table_sheets_come_with_the_sentence():
    submitted = read(entry("table.submit", None, SAMPLES["table.submit"][1], actor="table 3"))
    assert submitted.sheet == SHEET and submitted.sheet_label == "Sheet sent"
    disputed = read(entry("table.dispute", None, SAMPLES["table.dispute"][1], actor="table 3"))
    assert disputed.sheet == SHEET and disputed.sheet_label == "Their sheet"


def test_an_unknown_action_still_reads_as_words():
    sentence = read(entry("clubs.merge", {"a": 1}, {"b": [1, 2]})).sentence
    assert sentence == "Clubs.merge: a: 1 before; b: 1, 2."


def test_every_action_the_services_write_has_a_sentence():
    """The services' own calls, found in the source: a new kind without a sentence fails here."""
    source = "\n".join(p.read_text() for p in Path("director").rglob("*.py") if "migrations" not in p.parts)
    written = set(re.findall(r"(?:record|record_submission|_audit)\(\s*\"([a-z_]+\.[a-z_]+)\"", source))
    assert written and written <= set(SENTENCES), written - set(SENTENCES)


@pytest.mark.django_db
def test_the_event_log_page_reads_as_sentences_and_sheets(client, progressive_a, director_a, sheet):
    running = events.start_event(event=table_links(progressive_a))
    table = running.tables.get(number=3)
    submitted = client.post(
        f"/t/{table.token}/submit/",
        data={"round": 1, "side": "minors", "sheet": sheet, "idempotency_key": "k-3"},
        content_type="application/json",
    ).json()["submission"]["id"]
    proposal = {**sheet, "trick_piles": {"majors": 50, "minors": 95}}
    opened_phone(table).post(  # the opponents' phone: the phone that sent a sheet cannot dispute it
        f"/t/{table.token}/dispute/",
        data={"submission": submitted, "side": "majors", "note": "two revokes", "sheet": proposal},
        content_type="application/json",
    )
    results.enter_sheet(
        table=running.tables.get(number=1), round=running.rounds.get(number=1), sheet=sheet, by=director_a
    )
    events.set_public_switches(event=running, standings_released=True)
    client.force_login(director_a)
    html = client.get(f"/events/{running.pk}/audit/").content.decode()
    for raw in ("{&#x27;", "{'", "&#x27;: ", "<code>{", "_released", "trick_piles"):
        assert raw not in html, raw
    assert "The ♦♣ pair sent the sheet of game 1 (version 1)" in html
    assert "The ♠♥ pair disputed the opponents&#x27; sheet of game 1 (version 1) and proposed the sheet below." in html
    assert "Reason: “two revokes”" in html
    assert "Entered the sheet of table 1, game 1 (version 1, confirmed)" in html
    assert "Published the standings on the public pages." in html
    assert html.count('<table class="sheet-read small">') == 3  # sent, proposed, entered
    assert html.count(">Sheet history of table 3, game 1</a>") == 2
    assert ">Sheet history of table 1, game 1</a>" in html
