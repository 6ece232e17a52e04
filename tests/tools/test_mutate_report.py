"""The report `make mutate` prints: what counts as killed, what is left out, the equivalents list."""

from __future__ import annotations

import json

import pytest

from tests import mutate


def test_timeouts_count_as_killed_and_unrun_or_listed_mutants_are_left_out():
    codes = {
        "scoring.tallies.x_tally__mutmut_1": 1,  # failed a test
        "scoring.tallies.x_tally__mutmut_2": 0,  # survived
        "scoring.tallies.x_tally__mutmut_3": 36,  # timed out: caught
        "scoring.tallies.x_tally__mutmut_4": None,  # not run
        "scoring.scores.x\u01c1GameScore\u01c1to_dict__mutmut_1": 0,  # survived, but listed below
        "scoring.scores.x\u01c1GameScore\u01c1to_dict__mutmut_2": 5,  # no test reaches it: a survivor
    }
    skip = {"scoring.scores.x\u01c1GameScore\u01c1to_dict__mutmut_1": "dead branch"}
    killed, counted, survivors, per_killed, per_counted = mutate.score(codes, skip)
    assert (killed, counted) == (2, 4)
    assert survivors == ["scoring.tallies.x_tally__mutmut_2", "scoring.scores.x\u01c1GameScore\u01c1to_dict__mutmut_2"]
    assert per_counted == {"scoring.tallies": 3, "scoring.scores": 1}
    assert per_killed == {"scoring.tallies": 2}


def test_the_equivalents_list_needs_a_reason_per_line_in_its_modules_file(tmp_path):
    listed = tmp_path / "scoring.a.txt"
    listed.write_text("# header\n\nscoring.a.x_f__mutmut_1  # range(1, n) and range(n) agree: index 0 never leads\n")
    (tmp_path / "scoring.b.c.txt").write_text("scoring.b.c.x\u01c1K\u01c1m__mutmut_2  # dead branch\n")
    (tmp_path / "README.txt").write_text("What this folder is.\n")  # no names: nothing listed
    assert mutate.equivalents(tmp_path) == {
        "scoring.a.x_f__mutmut_1": "range(1, n) and range(n) agree: index 0 never leads",
        "scoring.b.c.x\u01c1K\u01c1m__mutmut_2": "dead branch",
    }
    listed.write_text("scoring.a.x_f__mutmut_2\n")
    with pytest.raises(SystemExit, match=r"scoring\.a\.txt:1: scoring\.a\.x_f__mutmut_2 has no reason"):
        mutate.equivalents(tmp_path)
    listed.write_text("scoring.a.x_f__mutmut_2  # ok\nscoring.a.x_f__mutmut_2  # again\n")
    with pytest.raises(SystemExit, match=r"scoring\.a\.txt:2: scoring\.a\.x_f__mutmut_2 is listed twice"):
        mutate.equivalents(tmp_path)
    listed.write_text("scoring.b.c.x_g__mutmut_1  # filed under the wrong module\n")
    wrong_file = r"scoring\.a\.txt:1: scoring\.b\.c\.x_g__mutmut_1 belongs in scoring\.b\.c\.txt"
    with pytest.raises(SystemExit, match=wrong_file):
        mutate.equivalents(tmp_path)


def test_the_projects_equivalents_all_parse():
    listed = mutate.equivalents()
    assert len(listed) >= 197 and all(name.startswith("scoring.") for name in listed)


def test_results_are_read_from_every_meta_file(tmp_path):
    (tmp_path / "scoring" / "movements").mkdir(parents=True)
    (tmp_path / "scoring" / "cards.py.meta").write_text(
        json.dumps({"exit_code_by_key": {"scoring.cards.x_a__mutmut_1": 1}})
    )
    (tmp_path / "scoring" / "movements" / "pairs.py.meta").write_text(
        json.dumps({"exit_code_by_key": {"scoring.movements.pairs.x_b__mutmut_1": 0}})
    )
    assert mutate.read_results(tmp_path) == {
        "scoring.cards.x_a__mutmut_1": 1,
        "scoring.movements.pairs.x_b__mutmut_1": 0,
    }
    assert mutate.module_of("scoring.movements.pairs.x_b__mutmut_1") == "scoring.movements.pairs"
