"""A fresh Python for the tests that read the settings under a given environment, for a fraction
of the price of starting one.

`python -c CODE` with an environment of its own costs ≈ 1.3 s of CPU, most of it importing Django,
DRF, Celery, reportlab, matplotlib … before the code reads a single setting. Here one long-lived
"zygote" Python per pytest worker (the session fixture `fresh_python`, tests/conftest.py; started
on first use, stopped when the session ends) imports those third-party modules once, then forks a
child for each run. The child replaces os.environ wholly with the environment it is given, changes
to the folder it is given, and runs the code as `python -c` / `python -m` / `python script` would
(sys.argv, sys.path, a new __main__, exit status from SystemExit or an uncaught exception, atexit),
its stdout and stderr captured into files: the caller gets a subprocess.CompletedProcess as from
subprocess.run(..., capture_output=True).

Why the isolation holds:
- the zygote is a process of its own, started by subprocess (not a fork of the pytest worker): no
  database connection, thread or setting of the tests' is in it;
- it imports only third-party modules that do not read the settings at import (a module that does
  fails at once, as no DJANGO_SETTINGS_MODULE is set), and before it forks anything it reports
  whether the settings are configured, which project modules are loaded and how many threads run;
  the caller refuses a zygote that is not clean (tests/test_fresh_python.py proves the refusal);
- every child is forked from that clean state, so nothing a run imports or configures reaches the
  next one.
What a child shares with its zygote, unlike a fresh Python: the hash seed, and what the pre-imported
modules read from the environment at import (the pytest worker's, e.g. MPLBACKEND, RL_* or
PSYCOPG_IMPL; the variables these tests vary — CALYPSO_*, DEBUG, SECRET_KEY, ALLOWED_HOSTS, EMAIL_*,
SECURE_* — are read by director.settings alone, in the child). PYTHONPATH, PYTHONDONTWRITEBYTECODE,
PYTHONPYCACHEPREFIX, PYTHONUNBUFFERED and PYTHONIOENCODING in the given environment are honoured.

Off Linux (Windows has no fork; macOS's frameworks are not fork-safe) a run is a real subprocess, as it
is with CALYPSO_FRESH_PYTHON=subprocess.
"""

from __future__ import annotations

import atexit
import builtins
import io
import json
import locale
import os
import runpy
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Imported once by the zygote: the bulk of what django.setup(), the start-up checks and a request
# through the test client import, less everything that needs the settings (models, DRF's views and
# renderers, axes, drf-spectacular …), which the child imports after it has read its own.
PRELOAD = (
    "django.test",
    "django.db.models",
    "django.db.backends.sqlite3.base",
    "django.core.management",
    "django.core.checks",
    "django.forms",
    "django.template.defaulttags",
    "django.template.loader_tags",
    "django.contrib.staticfiles.finders",
    "django.middleware.csrf",
    "django.views.generic",
    "django.views.i18n",
    "django.shortcuts",
    "django.contrib.admin",
    "django.contrib.messages",
    "django.db.migrations",
    "django.middleware.common",
    "django.middleware.security",
    "django.middleware.clickjacking",
    "django.template.context_processors",
    "django.templatetags.l10n",
    "django.templatetags.tz",
    "rest_framework.serializers",
    "rest_framework.response",
    "rest_framework.request",
    "rest_framework.permissions",
    "rest_framework.authentication",
    "rest_framework.mixins",
    "rest_framework.negotiation",
    "rest_framework.metadata",
    "drf_spectacular.utils",
    "celery",
    "celery.app.base",
    "celery.fixups.django",
    "celery.loaders.app",
    "celery.worker",
    "celery.result",
    "kombu",
    "reportlab.platypus",
    "reportlab.pdfgen.canvas",
    "reportlab.graphics.barcode.widgets",
    "reportlab.graphics.shapes",
    "matplotlib",
    "matplotlib.figure",
    "matplotlib.backends.backend_agg",
    "numpy",
    "PIL.Image",
    "psycopg",
    "requests",
    "yaml",
    "jinja2",
    "markdown",
    "pygments",
    "whitenoise.middleware",
    "dj_database_url",
    "dj_email_url",
    "sqlparse",
    "dateutil.parser",
    "uritemplate",
    "inflection",
    "python_ipware",
    "ipware",
    "csp.middleware",
)


def project_packages() -> list[str]:
    """The checkout's own top-level packages (director, scoring, tests …): none may be in the zygote."""
    return sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file())


class ZygoteNotClean(RuntimeError):
    """The zygote read settings or loaded project code before forking: its children would not be fresh."""


def use_fork() -> bool:
    # Linux only: macOS's system frameworks are not safe to use in a child forked after they were
    # loaded (why Python's multiprocessing spawns there), and Windows has no fork.
    return sys.platform == "linux" and os.environ.get("CALYPSO_FRESH_PYTHON", "") != "subprocess"


class FreshPython:
    """One zygote, started by the first run() and stopped by close()."""

    def __init__(self, preload: tuple[str, ...] = PRELOAD, prelude: str = ""):
        self.preload = preload
        self.prelude = prelude  # code the zygote runs after its imports: for proving the refusal only
        self.ready: dict | None = None  # what the zygote reported before its first fork
        self._process: subprocess.Popen | None = None
        self._folder: str | None = None
        self._buffer = b""
        self._runs = 0

    # -- the caller's side ------------------------------------------------------------------------

    def run(
        self,
        args: list[str],
        *,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike | None = None,
        timeout: float | None = None,
        check: bool = False,
        capture_output: bool = True,
        text: bool = False,
    ) -> subprocess.CompletedProcess:
        """subprocess.run(args, capture_output=True, …) for args [sys.executable, "-c" | "-m" | script, …]."""
        if not capture_output:
            raise ValueError("a fresh Python's output is always captured: pass capture_output=True")
        if not args or args[0] != sys.executable:
            raise ValueError(f"a fresh Python runs this interpreter ({sys.executable}), not {args[:1]}")
        if len(args) < 2 or (args[1].startswith("-") and args[1] not in ("-c", "-m")):
            raise ValueError(f"a fresh Python runs code (-c), a module (-m) or a script, not {args[1:2]}")
        if not use_fork():
            return subprocess.run(args, env=env, cwd=cwd, timeout=timeout, check=check, capture_output=True, text=text)
        cwd = os.fspath(cwd) if cwd is not None else os.getcwd()
        if not os.path.isdir(cwd):
            raise FileNotFoundError(f"No such directory: {cwd!r}")  # as subprocess raises it, in the caller
        self._start()
        self._runs += 1
        out, err = (os.path.join(self._folder, f"{self._runs}.{name}") for name in ("out", "err"))
        request = {
            "argv": list(map(str, args[1:])),
            "env": dict(os.environ if env is None else env),
            "cwd": cwd,
            "out": out,
            "err": err,
        }
        self._send(request)
        child = int(self._line(None).removeprefix("started "))
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            status = self._line(deadline)
        except TimeoutError:
            os.kill(child, signal.SIGKILL)
            self._line(None)
            stdout, stderr = self._take(out, text), self._take(err, text)
            raise subprocess.TimeoutExpired(args, timeout, output=stdout, stderr=stderr) from None
        except BaseException:  # e.g. Ctrl-C: the exchange is cut in the middle, so neither is kept
            os.kill(child, signal.SIGKILL)
            self.close()
            raise
        done = subprocess.CompletedProcess(
            args, int(status.removeprefix("exited ")), self._take(out, text), self._take(err, text)
        )
        if check:
            done.check_returncode()
        return done

    def close(self) -> None:
        if self._process is not None:
            self._process.stdin.close()  # the zygote leaves when its input ends
            try:
                self._process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process.stdout.close()
            self._process = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def _start(self) -> None:
        if self._process is not None:
            return
        self._folder = tempfile.mkdtemp(prefix="fresh-python-")
        environ = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "PYTHONPATH")}
        log = os.path.join(self._folder, "zygote.log")
        with open(log, "wb") as stderr:
            self._process = subprocess.Popen(
                [sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=environ
            )
        self._send({"preload": list(self.preload), "prelude": self.prelude, "project": project_packages()})
        try:
            self.ready = json.loads(self._line(time.monotonic() + 120))
        except (TimeoutError, EOFError, ValueError):
            said = Path(log).read_text(errors="replace")
            self.close()
            raise RuntimeError(f"the zygote did not start:\n{said}") from None
        problems = []
        if self.ready["configured"]:
            problems.append("django.conf.settings were configured")
        if self.ready["project"]:
            problems.append("project modules were imported: " + ", ".join(self.ready["project"]))
        if self.ready["threads"] != 1:
            problems.append(f"{self.ready['threads']} threads ran")
        if problems:
            self.close()
            raise ZygoteNotClean("the zygote is not fresh before forking: " + "; ".join(problems))

    def _send(self, message: dict) -> None:
        self._process.stdin.write(json.dumps(message).encode() + b"\n")
        self._process.stdin.flush()

    def _line(self, deadline: float | None) -> str:
        fd = self._process.stdout.fileno()
        while b"\n" not in self._buffer:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([fd], [], [], wait)[0]:
                raise TimeoutError
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError("the zygote has gone")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    @staticmethod
    def _take(path: str, text: bool) -> str | bytes:
        with open(path, "rb") as file:
            data = file.read()
        os.unlink(path)
        if not text:
            return data
        # As subprocess.run(text=True) decodes: the locale's encoding, universal newlines.
        decoded = data.decode(locale.getpreferredencoding(False))
        return decoded.replace("\r\n", "\n").replace("\r", "\n")


# -- the zygote's side (this file run as a script) ----------------------------------------------------


def _serve() -> None:
    del sys.path[0]  # this folder (tests/): its packages must not stand in for anything imported
    base_path = list(sys.path)
    # The protocol keeps the pipes the caller gave; fd 0 and 1 are left to the children.
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb", buffering=0)
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    os.dup2(2, 1)
    config = json.loads(requests.readline())
    for name in config["preload"]:
        __import__(name)
    exec(config["prelude"], {})
    from django.conf import settings

    project = sorted(m for m in sys.modules if m.split(".")[0] in config["project"])
    ready = {"configured": settings.configured, "project": project, "threads": threading.active_count()}
    replies.write(json.dumps({**ready, "pid": os.getpid(), "modules": len(sys.modules)}).encode() + b"\n")
    streams = [(s.encoding, s.errors) for s in (sys.stdout, sys.stderr)]
    for line in requests:
        request = json.loads(line)
        child = os.fork()
        if child == 0:
            status = 1
            try:
                requests.close()
                replies.close()
                status = _child(request, base_path, streams)
            finally:
                os._exit(status)
        replies.write(f"started {child}\n".encode())
        _, status = os.waitpid(child, 0)
        replies.write(f"exited {os.waitstatus_to_exitcode(status)}\n".encode())


def _child(request: dict, base_path: list[str], streams: list[tuple[str, str]]) -> int:
    env = request["env"]
    os.chdir(request["cwd"])
    for fd, path in ((1, request["out"]), (2, request["err"])):
        opened = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(opened, fd)
        os.close(opened)
    os.environ.clear()
    os.environ.update(env)
    sys.dont_write_bytecode = bool(env.get("PYTHONDONTWRITEBYTECODE"))
    sys.pycache_prefix = env.get("PYTHONPYCACHEPREFIX") or None
    unbuffered = bool(env.get("PYTHONUNBUFFERED"))
    # PYTHONIOENCODING=encoding[:errors] sets both streams' encoding, and stdout's errors (stderr keeps its own).
    wanted, _, wanted_errors = env.get("PYTHONIOENCODING", "").partition(":")
    if wanted or wanted_errors:
        streams = [(wanted or streams[0][0], wanted_errors or streams[0][1]), (wanted or streams[1][0], streams[1][1])]
    sys.stdin = sys.__stdin__ = open(0, closefd=False)  # noqa: SIM115 - the process's own stdin, kept to its end
    for fd, (encoding, errors), name in ((1, streams[0], "stdout"), (2, streams[1], "stderr")):
        raw = io.FileIO(fd, "w", closefd=False)
        stream = io.TextIOWrapper(
            raw if unbuffered else io.BufferedWriter(raw),
            encoding=encoding,
            errors=errors,
            line_buffering=name == "stderr",
            write_through=unbuffered,
        )
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)
    argv = request["argv"]
    pythonpath = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    main = types.ModuleType("__main__")
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    try:
        if argv[0] == "-c":
            sys.argv = ["-c", *argv[2:]]
            sys.path[:] = ["", *pythonpath, *base_path]
            exec(compile(argv[1], "<string>", "exec"), main.__dict__)
        elif argv[0] == "-m":  # as `python -m`: the folder it is run from first on the path
            sys.argv = ["-m", *argv[2:]]
            sys.path[:] = [os.getcwd(), *pythonpath, *base_path]
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = list(argv)
            sys.path[:] = [os.path.dirname(os.path.realpath(argv[0])), *pythonpath, *base_path]
            runpy.run_path(argv[0], run_name="__main__")
        status = 0
    except SystemExit as exit:
        status = _exit_status(exit.code)
    except BaseException as error:  # reported as Python reports it, status 1
        theirs = _their_frames(error.__traceback__)
        sys.excepthook(type(error), error.with_traceback(theirs), theirs)
        status = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    return status


def _exit_status(code) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _their_frames(tb):
    """The traceback from the run code's first frame, as a fresh Python prints it (not this file's, nor runpy's)."""
    ours = {__file__, runpy.__file__}
    while tb is not None and tb.tb_frame.f_code.co_filename in ours:
        tb = tb.tb_next
    return tb


if __name__ == "__main__":
    _serve()
