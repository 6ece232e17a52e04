"""``manage.py print_pdf``: prints from a game-set file, with no database."""

import json
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from director.printing.words import LANGUAGES

from .helpers import expected, make_sets, page_sizes, parse_envelopes, parse_hand_record, pdf_pages, write_sets_file

SHARED_SET_UP = True  # clubs, players and nights built once (tests/director/conftest.py)

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def sets_file(tmp_path):
    sets = make_sets(2, seed=3)
    return sets, write_sets_file(tmp_path / "sets.json", sets)


def test_envelopes_from_a_file(sets_file, tmp_path):
    sets, path = sets_file
    out = tmp_path / "envelopes.pdf"
    call_command("print_pdf", "envelopes", sets=str(path), out=str(out), envelope="dl", lang="fr", verbosity=0)
    pages = pdf_pages(out.read_bytes())
    assert len(pages) == 32
    hands = parse_envelopes(pages, LANGUAGES["fr"])
    assert {(h["set"], h["deal"], h["seat"]) for h in hands} == {
        (s.number, d, seat) for s in sets for d in range(1, 5) for seat in "SHDC"
    }


def test_labels_on_letter(sets_file, tmp_path):
    _, path = sets_file
    out = tmp_path / "labels.pdf"
    call_command("print_pdf", "envelopes", sets=str(path), out=str(out), envelope="labels", paper="letter", verbosity=0)
    assert page_sizes(out.read_bytes()) == [(612.0, 792.0)] * 3  # 32 labels, 14 a sheet


def test_duplication_and_hand_records(sets_file, tmp_path):
    sets, path = sets_file
    for kind in ("duplication", "hand-records"):
        call_command("print_pdf", kind, sets=str(path), out=str(tmp_path / f"{kind}.pdf"), verbosity=0)
    assert len(pdf_pages((tmp_path / "duplication.pdf").read_bytes())) == 2
    records = pdf_pages((tmp_path / "hand-records.pdf").read_bytes())
    data = json.loads(path.read_text())
    if "commitment" in data:
        assert all(data["commitment"] in page for page in records)
    for game_set, text in zip(sets, records, strict=True):
        assert parse_hand_record(text)[0] == expected(game_set)


def test_hand_records_with_analysis(sets_file, tmp_path):
    _, path = sets_file
    analysis = tmp_path / "analysis.json"
    analysis.write_text(json.dumps({"2": {"expected_net_majors": 42.0, "lopsided": False}}))
    out = tmp_path / "hr.pdf"
    call_command("print_pdf", "hand-records", sets=str(path), out=str(out), analysis=str(analysis), verbosity=0)
    pages = pdf_pages(out.read_bytes())
    assert "No analysis supplied." in pages[0] and "+42" in pages[1]


def test_hand_records_print_what_the_analysis_says(sets_file, tmp_path, capsys):
    # python -m scoring analyse --summary, then print_pdf --analysis: the lean in the hand record
    from scoring.cli import main

    _, path = sets_file
    assert main(["analyse", str(path), "--games", "4", "--players", "random", "--summary", "--quiet"]) == 0
    analysis = tmp_path / "analysis.json"
    analysis.write_text(capsys.readouterr().out)
    summary = json.loads(analysis.read_text())["2"]
    out = tmp_path / "hr.pdf"
    call_command("print_pdf", "hand-records", sets=str(path), out=str(out), analysis=str(analysis), verbosity=0)
    text = pdf_pages(out.read_bytes())[1]
    side = "Majors" if summary["expected_net_majors"] > 0 else "Minors"
    assert f"Favours the {side} by {abs(summary['expected_net_majors']):.0f} ± {summary['margin']:.0f}" in text
    assert "of uniformly dealt sets lean as far" in text and "random players, rule standard" in text


@pytest.mark.parametrize("kind", ["scoresheets", "tally-cards", "guide-cards", "results"])
def test_event_documents_say_they_need_an_event(sets_file, tmp_path, kind):
    _, path = sets_file
    with pytest.raises(CommandError, match="need an event"):
        call_command("print_pdf", kind, sets=str(path), out=str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_sets_are_required(tmp_path):
    with pytest.raises(CommandError, match="--sets FILE"):
        call_command("print_pdf", "envelopes", out=str(tmp_path / "x.pdf"))


def test_bad_files_are_clear_errors(tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(CommandError, match="cannot read"):
        call_command("print_pdf", "envelopes", sets=str(missing), out=str(tmp_path / "x.pdf"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"sets": [')
    with pytest.raises(CommandError, match="not JSON"):
        call_command("print_pdf", "envelopes", sets=str(broken), out=str(tmp_path / "x.pdf"))
    short = tmp_path / "short.json"
    data = make_sets(1)[0].to_dict()
    data["deals"][0]["S"].pop()
    short.write_text(json.dumps({"format": "calypso-gamesets/1", "sets": [data]}))
    with pytest.raises(CommandError, match="12 cards"):
        call_command("print_pdf", "duplication", sets=str(short), out=str(tmp_path / "x.pdf"))
    assert not (tmp_path / "x.pdf").exists()


def test_exit_status_and_message_without_traceback(tmp_path, fresh_python):
    result = fresh_python.run(
        [sys.executable, "manage.py", "print_pdf", "scoresheets", "--sets", "x.json", "--out", str(tmp_path / "x.pdf")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "need an event" in result.stderr
    assert "Traceback" not in result.stderr
