"""Nothing in the installed packages (director/, scoring/: every module `calypso-director run`
imports, and the rest) calls what Windows lacks, read with ``ast`` (nothing is imported): fork and
the process-group calls, the signals Windows does not have, POSIX-only modules, absolute POSIX
paths, and paths joined with a hard-coded "/". Also: nothing reads the checkout or the current
directory at run time."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

POSIX_OS_CALLS = {
    "fork", "forkpty", "setsid", "setpgrp", "setpgid", "getpgid", "killpg", "getuid", "geteuid", "getgid",
    "setuid", "setgid", "chown", "lchown", "nice", "wait3", "wait4", "mkfifo", "sync", "getloadavg",
}  # fmt: skip
POSIX_SIGNALS = {
    "SIGKILL", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGCHLD", "SIGPIPE", "SIGSTOP", "SIGCONT",
    "SIGTSTP", "SIGWINCH", "alarm", "pause", "setitimer", "siginterrupt",
}  # fmt: skip
POSIX_MODULES = {"pwd", "grp", "fcntl", "termios", "tty", "pty", "resource", "syslog", "posix"}
POSIX_ROOTS = ("/tmp", "/var/", "/dev/", "/etc/", "/usr/", "/home/", "/proc/", "/run/")
POPEN_POSIX_ONLY = {"preexec_fn", "start_new_session", "process_group", "pass_fds"}
CHECKOUT_READS = {"getcwd", "cwd", "getcwdb"}


def modules() -> list[Path]:
    return sorted(p for top in ("director", "scoring") for p in (ROOT / top).rglob("*.py"))


def problems(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner, name = node.value.id, node.attr
            if owner == "os" and name in POSIX_OS_CALLS:
                found.append(f"os.{name}")
            if owner == "signal" and name in POSIX_SIGNALS:
                found.append(f"signal.{name}")
            if owner in ("os", "Path", "pathlib") and name in CHECKOUT_READS:
                found.append(f"{owner}.{name}: reads the current directory")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"import {n}" for n in names if n.split(".")[0] in POSIX_MODULES]
            if isinstance(node, ast.ImportFrom) and node.module in ("os", "signal"):
                banned = POSIX_OS_CALLS if node.module == "os" else POSIX_SIGNALS
                found += [f"from {node.module} import {a.name}" for a in node.names if a.name in banned]
        elif isinstance(node, ast.keyword) and node.arg in POPEN_POSIX_ONLY:
            found.append(f"{node.arg}= (POSIX-only process option)")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(POSIX_ROOTS):
            found.append(f"a POSIX path {node.value!r}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            sides = (node.left, node.right)
            if any(isinstance(s, ast.Constant) and s.value in ("/", "\\") for s in sides):
                found.append('a path joined with "/" (use pathlib or os.path.join)')
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
            owner = node.func.value
            if isinstance(owner, ast.Constant) and owner.value in ("/", "\\") and _looks_like_paths(node):
                found.append('a path joined with "/".join (use pathlib)')
    return found


def _looks_like_paths(call: ast.Call) -> bool:
    text = ast.unparse(call).lower()
    return any(word in text for word in ("path", "dir", "folder", "file"))


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_posix_only_call_in_the_package(path):
    assert problems(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source,found",
    [
        ("import os\nos.fork()", "os.fork"),
        ("import os\nos.setsid()", "os.setsid"),
        ("import os, signal\nos.kill(1, signal.SIGKILL)", "signal.SIGKILL"),
        ("import signal\nsignal.signal(signal.SIGHUP, print)", "signal.SIGHUP"),
        ("from signal import SIGUSR1", "from signal import SIGUSR1"),
        ("import fcntl", "import fcntl"),
        ("subprocess.Popen(['x'], start_new_session=True)", "start_new_session= (POSIX-only process option)"),
        ("open('/tmp/calypso.log')", "a POSIX path '/tmp/calypso.log'"),
        ("folder + '/' + name", 'a path joined with "/" (use pathlib or os.path.join)'),
        ("os.getcwd()", "os.getcwd: reads the current directory"),
        ("Path.cwd() / 'var'", "Path.cwd: reads the current directory"),
    ],
)
def test_the_reader_finds_them(source, found):
    assert found in problems(source)


@pytest.mark.parametrize(
    "source",
    [
        "import signal\nsignal.signal(signal.SIGTERM, print)",  # Windows has SIGTERM and SIGINT
        "url = f'http://{host}:{port}/'",
        "'/'.join(['a', 'b'])",  # not paths: URL segments and the like
        "path = Path(folder) / 'media'",
    ],
)
def test_the_reader_leaves_portable_code_alone(source):
    assert problems(source) == []
