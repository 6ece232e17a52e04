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
    assert {name: item.reason for name, item in mutate.equivalents(tmp_path).items()} == {
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
    assert len(listed) >= 197 and all(name.startswith(("scoring.", "director.")) for name in listed)


def test_results_are_read_from_every_meta_file(tmp_path):
    (tmp_path / "scoring" / "movements").mkdir(parents=True)
    (tmp_path / "scoring" / "cards.py.meta").write_text(
        json.dumps({"exit_code_by_key": {"scoring.cards.x_a__mutmut_1": 1}})
    )
    (tmp_path / "scoring" / "movements" / "pairs.py.meta").write_text(
        json.dumps({"exit_code_by_key": {"scoring.movements.pairs.x_b__mutmut_1": 0}})
    )
    codes, paths = mutate.read_results(tmp_path)
    assert codes == {"scoring.cards.x_a__mutmut_1": 1, "scoring.movements.pairs.x_b__mutmut_1": 0}
    assert paths == {
        "scoring.cards.x_a__mutmut_1": "scoring/cards.py",
        "scoring.movements.pairs.x_b__mutmut_1": "scoring/movements/pairs.py",
    }
    assert mutate.module_of("scoring.movements.pairs.x_b__mutmut_1") == "scoring.movements.pairs"


# A mutant's diff as mutmut's `show` prints it, in a function that later gains a line above it.
BEFORE = """--- scoring/a.py
+++ scoring/a.py
@@ -1,4 +1,4 @@
 def f(n):
     total = 0
-    for i in range(n):
+    for i in range(1, n):
         total += i
"""
AFTER = """--- scoring/a.py
+++ scoring/a.py
@@ -2,5 +2,5 @@
     check(n)
     total = 0
-    for i in range(n):
+    for i in range(1, n):
         total += i
"""
OTHER = BEFORE.replace("range(1, n)", "range(2, n)")


def test_a_fingerprint_is_what_the_mutant_changes_not_where_or_its_number():
    assert mutate.changed_lines(BEFORE) == " total = 0\n-for i in range(n):\n+for i in range(1, n):"
    assert mutate.fingerprint(BEFORE) == mutate.fingerprint(AFTER)
    assert mutate.fingerprint(BEFORE) != mutate.fingerprint(OTHER)
    assert mutate.fingerprint(BEFORE) != mutate.fingerprint(BEFORE.replace("total = 0", "total = 1"))


def listing(name, diff, reason="index 0 adds nothing"):
    return {name: mutate.Listing(name, diff and mutate.fingerprint(diff), reason, f"scoring.a.txt:1: {name}")}


F = "scoring.a.x_f__mutmut_"


def test_a_listed_mutant_that_a_test_killed_is_refused():
    found = mutate.check(listing(F + "1", BEFORE), {F + "1": 1, F + "2": 0}, {F + "1": BEFORE, F + "2": OTHER}.get)
    assert found.refused and found.killed == [f"scoring.a.txt:1: {F}1: killed by a test, so not equivalent"]
    killed, counted, *_ = mutate.score({F + "1": 1, F + "2": 0}, found.skip)
    assert (killed, counted) == (1, 2)  # the killed one is counted, not left out


def test_a_listing_follows_its_change_when_the_function_renumbers_its_mutants():
    # The function gained a mutant before ours: number 1 is now another change, ours is number 2.
    codes = {F + "1": 0, F + "2": 0}
    found = mutate.check(listing(F + "1", BEFORE), codes, {F + "1": OTHER, F + "2": AFTER}.get)
    assert not found.refused and found.skip == {F + "2"}
    assert found.moved == [f"scoring.a.txt:1: {F}1 is now 2"]
    # So the survivor counted is number 1 (the other change), not the listed one.
    assert mutate.score(codes, found.skip)[2] == [F + "1"]


def test_a_listing_whose_change_is_gone_is_refused_and_one_without_a_mutant_reported():
    found = mutate.check(listing(F + "1", BEFORE), {F + "1": 0}, {F + "1": OTHER}.get)
    assert found.refused and found.skip == set()
    assert "no mutant of its function makes that change" in found.gone[0]
    found = mutate.check(listing(F + "9", None), {F + "1": 0}, {}.get)
    assert found.refused and found.gone == [f"scoring.a.txt:1: {F}9: no such mutant"]
    assert found.unprinted == [f"scoring.a.txt:1: {F}9"]


def test_a_listing_by_number_and_fingerprint_that_agree_is_left_out():
    found = mutate.check(listing(F + "1", BEFORE), {F + "1": 0, F + "2": 0}, {F + "1": BEFORE, F + "2": OTHER}.get)
    assert not found.refused and found.skip == {F + "1"} and not found.moved


def test_a_listing_line_carries_its_fingerprint(tmp_path):
    (tmp_path / "scoring.a.txt").write_text(f"{F}1 @0123abcd  # reason\n")
    assert mutate.equivalents(tmp_path)[F + "1"].fingerprint == "0123abcd"
    (tmp_path / "scoring.a.txt").write_text(f"{F}1 junk  # reason\n")
    with pytest.raises(SystemExit, match="is not a mutant's name"):
        mutate.equivalents(tmp_path)


def test_the_trust_paths_configuration_is_mutmuts_and_pytests():
    import tomllib

    config = tomllib.loads(mutate.trust_config())
    assert config["tool"]["mutmut"]["only_mutate"] == list(mutate.TRUST)
    assert "director/events/locks.py" in mutate.TRUST
    assert config["tool"]["pytest"]["ini_options"]["DJANGO_SETTINGS_MODULE"] == "director.settings"


def test_the_trust_paths_runs_copy_a_saved_test_database(monkeypatch):
    """Each mutant's session copies the saved test database (tests/mutmut_testdb.py) instead of
    migrating; bytecode is kept under build/ even where PYTHONDONTWRITEBYTECODE is set."""
    import tomllib

    args = tomllib.loads(mutate.trust_config())["tool"]["mutmut"]["pytest_add_cli_args"]
    assert "tests.mutmut_testdb" in args
    monkeypatch.delenv("CALYPSO_MUTATE_TESTDB", raising=False)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    env = mutate.run_env(trust=True)
    assert env["CALYPSO_MUTATE_TESTDB"] == str(mutate.TESTDB)
    assert "PYTHONDONTWRITEBYTECODE" not in env and env["PYTHONPYCACHEPREFIX"]
    assert "CALYPSO_MUTATE_TESTDB" not in mutate.run_env(trust=False)
