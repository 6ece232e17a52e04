"""``manage.py print_pdf KIND --event ID``: every document of an event in the database."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from director.deals.adapters import to_game_set
from director.printing.words import ENGLISH

from .helpers import expected, page_sizes, parse_envelopes, pdf_pages, rebuild

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

pytestmark = pytest.mark.django_db


def test_envelopes_of_an_event_rebuild_its_sets(duplicate_a, tmp_path):
    out = tmp_path / "envelopes.pdf"
    call_command("print_pdf", "envelopes", event=duplicate_a.pk, out=str(out), verbosity=0)
    hands = parse_envelopes(pdf_pages(out.read_bytes()), ENGLISH)
    sets = [to_game_set(row) for row in duplicate_a.game_sets.order_by("number")]
    rebuilt = rebuild(hands, [s.number for s in sets])
    for game_set in sets:
        assert rebuilt[game_set.number] == expected(game_set)
    assert all(duplicate_a.name in page for page in pdf_pages(out.read_bytes()))


def test_duplication_and_hand_records_of_an_event(duplicate_a, tmp_path):
    commitment = duplicate_a.set_file.commitment
    for kind in ("duplication", "hand-records"):
        call_command("print_pdf", kind, event=duplicate_a.pk, out=str(tmp_path / f"{kind}.pdf"), verbosity=0)
    assert page_sizes((tmp_path / "duplication.pdf").read_bytes()) == [(595.3, 841.9)] * 4
    records = pdf_pages((tmp_path / "hand-records.pdf").read_bytes())
    assert len(records) == 4 and all(commitment in page for page in records)


def test_unknown_event(tmp_path):
    with pytest.raises(CommandError, match=r"^no event 9999$"):
        call_command("print_pdf", "scoresheets", event=9999, out=str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_event_without_game_sets(progressive_a, tmp_path):
    for kind in ("envelopes", "duplication", "hand-records"):
        with pytest.raises(CommandError, match="has no game sets"):
            call_command("print_pdf", kind, event=progressive_a.pk, out=str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_event_with_a_set_being_recorded(duplicate_a, tmp_path):
    duplicate_a.game_sets.filter(number=2).update(complete=False)
    with pytest.raises(CommandError, match="game set 2 is not complete"):
        call_command("print_pdf", "envelopes", event=duplicate_a.pk, out=str(tmp_path / "x.pdf"))


def test_event_nobody_seated(club_a, tmp_path):
    import datetime

    from director.events import services as events

    event = events.create_event(club=club_a, name="Empty night", date=datetime.date(2025, 5, 2))
    with pytest.raises(CommandError, match="nobody seated"):
        call_command("print_pdf", "scoresheets", event=event.pk, out=str(tmp_path / "x.pdf"))


def test_sets_only_options_are_refused_with_an_event(duplicate_a, tmp_path):
    with pytest.raises(CommandError, match="only apply with --sets"):
        call_command("print_pdf", "envelopes", event=duplicate_a.pk, event_name="X", out=str(tmp_path / "x.pdf"))


def test_exit_status_and_one_line_error(tmp_path, capsys):
    from director.printing.management.commands.print_pdf import Command

    argv = ["manage.py", "print_pdf", "results", "--event", "987654", "--out", str(tmp_path / "x.pdf")]
    with pytest.raises(SystemExit) as exit_:
        Command().run_from_argv(argv)
    assert exit_.value.code == 1
    assert capsys.readouterr().err.strip() == "CommandError: no event 987654"
