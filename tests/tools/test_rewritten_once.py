"""tests/rewritten_once.py: the test modules' asserts rewritten once before `make test`'s workers
start, as pytest itself would, so that a worker takes the copy instead of rewriting it."""

from __future__ import annotations

from _pytest.assertion import rewrite

from tests import rewritten_once, suite

SAMPLE = "def test_sums():\n    total = 1 + 1\n    assert total == 2, total\n"


def _project(tmp_path, options: str = ""):
    (tmp_path / "pyproject.toml").write_text(f"[tool.pytest.ini_options]\n{options}")
    (tmp_path / "tests").mkdir()
    module = tmp_path / "tests" / "test_sample.py"
    module.write_text(SAMPLE)
    return module, module.parent / "__pycache__" / ("test_sample" + rewrite.PYC_TAIL)


def test_a_missing_or_stale_copy_is_rewritten_once_and_pytest_takes_it(tmp_path, pytestconfig):
    module, pyc = _project(tmp_path)
    assert rewritten_once.rewrite_missing([module], root=tmp_path) == 1
    taken = rewrite._read_pyc(module, pyc)  # what a worker's import does before rewriting
    assert taken is not None and taken == rewrite._rewrite_test(module, pytestconfig)[1]
    assert rewritten_once.rewrite_missing([module], root=tmp_path) == 0  # up to date: left alone
    module.write_text(SAMPLE.replace("1 + 1", "2 + 0"))
    assert rewrite._read_pyc(module, pyc) is None  # pytest would not take the old one
    assert rewritten_once.rewrite_missing([module], root=tmp_path) == 1
    assert rewrite._read_pyc(module, pyc) == rewrite._rewrite_test(module, pytestconfig)[1]


def test_a_project_with_the_assertion_pass_hook_is_left_to_pytest(tmp_path):
    module, pyc = _project(tmp_path, "enable_assertion_pass_hook = true\n")
    assert "enable_assertion_pass_hook" in rewritten_once.rewrite_missing([module], root=tmp_path)
    assert not pyc.exists()


def test_the_modules_are_those_pytest_rewrites_in_make_test():
    found = rewritten_once.test_modules(plugins=[suite.SAVED_TESTDB])
    modules = {path.relative_to(rewritten_once.ROOT).as_posix() for path in found}
    assert {"tests/conftest.py", "tests/browser/conftest.py", "tests/browser/test_axe.py"} <= modules
    assert "tests/saved_testdb.py" in modules  # make test's -p plugin
    assert "tests/browser/axe_world.py" not in modules and "tests/suite.py" not in modules  # imported plainly


def test_a_module_that_does_not_compile_is_left_for_pytest_to_report(tmp_path):
    module, pyc = _project(tmp_path)
    broken = module.with_name("test_broken.py")
    broken.write_text("def test_x(:\n    assert True\n")
    assert rewritten_once.rewrite_missing([broken, module], root=tmp_path) == 1  # the good one still
    assert pyc.exists() and not list(pyc.parent.glob("test_broken*"))
