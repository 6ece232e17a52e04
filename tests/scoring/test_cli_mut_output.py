"""``python -m scoring``, word for word: what each command prints, its exit code and its one-line errors.

What a user (or a script reading the output) relies on: the exact lines, the JSON layout (one-space
indent, suit symbols as they are), and the progress bar only on a terminal and only when asked for.
"""

from __future__ import annotations

import io
import json
import locale
import re
import sys
from pathlib import Path

import pytest

from scoring.analysis import analyse, format_analysis
from scoring.auction import hand_from_dict, score_pad, score_three_handed_pad
from scoring.cli import build_parser, main, run_verify
from scoring.gamesets import commitment, deal_game_set, deal_game_sets, load_game_sets, save_game_sets

SEED = "c0ffee" * 6  # 24 bytes
PROG = "python -m scoring"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class Terminal(io.StringIO):
    """A stderr that says it is a terminal, so a progress bar left to tqdm (``disable=None``) shows."""

    def isatty(self) -> bool:
        return True


def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """Make stderr a terminal (in the test's body: capsys would set its own stderr after a fixture's)."""
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    return stream


def bar(desc: str, done: int, unit: str) -> str:
    """The pattern of a finished tqdm bar: ``desc: 100%|##########| n/n [elapsed<left, rate]``.

    The bracket's times and rate are tqdm's (on a loaded machine the rate may read ``?set/s``): only
    its shape is checked, so the test never depends on how fast the machine is."""
    return rf"{re.escape(desc)}: 100%\|[#█]{{10}}\| {done}/{done} \[[^\]]*(?:{unit}/s|s/{unit})\]"


def final_bar(text: str) -> str:
    """The progress bar as last drawn (tqdm redraws it after a carriage return)."""
    return text.replace("\n", "\r").strip("\r").split("\r")[-1]


def write(tmp_path: Path, data: object, name: str = "in.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# --- deal -----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "words"), [(1, "1 game set"), (2, "2 game sets")])
def test_deal_prints_what_it_wrote_the_commitment_and_the_seed(tmp_path: Path, capsys, count: int, words: str) -> None:
    out = tmp_path / "sets.json"
    code, stdout, err = run(capsys, "deal", "--sets", str(count), "--seed", SEED, "--out", str(out))
    digest = commitment(deal_game_sets(count, SEED))
    assert (code, err) == (0, "")
    assert stdout == (
        f"wrote {words} to {out}\ncommitment {digest}\nseed {SEED} (recorded in the file; publish it only after play)\n"
    )


def test_deal_without_a_seed_prints_no_seed_line(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sets.json"
    code, stdout, err = run(capsys, "deal", "--sets", "3", "--out", str(out))
    assert (code, err) == (0, "")
    assert stdout == f"wrote 3 game sets to {out}\ncommitment {load_game_sets(out).commitment}\n"


def test_a_seed_of_16_bytes_is_enough_and_15_gets_the_warning(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "deal", "--sets", "1", "--seed", "ab" * 16, "--out", str(tmp_path / "a.json"))
    assert (code, err) == (0, "")
    code, _, err = run(capsys, "deal", "--sets", "1", "--seed", "ab" * 15, "--out", str(tmp_path / "b.json"))
    assert code == 0
    assert err == (
        "warning: the seed has only 15 bytes; anyone who guesses it can regenerate the hands "
        "(use at least 16 random bytes, e.g. --seed random)\n"
    )


def test_deal_shows_its_progress_bar_on_a_terminal_from_500_sets(tmp_path: Path, capsys, monkeypatch) -> None:
    stream = terminal(monkeypatch)
    assert main(["deal", "--sets", "500", "--out", str(tmp_path / "s.json")]) == 0
    assert re.fullmatch(bar("dealing", 500, "set"), final_bar(stream.getvalue()))


def test_deal_shows_no_bar_below_500_sets_or_with_quiet(tmp_path: Path, capsys, monkeypatch) -> None:
    stream = terminal(monkeypatch)
    assert main(["deal", "--sets", "499", "--out", str(tmp_path / "a.json")]) == 0
    assert main(["deal", "--sets", "500", "--quiet", "--out", str(tmp_path / "b.json")]) == 0
    assert stream.getvalue() == ""
    assert len(load_game_sets(tmp_path / "a.json").sets) == 499


def test_deal_shows_no_bar_when_stderr_is_not_a_terminal(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "deal", "--sets", "500", "--out", str(tmp_path / "s.json"))
    assert (code, err) == (0, "")


def test_deal_that_cannot_write_its_file_says_why_and_leaves_nothing(tmp_path: Path, capsys) -> None:
    target = tmp_path / "sets.json"
    target.mkdir()  # a directory where the file should go: --force cannot replace it
    code, stdout, err = run(capsys, "deal", "--sets", "1", "--out", str(target), "--force")
    assert (code, stdout) == (1, "")
    assert err == f"{PROG} deal: error: cannot write {target}: Is a directory\n"
    assert [p.name for p in tmp_path.iterdir()] == ["sets.json"] and target.is_dir()


def test_deal_errors_word_for_word(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sets.json"
    out.write_text("precious")
    code, _, err = run(capsys, "deal", "--sets", "1", "--out", str(out))
    assert (code, err) == (1, f"{PROG} deal: error: {out} already exists (use --force to overwrite it)\n")
    missing = tmp_path / "nowhere" / "s.json"
    code, _, err = run(capsys, "deal", "--sets", "1", "--out", str(missing))
    assert (code, err) == (1, f"{PROG} deal: error: cannot write {missing}: no directory {missing.parent}\n")
    code, _, err = run(capsys, "deal", "--sets", "-2", "--out", str(tmp_path / "x.json"))
    assert (code, err) == (1, f"{PROG} deal: error: --sets must be at least 1, not -2\n")


# --- verify ---------------------------------------------------------------------------------------------------------


@pytest.fixture
def seeded(tmp_path: Path) -> Path:
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(2, SEED), seed=SEED)
    return path


def test_verify_prints_every_check_word_for_word(seeded: Path, capsys) -> None:
    digest = commitment(deal_game_sets(2, SEED))
    code, out, err = run(capsys, "verify", str(seeded), "--commitment", f" {digest.upper()} ", "--seed", SEED)
    assert (code, err) == (0, "")
    assert out == (
        "ok: 2 valid game sets (16 hands of 13, every card 4 times)\n"
        f"ok: commitment {digest}\n"
        "ok: matches the published commitment\n"
        f"ok: every set regenerated from seed {SEED}\n"
    )


def test_verify_one_unseeded_set_word_for_word(tmp_path: Path, capsys) -> None:
    path = tmp_path / "one.json"
    sets = deal_game_sets(1)
    save_game_sets(path, sets)
    code, out, err = run(capsys, "verify", str(path))
    assert (code, err) == (0, "")
    assert out == (
        "ok: 1 valid game set (16 hands of 13, every card 4 times)\n"
        f"ok: commitment {commitment(sets)}\n"
        "note: no seed; these sets were dealt from the system's random source and cannot be regenerated\n"
    )


def test_verify_writes_to_the_stream_it_is_given(seeded: Path, tmp_path: Path, capsys) -> None:
    digest = commitment(deal_game_sets(2, SEED))
    args = build_parser().parse_args(["verify", str(seeded), "--commitment", digest])
    stream = io.StringIO()
    assert run_verify(args, stream) == 0
    assert stream.getvalue() == (
        "ok: 2 valid game sets (16 hands of 13, every card 4 times)\n"
        f"ok: commitment {digest}\n"
        "ok: matches the published commitment\n"
        f"ok: every set regenerated from seed {SEED}\n"
    )
    unseeded = tmp_path / "unseeded.json"
    save_game_sets(unseeded, deal_game_sets(1))
    stream = io.StringIO()
    assert run_verify(build_parser().parse_args(["verify", str(unseeded)]), stream) == 0
    assert stream.getvalue().endswith(
        "note: no seed; these sets were dealt from the system's random source and cannot be regenerated\n"
    )
    assert capsys.readouterr() == ("", "")


def test_verify_regenerates_sets_with_their_own_first_dealer_and_orientation(tmp_path: Path, capsys) -> None:
    # first_dealer and orientation are the event's choice, not the seed's (docs/formats.md): the hands
    # are the seed's whoever deals first, and verify must regenerate each set as it was dealt.
    path = tmp_path / "sets.json"
    argv = ["deal", "--sets", "2", "--seed", SEED, "--first-dealer", "C", "--orientation", "SCHD", "--out", str(path)]
    assert main(argv) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "verify", str(path))
    assert (code, err) == (0, "")
    assert out.endswith(f"ok: every set regenerated from seed {SEED}\n")


def test_verify_cannot_read_word_for_word(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "missing.json"
    code, out, err = run(capsys, "verify", str(missing))
    assert (code, out) == (1, "")
    assert err == f"{PROG} verify: error: cannot read {missing}: No such file or directory\n"


def test_an_error_names_the_file_exactly_even_with_double_spaces(tmp_path: Path, capsys) -> None:
    # Only the line breaks of a message are joined into one line; the file's own name is kept.
    missing = tmp_path / "club  night.json"
    code, _, err = run(capsys, "verify", str(missing))
    assert (code, err) == (1, f"{PROG} verify: error: cannot read {missing}: No such file or directory\n")


def test_verify_mismatches_word_for_word(seeded: Path, capsys) -> None:
    digest = commitment(deal_game_sets(2, SEED))
    code, _, err = run(capsys, "verify", str(seeded), "--commitment", "AB" * 32)
    assert (code, err) == (
        1,
        f"{PROG} verify: error: the sets' commitment {digest} does not match the published {'ab' * 32}\n",
    )
    code, _, err = run(capsys, "verify", str(seeded), "--seed", "cd" * 16)
    assert (code, err) == (
        1,
        f"{PROG} verify: error: --seed {'cd' * 16} differs from the seed in the file ({SEED})\n",
    )


# --- score ----------------------------------------------------------------------------------------------------------

CUTTHROAT = {
    "calypsos": {"S": 1, "H": 0, "D": 0, "C": 0},
    "unfinished": {"S": 1, "H": 2, "D": 3, "C": 4},
    "trick_piles": {"S": 50, "H": 50, "D": 50, "C": 35},
}


def test_score_cutthroat_json_word_for_word(tmp_path: Path, capsys) -> None:
    # Each player: 500 for a first calypso, 20 an unfinished card, 10 a trick-pile card; no revokes.
    expected = {
        "form": "cutthroat",
        "scores": {"S": 1020, "H": 540, "D": 560, "C": 430},
        "trick_pile_points": {"S": 500, "H": 500, "D": 500, "C": 350},
        "revoke_points": {"S": 0, "H": 0, "D": 0, "C": 0},
        "table_total": 2550,
    }
    code, out, err = run(capsys, "score", "--json", str(write(tmp_path, CUTTHROAT)))
    assert (code, err) == (0, "")
    assert json.loads(out) == expected
    assert out == json.dumps(expected, indent=1) + "\n"
    assert out.startswith('{\n "form": "cutthroat",\n "scores": {\n  "S": 1020,\n')


def test_score_partnership_json_layout(tmp_path: Path, capsys) -> None:
    sheet = {
        "calypsos": {"S": 1, "H": 0, "D": 2, "C": 0},
        "unfinished": {"S": 5, "H": 3, "D": 4, "C": 7},
        "trick_piles": {"majors": 60, "minors": 90},
        "revokes": {"S": 0, "H": 0, "D": 1, "C": 0},
    }
    code, out, _ = run(capsys, "score", "--json", str(write(tmp_path, sheet)))
    assert code == 0
    assert out.startswith('{\n "form": "partnership",\n "majors": 1520,\n "minors": 2370,\n "net": -850,\n')
    assert out == json.dumps(json.loads(out), indent=1) + "\n"


def test_score_cannot_read_and_not_json_word_for_word(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "missing.json"
    code, _, err = run(capsys, "score", str(missing))
    assert (code, err) == (1, f"{PROG} score: error: cannot read {missing}: No such file or directory\n")
    bad = tmp_path / "bad.json"
    bad.write_text('{"calypsos":\n  nope}')
    code, _, err = run(capsys, "score", str(bad))
    assert (code, err) == (1, f"{PROG} score: error: {bad} is not JSON (Expecting value at line 2, column 3)\n")


def test_json_files_are_read_as_utf8_whatever_the_locale(tmp_path: Path, capsys) -> None:
    # A pad with ♥ must read the same on a machine whose locale is plain C (ASCII).
    hand = {
        "contract": "290♥",
        "declarer": "S",
        "declarers": {"trick_pile": 29, "added": 0, "calypsos": 0},
        "defenders": {"trick_pile": 23, "added": 0, "calypsos": 0},
    }
    path = write(tmp_path, hand)
    previous = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")
        code, out, err = run(capsys, "auction-score", str(path))
    finally:
        locale.setlocale(locale.LC_CTYPE, previous)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "contract 290♥ by S (undoubled, ×1)"
    assert out.endswith("outcome win\n")


# --- analyse --------------------------------------------------------------------------------------------------------


@pytest.fixture
def two_sets(tmp_path: Path) -> Path:
    path = tmp_path / "sets.json"
    save_game_sets(path, deal_game_sets(2, SEED), seed=SEED)
    return path


def test_analyse_one_game_is_allowed(two_sets: Path, capsys) -> None:
    code, out, err = run(capsys, "analyse", str(two_sets), "--games", "1", "--set", "1", "--jobs", "1")
    expected = analyse(deal_game_set(1, SEED), "standard", 1, "0", players="club")
    assert (code, err) == (0, "")
    assert out == format_analysis(expected) + "\n"
    assert out.startswith("Game set 1: 1 games, rule standard, club players, seed 0\n")


def test_analyse_prints_each_set_with_the_options_given(two_sets: Path, capsys) -> None:
    argv = ["--games", "2", "--rule", "all-fours", "--seed", "7", "--players", "random", "--jobs", "1"]
    code, out, err = run(capsys, "analyse", str(two_sets), *argv)
    results = [analyse(deal_game_set(n, SEED), "all-fours", 2, "7", players="random") for n in (1, 2)]
    assert (code, err) == (0, "")
    assert out == format_analysis(results[0]) + "\n\n" + format_analysis(results[1]) + "\n"
    assert out.startswith("Game set 1: 2 games, rule all-fours, random players, seed 7\n")


def test_analyse_in_parallel_prints_the_same_json(two_sets: Path, capsys) -> None:
    argv = ["--games", "2", "--rule", "all-fours", "--seed", "7", "--players", "random", "--jobs", "2", "--json"]
    code, out, err = run(capsys, "analyse", str(two_sets), *argv)
    results = [analyse(deal_game_set(n, SEED), "all-fours", 2, "7", players="random") for n in (1, 2)]
    assert (code, err) == (0, "")
    assert out == json.dumps([r.to_dict() for r in results], indent=1) + "\n"
    assert out.startswith('[\n {\n  "game_set": 1,\n')


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_analyse_summary_word_for_word(two_sets: Path, capsys, jobs: str) -> None:
    argv = ["--games", "2", "--seed", "3", "--players", "random", "--jobs", jobs, "--summary"]
    code, out, err = run(capsys, "analyse", str(two_sets), *argv)
    results = [analyse(deal_game_set(n, SEED), "standard", 2, "3", players="random") for n in (1, 2)]
    assert (code, err) == (0, "")
    assert out == json.dumps({"1": results[0].summary(), "2": results[1].summary()}, indent=1) + "\n"
    assert out.startswith('{\n "1": {\n  "')


def test_analyse_runs_as_many_workers_as_jobs_says(two_sets: Path, capsys, monkeypatch) -> None:
    import scoring.analysis

    real = scoring.analysis.analyse_sets
    asked: list[int | None] = []

    def spy(*args, **kwargs):
        asked.append(kwargs.get("jobs"))
        return real(*args, **kwargs)

    monkeypatch.setattr(scoring.analysis, "analyse_sets", spy)
    monkeypatch.setattr(scoring.analysis, "default_jobs", lambda: 2)  # a machine of two cores
    code, _, err = run(capsys, "analyse", str(two_sets), "--games", "1", "--players", "random", "--jobs", "3")
    assert (code, err, asked) == (0, "", [3])


def test_analyse_errors_word_for_word(two_sets: Path, tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "analyse", str(two_sets), "--games", "0")
    assert (code, err) == (1, f"{PROG} analyse: error: --games must be at least 1, not 0\n")
    code, _, err = run(capsys, "analyse", str(two_sets), "--jobs", "0")
    assert (code, err) == (1, f"{PROG} analyse: error: --jobs must be at least 1, not 0\n")
    code, _, err = run(capsys, "analyse", str(two_sets), "--set", "9", "--set", "2", "--set", "4")
    assert (code, err) == (1, f"{PROG} analyse: error: {two_sets} has no game set 4, 9\n")
    missing = tmp_path / "missing.json"
    code, _, err = run(capsys, "analyse", str(missing))
    assert (code, err) == (1, f"{PROG} analyse: error: cannot read {missing}: No such file or directory\n")


def test_analyse_bar_counts_games_when_it_runs_alone(two_sets: Path, capsys, monkeypatch) -> None:
    # --jobs 1 (or a single set): one process, the bar counts the games of every set chosen.
    stream = terminal(monkeypatch)
    assert main(["analyse", str(two_sets), "--games", "3", "--jobs", "1", "--players", "random"]) == 0
    assert re.fullmatch(bar("analysing", 6, "game"), final_bar(stream.getvalue()))
    stream = terminal(monkeypatch)
    assert main(["analyse", str(two_sets), "--games", "3", "--jobs", "2", "--set", "2", "--players", "random"]) == 0
    assert re.fullmatch(bar("analysing", 3, "game"), final_bar(stream.getvalue()))


def test_analyse_bar_counts_sets_when_they_run_in_parallel(two_sets: Path, capsys, monkeypatch) -> None:
    stream = terminal(monkeypatch)
    assert main(["analyse", str(two_sets), "--games", "2", "--jobs", "2", "--players", "random"]) == 0
    assert re.fullmatch(bar("analysing (2 jobs)", 2, "set"), final_bar(stream.getvalue()))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_analyse_quiet_means_no_bar_even_on_a_terminal(two_sets: Path, capsys, monkeypatch, jobs: str) -> None:
    stream = terminal(monkeypatch)
    assert main(["analyse", str(two_sets), "--games", "2", "--jobs", jobs, "--players", "random", "--quiet"]) == 0
    assert stream.getvalue() == ""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_analyse_shows_no_bar_when_stderr_is_not_a_terminal(two_sets: Path, capsys, jobs: str) -> None:
    code, out, err = run(capsys, "analyse", str(two_sets), "--games", "2", "--jobs", jobs, "--players", "random")
    assert (code, err) == (0, "")
    assert out.startswith("Game set 1: 2 games, rule standard, random players, seed 0\n")


# --- auction-score --------------------------------------------------------------------------------------------------

HAND = {
    "contract": "1 & 290♥ X",
    "declarer": "H",
    "declarers": {"trick_pile": 20, "added": 15, "calypsos": 1, "cards_required": [4]},
    "defenders": {"trick_pile": 12, "added": 5, "calypsos": 0},
}


def test_a_pad_of_one_hand_word_for_word(tmp_path: Path, capsys) -> None:
    # T 20 → 200 + bonus 340 = 540; doubled win (290 + 250/2) × 2 = 830, + 500 + 400 → majors 1730;
    # the defenders' 12 cards × 5 = 60 → minors.
    path = write(tmp_path, [HAND])
    code, out, err = run(capsys, "auction-score", str(path))
    assert (code, err) == (0, "")
    assert out == "hand 1: 1 & 290♥ X by H win: majors 1730, minors 60; totals majors 1730, minors 60\n"
    code, out, err = run(capsys, "auction-score", "--json", str(path))
    expected = [{**hand_from_dict(HAND).to_dict(), "totals": {"majors": 1730, "minors": 60}}]
    assert (code, err) == (0, "")
    assert out == json.dumps(expected, indent=1, ensure_ascii=False) + "\n"
    assert out.startswith('[\n {\n  "contract": "1 & 290♥ X by H",\n')


def test_a_pad_json_exits_0_with_every_hand(tmp_path: Path, capsys) -> None:
    second = {**HAND, "declarer": "D"}
    code, out, err = run(capsys, "auction-score", "--json", str(write(tmp_path, [HAND, second])))
    assert (code, err) == (0, "")
    pad = score_pad([HAND, second])
    assert out == json.dumps([{**s.to_dict(), "totals": t} for s, t in pad], indent=1, ensure_ascii=False) + "\n"
    assert [hand["totals"] for hand in json.loads(out)] == [
        {"majors": 1730, "minors": 60},
        {"majors": 1790, "minors": 1790},
    ]


def test_one_hand_json_word_for_word(tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, "auction-score", "--json", str(write(tmp_path, HAND)))
    assert (code, err) == (0, "")
    assert out == json.dumps(hand_from_dict(HAND).to_dict(), indent=1, ensure_ascii=False) + "\n"
    assert out.startswith('{\n "contract": "1 & 290♥ X by H",\n "outcome": "win",\n')


THREE = {
    "players": ["Ann", "Bob", "Cy"],
    # Bob: 30 cards (300), two calypsos needing 3 and 2 cards (130 + 80): 300 × 4 + 300 + 210 = 1710.
    # Ann and Cy: (5 + 6) × 5 = 55 each. Cards: 30 + 6 + 5 + 2 + 6 + 2 = 51.
    "hands": [
        {
            "declarer": "Bob",
            "contract": "2 & 300D XX",
            "played": {
                "Ann": {"trick_pile": 5, "added": 2, "calypsos": 0},
                "Bob": {"trick_pile": 30, "added": 6, "calypsos": 2, "cards_required": [3, 2]},
                "Cy": {"trick_pile": 6, "added": 2, "calypsos": 0},
            },
        }
    ],
}


def test_a_three_handed_pad_of_one_hand_word_for_word(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, THREE)
    code, out, err = run(capsys, "auction-score", str(path))
    assert (code, err) == (0, "")
    assert out == "hand 1: Bob declares 2 & 300♦ XX win: Ann 55, Bob 1710, Cy 55; totals Ann 55, Bob 1710, Cy 55\n"
    code, out, err = run(capsys, "auction-score", "--json", str(path))
    hand = score_three_handed_pad(THREE["players"], THREE["hands"])[0][0]
    totals = {"Ann": 55, "Bob": 1710, "Cy": 55}
    expected = {"players": ["Ann", "Bob", "Cy"], "hands": [{**hand.to_dict(), "totals": totals}]}
    assert (code, err) == (0, "")
    assert out == json.dumps(expected, indent=1, ensure_ascii=False) + "\n"
    assert '  "contract": "2 & 300♦ XX",\n' in out


def test_a_three_handed_pad_names_every_unknown_key(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, {**THREE, "date": "today", "club": "Hove"})
    code, out, err = run(capsys, "auction-score", str(path))
    assert (code, out) == (1, "")
    assert err == (
        f"{PROG} auction-score: error: {path}: unknown key club, date (a three-handed pad has players, hands)\n"
    )


# --- main: the one-line error, whatever the command -----------------------------------------------------------------


def with_command(monkeypatch: pytest.MonkeyPatch, handler) -> None:
    """Add a command ``boom`` whose handler is ``handler`` (as a new command is added: one append)."""
    import scoring.cli as cli

    def add_boom(subparsers) -> None:
        subparsers.add_parser("boom").set_defaults(handler=handler)

    monkeypatch.setattr(cli, "SUBCOMMANDS", [*cli.SUBCOMMANDS, add_boom])


def raiser(error: BaseException):
    def handler(args) -> int:
        raise error

    return handler


def test_the_handler_gets_the_parsed_arguments(monkeypatch, capsys) -> None:
    with_command(monkeypatch, lambda args: print(f"running {args.command}") or 3)
    assert run(capsys, "boom") == (3, "running boom\n", "")


def test_an_error_of_several_lines_is_printed_on_one(monkeypatch, capsys) -> None:
    from scoring.cli import CommandError

    with_command(monkeypatch, raiser(CommandError("deal 2: 12 cards\ndeal 3: 14 cards")))
    assert run(capsys, "boom") == (1, "", f"{PROG} boom: error: deal 2: 12 cards deal 3: 14 cards\n")


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (PermissionError(13, "Permission denied", "/srv/club/BOX"), "Permission denied: /srv/club/BOX"),
        (OSError("the disk is full"), "the disk is full"),
        (OSError(28, "No space left on device"), "No space left on device"),
    ],
)
def test_an_os_error_is_one_line_naming_the_file(monkeypatch, capsys, error: OSError, line: str) -> None:
    with_command(monkeypatch, raiser(error))
    assert run(capsys, "boom") == (1, "", f"{PROG} boom: error: {line}\n")


def test_an_interrupt_exits_130(monkeypatch, capsys) -> None:
    with_command(monkeypatch, raiser(KeyboardInterrupt()))
    assert run(capsys, "boom") == (130, "", f"{PROG} boom: interrupted\n")
