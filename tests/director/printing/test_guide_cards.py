"""Table guide cards: the movement round by round, where next, and the QR code of the table's
score-entry page."""

from __future__ import annotations

import re
import shutil

import pytest

from director.events.models import Table
from director.printing import guide_cards, qr
from director.printing.documents import render_from_event
from director.printing.event_data import load_event_data
from director.printing.options import PrintOptions
from scoring.movements import Movement

from .helpers import SYMBOL_SUIT, pdf_pages
from .test_qr import mismatches, read_modules, widget_matrix

pytestmark = pytest.mark.django_db

ROW = re.compile(r"^(\d+)(?: (\d+))? Pair (\d+)$")
PAIR = re.compile(r"^Pair (\d+)$")
SEAT = re.compile(r"^([♠♥♦♣]) (.+)$")
MOVE = re.compile(r"^(♠♥|♦♣) (stays|→ Table (\d+))")


def parse_guide_card(text: str) -> dict:
    """table, url and rows: game → {set, majors, minors, seats {suit: name}, moves {dir: table|'stays'}}."""
    lines = [line.strip() for line in text.splitlines()]
    card = {"table": int(re.search(r"^Table (\d+)", lines[1])[1]), "url": lines[2], "rows": {}}
    row = None
    for line in lines[3:]:
        if m := ROW.match(line):
            row = card["rows"][int(m[1])] = {
                "set": int(m[2]) if m[2] else None, "majors": int(m[3]), "minors": None, "seats": {}, "moves": {},
            }  # fmt: skip
        elif row is None:
            continue
        elif m := PAIR.match(line):
            row["minors"] = int(m[1])
        elif m := MOVE.match(line):
            row["moves"]["majors" if m[1] == "♠♥" else "minors"] = int(m[3]) if m[3] else "stays"
        elif m := SEAT.match(line):
            row["seats"][SYMBOL_SUIT[m[1]]] = m[2]
    return card


def place(movement: Movement, partnership: int, game: int) -> tuple[int, str]:
    for table, entry in movement.rounds[game - 1].items():
        for direction, side in entry.sides():
            if side == partnership:
                return table, direction
    raise AssertionError(f"pair {partnership} not in game {game}")


@pytest.mark.parametrize("fixture", ["progressive_a", "duplicate_a"])
def test_guide_cards_match_the_movement(fixture, request, settings):
    settings.PUBLIC_BASE_URL = "https://calypso.example.org"
    event = request.getfixturevalue(fixture)
    if not event.movement:  # seated by the low-level helper: seat it through the movement engine
        from director.movements import services as movements

        movements.seat_event(event=event)
        event.refresh_from_db()
    movement = Movement.from_dict(event.movement)
    data = load_event_data(event)
    pages = pdf_pages(render_from_event("guide-cards", data, PrintOptions(paper="letter")))
    tokens = dict(Table.objects.filter(event=event).values_list("number", "token"))
    assert len(pages) == len(tokens) == 4
    names = {
        p: {s: n for s, _, n in side.seats} for play in data.plays for side in play.sides() for p in [side.partnership]
    }
    for text in pages:
        card = parse_guide_card(text)
        table = card["table"]
        assert card["url"] == f"https://calypso.example.org/t/{tokens[table]}/"
        assert sorted(card["rows"]) == list(range(1, len(movement.rounds) + 1))
        for game, row in card["rows"].items():
            entry = movement.rounds[game - 1][table]
            assert (row["majors"], row["minors"], row["set"]) == (entry.majors, entry.minors, entry.game_set)
            assert row["seats"] == {**names[entry.majors], **names[entry.minors]}
            for direction, partnership in (("majors", entry.majors), ("minors", entry.minors)):
                if game == len(movement.rounds):
                    assert direction not in row["moves"]
                    continue
                # Not Movement.where: it takes a partnership number for a player id when they coincide.
                nxt_table, nxt_direction = place(movement, partnership, game + 1)
                stays = nxt_table == table and nxt_direction == direction
                assert row["moves"][direction] == ("stays" if stays else nxt_table), (table, game, direction)


def test_the_qr_code_carries_the_entry_url(progressive_a, settings, monkeypatch):
    settings.PUBLIC_BASE_URL = "https://club.example/"
    encoded = []
    real = qr.qr_matrix

    def spy(value, level="M"):
        encoded.append((value, level))
        return real(value, level)

    monkeypatch.setattr(qr, "qr_matrix", spy)
    data = load_event_data(progressive_a)
    pages = pdf_pages(render_from_event("guide-cards", data, PrintOptions()))
    expected = [f"https://club.example/t/{t.token}/" for t in Table.objects.filter(event=progressive_a)]
    assert encoded == [(url, "M") for url in expected]  # once per card, error correction M
    for url, text in zip(expected, pages, strict=True):
        assert url in text  # printed beside the code
    assert [card.url for card in guide_cards.guide_cards(data)] == expected


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_printed_qr_code_has_the_modules_of_its_url(progressive_a, settings, monkeypatch, tmp_path, paper):
    """No QR decoder is installed, so compare each card's printed code with the matrix reportlab's
    own QR widget encodes for the card's URL: the pages are rasterised with pdftoppm and every module
    is read at nine points (``test_qr.read_modules``); the two-module quiet zone must be light."""
    settings.PUBLIC_BASE_URL = "https://club.example"
    placed = []
    real = guide_cards.draw_qr

    def spy(batch, x, y, size, value):
        placed.append((batch.pages + 1, batch.page_size[1], x, y, size, value))
        real(batch, x, y, size, value)

    monkeypatch.setattr(guide_cards, "draw_qr", spy)
    data = load_event_data(progressive_a)
    pdf = tmp_path / "guide.pdf"
    pdf.write_bytes(render_from_event("guide-cards", data, PrintOptions(paper=paper)))
    tokens = Table.objects.filter(event=progressive_a).values_list("token", flat=True)
    assert [p[5] for p in placed] == [f"https://club.example/t/{token}/" for token in tokens]
    assert len({p[0] for p in placed}) == len(placed) == 4  # each on its own card
    for page, height, x, y, size, value in placed:
        matrix = widget_matrix(value)
        assert len(matrix) >= 29  # a 32-character token: version 3 or more
        grid = read_modules(pdf, page, height, x, y, size, len(matrix) + 2 * guide_cards.QR_BORDER)
        assert mismatches(grid, matrix, guide_cards.QR_BORDER) == [], (page, value)


def test_a_round_not_seated_yet_says_so(club_a, players_a, director_a):
    """Progressive individual: later games are seated from results; the card says so."""
    import datetime

    from director.events import services as events
    from director.movements import services as movements

    event = events.create_event(
        club=club_a, name="Individual", date=datetime.date(2025, 7, 1), type="progressive-individual", games=3
    )
    movements.seat_event(event=event, players=players_a[:8], seed=3)
    data = load_event_data(event)
    if len(data.rounds) > 1 and not data.round_plays(2):
        text = "\n".join(pdf_pages(render_from_event("guide-cards", data, PrintOptions())))
        assert "to be seated by the director" in " ".join(text.split())
    cards = guide_cards.guide_cards(data)
    seated = {(p.round, p.table) for p in data.plays}
    for card in cards:
        for row in card.rows:
            if (row.round, card.table) in seated:
                assert row.majors is not None and len(row.majors.seats) == 2


@pytest.mark.parametrize("lang, words", [("en", ("Set", "Table")), ("fr", ("Jeu", "Table")), ("es", ("Juego", "Mesa"))])
def test_duplicate_guide_cards_say_where_the_game_set_goes(duplicate_a, lang, words):
    """#14.7: as well as the pairs, each game's set: a Mitchell's sets move down one table."""
    duplicate_a.refresh_from_db()
    movement = Movement.from_dict(duplicate_a.movement)
    data = load_event_data(duplicate_a)
    pages = pdf_pages(render_from_event("guide-cards", data, PrintOptions(lang=lang)))
    game_set, table = words
    for page in pages:
        text = " ".join(page.split())
        number = int(re.search(rf"{table} (\d+)", text)[1])
        for game in range(1, len(movement.rounds)):
            played = movement.rounds[game - 1][number].game_set
            (goes,) = movement.where_set_next(played, game)
            assert f"{game_set} {played} → {table} {goes}" in text, (number, game)
        last = movement.rounds[-1][number].game_set
        assert f"{game_set} {last} →" not in text  # no game after the last


def test_progressive_guide_cards_have_no_game_set_to_pass_on(progressive_a):
    text = "\n".join(pdf_pages(render_from_event("guide-cards", load_event_data(progressive_a), PrintOptions())))
    assert not re.search(r"Set \d+ →", text)
    assert all(not play.set_goes_to for play in load_event_data(progressive_a).plays)


def test_progressive_guide_cards_have_no_empty_set_column(progressive_a, duplicate_a):
    """A progressive table deals its own cards: its card has no "Set" heading over an empty column."""
    heads = {}
    for name, event in (("progressive", progressive_a), ("duplicate", duplicate_a)):
        first = pdf_pages(render_from_event("guide-cards", load_event_data(event), PrintOptions()))[0]
        heads[name] = next(line.split() for line in first.splitlines() if line.strip().startswith("Game"))
    assert heads["progressive"][:2] == ["Game", "♠♥"]
    assert heads["duplicate"][:2] == ["Game", "Set"]
