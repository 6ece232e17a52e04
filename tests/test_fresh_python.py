"""The tests' fresh Python (tests/fresh_python.py): a run forked from the zygote reports what a real
`python -c` reports, sees only the environment it is given, and starts from a zygote that has read
no settings and loaded no project code — a zygote that has is refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fresh_python import FreshPython, ZygoteNotClean

ROOT = Path(__file__).resolve().parent.parent

PROGRAMS = [
    "import sys; print('out', sys.argv); print('err', file=sys.stderr); sys.exit(3)",
    "print('before'); 1 / 0",
    "import sys; sys.exit('a message for stderr')",
    "import sys; sys.exit(-1)",
    "import sys; sys.stdout.write('no newline'); sys.stdout.buffer.write(b'\\r\\nraw')",
    "import helper_here, os, sys; print(helper_here.VALUE, os.getcwd(), sys.path[0], os.environ['ONLY'])",
]


@pytest.mark.parametrize("code", PROGRAMS)
@pytest.mark.parametrize("text", [True, False])
def test_a_run_reports_what_a_real_python_reports(fresh_python, tmp_path, code, text):
    (tmp_path / "helper_here.py").write_text("VALUE = 42\n")
    other = tmp_path / "elsewhere"
    other.mkdir()
    env = {"PATH": os.environ["PATH"], "ONLY": "this", "PYTHONPATH": str(other)}
    args = [sys.executable, "-c", code, "extra"]
    forked = fresh_python.run(args, env=env, cwd=tmp_path, capture_output=True, text=text, timeout=60)
    real = subprocess.run(args, env=env, cwd=tmp_path, capture_output=True, text=text, timeout=60)
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
    assert forked.args == args


@pytest.mark.parametrize("encoding", ["latin-1:backslashreplace", "ascii"])
def test_the_output_is_encoded_as_pythonioencoding_asks(fresh_python, encoding):
    args = [sys.executable, "-c", "import sys; print('é€'); print('€', file=sys.stderr)"]
    env = {"PYTHONIOENCODING": encoding}
    forked = fresh_python.run(args, env=env, capture_output=True)
    real = subprocess.run(args, env=env, capture_output=True)
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)


def test_a_script_runs_as_a_real_python_runs_it(fresh_python, tmp_path):
    (tmp_path / "script.py").write_text("import sys\nprint(sys.argv, __name__)\nraise SystemExit(4)\n")
    args = [sys.executable, "script.py", "a"]
    forked = fresh_python.run(args, env={}, cwd=tmp_path, capture_output=True, text=True)
    real = subprocess.run(args, env={}, cwd=tmp_path, capture_output=True, text=True)
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)


@pytest.mark.parametrize("module", ["package_here", "package_here.tool"])
def test_a_module_runs_as_python_m_runs_it(fresh_python, tmp_path, module):
    package = tmp_path / "package_here"
    package.mkdir()
    shown = "import os, sys\nprint(sys.argv, sys.path[0] == os.getcwd(), __name__, __spec__.name, __file__)\n"
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(shown + "raise SystemExit(5)\n")
    (package / "tool.py").write_text(shown + "print(sys.modules['__main__'].__file__)\n")
    args = [sys.executable, "-m", module, "a", "--b"]
    forked = fresh_python.run(args, env={}, cwd=tmp_path, capture_output=True, text=True)
    real = subprocess.run(args, env={}, cwd=tmp_path, capture_output=True, text=True)
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
    assert "['" + str(package) in forked.stdout  # sys.argv[0]: the module's file, as Python gives it


def test_other_options_than_c_and_m_are_refused_by_name(fresh_python):
    with pytest.raises(ValueError, match=r"runs code \(-c\), a module \(-m\) or a script, not \['-X'\]"):
        fresh_python.run([sys.executable, "-X", "dev", "-c", "pass"], capture_output=True)


SEEN = """
import json, os, sys
from django.conf import settings
fresh = {"configured": settings.configured, "project": sorted(m for m in sys.modules if m.split(".")[0] == "director"),
         "preloaded": "reportlab.platypus" in sys.modules, "parent": os.getppid(), "environ": dict(os.environ)}
import django
django.setup()
print(json.dumps({**fresh, "DEBUG": settings.DEBUG, "ALLOWED_HOSTS": settings.ALLOWED_HOSTS}))
"""
DEBUG = {"DEBUG": "1"}


def test_each_run_starts_unconfigured_and_reads_the_settings_of_its_own_environment(fresh_python, tmp_path):
    base = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "director.settings"}
    base["CALYPSO_DATA_DIR"] = str(tmp_path)
    runs = {}
    for name, env in [("debug", DEBUG), ("plain", {"ALLOWED_HOSTS": "a.example.org"}), ("again", DEBUG)]:
        done = fresh_python.run([sys.executable, "-c", SEEN], env={**base, **env}, cwd=ROOT, capture_output=True)
        assert done.returncode == 0, done.stderr
        runs[name] = json.loads(done.stdout.splitlines()[-1])
    for name, env in [("debug", DEBUG), ("plain", {"ALLOWED_HOSTS": "a.example.org"})]:
        seen = runs[name]
        # Forked from the zygote (not the fallback), which had read no settings and loaded no
        # project code; the environment is exactly the one given, nothing of the pytest worker's.
        assert seen["parent"] == fresh_python.ready["pid"] != os.getpid()
        assert (seen["configured"], seen["project"], seen["preloaded"]) == (False, [], True)
        assert seen["environ"] == {**base, **env}
    assert (runs["debug"]["DEBUG"], runs["plain"]["DEBUG"], runs["again"]["DEBUG"]) == (True, False, True)
    assert runs["plain"]["ALLOWED_HOSTS"] == ["a.example.org"] != runs["debug"]["ALLOWED_HOSTS"]


THREAD = "import threading, time; threading.Thread(target=time.sleep, args=(60,), daemon=True).start()"


@pytest.mark.parametrize(
    ("preload", "prelude", "refusal"),
    [
        (("django.conf",), "from django.conf import settings; settings.configure()", "settings were configured"),
        (("django.conf",), f"import sys; sys.path.insert(0, {str(ROOT)!r}); import scoring.cards",
         "project modules were imported: scoring, scoring.cards"),
        (("django.conf",), THREAD, "2 threads ran"),
    ],
)  # fmt: skip
def test_a_zygote_that_read_settings_loaded_project_code_or_started_a_thread_is_refused(preload, prelude, refusal):
    python = FreshPython(preload=preload, prelude=prelude)
    try:
        with pytest.raises(ZygoteNotClean, match=refusal):
            python.run([sys.executable, "-c", "pass"], capture_output=True)
        assert python._process is None  # stopped, not left running
    finally:
        python.close()


def test_a_run_past_its_timeout_is_killed_and_the_next_run_is_served(fresh_python):
    with pytest.raises(subprocess.TimeoutExpired):
        fresh_python.run([sys.executable, "-c", "import time; time.sleep(60)"], capture_output=True, timeout=0.2)
    assert fresh_python.run([sys.executable, "-c", "print(1)"], capture_output=True, text=True).stdout == "1\n"


def test_the_zygote_is_stopped_when_closed():
    python = FreshPython(preload=("django.conf",))
    python.run([sys.executable, "-c", "pass"], capture_output=True)
    process = python._process
    python.close()
    assert process.poll() is not None and python._process is None


def test_check_raises_as_subprocess_does(fresh_python):
    with pytest.raises(subprocess.CalledProcessError) as failed:
        fresh_python.run([sys.executable, "-c", "import sys; sys.exit(2)"], capture_output=True, check=True)
    assert failed.value.returncode == 2


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_off_linux_a_run_is_a_real_subprocess(monkeypatch, platform):
    monkeypatch.setattr(sys, "platform", platform)
    python = FreshPython()
    done = python.run([sys.executable, "-c", "import os; print(os.getppid())"], capture_output=True, text=True)
    assert int(done.stdout) == os.getpid() and python._process is None
