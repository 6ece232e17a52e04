"""``python -m scoring``: deal, verify, score; exit codes and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.cli import SUBCOMMANDS, build_parser, main
from scoring.gamesets import commitment, deal_game_sets, load_game_sets, save_game_sets

ROOT = Path(__file__).resolve().parents[2]
SEED = "c0ffee" * 6


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_python_dash_m_scoring_runs_as_a_module(tmp_path: Path) -> None:
    out = tmp_path / "sets.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "deal", "--sets", "2", "--seed", SEED, "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "wrote 2 game sets" in done.stdout
    failed = subprocess.run(
        [sys.executable, "-m", "scoring", "verify", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert failed.returncode == 1
    assert one_line_error(failed.stderr).startswith("python -m scoring verify: error: cannot read")


# --- deal -----------------------------------------------------------------------------------------------------------


def test_deal_writes_the_file_and_prints_the_commitment(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sets.json"
    code, stdout, err = run(capsys, "deal", "--sets", "3", "--seed", SEED, "--out", str(out))
    assert code == 0 and err == ""
    loaded = load_game_sets(out)
    assert [s.number for s in loaded.sets] == [1, 2, 3]
    assert loaded.seed_hex == SEED
    assert f"commitment {loaded.commitment}" in stdout
    assert loaded.sets == tuple(deal_game_sets(3, SEED))


def test_deal_options(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sets.json"
    argv = ["deal", "--sets", "2", "--start", "5", "--first-dealer", "H", "--orientation", "SCHD", "--out", str(out)]
    code, _, _ = run(capsys, *argv)
    assert code == 0
    sets = load_game_sets(out).sets
    assert [(s.number, s.first_dealer, s.orientation) for s in sets] == [(5, "H", "SCHD"), (6, "H", "SCHD")]
    assert load_game_sets(out).seed is None


def test_deal_random_seed_is_recorded(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sets.json"
    code, stdout, _ = run(capsys, "deal", "--sets", "1", "--seed", "random", "--out", str(out))
    assert code == 0
    seed = load_game_sets(out).seed
    assert seed is not None and len(seed) == 32 and seed.hex() in stdout


def test_deal_warns_about_a_short_seed(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "deal", "--sets", "1", "--seed", "00ff", "--out", str(tmp_path / "s.json"))
    assert code == 0 and "warning: the seed has only 2 bytes" in err


def test_deal_refuses_to_overwrite_without_force(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sets.json"
    out.write_text("precious")
    code, _, err = run(capsys, "deal", "--sets", "1", "--out", str(out))
    assert code == 1 and "already exists (use --force" in one_line_error(err)
    assert out.read_text() == "precious"
    code, _, _ = run(capsys, "deal", "--sets", "1", "--out", str(out), "--force")
    assert code == 0 and len(load_game_sets(out).sets) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sets", "0"], "--sets must be at least 1, not 0"),
        (["--sets", "1", "--seed", "xyz"], "seed 'xyz' is not hexadecimal"),
        (["--sets", "1", "--start", "0"], "set numbers must run from 1"),
    ],
)
def test_deal_errors_are_one_line(tmp_path: Path, capsys, argv: list[str], message: str) -> None:
    code, _, err = run(capsys, "deal", *argv, "--out", str(tmp_path / "s.json"))
    assert code == 1
    line = one_line_error(err)
    assert line.startswith("python -m scoring deal: error: ") and message in line
    assert not (tmp_path / "s.json").exists()


def test_deal_into_a_missing_directory(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "deal", "--sets", "1", "--out", str(tmp_path / "nowhere" / "s.json"))
    assert code == 1 and "no directory" in one_line_error(err)


def test_usage_errors_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as caught:
        main([])
    assert caught.value.code == 2
    with pytest.raises(SystemExit) as caught:
        main(["deal", "--out", "x.json"])  # --sets missing
    assert caught.value.code == 2
    with pytest.raises(SystemExit) as caught:
        main(["deal", "--sets", "many", "--out", "x.json"])
    assert caught.value.code == 2
    capsys.readouterr()


# --- verify ---------------------------------------------------------------------------------------------------------


@pytest.fixture
def seeded_file(tmp_path: Path) -> Path:
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(3, SEED), seed=SEED)
    return path


def test_verify_a_good_file(seeded_file: Path, capsys) -> None:
    digest = load_game_sets(seeded_file).commitment
    code, out, err = run(capsys, "verify", str(seeded_file), "--commitment", digest.upper(), "--seed", SEED)
    assert code == 0 and err == ""
    assert "ok: 3 valid game sets" in out
    assert f"ok: commitment {digest}" in out
    assert "ok: matches the published commitment" in out
    assert "ok: every set regenerated from seed" in out


def test_verify_without_seed_says_it_cannot_regenerate(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(2))
    code, out, _ = run(capsys, "verify", str(path))
    assert code == 0 and "cannot be regenerated" in out


def test_verify_regenerates_an_unseeded_file_from_a_given_seed(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(2, SEED))  # seed not written into the file
    code, out, _ = run(capsys, "verify", str(path), "--seed", SEED)
    assert code == 0 and "regenerated" in out
    code, _, err = run(capsys, "verify", str(path), "--seed", "ab" * 16)
    assert code == 1 and "game sets 1, 2 not what seed" in one_line_error(err)


def test_verify_refuses_a_wrong_published_commitment(seeded_file: Path, capsys) -> None:
    code, _, err = run(capsys, "verify", str(seeded_file), "--commitment", "ab" * 32)
    assert code == 1 and "does not match the published " + "ab" * 32 in one_line_error(err)


def test_verify_detects_sets_changed_after_the_commitment(seeded_file: Path, capsys) -> None:
    data = json.loads(seeded_file.read_text())
    deal = data["sets"][1]["deals"][0]
    assert deal["S"][0] != deal["H"][0]
    deal["S"][0], deal["H"][0] = deal["H"][0], deal["S"][0]  # still a valid set
    seeded_file.write_text(json.dumps(data))
    code, _, err = run(capsys, "verify", str(seeded_file))
    line = one_line_error(err)
    assert code == 1 and "the commitment in the file" in line and "does not match its sets" in line


def test_verify_detects_sets_that_are_not_from_the_seed(seeded_file: Path, capsys) -> None:
    data = json.loads(seeded_file.read_text())
    sets = load_game_sets(seeded_file).sets
    other = deal_game_sets(3, "ab" * 16)
    replaced = [sets[0], other[1], sets[2]]
    data["sets"] = [s.to_dict() for s in replaced]
    data["commitment"] = commitment(replaced)
    seeded_file.write_text(json.dumps(data))
    code, out, err = run(capsys, "verify", str(seeded_file))
    assert code == 1 and "ok: commitment" in out
    assert "game set 2 not what seed" in one_line_error(err)


def test_verify_refuses_a_seed_that_differs_from_the_file(seeded_file: Path, capsys) -> None:
    code, _, err = run(capsys, "verify", str(seeded_file), "--seed", "ab" * 16)
    assert code == 1 and "differs from the seed in the file" in one_line_error(err)


def test_verify_names_every_invalid_set_on_one_line(seeded_file: Path, capsys) -> None:
    data = json.loads(seeded_file.read_text())
    data["sets"][0]["deals"][2]["C"].pop()
    data["sets"][2]["deals"][3]["D"][0] = "ZZ"
    seeded_file.write_text(json.dumps(data))
    code, _, err = run(capsys, "verify", str(seeded_file))
    line = one_line_error(err)
    assert code == 1
    assert "game set 1: deal 3, seat C (Clubs): 12 cards, not 13" in line
    assert "game set 3: deal 4, seat D: 'ZZ' is not a card" in line


@pytest.mark.parametrize("content", ["{nope", "[]", '{"format": "other"}'])
def test_verify_refuses_what_is_not_a_game_set_file(tmp_path: Path, capsys, content: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    code, _, err = run(capsys, "verify", str(path))
    assert code == 1 and one_line_error(err).startswith("python -m scoring verify: error: ")


# --- score ----------------------------------------------------------------------------------------------------------

SHEET = {
    "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
    "unfinished": {"S": 5, "H": 3, "D": 4, "C": 7},
    "trick_piles": {"majors": 60, "minors": 90},
    "revokes": {"S": 0, "H": 0, "D": 1, "C": 0},
}


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_score_prints_majors_minors_net(tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, "score", write(tmp_path, SHEET))
    assert code == 0 and err == ""
    assert out.splitlines() == ["majors 1520", "minors 2370", "net -850"]


def test_score_json(tmp_path: Path, capsys) -> None:
    code, out, _ = run(capsys, "score", "--json", write(tmp_path, SHEET))
    result = json.loads(out)
    assert code == 0 and result["net"] == -850 and result["form"] == "partnership"
    assert result["table_total"] == 1520 + 2370


def test_score_cutthroat(tmp_path: Path, capsys) -> None:
    sheet = {
        "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
        "unfinished": {"S": 1, "H": 2, "D": 3, "C": 4},
        "trick_piles": {"S": 50, "H": 50, "D": 50, "C": 35},
    }
    code, out, _ = run(capsys, "score", write(tmp_path, sheet))
    assert code == 0
    assert out.splitlines() == ["S 1020", "H 540", "D 560", "C 430", "table total 2550"]


def test_score_a_sheet_that_does_not_add_up(tmp_path: Path, capsys) -> None:
    bad = {**SHEET, "trick_piles": {"majors": 60, "minors": 89}, "unfinished": {**SHEET["unfinished"], "H": 1.5}}
    code, _, err = run(capsys, "score", write(tmp_path, bad))
    line = one_line_error(err)
    assert code == 1 and "unfinished.H must be a whole number, not 1.5" in line
    bad = {**SHEET, "trick_piles": {"majors": 60, "minors": 89}}
    code, _, err = run(capsys, "score", write(tmp_path, bad))
    assert code == 1 and "cards add up to 207, not 208: 1 card missing" in one_line_error(err)


def test_score_refuses_what_is_not_json(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sheet.json"
    path.write_text("majors 60")
    code, _, err = run(capsys, "score", str(path))
    assert code == 1 and "is not JSON" in one_line_error(err)


# --- extension ------------------------------------------------------------------------------------------------------


def test_a_new_subcommand_is_one_append(monkeypatch, capsys) -> None:
    def add_hello(subparsers) -> None:
        parser = subparsers.add_parser("hello", help="say hi")
        parser.set_defaults(handler=lambda args: print("hi") or 0)

    monkeypatch.setattr("scoring.cli.SUBCOMMANDS", [*SUBCOMMANDS, add_hello])
    assert "hello" in build_parser().format_help()
    code, out, _ = run(capsys, "hello")
    assert code == 0 and out == "hi\n"
